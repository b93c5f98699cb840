//! Tests of the Standard-dialect verifier, built with the IR builders: one positive
//! test per op family, and negative tests per rule asserting the message and that the
//! error is located at the offending op.

use super::test_util::{assert_error_at, assert_ok, module, std_func, AT};
use super::verify_module;
use crate::diag::{Diagnostic, Loc};
use crate::ir::*;

type Res = Result<(), Vec<Diagnostic>>;

fn i32t() -> Type {
    Type::i32()
}
fn v4(t: Type) -> Type {
    Type::vector(vec![4], t)
}
fn mr(shape: Vec<Dim>, t: Type) -> Type {
    Type::memref(shape, t)
}

/// An op located at [`AT`].
fn op(kind: OpKind, operands: &[ValueId], results: &[Type]) -> NewOp {
    NewOp::new(kind)
        .operands(operands.iter().copied())
        .results(results.iter().cloned())
        .loc(AT)
}

/// Verifies `@f(inputs) -> ()` whose entry block holds what `build` appends, then a return.
fn check(inputs: Vec<Type>, build: impl FnOnce(&mut Builder, &[ValueId])) -> Res {
    let f = std_func("f", inputs, vec![], |body, entry, args| {
        let mut b = body.builder(entry);
        build(&mut b, args);
        b.at(Loc::UNKNOWN);
        b.ret(vec![]);
    });
    verify_module(&module(vec![f]))
}

/// Verifies a function with a single op of `kind` over arguments of `inputs`.
fn check_op(kind: OpKind, inputs: Vec<Type>, results: &[Type]) -> Res {
    check(inputs, |b, a| {
        b.push(op(kind, a, results));
    })
}

fn check_op_attr(
    kind: OpKind,
    inputs: Vec<Type>,
    results: &[Type],
    name: &str,
    attr: Attribute,
) -> Res {
    check(inputs, |b, a| {
        b.push(op(kind, a, results).attr(name.to_string(), attr));
    })
}

// ---------------------------------------------------------------- positive tests

#[test]
fn int_binaries_accept_int_index_and_int_vectors() {
    let kinds: Vec<OpKind> = OpKind::ALL
        .iter()
        .copied()
        .filter(|k| k.is_int_binary())
        .collect();
    assert_eq!(kinds.len(), 13);
    for t in [Type::i1(), i32t(), Type::i(17), Type::Index, v4(Type::i8())] {
        for &k in &kinds {
            assert_ok(check_op(
                k,
                vec![t.clone(), t.clone()],
                std::slice::from_ref(&t),
            ));
        }
    }
}

#[test]
fn float_ops_accept_all_float_types_and_vectors() {
    for t in [Type::F16, Type::BF16, Type::F32, Type::F64, v4(Type::F32)] {
        for k in [
            OpKind::AddF,
            OpKind::SubF,
            OpKind::MulF,
            OpKind::DivF,
            OpKind::RemF,
            OpKind::CopySign,
        ] {
            assert_ok(check_op(
                k,
                vec![t.clone(), t.clone()],
                std::slice::from_ref(&t),
            ));
        }
        for &k in OpKind::ALL.iter().filter(|k| k.is_float_unary()) {
            assert_ok(check_op(k, vec![t.clone()], std::slice::from_ref(&t)));
        }
    }
}

#[test]
fn compares_accept_every_predicate_and_vector_shapes() {
    for p in CMPI_PREDICATES {
        assert_ok(check(vec![i32t(), i32t()], |b, a| {
            b.cmpi(p, a[0], a[1]);
        }));
        assert_ok(check(vec![Type::Index, Type::Index], |b, a| {
            b.cmpi(p, a[0], a[1]);
        }));
    }
    for p in CMPF_PREDICATES {
        assert_ok(check(vec![Type::F64, Type::F64], |b, a| {
            b.cmpf(p, a[0], a[1]);
        }));
    }
    let vt = Type::vector(vec![2, 3], Type::F32);
    assert_ok(check(vec![vt.clone(), vt], |b, a| {
        b.cmpf("olt", a[0], a[1]);
    }));
}

#[test]
fn select_accepts_scalar_and_vector_conditions() {
    assert_ok(check(vec![Type::i1(), Type::F32, Type::F32], |b, a| {
        b.select(a[0], a[1], a[2]);
    }));
    // A scalar condition may select between whole vectors.
    assert_ok(check(vec![Type::i1(), v4(i32t()), v4(i32t())], |b, a| {
        b.select(a[0], a[1], a[2]);
    }));
    assert_ok(check(
        vec![v4(Type::i1()), v4(i32t()), v4(i32t())],
        |b, a| {
            b.select(a[0], a[1], a[2]);
        },
    ));
}

#[test]
fn casts_accept_valid_conversions() {
    use OpKind::*;
    let ok = [
        (IndexCast, Type::Index, i32t()),
        (IndexCast, Type::i64(), Type::Index),
        (IndexCast, v4(Type::Index), v4(i32t())),
        (SIToFP, i32t(), Type::F64),
        (SIToFP, v4(Type::i8()), v4(Type::F16)),
        (FPToSI, Type::F32, Type::i64()),
        (FPExt, Type::F16, Type::F32),
        (FPExt, Type::BF16, Type::F64),
        (FPTrunc, Type::F64, Type::F16),
        (ZExtI, Type::i1(), i32t()),
        (SExtI, Type::i(17), Type::i64()),
        (TruncI, Type::i64(), Type::i(3)),
        (TruncI, v4(i32t()), v4(Type::i8())),
    ];
    for (k, from, to) in ok {
        assert_ok(check_op(k, vec![from], &[to]));
    }
}

#[test]
fn constants_of_every_kind_verify() {
    let g = std_func("g", vec![i32t()], vec![i32t()], |body, e, a| {
        body.builder(e).ret(vec![a[0]]);
    });
    let f = std_func("f", vec![], vec![], |body, e, _| {
        let mut b = body.builder(e);
        b.const_int(-3, Type::i(17));
        b.const_index(42);
        b.const_float(1.5, Type::F16);
        b.const_float(1.5, Type::BF16);
        b.push(
            NewOp::new(OpKind::Constant)
                .attr("value", Attribute::Bool(true))
                .result(Type::i1()),
        );
        let vt = v4(Type::F32);
        b.push(
            NewOp::new(OpKind::Constant)
                .attr(
                    "value",
                    Attribute::Dense {
                        ty: vt.clone(),
                        values: DenseValues::Splat(Box::new(Attribute::float(2.0, Type::F32))),
                    },
                )
                .result(vt),
        );
        let vt = Type::vector(vec![2], Type::i1());
        b.push(
            NewOp::new(OpKind::Constant)
                .attr(
                    "value",
                    Attribute::Dense {
                        ty: vt.clone(),
                        values: DenseValues::Elements(vec![
                            Attribute::Bool(true),
                            Attribute::Bool(false),
                        ]),
                    },
                )
                .result(vt),
        );
        let ft = Type::function(vec![i32t()], vec![i32t()]);
        b.push(
            NewOp::new(OpKind::Constant)
                .attr("value", Attribute::SymbolRef("g".into()))
                .result(ft),
        );
        b.ret(vec![]);
    });
    assert_ok(verify_module(&module(vec![g, f])));
}

