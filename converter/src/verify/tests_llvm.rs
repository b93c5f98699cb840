//! Tests of the LLVM-dialect verifier on small, hand-built "lowered-looking"
//! functions: memref descriptors built with insertvalue, read with extractvalue,
//! gep + load/store, calls, constants; and the errors the oracle must catch, notably a
//! terminator naming one successor block twice.

use super::test_util::{assert_error_at, assert_ok, llvm_decl, llvm_func, module, AT};
use super::verify_llvm_module;
use crate::diag::{Diagnostic, Loc};
use crate::ir::*;

type Res = Result<(), Vec<Diagnostic>>;

fn f32p() -> Type {
    Type::llvm_ptr(Type::F32)
}
fn i64t() -> Type {
    Type::i64()
}
/// `!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>`
fn desc1() -> Type {
    Type::llvm_struct(vec![
        f32p(),
        f32p(),
        i64t(),
        Type::llvm_array(1, i64t()),
        Type::llvm_array(1, i64t()),
    ])
}
fn pos(p: &[i64]) -> Attribute {
    Attribute::Array(
        p.iter()
            .map(|&i| Attribute::int(i as i128, i64t()))
            .collect(),
    )
}
fn op(kind: OpKind, operands: &[ValueId], results: &[Type]) -> NewOp {
    NewOp::new(kind)
        .operands(operands.iter().copied())
        .results(results.iter().cloned())
        .loc(AT)
}
fn constant(b: &mut Builder, v: i128, ty: Type) -> ValueId {
    b.push1(
        NewOp::new(OpKind::LlvmConstant)
            .attr("value", Attribute::int(v, ty.clone()))
            .result(ty),
    )
}
fn ret_void(b: &mut Builder) {
    b.at(Loc::UNKNOWN).push(NewOp::new(OpKind::LlvmReturn));
}

/// Verifies `@f(params) -> void` whose entry block holds what `build` appends, then
/// `llvm.return`.
fn check(params: Vec<Type>, build: impl FnOnce(&mut Builder, &[ValueId])) -> Res {
    let f = llvm_func("f", params, Type::LlvmVoid, |body, e, a| {
        let mut b = body.builder(e);
        build(&mut b, a);
        ret_void(&mut b);
    });
    verify_llvm_module(&module(vec![f]))
}

fn check_op(kind: OpKind, params: Vec<Type>, results: &[Type]) -> Res {
    check(params, |b, a| {
        b.push(op(kind, a, results));
    })
}

/// The spec's lowering of `func @foo(%arg0: memref<?xf32>)`, extended with a load and
/// a store through `gep`.
fn descriptor_function() -> Func {
    let params = vec![f32p(), f32p(), i64t(), i64t(), i64t()];
    llvm_func("foo", params, Type::LlvmVoid, |body, e, a| {
        let mut b = body.builder(e);
        let mut d = b.push1(NewOp::new(OpKind::LlvmUndef).result(desc1()));
        for (i, p) in [[0, -1], [1, -1], [2, -1], [3, 0], [4, 0]]
            .iter()
            .enumerate()
        {
            let p: &[i64] = if p[1] < 0 { &p[..1] } else { &p[..] };
            d = b.push1(
                NewOp::new(OpKind::LlvmInsertValue)
                    .operands([d, a[i]])
                    .attr("position", pos(p))
                    .result(desc1()),
            );
        }
        let aligned = b.push1(
            NewOp::new(OpKind::LlvmExtractValue)
                .operands([d])
                .attr("position", pos(&[1]))
                .result(f32p()),
        );
        let off = b.push1(
            NewOp::new(OpKind::LlvmExtractValue)
                .operands([d])
                .attr("position", pos(&[2]))
                .result(i64t()),
        );
        let stride = b.push1(
            NewOp::new(OpKind::LlvmExtractValue)
                .operands([d])
                .attr("position", pos(&[4, 0]))
                .result(i64t()),
        );
        let i = b.push1(
            NewOp::new(OpKind::LlvmMul)
                .operands([stride, off])
                .result(i64t()),
        );
        let idx = b.push1(
            NewOp::new(OpKind::LlvmAdd)
                .operands([i, off])
                .result(i64t()),
        );
        let p = b.push1(
            NewOp::new(OpKind::LlvmGep)
                .operands([aligned, idx])
                .attr("elem_type", Attribute::Type(Type::F32))
                .attr(
                    "indices",
                    Attribute::Array(vec![Attribute::index(i64::MIN)]),
                )
                .result(f32p()),
        );
        let x = b.push1(
            NewOp::new(OpKind::LlvmLoad)
                .operands([p])
                .attr("elem_type", Attribute::Type(Type::F32))
                .attr("alignment", Attribute::int(4, i64t()))
                .result(Type::F32),
        );
        let y = b.push1(
            NewOp::new(OpKind::LlvmFAdd)
                .operands([x, x])
                .result(Type::F32),
        );
        b.push(NewOp::new(OpKind::LlvmStore).operands([y, p]));
        ret_void(&mut b);
    })
}

// ---------------------------------------------------------------- positive tests

#[test]
fn memref_descriptor_function_verifies() {
    assert_ok(verify_llvm_module(&module(vec![descriptor_function()])));
}

