//! Translation of hand-built LLVM-dialect functions: every op kind, run natively.

use crate::common;
use common::*;
use converter::ir::{Attribute, BlockId, Body, DenseValues, Func, NewOp, OpKind, Type, ValueId};
use converter::value::RtValue;
use converter::Loc;

/// A tiny builder over one block of a body.
struct B<'a> {
    body: &'a mut Body,
    blk: BlockId,
}

impl B<'_> {
    fn c(&mut self, v: i128, ty: Type) -> ValueId {
        cint(self.body, self.blk, v, ty)
    }
    fn cf(&mut self, v: f64, ty: Type) -> ValueId {
        self.op(NewOp::new(OpKind::LlvmConstant)
            .attr("value", Attribute::float(v, ty.clone()))
            .result(ty))
    }
    fn op(&mut self, op: NewOp) -> ValueId {
        self.body.builder(self.blk).push1(op)
    }
    fn op0(&mut self, op: NewOp) {
        self.body.builder(self.blk).push(op);
    }
    fn bin(&mut self, k: OpKind, a: ValueId, b: ValueId) -> ValueId {
        let t = self.body.value_type(a).clone();
        self.op(NewOp::new(k).operands([a, b]).result(t))
    }
    fn un(&mut self, k: OpKind, a: ValueId, t: Type) -> ValueId {
        self.op(NewOp::new(k).operands([a]).result(t))
    }
    fn ret(&mut self, v: Vec<ValueId>) {
        ret(self.body, self.blk, v)
    }
    fn at(&mut self, blk: BlockId) -> &mut Self {
        self.blk = blk;
        self
    }
}

fn func(
    name: &str,
    params: Vec<Type>,
    result: Type,
    build: impl FnOnce(&mut B, &[ValueId]),
) -> Func {
    let mut f = llvm_func(name, params, result);
    let a = args(&f);
    let body = body(&mut f);
    let blk = body.entry().unwrap();
    build(&mut B { body, blk }, &a);
    f
}

/// Runs a one-function module whose Standard signature equals its LLVM one.
fn run1(f: Func, inputs: Vec<Type>, results: Vec<Type>, a: &[RtValue]) -> Vec<RtValue> {
    let name = f.name.clone();
    let m = module(vec![f]);
    let r0 = run_opt(&m, &name, inputs.clone(), results.clone(), a, 0).unwrap();
    let r2 = run_opt(&m, &name, inputs, results, a, 2).unwrap();
    assert_eq!(r0, r2, "O0 and O2 disagree");
    r0
}

fn int(x: i128) -> RtValue {
    RtValue::Int(x)
}

#[test]
fn integer_binops_of_odd_widths() {
    let cases: &[(OpKind, u32, i128, i128, i128)] = &[
        (OpKind::LlvmAdd, 17, 65535, 1, -65536),
        (OpKind::LlvmSub, 8, -128, 1, 127),
        (OpKind::LlvmMul, 128, 1 << 100, 4, 1 << 102),
        (OpKind::LlvmSDiv, 32, -7, 2, -3),
        (OpKind::LlvmUDiv, 8, -2, 3, 84),
        (OpKind::LlvmSRem, 64, -7, 3, -1),
        (OpKind::LlvmURem, 16, -1, 10, 5),
        (OpKind::LlvmAnd, 1, -1, -1, -1),
        (OpKind::LlvmOr, 3, 1, 2, 3),
        (OpKind::LlvmXor, 72, -1, 1, -2),
        (OpKind::LlvmShl, 65, 1, 64, -(1 << 64)),
        (OpKind::LlvmAShr, 20, -16, 2, -4),
        (OpKind::LlvmLShr, 20, -16, 2, (1 << 18) - 4),
        (OpKind::LlvmSDiv, 128, -(1 << 120), 1 << 60, -(1 << 60)),
        (OpKind::LlvmURem, 100, 1000, 7, 6),
    ];
    for &(k, w, a, b, want) in cases {
        let t = Type::Int(w);
        let f = func("f", vec![t.clone(), t.clone()], t.clone(), |b, a| {
            let r = b.bin(k, a[0], a[1]);
            b.ret(vec![r]);
        });
        let r = run1(f, vec![t.clone(); 2], vec![t.clone()], &[int(a), int(b)]);
        assert_eq!(r, vec![int(want)], "{k} i{w}");
    }
}