#[test]
fn splat_and_extract_element_verify() {
    let vt = Type::vector(vec![2, 3], Type::F32);
    assert_ok(check(vec![Type::F32, Type::Index, Type::Index], |b, a| {
        let v = b.unary(OpKind::Splat, a[0], vt.clone());
        b.push(
            NewOp::new(OpKind::ExtractElement)
                .operands([v, a[1], a[2]])
                .result(Type::F32),
        );
    }));
}

#[test]
fn memref_ops_verify() {
    let dyn2 = mr(vec![None, Some(4)], Type::F32);
    assert_ok(check(vec![Type::Index, Type::Index], |b, a| {
        let m = b.push1(
            NewOp::new(OpKind::Alloc)
                .operands([a[0]])
                .result(dyn2.clone()),
        );
        let s = b.push1(
            NewOp::new(OpKind::Alloca)
                .attr("alignment", Attribute::int(16, Type::i64()))
                .result(mr(vec![], Type::i8())),
        );
        let x = b.load(m, &[a[0], a[1]]);
        b.store(x, m, &[a[1], a[0]]);
        let y = b.load(s, &[]);
        b.store(y, s, &[]);
        b.push(
            NewOp::new(OpKind::Dim)
                .operands([m])
                .attr("index", Attribute::index(1))
                .result(Type::Index),
        );
        b.push(
            NewOp::new(OpKind::Dim)
                .operands([m, a[1]])
                .result(Type::Index),
        );
        b.push(NewOp::new(OpKind::Rank).operands([m]).result(Type::Index));
        let c = b.unary(OpKind::MemRefCast, m, mr(vec![Some(3), None], Type::F32));
        let u = b.unary(OpKind::MemRefCast, c, Type::unranked_memref(Type::F32));
        b.push(
            NewOp::new(OpKind::Dim)
                .operands([u, a[0]])
                .result(Type::Index),
        );
        b.push(NewOp::new(OpKind::Rank).operands([u]).result(Type::Index));
        b.unary(OpKind::MemRefCast, u, mr(vec![None, None], Type::F32));
        b.push(NewOp::new(OpKind::Dealloc).operands([m]));
        b.push(NewOp::new(OpKind::Dealloc).operands([u]));
    }));
}

#[test]
fn memref_cast_between_strided_and_identity_layouts() {
    let strided = |offset: Option<i64>, strides: Vec<Option<i64>>| {
        Type::memref_with_layout(
            vec![Some(4), Some(8)],
            Type::F32,
            Layout::Strided(StridedLayout { offset, strides }),
        )
    };
    let ident = mr(vec![Some(4), Some(8)], Type::F32);
    let pairs = [
        (ident.clone(), strided(None, vec![None, Some(1)])),
        (strided(Some(0), vec![Some(8), Some(1)]), ident.clone()),
        (
            strided(Some(5), vec![Some(16), Some(1)]),
            strided(None, vec![None, None]),
        ),
    ];
    for (from, to) in pairs {
        assert_ok(check_op(OpKind::MemRefCast, vec![from], &[to]));
    }
}

#[test]
fn control_flow_calls_and_returns_verify() {
    let callee = std_func(
        "callee",
        vec![i32t()],
        vec![i32t(), Type::F32],
        |body, e, a| {
            let mut b = body.builder(e);
            let f = b.const_float(1.0, Type::F32);
            b.ret(vec![a[0], f]);
        },
    );
    let decl = Func::new_std_decl("ext", vec![mr(vec![None], Type::F32)], vec![]);
    let f = std_func("f", vec![i32t()], vec![i32t()], |body, e, a| {
        let head = body.add_block(&[i32t()]);
        let exit = body.add_block(&[i32t()]);
        let mut b = body.builder(e);
        b.br(head, vec![a[0]]);
        let x = body.block_args(head)[0];
        let mut b = body.builder(head);
        let one = b.const_int(1, i32t());
        let y = b.binary(OpKind::SubI, x, one);
        let c = b.cmpi("sgt", y, one);
        let call = b.call("callee", vec![y], vec![i32t(), Type::F32]);
        let r = b.body.op(call).result(0);
        let fref = b.push1(
            NewOp::new(OpKind::Constant)
                .attr("value", Attribute::SymbolRef("callee".into()))
                .result(Type::function(vec![i32t()], vec![i32t(), Type::F32])),
        );
        b.push(
            NewOp::new(OpKind::CallIndirect)
                .operands([fref, r])
                .results([i32t(), Type::F32]),
        );
        b.cond_br(c, head, vec![r], exit, vec![y]);
        let z = body.block_args(exit)[0];
        body.builder(exit).ret(vec![z]);
    });
    assert_ok(verify_module(&module(vec![callee, decl, f])));
}

#[test]
fn unregistered_ops_are_accepted() {
    assert_ok(check(vec![Type::Index], |b, a| {
        let x = b.push1(
            NewOp::unregistered("foo.make")
                .operands([a[0]])
                .result(Type::F64),
        );
        b.push(NewOp::unregistered("use").operands([x, a[0]]));
    }));
    // An unregistered op may end a block: it might be a terminator.
    let f = std_func("f", vec![], vec![], |body, e, _| {
        body.builder(e).push(NewOp::unregistered("foo.terminate"));
    });
    assert_ok(verify_module(&module(vec![f])));
}

#[test]
fn external_declarations_and_empty_bodies_are_declarations() {
    let decl = Func::new_std_decl("ext", vec![i32t()], vec![Type::F32]);
    let mut empty = Func::new_std("empty", vec![], vec![]);
    empty.body = Some(Body::new());
    assert_ok(verify_module(&module(vec![decl, empty])));
}

// ---------------------------------------------------------------- negative tests: ops