#[test]
fn calls_allocas_and_the_c_interface_pattern_verify() {
    let pair = Type::llvm_struct(vec![Type::i32(), i64t()]);
    let callee = llvm_func("pair", vec![Type::i32()], pair.clone(), |body, e, a| {
        let mut b = body.builder(e);
        let u = b.push1(NewOp::new(OpKind::LlvmUndef).result(pair.clone()));
        let w = b.push1(NewOp::new(OpKind::LlvmSExt).operands([a[0]]).result(i64t()));
        let u = b.push1(
            NewOp::new(OpKind::LlvmInsertValue)
                .operands([u, a[0]])
                .attr("position", pos(&[0]))
                .result(pair.clone()),
        );
        let u = b.push1(
            NewOp::new(OpKind::LlvmInsertValue)
                .operands([w, u])
                .attr("position", pos(&[1]))
                .result(pair.clone()),
        );
        b.push(NewOp::new(OpKind::LlvmReturn).operands([u]));
    });
    let iface = llvm_decl(
        "_mlir_ciface_qux",
        vec![Type::llvm_ptr(desc1())],
        Type::LlvmVoid,
    );
    let vfn = Type::llvm_func(pair.clone(), vec![Type::i32()]);
    let f = llvm_func("f", vec![Type::i32()], Type::i32(), |body, e, a| {
        let mut b = body.builder(e);
        let r = b.push1(
            NewOp::new(OpKind::LlvmCall)
                .operands([a[0]])
                .attr("callee", Attribute::SymbolRef("pair".into()))
                .attr("callee_type", Attribute::Type(vfn.clone()))
                .result(pair.clone()),
        );
        let fp = b.push1(
            NewOp::new(OpKind::LlvmAddressOf)
                .attr("global_name", Attribute::SymbolRef("pair".into()))
                .result(Type::llvm_ptr(vfn.clone())),
        );
        b.push(
            NewOp::new(OpKind::LlvmCall)
                .operands([fp, a[0]])
                .attr("callee_type", Attribute::Type(vfn.clone()))
                .result(pair.clone()),
        );
        let one = constant(&mut b, 1, i64t());
        let slot = b.push1(
            NewOp::new(OpKind::LlvmAlloca)
                .operands([one])
                .attr("elem_type", Attribute::Type(desc1()))
                .attr("alignment", Attribute::int(8, i64t()))
                .result(Type::llvm_ptr(desc1())),
        );
        let d = b.push1(NewOp::new(OpKind::LlvmUndef).result(desc1()));
        b.push(NewOp::new(OpKind::LlvmStore).operands([d, slot]));
        b.push(
            NewOp::new(OpKind::LlvmCall)
                .operands([slot])
                .attr("callee", Attribute::SymbolRef("_mlir_ciface_qux".into())),
        );
        let d2 = b.push1(
            NewOp::new(OpKind::LlvmLoad)
                .operands([slot])
                .attr("elem_type", Attribute::Type(desc1()))
                .result(desc1()),
        );
        let sizep = b.push1(
            NewOp::new(OpKind::LlvmGep)
                .operands([slot])
                .attr("elem_type", Attribute::Type(desc1()))
                .attr(
                    "indices",
                    Attribute::Array(vec![
                        Attribute::index(0),
                        Attribute::index(3),
                        Attribute::index(0),
                    ]),
                )
                .result(Type::llvm_ptr(i64t())),
        );
        b.push(
            NewOp::new(OpKind::LlvmExtractValue)
                .operands([d2])
                .attr("position", pos(&[3, 0]))
                .result(i64t()),
        );
        b.push(
            NewOp::new(OpKind::LlvmLoad)
                .operands([sizep])
                .result(i64t()),
        );
        let x = b.push1(
            NewOp::new(OpKind::LlvmExtractValue)
                .operands([r])
                .attr("position", pos(&[0]))
                .result(Type::i32()),
        );
        b.push(NewOp::new(OpKind::LlvmReturn).operands([x]));
    });
    assert_ok(verify_llvm_module(&module(vec![callee, iface, f])));
}

