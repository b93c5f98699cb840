//! The parser never panics: random edits of a valid module (bytes deleted, inserted,
//! replaced, truncated, spliced) either parse or give a located error, and whatever
//! parses also prints and parses back to the same text.

use converter::syntax::{parse_module, print_module, PrintOptions};
use proptest::prelude::*;

const SEED: &str = r#"#map = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 floordiv 2 + 8)>
module {
  func @ext(memref<?xf32>) -> i32 attributes {llvm.emit_c_interface}
  func @f(%a: i32, %x: f32, %m: memref<?x4xf32, offset: ?, strides: [4, 1]>, %v: vector<2x2xf16>) -> (i32, i64) {
    %c = constant dense<[[1.0, 2.0], [0x7E00, -0.0]]> : vector<2x2xf16>
    %i = constant 0 : index
    %t = constant true
    %h = constant 0x7FC00000 : f32
    %l = load %m[%i, %i] : memref<?x4xf32, offset: ?, strides: [4, 1]>
    %r:2 = call @g(%a) : (i32) -> (i32, i64)
    %s = cmpi "slt", %r#0, %a : i32
    %u = "foo.bar"(%a, %s) {k = [1, "x\"y", @ext, {u}], t = (i32) -> f32} : (i32, i1) -> f32
    %al = alloc(%i)[%i] {alignment = 8} : memref<?x?xf32, #map>
    cond_br %s, ^bb1(%a : i32), ^bb2
  ^bb1(%p: i32):
    br ^bb2
  ^bb2:
    %z = sexti %a : i32 to i64
    return %a, %z : i32, i64
  }
  func @g(%a: i32) -> (i32, i64) {
    %z = zexti %a : i32 to i64
    std.return %a, %z : i32, i64
  }
}
"#;

/// `PROPTEST_CASES` when set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, Vec<u8>),
    Replace(usize, u8),
    Truncate(usize),
    Duplicate(usize, usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let tokens: Vec<Vec<u8>> = [
        "(",
        ")",
        "<",
        ">",
        "[",
        "]",
        "{",
        "}",
        "%",
        "^",
        "#",
        "@",
        "\"",
        "x",
        "?",
        "*",
        ":",
        ",",
        "=",
        "->",
        "-",
        "0x",
        "9999999999999999999999999",
        "i0",
        "i129",
        "vector<",
        "memref<",
        "%a",
        "^bb1",
        "%r#7",
        "dense<",
        "affine_map<",
        "\u{e9}",
        "\u{0}",
        "\n",
        "//",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .chain([vec![0xff], vec![0xc3]])
    .collect();
    prop_oneof![
        (any::<usize>(), 1usize..20).prop_map(|(a, n)| Edit::Delete(a, n)),
        (any::<usize>(), prop::sample::select(tokens)).prop_map(|(a, t)| Edit::Insert(a, t)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Edit::Replace(a, b)),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), 1usize..60, any::<usize>()).prop_map(|(a, n, b)| Edit::Duplicate(a, n, b)),
    ]
}

fn apply(src: &mut Vec<u8>, e: &Edit) {
    let len = src.len().max(1);
    match e {
        Edit::Delete(a, n) => {
            let a = a % len;
            let b = (a + n).min(src.len());
            src.drain(a.min(b)..b);
        }
        Edit::Insert(a, t) => {
            let a = a % (src.len() + 1);
            src.splice(a..a, t.iter().copied());
        }
        Edit::Replace(a, b) => {
            if !src.is_empty() {
                let a = a % src.len();
                src[a] = *b;
            }
        }
        Edit::Truncate(a) => src.truncate(a % len),
        Edit::Duplicate(a, n, b) => {
            let a = a % len;
            let end = (a + n).min(src.len());
            let piece: Vec<u8> = src.get(a..end).unwrap_or(&[]).to_vec();
            let b = b % (src.len() + 1);
            src.splice(b..b, piece);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(2000), ..ProptestConfig::default() })]

    #[test]
    fn edited_modules_never_panic(edits in prop::collection::vec(edit(), 1..6)) {
        let mut src = SEED.as_bytes().to_vec();
        for e in &edits {
            apply(&mut src, e);
        }
        match parse_module("fuzz.mlir", &src) {
            Err(d) => {
                prop_assert!(d.loc.line >= 1 && d.loc.col >= 1, "unlocated: {}", d.message);
                let text = String::from_utf8_lossy(&src);
                let _ = d.render("fuzz.mlir", Some(&text));
            }
            Ok(m) => {
                for generic in [false, true] {
                    let opts = PrintOptions { generic };
                    let text = print_module(&m, &opts);
                    let back = parse_module("p.mlir", text.as_bytes());
                    prop_assert!(back.is_ok(), "printed text does not parse: {:?}\n{}", back.err(), text);
                    prop_assert_eq!(print_module(&back.unwrap(), &opts), text);
                }
            }
        }
    }
}

#[test]
fn the_seed_parses() {
    let m = parse_module("seed.mlir", SEED.as_bytes()).unwrap();
    assert_eq!(m.funcs.len(), 3);
}

const VOCAB: &[&str] = &[
    "func",
    "module",
    "@f",
    "@g",
    "%a",
    "%b",
    "%r",
    "%r#1",
    "%0",
    "^bb0",
    "^bb1",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<",
    ">",
    ",",
    ":",
    ":2",
    "=",
    "->",
    "?",
    "*",
    "x",
    "i1",
    "i32",
    "i64",
    "index",
    "f16",
    "f32",
    "vector",
    "memref",
    "4x",
    "?x",
    "*x",
    "offset",
    "strides",
    "affine_map",
    "d0",
    "s0",
    "+",
    "-",
    "floordiv",
    "mod",
    "constant",
    "addi",
    "addf",
    "cmpi",
    "\"slt\"",
    "select",
    "load",
    "store",
    "dim",
    "alloc",
    "alloca",
    "dealloc",
    "br",
    "cond_br",
    "call",
    "call_indirect",
    "return",
    "std.return",
    "index_cast",
    "to",
    "splat",
    "extract_element",
    "memref_cast",
    "rank",
    "dense",
    "true",
    "false",
    "unit",
    "1",
    "0",
    "-1",
    "0x7FC00000",
    "1.5",
    "\"use\"",
    "\"std.addi\"",
    "attributes",
    "{llvm.emit_c_interface}",
    "#map",
    "loc",
    "\n",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(3000), ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics(toks in prop::collection::vec(prop::sample::select(VOCAB), 0..80)) {
        let src = format!("func @f(%a: i32, %b: i32) -> i32 {{\n{}\n}}\n", toks.join(" "));
        match parse_module("soup.mlir", src.as_bytes()) {
            Err(d) => prop_assert!(d.loc.line >= 1 && d.loc.col >= 1),
            Ok(m) => {
                let text = print_module(&m, &PrintOptions::default());
                let back = parse_module("p.mlir", text.as_bytes());
                prop_assert!(back.is_ok(), "printed text does not parse: {:?}\n{}", back.err(), text);
                prop_assert_eq!(print_module(&back.unwrap(), &PrintOptions::default()), text);
            }
        }
    }
}
