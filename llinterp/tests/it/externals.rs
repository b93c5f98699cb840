//! External functions that return memrefs, at both levels: the host's implementation
//! returns an `RtValue` memref, which the Standard interpreter makes a fresh buffer of
//! and the LLVM level a fresh heap block with the descriptor (or pointer, or unranked
//! descriptor) the lowered call expects; the program reads it and frees it. Both levels
//! must return the same, under each calling convention and index width. (No external
//! of the harness returns a memref, so the JIT has nothing to compare here.)

use converter::lower::LowerOptions;
use converter::value::RtValue;
use interp::{Externals, Options};

struct MakeExternals;

impl Externals for MakeExternals {
    fn call(&mut self, name: &str, args: &[RtValue]) -> Option<Result<Vec<RtValue>, String>> {
        let k = match args.first() {
            Some(RtValue::Int(k)) => *k,
            _ => return Some(Err("expected an i32".into())),
        };
        let ints = |n: i128| (0..n).map(|i| RtValue::Int(k * 10 + i)).collect::<Vec<_>>();
        Some(Ok(match name {
            "ext_make" => vec![RtValue::MemRef {
                shape: vec![3],
                elems: ints(3),
            }],
            "ext_grid" => vec![
                RtValue::MemRef {
                    shape: vec![2, 2],
                    elems: ints(4),
                },
                RtValue::Int(k + 1),
            ],
            "ext_any" => vec![RtValue::MemRef {
                shape: vec![2],
                elems: ints(2),
            }],
            _ => return None,
        }))
    }
}

const STATIC: &str = r#"func @ext_make(i32) -> memref<3xi32>
func @ext_grid(i32) -> (memref<2x2xi32, offset: 2, strides: [3, 1]>, i32)
func @main() -> (i32, i32, i32) {
  %k = constant 4 : i32
  %m = call @ext_make(%k) : (i32) -> memref<3xi32>
  %c2 = constant 2 : index
  %c1 = constant 1 : index
  %a = load %m[%c2] : memref<3xi32>
  dealloc %m : memref<3xi32>
  %g:2 = call @ext_grid(%k) : (i32) -> (memref<2x2xi32, offset: 2, strides: [3, 1]>, i32)
  %b = load %g#0[%c1, %c1] : memref<2x2xi32, offset: 2, strides: [3, 1]>
  return %a, %b, %g#1 : i32, i32, i32
}
"#;

const DYNAMIC: &str = r#"func @ext_any(i32) -> memref<*xi32>
func @ext_make(i32) -> memref<?xi32>
func @main() -> (memref<?xi32>, i32) {
  %k = constant 7 : i32
  %u = call @ext_any(%k) : (i32) -> memref<*xi32>
  %r = memref_cast %u : memref<*xi32> to memref<?xi32>
  %c1 = constant 1 : index
  %x = load %r[%c1] : memref<?xi32>
  dealloc %r : memref<?xi32>
  %m = call @ext_make(%k) : (i32) -> memref<?xi32>
  return %m, %x : memref<?xi32>, i32
}
"#;

#[test]
fn memref_results_of_externals_agree_at_both_levels() {
    let mut ran = 0;
    for (src, bare_options) in [(STATIC, &[false, true][..]), (DYNAMIC, &[false][..])] {
        let m = converter::syntax::parse_module("ext.mlir", src.as_bytes()).expect("parses");
        for &bare in bare_options {
            for index_bitwidth in [64, 32] {
                let opts = Options {
                    index_bitwidth,
                    ..Options::default()
                };
                let lower = LowerOptions {
                    index_bitwidth,
                    use_bare_ptr_memref_call_conv: bare,
                    ..LowerOptions::default()
                };
                let want = interp::run(&m, "main", &[], &opts, &mut MakeExternals)
                    .unwrap_or_else(|t| panic!("{}", t.render("ext.mlir")));
                let got = llinterp::run(&m, &lower, "main", &[], &opts, &mut MakeExternals)
                    .unwrap_or_else(|t| {
                        panic!(
                            "bare {bare}, index {index_bitwidth}: {}",
                            t.render("ext.mlir")
                        )
                    });
                assert_eq!(got.results, want, "bare {bare}, index {index_bitwidth}");
                // The buffers (and the unranked descriptor) the program freed are gone;
                // the one it keeps (returned, or not freed) is left.
                assert_eq!(got.heap_blocks, 1, "bare {bare}, index {index_bitwidth}");
                ran += 1;
            }
        }
    }
    assert_eq!(ran, 6);
}
