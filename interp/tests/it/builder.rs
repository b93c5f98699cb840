//! Behaviour tests on modules built with the IR builders (no parser needed): control
//! flow, calls, memory lifetime rules, traps and their messages.

use converter::ir::{Attribute, Func, Module, NewOp, OpKind, Type};
use converter::value::RtValue;
use converter::Loc;
use interp::{run, Externals, NoExternals, Options, Trap};

fn i64t() -> Type {
    Type::i64()
}

fn module(funcs: Vec<Func>) -> Module {
    let mut m = Module::new("t.mlir");
    m.funcs = funcs;
    m
}

fn run_main(m: &Module, args: &[RtValue]) -> Result<Vec<RtValue>, Trap> {
    run(m, "main", args, &Options::default(), &mut NoExternals)
}

fn ub_rule(r: Result<Vec<RtValue>, Trap>) -> (&'static str, String) {
    match r {
        Err(Trap::Ub { rule, message, .. }) => (rule, message),
        other => panic!("expected UB, got {other:?}"),
    }
}

/// `@pick(%c: i1, %a, %b) { cond_br %c, ^bb1(%a), ^bb1(%b) ^bb1(%x): return %x }`
#[test]
fn repeated_successor_takes_the_chosen_operands() {
    let mut f = Func::new_std("main", vec![Type::i1(), i64t(), i64t()], vec![i64t()]);
    let body = f.body.as_mut().unwrap();
    let e = body.entry().unwrap();
    let args = body.block_args(e).to_vec();
    let bb1 = body.add_block(&[i64t()]);
    body.builder(e)
        .cond_br(args[0], bb1, vec![args[1]], bb1, vec![args[2]]);
    let x = body.block_args(bb1)[0];
    body.builder(bb1).ret(vec![x]);
    let m = module(vec![f]);
    for (c, want) in [(-1, 3), (0, 4)] {
        let r = run_main(&m, &[RtValue::Int(c), RtValue::Int(3), RtValue::Int(4)]).unwrap();
        assert_eq!(r, vec![RtValue::Int(want)]);
    }
}

/// Block arguments are assigned in parallel: `br ^h(%b, %a)` swaps.
#[test]
fn branch_arguments_move_in_parallel() {
    let mut f = Func::new_std("main", vec![], vec![i64t(), i64t()]);
    let body = f.body.as_mut().unwrap();
    let e = body.entry().unwrap();
    let h = body.add_block(&[i64t(), i64t(), i64t()]);
    let step = body.add_block(&[]);
    let exit = body.add_block(&[]);
    let (c0, c1, c3) = {
        let mut b = body.builder(e);
        let c0 = b.const_int(0, i64t());
        let c1 = b.const_int(1, i64t());
        let c3 = b.const_int(3, i64t());
        let c2 = b.const_int(2, i64t());
        b.br(h, vec![c1, c2, c0]);
        (c0, c1, c3)
    };
    let _ = c0;
    let a = body.block_args(h).to_vec();
    {
        let mut b = body.builder(h);
        let done = b.cmpi("eq", a[2], c3);
        b.cond_br(done, exit, vec![], step, vec![]);
    }
    {
        let mut b = body.builder(step);
        let n = b.binary(OpKind::AddI, a[2], c1);
        b.br(h, vec![a[1], a[0], n]);
    }
    body.builder(exit).ret(vec![a[0], a[1]]);
    let r = run_main(&module(vec![f]), &[]).unwrap();
    // Three swaps of (1, 2).
    assert_eq!(r, vec![RtValue::Int(2), RtValue::Int(1)]);
}