#[test]
fn int_binary_rejects_mismatched_and_float_types() {
    assert_error_at(
        check_op(OpKind::AddI, vec![i32t(), Type::i64()], &[i32t()]),
        "requires the same type for all operands and results",
        AT,
    );
    assert_error_at(
        check_op(OpKind::MulI, vec![i32t(), i32t()], &[Type::i64()]),
        "requires the same type",
        AT,
    );
    assert_error_at(
        check_op(OpKind::Xor, vec![Type::F32, Type::F32], &[Type::F32]),
        "operands must be integer, index or vector of integers, found f32",
        AT,
    );
    assert_error_at(
        check_op(OpKind::AddI, vec![i32t()], &[i32t()]),
        "expects 2 operands, found 1",
        AT,
    );
}

#[test]
fn float_ops_reject_integers() {
    assert_error_at(
        check_op(OpKind::AddF, vec![i32t(), i32t()], &[i32t()]),
        "operands must be float or vector of floats, found i32",
        AT,
    );
    assert_error_at(
        check_op(OpKind::NegF, vec![Type::Index], &[Type::Index]),
        "operand must be float or vector of floats",
        AT,
    );
    assert_error_at(
        check_op(OpKind::AbsF, vec![Type::F32], &[Type::F64]),
        "requires the same type for operand and result",
        AT,
    );
}

#[test]
fn compares_reject_bad_predicates_and_result_types() {
    let r = check_op_attr(
        OpKind::CmpI,
        vec![i32t(), i32t()],
        &[Type::i1()],
        "predicate",
        Attribute::Str("olt".into()),
    );
    assert_error_at(r, "invalid predicate \"olt\"", AT);
    let r = check_op_attr(
        OpKind::CmpF,
        vec![Type::F32, Type::F32],
        &[Type::i1()],
        "predicate",
        Attribute::Str("slt".into()),
    );
    assert_error_at(r, "invalid predicate \"slt\"", AT);
    let r = check_op(OpKind::CmpI, vec![i32t(), i32t()], &[Type::i1()]);
    assert_error_at(r, "requires a 'predicate' attribute", AT);
    let r = check_op_attr(
        OpKind::CmpI,
        vec![v4(i32t()), v4(i32t())],
        &[Type::i1()],
        "predicate",
        Attribute::Str("eq".into()),
    );
    assert_error_at(r, "result must be vector<4xi1>", AT);
    let r = check_op_attr(
        OpKind::CmpF,
        vec![i32t(), i32t()],
        &[Type::i1()],
        "predicate",
        Attribute::Str("oeq".into()),
    );
    assert_error_at(r, "operands must be float", AT);
}

#[test]
fn select_rejects_bad_conditions() {
    let r = check_op(
        OpKind::Select,
        vec![i32t(), Type::F32, Type::F32],
        &[Type::F32],
    );
    assert_error_at(r, "condition must be i1 or a vector of i1, found i32", AT);
    let r = check_op(
        OpKind::Select,
        vec![v4(Type::i1()), Type::F32, Type::F32],
        &[Type::F32],
    );
    assert_error_at(r, "requires vector operands of the same shape", AT);
    let r = check_op(
        OpKind::Select,
        vec![Type::i1(), Type::F32, Type::F64],
        &[Type::F32],
    );
    assert_error_at(r, "to have one type", AT);
}

#[test]
fn casts_reject_wrong_kinds_and_widths() {
    use OpKind::*;
    let bad = [
        (
            IndexCast,
            Type::F32,
            Type::Index,
            "casts between index and an integer type",
        ),
        (
            IndexCast,
            i32t(),
            Type::i64(),
            "casts between index and an integer type",
        ),
        (SIToFP, Type::F32, Type::F64, "casts an integer to a float"),
        (
            SIToFP,
            Type::Index,
            Type::F64,
            "casts an integer to a float",
        ),
        (FPToSI, i32t(), i32t(), "casts a float to an integer"),
        (FPExt, Type::F32, Type::F32, "strictly wider float"),
        (FPExt, Type::F16, Type::BF16, "strictly wider float"),
        (FPTrunc, Type::F32, Type::F64, "strictly narrower float"),
        (ZExtI, i32t(), i32t(), "strictly wider integer"),
        (SExtI, Type::i64(), i32t(), "strictly wider integer"),
        (SExtI, Type::Index, Type::i64(), "strictly wider integer"),
        (TruncI, Type::i8(), i32t(), "strictly narrower integer"),
        (
            TruncI,
            v4(i32t()),
            Type::i8(),
            "scalars or vectors of one shape",
        ),
    ];
    for (k, from, to, msg) in bad {
        assert_error_at(check_op(k, vec![from], &[to]), msg, AT);
    }
}

#[test]
fn constants_reject_mismatched_values() {
    let c = |attr: Attribute, ty: Type| {
        check(vec![], |b, _| {
            b.push(op(OpKind::Constant, &[], &[ty]).attr("value", attr));
        })
    };
    assert_error_at(
        c(Attribute::int(1, Type::i64()), i32t()),
        "value of type i64 does not match the result type i32",
        AT,
    );
    assert_error_at(
        c(Attribute::float(1.0, Type::F32), Type::F64),
        "does not match the result type f64",
        AT,
    );
    assert_error_at(
        c(Attribute::Bool(true), i32t()),
        "boolean value requires result type i1",
        AT,
    );
    assert_error_at(
        c(Attribute::index(3), Type::i64()),
        "value of type index does not match",
        AT,
    );
    let vt = v4(Type::F32);
    let dense = Attribute::Dense {
        ty: vt.clone(),
        values: DenseValues::Elements(vec![Attribute::float(1.0, Type::F32)]),
    };
    assert_error_at(c(dense, vt.clone()), "dense attribute has 1 elements", AT);
    let dense = Attribute::Dense {
        ty: vt.clone(),
        values: DenseValues::Splat(Box::new(Attribute::int(1, i32t()))),
    };
    assert_error_at(
        c(dense, vt),
        "dense splat value does not have the element type f32",
        AT,
    );
    let ft = Type::function(vec![], vec![]);
    assert_error_at(
        c(Attribute::SymbolRef("nope".into()), ft.clone()),
        "undefined function @nope",
        AT,
    );
    // @f itself has type () -> (), so a reference typed (i32) -> () is wrong.
    let ft2 = Type::function(vec![i32t()], vec![]);
    assert_error_at(
        c(Attribute::SymbolRef("f".into()), ft2),
        "reference to @f of type () -> () does not match",
        AT,
    );
    assert_error_at(
        check_op(OpKind::Constant, vec![], &[i32t()]),
        "requires a 'value' attribute",
        AT,
    );
    assert_error_at(
        c(Attribute::Str("x".into()), i32t()),
        "unsupported value attribute",
        AT,
    );
}

