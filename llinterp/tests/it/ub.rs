//! Undefined behaviour and poison at the LLVM level: the corpus's UB programs
//! (`corpus/interp/ub_*.mlir`), lowered and interpreted, must be reported with the
//! LLVM op, the rule and the Standard op's location; and hand-built LLVM-dialect
//! functions check what the lowering never emits but LangRef defines (`nsw`, `nuw`,
//! `exact`, `inbounds`, alignment, branches on poison).

use converter::ir::{Attribute, Body, Func, FuncKind, Module, NewOp, OpKind, Type, ValueId};
use converter::lower::LowerOptions;
use converter::value::{parse_value, RtValue};
use interp::{NoExternals, Options, Trap};
use std::path::Path;

fn corpus_module(rel: &str) -> Module {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(rel);
    let text = std::fs::read_to_string(&path).expect("corpus file");
    let m = converter::syntax::parse_module(rel, text.as_bytes()).expect("parses");
    converter::verify::verify_module(&m).expect("verifies");
    m
}

/// Runs `entry` of a corpus file at the LLVM level; the rendered trap.
fn llvm_trap(rel: &str, entry: &str, args: &[&str]) -> String {
    let m = corpus_module(rel);
    let ft = m
        .func(entry)
        .and_then(|f| f.std_type())
        .expect("entry")
        .clone();
    let args: Vec<RtValue> = ft
        .inputs
        .iter()
        .zip(args)
        .map(|(t, a)| parse_value(a, t).expect("argument"))
        .collect();
    match llinterp::run(
        &m,
        &LowerOptions::default(),
        entry,
        &args,
        &Options::default(),
        &mut NoExternals,
    ) {
        Ok(o) => format!("returned {:?}", o.results),
        Err(t) => t.render(rel),
    }
}

#[test]
fn memory_ub_of_the_corpus_is_reported_at_the_llvm_op() {
    let f = "interp/ub_memory.mlir";
    let cases: &[(&str, &[&str], &str)] = &[
        ("oob_load", &["4"], "ub_memory.mlir:31:8: undefined behaviour: out of bounds: llvm.load: out-of-bounds load of 4 bytes at offset 16 of a 16-byte heap allocation (allocated at 21:8)"),
        ("oob_load", &["-1"], "out of bounds: llvm.load: out-of-bounds load of 4 bytes at offset -4"),
        ("oob_store2d", &["1", "3"], "ub_memory.mlir:39:3: undefined behaviour: out of bounds: llvm.store: out-of-bounds store of 4 bytes at offset 24 of a 24-byte heap allocation"),
        ("use_after_free", &[], "ub_memory.mlir:48:8: undefined behaviour: use after free: llvm.load: load of memory freed by free at 47:3 (allocated at 43:8)"),
        ("double_free", &[], "ub_memory.mlir:55:3: undefined behaviour: double free: llvm.call @free: free of memory already freed at 54:3"),
        ("free_alloca", &[], "invalid free: llvm.call @free: free of 0x"),
        ("escaped_alloca", &[], "use after return: llvm.load: load of alloca memory (allocated at 75:8) after its function returned"),
        ("uninit", &[], "poison result: llvm.return: the result is poison"),
        ("uninit_result", &[], "poison result: llvm.return: element [1] of a memref result is poison"),
    ];
    for (entry, args, want) in cases {
        let got = llvm_trap(f, entry, args);
        assert!(
            got.contains(want),
            "@{entry}{args:?}: {got}\nwanted: {want}"
        );
    }
    // In bounds: a value, the same as the Standard interpreter's.
    assert_eq!(llvm_trap(f, "oob_load", &["3"]), "returned [Int(0)]");
}

