//! The C-interface oracle: functions called through `_mlir_ciface_` wrappers with
//! harness-built descriptors (nonzero offsets, spread strides) give the interpreter's
//! results, for every descriptor shape a wrapper handles; and on generated modules the
//! oracle runs often and finds nothing.

use converter::value::RtValue;
use harness::exec::{run_interp, ExecOptions, Outcome};
use harness::native::run_jit_in_process;
use harness::oracles::{check_generated, OracleConfig};

const MODULE: &str = r#"
func @main() -> i32 {
  %c = constant 0 : i32
  return %c : i32
}
func @strided(%m: memref<?x?xf32, offset: ?, strides: [?, ?]>, %k: index) -> (f32, memref<2xf32>) attributes {llvm.emit_c_interface} {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = load %m[%c1, %c0] : memref<?x?xf32, offset: ?, strides: [?, ?]>
  %d = dim %m, 1 : memref<?x?xf32, offset: ?, strides: [?, ?]>
  %last = subi %d, %c1 : index
  %e = load %m[%c0, %last] : memref<?x?xf32, offset: ?, strides: [?, ?]>
  store %e, %m[%c1, %last] : memref<?x?xf32, offset: ?, strides: [?, ?]>
  %b = alloc() : memref<2xf32>
  store %a, %b[%c0] : memref<2xf32>
  store %e, %b[%c1] : memref<2xf32>
  return %a, %b : f32, memref<2xf32>
}
func @static_offset(%m: memref<2x3xi32, offset: 5, strides: [4, 1]>) -> i32 attributes {llvm.emit_c_interface} {
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = load %m[%c1, %c2] : memref<2x3xi32, offset: 5, strides: [4, 1]>
  return %a : i32
}
func @rank4(%m: memref<2x?x2x?xi64, offset: ?, strides: [?, ?, ?, 1]>) -> i64 attributes {llvm.emit_c_interface} {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %d1 = dim %m, 1 : memref<2x?x2x?xi64, offset: ?, strides: [?, ?, ?, 1]>
  %d3 = dim %m, 3 : memref<2x?x2x?xi64, offset: ?, strides: [?, ?, ?, 1]>
  %i = subi %d1, %c1 : index
  %j = subi %d3, %c1 : index
  %a = load %m[%c1, %i, %c1, %j] : memref<2x?x2x?xi64, offset: ?, strides: [?, ?, ?, 1]>
  %b = load %m[%c0, %c0, %c1, %c0] : memref<2x?x2x?xi64, offset: ?, strides: [?, ?, ?, 1]>
  %s = addi %a, %b : i64
  return %s : i64
}
func @scalar0(%m: memref<f64>, %x: f64) -> memref<f64> attributes {llvm.emit_c_interface} {
  %a = load %m[] : memref<f64>
  %s = addf %a, %x : f64
  %r = alloc() : memref<f64>
  store %s, %r[] : memref<f64>
  return %r : memref<f64>
}
func @unranked(%u: memref<*xi16>, %x: i16) -> (i16, i16) attributes {llvm.emit_c_interface} {
  %c1 = constant 1 : index
  %m = memref_cast %u : memref<*xi16> to memref<?xi16>
  %a = load %m[%c1] : memref<?xi16>
  return %a, %x : i16, i16
}
"#;

fn ints(v: &[i128]) -> Vec<RtValue> {
    v.iter().map(|&i| RtValue::Int(i)).collect()
}

fn floats32(v: &[f32]) -> Vec<RtValue> {
    v.iter()
        .map(|f| RtValue::Float(f.to_bits() as u64))
        .collect()
}

#[test]
fn wrappers_called_as_c_calls_them_agree_with_the_interpreter() {
    let m = converter::syntax::parse_module("ciface.mlir", MODULE.as_bytes()).expect("parses");
    let opts = ExecOptions::default();
    let cases: Vec<(&str, Vec<RtValue>)> = vec![
        (
            "strided",
            vec![
                RtValue::MemRef {
                    shape: vec![2, 3],
                    elems: floats32(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
                },
                RtValue::Int(7),
            ],
        ),
        (
            "static_offset",
            vec![RtValue::MemRef {
                shape: vec![2, 3],
                elems: ints(&[10, 11, 12, 13, 14, 15]),
            }],
        ),
        (
            "rank4",
            vec![RtValue::MemRef {
                shape: vec![2, 3, 2, 2],
                elems: ints(&(0..24).collect::<Vec<_>>()),
            }],
        ),
        (
            "scalar0",
            vec![
                RtValue::MemRef {
                    shape: vec![],
                    elems: vec![RtValue::Float(2.5f64.to_bits())],
                },
                RtValue::Float(0.25f64.to_bits()),
            ],
        ),
        (
            "unranked",
            vec![
                RtValue::MemRef {
                    shape: vec![3],
                    elems: ints(&[-1, -2, -3]),
                },
                RtValue::Int(9),
            ],
        ),
    ];
    for index_bitwidth in [64, 32] {
        let opts = ExecOptions {
            index_bitwidth,
            ..opts.clone()
        };
        for (f, args) in &cases {
            let want = run_interp(&m, f, args, &opts);
            assert!(matches!(want, Outcome::Values(_)), "@{f}: {want:?}");
            let direct = run_jit_in_process(&m, f, args, &opts);
            let wrapped = run_jit_in_process(&m, &format!("_mlir_ciface_{f}"), args, &opts);
            let at = format!("@{f} at index {index_bitwidth}");
            assert!(
                want.same_results(&direct),
                "{at} direct: {want:?} vs {direct:?}"
            );
            assert!(
                want.same_results(&wrapped),
                "{at} wrapped: {want:?} vs {wrapped:?}"
            );
        }
    }
}

#[test]
fn generated_modules_pass_the_c_interface_oracle_often() {
    let cfg = OracleConfig {
        jit_in_process: true,
        ..OracleConfig::default()
    };
    let mut ran = 0;
    for seed in 0..120u64 {
        let (_, m) = generator::generate_swarm_from_seed(seed);
        // The oracle passes over functions the interpreter cannot finish with the
        // harness's arguments; generated ones always finish (bodies guard every index
        // and divisor, harness entries are UB-free for any layout the harness builds).
        for f in harness::ciface::candidates(&m) {
            let args = harness::ciface::harness_args(&m, f, 64).expect("arguments");
            let out = run_interp(&m, &f.name, &args, &cfg.exec);
            assert!(
                matches!(out, Outcome::Values(_)),
                "seed {seed} @{}: {out:?}",
                f.name
            );
        }
        let r = check_generated(&m, &cfg);
        assert!(!r.verdict.is_finding(), "seed {seed}: {}", r.verdict);
        if r.ran(harness::oracles::c_interface::ORACLE) {
            ran += 1;
        }
    }
    assert!(
        ran >= 20,
        "the c-interface oracle ran on only {ran} of 120 modules"
    );
}