#[test]
fn splat_and_extract_element_reject_bad_types() {
    let r = check_op(OpKind::Splat, vec![i32t()], &[v4(Type::F32)]);
    assert_error_at(
        r,
        "operand type i32 does not match the element type f32",
        AT,
    );
    let r = check_op(OpKind::Splat, vec![i32t()], &[i32t()]);
    assert_error_at(r, "result must be a vector", AT);
    let vt = Type::vector(vec![2, 2], Type::F32);
    let r = check_op(
        OpKind::ExtractElement,
        vec![vt.clone(), Type::Index],
        &[Type::F32],
    );
    assert_error_at(r, "expects 2 indices", AT);
    let r = check_op(
        OpKind::ExtractElement,
        vec![vt.clone(), Type::Index, i32t()],
        &[Type::F32],
    );
    assert_error_at(r, "index operand #2 must be index, found i32", AT);
    let r = check_op(
        OpKind::ExtractElement,
        vec![vt, Type::Index, Type::Index],
        &[Type::F64],
    );
    assert_error_at(r, "result type f64 does not match the element type f32", AT);
}

#[test]
fn load_and_store_check_indices_and_element_types() {
    let m = mr(vec![Some(4), None], Type::F32);
    let r = check_op(OpKind::Load, vec![m.clone(), Type::Index], &[Type::F32]);
    assert_error_at(r, "expects 2 indices for a memref of rank 2, found 1", AT);
    let r = check_op(
        OpKind::Load,
        vec![m.clone(), Type::Index, Type::i64()],
        &[Type::F32],
    );
    assert_error_at(r, "index operand #2 must be index", AT);
    let r = check_op(
        OpKind::Load,
        vec![m.clone(), Type::Index, Type::Index],
        &[Type::F64],
    );
    assert_error_at(
        r,
        "result type f64 does not match the memref element type f32",
        AT,
    );
    let r = check_op(
        OpKind::Load,
        vec![Type::unranked_memref(Type::F32)],
        &[Type::F32],
    );
    assert_error_at(r, "must be a ranked memref", AT);
    let r = check_op(
        OpKind::Store,
        vec![Type::F64, m.clone(), Type::Index, Type::Index],
        &[],
    );
    assert_error_at(
        r,
        "value type f64 does not match the memref element type f32",
        AT,
    );
    let r = check_op(
        OpKind::Store,
        vec![Type::F32, m, Type::Index, Type::Index, Type::Index],
        &[],
    );
    assert_error_at(r, "expects 2 indices for a memref of rank 2, found 3", AT);
    let r = check_op(OpKind::Store, vec![Type::F32, Type::F32], &[]);
    assert_error_at(r, "operand #1 must be a memref", AT);
}

#[test]
fn alloc_checks_dynamic_operands_alignment_and_result() {
    let m = mr(vec![None, Some(3), None], Type::F32);
    let r = check_op(OpKind::Alloc, vec![Type::Index], std::slice::from_ref(&m));
    assert_error_at(r, "expects 2 operands for the dynamic dimensions", AT);
    let r = check_op(
        OpKind::Alloca,
        vec![Type::Index, i32t()],
        std::slice::from_ref(&m),
    );
    assert_error_at(r, "index operand #1 must be index", AT);
    let r = check_op_attr(
        OpKind::Alloc,
        vec![],
        &[mr(vec![Some(2)], Type::F32)],
        "alignment",
        Attribute::int(12, Type::i64()),
    );
    assert_error_at(r, "'alignment' must be a positive power of two", AT);
    let r = check_op_attr(
        OpKind::Alloca,
        vec![],
        &[mr(vec![Some(2)], Type::F32)],
        "alignment",
        Attribute::int(0, Type::i64()),
    );
    assert_error_at(r, "positive power of two", AT);
    let r = check_op(OpKind::Alloc, vec![], &[Type::unranked_memref(Type::F32)]);
    assert_error_at(r, "result must be a ranked memref", AT);
}

#[test]
fn dealloc_dim_and_rank_check_their_operands() {
    let r = check_op(OpKind::Dealloc, vec![i32t()], &[]);
    assert_error_at(r, "operand must be a memref, found i32", AT);
    let m = mr(vec![Some(2), None], Type::F32);
    let r = check_op_attr(
        OpKind::Dim,
        vec![m.clone()],
        &[Type::Index],
        "index",
        Attribute::index(2),
    );
    assert_error_at(r, "index 2 is out of range", AT);
    let r = check_op_attr(
        OpKind::Dim,
        vec![m.clone(), Type::Index],
        &[Type::Index],
        "index",
        Attribute::index(0),
    );
    assert_error_at(r, "not both", AT);
    let r = check_op(OpKind::Dim, vec![m.clone()], &[Type::Index]);
    assert_error_at(r, "expects an 'index' attribute or one index operand", AT);
    let r = check_op(OpKind::Dim, vec![m.clone(), i32t()], &[Type::Index]);
    assert_error_at(r, "must be index", AT);
    let r = check_op(OpKind::Dim, vec![m.clone(), Type::Index], &[i32t()]);
    assert_error_at(r, "result must be index", AT);
    let r = check_op(OpKind::Dim, vec![i32t(), Type::Index], &[Type::Index]);
    assert_error_at(r, "operand #0 must be a memref", AT);
    let r = check_op(OpKind::Rank, vec![m], &[Type::i64()]);
    assert_error_at(r, "result must be index, found i64", AT);
}

