//! Translation never panics (nor trips an LLVM assertion) on malformed lowered IR:
//! lowered conformance modules are mutated at random and translated; every outcome
//! must be `Ok` or `Err`.

use crate::conformance_data as conformance;
use conformance::conformance_dir;
use converter::ir::{Attribute, Module, Type, ValueId};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn type_pool() -> Vec<Type> {
    vec![
        Type::i1(),
        Type::i8(),
        Type::Int(17),
        Type::i32(),
        Type::i64(),
        Type::Int(128),
        Type::F16,
        Type::F32,
        Type::F64,
        Type::vector(vec![4], Type::i32()),
        Type::vector(vec![2], Type::F32),
        Type::llvm_ptr(Type::i8()),
        Type::llvm_struct(vec![Type::i64(), Type::llvm_ptr(Type::F32)]),
        Type::llvm_array(3, Type::i64()),
    ]
}

fn mutate(m: &mut Module, rng: &mut Rng) {
    let with_body: Vec<usize> = (0..m.funcs.len())
        .filter(|&i| m.funcs[i].body.is_some())
        .collect();
    if with_body.is_empty() {
        return;
    }
    let fi = with_body[rng.below(with_body.len())];
    let body = m.funcs[fi].body.as_mut().unwrap();
    let ops: Vec<_> = body.walk_ops().collect();
    if ops.is_empty() {
        return;
    }
    let op = ops[rng.below(ops.len())];
    let nvals = body.values.len();
    let pool = type_pool();
    match rng.below(7) {
        0 => {
            let d = body.op_mut(op);
            if !d.operands.is_empty() {
                let k = rng.below(d.operands.len());
                d.operands[k] = ValueId(rng.below(nvals) as u32);
            }
        }
        1 => {
            let rs = body.op(op).results.clone();
            if let Some(&r) = rs.first() {
                body.values[r.index()].ty = pool[rng.below(pool.len())].clone();
            }
        }
        2 => body.remove_op(op),
        3 => {
            let d = body.op_mut(op);
            for name in ["position", "indices", "mask"] {
                if d.attr(name).is_some() {
                    let n = 1 + rng.below(3);
                    let v = (0..n)
                        .map(|_| Attribute::int(rng.below(9) as i128 - 2, Type::i64()))
                        .collect();
                    d.set_attr(name, Attribute::Array(v));
                }
            }
            if d.attr("predicate").is_some() {
                let p = ["eq", "ult", "oeq", "uno", "bogus", "_true"][rng.below(6)];
                d.set_attr("predicate", Attribute::Str(p.into()));
            }
            if d.attr("elem_type").is_some() {
                d.set_attr(
                    "elem_type",
                    Attribute::Type(pool[rng.below(pool.len())].clone()),
                );
            }
            if d.attr("value").is_some() && rng.below(2) == 0 {
                d.set_attr("value", Attribute::int(rng.next() as i128, Type::i64()));
            }
        }
        4 => {
            let d = body.op_mut(op);
            if let Some(s) = d.successors.first_mut() {
                if !s.args.is_empty() && rng.below(2) == 0 {
                    s.args.pop();
                } else {
                    s.args.push(ValueId(rng.below(nvals) as u32));
                }
            }
        }
        5 => {
            let d = body.op_mut(op);
            d.operands.push(ValueId(rng.below(nvals) as u32));
        }
        _ => {
            let d = body.op_mut(op);
            d.operands.pop();
        }
    }
}

#[test]
fn mutated_lowered_modules_never_panic() {
    let Some(rd) = conformance_dir().and_then(|d| std::fs::read_dir(d).ok()) else {
        eprintln!("no conformance directory; skipping");
        return;
    };
    let mut lowered = Vec::new();
    for e in rd.flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "mlir") {
            let src = std::fs::read(&p).unwrap();
            let m = converter::syntax::parse_module("c.mlir", &src).unwrap();
            let l = converter::lower::lower_module(&m, &Default::default()).unwrap();
            lowered.push(l);
        }
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut ok, mut errs) = (0, 0);
    for round in 0..5000 {
        let mut m = lowered[round % lowered.len()].clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut m, &mut rng);
        }
        let r = std::panic::catch_unwind(|| jit::translate_to_ir_string(&m));
        match r {
            Ok(Ok(_)) => ok += 1,
            Ok(Err(_)) => errs += 1,
            Err(_) => panic!("translation panicked on round {round}"),
        }
    }
    eprintln!("{ok} mutants translated, {errs} rejected");
    assert!(errs > 0);
}