#[test]
fn float_ops_f16_f32_f64() {
    for (t, bits) in [(Type::F16, 16), (Type::F32, 32), (Type::F64, 64)] {
        let enc = |x: f64| -> RtValue {
            RtValue::Float(match bits {
                16 => half::f16::from_f64(x).to_bits() as u64,
                32 => (x as f32).to_bits() as u64,
                _ => x.to_bits(),
            })
        };
        let cases: &[(OpKind, f64, f64, f64)] = &[
            (OpKind::LlvmFAdd, 1.5, 2.25, 3.75),
            (OpKind::LlvmFSub, 1.5, 2.25, -0.75),
            (OpKind::LlvmFMul, 1.5, -2.0, -3.0),
            (OpKind::LlvmFDiv, 3.0, 2.0, 1.5),
            (OpKind::LlvmFRem, 7.5, 2.0, 1.5),
        ];
        for &(k, a, b, want) in cases {
            let f = func("f", vec![t.clone(), t.clone()], t.clone(), |bb, x| {
                let r = bb.bin(k, x[0], x[1]);
                bb.ret(vec![r]);
            });
            let r = run1(f, vec![t.clone(); 2], vec![t.clone()], &[enc(a), enc(b)]);
            assert_eq!(r, vec![enc(want)], "{k} {t}");
        }
        // fneg, fabs, constants.
        let f = func("f", vec![t.clone()], t.clone(), |bb, x| {
            let n = bb.un(OpKind::LlvmFNeg, x[0], t.clone());
            let a = bb.un(OpKind::LlvmFAbs, n, t.clone());
            let c = bb.cf(0.5, t.clone());
            let r = bb.bin(OpKind::LlvmFAdd, a, c);
            bb.ret(vec![r]);
        });
        let r = run1(f, vec![t.clone()], vec![t.clone()], &[enc(2.0)]);
        assert_eq!(r, vec![enc(2.5)], "{t}");
    }
}

#[test]
fn nan_payload_constants_survive() {
    let f = func("f", vec![], Type::F32, |b, _| {
        let c = b.op(NewOp::new(OpKind::LlvmConstant)
            .attr(
                "value",
                Attribute::Float {
                    bits: 0x7fc0_1234,
                    ty: Type::F32,
                },
            )
            .result(Type::F32));
        b.ret(vec![c]);
    });
    let m = module(vec![f]);
    let r = run(&m, "f", vec![], vec![Type::F32], &[]).unwrap();
    assert_eq!(r, vec![RtValue::Float(0x7fc0_1234)]);
}

#[test]
fn icmp_every_predicate() {
    let preds = [
        ("eq", false),
        ("ne", true),
        ("slt", true),
        ("sle", true),
        ("sgt", false),
        ("sge", false),
        ("ult", false),
        ("ule", false),
        ("ugt", true),
        ("uge", true),
    ];
    for (p, want) in preds {
        let f = func("f", vec![Type::i8(), Type::i8()], Type::i1(), |b, a| {
            let r = b.op(NewOp::new(OpKind::LlvmICmp)
                .operands([a[0], a[1]])
                .attr("predicate", Attribute::Str(p.into()))
                .result(Type::i1()));
            b.ret(vec![r]);
        });
        let r = run1(f, vec![Type::i8(); 2], vec![Type::i1()], &[int(-1), int(1)]);
        assert_eq!(r, vec![int(if want { -1 } else { 0 })], "icmp {p}");
    }
}

#[test]
fn fcmp_every_predicate_with_nan() {
    let preds = [
        ("false", false),
        ("oeq", false),
        ("ogt", false),
        ("oge", false),
        ("olt", false),
        ("ole", false),
        ("one", false),
        ("ord", false),
        ("ueq", true),
        ("ugt", true),
        ("uge", true),
        ("ult", true),
        ("ule", true),
        ("une", true),
        ("uno", true),
        ("true", true),
    ];
    for (p, want) in preds {
        let f = func("f", vec![Type::F64, Type::F64], Type::i1(), |b, a| {
            let r = b.op(NewOp::new(OpKind::LlvmFCmp)
                .operands([a[0], a[1]])
                .attr("predicate", Attribute::Str(p.into()))
                .result(Type::i1()));
            b.ret(vec![r]);
        });
        let r = run1(
            f,
            vec![Type::F64; 2],
            vec![Type::i1()],
            &[f64v(f64::NAN), f64v(1.0)],
        );
        assert_eq!(r, vec![int(if want { -1 } else { 0 })], "fcmp {p}");
    }
}