#[test]
fn arithmetic_ub_of_the_corpus_is_reported_at_the_llvm_op() {
    let f = "interp/ub_arith.mlir";
    let cases: &[(&str, &[&str], &str)] = &[
        ("divs", &["1", "0"], "ub_arith.mlir:20:8: undefined behaviour: division by zero: llvm.sdiv: division of 1 by zero (i32)"),
        ("divu", &["1", "0"], "division by zero: llvm.udiv: division of 1 by zero (i8)"),
        ("divs", &["-2147483648", "-1"], "signed division overflow: llvm.sdiv: -2147483648 / -1 does not fit in i32"),
        ("rems", &["-65536", "-1"], "signed division overflow: llvm.srem: -65536 / -1 does not fit in i17"),
        // Shifts by the width and fptosi out of range are poison in LLVM, not UB: the
        // poison reaches the result.
        ("shl", &["1", "32"], "poison result: llvm.return"),
        ("fptosi", &["nan"], "poison result: llvm.return"),
        ("vdiv", &[], "division by zero: llvm.sdiv: division of 3 by zero (i32)"),
    ];
    for (entry, args, want) in cases {
        let got = llvm_trap(f, entry, args);
        assert!(
            got.contains(want),
            "@{entry}{args:?}: {got}\nwanted: {want}"
        );
    }
    assert_eq!(
        llvm_trap(f, "shl", &["1", "31"]),
        "returned [Int(-2147483648)]"
    );
}

/// A module with one `llvm.func @main() -> ret` built by `build`, and the Standard
/// `func @main() -> ret` that gives the entry its signature.
fn hand_built(ret: Type, build: impl FnOnce(&mut Body) -> ValueId) -> Result<Vec<RtValue>, Trap> {
    let mut body = Body::new();
    body.add_block(&[]);
    let r = build(&mut body);
    let b = body.layout[body.layout.len() - 1];
    body.append_op(b, NewOp::new(OpKind::LlvmReturn).operands([r]));
    let mut lowered = Module::new("hand.mlir");
    lowered.funcs.push(Func {
        name: "main".into(),
        kind: FuncKind::Llvm,
        ty: Type::llvm_func(ret.clone(), vec![]),
        attrs: vec![],
        arg_attrs: vec![],
        res_attrs: vec![],
        body: Some(body),
        loc: converter::Loc::UNKNOWN,
    });
    let mut std = Module::new("hand.mlir");
    let mut f = Func::new_std("main", vec![], vec![ret.clone()]);
    let fb = f.body.as_mut().expect("body");
    let e = fb.layout[0];
    let mut bld = fb.builder(e);
    let c = bld.const_int(0, ret);
    bld.ret(vec![c]);
    std.funcs.push(f);
    llinterp::run_lowered(
        &lowered,
        &std,
        &LowerOptions::default(),
        "main",
        &[],
        &Options::default(),
        &mut NoExternals,
    )
    .map(|o| o.results)
}

fn konst(b: &mut Body, v: i128, t: Type) -> ValueId {
    let e = b.layout[0];
    b.builder(e).push1(
        NewOp::new(OpKind::LlvmConstant)
            .attr("value", Attribute::int(v, t.clone()))
            .result(t),
    )
}

fn binop(
    b: &mut Body,
    k: OpKind,
    x: ValueId,
    y: ValueId,
    flag: Option<(&'static str, Attribute)>,
) -> ValueId {
    let t = b.value_type(x).clone();
    let mut op = NewOp::new(k).operands([x, y]).result(t);
    if let Some((n, a)) = flag {
        op = op.attr(n, a);
    }
    let e = b.layout[0];
    b.builder(e).push1(op)
}

fn rule(r: &Result<Vec<RtValue>, Trap>) -> &'static str {
    match r {
        Err(Trap::Ub { rule, .. }) => rule,
        _ => "none",
    }
}

#[test]
fn overflow_flags_make_poison() {
    let add = |x: i128, y: i128, flag: Option<(&'static str, Attribute)>| {
        hand_built(Type::i8(), |b| {
            let a = konst(b, x, Type::i8());
            let c = konst(b, y, Type::i8());
            binop(b, OpKind::LlvmAdd, a, c, flag)
        })
    };
    assert_eq!(add(127, 1, None).unwrap(), vec![RtValue::Int(-128)]);
    let nsw = || Some(("overflowFlags", Attribute::Str("nsw".into())));
    let nuw = || Some(("overflowFlags", Attribute::Str("nuw".into())));
    assert_eq!(rule(&add(127, 1, nsw())), "poison result");
    assert_eq!(add(-1, 1, nsw()).unwrap(), vec![RtValue::Int(0)]);
    assert_eq!(rule(&add(-1, 1, nuw())), "poison result");
    assert_eq!(add(127, 1, nuw()).unwrap(), vec![RtValue::Int(-128)]);
    let exact = |x: i128, y: i128| {
        hand_built(Type::i8(), |b| {
            let a = konst(b, x, Type::i8());
            let c = konst(b, y, Type::i8());
            binop(
                b,
                OpKind::LlvmSDiv,
                a,
                c,
                Some(("isExact", Attribute::Unit)),
            )
        })
    };
    assert_eq!(exact(6, 3).unwrap(), vec![RtValue::Int(2)]);
    assert_eq!(rule(&exact(7, 3)), "poison result");
}

