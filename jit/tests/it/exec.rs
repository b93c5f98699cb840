//! Arguments and results of every convertible type, through the real lowering.

use converter::ir::Type;
use converter::value::{format_result, parse_value, RtValue};
use jit::{run_in_process, RunOptions};

/// Runs `@main` of `src` with textual args; returns the formatted result lines.
fn run_text(src: &str, args: &[&str], opts: &RunOptions) -> Result<Vec<String>, String> {
    let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).map_err(|e| e.message)?;
    let ft = m.func("main").unwrap().std_type().unwrap().clone();
    let vals: Vec<RtValue> = ft
        .inputs
        .iter()
        .zip(args)
        .map(|(t, a)| parse_value(a, t).unwrap())
        .collect();
    let r = run_in_process(&m, "main", &vals, opts).map_err(|e| e.to_string())?;
    Ok(ft
        .results
        .iter()
        .zip(&r)
        .map(|(t, v)| format_result(t, v))
        .collect())
}

fn at_all_levels(src: &str, args: &[&str], want: &[&str]) {
    for opt in 0..=3 {
        for idx in [64, 32] {
            let opts = RunOptions {
                opt_level: opt,
                index_bitwidth: idx,
                ..RunOptions::default()
            };
            let got =
                run_text(src, args, &opts).unwrap_or_else(|e| panic!("O{opt} index{idx}: {e}"));
            assert_eq!(got, want, "O{opt} index{idx}");
        }
    }
}

#[test]
fn odd_ints_and_i128() {
    let src = r#"
func @main(%a: i1, %b: i17, %c: i128, %d: i65) -> (i1, i17, i128, i65) {
  %t = constant 1 : i1
  %a2 = xor %a, %t : i1
  %one = constant 1 : i17
  %b2 = addi %b, %one : i17
  %c2 = muli %c, %c : i128
  %d2 = addi %d, %d : i65
  return %a2, %b2, %c2, %d2 : i1, i17, i128, i65
}"#;
    at_all_levels(
        src,
        &[
            "0",
            "65535",
            "13835058055282163712",
            "-18446744073709551616",
        ],
        &[
            "i1 1",
            "i17 -65536",
            "i128 -148873535527910577765226390751398592512",
            "i65 0",
        ],
    );
}

#[test]
fn index_f16_f32_f64() {
    let src = r#"
func @main(%i: index, %h: f16, %f: f32, %d: f64) -> (index, f16, f32, f64) {
  %c = constant 3 : index
  %i2 = muli %i, %c : index
  %h2 = addf %h, %h : f16
  %f2 = mulf %f, %f : f32
  %d2 = negf %d : f64
  return %i2, %h2, %f2, %d2 : index, f16, f32, f64
}"#;
    at_all_levels(
        src,
        &["-5", "0.1", "1.5", "0.0"],
        &["index -15", "f16 0.2", "f32 2.25", "f64 -0.0"],
    );
}

#[test]
fn vectors_in_and_out() {
    let src = r#"
func @main(%v: vector<4xf32>, %w: vector<2x3xi8>, %b: vector<3xi1>) -> (vector<4xf32>, vector<2x3xi8>, vector<3xi1>) {
  %v2 = addf %v, %v : vector<4xf32>
  %w2 = addi %w, %w : vector<2x3xi8>
  %b2 = xor %b, %b : vector<3xi1>
  return %v2, %w2, %b : vector<4xf32>, vector<2x3xi8>, vector<3xi1>
}"#;
    at_all_levels(
        src,
        &[
            "[1.0, 2.0, 3.0, 4.5]",
            "[[1, 2, 3], [4, 5, 100]]",
            "[1, 0, 1]",
        ],
        &[
            "vector<4xf32> [2.0, 4.0, 6.0, 9.0]",
            "vector<2x3xi8> [[2, 4, 6], [8, 10, -56]]",
            "vector<3xi1> [1, 0, 1]",
        ],
    );
}

#[test]
fn memref_arguments_are_modified_and_returned() {
    let src = r#"
func @main(%m: memref<2x?xi32>, %s: memref<3xf64>) -> (memref<2x?xi32>, memref<3xf64>, index) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %v = load %m[%c1, %c1] : memref<2x?xi32>
  %k = constant 10 : i32
  %v2 = muli %v, %k : i32
  store %v2, %m[%c0, %c0] : memref<2x?xi32>
  %d = dim %m, 1 : memref<2x?xi32>
  %x = load %s[%c1] : memref<3xf64>
  %y = addf %x, %x : f64
  store %y, %s[%c0] : memref<3xf64>
  return %m, %s, %d : memref<2x?xi32>, memref<3xf64>, index
}"#;
    at_all_levels(
        src,
        &["[[1, 2, 3], [4, 5, 6]]", "[0.5, 1.25, -1.0]"],
        &[
            "memref<2x?xi32> [[50, 2, 3], [4, 5, 6]]",
            "memref<3xf64> [2.5, 1.25, -1.0]",
            "index 3",
        ],
    );
}