#[test]
fn casts_and_select() {
    // sext/zext/trunc/sitofp/fptosi/fpext/fptrunc/bitcast/select in one function.
    let f = func("f", vec![Type::i8(), Type::i1()], Type::i64(), |b, a| {
        let s = b.un(OpKind::LlvmSExt, a[0], Type::i32());
        let z = b.un(OpKind::LlvmZExt, a[0], Type::i32());
        let sel = b.op(NewOp::new(OpKind::LlvmSelect)
            .operands([a[1], s, z])
            .result(Type::i32()));
        let fl = b.un(OpKind::LlvmSIToFP, sel, Type::F32);
        let d = b.un(OpKind::LlvmFPExt, fl, Type::F64);
        let h = b.un(OpKind::LlvmFPTrunc, d, Type::F16);
        let back = b.un(OpKind::LlvmFPToSI, h, Type::i64());
        let bits = b.un(OpKind::LlvmBitcast, d, Type::i64());
        let t = b.un(OpKind::LlvmTrunc, bits, Type::i8());
        let t64 = b.un(OpKind::LlvmZExt, t, Type::i64());
        let r = b.bin(OpKind::LlvmAdd, back, t64);
        b.ret(vec![r]);
    });
    let r = run1(
        f,
        vec![Type::i8(), Type::i1()],
        vec![Type::i64()],
        &[int(-3), int(-1)],
    );
    assert_eq!(r, vec![int(-3)]);
    let f = func("f", vec![Type::i8(), Type::i1()], Type::i64(), |b, a| {
        let z = b.un(OpKind::LlvmZExt, a[0], Type::i64());
        let _ = a[1];
        b.ret(vec![z]);
    });
    let r = run1(
        f,
        vec![Type::i8(), Type::i1()],
        vec![Type::i64()],
        &[int(-3), int(0)],
    );
    assert_eq!(r, vec![int(253)]);
}

#[test]
fn pointers_alloca_gep_load_store_ptrtoint() {
    // alloca [4 x i32]; store 10*i at each; load through GEP with a dynamic index.
    let arr = Type::llvm_array(4, Type::i32());
    let f = func("f", vec![Type::i64()], Type::i32(), |b, a| {
        let one = b.c(1, Type::i64());
        let p = b.op(NewOp::new(OpKind::LlvmAlloca)
            .operands([one])
            .attr("elem_type", Attribute::Type(arr.clone()))
            .attr("alignment", Attribute::int(16, Type::i64()))
            .result(ptr()));
        for i in 0..4 {
            let v = b.c(10 * i as i128 + 1, Type::i32());
            let q = b.op(NewOp::new(OpKind::LlvmGep)
                .operands([p])
                .attr("elem_type", Attribute::Type(arr.clone()))
                .attr(
                    "indices",
                    Attribute::Array(vec![
                        Attribute::int(0, Type::i64()),
                        Attribute::int(i as i128, Type::i64()),
                    ]),
                )
                .result(ptr()));
            b.op0(
                NewOp::new(OpKind::LlvmStore)
                    .operands([v, q])
                    .attr("alignment", Attribute::int(4, Type::i64())),
            );
        }
        let q = b.op(NewOp::new(OpKind::LlvmGep)
            .operands([p, a[0]])
            .attr("elem_type", Attribute::Type(arr.clone()))
            .attr(
                "indices",
                Attribute::Array(vec![
                    Attribute::int(0, Type::i64()),
                    Attribute::int(i64::MIN as i128, Type::i64()),
                ]),
            )
            .result(ptr()));
        let v = b.op(NewOp::new(OpKind::LlvmLoad)
            .operands([q])
            .attr("elem_type", Attribute::Type(Type::i32()))
            .result(Type::i32()));
        // ptrtoint/inttoptr round trip, and the null pointer.
        let pi = b.un(OpKind::LlvmPtrToInt, q, Type::i64());
        let q2 = b.un(OpKind::LlvmIntToPtr, pi, ptr());
        let v2 = b.op(NewOp::new(OpKind::LlvmLoad)
            .operands([q2])
            .attr("elem_type", Attribute::Type(Type::i32()))
            .result(Type::i32()));
        let null = b.op(NewOp::new(OpKind::LlvmZero).result(ptr()));
        let ni = b.un(OpKind::LlvmPtrToInt, null, Type::i32());
        let s = b.bin(OpKind::LlvmAdd, v, v2);
        let s = b.bin(OpKind::LlvmAdd, s, ni);
        b.ret(vec![s]);
    });
    let r = run1(f, vec![Type::i64()], vec![Type::i32()], &[int(2)]);
    assert_eq!(r, vec![int(42)]);
}

