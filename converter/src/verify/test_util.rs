//! Helpers shared by the verifier tests: building one-function modules with the IR
//! builders and asserting that an error with a given message is located at a given op.

use crate::diag::{Diagnostic, Loc};
use crate::ir::{BlockId, Body, Func, FuncKind, Module, Type, ValueId};

/// A distinct location for the op under test.
pub const AT: Loc = Loc { line: 7, col: 3 };

/// A Standard function whose body is filled by `fill(body, entry, args)`.
pub fn std_func(
    name: &str,
    inputs: Vec<Type>,
    results: Vec<Type>,
    fill: impl FnOnce(&mut Body, BlockId, &[ValueId]),
) -> Func {
    let mut f = Func::new_std(name, inputs, results);
    let body = f.body.as_mut().unwrap();
    let entry = body.entry().unwrap();
    let args = body.block_args(entry).to_vec();
    fill(body, entry, &args);
    f
}

/// An llvm.func of type `result (params)` whose body is filled by `fill`.
pub fn llvm_func(
    name: &str,
    params: Vec<Type>,
    result: Type,
    fill: impl FnOnce(&mut Body, BlockId, &[ValueId]),
) -> Func {
    let mut body = Body::new();
    let entry = body.add_block(&params);
    let args = body.block_args(entry).to_vec();
    fill(&mut body, entry, &args);
    Func {
        name: name.to_string(),
        kind: FuncKind::Llvm,
        ty: Type::llvm_func(result, params),
        attrs: Vec::new(),
        arg_attrs: Vec::new(),
        res_attrs: Vec::new(),
        body: Some(body),
        loc: Loc::new(1, 1),
    }
}

/// An external llvm.func declaration.
pub fn llvm_decl(name: &str, params: Vec<Type>, result: Type) -> Func {
    Func {
        name: name.to_string(),
        kind: FuncKind::Llvm,
        ty: Type::llvm_func(result, params),
        attrs: Vec::new(),
        arg_attrs: Vec::new(),
        res_attrs: Vec::new(),
        body: None,
        loc: Loc::new(1, 1),
    }
}

pub fn module(funcs: Vec<Func>) -> Module {
    let mut m = Module::new("test.mlir");
    m.funcs = funcs;
    m
}

fn render(errs: &[Diagnostic]) -> String {
    errs.iter()
        .map(|d| format!("  {}:{}: {}", d.loc.line, d.loc.col, d.message))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Asserts that `result` has an error containing `needle` located at `loc`.
#[track_caller]
pub fn assert_error_at(result: Result<(), Vec<Diagnostic>>, needle: &str, loc: Loc) {
    let errs = match result {
        Ok(()) => panic!("expected an error containing {needle:?}, but the module verified"),
        Err(e) => e,
    };
    assert!(
        errs.iter()
            .any(|d| d.message.contains(needle) && d.loc == loc),
        "no error containing {needle:?} at {}:{}; got:\n{}",
        loc.line,
        loc.col,
        render(&errs)
    );
}

#[track_caller]
pub fn assert_ok(result: Result<(), Vec<Diagnostic>>) {
    if let Err(errs) = result {
        panic!("expected the module to verify; got:\n{}", render(&errs));
    }
}
