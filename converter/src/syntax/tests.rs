//! Tests of the front end on real programs (the shared conformance set), on an
//! every-op module, and a table of malformed inputs with their exact locations.

use super::*;
use crate::conformance::conformance_dir;
use crate::ir::{Attribute, DenseValues, Layout, OpKind, Type};

/// Parses, prints, re-parses and re-prints; the two printed texts must agree, in
/// custom and in generic form (and generic text must read back to the custom text).
fn assert_round_trip(name: &str, src: &str) -> String {
    let m = parse_module(name, src.as_bytes())
        .unwrap_or_else(|d| panic!("{}", d.render(name, Some(src))));
    let custom = print_module(&m, &PrintOptions::default());
    let m2 = parse_module(name, custom.as_bytes())
        .unwrap_or_else(|d| panic!("reparse: {}\n{custom}", d.render(name, Some(&custom))));
    assert_eq!(
        print_module(&m2, &PrintOptions::default()),
        custom,
        "{name}: not a fixed point"
    );
    let generic = print_module(&m, &PrintOptions { generic: true });
    let m3 = parse_module(name, generic.as_bytes()).unwrap_or_else(|d| {
        panic!(
            "generic reparse: {}\n{generic}",
            d.render(name, Some(&generic))
        )
    });
    assert_eq!(
        print_module(&m3, &PrintOptions::default()),
        custom,
        "{name}: generic form differs"
    );
    custom
}

#[test]
fn conformance_programs_parse_and_round_trip() {
    let Some(dir) = conformance_dir() else {
        eprintln!("shared/conformance not found; skipping");
        return;
    };
    let mut n = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.extension().and_then(|e| e.to_str()) != Some("mlir") {
            continue;
        }
        let src = std::fs::read_to_string(&p).unwrap();
        let name = p.display().to_string();
        assert_round_trip(&name, &src);
        let m = parse_module(&name, src.as_bytes()).unwrap();
        assert!(m.func("main").is_some(), "{name}: no @main");
        n += 1;
    }
    assert!(n > 0, "no conformance programs in {}", dir.display());
}