#[test]
fn memref_cast_rejects_incompatible_types() {
    let f32m = |s: Vec<Dim>| mr(s, Type::F32);
    let cases = [
        (
            f32m(vec![Some(4)]),
            mr(vec![Some(4)], Type::F64),
            "same element type",
        ),
        (
            f32m(vec![Some(4)]),
            f32m(vec![Some(4), Some(1)]),
            "same rank",
        ),
        (
            f32m(vec![Some(4), None]),
            f32m(vec![Some(5), None]),
            "incompatible sizes in dimension 0",
        ),
        (
            Type::unranked_memref(Type::F32),
            Type::unranked_memref(Type::F32),
            "unranked memref to an unranked",
        ),
        (
            f32m(vec![Some(4)]),
            Type::unranked_memref(Type::i32()),
            "same element type",
        ),
        (
            f32m(vec![Some(4)]),
            Type::F32,
            "requires memref operand and result",
        ),
        (
            Type::memref_with_layout(
                vec![Some(4), Some(8)],
                Type::F32,
                Layout::Strided(StridedLayout {
                    offset: Some(3),
                    strides: vec![Some(8), Some(1)],
                }),
            ),
            f32m(vec![Some(4), Some(8)]),
            "incompatible layouts",
        ),
        (
            Type::memref_with_layout(
                vec![Some(4), Some(8)],
                Type::F32,
                Layout::Strided(StridedLayout {
                    offset: None,
                    strides: vec![Some(16), Some(1)],
                }),
            ),
            f32m(vec![Some(4), Some(8)]),
            "incompatible layouts",
        ),
        (
            Type::memref_with_layout(
                vec![Some(4)],
                Type::F32,
                Layout::Affine {
                    text: "(d0) -> (d0 floordiv 2)".into(),
                    strided: None,
                },
            ),
            f32m(vec![Some(4)]),
            "not strided",
        ),
    ];
    for (from, to, msg) in cases {
        assert_error_at(check_op(OpKind::MemRefCast, vec![from], &[to]), msg, AT);
    }
}

#[test]
fn memref_cast_keeps_the_memory_space() {
    let in3 = |s: Vec<Dim>| {
        let mut m = mr(s, Type::F32).as_memref().unwrap().clone();
        m.memory_space = 3;
        Type::MemRef(m.into())
    };
    let u3 = Type::unranked_memref_in(Type::F32, 3);
    // Ranked <-> unranked and static <-> dynamic within space 3 (LLVM 11 and today).
    for (from, to) in [
        (in3(vec![Some(4)]), u3.clone()),
        (u3.clone(), in3(vec![None])),
        (in3(vec![Some(4)]), in3(vec![None])),
    ] {
        assert_ok(check_op(OpKind::MemRefCast, vec![from], &[to]));
    }
    for (from, to) in [
        (in3(vec![Some(4)]), mr(vec![Some(4)], Type::F32)),
        (in3(vec![Some(4)]), Type::unranked_memref(Type::F32)),
        (u3.clone(), mr(vec![None], Type::F32)),
        (mr(vec![None], Type::F32), u3),
    ] {
        assert_error_at(
            check_op(OpKind::MemRefCast, vec![from], &[to]),
            "requires the same memory space",
            AT,
        );
    }
}

// ---------------------------------------------------------------- negative tests: control flow