#[test]
fn arithmetic_compares_casts_and_constants_verify() {
    let v4f = Type::vector(vec![4], Type::F32);
    assert_ok(check(
        vec![
            Type::i32(),
            Type::F64,
            v4f.clone(),
            Type::llvm_ptr(Type::i8()),
        ],
        |b, a| {
            let (i, f, v, p) = (a[0], a[1], a[2], a[3]);
            for k in [
                OpKind::LlvmAdd,
                OpKind::LlvmSDiv,
                OpKind::LlvmShl,
                OpKind::LlvmLShr,
                OpKind::LlvmXor,
            ] {
                b.push(NewOp::new(k).operands([i, i]).result(Type::i32()));
            }
            for k in [OpKind::LlvmFAdd, OpKind::LlvmFRem] {
                b.push(NewOp::new(k).operands([v, v]).result(v4f.clone()));
            }
            b.push(NewOp::new(OpKind::LlvmFNeg).operands([f]).result(Type::F64));
            b.push(NewOp::new(OpKind::LlvmFAbs).operands([f]).result(Type::F64));
            for p in CMPI_PREDICATES {
                b.push(
                    NewOp::new(OpKind::LlvmICmp)
                        .operands([i, i])
                        .attr("predicate", Attribute::Str(p.into()))
                        .result(Type::i1()),
                );
            }
            for p in CMPF_PREDICATES {
                b.push(
                    NewOp::new(OpKind::LlvmFCmp)
                        .operands([f, f])
                        .attr("predicate", Attribute::Str(p.into()))
                        .result(Type::i1()),
                );
            }
            let c = b.push1(
                NewOp::new(OpKind::LlvmFCmp)
                    .operands([v, v])
                    .attr("predicate", Attribute::Str("_true".into()))
                    .result(Type::vector(vec![4], Type::i1())),
            );
            b.push(
                NewOp::new(OpKind::LlvmSelect)
                    .operands([c, v, v])
                    .result(v4f.clone()),
            );
            let w = b.push1(NewOp::new(OpKind::LlvmZExt).operands([i]).result(i64t()));
            b.push(
                NewOp::new(OpKind::LlvmTrunc)
                    .operands([w])
                    .result(Type::i8()),
            );
            b.push(
                NewOp::new(OpKind::LlvmSIToFP)
                    .operands([i])
                    .result(Type::F16),
            );
            b.push(
                NewOp::new(OpKind::LlvmFPToSI)
                    .operands([f])
                    .result(Type::i(17)),
            );
            b.push(
                NewOp::new(OpKind::LlvmFPTrunc)
                    .operands([f])
                    .result(Type::F32),
            );
            b.push(
                NewOp::new(OpKind::LlvmBitcast)
                    .operands([w])
                    .result(Type::F64),
            );
            b.push(
                NewOp::new(OpKind::LlvmBitcast)
                    .operands([v])
                    .result(Type::vector(vec![2], i64t())),
            );
            let n = b.push1(
                NewOp::new(OpKind::LlvmPtrToInt)
                    .operands([p])
                    .result(i64t()),
            );
            let q = b.push1(
                NewOp::new(OpKind::LlvmIntToPtr)
                    .operands([n])
                    .result(Type::llvm_ptr(Type::i8())),
            );
            b.push(NewOp::new(OpKind::LlvmMemcpy).operands([q, p, n]));
            let x = b.push1(
                NewOp::new(OpKind::LlvmExtractElement)
                    .operands([v, i])
                    .result(Type::F32),
            );
            b.push(
                NewOp::new(OpKind::LlvmInsertElement)
                    .operands([v, x, i])
                    .result(v4f.clone()),
            );
            b.push(
                NewOp::new(OpKind::LlvmShuffleVector)
                    .operands([v, v])
                    .attr(
                        "mask",
                        Attribute::Array(vec![
                            Attribute::int(7, Type::i32()),
                            Attribute::int(-1, Type::i32()),
                        ]),
                    )
                    .result(Type::vector(vec![2], Type::F32)),
            );
            // Constants: index attribute on an i64 (LLVM 11's spelling), i1 booleans,
            // floats, dense vectors and dense 2-D vectors as arrays of 1-D vectors.
            b.push(
                NewOp::new(OpKind::LlvmConstant)
                    .attr("value", Attribute::index(1))
                    .result(i64t()),
            );
            b.push(
                NewOp::new(OpKind::LlvmConstant)
                    .attr("value", Attribute::Bool(false))
                    .result(Type::i1()),
            );
            b.push(
                NewOp::new(OpKind::LlvmConstant)
                    .attr("value", Attribute::float(0.5, Type::F16))
                    .result(Type::F16),
            );
            let v23 = Type::vector(vec![2, 3], Type::F32);
            b.push(
                NewOp::new(OpKind::LlvmConstant)
                    .attr(
                        "value",
                        Attribute::Dense {
                            ty: v23,
                            values: DenseValues::Splat(Box::new(Attribute::float(1.0, Type::F32))),
                        },
                    )
                    .result(Type::llvm_array(2, Type::vector(vec![3], Type::F32))),
            );
            b.push(NewOp::new(OpKind::LlvmZero).result(desc1()));
        },
    ));
}

#[test]
fn branches_with_distinct_successors_verify() {
    let f = llvm_func("f", vec![Type::i1(), i64t()], i64t(), |body, e, a| {
        let b1 = body.add_block(&[i64t()]);
        let b2 = body.add_block(&[i64t()]);
        let dead = body.add_block(&[]);
        body.builder(e).push(
            NewOp::new(OpKind::LlvmCondBr)
                .operands([a[0]])
                .successor(b1, vec![a[1]])
                .successor(b2, vec![a[1]]),
        );
        let x = body.block_args(b1)[0];
        body.builder(b1)
            .push(NewOp::new(OpKind::LlvmBr).successor(b2, vec![x]));
        let y = body.block_args(b2)[0];
        body.builder(b2)
            .push(NewOp::new(OpKind::LlvmReturn).operands([y]));
        body.builder(dead).push(NewOp::new(OpKind::LlvmUnreachable));
    });
    assert_ok(verify_llvm_module(&module(vec![f])));
}

#[test]
fn unregistered_ops_are_accepted_in_llvm_functions() {
    assert_ok(check(vec![desc1()], |b, a| {
        b.push(NewOp::unregistered("use").operands([a[0]]));
    }));
}

// ---------------------------------------------------------------- negative tests