/// An alloca in address space 3 (inkwell allocates in 0 and casts), a store through
/// the address space 3 pointer, the pointer cast back to space 0 and read there: the
/// host's address spaces below 256 are one flat memory.
fn addr_space_round_trip(space: u32) -> Func {
    let p3 = Type::llvm_ptr_in(Type::i32(), space);
    func("f", vec![Type::i32()], Type::i32(), |b, a| {
        let one = b.c(1, Type::i64());
        let p = b.op(NewOp::new(OpKind::LlvmAlloca)
            .operands([one])
            .attr("elem_type", Attribute::Type(Type::i32()))
            .result(p3.clone()));
        b.op0(NewOp::new(OpKind::LlvmStore).operands([a[0], p]));
        let q = b.un(OpKind::LlvmAddrSpaceCast, p, Type::llvm_ptr(Type::i32()));
        let v = b.op(NewOp::new(OpKind::LlvmLoad)
            .operands([q])
            .attr("elem_type", Attribute::Type(Type::i32()))
            .result(Type::i32()));
        b.ret(vec![v]);
    })
}

#[test]
fn address_spaces_below_256_are_host_memory() {
    let ir = jit::translate::translate_to_ir_string(&module(vec![addr_space_round_trip(3)]))
        .expect("translates");
    assert!(ir.contains("addrspacecast ptr %"), "{ir}");
    assert!(ir.contains("to ptr addrspace(3)"), "{ir}");
    assert!(ir.contains("store i32 %0, ptr addrspace(3)"), "{ir}");
    let r = run1(
        addr_space_round_trip(3),
        vec![Type::i32()],
        vec![Type::i32()],
        &[int(7)],
    );
    assert_eq!(r, vec![int(7)]);
    let r = run1(
        addr_space_round_trip(255),
        vec![Type::i32()],
        vec![Type::i32()],
        &[int(-9)],
    );
    assert_eq!(r, vec![int(-9)]);
    // x86-64 addresses 256 and 257 relative to gs and fs: not run.
    let e = jit::translate::translate_to_ir_string(&module(vec![addr_space_round_trip(256)]))
        .expect_err("address space 256 translated")
        .to_string();
    assert!(
        e.contains("address space 256 is not plain memory on the host"),
        "{e}"
    );
}

#[test]
fn structs_arrays_insert_extract_and_multiple_results() {
    // Returns {i32, [2 x i64], f32} built with insertvalue at nested positions.
    let st = Type::llvm_struct(vec![
        Type::i32(),
        Type::llvm_array(2, Type::i64()),
        Type::F32,
    ]);
    let f = func("f", vec![Type::i32(), Type::i64()], st.clone(), |b, a| {
        let u = b.op(NewOp::new(OpKind::LlvmUndef).result(st.clone()));
        let pos = |p: &[i64]| {
            Attribute::Array(
                p.iter()
                    .map(|&x| Attribute::int(x as i128, Type::i64()))
                    .collect(),
            )
        };
        let s1 = b.op(NewOp::new(OpKind::LlvmInsertValue)
            .operands([u, a[0]])
            .attr("position", pos(&[0]))
            .result(st.clone()));
        let s2 = b.op(NewOp::new(OpKind::LlvmInsertValue)
            .operands([s1, a[1]])
            .attr("position", pos(&[1, 0]))
            .result(st.clone()));
        let x = b.op(NewOp::new(OpKind::LlvmExtractValue)
            .operands([s2])
            .attr("position", pos(&[1, 0]))
            .result(Type::i64()));
        let y = b.bin(OpKind::LlvmMul, x, x);
        let s3 = b.op(NewOp::new(OpKind::LlvmInsertValue)
            .operands([s2, y])
            .attr("position", pos(&[1, 1]))
            .result(st.clone()));
        let h = b.cf(0.25, Type::F32);
        let s4 = b.op(NewOp::new(OpKind::LlvmInsertValue)
            .operands([s3, h])
            .attr("position", pos(&[2]))
            .result(st.clone()));
        b.ret(vec![s4]);
    });
    // As Standard results (i32, i64, i64, f32) the leaves line up one to one.
    let r = run1(
        f,
        vec![Type::i32(), Type::i64()],
        vec![Type::i32(), Type::i64(), Type::i64(), Type::F32],
        &[int(-5), int(1 << 20)],
    );
    assert_eq!(r, vec![int(-5), int(1 << 20), int(1 << 40), f32v(0.25)]);
}