#[test]
fn block_without_terminator_is_reported_at_its_last_op() {
    let f = std_func("f", vec![i32t()], vec![], |body, e, a| {
        body.builder(e)
            .push(op(OpKind::AddI, &[a[0], a[0]], &[i32t()]));
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "does not end with a terminator",
        AT,
    );
}

#[test]
fn empty_block_is_reported() {
    let f = std_func("f", vec![], vec![], |body, e, _| {
        let b1 = body.add_block(&[]);
        body.block_mut(b1).loc = AT;
        body.builder(e).br(b1, vec![]);
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "empty block: expect at least a terminator (block ^bb1 has no ops)",
        AT,
    );
}

#[test]
fn terminator_in_the_middle_is_reported() {
    let f = std_func("f", vec![], vec![], |body, e, _| {
        let mut b = body.builder(e);
        b.push(op(OpKind::Return, &[], &[]));
        b.at(Loc::new(9, 1));
        b.ret(vec![]);
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "terminator in the middle of block ^bb0",
        AT,
    );
}

#[test]
fn entry_block_arguments_must_match_the_signature() {
    let mut f = std_func("f", vec![i32t()], vec![], |body, e, _| {
        body.builder(e).ret(vec![]);
    });
    f.loc = AT;
    f.ty = Type::function(vec![Type::F32], vec![]);
    assert_error_at(
        verify_module(&module(vec![f.clone()])),
        "entry block argument #0 of @f has type i32",
        AT,
    );
    f.ty = Type::function(vec![], vec![]);
    assert_error_at(
        verify_module(&module(vec![f])),
        "entry block of @f has 1 argument",
        AT,
    );
}

#[test]
fn successor_operands_must_match_block_arguments() {
    let build = |args_of: fn(&[ValueId]) -> Vec<ValueId>| {
        std_func("f", vec![i32t(), Type::F32], vec![], |body, e, a| {
            let b1 = body.add_block(&[i32t()]);
            body.builder(e)
                .push(op(OpKind::Br, &[], &[]).successor(b1, args_of(a)));
            body.builder(b1).ret(vec![]);
        })
    };
    let r = verify_module(&module(vec![build(|a| vec![a[0], a[0]])]));
    assert_error_at(
        r,
        "successor #0 (^bb1) is passed 2 operands, but the block takes 1 argument",
        AT,
    );
    let r = verify_module(&module(vec![build(|a| vec![a[1]])]));
    assert_error_at(
        r,
        "successor #0 (^bb1) operand #0 has type f32, but the block argument has type i32",
        AT,
    );
}

#[test]
fn entry_block_cannot_be_a_successor() {
    let f = std_func("f", vec![], vec![], |body, e, _| {
        body.builder(e)
            .push(op(OpKind::Br, &[], &[]).successor(e, vec![]));
    });
    assert_error_at(verify_module(&module(vec![f])), "is the entry block", AT);
}

#[test]
fn branches_check_successor_counts_and_conditions() {
    let f = std_func("f", vec![i32t()], vec![], |body, e, a| {
        let b1 = body.add_block(&[]);
        body.builder(e).push(
            op(OpKind::CondBr, &[a[0]], &[])
                .successor(b1, vec![])
                .successor(b1, vec![]),
        );
        body.builder(b1).push(op(OpKind::Br, &[], &[]));
    });
    let r = verify_module(&module(vec![f]));
    assert_error_at(r.clone(), "condition must be i1, found i32", AT);
    assert_error_at(r, "expects 1 successor, found 0", AT);
}

#[test]
fn return_must_match_the_function_results() {
    let f = std_func("f", vec![i32t()], vec![Type::F32], |body, e, a| {
        body.builder(e).push(op(OpKind::Return, &[a[0]], &[]));
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "operand types (i32) do not match the result types (f32) of @f",
        AT,
    );
    let f = std_func("f", vec![], vec![i32t()], |body, e, _| {
        body.builder(e).push(op(OpKind::Return, &[], &[]));
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "operand types () do not match",
        AT,
    );
}

#[test]
fn calls_check_callee_and_signature() {
    let g = Func::new_std_decl("g", vec![i32t()], vec![Type::F32]);
    let call = |callee: &str, args: Vec<Type>, results: Vec<Type>| {
        let callee = callee.to_string();
        let f = std_func("f", args, vec![], move |body, e, a| {
            let mut b = body.builder(e);
            b.push(op(OpKind::Call, a, &results).attr("callee", Attribute::SymbolRef(callee)));
            b.at(Loc::UNKNOWN).ret(vec![]);
        });
        verify_module(&module(vec![g.clone(), f]))
    };
    assert_ok(call("g", vec![i32t()], vec![Type::F32]));
    assert_error_at(
        call("h", vec![i32t()], vec![Type::F32]),
        "calls an undefined function @h",
        AT,
    );
    assert_error_at(
        call("g", vec![Type::i64()], vec![Type::F32]),
        "operand types (i64) do not match the input types (i32) of @g",
        AT,
    );
    assert_error_at(
        call("g", vec![i32t()], vec![]),
        "result types () do not match the result types (f32) of @g",
        AT,
    );
    let r = check_op(OpKind::Call, vec![], &[]);
    assert_error_at(r, "requires a symbol 'callee' attribute", AT);
}

#[test]
fn call_indirect_checks_the_callee_type() {
    let ft = Type::function(vec![i32t()], vec![i32t()]);
    assert_ok(check_op(
        OpKind::CallIndirect,
        vec![ft.clone(), i32t()],
        &[i32t()],
    ));
    let r = check_op(OpKind::CallIndirect, vec![i32t(), i32t()], &[i32t()]);
    assert_error_at(r, "callee must be function-typed, found i32", AT);
    let r = check_op(OpKind::CallIndirect, vec![ft.clone(), Type::F32], &[i32t()]);
    assert_error_at(
        r,
        "operand types (f32) do not match the input types (i32)",
        AT,
    );
    let r = check_op(OpKind::CallIndirect, vec![ft], &[i32t()]);
    assert_error_at(r, "operand types () do not match", AT);
}

// ---------------------------------------------------------------- dominance

#[test]
fn use_before_definition_in_the_same_block() {
    let f = std_func("f", vec![], vec![], |body, e, _| {
        let mut b = body.builder(e);
        // Create the use first, then the definition, and patch the operand.
        let c = b.const_int(1, i32t());
        let user = b.push(op(OpKind::AddI, &[c, c], &[i32t()]));
        let later = b.const_int(2, i32t());
        b.ret(vec![]);
        body.op_mut(user).operands[1] = later;
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "operand #1 is used before its definition",
        AT,
    );
}

#[test]
fn op_using_its_own_result() {
    let f = std_func("f", vec![i32t()], vec![], |body, e, a| {
        let mut b = body.builder(e);
        let user = b.push(op(OpKind::AddI, &[a[0], a[0]], &[i32t()]));
        b.ret(vec![]);
        let r = body.op(user).result(0);
        body.op_mut(user).operands[0] = r;
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "operand #0 is the op's own result",
        AT,
    );
}

/// A diamond: entry -> then | else -> join. Returns the body's blocks.
fn diamond(body: &mut Body, e: BlockId, cond: ValueId) -> [BlockId; 3] {
    let t = body.add_block(&[]);
    let f = body.add_block(&[]);
    let j = body.add_block(&[]);
    body.builder(e).cond_br(cond, t, vec![], f, vec![]);
    body.builder(t).br(j, vec![]);
    body.builder(f).br(j, vec![]);
    [t, f, j]
}

#[test]
fn value_from_one_branch_does_not_dominate_the_join() {
    let f = std_func("f", vec![Type::i1()], vec![], |body, e, a| {
        let [t, _, j] = diamond(body, e, a[0]);
        let x = body.insert_op(
            t,
            0,
            NewOp::new(OpKind::Constant)
                .attr("value", Attribute::int(1, i32t()))
                .result(i32t()),
        );
        let x = body.op(x).result(0);
        let mut b = body.builder(j);
        b.push(op(OpKind::AddI, &[x, x], &[i32t()]));
        b.at(Loc::UNKNOWN).ret(vec![]);
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "operand #0 does not dominate this use (defined in ^bb1, used in ^bb3)",
        AT,
    );
}

#[test]
fn values_from_dominating_blocks_and_loops_are_fine() {
    let f = std_func("f", vec![Type::i1()], vec![], |body, e, a| {
        let x = body.insert_op(
            e,
            0,
            NewOp::new(OpKind::Constant)
                .attr("value", Attribute::int(1, i32t()))
                .result(i32t()),
        );
        let x = body.op(x).result(0);
        let [t, _, j] = diamond(body, e, a[0]);
        body.insert_op(
            t,
            0,
            NewOp::new(OpKind::AddI).operands([x, x]).result(i32t()),
        );
        body.insert_op(
            j,
            0,
            NewOp::new(OpKind::AddI).operands([x, x]).result(i32t()),
        );
        // A back edge from the join to the then-block keeps dominance intact.
        let term = body.terminator(j).unwrap();
        body.remove_op(term);
        body.builder(j).cond_br(a[0], t, vec![], j, vec![]);
    });
    // The cond_br above targets the join block itself, which is fine in Standard.
    assert_ok(verify_module(&module(vec![f])));
}

#[test]
fn successor_operands_must_be_dominated() {
    let f = std_func("f", vec![Type::i1()], vec![], |body, e, a| {
        let [t, fb, j] = diamond(body, e, a[0]);
        let x = body.insert_op(
            t,
            0,
            NewOp::new(OpKind::Constant)
                .attr("value", Attribute::int(1, i32t()))
                .result(i32t()),
        );
        let x = body.op(x).result(0);
        let y = body.add_block(&[i32t()]);
        let term = body.terminator(fb).unwrap();
        body.remove_op(term);
        body.builder(fb)
            .push(op(OpKind::Br, &[], &[]).successor(y, vec![x]));
        body.builder(y).br(j, vec![]);
        body.builder(j).ret(vec![]);
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "successor operand #0 does not dominate this use",
        AT,
    );
}

#[test]
fn uses_in_unreachable_blocks_are_only_checked_for_order() {
    // ^bb1 is unreachable and uses a value of the (unrelated) reachable ^bb0: accepted.
    let f = std_func("f", vec![], vec![], |body, e, _| {
        let mut b = body.builder(e);
        let x = b.const_int(1, i32t());
        b.ret(vec![]);
        let dead = body.add_block(&[]);
        let other = body.add_block(&[]);
        let mut b = body.builder(other);
        let y = b.const_int(2, i32t());
        b.ret(vec![]);
        let mut b = body.builder(dead);
        b.binary(OpKind::AddI, x, y);
        b.ret(vec![]);
    });
    assert_ok(verify_module(&module(vec![f])));
    // ... but order inside an unreachable block still matters.
    let f = std_func("f", vec![], vec![], |body, e, _| {
        body.builder(e).ret(vec![]);
        let dead = body.add_block(&[]);
        let mut b = body.builder(dead);
        let c = b.const_int(1, i32t());
        let user = b.push(op(OpKind::AddI, &[c, c], &[i32t()]));
        let later = b.const_int(2, i32t());
        b.ret(vec![]);
        body.op_mut(user).operands[0] = later;
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "used before its definition",
        AT,
    );
}

#[test]
fn value_from_an_unreachable_block_does_not_dominate_a_reachable_use() {
    let f = std_func("f", vec![], vec![], |body, e, _| {
        let dead = body.add_block(&[]);
        let mut b = body.builder(dead);
        let x = b.const_int(1, i32t());
        b.ret(vec![]);
        let mut b = body.builder(e);
        b.push(op(OpKind::AddI, &[x, x], &[i32t()]));
        b.at(Loc::UNKNOWN).ret(vec![]);
    });
    assert_error_at(
        verify_module(&module(vec![f])),
        "does not dominate this use",
        AT,
    );
}

// ---------------------------------------------------------------- functions and module

#[test]
fn duplicate_function_names_are_reported() {
    let mut a = Func::new_std_decl("f", vec![], vec![]);
    a.loc = Loc::new(1, 1);
    let mut b = Func::new_std_decl("f", vec![i32t()], vec![]);
    b.loc = AT;
    let errs = verify_module(&module(vec![a, b])).unwrap_err();
    assert_eq!(errs.len(), 1);
    assert!(errs[0].message.contains("redefinition of function @f"));
    assert_eq!(errs[0].loc, AT);
    assert_eq!(errs[0].notes[0].0, Loc::new(1, 1));
}

#[test]
fn llvm_ops_are_rejected_in_standard_functions() {
    let r = check_op(OpKind::LlvmAdd, vec![i32t(), i32t()], &[i32t()]);
    assert_error_at(r, "LLVM-dialect op in a Standard-dialect function", AT);
}

#[test]
fn all_errors_are_collected() {
    let f = std_func("f", vec![i32t(), Type::F32], vec![], |body, e, a| {
        let mut b = body.builder(e);
        b.at(Loc::new(2, 1)).push(
            NewOp::new(OpKind::AddI)
                .operands([a[0], a[1]])
                .result(i32t()),
        );
        b.at(Loc::new(3, 1)).push(
            NewOp::new(OpKind::AddF)
                .operands([a[0], a[0]])
                .result(i32t()),
        );
        b.at(Loc::new(4, 1)).ret(vec![a[0]]);
    });
    let errs = verify_module(&module(vec![f])).unwrap_err();
    let lines: Vec<u32> = errs.iter().map(|d| d.loc.line).collect();
    assert_eq!(lines, vec![2, 3, 4], "{errs:?}");
}

/// Every op kind with every operand count from 0 to 3 over assorted types, in both
/// verifiers: errors are expected, panics are not.
#[test]
fn malformed_ops_never_panic() {
    let types = [
        i32t(),
        Type::Index,
        Type::F32,
        v4(Type::i1()),
        mr(vec![None], Type::F32),
        Type::unranked_memref(Type::F32),
        Type::function(vec![], vec![]),
        Type::llvm_ptr(Type::i8()),
        Type::llvm_struct(vec![i32t()]),
    ];
    for &k in OpKind::ALL.iter().chain([OpKind::Unregistered].iter()) {
        for n in 0..4usize {
            for (ti, t) in types.iter().enumerate() {
                let t2 = types[(ti + 3) % types.len()].clone();
                let inputs: Vec<Type> = (0..n)
                    .map(|i| if i % 2 == 0 { t.clone() } else { t2.clone() })
                    .collect();
                let results: Vec<Type> = if n % 2 == 0 { vec![t.clone()] } else { vec![] };
                let mut new = NewOp::new(k).results(results.clone());
                if k == OpKind::Unregistered {
                    new.unregistered_name = Some("x.y".into());
                }
                for (name, attr) in [
                    ("value", Attribute::int(1, t.clone())),
                    (
                        "predicate",
                        Attribute::Int {
                            value: 0,
                            ty: i32t(),
                        },
                    ),
                    (
                        "position",
                        Attribute::Array(vec![Attribute::index(5), Attribute::Bool(true)]),
                    ),
                    (
                        "indices",
                        Attribute::Array(vec![Attribute::index(0), Attribute::index(i64::MIN)]),
                    ),
                    ("elem_type", Attribute::Type(t.clone())),
                    ("callee", Attribute::SymbolRef("f".into())),
                    ("index", Attribute::index(-1)),
                    ("mask", Attribute::Array(vec![Attribute::index(9)])),
                ] {
                    if (n + ti) % 3 != 0 {
                        new = new.attr(name, attr);
                    }
                }
                let build = |b: &mut Body, e: BlockId, a: &[ValueId]| {
                    let mut new = new.clone();
                    new.operands = a.to_vec();
                    b.append_op(e, new);
                };
                let std = std_func("f", inputs.clone(), vec![], build);
                let _ = verify_module(&module(vec![std]));
                let llvm = super::test_util::llvm_func("f", inputs, Type::LlvmVoid, build);
                let _ = super::verify_llvm_module(&module(vec![llvm]));
            }
        }
    }
}

// ---------------------------------------------------------------- scale

/// A function of `blocks` blocks in a chain of diamonds, with `per_block` arithmetic
/// ops each that use values of dominating blocks: about `blocks * (per_block + 2)` ops.
pub(super) fn large_function(blocks: usize, per_block: usize) -> Func {
    std_func(
        "big",
        vec![i32t(), Type::i1()],
        vec![i32t()],
        |body, e, a| {
            let (mut cur, mut acc) = (e, a[0]);
            for _ in 0..blocks / 3 {
                let t = body.add_block(&[]);
                let f = body.add_block(&[]);
                let j = body.add_block(&[i32t()]);
                let mut b = body.builder(cur);
                for _ in 0..per_block {
                    acc = b.binary(OpKind::AddI, acc, a[0]);
                }
                let c = b.cmpi("slt", acc, a[0]);
                b.cond_br(c, t, vec![], f, vec![]);
                let mut b = body.builder(t);
                let x = b.binary(OpKind::MulI, acc, acc);
                b.br(j, vec![x]);
                let mut b = body.builder(f);
                let y = b.binary(OpKind::SubI, acc, a[0]);
                b.br(j, vec![y]);
                cur = j;
                acc = body.block_args(j)[0];
            }
            body.builder(cur).ret(vec![acc]);
        },
    )
}

#[test]
fn fifty_thousand_op_modules_verify_quickly() {
    for (blocks, per_block) in [(9000, 14), (30_000, 0)] {
        let f = large_function(blocks, per_block);
        let n = f.body.as_ref().unwrap().ops.len();
        assert!(n >= 50_000, "{n}");
        let m = module(vec![f]);
        let start = std::time::Instant::now();
        assert_ok(verify_module(&m));
        let took = start.elapsed();
        eprintln!("{n} ops verified in {took:?}");
        assert!(took.as_secs_f64() < 2.0, "{n} ops took {took:?}");
    }
}

#[test]
fn ill_formed_types_are_reported() {
    let cases = [
        (Type::Int(0), "integer widths must be between 1 and 128"),
        (Type::Int(129), "integer widths must be between 1 and 128"),
        (Type::vector(vec![], Type::F32), "at least one dimension"),
        (
            Type::vector(vec![4, 0], Type::F32),
            "vector dimensions must be positive",
        ),
        (
            Type::vector(vec![2], v4(Type::F32)),
            "vector elements must be integers, index or floats",
        ),
        (
            mr(vec![Some(2)], mr(vec![], Type::F32)),
            "memref elements must be",
        ),
        (
            Type::unranked_memref(Type::function(vec![], vec![])),
            "memref elements must be",
        ),
        (
            Type::memref_with_layout(
                vec![Some(2), Some(2)],
                Type::F32,
                Layout::Strided(StridedLayout {
                    offset: Some(0),
                    strides: vec![Some(1)],
                }),
            ),
            "one stride per dimension",
        ),
        (
            Type::llvm_ptr(Type::F32),
            "LLVM-dialect types cannot appear",
        ),
        (
            Type::function(vec![Type::Int(0)], vec![]),
            "which contains i0",
        ),
    ];
    for (t, msg) in cases {
        // As an op result ...
        let r = check(vec![], |b, _| {
            b.push(NewOp::unregistered("make").result(t.clone()).loc(AT));
        });
        assert_error_at(r, msg, AT);
        // ... as a block argument ...
        let f = std_func("f", vec![], vec![], |body, e, _| {
            body.builder(e).ret(vec![]);
            let b1 = body.add_block(std::slice::from_ref(&t));
            body.block_mut(b1).loc = AT;
            body.builder(b1).ret(vec![]);
        });
        assert_error_at(verify_module(&module(vec![f])), msg, AT);
        // ... and in a signature.
        let mut f = Func::new_std_decl("g", vec![t.clone()], vec![]);
        f.loc = AT;
        assert_error_at(verify_module(&module(vec![f])), msg, AT);
    }
}

mod prop {
    use super::*;
    use proptest::prelude::*;

    /// An edit that breaks a valid body in some way.
    #[derive(Clone, Debug)]
    enum Edit {
        /// Set an operand of an op to an arbitrary value of the body.
        Operand {
            op: usize,
            slot: usize,
            value: usize,
        },
        /// Retarget a successor to an arbitrary block.
        Successor {
            op: usize,
            slot: usize,
            block: usize,
        },
        /// Unlink an op.
        Remove { op: usize },
        /// Move an op to the end of another block.
        Move { op: usize, block: usize },
    }

    fn edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            (any::<usize>(), any::<usize>(), any::<usize>())
                .prop_map(|(op, slot, value)| Edit::Operand { op, slot, value }),
            (any::<usize>(), any::<usize>(), any::<usize>())
                .prop_map(|(op, slot, block)| Edit::Successor { op, slot, block }),
            any::<usize>().prop_map(|op| Edit::Remove { op }),
            (any::<usize>(), any::<usize>()).prop_map(|(op, block)| Edit::Move { op, block }),
        ]
    }

    fn apply(body: &mut Body, e: &Edit) {
        let (nops, nvals, nblocks) = (body.ops.len(), body.values.len(), body.blocks.len());
        match *e {
            Edit::Operand { op, slot, value } => {
                let o = body.op_mut(OpId((op % nops) as u32));
                if !o.operands.is_empty() {
                    let n = o.operands.len();
                    o.operands[slot % n] = ValueId((value % nvals) as u32);
                }
            }
            Edit::Successor { op, slot, block } => {
                let o = body.op_mut(OpId((op % nops) as u32));
                if !o.successors.is_empty() {
                    let n = o.successors.len();
                    o.successors[slot % n].block = BlockId((block % nblocks) as u32);
                }
            }
            Edit::Remove { op } => body.remove_op(OpId((op % nops) as u32)),
            Edit::Move { op, block } => {
                let id = OpId((op % nops) as u32);
                body.remove_op(id);
                let b = BlockId((block % nblocks) as u32);
                body.ops[id.index()].parent = Some(b);
                body.block_mut(b).ops.push(id);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Arbitrary damage to a valid function is reported, never a panic; a function
        /// that still verifies has a terminator ending every block, and lowers to a
        /// module that passes the LLVM verifier.
        #[test]
        fn damaged_functions_never_panic(edits in proptest::collection::vec(edit(), 1..6)) {
            let mut f = large_function(12, 2);
            let body = f.body.as_mut().unwrap();
            for e in &edits {
                apply(body, e);
            }
            let m = module(vec![f]);
            if verify_module(&m).is_ok() {
                let body = m.funcs[0].body.as_ref().unwrap();
                for &b in &body.layout {
                    let last = body.terminator(b).expect("non-empty block");
                    prop_assert!(body.op(last).kind.is_terminator());
                }
                // Whatever still verifies lowers to a module the LLVM verifier accepts.
                let lowered = crate::lower::lower_module(&m, &Default::default());
                prop_assert!(lowered.is_ok(), "{:?}", lowered.err());
                let checked = crate::verify::verify_llvm_module(&lowered.unwrap());
                prop_assert!(checked.is_ok(), "{:?}", checked.err());
            }
        }
    }
}