#[test]
fn cond_br_to_the_same_block_twice_is_reported_with_the_block() {
    let f = llvm_func(
        "f",
        vec![Type::i1(), i64t()],
        Type::LlvmVoid,
        |body, e, a| {
            let b1 = body.add_block(&[i64t()]);
            body.builder(e).push(
                op(OpKind::LlvmCondBr, &[a[0]], &[])
                    .successor(b1, vec![a[1]])
                    .successor(b1, vec![a[1]]),
            );
            ret_void(&mut body.builder(b1));
        },
    );
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "names block ^bb1 as a successor more than once",
        AT,
    );
    // Also without operands.
    let f = llvm_func("f", vec![Type::i1()], Type::LlvmVoid, |body, e, a| {
        let b1 = body.add_block(&[]);
        let b2 = body.add_block(&[]);
        ret_void(&mut body.builder(b1));
        body.builder(e).push(
            op(OpKind::LlvmCondBr, &[a[0]], &[])
                .successor(b2, vec![])
                .successor(b2, vec![]),
        );
        ret_void(&mut body.builder(b2));
    });
    let errs = verify_llvm_module(&module(vec![f])).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].message.contains("block ^bb2"),
        "{}",
        errs[0].message
    );
}

#[test]
fn insertvalue_checks_positions_and_field_types() {
    let iv = |p: &[i64], value: Type| {
        check(vec![desc1(), value], |b, a| {
            b.push(op(OpKind::LlvmInsertValue, &[a[0], a[1]], &[desc1()]).attr("position", pos(p)));
        })
    };
    assert_ok(iv(&[3, 0], i64t()));
    assert_error_at(iv(&[5], i64t()), "index 5 is out of range", AT);
    assert_error_at(
        iv(&[3, 1], i64t()),
        "index 1 is out of range for !llvm.array<1 x i64>",
        AT,
    );
    assert_error_at(
        iv(&[2, 0], i64t()),
        "indexes into non-aggregate type i64",
        AT,
    );
    assert_error_at(
        iv(&[0], i64t()),
        "inserts a value of type i64 at position [0] of type !llvm.ptr",
        AT,
    );
    assert_error_at(iv(&[], i64t()), "empty 'position'", AT);
    let r = check(vec![desc1(), i64t()], |b, a| {
        b.push(op(OpKind::LlvmInsertValue, &[a[0], a[1]], &[desc1()]));
    });
    assert_error_at(r, "requires an array 'position' attribute", AT);
    let r = check(vec![i64t(), i64t()], |b, a| {
        b.push(op(OpKind::LlvmInsertValue, &[a[0], a[1]], &[desc1()]).attr("position", pos(&[2])));
    });
    assert_error_at(
        r,
        "requires the container operand to have the result type",
        AT,
    );
}

#[test]
fn extractvalue_result_must_match_the_field() {
    let r = check(vec![desc1()], |b, a| {
        b.push(
            op(OpKind::LlvmExtractValue, &[a[0]], &[Type::i32()]).attr("position", pos(&[4, 0])),
        );
    });
    assert_error_at(
        r,
        "result type i32 does not match the type i64 at position [4, 0]",
        AT,
    );
    let r = check(vec![i64t()], |b, a| {
        b.push(op(OpKind::LlvmExtractValue, &[a[0]], &[i64t()]).attr("position", pos(&[0])));
    });
    assert_error_at(r, "indexes into non-aggregate type i64", AT);
}

#[test]
fn gep_load_store_and_alloca_require_pointers() {
    let r = check(vec![i64t(), i64t()], |b, a| {
        b.push(
            op(OpKind::LlvmGep, &[a[0], a[1]], &[f32p()])
                .attr("elem_type", Attribute::Type(Type::F32)),
        );
    });
    assert_error_at(r, "base must be a pointer, found i64", AT);
    let r = check(vec![f32p(), Type::F32], |b, a| {
        b.push(op(OpKind::LlvmGep, &[a[0], a[1]], &[f32p()]));
    });
    assert_error_at(r, "index operand #1 must be an integer, found f32", AT);
    let r = check(vec![f32p(), i64t()], |b, a| {
        b.push(op(OpKind::LlvmGep, &[a[0], a[1]], &[f32p()]).attr(
            "indices",
            Attribute::Array(vec![Attribute::index(i64::MIN), Attribute::index(i64::MIN)]),
        ));
    });
    assert_error_at(
        r,
        "'indices' names 2 dynamic indexes, but 1 index operand is given",
        AT,
    );
    let r = check(vec![Type::llvm_ptr(desc1())], |b, a| {
        b.push(
            op(OpKind::LlvmGep, &[a[0]], &[f32p()])
                .attr("elem_type", Attribute::Type(desc1()))
                .attr(
                    "indices",
                    Attribute::Array(vec![Attribute::index(0), Attribute::index(7)]),
                ),
        );
    });
    assert_error_at(r, "index 7 is out of range for struct", AT);
    assert_error_at(
        check_op(OpKind::LlvmLoad, vec![i64t()], &[i64t()]),
        "address must be a pointer, found i64",
        AT,
    );
    let r = check(vec![f32p()], |b, a| {
        b.push(
            op(OpKind::LlvmLoad, &[a[0]], &[i64t()]).attr("elem_type", Attribute::Type(Type::F32)),
        );
    });
    assert_error_at(r, "result type i64 does not match 'elem_type' f32", AT);
    let r = check(vec![f32p()], |b, a| {
        b.push(
            op(OpKind::LlvmLoad, &[a[0]], &[Type::F32])
                .attr("alignment", Attribute::int(3, i64t())),
        );
    });
    assert_error_at(r, "positive power of two", AT);
    assert_error_at(
        check_op(OpKind::LlvmStore, vec![Type::F32, Type::F32], &[]),
        "address (operand #1) must be a pointer",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmAlloca, vec![i64t()], &[i64t()]),
        "result must be a pointer",
        AT,
    );
}