#[test]
fn vectors_dense_constants_elements_shuffle() {
    let v4 = Type::vector(vec![4], Type::i32());
    let f = func("f", vec![v4.clone(), Type::i32()], v4.clone(), |b, a| {
        let dense = b.op(NewOp::new(OpKind::LlvmConstant)
            .attr(
                "value",
                Attribute::Dense {
                    ty: v4.clone(),
                    values: DenseValues::Elements(
                        (1..=4)
                            .map(|i| Attribute::int(i * 100, Type::i32()))
                            .collect(),
                    ),
                },
            )
            .result(v4.clone()));
        let sum = b.bin(OpKind::LlvmAdd, a[0], dense);
        let idx = b.c(3, Type::i32());
        let ins = b.op(NewOp::new(OpKind::LlvmInsertElement)
            .operands([sum, a[1], idx])
            .result(v4.clone()));
        let e0 = b.c(0, Type::i64());
        let x0 = b.op(NewOp::new(OpKind::LlvmExtractElement)
            .operands([ins, e0])
            .result(Type::i32()));
        let i2 = b.c(2, Type::i32());
        let ins2 = b.op(NewOp::new(OpKind::LlvmInsertElement)
            .operands([ins, x0, i2])
            .result(v4.clone()));
        let mask = Attribute::Array(
            [3, 2, 5, -1]
                .iter()
                .map(|&m| Attribute::int(m, Type::i32()))
                .collect(),
        );
        let sh = b.op(NewOp::new(OpKind::LlvmShuffleVector)
            .operands([ins2, dense])
            .attr("mask", mask)
            .result(v4.clone()));
        // Lane 3 is poison: replace it by selecting with a splat constant mask.
        let splat = b.op(NewOp::new(OpKind::LlvmConstant)
            .attr(
                "value",
                Attribute::Dense {
                    ty: Type::vector(vec![4], Type::i1()),
                    values: DenseValues::Elements(vec![
                        Attribute::Bool(true),
                        Attribute::Bool(true),
                        Attribute::Bool(true),
                        Attribute::Bool(false),
                    ]),
                },
            )
            .result(Type::vector(vec![4], Type::i1())));
        let sev = b.op(NewOp::new(OpKind::LlvmConstant)
            .attr(
                "value",
                Attribute::Dense {
                    ty: v4.clone(),
                    values: DenseValues::Splat(Box::new(Attribute::int(7, Type::i32()))),
                },
            )
            .result(v4.clone()));
        let r = b.op(NewOp::new(OpKind::LlvmSelect)
            .operands([splat, sh, sev])
            .result(v4.clone()));
        b.ret(vec![r]);
    });
    let r = run1(
        f,
        vec![v4.clone(), Type::i32()],
        vec![v4.clone()],
        &[
            RtValue::Vector(vec![int(1), int(2), int(3), int(4)]),
            int(-9),
        ],
    );
    assert_eq!(
        r,
        vec![RtValue::Vector(vec![int(-9), int(101), int(200), int(7)])]
    );
}

