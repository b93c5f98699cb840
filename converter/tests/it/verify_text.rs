//! Text-based tests of the verifiers: Standard-dialect modules written as users write
//! them, parsed with `converter::syntax`, whose errors must be reported at the line and
//! column of the offending op.

use converter::syntax::parse_module;
use converter::verify::verify_module;
use converter::{Diagnostic, Loc};

fn verify(src: &str) -> Result<(), Vec<Diagnostic>> {
    let m = parse_module("t.mlir", src.as_bytes())
        .unwrap_or_else(|d| panic!("parse: {}", d.render("t.mlir", Some(src))));
    verify_module(&m)
}

/// The location of the first occurrence of `needle` in `src` (1-based line and column).
fn loc_of(src: &str, needle: &str) -> Loc {
    let off = src
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in source"));
    let line = src[..off].matches('\n').count() + 1;
    let col = off - src[..off].rfind('\n').map_or(0, |p| p + 1) + 1;
    Loc::new(line as u32, col as u32)
}

#[track_caller]
fn expect_error(src: &str, at: &str, msg: &str) {
    let errs = verify(src).expect_err("expected a verifier error");
    let loc = loc_of(src, at);
    assert!(
        errs.iter().any(|d| d.loc == loc && d.message.contains(msg)),
        "no error containing {msg:?} at {}:{}; got:\n{}",
        loc.line,
        loc.col,
        errs.iter()
            .map(|d| d.render("t.mlir", Some(src)))
            .collect::<String>()
    );
}

#[test]
fn a_valid_program_verifies() {
    let src = r#"
func @sum(%m: memref<?xf32>, %n: index) -> f32 {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %z = constant 0.0 : f32
  br ^head(%c0, %z : index, f32)
^head(%i: index, %acc: f32):
  %done = cmpi "sge", %i, %n : index
  cond_br %done, ^exit, ^body
^body:
  %x = load %m[%i] : memref<?xf32>
  %acc2 = addf %acc, %x : f32
  %i2 = addi %i, %c1 : index
  br ^head(%i2, %acc2 : index, f32)
^exit:
  return %acc : f32
}
"#;
    verify(src).unwrap_or_else(|ds| panic!("{ds:?}"));
}

#[test]
fn use_not_dominated_by_its_definition() {
    let src = r#"
func @f(%c: i1) -> i32 {
  cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = constant 1 : i32
  br ^bb2
^bb2:
  "use"(%0) : (i32) -> ()
  return %0 : i32
}
"#;
    expect_error(src, "\"use\"", "does not dominate this use");
    expect_error(src, "return", "does not dominate this use");
}

#[test]
fn generic_form_ops_are_type_checked() {
    let src = r#"
func @f(%a: i32, %b: i64) -> i32 {
  %0 = "std.addi"(%a, %b) : (i32, i64) -> i32
  return %0 : i32
}
"#;
    expect_error(
        src,
        "\"std.addi\"",
        "requires the same type for all operands and results",
    );
}

#[test]
fn call_to_a_function_of_another_type() {
    let src = r#"
func @g(i32) -> f32
func @f(%a: i64) -> f32 {
  %0 = call @g(%a) : (i64) -> f32
  return %0 : f32
}
"#;
    expect_error(
        src,
        "call @g",
        "operand types (i64) do not match the input types (i32) of @g",
    );
}

#[test]
fn return_of_the_wrong_type() {
    let src = r#"
func @f(%a: i64) -> i32 {
  return %a : i64
}
"#;
    expect_error(src, "return", "do not match the result types (i32) of @f");
}

#[test]
fn memref_rules() {
    let src = r#"
func @f(%m: memref<4x?xf32>, %u: memref<*xf32>, %i: index) {
  %0 = load %m[%i] : memref<4x?xf32>
  %1 = memref_cast %u : memref<*xf32> to memref<*xf32>
  %2 = memref_cast %m : memref<4x?xf32> to memref<5x?xf32>
  %3 = dim %m, 2 : memref<4x?xf32>
  %4 = alloc(%i, %i) : memref<?xf32>
  return
}
"#;
    let errs = verify(src).unwrap_err();
    let has = |at: &str, msg: &str| {
        let loc = loc_of(src, at);
        assert!(
            errs.iter().any(|d| d.loc == loc && d.message.contains(msg)),
            "{at}: {msg}: {errs:#?}"
        );
    };
    has("load", "expects 2 indices for a memref of rank 2, found 1");
    has("memref_cast %u", "unranked memref to an unranked memref");
    has("memref_cast %m", "incompatible sizes in dimension 0");
    has("dim", "index 2 is out of range");
    has("alloc", "expects 1 operand for the dynamic dimensions");
}

#[test]
fn alloc_rejects_layout_symbols() {
    // Layout symbols are rejected (issue 16 item 4): in every command, with or without
    // their operands.
    let with_operand = r#"
func @f(%n: index, %s: index) {
  %0 = alloc(%n)[%s] : memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>>
  return
}
"#;
    let msg = "layout symbols are not supported: the layout of memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>> has 1 symbol";
    expect_error(with_operand, "alloc", msg);
    let without = r#"
func @f(%n: index) {
  %0 = alloc(%n) : memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>>
  return
}
"#;
    expect_error(without, "alloc", msg);
}

#[test]
fn successor_operands_and_block_arguments() {
    let src = r#"
func @f(%a: i32) {
  br ^bb1(%a : i32)
^bb1(%x: i64):
  return
}
"#;
    expect_error(
        src,
        "br",
        "operand #0 has type i32, but the block argument has type i64",
    );
}