#[test]
fn calls_must_match_the_callee_type() {
    let g = llvm_decl("g", vec![i64t()], Type::F32);
    let call = |args: Vec<Type>, results: Vec<Type>| {
        let f = llvm_func("f", args, Type::LlvmVoid, move |body, e, a| {
            let mut b = body.builder(e);
            b.push(
                op(OpKind::LlvmCall, a, &results).attr("callee", Attribute::SymbolRef("g".into())),
            );
            ret_void(&mut b);
        });
        verify_llvm_module(&module(vec![g.clone(), f]))
    };
    assert_ok(call(vec![i64t()], vec![Type::F32]));
    assert_error_at(
        call(vec![Type::i32()], vec![Type::F32]),
        "operand types (i32) do not match the parameter types (i64) of @g",
        AT,
    );
    assert_error_at(
        call(vec![i64t()], vec![]),
        "result types () do not match the result type f32 of @g",
        AT,
    );
    let r = check(vec![], |b, _| {
        b.push(op(OpKind::LlvmCall, &[], &[]).attr("callee", Attribute::SymbolRef("nope".into())));
    });
    assert_error_at(r, "calls an undefined function @nope", AT);
}

#[test]
fn indirect_calls_need_a_pointer_and_a_callee_type() {
    let ft = Type::llvm_func(Type::LlvmVoid, vec![i64t()]);
    let fp = Type::llvm_ptr(ft.clone());
    let r = check(vec![fp.clone(), i64t()], |b, a| {
        b.push(op(OpKind::LlvmCall, a, &[]));
    });
    assert_error_at(r, "indirect call requires a 'callee_type' attribute", AT);
    let r = check(vec![i64t(), i64t()], |b, a| {
        b.push(op(OpKind::LlvmCall, a, &[]).attr("callee_type", Attribute::Type(ft.clone())));
    });
    assert_error_at(r, "indirect callee (operand #0) must be a pointer", AT);
    let r = check(vec![fp, Type::i32()], |b, a| {
        b.push(op(OpKind::LlvmCall, a, &[]).attr("callee_type", Attribute::Type(ft.clone())));
    });
    assert_error_at(
        r,
        "operand types (i32) do not match the parameter types (i64) of the callee type",
        AT,
    );
}

#[test]
fn return_must_match_the_function_result() {
    let f = llvm_func("f", vec![i64t()], Type::LlvmVoid, |body, e, a| {
        body.builder(e).push(op(OpKind::LlvmReturn, &[a[0]], &[]));
    });
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "operand types (i64) do not match the result type !llvm.void",
        AT,
    );
    let f = llvm_func("f", vec![], Type::F32, |body, e, _| {
        body.builder(e).push(op(OpKind::LlvmReturn, &[], &[]));
    });
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "do not match the result type f32 of @f",
        AT,
    );
}

#[test]
fn constants_must_match_their_result_type() {
    let c = |attr: Attribute, ty: Type| {
        check(vec![], |b, _| {
            b.push(op(OpKind::LlvmConstant, &[], &[ty]).attr("value", attr));
        })
    };
    assert_error_at(
        c(Attribute::int(1, Type::i32()), i64t()),
        "value of type i32 does not match the result type i64",
        AT,
    );
    assert_error_at(
        c(Attribute::float(1.0, Type::F32), Type::F64),
        "does not match the result type f64",
        AT,
    );
    assert_error_at(
        c(Attribute::index(1), Type::F32),
        "value of type index does not match",
        AT,
    );
    let v = Type::vector(vec![4], Type::i32());
    let dense = Attribute::Dense {
        ty: v,
        values: DenseValues::Splat(Box::new(Attribute::int(0, Type::i32()))),
    };
    assert_error_at(
        c(dense, Type::vector(vec![8], Type::i32())),
        "does not match the result type vector<8xi32>",
        AT,
    );
}

#[test]
fn binary_compare_and_cast_type_rules() {
    assert_error_at(
        check_op(OpKind::LlvmAdd, vec![Type::i32(), i64t()], &[Type::i32()]),
        "requires the same type",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmAdd, vec![Type::F32, Type::F32], &[Type::F32]),
        "operands must be integer",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmFMul, vec![i64t(), i64t()], &[i64t()]),
        "operands must be float",
        AT,
    );
    let cmp = |kind: OpKind, p: &str, t: Type, r: Type| {
        let p = p.to_string();
        check(vec![t.clone(), t], move |b, a| {
            b.push(op(kind, a, &[r]).attr("predicate", Attribute::Str(p)));
        })
    };
    assert_error_at(
        cmp(OpKind::LlvmICmp, "lt", i64t(), Type::i1()),
        "invalid predicate \"lt\"",
        AT,
    );
    assert_error_at(
        cmp(OpKind::LlvmFCmp, "eq", Type::F32, Type::i1()),
        "invalid predicate \"eq\"",
        AT,
    );
    assert_error_at(
        cmp(OpKind::LlvmICmp, "eq", i64t(), i64t()),
        "result must be i1",
        AT,
    );
    let v = Type::vector(vec![2], Type::F32);
    assert_error_at(
        cmp(OpKind::LlvmFCmp, "oeq", v, Type::i1()),
        "result must be vector<2xi1>",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmSExt, vec![i64t()], &[Type::i32()]),
        "strictly wider integer",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmTrunc, vec![Type::i32()], &[i64t()]),
        "strictly narrower integer",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmFPExt, vec![Type::F64], &[Type::F32]),
        "strictly wider float",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmSIToFP, vec![Type::F32], &[Type::F32]),
        "casts an integer to a float",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmBitcast, vec![Type::i32()], &[i64t()]),
        "one bit size",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmPtrToInt, vec![i64t()], &[i64t()]),
        "casts a pointer to an integer",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmSelect, vec![i64t(), i64t(), i64t()], &[i64t()]),
        "condition must be i1",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmCondBr, vec![i64t()], &[]),
        "condition must be i1, found i64",
        AT,
    );
}