#[test]
fn nd_vector_constant_and_f16_vector() {
    // vector<2x2xf16> lowers to [2 x <2 x half>].
    let inner = Type::vector(vec![2], Type::F16);
    let arr = Type::llvm_array(2, inner.clone());
    let f = func("f", vec![], arr.clone(), |b, _| {
        let c = b.op(NewOp::new(OpKind::LlvmConstant)
            .attr(
                "value",
                Attribute::Dense {
                    ty: Type::vector(vec![2, 2], Type::F16),
                    values: DenseValues::Elements(
                        [0.5, 1.0, -2.0, 65504.0]
                            .iter()
                            .map(|&x| Attribute::float(x, Type::F16))
                            .collect(),
                    ),
                },
            )
            .result(arr.clone()));
        b.ret(vec![c]);
    });
    let r = run1(f, vec![], vec![Type::vector(vec![2, 2], Type::F16)], &[]);
    let h = |x: f64| RtValue::Float(half::f16::from_f64(x).to_bits() as u64);
    assert_eq!(
        r,
        vec![RtValue::Vector(vec![h(0.5), h(1.0), h(-2.0), h(65504.0)])]
    );
}

#[test]
fn branches_and_phis_loop() {
    // sum of 1..=n with a loop: block args become phis.
    let mut f = llvm_func("sum", vec![Type::i64()], Type::i64());
    let a = args(&f);
    let body = body(&mut f);
    let entry = body.entry().unwrap();
    let head = body.add_block(&[Type::i64(), Type::i64()]);
    let exit = body.add_block(&[Type::i64()]);
    let (i, acc) = (body.block_args(head)[0], body.block_args(head)[1]);
    let res = body.block_args(exit)[0];
    let mut b = B { body, blk: entry };
    let zero = b.c(0, Type::i64());
    b.op0(NewOp::new(OpKind::LlvmBr).successor(head, vec![zero, zero]));
    b.at(head);
    let more = b.op(NewOp::new(OpKind::LlvmICmp)
        .operands([i, a[0]])
        .attr("predicate", Attribute::Str("slt".into()))
        .result(Type::i1()));
    let one = b.c(1, Type::i64());
    let i2 = b.bin(OpKind::LlvmAdd, i, one);
    let acc2 = b.bin(OpKind::LlvmAdd, acc, i2);
    b.op0(
        NewOp::new(OpKind::LlvmCondBr)
            .operands([more])
            .successor(head, vec![i2, acc2])
            .successor(exit, vec![acc]),
    );
    b.at(exit);
    b.ret(vec![res]);
    let r = run1(f, vec![Type::i64()], vec![Type::i64()], &[int(100)]);
    assert_eq!(r, vec![int(5050)]);
}

#[test]
fn direct_indirect_calls_addressof_and_unreachable() {
    let ft = Type::llvm_func(Type::i32(), vec![Type::i32()]);
    let twice = func("twice", vec![Type::i32()], Type::i32(), |b, a| {
        let r = b.bin(OpKind::LlvmAdd, a[0], a[0]);
        b.ret(vec![r]);
    });
    let mut main = llvm_func("main", vec![Type::i32()], Type::i32());
    let a = args(&main);
    let body = body(&mut main);
    let entry = body.entry().unwrap();
    let dead = body.add_block(&[]);
    let live = body.add_block(&[]);
    let mut b = B { body, blk: entry };
    let direct = b.op(NewOp::new(OpKind::LlvmCall)
        .operands([a[0]])
        .attr("callee", Attribute::SymbolRef("twice".into()))
        .attr("callee_type", Attribute::Type(ft.clone()))
        .result(Type::i32()));
    let fp = b.op(NewOp::new(OpKind::LlvmAddressOf)
        .attr("global_name", Attribute::SymbolRef("twice".into()))
        .result(ptr()));
    let ind = b.op(NewOp::new(OpKind::LlvmCall)
        .operands([fp, direct])
        .attr("callee_type", Attribute::Type(ft.clone()))
        .result(Type::i32()));
    let f = b.c(0, Type::i1());
    b.op0(
        NewOp::new(OpKind::LlvmCondBr)
            .operands([f])
            .successor(dead, vec![])
            .successor(live, vec![]),
    );
    b.at(dead);
    b.op0(NewOp::new(OpKind::LlvmUnreachable));
    b.at(live);
    b.ret(vec![ind]);
    let m = module(vec![twice, main]);
    let r = run(&m, "main", vec![Type::i32()], vec![Type::i32()], &[int(5)]).unwrap();
    assert_eq!(r, vec![int(20)]);
}