#[test]
fn poison_is_ub_where_langref_says() {
    // A branch on poison: `shl 1, 8` at i8 is poison.
    let r = hand_built(Type::i8(), |b| {
        let one = konst(b, 1, Type::i8());
        let eight = konst(b, 8, Type::i8());
        let p = binop(b, OpKind::LlvmShl, one, eight, None);
        let zero = konst(b, 0, Type::i8());
        let e = b.layout[0];
        let c = b.builder(e).push1(
            NewOp::new(OpKind::LlvmICmp)
                .operands([p, zero])
                .attr("predicate", Attribute::Str("eq".into()))
                .result(Type::i1()),
        );
        let t = b.add_block(&[]);
        b.builder(e).push(
            NewOp::new(OpKind::LlvmCondBr)
                .operands([c])
                .successor(t, vec![])
                .successor(t, vec![]),
        );
        zero
    });
    assert_eq!(rule(&r), "branch on poison", "{r:?}");
    // Division by poison.
    let r = hand_built(Type::i8(), |b| {
        let one = konst(b, 1, Type::i8());
        let eight = konst(b, 8, Type::i8());
        let p = binop(b, OpKind::LlvmShl, one, eight, None);
        binop(b, OpKind::LlvmUDiv, one, p, None)
    });
    assert_eq!(rule(&r), "poison divisor", "{r:?}");
}

/// `alloca` of 8 bytes, then a load of i32 at byte `offset` with `alignment`.
fn load_at(offset: i128, alignment: Option<i64>, inbounds: bool) -> Result<Vec<RtValue>, Trap> {
    hand_built(Type::i32(), |b| {
        let e = b.layout[0];
        let n = konst(b, 8, Type::i64());
        let p = b.builder(e).push1(
            NewOp::new(OpKind::LlvmAlloca)
                .operands([n])
                .attr("elem_type", Attribute::Type(Type::i8()))
                .attr("alignment", Attribute::int(16, Type::i64()))
                .result(Type::llvm_ptr(Type::i8())),
        );
        let zero = konst(b, 0, Type::i64());
        let st = b
            .builder(e)
            .push(NewOp::new(OpKind::LlvmStore).operands([zero, p]));
        let _ = st;
        let off = konst(b, offset, Type::i64());
        let mut gep = NewOp::new(OpKind::LlvmGep)
            .operands([p, off])
            .attr("elem_type", Attribute::Type(Type::i8()))
            .attr(
                "indices",
                Attribute::Array(vec![Attribute::int(i64::MIN as i128, Type::i64())]),
            )
            .result(Type::llvm_ptr(Type::i32()));
        if inbounds {
            gep = gep.attr("inbounds", Attribute::Unit);
        }
        let q = b.builder(e).push1(gep);
        let mut load = NewOp::new(OpKind::LlvmLoad)
            .operands([q])
            .attr("elem_type", Attribute::Type(Type::i32()))
            .result(Type::i32());
        if let Some(a) = alignment {
            load = load.attr("alignment", Attribute::int(a as i128, Type::i64()));
        }
        b.builder(e).push1(load)
    })
}

#[test]
fn loads_are_checked_for_bounds_and_alignment() {
    assert_eq!(load_at(4, None, false).unwrap(), vec![RtValue::Int(0)]);
    assert_eq!(load_at(1, Some(1), false).unwrap(), vec![RtValue::Int(0)]);
    // Without `alignment` the type's ABI alignment (4 for i32) applies.
    assert_eq!(rule(&load_at(1, None, false)), "misaligned access");
    assert_eq!(rule(&load_at(2, Some(2), false)), "none");
    assert_eq!(rule(&load_at(6, Some(2), false)), "out of bounds");
    // `inbounds` past the end of the allocation is poison, and so is the address.
    assert_eq!(rule(&load_at(12, Some(1), true)), "poison address");
    assert_eq!(rule(&load_at(12, Some(1), false)), "out of bounds");
}
