//! Dense literals in MLIR's hex form (`dense<"0x...">`) read as mlir-opt 22 reads them,
//! and malformed names and literals rejected where and as mlir-opt 22 rejects them.
//!
//! - Random buffers (every element type we support: i1 packed eight to a byte, odd
//!   widths (their bits above the width zero, see below), f16, bf16, f32, f64; one-
//!   to three-dimensional shapes; one-element buffers, which are splats) are written
//!   as hex in upstream syntax; `mlir-opt` prints them back in decimal
//!   (`--mlir-print-elementsattrs-with-hex-if-larger=-1`), and what our parser reads
//!   from that decimal text must be, element by element, what it read from the hex.
//! - A table of malformed inputs gives the line, column and message mlir-opt gives
//!   (ours may say more after it).
//! - Without mlir-opt both are skipped, unless `CI` is set. The hex form's own
//!   expectations without the tool are in `converter/src/ir/attr.rs`'s tests and the
//!   corpus (`corpus/run/hex_dense_quoted_names.mlir`).

use converter::ir::{Attribute, DenseValues, Module, Type};
use converter::syntax::parse_module;
use std::path::PathBuf;
use std::process::Command;

fn mlir_opt() -> Option<PathBuf> {
    let dir = Command::new("llvm-config-22")
        .arg("--bindir")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok());
    let p = dir.map(|d| PathBuf::from(d.trim()).join("mlir-opt"));
    match p.filter(|p| p.exists()) {
        Some(p) => Some(p),
        None => {
            assert!(
                std::env::var_os("CI").is_none(),
                "mlir-opt 22 is not installed, and CI is set"
            );
            eprintln!("mlir-opt 22 not installed: skipped");
            None
        }
    }
}