#[test]
fn malloc_free_aligned_alloc_and_memcpy() {
    let p = ptr();
    let malloc = llvm_decl("malloc", vec![Type::i64()], p.clone());
    let aligned = llvm_decl("aligned_alloc", vec![Type::i64(), Type::i64()], p.clone());
    let free = llvm_decl("free", vec![p.clone()], Type::LlvmVoid);
    let main = func("main", vec![Type::i64()], Type::i64(), |b, a| {
        let n = b.c(64, Type::i64());
        let al = b.c(64, Type::i64());
        let src = b.op(NewOp::new(OpKind::LlvmCall)
            .operands([n])
            .attr("callee", Attribute::SymbolRef("malloc".into()))
            .attr(
                "callee_type",
                Attribute::Type(Type::llvm_func(p.clone(), vec![Type::i64()])),
            )
            .result(p.clone()));
        let dst = b.op(NewOp::new(OpKind::LlvmCall)
            .operands([al, n])
            .attr("callee", Attribute::SymbolRef("aligned_alloc".into()))
            .attr(
                "callee_type",
                Attribute::Type(Type::llvm_func(p.clone(), vec![Type::i64(), Type::i64()])),
            )
            .result(p.clone()));
        b.op0(NewOp::new(OpKind::LlvmStore).operands([a[0], src]));
        let eight = b.c(8, Type::i64());
        b.op0(
            NewOp::new(OpKind::LlvmMemcpy)
                .operands([dst, src, eight])
                .attr("isVolatile", Attribute::Bool(false)),
        );
        let v = b.op(NewOp::new(OpKind::LlvmLoad)
            .operands([dst])
            .attr("elem_type", Attribute::Type(Type::i64()))
            .attr("alignment", Attribute::int(8, Type::i64()))
            .result(Type::i64()));
        let fty = Type::llvm_func(Type::LlvmVoid, vec![p.clone()]);
        for q in [src, dst] {
            b.op0(
                NewOp::new(OpKind::LlvmCall)
                    .operands([q])
                    .attr("callee", Attribute::SymbolRef("free".into()))
                    .attr("callee_type", Attribute::Type(fty.clone())),
            );
        }
        b.ret(vec![v]);
    });
    let m = module(vec![malloc, aligned, free, main]);
    let r = run(
        &m,
        "main",
        vec![Type::i64()],
        vec![Type::i64()],
        &[int(-77)],
    )
    .unwrap();
    assert_eq!(r, vec![int(-77)]);
    let ir = jit::translate_to_ir_string(&m).unwrap();
    assert!(ir.contains("declare ptr @malloc(i64)"), "{ir}");
    assert!(ir.contains("llvm.memcpy"), "{ir}");
}

#[test]
fn wide_int_constants() {
    for (w, v) in [
        (1u32, -1i128),
        (17, -65536),
        (64, i64::MIN as i128),
        (100, -(1i128 << 99)),
        (128, i128::MIN),
        (128, i128::MAX),
    ] {
        let t = Type::Int(w);
        let f = func("f", vec![], t.clone(), |b, _| {
            let c = b.c(v, t.clone());
            b.ret(vec![c]);
        });
        let r = run1(f, vec![], vec![t.clone()], &[]);
        assert_eq!(r, vec![int(v)], "i{w}");
    }
}

#[test]
fn external_functions_from_the_harness() {
    extern "C" fn mix(a: i64, b: i64) -> i64 {
        a.wrapping_mul(31).wrapping_add(b)
    }
    jit::register_external("ext_mix_i64", mix as *const ());
    let ft = Type::llvm_func(Type::i64(), vec![Type::i64(), Type::i64()]);
    let decl = llvm_decl("ext_mix_i64", vec![Type::i64(), Type::i64()], Type::i64());
    let main = func(
        "main",
        vec![Type::i64(), Type::i64()],
        Type::i64(),
        |b, a| {
            let r = b.op(NewOp::new(OpKind::LlvmCall)
                .operands([a[0], a[1]])
                .attr("callee", Attribute::SymbolRef("ext_mix_i64".into()))
                .attr("callee_type", Attribute::Type(ft.clone()))
                .result(Type::i64()));
            b.ret(vec![r]);
        },
    );
    let m = module(vec![decl, main]);
    let r = run(
        &m,
        "main",
        vec![Type::i64(); 2],
        vec![Type::i64()],
        &[int(2), int(3)],
    )
    .unwrap();
    assert_eq!(r, vec![int(65)]);
}

