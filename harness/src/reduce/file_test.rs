//! A module as a corpus file test: a finding as found, or reduced, with a `run:` line
//! holding the Standard interpreter's answer, so that dropping it into
//! `corpus/regressions/` gives a test that fails until the bug is fixed. The campaign,
//! the fuzz target and `stdlower reduce` write their findings' files with it.

use crate::exec::{self, ExecOptions, Outcome};
use crate::oracles::{OracleConfig, Verdict};
use converter::ir::Module;
use converter::syntax::{print_module, PrintOptions};

/// A finding written as a corpus file test (see the module doc): the verdict as its
/// header. `interp`: the interpreter's outcome of `entry()` when the check made it
/// (a campaign's case hands it back), else it is run here.
pub fn finding_as_file_test(
    m: &Module,
    entry: &str,
    verdict: &Verdict,
    cfg: &OracleConfig,
    interp: Option<&Outcome>,
) -> String {
    let header = verdict.to_string();
    match interp {
        Some(o) => file_test_knowing(m, entry, &header, &cfg.exec, o),
        None => reduced_file_test(m, entry, &header, &cfg.exec),
    }
}

/// A module (reduced, or a finding as found) as a corpus file test: `header` as comment lines, a `// run:` line
/// with the interpreter's answer (or its complaint, commented), then the module.
pub fn reduced_file_test(m: &Module, entry: &str, header: &str, exec_opts: &ExecOptions) -> String {
    let interp = exec::run_interp(m, entry, &[], exec_opts);
    file_test_knowing(m, entry, header, exec_opts, &interp)
}

/// [`reduced_file_test`], where the interpreter's outcome of `entry()` under `exec_opts`
/// is known already (`interp`: the check's own run of the module), so it does not run
/// again.
pub fn file_test_knowing(
    m: &Module,
    entry: &str,
    header: &str,
    exec_opts: &ExecOptions,
    interp: &Outcome,
) -> String {
    let mut out = String::new();
    let comment = |out: &mut String, text: &str| {
        for line in text.lines() {
            out.push_str("// ");
            out.push_str(line);
            out.push('\n');
        }
    };
    out.push_str(&exec_opts.options_line());
    comment(&mut out, header);
    match interp {
        Outcome::Values(vs) => {
            let vals: Vec<String> = vs
                .iter()
                .map(|(t, v)| {
                    let mut s = String::new();
                    converter::value::format_value(&mut s, t, v);
                    format!("{s} : {t}")
                })
                .collect();
            if vals.is_empty() {
                out.push_str(&format!("// run: @{entry}() -> ()\n"));
            } else {
                out.push_str(&format!("// run: @{entry}() -> {}\n", vals.join(", ")));
            }
        }
        other => comment(&mut out, &format!("interp: {}", other.render())),
    }
    out.push_str(&print_module(m, &PrintOptions::default()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use converter::syntax::parse_module;

    const SRC: &str = "func @main() -> i32 {\n  %a = constant 6 : i32\n  %b = constant 7 : i32\n  %c = muli %a, %b : i32\n  return %c : i32\n}\n";

    fn parse(s: &str) -> Module {
        parse_module("t.mlir", s.as_bytes()).expect("parses")
    }

    #[test]
    fn file_test_has_run_line() {
        let m = parse(SRC);
        let t = reduced_file_test(&m, "main", "FINDING [x]: y\nmore", &ExecOptions::default());
        assert!(
            t.starts_with("// FINDING [x]: y\n// more\n// run: @main() -> "),
            "{t}"
        );
        assert!(parse_module("t.mlir", t.as_bytes()).is_ok());
    }

    /// A finding's file written from the check's own interpreter outcome is the file
    /// the interpreter run again would give; and the outcome handed in is the one
    /// written (a wrong one shows).
    #[test]
    fn a_known_outcome_writes_the_same_file() {
        let m = parse(SRC);
        let cfg = OracleConfig::default();
        let v = Verdict::Finding {
            oracle: crate::oracles::Oracle::LlvmLevel,
            detail: "x".into(),
        };
        let ran = exec::run_interp(&m, "main", &[], &cfg.exec);
        let again = finding_as_file_test(&m, "main", &v, &cfg, None);
        assert_eq!(
            finding_as_file_test(&m, "main", &v, &cfg, Some(&ran)),
            again
        );
        assert!(again.contains("// run: @main() -> 42 : i32\n"), "{again}");
        let wrong = exec::Outcome::Values(vec![(
            converter::ir::Type::i32(),
            converter::value::RtValue::Int(41),
        )]);
        let text = finding_as_file_test(&m, "main", &v, &cfg, Some(&wrong));
        assert!(text.contains("// run: @main() -> 41 : i32\n"), "{text}");
    }
}