fn recursive(name: &str) -> Func {
    // @f(%n) -> i64 { %c = cmpi eq %n, 0; cond_br %c, ^z, ^r  ^z: return 0  ^r: return f(n-1) + 1 }
    let mut f = Func::new_std(name, vec![i64t()], vec![i64t()]);
    let body = f.body.as_mut().unwrap();
    let e = body.entry().unwrap();
    let n = body.block_args(e)[0];
    let z = body.add_block(&[]);
    let rb = body.add_block(&[]);
    let (c0, c1) = {
        let mut b = body.builder(e);
        let c0 = b.const_int(0, i64t());
        let c1 = b.const_int(1, i64t());
        let c = b.cmpi("eq", n, c0);
        b.cond_br(c, z, vec![], rb, vec![]);
        (c0, c1)
    };
    body.builder(z).ret(vec![c0]);
    let mut b = body.builder(rb);
    let m1 = b.binary(OpKind::SubI, n, c1);
    let call = b.call(name, vec![m1], vec![i64t()]);
    let r = b.body.op(call).results[0];
    let s = b.binary(OpKind::AddI, r, c1);
    b.ret(vec![s]);
    f
}

#[test]
fn recursion_and_the_call_depth_limit() {
    let m = module(vec![recursive("main")]);
    assert_eq!(
        run_main(&m, &[RtValue::Int(500)]).unwrap(),
        vec![RtValue::Int(500)]
    );
    // Deep recursion is a trap, never a Rust stack overflow.
    let shallow = Options {
        max_call_depth: 1000,
        ..Options::default()
    };
    match run(
        &m,
        "main",
        &[RtValue::Int(100_000)],
        &shallow,
        &mut NoExternals,
    ) {
        Err(Trap::CallDepth { depth, .. }) => assert_eq!(depth, 1001),
        other => panic!("{other:?}"),
    }
    // The default limit lets recursion as deep as native code takes run (a
    // conformance program recursing 100 001 calls deep ran natively but not here).
    let opts = Options {
        fuel: 100_000_000,
        ..Options::default()
    };
    let r = run(
        &m,
        "main",
        &[RtValue::Int(100_000)],
        &opts,
        &mut NoExternals,
    )
    .unwrap();
    assert_eq!(r, vec![RtValue::Int(100_000)]);
}

#[test]
fn fuel_bounds_non_termination() {
    let mut f = Func::new_std("main", vec![], vec![]);
    let body = f.body.as_mut().unwrap();
    let e = body.entry().unwrap();
    let l = body.add_block(&[]);
    body.builder(e).br(l, vec![]);
    body.builder(l).br(l, vec![]);
    assert_eq!(run_main(&module(vec![f]), &[]), Err(Trap::OutOfFuel));
}

struct Twice;
impl Externals for Twice {
    fn call(&mut self, name: &str, args: &[RtValue]) -> Option<Result<Vec<RtValue>, String>> {
        match (name, args) {
            ("twice", [RtValue::Int(x)]) => Some(Ok(vec![RtValue::Int(2 * x)])),
            _ => None,
        }
    }
}

