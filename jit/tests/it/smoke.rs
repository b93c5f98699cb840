use crate::common;
use common::*;
use converter::ir::{NewOp, OpKind, Type};
use converter::value::RtValue;

#[test]
fn add_i32() {
    let mut f = llvm_func("add", vec![Type::i32(), Type::i32()], Type::i32());
    let a = args(&f);
    let b = body(&mut f);
    let e = b.entry().unwrap();
    let s = op1(
        b,
        e,
        NewOp::new(OpKind::LlvmAdd)
            .operands([a[0], a[1]])
            .result(Type::i32()),
    );
    ret(b, e, vec![s]);
    let m = module(vec![f]);
    let r = run(
        &m,
        "add",
        vec![Type::i32(), Type::i32()],
        vec![Type::i32()],
        &[RtValue::Int(2), RtValue::Int(-5)],
    )
    .unwrap();
    assert_eq!(r, vec![RtValue::Int(-3)]);
    let ir = jit::translate_to_ir_string(&m).unwrap();
    assert!(ir.contains("add i32"), "{ir}");
}
