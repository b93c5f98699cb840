//! File tests through the interpreter alone: every `// run:` line of
//! `corpus/interp/*.mlir`, and every `shared/conformance/*.mlir` against its `.expect`
//! line (skipped when that directory is absent). The harness's runner checks the same
//! files through the JIT as well.

use converter::ir::{Module, Type};
use converter::value::{format_result, parse_value, same_value, RtValue};
use interp::{run, NoExternals, Options, Trap};
use std::path::{Path, PathBuf};

fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
            .collect(),
        Err(_) => vec![],
    };
    v.sort();
    v
}

fn load(path: &Path) -> Result<Module, String> {
    let src = std::fs::read(path).map_err(|e| e.to_string())?;
    let file = path.display().to_string();
    let m = converter::syntax::parse_module(&file, &src)
        .map_err(|d| d.render(&file, std::str::from_utf8(&src).ok()))?;
    converter::verify::verify_module(&m).map_err(|ds| {
        ds.iter()
            .map(|d| d.render(&file, m.source.as_deref()))
            .collect::<String>()
    })?;
    Ok(m)
}

/// Splits at top-level commas (outside brackets, angle brackets, parens and quotes).
fn split_top(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut cur) = (0i32, false, String::new());
    for c in s.chars() {
        match c {
            '"' => quote = !quote,
            '[' | '<' | '(' if !quote => depth += 1,
            ']' | '>' | ')' if !quote => depth -= 1,
            ',' if depth == 0 && !quote => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

fn quoted(s: &str) -> String {
    s.trim().trim_matches('"').to_string()
}

/// Runs one `// run:` line; `Err` describes a mismatch.
fn check_run(m: &Module, line: &str) -> Result<(), String> {
    let line = line.trim();
    let (call, expect) = line.split_once("->").ok_or("no '->'")?;
    let call = call.trim().strip_prefix('@').ok_or("no '@entry'")?;
    let (entry, args) = call.split_once('(').ok_or("no '('")?;
    let args = args.trim().strip_suffix(')').ok_or("no ')'")?;
    let f = m
        .func(entry)
        .ok_or_else(|| format!("no function @{entry}"))?;
    let fty = f.std_type().ok_or("not a Standard function")?.clone();
    let arg_texts = split_top(args);
    if arg_texts.len() != fty.inputs.len() {
        return Err(format!("@{entry} takes {} arguments", fty.inputs.len()));
    }
    let argv: Vec<RtValue> = arg_texts
        .iter()
        .zip(&fty.inputs)
        .map(|(t, ty)| parse_value(t, ty))
        .collect::<Result<_, _>>()?;
    let opts = Options {
        fuel: 100_000_000,
        ..Options::default()
    };
    let got = run(m, entry, &argv, &opts, &mut NoExternals);
    let render = |r: &Result<Vec<RtValue>, Trap>| match r {
        Ok(vs) => vs
            .iter()
            .zip(&fty.results)
            .map(|(v, t)| format_result(t, v))
            .collect::<Vec<_>>()
            .join(", "),
        Err(t) => t.render(&m.file),
    };
    let expect = expect.trim();
    let ok = if let Some(text) = expect.strip_prefix("ub") {
        matches!(&got, Err(t @ Trap::Ub { .. }) if t.render(&m.file).contains(&quoted(text)))
    } else if let Some(text) = expect.strip_prefix("error") {
        matches!(&got, Err(t @ Trap::Error { .. }) if t.render(&m.file).contains(&quoted(text)))
    } else if expect == "out-of-fuel" {
        matches!(&got, Err(Trap::OutOfFuel | Trap::CallDepth { .. }))
    } else {
        let texts = if expect == "()" {
            vec![]
        } else {
            split_top(expect)
        };
        if texts.len() != fty.results.len() {
            return Err(format!("@{entry} has {} results", fty.results.len()));
        }
        let want: Vec<RtValue> = texts
            .iter()
            .zip(&fty.results)
            .map(|(t, ty)| parse_value(t, ty))
            .collect::<Result<_, _>>()?;
        match &got {
            Ok(vs) => {
                vs.len() == want.len()
                    && vs
                        .iter()
                        .zip(&want)
                        .zip(&fty.results)
                        .all(|((a, b), t)| same_value(t, a, b))
            }
            Err(_) => false,
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!("expected {expect}, got {}", render(&got)))
    }
}

#[test]
fn corpus_interp_run_lines() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/interp");
    let files = mlir_files(&dir);
    assert!(!files.is_empty(), "no files in {}", dir.display());
    let (mut runs, mut failures) = (0, Vec::new());
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let m = match load(path) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let mut any = false;
        for (i, l) in text.lines().enumerate() {
            let Some(rest) = l.trim().strip_prefix("// run:") else {
                continue;
            };
            any = true;
            runs += 1;
            if let Err(e) = check_run(&m, rest) {
                failures.push(format!("{}:{}: {e}", path.display(), i + 1));
            }
        }
        if !any {
            failures.push(format!("{}: no '// run:' line", path.display()));
        }
    }
    eprintln!(
        "{} files, {runs} run lines, {} failures",
        files.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn shared_conformance() {
    // `shared/` sits beside the repository (CI, the main checkout); worktrees one level
    // deeper find it one more level up.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = ["../../shared/conformance", "../../../shared/conformance"]
        .iter()
        .map(|d| root.join(d))
        .find(|d| d.is_dir())
        .unwrap_or_else(|| root.join("../../shared/conformance"));
    let files = mlir_files(&dir);
    if files.is_empty() {
        eprintln!("skipped: {} is absent", dir.display());
        return;
    }
    let mut failures = Vec::new();
    for path in &files {
        let want = std::fs::read_to_string(path.with_extension("expect")).unwrap_or_default();
        let got = match load(path) {
            Err(e) => e,
            Ok(m) => {
                let rtys: Vec<Type> = m
                    .func("main")
                    .and_then(|f| f.std_type())
                    .map(|t| t.results.clone())
                    .unwrap_or_default();
                match run(&m, "main", &[], &Options::default(), &mut NoExternals) {
                    Ok(vs) => vs
                        .iter()
                        .zip(&rtys)
                        .map(|(v, t)| format_result(t, v))
                        .collect::<Vec<_>>()
                        .join("\n"),
                    Err(t) => t.render(&m.file),
                }
            }
        };
        if got.trim() != want.trim() {
            failures.push(format!(
                "{}: expected {:?}, got {:?}",
                path.display(),
                want.trim(),
                got.trim()
            ));
        }
    }
    eprintln!(
        "{} conformance files, {} failures",
        files.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// A value of type `t` for smoke runs: `k` for scalars, memrefs of side 2.
fn sample(t: &Type, k: i128) -> Option<RtValue> {
    Some(match t {
        Type::Int(_) | Type::Index => RtValue::Int(k),
        Type::F32 => RtValue::Float((k as f32).to_bits() as u64),
        Type::F64 => RtValue::Float((k as f64).to_bits()),
        Type::F16 => RtValue::Float(half::f16::from_f64(k as f64).to_bits() as u64),
        Type::Vector(v) => RtValue::Vector(vec![sample(&v.elem, k)?; v.num_elements() as usize]),
        Type::MemRef(m) => {
            let shape: Vec<u64> = m.shape.iter().map(|d| d.unwrap_or(2)).collect();
            let n = shape.iter().product::<u64>() as usize;
            RtValue::MemRef {
                shape,
                elems: vec![sample(&m.elem, k)?; n],
            }
        }
        Type::UnrankedMemRef(e, _) => RtValue::MemRef {
            shape: vec![2],
            elems: vec![sample(e, k)?; 2],
        },
        _ => return None,
    })
}

/// Every function of every corpus and conformance file, on a few argument values and
/// both index widths, ends in a value or a trap: never a panic.
#[test]
fn every_function_runs_without_panicking() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = mlir_files(&root.join("../corpus/interp"));
    files.extend(mlir_files(&root.join("../corpus/conformance")));
    let mut runs = 0;
    for path in &files {
        let Ok(m) = load(path) else { continue };
        for f in &m.funcs {
            let Some(fty) = f.std_type() else { continue };
            for k in [0i128, 1, -1, 3] {
                let Some(args) = fty
                    .inputs
                    .iter()
                    .map(|t| sample(t, k))
                    .collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                for iw in [64, 32] {
                    let opts = Options {
                        fuel: 100_000,
                        index_bitwidth: iw,
                        max_call_depth: 100,
                    };
                    let _ = run(&m, &f.name, &args, &opts, &mut NoExternals);
                    runs += 1;
                }
            }
        }
    }
    eprintln!("{runs} smoke runs");
    assert!(runs > 0);
}