/// `mlir-opt ARGS FILE` on `text`: (success, stdout, stderr).
fn run_opt(opt: &PathBuf, args: &[&str], text: &str, tag: &str) -> (bool, String, String) {
    let dir = std::env::temp_dir().join(format!("stdlower-hex-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("in.mlir");
    std::fs::write(&file, text).unwrap();
    let out = Command::new(opt).args(args).arg(&file).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// SplitMix64: a fixed sample, the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const ELEMS: &[&str] = &[
    "i1", "i2", "i7", "i8", "i9", "i16", "i17", "i31", "i32", "i33", "i63", "i64", "i65", "i127",
    "i128", "f16", "bf16", "f32", "f64",
];

/// Bytes per element in the hex form (i1: packed, handled by the caller).
fn elem_bytes(e: &str) -> usize {
    match e {
        "index" => 8,
        "f16" | "bf16" => 2,
        "f32" => 4,
        "f64" => 8,
        _ => e[1..].parse::<usize>().unwrap().div_ceil(8),
    }
}

/// The elements of a dense attribute as (integer value, float bits) pairs, a splat
/// expanded to `n`, booleans as 0/1.
fn expand(a: &Attribute, n: usize) -> Vec<(Option<i128>, Option<u64>)> {
    let Attribute::Dense { values, .. } = a else {
        panic!("not a dense attribute: {a:?}")
    };
    let one = |x: &Attribute| match x {
        Attribute::Bool(b) => (Some(*b as i128), None),
        Attribute::Int { value, ty } if *ty == Type::i1() => (Some((*value != 0) as i128), None),
        Attribute::Int { value, .. } => (Some(*value), None),
        Attribute::Float { bits, .. } => (None, Some(*bits)),
        other => panic!("element {other:?}"),
    };
    match values {
        DenseValues::Splat(x) => vec![one(x); n],
        DenseValues::Elements(xs) => xs.iter().map(one).collect(),
    }
}

/// The value of each function's `arith.constant`, in order.
fn constants(m: &Module) -> Vec<Attribute> {
    m.funcs
        .iter()
        .filter_map(|f| {
            let b = f.body.as_ref()?;
            b.ops.iter().find_map(|op| op.attr("value").cloned())
        })
        .collect()
}

#[test]
fn hex_dense_literals_read_as_mlir_opt_reads_them() {
    let Some(opt) = mlir_opt() else { return };
    let mut rng = Rng(0x005E_ED0F_4EC5);
    let mut text = String::new();
    let mut counts = Vec::new();
    for case in 0..400 {
        let e = ELEMS[rng.below(ELEMS.len() as u64) as usize];
        let rank = 1 + rng.below(3) as usize;
        let shape: Vec<usize> = (0..rank)
            .map(|_| 1 + rng.below(if rank == 1 { 12 } else { 4 }) as usize)
            .collect();
        let n: usize = shape.iter().product();
        // A splat (one element's bytes) in about one case of six.
        let splat = rng.below(6) == 0;
        let len = if e == "i1" {
            if splat {
                1
            } else {
                n.div_ceil(8)
            }
        } else {
            elem_bytes(e) * if splat { 1 } else { n }
        };
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        if let Some(w) = e.strip_prefix('i').and_then(|w| w.parse::<usize>().ok()) {
            // Bits above an integer's width are zero: mlir-opt 22 misreads a buffer
            // where they are not (it keeps them in the APInt: an i15 element 0x8000
            // prints as nothing, an i127 one as a number wider than the type); we
            // ignore them.
            let b = elem_bytes(e);
            if w > 1 && w % 8 != 0 {
                for chunk in bytes.chunks_mut(b) {
                    chunk[b - 1] &= (1u8 << (w % 8)) - 1;
                }
            }
        }
        if e == "i1" && splat {
            // An i1 splat is one byte 0x00 or 0xFF (a vector of one element takes any byte).
            bytes[0] = if rng.below(2) == 0 { 0 } else { 0xFF };
        }
        let hex: String = bytes.iter().map(|b| format!("{b:02X}")).collect();
        let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
        let ty = format!("vector<{}x{e}>", dims.join("x"));
        text.push_str(&format!(
            "func.func @c{case}() -> {ty} {{\n  %c = arith.constant dense<\"0x{hex}\"> : {ty}\n  return %c : {ty}\n}}\n"
        ));
        counts.push(n);
    }
    let ours = parse_module("hex.mlir", text.as_bytes())
        .unwrap_or_else(|d| panic!("{}", d.render("hex.mlir", Some(&text))));
    let (ok, printed, err) = run_opt(
        &opt,
        &["--mlir-print-elementsattrs-with-hex-if-larger=-1"],
        &text,
        "rand",
    );
    assert!(ok, "mlir-opt rejects the hex literals:\n{err}");
    assert!(
        !printed.contains("\"0x"),
        "mlir-opt printed hex:\n{printed}"
    );
    let theirs = parse_module("opt.mlir", printed.as_bytes())
        .unwrap_or_else(|d| panic!("{}", d.render("opt.mlir", Some(&printed))));
    let (a, b) = (constants(&ours), constants(&theirs));
    assert_eq!(a.len(), counts.len());
    assert_eq!(b.len(), counts.len());
    for (i, n) in counts.iter().enumerate() {
        assert_eq!(
            expand(&a[i], *n),
            expand(&b[i], *n),
            "case @c{i}: our reading of the hex differs from mlir-opt's\n ours:   {:?}\n theirs: {:?}",
            a[i],
            b[i]
        );
    }
}

/// Malformed inputs (upstream syntax, so mlir-opt reads them too).
const BAD: &[&str] = &[
    "func.func @f-g() {\n  return\n}\n",
    "func.func @9f() {\n  return\n}\n",
    "func.func @$f() {\n  return\n}\n",
    "func.func @\"f\\q\"() {\n  return\n}\n",
    "func.func @\"f\\4\"() {\n  return\n}\n",
    "func.func @\"f() {\n  return\n}\n",
    "func.func @f(% : i32) {\n  return\n}\n",
    "func.func @f(%0a : i32) {\n  return\n}\n",
    "func.func @f() {\n  cf.br ^ \n}\n",
    "func.func @f(%a: i32) -> i32 {\n  %r = arith.addi %a#x, %a : i32\n  return %r : i32\n}\n",
    "func.func @f(%a: i32) -> i32 {\n  %r = arith.addi %a # 0, %a : i32\n  return %r : i32\n}\n",
    "func.func @f() -> vector<2xf32> {\n  %c = arith.constant dense<\"0x0000803F00\"> : vector<2xf32>\n  return %c : vector<2xf32>\n}\n",
    "func.func @f() -> vector<1xf32> {\n  %c = arith.constant dense<\"0x\"> : vector<1xf32>\n  return %c : vector<1xf32>\n}\n",
    "func.func @f() -> vector<4xi1> {\n  %c = arith.constant dense<\"0x0100\"> : vector<4xi1>\n  return %c : vector<4xi1>\n}\n",
    "func.func @f() -> vector<2xi17> {\n  %c = arith.constant dense<\"0x0100\"> : vector<2xi17>\n  return %c : vector<2xi17>\n}\n",
    "func.func @f() -> vector<1xi8> {\n  %c = arith.constant dense<\"0x0G\"> : vector<1xi8>\n  return %c : vector<1xi8>\n}\n",
    "func.func @f() -> vector<1xi8> {\n  %c = arith.constant dense<\"0x012\"> : vector<1xi8>\n  return %c : vector<1xi8>\n}\n",
    "func.func @f() -> vector<1xi8> {\n  %c = arith.constant dense<\"hello\"> : vector<1xi8>\n  return %c : vector<1xi8>\n}\n",
];

#[test]
fn malformed_names_and_literals_fail_where_and_as_mlir_opt_says() {
    let Some(opt) = mlir_opt() else { return };
    let mut failures = Vec::new();
    for (i, src) in BAD.iter().enumerate() {
        let (ok, _, err) = run_opt(&opt, &[], src, &format!("bad{i}"));
        assert!(!ok, "mlir-opt accepts {src:?}");
        // `FILE:LINE:COL: error: MESSAGE` on the first line.
        let first = err.lines().next().unwrap_or("");
        let after = first.split_once("in.mlir:").map(|x| x.1).unwrap_or("");
        let mut parts = after.splitn(3, ':');
        let line: u32 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        let col: u32 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        let msg = parts
            .next()
            .unwrap_or("")
            .trim()
            .trim_start_matches("error:")
            .trim();
        match parse_module("bad.mlir", src.as_bytes()) {
            Ok(_) => failures.push(format!("we accept {src:?}; mlir-opt: {first}")),
            Err(d) => {
                if (d.loc.line, d.loc.col) != (line, col) || !d.message.starts_with(msg) {
                    failures.push(format!(
                        "{src:?}\n  mlir-opt: {line}:{col} {msg}\n  ours:     {}:{} {}",
                        d.loc.line, d.loc.col, d.message
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
