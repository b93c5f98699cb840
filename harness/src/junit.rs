//! JUnit XML for CI systems (GitHub Actions, GitLab and Jenkins show it, as they show
//! LLVM lit's `--xunit-xml-output`): `stdlower test --junit FILE` writes one test case
//! per file test, `stdlower campaign --junit FILE` one per bucket of findings and one
//! per oracle.

use crate::campaign::report::Report;
use crate::filetest::FileResult;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Why a test case failed: a one-line message and the full text.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    pub message: String,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub classname: String,
    pub name: String,
    pub failure: Option<Failure>,
    /// Why the case was skipped, if it was.
    pub skipped: Option<String>,
    /// Shown as the case's standard output.
    pub output: Option<String>,
}

impl Case {
    fn new(classname: &str, name: &str) -> Case {
        Case {
            classname: classname.into(),
            name: name.into(),
            failure: None,
            skipped: None,
            output: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Suite {
    pub name: String,
    pub cases: Vec<Case>,
    /// Wall-clock seconds of the whole suite.
    pub seconds: f64,
}

/// `s` escaped for XML text or an attribute value; characters XML 1.0 cannot hold at
/// all (most control characters, e.g. from a crash's output) become U+FFFD.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            '\n' => o.push_str("&#10;"),
            '\r' => o.push_str("&#13;"),
            '\t' => o.push_str("&#9;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => o.push('\u{FFFD}'),
            c => o.push(c),
        }
    }
    o
}

/// The XML document of `suites`.
pub fn render(suites: &[Suite]) -> String {
    let count = |f: &dyn Fn(&Case) -> bool| -> usize {
        suites
            .iter()
            .flat_map(|s| &s.cases)
            .filter(|c| f(c))
            .count()
    };
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        x,
        "<testsuites name=\"stdlower\" tests=\"{}\" failures=\"{}\" skipped=\"{}\" time=\"{:.3}\">",
        count(&|_| true),
        count(&|c| c.failure.is_some()),
        count(&|c| c.skipped.is_some()),
        suites.iter().map(|s| s.seconds).sum::<f64>()
    );
    for s in suites {
        let _ = writeln!(
            x,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" time=\"{:.3}\">",
            esc(&s.name),
            s.cases.len(),
            s.cases.iter().filter(|c| c.failure.is_some()).count(),
            s.cases.iter().filter(|c| c.skipped.is_some()).count(),
            s.seconds
        );
        for c in &s.cases {
            let _ = write!(
                x,
                "    <testcase classname=\"{}\" name=\"{}\"",
                esc(&c.classname),
                esc(&c.name)
            );
            if c.failure.is_none() && c.skipped.is_none() && c.output.is_none() {
                x.push_str("/>\n");
                continue;
            }
            x.push_str(">\n");
            if let Some(f) = &c.failure {
                let _ = writeln!(
                    x,
                    "      <failure message=\"{}\">{}</failure>",
                    esc(&f.message),
                    esc(&f.text)
                );
            }
            if let Some(why) = &c.skipped {
                let _ = writeln!(x, "      <skipped message=\"{}\"/>", esc(why));
            }
            if let Some(o) = &c.output {
                let _ = writeln!(x, "      <system-out>{}</system-out>", esc(o));
            }
            x.push_str("    </testcase>\n");
        }
        x.push_str("  </testsuite>\n");
    }
    x.push_str("</testsuites>\n");
    x
}

/// One case per file test: its path, and its failures as the failure's text.
pub fn of_file_tests(results: &[(PathBuf, FileResult)], seconds: f64) -> Suite {
    let cases = results
        .iter()
        .map(|(path, r)| {
            let p = path.display().to_string();
            let (dir, name) = match p.rsplit_once('/') {
                Some((d, n)) => (d.to_string(), n.to_string()),
                None => (".".to_string(), p.clone()),
            };
            let mut c = Case::new(&dir.trim_start_matches('/').replace('/', "."), &name);
            c.output = Some(format!("{} checks", r.checks));
            if !r.failures.is_empty() {
                let first = r.failures[0].lines().next().unwrap_or_default();
                c.failure = Some(Failure {
                    message: format!("{} failures: {first}", r.failures.len()),
                    text: r.failures.join("\n"),
                });
            }
            c
        })
        .collect();
    Suite {
        name: "stdlower test".into(),
        cases,
        seconds,
    }
}

