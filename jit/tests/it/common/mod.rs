//! Helpers of the jit tests: LLVM-dialect functions built by hand, and an isolated
//! worker with its options.
#![allow(dead_code)]

use converter::ir::{Attribute, Body, Func, FuncKind, Module, NewOp, OpKind, Type, ValueId};
use converter::value::RtValue;
use converter::Loc;
use jit::{run_lowered_in_process, EntrySig, RunError, RunOptions};

pub fn ptr() -> Type {
    Type::llvm_ptr(Type::i8())
}

/// An `llvm.func` with an entry block whose arguments are the parameters.
pub fn llvm_func(name: &str, params: Vec<Type>, result: Type) -> Func {
    let mut body = Body::new();
    body.add_block(&params);
    Func {
        name: name.to_string(),
        kind: FuncKind::Llvm,
        ty: Type::llvm_func(result, params),
        attrs: Vec::new(),
        arg_attrs: Vec::new(),
        res_attrs: Vec::new(),
        body: Some(body),
        loc: Loc::UNKNOWN,
    }
}

pub fn llvm_decl(name: &str, params: Vec<Type>, result: Type) -> Func {
    Func::new_llvm_decl(name, Type::llvm_func(result, params))
}

pub fn module(funcs: Vec<Func>) -> Module {
    let mut m = Module::new("test.mlir");
    m.funcs = funcs;
    m
}

pub fn body(f: &mut Func) -> &mut Body {
    f.body.as_mut().unwrap()
}

pub fn args(f: &Func) -> Vec<ValueId> {
    let b = f.body.as_ref().unwrap();
    b.block_args(b.entry().unwrap()).to_vec()
}

pub fn cint(b: &mut Body, blk: converter::ir::BlockId, v: i128, ty: Type) -> ValueId {
    b.builder(blk).push1(
        NewOp::new(OpKind::LlvmConstant)
            .attr("value", Attribute::int(v, ty.clone()))
            .result(ty),
    )
}

pub fn op1(b: &mut Body, blk: converter::ir::BlockId, op: NewOp) -> ValueId {
    b.builder(blk).push1(op)
}

pub fn ret(b: &mut Body, blk: converter::ir::BlockId, vals: Vec<ValueId>) {
    b.builder(blk)
        .push(NewOp::new(OpKind::LlvmReturn).operands(vals));
}

pub fn run(
    m: &Module,
    entry: &str,
    inputs: Vec<Type>,
    results: Vec<Type>,
    args: &[RtValue],
) -> Result<Vec<RtValue>, RunError> {
    run_opt(m, entry, inputs, results, args, 0)
}

pub fn run_opt(
    m: &Module,
    entry: &str,
    inputs: Vec<Type>,
    results: Vec<Type>,
    args: &[RtValue],
    opt: u8,
) -> Result<Vec<RtValue>, RunError> {
    let opts = RunOptions {
        opt_level: opt,
        ..RunOptions::default()
    };
    run_lowered_in_process(
        m,
        entry,
        &EntrySig {
            inputs,
            results,
            c_interface: None,
        },
        args,
        &opts,
    )
}

pub fn f32v(x: f32) -> RtValue {
    RtValue::Float(x.to_bits() as u64)
}
pub fn f64v(x: f64) -> RtValue {
    RtValue::Float(x.to_bits())
}

/// A worker process of the crate's own `stdlower-jit-worker` binary.
pub fn worker() -> jit::Worker {
    jit::Worker::spawn(std::process::Command::new(env!(
        "CARGO_BIN_EXE_stdlower-jit-worker"
    )))
    .unwrap()
}

/// Default run options with a timeout of `secs` seconds.
pub fn opts(secs: f64) -> RunOptions {
    RunOptions {
        timeout: std::time::Duration::from_secs_f64(secs),
        ..RunOptions::default()
    }
}