#[test]
fn external_functions() {
    let decl = Func::new_std_decl("twice", vec![i64t()], vec![i64t()]);
    let decl2 = Func::new_std_decl("foo", vec![], vec![]);
    let mut f = Func::new_std("main", vec![i64t()], vec![i64t()]);
    let body = f.body.as_mut().unwrap();
    let e = body.entry().unwrap();
    let x = body.block_args(e)[0];
    let mut b = body.builder(e);
    let c = b.call("twice", vec![x], vec![i64t()]);
    let r = b.body.op(c).results[0];
    b.ret(vec![r]);
    let m = module(vec![decl, decl2.clone(), f]);
    let r = run(
        &m,
        "main",
        &[RtValue::Int(21)],
        &Options::default(),
        &mut Twice,
    )
    .unwrap();
    assert_eq!(r, vec![RtValue::Int(42)]);
    match run_main(&m, &[RtValue::Int(21)]) {
        Err(Trap::Error { message, .. }) => assert_eq!(
            message,
            "call to external function '@twice' that has no implementation"
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn unregistered_ops_are_errors_only_when_reached() {
    let mut f = Func::new_std("main", vec![i64t()], vec![]);
    let body = f.body.as_mut().unwrap();
    let e = body.entry().unwrap();
    let x = body.block_args(e)[0];
    let mut b = body.builder(e);
    b.push(NewOp::unregistered("use").operands([x]).loc(Loc::new(3, 5)));
    b.ret(vec![]);
    match run_main(&module(vec![f]), &[RtValue::Int(1)]) {
        Err(t @ Trap::Error { .. }) => assert_eq!(
            t.render("x.mlir"),
            "x.mlir:3:5: error: cannot interpret unregistered op 'use'"
        ),
        other => panic!("{other:?}"),
    }
}

fn alloc(
    b: &mut converter::ir::Builder,
    kind: OpKind,
    ty: Type,
    dyns: Vec<converter::ir::ValueId>,
) -> converter::ir::ValueId {
    b.push1(NewOp::new(kind).operands(dyns).result(ty))
}

#[test]
fn memory_rules() {
    let mt = Type::memref(vec![Some(4)], i64t());
    // Each case: which misuse to build.
    for case in 0..6 {
        let mut f = Func::new_std("main", vec![], vec![i64t()]);
        let body = f.body.as_mut().unwrap();
        let e = body.entry().unwrap();
        let mut b = body.builder(e);
        b.at(Loc::new(10, 3));
        let kind = if case == 4 {
            OpKind::Alloca
        } else {
            OpKind::Alloc
        };
        let m = alloc(&mut b, kind, mt.clone(), vec![]);
        let i = b.const_index(if case == 0 { 4 } else { 1 });
        let v = b.const_int(7, i64t());
        if case != 2 {
            b.store(v, m, &[i]);
        }
        if case == 1 || case == 3 || case == 4 {
            b.push(NewOp::new(OpKind::Dealloc).operands([m]));
        }
        if case == 3 {
            b.push(NewOp::new(OpKind::Dealloc).operands([m]));
        }
        let x = b.load(m, &[i]);
        b.ret(vec![x]);
        let r = run_main(&module(vec![f]), &[]);
        if case == 5 {
            assert_eq!(r.unwrap(), vec![RtValue::Int(7)]);
            continue;
        }
        let (rule, msg) = ub_rule(r);
        match case {
            0 => assert_eq!(
                (rule, msg.as_str()),
                (
                    "out of bounds",
                    "out-of-bounds store: index 4 of dimension 0 with size 4"
                )
            ),
            1 => assert_eq!(rule, "use after free", "{msg}"),
            2 => assert_eq!(rule, "uninitialized read", "{msg}"),
            3 => assert_eq!(rule, "double free", "{msg}"),
            _ => assert_eq!(rule, "invalid free", "{msg}"),
        }
    }
}

#[test]
fn alloca_is_released_at_return_and_results_read_back() {
    let mt = Type::memref(vec![Some(2)], i64t());
    for kind in [OpKind::Alloca, OpKind::Alloc] {
        let mut f = Func::new_std("main", vec![], vec![mt.clone()]);
        let body = f.body.as_mut().unwrap();
        let e = body.entry().unwrap();
        let mut b = body.builder(e);
        let m = alloc(&mut b, kind, mt.clone(), vec![]);
        for k in 0..2 {
            let i = b.const_index(k);
            let v = b.const_int(k as i128 + 5, i64t());
            b.store(v, m, &[i]);
        }
        b.ret(vec![m]);
        let r = run_main(&module(vec![f]), &[]);
        if kind == OpKind::Alloca {
            let (rule, msg) = ub_rule(r);
            assert_eq!(rule, "use after return");
            assert!(msg.contains("after the function returned"), "{msg}");
        } else {
            assert_eq!(
                r.unwrap(),
                vec![RtValue::MemRef {
                    shape: vec![2],
                    elems: vec![RtValue::Int(5), RtValue::Int(6)]
                }]
            );
        }
    }
}

#[test]
fn memref_cast_checks_static_facts() {
    let dynt = Type::memref(vec![None], Type::F32);
    let unr = Type::unranked_memref(Type::F32);
    // The argument has 5 elements; casting to memref<4xf32> is UB.
    for (target, want) in [
        (
            Type::memref(vec![Some(4)], Type::F32),
            Some("memref_cast to memref<4xf32> of a memref whose dimension 0 has size 5"),
        ),
        (Type::memref(vec![Some(5)], Type::F32), None),
        (
            Type::memref(vec![None, None], Type::F32),
            Some("(rank 2) of a memref of rank 1"),
        ),
    ] {
        let mut f = Func::new_std("main", vec![dynt.clone()], vec![Type::Index]);
        let body = f.body.as_mut().unwrap();
        let e = body.entry().unwrap();
        let a = body.block_args(e)[0];
        let mut b = body.builder(e);
        let u = b.unary(OpKind::MemRefCast, a, unr.clone());
        let c = b.unary(OpKind::MemRefCast, u, target.clone());
        let r = b.push1(NewOp::new(OpKind::Rank).operands([c]).result(Type::Index));
        b.ret(vec![r]);
        let arg = RtValue::MemRef {
            shape: vec![5],
            elems: vec![RtValue::Float(0); 5],
        };
        let r = run_main(&module(vec![f]), &[arg]);
        match want {
            None => assert_eq!(r.unwrap(), vec![RtValue::Int(1)]),
            Some(text) => {
                let (rule, msg) = ub_rule(r);
                assert_eq!(rule, "invalid memref_cast");
                assert!(msg.contains(text), "{msg}");
            }
        }
    }
}

#[test]
fn index_is_32_bits_when_asked() {
    let mut f = Func::new_std("main", vec![], vec![Type::Index]);
    let body = f.body.as_mut().unwrap();
    let e = body.entry().unwrap();
    let mut b = body.builder(e);
    let x = b.const_index(i32::MAX as i64);
    let one = b.const_index(1);
    let s = b.binary(OpKind::AddI, x, one);
    b.ret(vec![s]);
    let m = module(vec![f]);
    let opts = Options {
        index_bitwidth: 32,
        ..Options::default()
    };
    assert_eq!(
        run(&m, "main", &[], &opts, &mut NoExternals).unwrap(),
        vec![RtValue::Int(i32::MIN as i128)]
    );
    assert_eq!(run_main(&m, &[]).unwrap(), vec![RtValue::Int(1 << 31)]);
}

#[test]
fn call_indirect_and_function_results() {
    let sq = {
        let mut f = Func::new_std("sq", vec![i64t()], vec![i64t()]);
        let body = f.body.as_mut().unwrap();
        let e = body.entry().unwrap();
        let x = body.block_args(e)[0];
        let mut b = body.builder(e);
        let y = b.binary(OpKind::MulI, x, x);
        b.ret(vec![y]);
        f
    };
    let fty = Type::function(vec![i64t()], vec![i64t()]);
    let mut f = Func::new_std("main", vec![i64t()], vec![i64t(), fty.clone()]);
    let body = f.body.as_mut().unwrap();
    let e = body.entry().unwrap();
    let x = body.block_args(e)[0];
    let mut b = body.builder(e);
    let fr = b.push1(
        NewOp::new(OpKind::Constant)
            .attr("value", Attribute::SymbolRef("sq".into()))
            .result(fty.clone()),
    );
    let mut ops = vec![fr];
    ops.push(x);
    let r = b.push1(
        NewOp::new(OpKind::CallIndirect)
            .operands(ops)
            .result(i64t()),
    );
    b.ret(vec![r, fr]);
    let m = module(vec![sq, f]);
    assert_eq!(
        run_main(&m, &[RtValue::Int(9)]).unwrap(),
        vec![RtValue::Int(81), RtValue::Func("sq".into())]
    );
}

#[test]
fn trap_renders_file_line_col() {
    let t = Trap::Ub {
        loc: Loc::new(12, 8),
        rule: "out of bounds",
        message: "out-of-bounds load: index 4 of dimension 0 with size 4".into(),
    };
    assert_eq!(
        t.render("corpus/x.mlir"),
        "corpus/x.mlir:12:8: undefined behaviour: out of bounds: out-of-bounds load: index 4 of dimension 0 with size 4"
    );
}