/// One case per bucket of findings (each a failure, with its reproducers and the
/// commands that show them again) and one per oracle (a failure when it found
/// something). `base` is the directory the report's file names are relative to.
pub fn of_campaign(rep: &Report, base: &Path) -> Vec<Suite> {
    let mut buckets = Vec::new();
    for b in &rep.buckets {
        let mut c = Case::new(&format!("campaign.buckets.{}", b.oracle), &b.signature);
        let mut text = String::new();
        for p in &b.reproducers {
            let _ = writeln!(
                text,
                "case {} (seed {}): {}",
                p.case,
                p.seed,
                crate::campaign::report_html::reproduce_command(base, b, p)
            );
        }
        c.failure = Some(Failure {
            message: format!("{} findings of oracle {}", b.count, b.oracle),
            text,
        });
        buckets.push(c);
    }
    let oracles = rep
        .per_oracle
        .iter()
        .map(|(name, n)| {
            let mut c = Case::new("campaign.oracles", name);
            c.output = Some(format!(
                "{} cases checked, {} findings",
                n.checked, n.findings
            ));
            if n.findings > 0 {
                let sigs: Vec<&str> = rep
                    .buckets
                    .iter()
                    .filter(|b| &b.oracle == name)
                    .map(|b| b.signature.as_str())
                    .collect();
                c.failure = Some(Failure {
                    message: format!("{} findings in {} cases", n.findings, n.checked),
                    text: sigs.join("\n"),
                });
            }
            c
        })
        .collect();
    vec![
        Suite {
            name: "campaign buckets".into(),
            cases: buckets,
            seconds: rep.seconds,
        },
        Suite {
            name: "campaign oracles".into(),
            cases: oracles,
            seconds: 0.0,
        },
    ]
}

/// Writes `suites` to `path`, creating its directory.
pub fn write(path: &Path, suites: &[Suite]) -> std::io::Result<()> {
    if let Some(d) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(d)?;
    }
    std::fs::write(path, render(suites))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::report::{Bucket, OracleCounts, Reproducer};

    #[test]
    fn file_tests_are_cases_and_failures_carry_their_text() {
        let results = vec![
            (
                PathBuf::from("corpus/run/a.mlir"),
                FileResult {
                    failures: vec![],
                    checks: 3,
                },
            ),
            (
                PathBuf::from("corpus/run/b.mlir"),
                FileResult {
                    failures: vec!["b.mlir:2: run: @main() -> 1 : i32\n  jit: 2 <&>".into()],
                    checks: 2,
                },
            ),
        ];
        let x = render(&[of_file_tests(&results, 1.5)]);
        assert!(x.contains("tests=\"2\" failures=\"1\""), "{x}");
        assert!(
            x.contains("<testcase classname=\"corpus.run\" name=\"a.mlir\">"),
            "{x}"
        );
        assert!(
            x.contains("<failure message=\"1 failures: b.mlir:2: run: @main() -&gt; 1 : i32\">"),
            "{x}"
        );
        assert!(x.contains("jit: 2 &lt;&amp;&gt;"), "{x}");
    }

    #[test]
    fn a_campaign_has_a_case_per_bucket_and_per_oracle() {
        let mut rep = Report {
            findings: 2,
            seconds: 4.0,
            ..Report::default()
        };
        rep.per_oracle.insert(
            "interp-vs-jit".into(),
            OracleCounts {
                checked: 10,
                findings: 2,
            },
        );
        rep.per_oracle.insert(
            "llvm-verify".into(),
            OracleCounts {
                checked: 10,
                findings: 0,
            },
        );
        rep.buckets.push(Bucket {
            signature: "interp-vs-jit: jit: results differ".into(),
            oracle: "interp-vs-jit".into(),
            count: 2,
            reproducers: vec![Reproducer {
                case: 4,
                seed: 77,
                file: Some("findings/case4-interp-vs-jit.mlir".into()),
            }],
        });
        let x = render(&of_campaign(&rep, Path::new("out/c")));
        assert!(
            x.contains("<testsuites name=\"stdlower\" tests=\"3\" failures=\"2\""),
            "{x}"
        );
        assert!(
            x.contains("name=\"interp-vs-jit: jit: results differ\""),
            "{x}"
        );
        assert!(
            x.contains("stdlower check out/c/findings/case4-interp-vs-jit.mlir"),
            "{x}"
        );
        assert!(
            x.contains("<testcase classname=\"campaign.oracles\" name=\"llvm-verify\">"),
            "{x}"
        );
    }

    #[test]
    fn control_characters_cannot_break_the_document() {
        assert_eq!(esc("a\u{1}b\"\n"), "a\u{FFFD}b&quot;&#10;");
    }
}
