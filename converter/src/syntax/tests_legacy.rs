//! Tests of the reader of the LLVM 11 notation (`parser/legacy.rs`): every LLVM type the
//! legacy printer can write reads back to itself, a legacy module reads into the
//! typed-pointer IR the lowering makes, and malformed legacy types are errors located
//! in the quoted string.

use super::*;
use crate::ir::{Attribute, LlvmFuncType, OpKind};
use crate::llvm_print::{print_type, Syntax};
use proptest::prelude::*;

/// LLVM types as the lowering makes them: scalars, typed pointers in any address
/// space, structs, arrays, 1-D vectors of scalars and function types.
fn llvm_type() -> impl Strategy<Value = Type> {
    let int = (1u32..=128).prop_map(Type::Int);
    let float = prop_oneof![
        Just(Type::F16),
        Just(Type::BF16),
        Just(Type::F32),
        Just(Type::F64)
    ];
    let scalar = prop_oneof![int, float];
    let vector = (1u64..=8, scalar.clone()).prop_map(|(n, e)| Type::vector(vec![n], e));
    prop_oneof![scalar, vector].prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            (inner.clone(), 0u32..4).prop_map(|(t, s)| Type::llvm_ptr_in(t, s)),
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Type::llvm_struct),
            (0u64..5, inner.clone()).prop_map(|(n, t)| Type::llvm_array(n, t)),
            (
                prop_oneof![Just(Type::LlvmVoid), inner.clone()],
                proptest::collection::vec(inner, 0..3),
                any::<bool>()
            )
                .prop_map(|(result, params, vararg)| {
                    Type::llvm_ptr(Type::LlvmFunc(Arc::new(LlvmFuncType {
                        result,
                        params,
                        vararg,
                    })))
                }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    #[test]
    fn every_legacy_type_reads_back_to_itself(t in llvm_type()) {
        let text = print_type(&t, Syntax::Legacy);
        let back = parse_type(&text).map_err(|d| TestCaseError::fail(format!("{text}: {}", d.message)))?;
        prop_assert_eq!(back, t, "{}", text);
    }
}

#[test]
fn a_pointer_to_void_is_written_and_read_as_i8_star() {
    let t = Type::llvm_ptr(Type::LlvmVoid);
    assert_eq!(print_type(&t, Syntax::Legacy), "!llvm<\"i8*\">");
    assert_eq!(
        parse_type("!llvm<\"i8*\">").unwrap(),
        Type::llvm_ptr(Type::i8())
    );
}

/// The op forms of LLVM 11 read into the typed-pointer IR, which the typed rules of
/// `verify_llvm_module` accept, with the element types the lowering gives the ops.
#[test]
fn legacy_op_forms_read_into_the_typed_ir() {
    let src = r#"module {
  llvm.func @callee(!llvm.i32) -> !llvm.i32
  llvm.func @f(%p: !llvm<"{ i64, [2 x float] }*"> {llvm.noalias = true}, %x: !llvm.i32) -> !llvm.float {
    %0 = llvm.mlir.constant(1 : i64) : !llvm.i64
    %1 = llvm.getelementptr %p[%0, 1, 1] : (!llvm<"{ i64, [2 x float] }*">, !llvm.i64) -> !llvm<"float*">
    %2 = llvm.load %1 {alignment = 4 : i64} : !llvm<"float*">
    llvm.store %2, %1 : !llvm<"float*">
    %3 = llvm.mlir.null : !llvm<"i32 (i32)*">
    %4 = llvm.mlir.addressof @callee : !llvm<"i32 (i32)*">
    %5 = llvm.call %4(%x) : (!llvm.i32) -> !llvm.i32
    llvm.return %2 : !llvm.float
  }
}
"#;
    let m = parse_module("l.mlir", src.as_bytes())
        .unwrap_or_else(|d| panic!("{}", d.render("l.mlir", Some(src))));
    crate::verify::verify_llvm_module(&m)
        .unwrap_or_else(|ds| panic!("{}", ds[0].render("l.mlir", Some(src))));
    let f = m.func("f").expect("@f");
    assert_eq!(
        f.arg_attrs[0][0].value,
        Attribute::Unit,
        "llvm.noalias = true"
    );
    let b = f.body.as_ref().expect("a body");
    let op = |k: OpKind| b.ops.iter().find(|o| o.kind == k).expect("the op");
    let desc = Type::llvm_struct(vec![Type::i64(), Type::llvm_array(2, Type::F32)]);
    assert_eq!(
        op(OpKind::LlvmGep).attr("elem_type"),
        Some(&Attribute::Type(desc))
    );
    assert_eq!(
        op(OpKind::LlvmLoad).attr("elem_type"),
        Some(&Attribute::Type(Type::F32))
    );
    let store = op(OpKind::LlvmStore);
    assert_eq!(b.value_type(store.operands[0]), &Type::F32);
    let zero = op(OpKind::LlvmZero);
    let fptr = Type::llvm_ptr(Type::llvm_func(Type::i32(), vec![Type::i32()]));
    assert_eq!(b.value_type(zero.results[0]), &fptr);
    let call = op(OpKind::LlvmCall);
    assert_eq!(
        b.value_type(call.operands[0]),
        &fptr,
        "the pointer's own type"
    );
}