#[test]
fn unresolved_external_is_an_error() {
    let decl = llvm_decl("no_such_symbol_anywhere", vec![], Type::i64());
    let main = func("main", vec![], Type::i64(), |b, _| {
        let r = b.op(NewOp::new(OpKind::LlvmCall)
            .attr(
                "callee",
                Attribute::SymbolRef("no_such_symbol_anywhere".into()),
            )
            .attr(
                "callee_type",
                Attribute::Type(Type::llvm_func(Type::i64(), vec![])),
            )
            .result(Type::i64()));
        b.ret(vec![r]);
    });
    let m = module(vec![decl, main]);
    let e = run(&m, "main", vec![], vec![Type::i64()], &[]).unwrap_err();
    assert!(e.to_string().contains("no_such_symbol_anywhere"), "{e}");
}

#[test]
fn errors_name_the_op_or_function() {
    // Unregistered op.
    let f = func("f", vec![], Type::i32(), |b, _| {
        let r = b.op(NewOp::unregistered("foo.bar").result(Type::i32()));
        b.ret(vec![r]);
    });
    let e = jit::translate_to_ir_string(&module(vec![f]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("foo.bar") && e.contains("@f"), "{e}");
    // Type mismatch caught before LLVM sees it.
    let f = func("g", vec![Type::i32(), Type::i64()], Type::i32(), |b, a| {
        let r = b.op(NewOp::new(OpKind::LlvmAdd)
            .operands([a[0], a[1]])
            .result(Type::i32()));
        b.ret(vec![r]);
    });
    let e = jit::translate_to_ir_string(&module(vec![f]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("@g") && e.contains("llvm.add"), "{e}");
    // A use that does not dominate: only LLVM's verifier sees it; it names the function.
    let mut f = llvm_func("h", vec![Type::i1()], Type::i32());
    let a = args(&f);
    let body = body(&mut f);
    let entry = body.entry().unwrap();
    let left = body.add_block(&[]);
    let join = body.add_block(&[]);
    let mut b = B { body, blk: entry };
    b.op0(
        NewOp::new(OpKind::LlvmCondBr)
            .operands([a[0]])
            .successor(left, vec![])
            .successor(join, vec![]),
    );
    b.at(left);
    let v = b.un(OpKind::LlvmZExt, a[0], Type::i32());
    b.op0(NewOp::new(OpKind::LlvmBr).successor(join, vec![]));
    b.at(join);
    b.ret(vec![v]);
    let e = jit::translate_to_ir_string(&module(vec![f]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("@h") && e.contains("verifier"), "{e}");
    // Standard ops are rejected.
    let f = func("s", vec![Type::i32()], Type::i32(), |b, a| {
        let r = b.op(NewOp::new(OpKind::AddI)
            .operands([a[0], a[0]])
            .result(Type::i32()));
        b.ret(vec![r]);
    });
    let e = jit::translate_to_ir_string(&module(vec![f]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("std.addi"), "{e}");
    // Locations are reported when known.
    let mut f = func("l", vec![], Type::i32(), |b, _| {
        let r = b.op(NewOp::unregistered("x.y")
            .result(Type::i32())
            .loc(Loc::new(3, 7)));
        b.ret(vec![r]);
    });
    f.loc = Loc::new(1, 1);
    let e = jit::translate_to_ir_string(&module(vec![f]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("3:7"), "{e}");
}

#[test]
fn every_llvm_op_kind_is_covered_by_translation() {
    // Every LLVM op kind must have a translation rule: building a (possibly ill-typed)
    // op of each kind must give an Ok or an Err, never the "not an LLVM-dialect op"
    // fallback or a panic.
    for &k in OpKind::ALL.iter().filter(|k| k.is_llvm()) {
        let f = func("f", vec![Type::i32(), Type::i32()], Type::i32(), |b, a| {
            if k.is_terminator() {
                b.op0(NewOp::new(k).operands([a[0]]));
            } else {
                let r = b.op(NewOp::new(k).operands([a[0], a[1]]).result(Type::i32()));
                b.ret(vec![r]);
            }
        });
        if let Err(e) = jit::translate_to_ir_string(&module(vec![f])) {
            assert!(matches!(e, jit::JitError::Translate(_)), "{k}: {e:?}");
            let e = e.to_string();
            assert!(!e.contains("not an LLVM-dialect op"), "{k}: {e}");
        }
    }
}
