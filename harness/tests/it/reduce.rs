//! The reducer on big generated modules with synthetic interestingness predicates:
//! the result must still be interesting, verify, and be down to a few ops.

use converter::ir::{Module, OpKind, Type};
use converter::syntax::{parse_module, print_module};
use harness::reduce::{count_ops, reduce_with, reduced_file_test, ReduceConfig};
use std::time::Duration;

use crate::common;
use common::TempDir;

fn ops(m: &Module) -> impl Iterator<Item = (&converter::ir::Body, converter::ir::OpId)> {
    m.funcs
        .iter()
        .filter_map(|f| f.body.as_ref())
        .flat_map(|b| b.walk_ops().map(move |op| (b, op)))
}

/// Finds the first seed (below 200) whose generated module satisfies `p`. Without C
/// interfaces: their harness entries (functions only the harness calls) add nothing
/// to what these tests reduce.
fn module_with(p: &dyn Fn(&Module) -> bool) -> Module {
    let mut cfg = generator::GenConfig::default();
    cfg.enabled.remove(&generator::Family::EmitCInterface);
    for seed in 0..200 {
        let m = generator::generate_from_seed(seed, &cfg);
        if p(&m) {
            return m;
        }
    }
    panic!("no seed below 200 gives a module with the property");
}

/// Reduces `m` under `p` and checks the result. `max_ops` is the bound for the function
/// holding the property; each other surviving function may keep one op (its `return`).
fn check_reduced(m: &Module, p: &dyn Fn(&Module) -> bool, max_ops: usize) {
    let cfg = ReduceConfig {
        limit: Duration::from_secs(240),
        ..ReduceConfig::default()
    };
    let r = reduce_with(m, "main", p, &cfg);
    let text = print_module(&r.module, &Default::default());
    eprintln!(
        "{} -> {} ops, {} tried, {} invalid, {} kept, original: {:?}\n{text}",
        r.ops_before, r.ops_after, r.tried, r.invalid, r.accepted, r.original_outcome
    );
    assert!(!r.original_uninteresting);
    assert!(p(&r.module));
    converter::verify::verify_module(&r.module).expect("the reduced module verifies");
    assert_eq!(count_ops(&r.module), r.ops_after);
    let bound = max_ops + r.module.funcs.len() - 1;
    assert!(
        r.ops_after <= bound,
        "{} ops left (bound {bound}):\n{text}",
        r.ops_after
    );
    assert!(r.ops_before > r.ops_after);
    // The file test parses back.
    let ft = reduced_file_test(&r.module, "main", "reduced", &Default::default());
    let back = parse_module("t.mlir", ft.as_bytes()).expect("the file test parses");
    converter::verify::verify_module(&back).expect("the file test verifies");
}

#[test]
fn reduces_to_a_remi_unsigned() {
    // The integer type of the first remi_unsigned in the module must stay.
    let first_ty = |m: &Module| -> Option<Type> {
        ops(m)
            .find(|(b, op)| b.op(*op).kind == OpKind::RemIUnsigned)
            .map(|(b, op)| b.value_type(b.op(op).results[0]).clone())
    };
    let m = module_with(&|m| first_ty(m).is_some() && count_ops(m) > 50);
    let ty = first_ty(&m).unwrap();
    let p = move |c: &Module| {
        ops(c).any(|(b, op)| {
            b.op(op).kind == OpKind::RemIUnsigned && *b.value_type(b.op(op).results[0]) == ty
        })
    };
    // remi_unsigned, its two operands (constants) and the return — in whichever function
    // holds it; every other remaining function needs at least its `return`.
    check_reduced(&m, &p, 4);
}

#[test]
fn reduces_to_a_cond_br() {
    let has_cond_br = |m: &Module| ops(m).any(|(b, op)| b.op(op).kind == OpKind::CondBr);
    let m = module_with(&|m| has_cond_br(m) && count_ops(m) > 50);
    // cond_br, its condition, and a return in each of (at most) two blocks.
    check_reduced(&m, &has_cond_br, 5);
}

#[test]
fn reduces_to_a_store_of_a_call_result() {
    // A store whose value comes from a call: a function must survive too.
    let p = |m: &Module| {
        ops(m).any(|(b, op)| {
            let d = b.op(op);
            d.kind == OpKind::Store
                && b.defining_op(d.operands[0])
                    .is_some_and(|o| b.op(o).kind == OpKind::Call)
        })
    };
    let m = module_with(&|m| p(m) && count_ops(m) > 50);
    // The store, the call, the stored-to alloc with one index constant per dimension
    // (a rank-4 memref here: no mutator lowers a rank) and its size, the call's
    // arguments (no mutator drops a function argument; an unranked one takes an
    // alloc, its size and a cast) and the returns: 16 ops of the first module found
    // (636 before), whose store is in a recursive callee.
    check_reduced(&m, &p, 16);
}

fn stdlower(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(args)
        .output()
        .expect("run stdlower")
}

#[test]
fn command_with_interesting_script() {
    let m = generator::generate_from_seed(1, &generator::GenConfig::default());
    let text = print_module(&m, &Default::default());
    assert!(text.contains("remi_unsigned"));
    let dir = TempDir::new("reduce-interesting");
    let input = dir.file("in.mlir", &text).display().to_string();
    let out = stdlower(&["reduce", &input, "--interesting", "grep -q remi_unsigned"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("candidates tried") && stderr.contains("ops "),
        "{stderr}"
    );
    assert!(
        stdout.starts_with("// reduced: interesting with"),
        "{stdout}"
    );
    assert!(stdout.contains("// run: @main() -> "), "{stdout}");
    let back = parse_module("t.mlir", stdout.as_bytes()).expect("parses");
    converter::verify::verify_module(&back).expect("verifies");
    // remi_unsigned, two constants and a return, plus a `return` per other function.
    assert!(count_ops(&back) <= 3 + back.funcs.len(), "{stdout}");
}

#[test]
fn command_rejects_inputs_without_finding() {
    let dir = TempDir::new("reduce-no-finding");
    let input = dir
        .file(
            "ok.mlir",
            "func @main() -> i32 {\n  %0 = constant 1 : i32\n  return %0 : i32\n}\n",
        )
        .display()
        .to_string();
    let out = stdlower(&["reduce", &input, "--no-jit"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = stdlower(&["reduce", &input, "--oracle", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    let out = stdlower(&["reduce", &input, "--interesting", "'unterminated"]);
    assert_eq!(out.status.code(), Some(2));
    // A command that never succeeds: the input itself is not interesting.
    let out = stdlower(&["reduce", &input, "--interesting", "false"]);
    assert_eq!(out.status.code(), Some(1));
}