#[test]
fn malformed_legacy_types_are_errors_in_the_string() {
    let cases: &[(&str, u32, &str)] = &[
        (
            "!llvm<\"i32 addrspace(3)\">",
            24,
            "expected '*' after addrspace(N)",
        ),
        ("!llvm<\"void*\">", 12, "a pointer to void"),
        ("!llvm<\"{ i32, void }\">", 15, "void is not a value's type"),
        ("!llvm<\"<4 x i8*>\">", 13, "integers or floats"),
        ("!llvm<\"<0 x i8>\">", 8, "a vector of 0 elements"),
        ("!llvm<\"[2 i8]\">", 11, "expected 'x'"),
        ("!llvm<\"i0\">", 8, "unknown or unsupported type 'i0'"),
        ("!llvm<\"i129\">", 8, "unknown or unsupported type 'i129'"),
        ("!llvm<\"fp128\">", 8, "unknown or unsupported type 'fp128'"),
        ("!llvm<\"i8 (void)\">", 12, "void is not a value's type"),
        (
            "!llvm<\"[2 x void ()]\">",
            13,
            "a function is not a value's type",
        ),
        (
            "!llvm<\"{ void () }\">",
            10,
            "a function is not a value's type",
        ),
        (
            "!llvm<\"void (void ())*\">",
            14,
            "a function is not a value's type",
        ),
        (
            "!llvm<\"void () ()*\">",
            16,
            "a function cannot return a function",
        ),
        ("!llvm<\"[2xi8]\">", 10, "expected 'x'"),
        // A control character in the type is escaped in the message, which stays one line.
        (
            "!llvm<\"i32\\0Afoo\">",
            7,
            "\"i32\\0Afoo\": unexpected text",
        ),
        ("!llvm<\"i8* x\">", 12, "unexpected text after the type"),
        ("!llvm<\"\">", 8, "expected a type"),
        (
            "!llvm<\"i8 addrspace(4294967296)*\">",
            11,
            "must fit 24 bits",
        ),
        ("!llvm<\"i8 addrspace(16777216)*\">", 11, "must fit 24 bits"),
        ("!llvm.i0", 1, "unknown or unsupported LLVM dialect type"),
        ("!llvm<i8>", 7, "the LLVM IR type in quotes"),
    ];
    let mut failures = Vec::new();
    for &(src, col, msg) in cases {
        match parse_type(src) {
            Ok(t) => failures.push(format!("accepted: {src} as {t}")),
            Err(d) if d.loc.col != col || !d.message.contains(msg) => failures.push(format!(
                "{src}\n  expected col {col} {msg:?}\n  got      col {} {:?}",
                d.loc.col, d.message
            )),
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn deep_legacy_types_are_errors_not_stack_overflows() {
    for deep in [
        format!("!llvm<\"i8{}\">", "*".repeat(100_000)),
        format!(
            "!llvm<\"{}i8{}\">",
            "{".repeat(100_000),
            "}".repeat(100_000)
        ),
        format!(
            "!llvm<\"{}i8{}\">",
            "[1 x ".repeat(100_000),
            "]".repeat(100_000)
        ),
        format!(
            "!llvm<\"{}i8{}\">",
            "void (".repeat(100_000),
            ")*".repeat(100_000)
        ),
    ] {
        let d = parse_type(&deep).expect_err("too deep");
        assert!(d.message.contains("nesting too deep"), "{}", d.message);
    }
}

/// A legacy load or store whose type is not a pointer, and today's load without its
/// result type, are located errors.
#[test]
fn legacy_memory_ops_need_a_typed_pointer() {
    for (body, at, what) in [
        (
            "%v = llvm.load %x : !llvm.i64\n",
            "2:23",
            "expected a pointer type",
        ),
        (
            "llvm.store %x, %x : !llvm.i64\n",
            "2:23",
            "expected a pointer type",
        ),
        (
            "%v = llvm.load %p : !llvm.ptr\n",
            "3:3",
            "'->' and the loaded type",
        ),
    ] {
        let text =
            format!("llvm.func @g(%x: !llvm.i64, %p: !llvm.ptr) {{\n  {body}  llvm.return\n}}\n");
        let e = parse_module("bad.mlir", text.as_bytes()).expect_err(body);
        assert!(e.message.contains(what), "{body}: {}", e.message);
        assert_eq!(
            format!("{}:{}", e.loc.line, e.loc.col),
            at,
            "{body}: {}",
            e.message
        );
    }
}

/// MLIR 13 to 16's typed pointers (`!llvm.ptr<f32>`, `ptr<i8, 3>` in a struct, pointers
/// to functions) read into the same typed IR as LLVM 11's notation, and their op forms
/// with them: a load typed by its pointer, a GEP without its element type, a shuffle
/// mask of typed entries.
#[test]
fn mlir_13s_typed_pointers_read_into_the_typed_ir() {
    let src = "llvm.func @f(%arg0: !llvm.ptr<f32, 3>, %arg1: !llvm.struct<(ptr<i8>, i64)>, %arg2: !llvm.ptr<func<void (i32)>>, %arg3: vector<2xf32>) -> f32 {
  %0 = llvm.mlir.constant(1 : index) : i64
  %1 = llvm.getelementptr %arg0[%0] : (!llvm.ptr<f32, 3>, i64) -> !llvm.ptr<f32, 3>
  %2 = llvm.load %1 : !llvm.ptr<f32, 3>
  %3 = llvm.shufflevector %arg3, %arg3 [0 : i32, 0 : i32] : vector<2xf32>, vector<2xf32>
  llvm.return %2 : f32
}
";
    let m = parse_module("t.mlir", src.as_bytes()).unwrap();
    let f = &m.funcs[0];
    let Type::LlvmFunc(ft) = &f.ty else {
        panic!("{:?}", f.ty)
    };
    assert_eq!(ft.params[0], Type::llvm_ptr_in(Type::F32, 3));
    assert_eq!(
        ft.params[1],
        Type::llvm_struct(vec![Type::llvm_ptr(Type::i8()), Type::i64()])
    );
    assert_eq!(
        ft.params[2],
        Type::llvm_ptr(Type::llvm_func(Type::LlvmVoid, vec![Type::i32()]))
    );
    let b = f.body.as_ref().unwrap();
    let kinds: Vec<OpKind> = b.walk_ops().map(|o| b.op(o).kind).collect();
    assert!(kinds.contains(&OpKind::LlvmGep) && kinds.contains(&OpKind::LlvmShuffleVector));
    let load = b
        .walk_ops()
        .find(|&o| b.op(o).kind == OpKind::LlvmLoad)
        .unwrap();
    assert_eq!(*b.value_type(b.op(load).results[0]), Type::F32);
    assert!(crate::verify::verify_llvm_module(&m).is_ok());
    // A mask entry of another type is an error.
    let bad = src.replace("[0 : i32, 0 : i32]", "[0 : i64, 0 : i32]");
    assert!(parse_module("t.mlir", bad.as_bytes()).is_err());
}