#[test]
fn memref_results_allocated_inside_and_odd_elements() {
    let src = r#"
func @main(%n: index) -> (memref<?xi17>, memref<2xvector<3xi1>>, memref<f16>) {
  %m = alloc(%n) : memref<?xi17>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %v = constant -3 : i17
  br ^loop(%c0 : index)
^loop(%i: index):
  %more = cmpi "slt", %i, %n : index
  cond_br %more, ^body, ^done
^body:
  store %v, %m[%i] : memref<?xi17>
  %i2 = addi %i, %c1 : index
  br ^loop(%i2 : index)
^done:
  %b = alloc() : memref<2xvector<3xi1>>
  %t = constant dense<[true, false, true]> : vector<3xi1>
  %f = constant dense<false> : vector<3xi1>
  store %t, %b[%c0] : memref<2xvector<3xi1>>
  store %f, %b[%c1] : memref<2xvector<3xi1>>
  %h = alloc() : memref<f16>
  %hv = constant 0.333 : f16
  store %hv, %h[] : memref<f16>
  return %m, %b, %h : memref<?xi17>, memref<2xvector<3xi1>>, memref<f16>
}"#;
    at_all_levels(
        src,
        &["3"],
        &[
            "memref<?xi17> [-3, -3, -3]",
            "memref<2xvector<3xi1>> [[1, 0, 1], [0, 0, 0]]",
            "memref<f16> 0.333",
        ],
    );
}

#[test]
fn unranked_memrefs_in_and_out() {
    let src = r#"
func @main(%u: memref<*xi64>) -> (memref<*xi64>, index) {
  %m = memref_cast %u : memref<*xi64> to memref<2x2xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %v = load %m[%c1, %c0] : memref<2x2xi64>
  store %v, %m[%c0, %c1] : memref<2x2xi64>
  %r = rank %u : memref<*xi64>
  return %u, %r : memref<*xi64>, index
}"#;
    at_all_levels(
        src,
        &["[[1, 2], [3, 4]]"],
        &["memref<*xi64> [[1, 3], [3, 4]]", "index 2"],
    );
}

#[test]
fn function_values_in_and_out() {
    let src = r#"
func @inc(%x: i32) -> i32 {
  %one = constant 1 : i32
  %y = addi %x, %one : i32
  return %y : i32
}
func @dbl(%x: i32) -> i32 {
  %y = addi %x, %x : i32
  return %y : i32
}
func @main(%f: (i32) -> i32, %x: i32) -> (i32, (i32) -> i32) {
  %y = call_indirect %f(%x) : (i32) -> i32
  %g = constant @dbl : (i32) -> i32
  return %y, %g : i32, (i32) -> i32
}"#;
    at_all_levels(src, &["@inc", "41"], &["i32 42", "(i32) -> i32 @dbl"]);
}

#[test]
fn emit_c_interface_and_no_results() {
    let src = r#"
func @main(%m: memref<2xi8>) attributes {llvm.emit_c_interface} {
  %c0 = constant 0 : index
  %v = constant 9 : i8
  store %v, %m[%c0] : memref<2xi8>
  return
}"#;
    for c in [false, true] {
        let opts = RunOptions {
            emit_c_interface: c,
            ..RunOptions::default()
        };
        assert_eq!(
            run_text(src, &["[1, 2]"], &opts).unwrap(),
            Vec::<String>::new()
        );
    }
}

#[test]
fn bad_inputs_are_errors() {
    let ok = "func @main(%a: i32) -> i32 {\n  return %a : i32\n}";
    let m = converter::syntax::parse_module("t.mlir", ok.as_bytes()).unwrap();
    let o = RunOptions::default();
    assert!(run_in_process(&m, "nope", &[], &o).is_err());
    assert!(run_in_process(&m, "main", &[], &o).is_err());
    assert!(run_in_process(&m, "main", &[RtValue::Float(0)], &o).is_err());
    let bf = "func @main(%a: bf16) -> bf16 {\n  return %a : bf16\n}";
    let m = converter::syntax::parse_module("t.mlir", bf.as_bytes()).unwrap();
    let e = run_in_process(&m, "main", &[RtValue::Float(0)], &o).unwrap_err();
    assert!(e.to_string().contains("bf16"), "{e}");
    let _ = Type::i32();
}

/// A write past the end of a heap block (which faults nowhere and changes no result)
/// breaks the block's guard: the run ends as a crash, whether the generated code frees
/// the block or leaves it to the run's end. A write inside the block does not.
#[test]
fn writes_past_the_end_of_a_heap_block_are_crashes() {
    let prog = |index: u32, free: bool| {
        format!(
            "func @main() -> i32 {{\n  %m = alloc() : memref<3xi32>\n  %i = constant {index} : index\n  \
             %v = constant 7 : i32\n  store %v, %m[%i] : memref<3xi32>\n  %c0 = constant 0 : index\n  \
             %r = load %m[%c0] : memref<3xi32>\n{}  return %r : i32\n}}",
            if free { "  dealloc %m : memref<3xi32>\n" } else { "" }
        )
    };
    for free in [false, true] {
        let opts = RunOptions::default();
        let e = run_text(&prog(4, free), &[], &opts).expect_err("an overflow");
        assert!(
            e.contains("heap buffer overflow: a write 4 bytes past the end of a 12-byte block"),
            "free {free}: {e}"
        );
        assert!(run_text(&prog(2, free), &[], &opts).is_ok(), "free {free}");
    }
}
