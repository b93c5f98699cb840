//! Interpreter throughput: a 1M-iteration scalar loop and a 64x64x64 matmul over
//! dynamic memrefs. Run with `cargo run --release -p interp --example bench`.
//! Prints executed instructions ("simple ops") per second for each.

use converter::ir::{Func, Module, OpKind, Type};
use converter::value::RtValue;
use interp::{Options, Program};
use std::time::Instant;

/// `@loop(%n: i64) -> i64`: sum of i*i for i < n (6 instructions per iteration).
fn scalar_loop() -> Func {
    let i64t = Type::i64();
    let mut f = Func::new_std("loop", vec![i64t.clone()], vec![i64t.clone()]);
    let body = f.body.as_mut().unwrap();
    let entry = body.entry().unwrap();
    let n = body.block_args(entry)[0];
    let head = body.add_block(&[i64t.clone(), i64t.clone()]);
    let bb = body.add_block(&[]);
    let exit = body.add_block(&[]);
    let (c0, c1) = {
        let mut b = body.builder(entry);
        let c0 = b.const_int(0, i64t.clone());
        let c1 = b.const_int(1, i64t.clone());
        b.br(head, vec![c0, c0]);
        (c0, c1)
    };
    let _ = c0;
    let (i, acc) = (body.block_args(head)[0], body.block_args(head)[1]);
    {
        let mut b = body.builder(head);
        let c = b.cmpi("slt", i, n);
        b.cond_br(c, bb, vec![], exit, vec![]);
    }
    {
        let mut b = body.builder(bb);
        let x = b.binary(OpKind::MulI, i, i);
        let acc2 = b.binary(OpKind::AddI, acc, x);
        let i2 = b.binary(OpKind::AddI, i, c1);
        b.br(head, vec![i2, acc2]);
    }
    body.builder(exit).ret(vec![acc]);
    f
}

/// `@matmul(%a, %b, %c: memref<?x?xf32>)`: c[i][j] += a[i][k] * b[k][j].
fn matmul() -> Func {
    let mt = Type::memref(vec![None, None], Type::F32);
    let idx = Type::Index;
    let mut f = Func::new_std("matmul", vec![mt.clone(), mt.clone(), mt.clone()], vec![]);
    let body = f.body.as_mut().unwrap();
    let entry = body.entry().unwrap();
    let (a, bm, c) = {
        let args = body.block_args(entry);
        (args[0], args[1], args[2])
    };
    let hi = body.add_block(&[idx.clone()]);
    let hj = body.add_block(&[idx.clone()]);
    let hk = body.add_block(&[idx.clone()]);
    let bk = body.add_block(&[]);
    let nj = body.add_block(&[]);
    let ni = body.add_block(&[]);
    let exit = body.add_block(&[]);
    let (c0, c1, n, m, p) = {
        let mut b = body.builder(entry);
        let c0 = b.const_index(0);
        let c1 = b.const_index(1);
        let n = b.push1(
            converter::ir::NewOp::new(OpKind::Dim)
                .operands([a])
                .attr("index", converter::ir::Attribute::index(0))
                .result(idx.clone()),
        );
        let m = b.push1(
            converter::ir::NewOp::new(OpKind::Dim)
                .operands([bm])
                .attr("index", converter::ir::Attribute::index(1))
                .result(idx.clone()),
        );
        let p = b.push1(
            converter::ir::NewOp::new(OpKind::Dim)
                .operands([a])
                .attr("index", converter::ir::Attribute::index(1))
                .result(idx.clone()),
        );
        b.br(hi, vec![c0]);
        (c0, c1, n, m, p)
    };
    let i = body.block_args(hi)[0];
    let j = body.block_args(hj)[0];
    let k = body.block_args(hk)[0];
    {
        let mut b = body.builder(hi);
        let t = b.cmpi("slt", i, n);
        b.cond_br(t, hj, vec![c0], exit, vec![]);
    }
    {
        let mut b = body.builder(hj);
        let t = b.cmpi("slt", j, m);
        b.cond_br(t, hk, vec![c0], ni, vec![]);
    }
    {
        let mut b = body.builder(hk);
        let t = b.cmpi("slt", k, p);
        b.cond_br(t, bk, vec![], nj, vec![]);
    }
    {
        let mut b = body.builder(bk);
        let x = b.load(a, &[i, k]);
        let y = b.load(bm, &[k, j]);
        let z = b.load(c, &[i, j]);
        let xy = b.binary(OpKind::MulF, x, y);
        let s = b.binary(OpKind::AddF, z, xy);
        b.store(s, c, &[i, j]);
        let k2 = b.binary(OpKind::AddI, k, c1);
        b.br(hk, vec![k2]);
    }
    {
        let mut b = body.builder(nj);
        let j2 = b.binary(OpKind::AddI, j, c1);
        b.br(hj, vec![j2]);
    }
    {
        let mut b = body.builder(ni);
        let i2 = b.binary(OpKind::AddI, i, c1);
        b.br(hi, vec![i2]);
    }
    body.builder(exit).ret(vec![]);
    f
}

fn report(name: &str, steps: u64, secs: f64) {
    println!(
        "{name}: {steps} ops in {:.3} s = {:.1} million ops/s",
        secs,
        steps as f64 / secs / 1e6
    );
}

fn main() {
    let mut m = Module::new("bench");
    m.funcs.push(scalar_loop());
    m.funcs.push(matmul());
    let opts = Options {
        fuel: u64::MAX,
        ..Options::default()
    };
    let prog = Program::compile(&m, 64);

    let n: u64 = 1_000_000;
    let mut steps = 0;
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let (r, st) =
            prog.run_counted("loop", &[RtValue::Int(n as i128)], &opts, &mut interp::NoExternals);
        steps = st;
        r.unwrap();
        best = best.min(t.elapsed().as_secs_f64());
    }
    report("scalar loop (1M iterations)", steps, best);

    let s: u64 = 64;
    let mk = |v: f32| RtValue::MemRef {
        shape: vec![s, s],
        elems: (0..s * s).map(|i| RtValue::Float((v * (i % 7) as f32).to_bits() as u64)).collect(),
    };
    let args = [mk(1.0), mk(0.5), mk(0.0)];
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let (r, st) = prog.run_counted("matmul", &args, &opts, &mut interp::NoExternals);
        steps = st;
        r.unwrap();
        best = best.min(t.elapsed().as_secs_f64());
    }
    report("matmul 64x64x64 (dynamic memrefs)", steps, best);
}
