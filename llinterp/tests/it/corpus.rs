//! Every runnable corpus program (`corpus/**/*.mlir` with `// run:` lines) through the
//! Standard interpreter and through the LLVM-level one, on the module our converter
//! lowers it to (under the file's `// stdlower-options:`): where the Standard
//! interpreter returns values, the LLVM level must return the same values, bit-exact
//! (NaN equal to NaN); where it reports undefined behaviour, the LLVM level may
//! report any UB or compute anything (the lowered program refines the Standard one),
//! and the tally of both is printed.

use converter::ir::Module;
use converter::lower::LowerOptions;
use converter::value::{parse_value, same_value, RtValue};
use interp::{Externals, Options, Trap};
use std::path::{Path, PathBuf};

struct GenExternals;

impl Externals for GenExternals {
    fn call(&mut self, name: &str, args: &[RtValue]) -> Option<Result<Vec<RtValue>, String>> {
        generator::externals::call_rt(name, args)
    }
}

fn corpus_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            corpus_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
}

/// Splits at top-level commas (not inside brackets or parentheses).
fn split_top(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut cur) = (0i32, String::new());
    for c in s.chars() {
        match c {
            '[' | '(' | '<' => depth += 1,
            ']' | ')' | '>' => depth -= 1,
            ',' if depth == 0 => {
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

/// `(entry, argument texts)` of each `// run: @f(args) -> ...` line.
fn run_lines(text: &str) -> Vec<(String, Vec<String>)> {
    text.lines()
        .filter_map(|l| {
            let rest = l.split("//").nth(1)?.trim().strip_prefix("run:")?.trim();
            let rest = rest.strip_prefix('@')?;
            let open = rest.find('(')?;
            let entry = rest[..open].to_string();
            // The argument list ends at the parenthesis that closes the first one.
            let mut depth = 0;
            let mut end = None;
            for (i, c) in rest[open..].char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            end = Some(open + i);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            Some((entry, split_top(&rest[open + 1..end?])))
        })
        .collect()
}

/// The lowering options of the file's `// stdlower-options:` line.
fn file_options(text: &str) -> LowerOptions {
    let mut o = LowerOptions::default();
    for l in text.lines() {
        let Some(rest) = l.trim().strip_prefix("// stdlower-options:") else {
            continue;
        };
        let mut w = rest.split_whitespace();
        while let Some(x) = w.next() {
            match x {
                "--use-aligned-alloc" => o.use_aligned_alloc = true,
                "--use-bare-ptr-memref-call-conv" => o.use_bare_ptr_memref_call_conv = true,
                "--index-bitwidth" => {
                    o.index_bitwidth = w.next().and_then(|v| v.parse().ok()).unwrap_or(64)
                }
                _ => {}
            }
        }
    }
    o
}

fn args_of(m: &Module, entry: &str, texts: &[String]) -> Option<Vec<RtValue>> {
    let ft = m.func(entry)?.std_type()?.clone();
    if ft.inputs.len() != texts.len() {
        return None;
    }
    ft.inputs
        .iter()
        .zip(texts)
        .map(|(t, s)| parse_value(s, t).ok())
        .collect()
}

#[test]
fn corpus_programs_agree_at_both_levels() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut files = Vec::new();
    corpus_files(&root, &mut files);
    files.sort();
    let (mut same, mut ub_both, mut ub_std_only, mut skipped) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let runs = run_lines(&text);
        if runs.is_empty() {
            continue;
        }
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        let Ok(m) = converter::syntax::parse_module(&name, text.as_bytes()) else {
            skipped += runs.len();
            continue;
        };
        if converter::verify::verify_module(&m).is_err() {
            skipped += runs.len();
            continue;
        }
        let lower = file_options(&text);
        let opts = Options {
            fuel: 20_000_000,
            index_bitwidth: lower.index_bitwidth,
            ..Options::default()
        };
        let Ok(lowered) = converter::lower::lower_module(&m, &lower) else {
            skipped += runs.len();
            continue;
        };
        for (entry, texts) in runs {
            let Some(args) = args_of(&m, &entry, &texts) else {
                skipped += 1;
                continue;
            };
            let (s, steps) = interp::Program::compile(&m, opts.index_bitwidth).run_counted(
                &entry,
                &args,
                &opts,
                &mut GenExternals,
            );
            // An LLVM op does less than a Standard op: 20 times the Standard run's
            // steps are fuel enough; a Standard run that ran out gets as much again.
            let lopts = Options {
                fuel: if s.is_ok() {
                    steps * 20 + 10_000
                } else {
                    opts.fuel
                },
                ..opts.clone()
            };
            let l = llinterp::run_lowered(
                &lowered,
                &m,
                &lower,
                &entry,
                &args,
                &lopts,
                &mut GenExternals,
            );
            let results = &m
                .func(&entry)
                .and_then(|f| f.std_type())
                .map(|t| t.results.clone())
                .unwrap_or_default();
            match (&s, &l) {
                (Ok(a), Ok(b)) => {
                    let ok = a.len() == b.results.len()
                        && results
                            .iter()
                            .zip(a.iter().zip(&b.results))
                            .all(|(t, (x, y))| same_value(t, x, y));
                    if ok {
                        same += 1;
                    } else {
                        failures.push(format!("{name} @{entry}: std {a:?}, llvm {:?}", b.results));
                    }
                }
                (Err(Trap::Ub { .. }), Err(Trap::Ub { .. })) => ub_both += 1,
                (Err(Trap::Ub { .. }), _) => {
                    ub_std_only += 1;
                    eprintln!(
                        "  UB at the Standard level only: {name} @{entry}: {:?}",
                        l.as_ref().map(|o| &o.results).map_err(|t| t.render(&name))
                    );
                }
                (Err(Trap::OutOfFuel), Err(Trap::OutOfFuel))
                | (Err(Trap::CallDepth { .. }), Err(Trap::CallDepth { .. })) => same += 1,
                (Err(Trap::Error { .. }), _) => skipped += 1,
                (a, b) => failures.push(format!(
                    "{name} @{entry}: std {:?}, llvm {:?}",
                    a.as_ref().map_err(|t| t.render(&name)),
                    b.as_ref().map(|o| &o.results).map_err(|t| t.render(&name))
                )),
            }
        }
    }
    eprintln!(
        "corpus at both levels: {same} agree, {ub_both} UB at both, {ub_std_only} UB at the Standard level only, {skipped} not runnable here, {} disagree",
        failures.len()
    );
    for f in &failures {
        eprintln!("  {f}");
    }
    assert!(same > 100, "too few corpus programs ran: {same}");
    assert!(failures.is_empty(), "{} disagreements", failures.len());
}