#[test]
fn standard_types_are_rejected_everywhere() {
    // In the signature, also nested inside a struct behind a pointer.
    let nested = Type::llvm_ptr(Type::llvm_struct(vec![
        i64t(),
        Type::memref(vec![None], Type::F32),
    ]));
    let mut f = llvm_func("f", vec![nested], Type::LlvmVoid, |body, e, _| {
        ret_void(&mut body.builder(e))
    });
    f.loc = AT;
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "which contains memref<?xf32>: memref is a Standard-dialect type",
        AT,
    );
    let mut f = llvm_func("f", vec![], Type::Index, |body, e, _| {
        body.builder(e).push(NewOp::new(OpKind::LlvmUnreachable));
    });
    f.loc = AT;
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "index is a Standard-dialect type",
        AT,
    );
    // Op results, including unregistered ops.
    let r = check(vec![], |b, _| {
        b.push(op(
            OpKind::LlvmUndef,
            &[],
            &[Type::function(vec![], vec![])],
        ));
    });
    assert_error_at(r, "result #0 of 'llvm.mlir.undef' has type () -> ()", AT);
    let r = check(vec![], |b, _| {
        b.push(
            NewOp::unregistered("get")
                .result(Type::llvm_array(2, Type::BF16))
                .loc(AT),
        );
    });
    assert_error_at(r, "bf16 cannot be converted", AT);
    let r = check(vec![], |b, _| {
        b.push(op(
            OpKind::LlvmUndef,
            &[],
            &[Type::vector(vec![2, 2], Type::F32)],
        ));
    });
    assert_error_at(r, "LLVM vectors are one-dimensional", AT);
    // Block arguments.
    let f = llvm_func("f", vec![], Type::LlvmVoid, |body, e, _| {
        let b1 = body.add_block(&[Type::Index]);
        body.block_mut(b1).loc = AT;
        body.builder(e).push(NewOp::new(OpKind::LlvmUnreachable));
        ret_void(&mut body.builder(b1));
    });
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "argument #0 of block ^bb1 has type index",
        AT,
    );
}

#[test]
fn standard_ops_and_functions_are_rejected() {
    let r = check(vec![i64t()], |b, a| {
        b.push(op(OpKind::AddI, &[a[0], a[0]], &[i64t()]));
    });
    assert_error_at(
        r,
        "'std.addi' op is a Standard-dialect op inside an llvm.func",
        AT,
    );
    let mut f = Func::new_std_decl("f", vec![], vec![]);
    f.loc = AT;
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "Standard-dialect function in a lowered module",
        AT,
    );
}

#[test]
fn structure_and_dominance_are_checked_in_llvm_functions() {
    let f = llvm_func("f", vec![i64t()], Type::LlvmVoid, |body, e, a| {
        body.builder(e)
            .push(op(OpKind::LlvmAdd, &[a[0], a[0]], &[i64t()]));
    });
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "does not end with a terminator",
        AT,
    );
    let f = llvm_func("f", vec![Type::i1()], Type::LlvmVoid, |body, e, a| {
        let t = body.add_block(&[]);
        let j = body.add_block(&[]);
        body.builder(e).push(
            NewOp::new(OpKind::LlvmCondBr)
                .operands([a[0]])
                .successor(t, vec![])
                .successor(j, vec![]),
        );
        let mut b = body.builder(t);
        let x = constant(&mut b, 1, i64t());
        b.push(NewOp::new(OpKind::LlvmBr).successor(j, vec![]));
        let mut b = body.builder(j);
        b.push(op(OpKind::LlvmAdd, &[x, x], &[i64t()]));
        ret_void(&mut b);
    });
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "does not dominate this use",
        AT,
    );
    let f = llvm_func("f", vec![], Type::LlvmVoid, |body, e, _| {
        let mut b = body.builder(e);
        b.push(op(OpKind::LlvmReturn, &[], &[]));
        ret_void(&mut b);
    });
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "terminator in the middle",
        AT,
    );
}

#[test]
fn lowered_fifty_thousand_op_modules_verify_quickly() {
    let m = module(vec![super::tests_std::large_function(9000, 14)]);
    let lowered = crate::lower::lower_module(&m, &Default::default()).expect("lowers");
    let n: usize = lowered
        .funcs
        .iter()
        .filter_map(|f| f.body.as_ref())
        .map(|b| b.walk_ops().count())
        .sum();
    assert!(n >= 50_000, "{n}");
    let start = std::time::Instant::now();
    assert_ok(verify_llvm_module(&lowered));
    let took = start.elapsed();
    eprintln!("{n} lowered ops verified in {took:?}");
    assert!(took.as_secs_f64() < 2.0, "{n} ops took {took:?}");
}

