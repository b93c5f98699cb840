//! Unit tests of the lowering rules on modules built in memory, checked on the
//! printed output (legacy syntax for the spec's examples, modern for the rest) and,
//! when `mlir-translate` of LLVM 22 is installed, by translating the modern output.

use super::*;
use crate::ir::{
    Attribute, BlockId, Body, DenseValues, Func, Layout, Module, NewOp, OpKind, StridedLayout,
    Type, ValueId,
};
use crate::llvm_print::{print_llvm, Syntax};
use std::path::PathBuf;
use std::process::Command;

pub(crate) fn entry(f: &mut Func) -> (&mut Body, BlockId, Vec<ValueId>) {
    let body = f.body.as_mut().unwrap();
    let e = body.entry().unwrap();
    let args = body.block_args(e).to_vec();
    (body, e, args)
}

pub(crate) fn module(funcs: Vec<Func>) -> Module {
    let mut m = Module::new("test.mlir");
    m.funcs = funcs;
    m
}

pub(crate) fn lower(m: &Module) -> Module {
    lower_with(m, &LowerOptions::default())
}

pub(crate) fn lower_with(m: &Module, o: &LowerOptions) -> Module {
    match lower_module(m, o) {
        Ok(l) => l,
        Err(ds) => panic!("lowering failed: {ds:?}"),
    }
}

/// The `mlir-translate` of LLVM 22, when installed.
pub(crate) fn mlir_translate() -> Option<PathBuf> {
    let out = Command::new("llvm-config-22")
        .arg("--bindir")
        .output()
        .ok()?;
    let dir = String::from_utf8(out.stdout).ok()?;
    let p = PathBuf::from(dir.trim()).join("mlir-translate");
    p.exists().then_some(p)
}

/// Asserts `mlir-translate --mlir-to-llvmir` accepts `text` (skipped without the tool).
/// Modules with unregistered ops are only parsed and verified (`mlir-opt`).
pub(crate) fn assert_translates(text: &str) {
    let Some(tool) = mlir_translate() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!(
        "stdlower-lower-{}-{:x}",
        std::process::id(),
        hash(text)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("m.mlir");
    std::fs::write(&file, text).unwrap();
    let unregistered = text.contains(" = \"") && !text.contains("\"llvm.intr")
        || text
            .lines()
            .any(|l| l.trim_start().starts_with('"') && !l.contains("llvm.intr"));
    let out = if unregistered {
        Command::new(tool.with_file_name("mlir-opt"))
            .arg("--allow-unregistered-dialect")
            .arg(&file)
            .output()
            .unwrap()
    } else {
        Command::new(&tool)
            .arg("--mlir-to-llvmir")
            .arg(&file)
            .output()
            .unwrap()
    };
    assert!(
        out.status.success(),
        "mlir-translate rejected:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn hash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

fn lowered_text(m: &Module, syntax: Syntax) -> String {
    let l = lower(m);
    let modern = print_llvm(&l, Syntax::Modern);
    assert_translates(&modern);
    print_llvm(&l, syntax)
}

fn unreg(name: &str) -> NewOp {
    NewOp::unregistered(name)
}

#[test]
fn print_everything_for_eyes() {
    // foo(i32, i64) -> (i32, i64) and a caller (the spec's result packing example).
    let mut foo = Func::new_std(
        "foo",
        vec![Type::i32(), Type::i64()],
        vec![Type::i32(), Type::i64()],
    );
    let (b, e, a) = entry(&mut foo);
    b.builder(e).ret(vec![a[0], a[1]]);
    let mut bar = Func::new_std("bar", vec![], vec![]);
    let (b, e, _) = entry(&mut bar);
    let mut bl = b.builder(e);
    let c0 = bl.const_int(42, Type::i32());
    let c1 = bl.const_int(17, Type::i64());
    let call = bl.call("foo", vec![c0, c1], vec![Type::i32(), Type::i64()]);
    let r = bl.body.op(call).results.clone();
    bl.push(unreg("use_i32").operands([r[0]]));
    bl.push(unreg("use_i64").operands([r[1]]));
    bl.ret(vec![]);
    let m = module(vec![foo, bar]);
    let t = lowered_text(&m, Syntax::Legacy);
    println!("{t}");
    println!("{}", print_llvm(&lower(&m), Syntax::Modern));
}