const ALL_OPS: &str = r#"// every op, in the spellings LLVM 11 uses
#map0 = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 + 8)>
module attributes {foo.bar = 3 : i32} {
  func @ext(memref<?xf32>) -> i32
  func @ext2(i32, f32) attributes {llvm.emit_c_interface}
  func @hi(%f: (() -> ()) -> (() -> ())) -> (() -> ()) {
    return %f : (() -> ()) -> (() -> ())
  }
  func @f(%a: i32, %b: i32, %x: f32, %m: memref<?x?xf32>, %v: vector<4 x f32>) -> (i32, i64) attributes {llvm.emit_c_interface} {
    %0 = constant 42 : i32
    %t = constant true
    %fl = constant false
    %h = constant 0xFF : i32
    %nan = constant 0x7FC00001 : f32
    %c15 = std.constant 1.5 : f32
    %d = constant dense<[1.0, 2.0]> : vector<2xf32>
    %sp = constant dense<2.0> : vector<4xf32>
    %d2 = constant dense<[[1, 2], [3, -4]]> : vector<2x2xi8>
    %fr = constant @ext2 : (i32, f32) -> ()
    %i17 = constant -5 : i17
    %big = constant 170141183460469231731687303715884105727 : i128
    %r = addi %a, %b : i32
    %r1 = subi %a, %b : i32
    %r2 = muli %a, %b : i32
    %r3 = divi_signed %a, %b : i32
    %r4 = divi_unsigned %a, %b : i32
    %r5 = remi_signed %a, %b : i32
    %r6 = remi_unsigned %a, %b : i32
    %r7 = and %a, %b : i32
    %r8 = or %a, %b : i32
    %r9 = xor %a, %b : i32
    %r10 = shift_left %a, %b : i32
    %r11 = shift_right_signed %a, %b : i32
    %r12 = shift_right_unsigned %a, %b {fastmath} : i32
    %f1 = addf %x, %x : f32
    %f2 = subf %x, %x : f32
    %f3 = mulf %x, %x : f32
    %f4 = divf %x, %x : f32
    %f5 = remf %x, %x : f32
    %f6 = negf %x : f32
    %f7 = absf %x : f32
    %va = addf %v, %v : vector<4xf32>
    %c = cmpi "slt", %a, %b : i32
    %cf = cmpf "olt", %x, %x : f32
    %cv = cmpf "oeq", %v, %v : vector<4xf32>
    %s = select %c, %a, %b : i32
    %sv = select %cv, %v, %v : vector<4xi1>, vector<4xf32>
    %ic = index_cast %a : i32 to index
    %si = sitofp %a : i32 to f32
    %fs = fptosi %x : f32 to i32
    %fe = fpext %x : f32 to f64
    %ft = fptrunc %fe : f64 to f32
    %z = zexti %a : i32 to i64
    %se = sexti %a : i32 to i64
    %tr = trunci %a : i32 to i8
    %al = alloc() : memref<4xf32>
    %al2 = alloc(%ic) : memref<?xf32>
    %al3 = alloc(%ic, %ic)[%ic] : memref<?x?xf32, #map0>
    %al4 = alloc() {alignment = 16} : memref<4xf32>
    %al5 = alloca(%ic) : memref<?xf32, offset: ?, strides: [1]>
    %al6 = alloc() : memref<4xf32, 1>
    %al7 = alloc() : memref<f32>
    %al8 = alloc() : memref<1x? x vector<4xf32>, affine_map<(i, j) -> (i * 4 + j floordiv 2)>, 3>
    %ld0 = load %al7[] : memref<f32>
    dealloc %al : memref<4xf32>
    %ld = load %m[%ic, %ic] : memref<?x?xf32>
    store %x, %al2[%ic] : memref<?xf32>
    %dm = dim %m, 0 : memref<?x?xf32>
    %dm2 = dim %m, %ic : memref<?x?xf32>
    %u = memref_cast %al2 : memref<?xf32> to memref<*xf32>
    %rk = rank %u : memref<*xf32>
    %spl = splat %x : vector<4xf32>
    %ee = extract_element %v[%ic] : vector<4xf32>
    %cl:2 = call @f(%a, %b, %x, %m, %v) : (i32, i32, f32, memref<?x?xf32>, vector<4xf32>) -> (i32, i64)
    call_indirect %fr(%a, %x) : (i32, f32) -> ()
    "use"(%cl#1) : (i64) -> ()
    %y = "foo.bar"(%a) {k = 1 : i64, s = "str\n\"q\"", arr = [1, 2.5, @ext, i32, unit, -0.0 : f16], d = {x, "odd key" = false}} : (i32) -> f32
    %p, %q:2 = "foo.pair"() : () -> (i1, i2, i3)
    %g = "std.addi"(%a, %b) : (i32, i32) -> i32
    "std.br"(%a)[^bb1] : (i32) -> ()
  ^bb1(%p1: i32):
    cond_br %c, ^bb2(%p1, %z : i32, i64), ^bb3
  ^bb2(%q1: i32, %w: i64):
    return %q1, %w : i32, i64
  ^bb3:
    %k = addi %late, %late : i32
    br ^bb4
  ^bb4:
    %late = constant 7 : i32
    std.return %k, %z : i32, i64
  }
  func @loop() {
  ^entry:
    br ^entry
  }
}
"#;

#[test]
fn every_op_parses_and_round_trips() {
    let text = assert_round_trip("all.mlir", ALL_OPS);
    let m = parse_module("all.mlir", ALL_OPS.as_bytes()).unwrap();
    assert_eq!(m.funcs.len(), 5);
    assert!(m.funcs[0].is_external());
    assert!(m.funcs[3].has_attr("llvm.emit_c_interface"));
    let body = m.funcs[3].body.as_ref().unwrap();
    let ops: Vec<_> = body.walk_ops().map(|o| body.op(o)).collect();
    assert_eq!(ops[0].attr("value"), Some(&Attribute::int(42, Type::i32())));
    assert_eq!(ops[1].attr("value"), Some(&Attribute::Bool(true)));
    assert_eq!(
        ops[3].attr("value"),
        Some(&Attribute::int(255, Type::i32()))
    );
    assert_eq!(
        ops[4].attr("value"),
        Some(&Attribute::Float {
            bits: 0x7FC0_0001,
            ty: Type::F32
        })
    );
    match ops[8].attr("value") {
        Some(Attribute::Dense {
            values: DenseValues::Elements(e),
            ..
        }) => {
            assert_eq!(e[3], Attribute::int(-4, Type::i8()))
        }
        other => panic!("{other:?}"),
    }
    // The generic "std.addi" became a known op; the forward reference was resolved.
    assert!(ops
        .iter()
        .any(|o| o.kind == OpKind::AddI && o.attrs.is_empty()));
    let fwd = ops
        .iter()
        .find(|o| {
            o.kind == OpKind::AddI
                && o.operands[0] == o.operands[1]
                && body.defining_op(o.operands[0]).map(|d| body.op(d).kind)
                    == Some(OpKind::Constant)
        })
        .unwrap();
    assert_eq!(body.value_type(fwd.operands[0]), &Type::i32());
    // The memref with an affine layout is classified strided.
    let al3 = ops
        .iter()
        .find(|o| o.kind == OpKind::Alloc && o.operands.len() == 3)
        .unwrap();
    let mt = body.value_type(al3.results[0]).as_memref().unwrap().clone();
    match &mt.layout {
        Layout::Affine {
            text,
            strided: Some(s),
        } => {
            assert_eq!(text, "(d0, d1)[s0] -> (d0 * s0 + d1 + 8)");
            assert_eq!(
                (s.offset, s.strides.clone()),
                (Some(8), vec![None, Some(1)])
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(text.contains("%66 = constant 7 : i32") || text.contains("constant 7 : i32"));
    // The generic br with plain operands got successor operands.
    let br = ops.iter().find(|o| o.kind == OpKind::Br).unwrap();
    assert_eq!(br.successors[0].args.len(), 1);
    assert!(br.operands.is_empty());
}

#[test]
fn std_types_parse() {
    for (s, back) in [
        ("i1", "i1"),
        ("i128", "i128"),
        ("index", "index"),
        ("bf16", "bf16"),
        ("vector<4 x f32>", "vector<4xf32>"),
        ("vector<2x3xi7>", "vector<2x3xi7>"),
        ("memref<1x? x vector<4xf32>>", "memref<1x?xvector<4xf32>>"),
        ("memref<*xf32>", "memref<*xf32>"),
        ("memref<f32>", "memref<f32>"),
        (
            "memref<?x?xf32, offset: ?, strides: [?, 1]>",
            "memref<?x?xf32, offset: ?, strides: [?, 1]>",
        ),
        (
            "memref<4xf32, strided<[1], offset: 2>>",
            "memref<4xf32, offset: 2, strides: [1]>",
        ),
        ("memref<0x4xf32>", "memref<0x4xf32>"),
        ("(() -> ()) -> (() -> ())", "(() -> ()) -> (() -> ())"),
        ("(i32) -> (i32, i64)", "(i32) -> (i32, i64)"),
        ("() -> ()", "() -> ()"),
    ] {
        let t = parse_type(s).unwrap_or_else(|d| panic!("{s}: {d}"));
        assert_eq!(t.to_string(), back, "{s}");
        assert_eq!(parse_type(&t.to_string()).unwrap(), t);
    }
}

#[test]
fn floats_print_to_the_same_bits() {
    for (bits, ty) in [
        (0x3DCC_CCCDu64, Type::F32),
        (0x3380_0000, Type::F32),
        (0x7F80_0000, Type::F32),
        (0xFFC0_0001, Type::F32),
        (0x8000_0000, Type::F32),
        (1, Type::F32),
        (0x3FB9_9999_9999_999A, Type::F64),
        (1, Type::F64),
        (0x7FF0_0000_0000_0001, Type::F64),
        (0x3C00, Type::F16),
        (0x0001, Type::F16),
        (0x7E01, Type::F16),
        (0x3F80, Type::BF16),
        (0x0001, Type::BF16),
    ] {
        let text = format!(
            "func @f() {{\n  %0 = constant {} : {ty}\n  return\n}}\n",
            float_text(bits, &ty)
        );
        let m = parse_module("f.mlir", text.as_bytes()).unwrap();
        let b = m.funcs[0].body.as_ref().unwrap();
        let op = b.op(b.walk_ops().next().unwrap());
        assert_eq!(
            op.attr("value"),
            Some(&Attribute::Float {
                bits,
                ty: ty.clone()
            }),
            "{text}"
        );
    }
    assert_eq!(float_text(0x3380_0000, &Type::F32), "5.9604645e-8");
    assert_eq!(float_text(0x3F80_0000, &Type::F32), "1.0");
}

/// `(input, line, col, message fragment)`.
const BAD: &[(&str, u32, u32, &str)] = &[
    ("", 1, 1, "empty file"),
    ("// just a comment\n   \n", 1, 1, "empty file"),
    ("func @f() {\n  %0 = foo %x : i32\n}", 2, 8, "unknown operation 'foo'"),
    ("func @f() {\n  %0 = llvm.add %x : i32\n}", 2, 8, "unknown operation 'llvm.add'"),
    ("func @f() -> i32 {\n  return %x : i32\n}", 2, 10, "use of undefined value '%x'"),
    ("func @f() {\n  br ^bb9\n}", 2, 6, "use of undefined block '^bb9'"),
    ("func @f(%a: i32) {\n  %a = constant 1 : i32\n  return\n}", 2, 3, "redefinition of value '%a'"),
    ("func @f(%a: i32) {\n  %x, %y = addi %a, %a : i32\n  return\n}", 2, 3, "'addi' has 1 result(s) but 2 name(s)"),
    ("func @f(%a: i32) {\n  %r:2 = addi %a, %a : i32\n  return\n}", 2, 3, "has 1 result(s) but 2"),
    ("func @f(%a: i32) {\n  %x = addi %a, %a : i64\n  return\n}", 2, 13, "'%a' defined with type i32 but used as i64"),
    (
        "func @f() {\n  br ^bb1\n^bb2:\n  %y = addi %x, %x : i64\n  return\n^bb1:\n  %x = constant 1 : i32\n  br ^bb2\n}",
        4, 13, "'%x' defined with type i32 but used as i64",
    ),
    ("func @f(%a: i0) {\n  return\n}", 1, 13, "integer bitwidth 0"),
    ("func @f(%a: i129)", 1, 13, "integer bitwidth 129"),
    ("func @f(%a: i99999999999)", 1, 13, "integer bitwidth 99999999999"),
    ("func @f() {\n  %0 = constant 1 : i32 $\n}", 2, 25, "unexpected character '$'"),
    ("func @f() {\n  \"use\n}", 2, 7, "expected '\"' in string literal"),
    // Names, as MLIR's lexer reads them (mlir-opt 22 gives the same places and words).
    ("func @f-g() {\n  return\n}", 1, 8, "expected '('"),
    ("func @9f() {\n  return\n}", 1, 7, "@ identifier expected to start with letter or '_'"),
    ("func @$f()", 1, 7, "@ identifier expected to start with letter or '_'"),
    ("func @\"f\\q\"()", 1, 9, "unknown escape in string literal"),
    ("func @\"f\\4\"()", 1, 9, "unknown escape in string literal"),
    ("func @\"f()", 1, 11, "expected '\"' in string literal"),
    ("func @\"\"()", 1, 6, "empty symbol name"),
    ("func @\"a\\00\"()", 1, 6, "NUL byte"),
    ("func @f(% : i32)", 1, 9, "invalid SSA name"),
    ("func @f(%0a: i32)", 1, 11, "expected ':'"),
    ("func @f() {\n  br ^ \n}", 2, 6, "invalid block name"),
    ("func @f() {\n  br ^0x\n^0x:\n  return\n}", 2, 8, ""),
    ("func @f(%a: # )", 1, 13, "invalid attribute name"),
    ("func @f(%a: ! )", 1, 13, "invalid type identifier"),
    ("func @f() {\n  %r:2 = \"foo\"() : () -> (i32, i32)\n  \"use\"(%r # 1) : (i32) -> ()\n  return\n}", 3, 12, "invalid attribute name"),
    // Hex dense literals.
    ("func @f() {\n  %0 = constant dense<\"0x0000803F00\"> : vector<2xf32>\n  return\n}", 2, 17, "elements hex data size is invalid for provided type: 'vector<2xf32>'"),
    ("func @f() {\n  %0 = constant dense<\"0x\"> : vector<1xf32>\n  return\n}", 2, 17, "elements hex data size is invalid"),
    ("func @f() {\n  %0 = constant dense<\"0x0100\"> : vector<4xi1>\n  return\n}", 2, 17, "elements hex data size is invalid for provided type: 'vector<4xi1>'"),
    ("func @f() {\n  %0 = constant dense<\"0x0G\"> : vector<1xi8>\n  return\n}", 2, 23, "expected string containing hex digits starting with `0x`"),
    ("func @f() {\n  %0 = constant dense<\"0x012\"> : vector<1xi8>\n  return\n}", 2, 23, "expected string containing hex digits starting with `0x`"),
    ("func @f() {\n  %0 = constant dense<\"01\"> : vector<1xi8>\n  return\n}", 2, 23, "expected string containing hex digits starting with `0x`"),
    ("func @f(%a: vector<4xf32)", 1, 25, "expected '>' to end the vector type"),
    ("func @f(%a: vector<0xf32>)", 1, 20, "vector dimensions must be positive"),
    ("func @f(%a: vector<?xf32>)", 1, 20, "vector dimensions must be static"),
    ("func @f(%a: vector<f32>)", 1, 20, "expected vector dimensions"),
    ("func @f(%a: memref<4x4f32>)", 1, 23, "expected 'x' in dimension list"),
    ("func @f(%a: tensor<4xf32>)", 1, 13, "unsupported type 'tensor'"),
    ("func @f(%a: !llvm.i32)", 1, 13, "dialect types are not supported"),
    ("func @f(%a: si32)", 1, 13, "signed and unsigned integer types"),
    ("func @f(%a: memref<4xmemref<4xf32>>)", 1, 22, "invalid memref element type"),
    ("func @f(%a: i32) {\n  %c = cmpi \"foo\", %a, %a : i32\n  return\n}", 2, 13, "invalid cmpi predicate \"foo\""),
    ("func @f(%a: i32) {\n  \"foo\"(%a) : () -> ()\n  return\n}", 2, 13, "expected 1 operand type(s) but had 0"),
    ("func @f() {\n  %r:2 = \"foo\"() : () -> (i32, i32)\n  \"use\"(%r#2) : (i32) -> ()\n  return\n}", 3, 9, "result number 2 of '%r' is out of range"),
    ("func @f() {\n  br ^bb1\n^bb1:\n  return\n^bb1:\n  return\n}", 5, 1, "redefinition of block '^bb1'"),
    ("func @f() {\n  %0 = constant 256 : i8\n  return\n}", 2, 17, "integer constant out of range for attribute: 256 does not fit in i8"),
    ("func @f() {\n  %0 = constant -129 : i8\n  return\n}", 2, 18, "integer constant out of range for attribute: -129 does not fit in i8"),
    ("func @f() {\n  %0 = constant 1 : f32\n  return\n}", 2, 17, "unexpected decimal integer literal 1"),
    ("func @f() {\n  %0 = constant 0x1FFFF : f16\n  return\n}", 2, 17, "does not fit in f16"),
    ("func @f() {\n  %0 = constant 1.5 : i32\n  return\n}", 2, 17, "floating point value not valid for specified type: 1.5 used with integer type i32"),
    ("func @f() {\n  \"foo\"() ({}) : () -> ()\n  return\n}", 2, 11, "regions are not supported"),
    ("func @f()\nfunc @f()", 2, 1, "redefinition of symbol '@f'"),
    ("func @f() {\n^bb0(%a: i32):\n  return\n}", 1, 1, "entry block must have 0 arguments to match function signature"),
    ("func @f(%a: i32) {\n^bb0(%b: i32):\n  return\n}", 2, 1, "invalid block name in region with named arguments"),
    ("func @f() {\n  \"std.foo\"() : () -> ()\n}", 2, 3, "unknown operation 'std.foo'"),
    ("func @f(%a: memref<?x?xf32, offset: 0, strides: [1]>)", 1, 29, "expected 2 strides"),
    ("func @f(%a: memref<?xf32, affine_map<(d0, d1) -> (d0)>>)", 1, 27, "affine map has 2 dimensions but the memref has rank 1"),
    ("func @f(%a: memref<?xf32, affine_map<(d0) -> (d0 * d0)>>)", 1, 50, "non-affine expression"),
    ("func @f(%a: memref<?xf32, affine_map<(d0) -> (d1)>>)", 1, 47, "undeclared identifier 'd1'"),
    ("func @f(%a: memref<?xf32, #nope>)", 1, 27, "undefined alias '#nope'"),
    ("module {\n  module {\n  }\n}", 2, 3, "nested modules are not supported"),
    ("func @f() {\n  %0 = constant dense<[1.0, 2.0]> : vector<3xf32>\n  return\n}", 2, 23, "dense literal of shape [2] does not match type vector<3xf32>"),
    ("func @f() {\n  %0 = constant dense<[[1.0], 2.0]> : vector<2xf32>\n  return\n}", 2, 31, "inconsistent nesting"),
    ("func @f(i32) {\n  return\n}", 1, 1, "'func' op entry block must have 1 arguments to match function signature"),
    ("func @f(i32, f32) {\n^bb0(%a: i32, %b: f64):\n  return\n}", 1, 1, "type of entry block argument #1(f64) must match the type of the corresponding argument in function signature(f32)"),
    ("func @f(%a: i32, f32)", 1, 18, "all be named"),
    ("func @f() {\n  %x = \"foo\"() {a = 1, a = 2} : () -> i32\n  return\n}", 2, 24, "duplicate attribute 'a'"),
    ("func @f() {\n  return\n", 3, 1, "expected '}' to end the function body"),
    ("func @f(%m: memref<4xf32>) {\n  %x = load %m[%i] : vector<4xf32>\n  return\n}", 2, 22, "expected a memref type, found vector<4xf32>"),
    ("func @f(%a: i32) {\n  return %a, %a : i32\n}", 2, 17, "2 returned value(s) but 1 type(s)"),
    ("func @f(%a: i32) {\n  %r = call @g(%a) : () -> i32\n  return\n}", 2, 22, "1 operand(s) but the function type has 0 input(s)"),
    ("func @f(%a: i32) {\n  br ^bb1(%a : i32, i32)\n^bb1(%b: i32):\n  return\n}", 2, 14, "1 successor operand(s) but 2 type(s)"),
    ("%0 = constant 1 : i32", 1, 1, "expected 'func' or 'module' at top level"),
    ("func @f() {\n  %0 = constant 99999999999999999999999999999999999999999 : i128\n  return\n}", 2, 17, "integer constant out of range for attribute"),
];

#[test]
fn malformed_inputs_are_located_errors() {
    let mut failures = Vec::new();
    for &(src, line, col, msg) in BAD {
        match parse_module("bad.mlir", src.as_bytes()) {
            Ok(_) => failures.push(format!("accepted: {src:?}")),
            Err(d) => {
                if (d.loc.line, d.loc.col) != (line, col) || !d.message.contains(msg) {
                    failures.push(format!(
                        "{src:?}\n  expected {line}:{col} {msg:?}\n  got      {}:{} {:?}",
                        d.loc.line, d.loc.col, d.message
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn redefinition_has_a_note_at_the_previous_definition() {
    let d = parse_module(
        "x",
        b"func @f(%a: i32) {\n  %a = constant 1 : i32\n  return\n}",
    )
    .unwrap_err();
    assert_eq!(d.notes.len(), 1);
    assert_eq!(d.notes[0].0, crate::diag::Loc::new(1, 9));
}

// Columns count bytes, as MLIR's do: the two-byte é counts twice.
#[test]
fn non_utf8_is_located_at_the_first_bad_byte() {
    let d = parse_module(
        "x",
        b"func @f() {\n  %0 = constant 1 : i32 // \xc3\xa9 \xff\n}",
    )
    .unwrap_err();
    assert_eq!((d.loc.line, d.loc.col), (2, 31));
    assert!(d.message.contains("invalid UTF-8"), "{}", d.message);
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    const N: usize = 100_000;
    let cases = [
        format!("func @f(%a: {}f32{})", "vector<4x".repeat(N), ">".repeat(N)),
        format!("func @f(%a: {}f32{})", "memref<4x".repeat(N), ">".repeat(N)),
        format!("func @f(%a: {}) -> ()", "(".repeat(N)),
        format!("func @f() attributes {{a = {}}}", "[".repeat(N)),
        format!("func @f() attributes {{a = {}}}", "{a = ".repeat(N)),
        format!(
            "func @f() {{\n  %0 = constant dense<{}1.0{}> : vector<1xf32>\n}}",
            "[".repeat(N),
            "]".repeat(N)
        ),
        format!(
            "func @f(%a: memref<4xf32, affine_map<(d0) -> ({}d0{})>>)",
            "(".repeat(N),
            ")".repeat(N)
        ),
        format!(
            "func @f(%a: memref<4xf32, affine_map<(d0) -> ({}d0)>>)",
            "-".repeat(N)
        ),
        "module {\n".repeat(N),
        format!("func @f(%a: {}f32{})", "vector<".repeat(N), ">".repeat(N)),
        format!(
            "func @f(%a: memref<4xf32, affine_map<(d0) -> (d0{})>>)",
            " + d0".repeat(N)
        ),
        format!(
            "func @f(%a: memref<4xf32, affine_map<(d0) -> (d0{})>>)",
            " * 2".repeat(N)
        ),
    ];
    for src in &cases {
        let d = parse_module("deep.mlir", src.as_bytes()).unwrap_err();
        assert!(d.loc.line >= 1, "{}", d.message);
        assert!(
            d.message.contains("nesting too deep")
                || d.message.contains("nested modules")
                || d.message.contains("invalid memref element type")
                || d.message.contains("expected vector dimensions")
                || d.message.contains("too complex"),
            "{}",
            d.message
        );
    }
    assert!(parse_type(&format!("{}f32{}", "vector<2x".repeat(N), ">".repeat(N))).is_err());
}

#[test]
fn parse_type_requires_the_whole_input() {
    assert!(parse_type("i32").is_ok());
    let d = parse_type("i32 x").unwrap_err();
    assert_eq!((d.loc.line, d.loc.col), (1, 5));
    assert!(parse_type("").is_err());
}

#[test]
fn module_file_and_source_are_set() {
    let src = "func @f() {\n  return\n}\n";
    let m = parse_module("a/b.mlir", src.as_bytes()).unwrap();
    assert_eq!(&*m.file, "a/b.mlir");
    assert_eq!(m.source.as_deref(), Some(src));
    let f = &m.funcs[0];
    assert_eq!(f.loc, crate::diag::Loc::new(1, 1));
    let b = f.body.as_ref().unwrap();
    assert_eq!(
        b.op(b.walk_ops().next().unwrap()).loc,
        crate::diag::Loc::new(2, 3)
    );
}

#[test]
fn spec_examples_parse() {
    let srcs = [
        "func @foo(%arg0: i32, %arg1: i64) -> (i32, i64) {\n  return %arg0, %arg1 : i32, i64\n}\nfunc @bar() {\n  %0 = constant 42 : i32\n  %1 = constant 17 : i64\n  %2:2 = call @foo(%0, %1) : (i32, i64) -> (i32, i64)\n  \"use_i32\"(%2#0) : (i32) -> ()\n  \"use_i64\"(%2#1) : (i64) -> ()\n}\n",
        "func @foo(%arg0: memref<?xf32>) -> () {\n  \"use\"(%arg0) : (memref<?xf32>) -> ()\n  return\n}\n",
        "func @bar() {\n  %0 = \"get\"() : () -> (memref<?xf32>)\n  call @foo(%0) : (memref<?xf32>) -> ()\n  return\n}\nfunc @foo(memref<?xf32>)\n",
        "func @qux(%arg0: memref<?x?xf32>)\n",
        "func @f(%0: i1, %1: i32, %2: i32) {\n  cond_br %0, ^bb1(%1 : i32), ^bb1(%2 : i32)\n^bb1(%3 : i32):\n  \"use\"(%3) : (i32) -> ()\n  return\n}\n",
        "func @f(%m: memref<f32>) -> f32 {\n  %0 = load %m[] : memref<f32>\n  return %0 : f32\n}\n",
    ];
    for s in srcs {
        assert_round_trip("spec.mlir", s);
    }
}

#[test]
fn source_locations_are_skipped() {
    let src = "#loc0 = loc(\"a.mlir\":1:2)\nmodule {\n  func @f(%a: i32 loc(\"x\":1:1)) -> i32 {\n    %0 = addi %a, %a : i32 loc(#loc0)\n    br ^bb1(%0 : i32) loc(fused[\"a\", unknown])\n  ^bb1(%b: i32 loc(unknown)):\n    return %b : i32 loc(callsite(\"f\" at \"g\":1:1))\n  } loc(unknown)\n} loc(unknown)\n";
    let m = parse_module("loc.mlir", src.as_bytes())
        .unwrap_or_else(|d| panic!("{}", d.render("loc.mlir", Some(src))));
    assert_eq!(m.funcs[0].body.as_ref().unwrap().walk_ops().count(), 3);
}

#[test]
fn conformance_programs_verify_after_parsing_and_after_round_trip() {
    let Some(dir) = conformance_dir() else {
        return;
    };
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries
        .iter()
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("mlir"))
    {
        let src = std::fs::read_to_string(p).unwrap();
        let m = parse_module("c.mlir", src.as_bytes()).unwrap();
        let text = print_module(&m, &PrintOptions::default());
        let back = parse_module("c.mlir", text.as_bytes()).unwrap();
        for (what, m) in [("parsed", &m), ("re-parsed", &back)] {
            if let Err(ds) = crate::verify::verify_module(m) {
                let msgs: Vec<String> = ds.iter().map(|d| d.to_string()).collect();
                panic!("{} ({what}): {}", p.display(), msgs.join("; "));
            }
        }
    }
}

#[test]
fn builder_module_prints_in_llvm11_custom_form() {
    use crate::ir::{Func, Module};
    let mut f = Func::new_std("add", vec![Type::i32(), Type::i32()], vec![Type::i32()]);
    f.attrs.push(crate::ir::NamedAttr::new(
        "llvm.emit_c_interface",
        Attribute::Unit,
    ));
    let body = f.body.as_mut().unwrap();
    let entry = body.entry().unwrap();
    let (a, b) = (body.block_args(entry)[0], body.block_args(entry)[1]);
    let exit = body.add_block(&[Type::i32()]);
    let mut bl = body.builder(entry);
    let s = bl.binary(OpKind::AddI, a, b);
    let c = bl.cmpi("slt", s, a);
    let h = bl.const_float(0.1, Type::F32);
    let n = bl.const_float(f64::NAN, Type::F64);
    let _ = (h, n);
    bl.cond_br(c, exit, vec![s], exit, vec![a]);
    let x = body.block_args(exit)[0];
    body.builder(exit).ret(vec![x]);
    let mut m = Module::new("b.mlir");
    m.funcs.push(f);
    m.funcs.push(Func::new_std_decl(
        "ext",
        vec![Type::unranked_memref(Type::F32)],
        vec![],
    ));
    let text = print_module(&m, &PrintOptions::default());
    assert_eq!(
        text,
        "module {
  func @add(%arg0: i32, %arg1: i32) -> i32 attributes {llvm.emit_c_interface} {
    %0 = addi %arg0, %arg1 : i32
    %1 = cmpi \"slt\", %0, %arg0 : i32
    %2 = constant 0.1 : f32
    %3 = constant 0x7FF8000000000000 : f64
    cond_br %1, ^bb1(%0 : i32), ^bb1(%arg0 : i32)
  ^bb1(%4: i32):
    return %4 : i32
  }
  func @ext(memref<*xf32>)
}
"
    );
    let generic = print_module(&m, &PrintOptions { generic: true });
    assert!(
        generic.contains("%0 = \"std.addi\"(%arg0, %arg1) : (i32, i32) -> i32"),
        "{generic}"
    );
    assert!(
        generic.contains("\"std.cond_br\"(%1)[^bb1(%0 : i32), ^bb1(%arg0 : i32)] : (i1) -> ()"),
        "{generic}"
    );
    assert!(
        generic.contains("\"std.constant\"() {value = 0.1 : f32} : () -> f32"),
        "{generic}"
    );
    assert_round_trip("b.mlir", &text);
}

/// Shaped types met again are read from the parser's memo of recent types: each is
/// the type its text parses to alone (also where one text is a prefix of another),
/// and what follows a remembered type is located as in the text.
#[test]
fn repeated_shaped_types_parse_alike_and_keep_locations() {
    let types = [
        "memref<4xf32>",
        "memref<4xf32, 1>",
        "vector<4xf32>",
        "memref<?x4xvector<4xf32>>",
        "memref<4xf32,1>",
        "vector<4x2xf32>",
        "memref<4 x f32>",
        "memref<8xi64, offset: ?, strides: [1]>",
    ];
    let all: Vec<&str> = types
        .iter()
        .chain(types.iter().rev())
        .chain(&types)
        .copied()
        .collect();
    let args: Vec<String> = all
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%a{i}: {t}"))
        .collect();
    let src = format!("func @f({}) {{\n  return\n}}\n", args.join(", "));
    let m = parse_module("t.mlir", src.as_bytes()).unwrap_or_else(|d| panic!("{}", d.message));
    let inputs = &m.funcs[0].std_type().unwrap().inputs;
    for (t, got) in all.iter().zip(inputs) {
        assert_eq!(&parse_type(t).unwrap(), got, "{t}");
    }
    // The second `memref<4xf32>` is remembered; the error is at `bad`.
    for (line, text, bad) in [
        (
            1,
            "func @g(%a: memref<4xf32>, %b: memref<4xf32> %c: i32)\n",
            "%c",
        ),
        (
            2,
            "func @g(%a: memref<4xf32>,\n %b: memref<4xf32> %c: i32)\n",
            "%c",
        ),
        (
            1,
            "func @g(%a: memref<4xf32>, %b: memref<4xf32>> %c: i32)\n",
            "> %c",
        ),
    ] {
        let err = parse_module("t.mlir", text.as_bytes()).unwrap_err();
        let at = text.rfind(bad).unwrap();
        let col = at - text[..at].rfind('\n').map_or(0, |p| p + 1) + 1;
        let want = crate::diag::Loc::new(line, col as u32);
        assert_eq!(err.loc, want, "{text}: {}", err.message);
    }
}

/// What `mlir-opt` 22 prints for the upstream pipeline reads into the IR's LLVM ops
/// with the attributes the IR's conventions give them, and verifies as a module of
/// opaque pointers; a modifier stdlower does not model is an error at its place.
#[test]
fn mlir_opt_llvm_dialect_reads_back() {
    let src = r#"module attributes {llvm.data_layout = "e-i64:64-i128:128"} {
  llvm.func @malloc(i64) -> !llvm.ptr attributes {sym_visibility = "private"}
  llvm.func @f(%arg0: i64, %arg1: vector<2xf32>) -> !llvm.struct<(ptr, i64)> attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.constant(1 : index) : i64
    %1 = llvm.mlir.zero : !llvm.ptr
    %2 = llvm.getelementptr inbounds|nuw %1[%0, 2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x f32>
    %3 = llvm.ptrtoint %2 : !llvm.ptr to i64
    %4 = llvm.add %3, %arg0 overflow<nsw, nuw> : i64
    %5 = llvm.call @malloc(%4) : (i64) -> !llvm.ptr
    %6 = llvm.mlir.poison : !llvm.struct<(ptr, i64)>
    %7 = llvm.insertvalue %5, %6[0] : !llvm.struct<(ptr, i64)> 
    %8 = llvm.extractvalue %7[0] : !llvm.struct<(ptr, i64)> 
    %9 = llvm.alloca %0 x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
    %10 = llvm.mlir.constant(1 : i32) : i32
    %11 = llvm.extractelement %arg1[%10 : i32] : vector<2xf32>
    %12 = llvm.insertelement %11, %arg1[%10 : i32] : vector<2xf32>
    %13 = llvm.shufflevector %12, %12 [1, 0, 1] : vector<2xf32> 
    llvm.store %11, %9 {alignment = 4 : i64} : f32, !llvm.ptr
    %14 = llvm.load %9 : !llvm.ptr -> f32
    %15 = llvm.intr.sqrt(%14) : (f32) -> f32
    %16 = llvm.udiv exact %4, %0 : i64
    %17 = llvm.mlir.addressof @f : !llvm.ptr
    "llvm.intr.memcpy"(%9, %8, %0) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %18 = llvm.insertvalue %16, %7[1] : !llvm.struct<(ptr, i64)> 
    llvm.return %18 : !llvm.struct<(ptr, i64)>
  }
}
"#;
    let m = parse_module("o.mlir", src.as_bytes())
        .unwrap_or_else(|d| panic!("{}", d.render("o.mlir", Some(src))));
    crate::verify::verify_opaque_llvm_module(&m)
        .unwrap_or_else(|ds| panic!("{}", ds[0].render("o.mlir", Some(src))));
    assert!(
        crate::verify::verify_llvm_module(&m).is_err(),
        "typed-pointer rules apply"
    );
    let b = m.func("f").and_then(|f| f.body.as_ref()).expect("a body");
    let op = |k: OpKind| b.ops.iter().find(|o| o.kind == k).expect("the op");
    let gep = op(OpKind::LlvmGep);
    assert_eq!(gep.attr("noWrapFlags").and_then(|a| a.as_int()), Some(7));
    assert_eq!(
        gep.attr("indices"),
        Some(&Attribute::Array(vec![
            Attribute::int(i64::MIN as i128, Type::i64()),
            Attribute::int(2, Type::i64())
        ]))
    );
    assert_eq!(
        op(OpKind::LlvmAdd).attr("overflowFlags"),
        Some(&Attribute::Str("nsw, nuw".into()))
    );
    assert_eq!(op(OpKind::LlvmUDiv).attr("isExact"), Some(&Attribute::Unit));
    assert_eq!(
        b.value_type(op(OpKind::LlvmShuffleVector).results[0]),
        &Type::vector(vec![3], Type::F32)
    );
    assert_eq!(
        b.value_type(op(OpKind::LlvmExtractElement).results[0]),
        &Type::F32
    );
    let call = op(OpKind::LlvmCall);
    assert_eq!(
        call.attr("callee"),
        Some(&Attribute::SymbolRef("malloc".into()))
    );
    assert!(op(OpKind::LlvmMemcpy).attr("isVolatile").is_some());
    assert_eq!(
        op(OpKind::LlvmAlloca).attr("elem_type"),
        Some(&Attribute::Type(Type::F32))
    );
    for (bad, at, what) in [
        (
            "    %9 = llvm.load volatile %8 : !llvm.ptr -> f32\n",
            "2:20",
            "'volatile' memory accesses",
        ),
        (
            "    %9 = llvm.intr.fma(%0, %0, %0) : (f32, f32, f32) -> f32\n",
            "2:10",
            "unknown operation 'llvm.intr.fma'",
        ),
        (
            "    %9 = llvm.getelementptr bogus %8[1] : (!llvm.ptr) -> !llvm.ptr, f32\n",
            "2:29",
            "unknown getelementptr flag",
        ),
        (
            "    %9 = llvm.extractvalue %8[3] : !llvm.struct<(ptr, i64)>\n",
            "2:30",
            "not a member",
        ),
        (
            "    %9 = llvm.add %0, %0 overflow<nsz> : i64\n",
            "2:35",
            "'nsw', 'nuw' or 'none'",
        ),
    ] {
        let text = format!("llvm.func @g(%0: i64, %8: !llvm.ptr) {{\n{bad}    llvm.return\n  }}\n");
        let e = parse_module("bad.mlir", text.as_bytes()).expect_err(bad);
        assert!(e.message.contains(what), "{bad}: {}", e.message);
        assert_eq!(
            format!("{}:{}", e.loc.line, e.loc.col),
            at,
            "{bad}: {}",
            e.message
        );
    }
}

/// A global, which neither lowering makes, is a located error.
#[test]
fn an_llvm_global_is_a_located_error() {
    let src = "module {\n  llvm.mlir.global internal @g(0 : i32) : i32\n}\n";
    let e = parse_module("g.mlir", src.as_bytes()).expect_err("a global");
    assert_eq!((e.loc.line, e.loc.col), (2, 3));
    assert!(e.message.contains("llvm.mlir.global"), "{}", e.message);
}