#[test]
fn typed_pointers_must_agree_with_the_accessed_type() {
    let i64p = Type::llvm_ptr(i64t());
    let r = check(vec![f32p()], |b, a| {
        b.push(op(OpKind::LlvmLoad, &[a[0]], &[i64t()]));
    });
    assert_error_at(
        r,
        "the address is a pointer to f32, but the accessed type is i64",
        AT,
    );
    let r = check(vec![i64t(), f32p()], |b, a| {
        b.push(op(OpKind::LlvmStore, &[a[0], a[1]], &[]));
    });
    assert_error_at(
        r,
        "the address is a pointer to f32, but the accessed type is i64",
        AT,
    );
    let r = check(vec![i64t()], |b, a| {
        b.push(
            op(OpKind::LlvmAlloca, &[a[0]], &[f32p()]).attr("elem_type", Attribute::Type(i64t())),
        );
    });
    assert_error_at(
        r,
        "the result is a pointer to f32, but the accessed type is i64",
        AT,
    );
    // gep into field 3, element 0 of a descriptor yields an i64 pointer, not a float one.
    let r = check(vec![Type::llvm_ptr(desc1())], |b, a| {
        b.push(
            op(OpKind::LlvmGep, &[a[0]], &[f32p()])
                .attr("elem_type", Attribute::Type(desc1()))
                .attr(
                    "indices",
                    Attribute::Array(vec![
                        Attribute::index(0),
                        Attribute::index(3),
                        Attribute::index(0),
                    ]),
                ),
        );
    });
    assert_error_at(
        r,
        "the result is a pointer to f32, but the accessed type is i64",
        AT,
    );
    let r = check(vec![i64p.clone(), i64t()], |b, a| {
        b.push(
            op(OpKind::LlvmGep, &[a[0], a[1]], std::slice::from_ref(&i64p))
                .attr("elem_type", Attribute::Type(Type::F32)),
        );
    });
    assert_error_at(
        r,
        "'elem_type' f32 differs from the pointee i64 of the base pointer",
        AT,
    );
}

#[test]
fn successor_operands_must_match_block_arguments_in_llvm_functions() {
    let f = llvm_func("f", vec![Type::i32()], Type::LlvmVoid, |body, e, a| {
        let b1 = body.add_block(&[i64t()]);
        body.builder(e)
            .push(op(OpKind::LlvmBr, &[], &[]).successor(b1, vec![a[0]]));
        ret_void(&mut body.builder(b1));
    });
    assert_error_at(
        verify_llvm_module(&module(vec![f])),
        "successor #0 (^bb1) operand #0 has type i32, but the block argument has type i64",
        AT,
    );
}

#[test]
fn vector_element_ops_check_their_types() {
    let v = Type::vector(vec![4], Type::F32);
    let r = check(vec![v.clone(), i64t(), i64t()], |b, a| {
        b.push(op(OpKind::LlvmInsertElement, a, std::slice::from_ref(&v)));
    });
    assert_error_at(r, "inserts a value of type i64 into a vector of f32", AT);
    let r = check(vec![v.clone(), Type::F32], |b, a| {
        b.push(op(OpKind::LlvmExtractElement, a, &[Type::F32]));
    });
    assert_error_at(r, "position must be an integer, found f32", AT);
    let r = check(vec![v.clone(), i64t()], |b, a| {
        b.push(op(OpKind::LlvmExtractElement, a, &[i64t()]));
    });
    assert_error_at(r, "result type i64 does not match the element type f32", AT);
    let mask = Attribute::Array(vec![Attribute::int(8, Type::i32())]);
    let r = check(vec![v.clone(), v.clone()], |b, a| {
        b.push(
            op(
                OpKind::LlvmShuffleVector,
                a,
                &[Type::vector(vec![1], Type::F32)],
            )
            .attr("mask", mask.clone()),
        );
    });
    assert_error_at(r, "mask entries must be -1 or less than 8", AT);
}

#[test]
fn address_of_memcpy_and_undef_check_their_operands() {
    let r = check(vec![], |b, _| {
        b.push(
            op(OpKind::LlvmAddressOf, &[], &[Type::llvm_ptr(Type::i8())])
                .attr("global_name", Attribute::SymbolRef("nowhere".into())),
        );
    });
    assert_error_at(r, "references an undefined symbol @nowhere", AT);
    let r = check_op(OpKind::LlvmMemcpy, vec![f32p(), i64t(), i64t()], &[]);
    assert_error_at(r, "expects (ptr, ptr, integer[, i1]) operands", AT);
    let r = check_op(OpKind::LlvmUndef, vec![i64t()], &[i64t()]);
    assert_error_at(r, "expects 0 operands, found 1", AT);
}

#[test]
fn address_spaces_change_only_through_addrspacecast() {
    let f32p3 = Type::llvm_ptr_in(Type::F32, 3);
    let i8p = Type::llvm_ptr(Type::i8());
    assert_ok(check_op(
        OpKind::LlvmAddrSpaceCast,
        vec![i8p.clone()],
        std::slice::from_ref(&f32p3),
    ));
    assert_ok(check_op(
        OpKind::LlvmAddrSpaceCast,
        vec![f32p3.clone()],
        std::slice::from_ref(&i8p),
    ));
    assert_ok(check_op(
        OpKind::LlvmBitcast,
        vec![f32p3.clone()],
        &[Type::llvm_ptr_in(Type::i8(), 3)],
    ));
    // LLVM: "AddrSpaceCast must be between different address spaces".
    assert_error_at(
        check_op(
            OpKind::LlvmAddrSpaceCast,
            vec![f32p()],
            std::slice::from_ref(&i8p),
        ),
        "casts a pointer to a pointer in another address space, found !llvm.ptr -> !llvm.ptr",
        AT,
    );
    assert_error_at(
        check_op(
            OpKind::LlvmAddrSpaceCast,
            vec![i64t()],
            std::slice::from_ref(&f32p3),
        ),
        "casts a pointer to a pointer in another address space",
        AT,
    );
    assert_error_at(
        check_op(OpKind::LlvmBitcast, vec![i8p], std::slice::from_ref(&f32p3)),
        "casts between pointers of one address space (llvm.addrspacecast changes it), found !llvm.ptr -> !llvm.ptr<3>",
        AT,
    );
    // A GEP stays in the address space of its base.
    let r = check(vec![f32p3.clone(), i64t()], |b, a| {
        b.push(
            op(OpKind::LlvmGep, &[a[0], a[1]], &[f32p()])
                .attr("elem_type", Attribute::Type(Type::F32)),
        );
    });
    assert_error_at(
        r,
        "result must be in the address space of the base pointer, found !llvm.ptr<3> -> !llvm.ptr",
        AT,
    );
    let r = check(vec![f32p3.clone(), i64t()], |b, a| {
        let p = b.push1(
            op(OpKind::LlvmGep, &[a[0], a[1]], std::slice::from_ref(&f32p3))
                .attr("elem_type", Attribute::Type(Type::F32)),
        );
        let v = b.push1(op(OpKind::LlvmLoad, &[p], &[Type::F32]));
        b.push(op(OpKind::LlvmStore, &[v, p], &[]));
    });
    assert_ok(r);
    // LLVM IR has 24 bits for an address space.
    assert_error_at(
        check_op(
            OpKind::LlvmAddrSpaceCast,
            vec![f32p()],
            &[Type::llvm_ptr_in(Type::F32, 1 << 24)],
        ),
        "address space above LLVM's limit",
        AT,
    );
}

/// Argument and result attributes: MLIR 22's checks (pointer attributes on pointers,
/// extensions on integers, `llvm.noalias` a unit attribute) and LLVM IR's (`llvm.align`
/// a power of two); dialect attributes are free.
#[test]
fn argument_and_result_attributes_fit_their_types() {
    let attrs = |v: Vec<(&'static str, Attribute)>| {
        v.into_iter()
            .map(|(n, a)| NamedAttr::new(n, a))
            .collect::<Vec<_>>()
    };
    let decl = |args: Vec<Vec<NamedAttr>>, res: Vec<Vec<NamedAttr>>| {
        let mut f = llvm_decl("f", vec![f32p(), Type::i32()], Type::i8());
        f.arg_attrs = args;
        f.res_attrs = res;
        verify_llvm_module(&module(vec![f]))
    };
    let align = |v| ("llvm.align", Attribute::int(v, Type::i64()));
    assert_ok(decl(
        vec![
            attrs(vec![
                ("llvm.noalias", Attribute::Unit),
                align(16),
                ("a.b", Attribute::Unit),
            ]),
            attrs(vec![
                ("llvm.signext", Attribute::Unit),
                ("x.y", Attribute::Bool(true)),
            ]),
        ],
        vec![attrs(vec![("llvm.zeroext", Attribute::Unit)])],
    ));
    let bad = [
        (
            vec![Vec::new(), attrs(vec![("llvm.noalias", Attribute::Unit)])],
            "\"llvm.noalias\" on argument 1 of @f: attached to non-pointer LLVM type",
        ),
        (
            vec![attrs(vec![("llvm.noalias", Attribute::Bool(true))]), Vec::new()],
            "\"llvm.noalias\" on argument 0 of @f: should be a unit attribute",
        ),
        (
            vec![attrs(vec![align(3)]), Vec::new()],
            "\"llvm.align\" on argument 0 of @f: should be an integer attribute holding a power of two",
        ),
        (
            vec![attrs(vec![("llvm.zeroext", Attribute::Unit)]), Vec::new()],
            "\"llvm.zeroext\" on argument 0 of @f: attached to non-integer LLVM type",
        ),
        (
            vec![Vec::new()],
            "function @f has 1 argument attribute dictionaries for 2 arguments",
        ),
    ];
    for (args, msg) in bad {
        let errs = decl(args, Vec::new()).unwrap_err();
        assert!(errs.iter().any(|d| d.message == msg), "{msg}: {errs:?}");
    }
    let errs = decl(
        Vec::new(),
        vec![attrs(vec![("llvm.nonnull", Attribute::Unit)])],
    )
    .unwrap_err();
    assert!(
        errs.iter().any(|d| d
            .message
            .contains("\"llvm.nonnull\" on result 0 of @f: attached to non-pointer")),
        "{errs:?}"
    );
}
