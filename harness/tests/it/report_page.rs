//! `report.html` in a real browser: headless Chromium renders the page of a report with
//! buckets, oracles, features, skips and known upstream bugs, and the test checks the
//! rendered DOM for each of them, for the page's script having run, and for a console
//! without a message. Broken pages (a bucket left out, a script error) must fail the same
//! check. A campaign run by the binary writes a page that passes it too. Skipped without
//! `chromium`, and fails when `CI` is set.

use harness::campaign::report::{Bucket, OracleCounts, Report, Reproducer};
use harness::campaign::report_html::{render, reproduce_command, Rate};
use std::path::{Path, PathBuf};
use std::process::Command;

fn chromium() -> Option<PathBuf> {
    for name in ["chromium", "chromium-browser"] {
        if let Ok(out) = Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .output()
        {
            let p = String::from_utf8_lossy(&out.stdout).trim().to_string();
            if out.status.success() && !p.is_empty() {
                return Some(PathBuf::from(p));
            }
        }
    }
    let why = "chromium is not installed (scripts/setup.sh installs it)";
    assert!(std::env::var_os("CI").is_none(), "CI is set: {why}");
    eprintln!("skipped: {why}");
    None
}

/// The DOM Chromium renders from `page`, and the console messages it logged.
fn render_in_chromium(chrome: &Path, page: &Path, tmp: &Path) -> (String, Vec<String>) {
    let profile = tmp.join(format!(
        "profile-{}",
        page.file_stem().unwrap().to_string_lossy()
    ));
    let out = Command::new(chrome)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("run chromium");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let console = stderr
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_string)
        .collect();
    (String::from_utf8_lossy(&out.stdout).into_owned(), console)
}

/// `s` with the entities Chromium's serialisation writes decoded.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// What the rendered page of `rep` lacks, or what went wrong rendering it.
fn problems(dom: &str, console: &[String], rep: &Report, base: &Path) -> Vec<String> {
    let mut p = Vec::new();
    let d = unescape(dom);
    for c in console {
        p.push(format!("the console shows: {c}"));
    }
    if !dom.contains("data-ready=\"yes\"") {
        p.push("the page's script did not run to its end".into());
    }
    if !dom.contains("<svg id=\"rate-chart\"") && rep.checked > 0 {
        p.push("no rate chart".into());
    }
    for b in &rep.buckets {
        if !d.contains(&format!("data-signature=\"{}\"", b.signature)) {
            p.push(format!("bucket {:?} is missing", b.signature));
        }
        for r in &b.reproducers {
            if !d.contains(&reproduce_command(base, b, r)) {
                p.push(format!(
                    "the command for case {} of {:?} is missing",
                    r.case, b.signature
                ));
            }
        }
    }
    let n = rep.buckets.len();
    if n > 0 && !d.contains(&format!(">{n} bucket")) {
        p.push(format!("the page does not count {n} buckets"));
    }
    let code = |k: &str| d.contains(&format!("<code>{k}</code>"));
    for o in rep.per_oracle.keys() {
        if !code(o) {
            p.push(format!("oracle {o} is missing"));
        }
    }
    for (what, m) in [
        ("feature", &rep.per_feature),
        ("skipped reason", &rep.skipped_reasons),
    ] {
        for k in m.keys() {
            if !code(k) {
                p.push(format!("{what} {k} is missing"));
            }
        }
    }
    for doc in rep.known_upstream_by_doc.keys() {
        if !code(doc) {
            p.push(format!("known upstream document {doc} is missing"));
        }
    }
    for external in ["src=\"http", "href=\"http", "<link", "@import"] {
        if d.contains(external) {
            p.push(format!(
                "the page loads something from elsewhere ({external})"
            ));
        }
    }
    p
}

fn sample_report() -> (Report, Rate) {
    let mut rep = Report {
        checked: 120,
        agreed: 110,
        findings: 6,
        skipped: 3,
        known_upstream: 1,
        seconds: 12.0,
        checks_per_second: 10.0,
        seed: Some(7),
        first_finding_case: Some(4),
        first_finding_seconds: Some(0.5),
        ..Report::default()
    };
    rep.buckets = vec![
        Bucket {
            signature: "interp-vs-jit: jit: results differ".into(),
            oracle: "interp-vs-jit".into(),
            count: 4,
            reproducers: vec![
                Reproducer {
                    case: 4,
                    seed: 99,
                    file: Some("findings/case4-interp-vs-jit.mlir".into()),
                },
                Reproducer {
                    case: 9,
                    seed: 100,
                    file: Some("findings/case9-interp-vs-jit.mlir".into()),
                },
            ],
        },
        Bucket {
            signature: "llvm-verify: 'std.addi' <op> & \"quoted\"".into(),
            oracle: "llvm-verify".into(),
            count: 2,
            reproducers: vec![Reproducer {
                case: 30,
                seed: 1234,
                file: None,
            }],
        },
    ];
    for (o, c, f) in [
        ("interp-vs-jit", 120, 4),
        ("llvm-verify", 120, 2),
        ("heap-sizes", 80, 0),
    ] {
        rep.per_oracle.insert(
            o.into(),
            OracleCounts {
                checked: c,
                findings: f,
            },
        );
    }
    for (f, n) in [
        ("op_addi", 60),
        ("alloc_strided", 12),
        ("option_use_aligned_alloc", 40),
    ] {
        rep.per_feature.insert(f.into(), n);
    }
    rep.skipped_reasons.insert("fuel".into(), 2);
    rep.skipped_reasons.insert("timeout".into(), 1);
    rep.known_upstream_by_doc
        .insert("docs/findings/llvm22-avx512-i1-vector-call.md".into(), 1);
    rep.known_upstream_files = vec!["known-upstream/case50.mlir".into()];
    let mut rate = Rate::default();
    for i in 0..120 {
        rate.add(i as f64 / 10.0);
    }
    (rep, rate)
}

#[test]
fn report_html_renders_in_chromium_and_fails_when_broken() {
    let Some(chrome) = chromium() else {
        return;
    };
    let tmp = crate::common::TempDir::new("report-page");
    let (rep, rate) = sample_report();
    let base = Path::new("out/campaign");
    let good = render(&rep, &rate, base);
    // A bucket's row left out (the second bucket's, from its <tr> to its </tr>).
    let start = good
        .find("<tr class=\"bucket\" data-signature=\"llvm-verify")
        .expect("row");
    let end = start + good[start..].find("</tr>").unwrap() + "</tr>".len();
    let no_bucket = format!("{}{}", &good[..start], &good[end..]);
    // A script that throws before its end.
    let script_error = good.replacen("(function () {", "(function () { noSuchFunction();", 1);
    let pages = [
        ("good", good),
        ("no-bucket", no_bucket),
        ("script-error", script_error),
    ];
    let results: Vec<(String, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = pages
            .iter()
            .map(|(name, html)| {
                let path = tmp.file(&format!("{name}.html"), html);
                let (chrome, tmp, rep) = (&chrome, &tmp.0, &rep);
                s.spawn(move || {
                    let (dom, console) = render_in_chromium(chrome, &path, tmp);
                    (name.to_string(), problems(&dom, &console, rep, base))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (name, p) in &results {
        match name.as_str() {
            "good" => assert!(p.is_empty(), "the good page: {p:#?}"),
            "no-bucket" => assert!(
                p.iter().any(|x| x.contains("bucket \"llvm-verify")),
                "a missing bucket went unnoticed: {p:#?}"
            ),
            _ => {
                assert!(
                    p.iter().any(|x| x.contains("Uncaught ReferenceError")),
                    "a script error went unnoticed: {p:#?}"
                );
                assert!(
                    p.iter().any(|x| x.contains("did not run to its end")),
                    "{p:#?}"
                );
            }
        }
    }
}

/// A campaign writes `report.html` beside `report.json`, and the page shows what the
/// JSON holds.
#[test]
fn a_campaign_writes_a_page_chromium_renders() {
    let Some(chrome) = chromium() else {
        return;
    };
    let tmp = crate::common::TempDir::new("report-page-campaign");
    let out = tmp.0.join("c");
    let (ok, stdout, stderr) = crate::common::stdlower(&[
        "campaign",
        "--count",
        "3",
        "--jobs",
        "1",
        "--quiet",
        "--reduce-seconds",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{stdout}\n{stderr}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let mut rep = Report {
        checked: json["checked"].as_u64().unwrap(),
        ..Report::default()
    };
    assert_eq!(rep.checked, 3);
    for (k, v) in json["per_oracle"].as_object().unwrap() {
        rep.per_oracle.insert(
            k.clone(),
            OracleCounts {
                checked: v["checked"].as_u64().unwrap(),
                findings: v["findings"].as_u64().unwrap(),
            },
        );
    }
    for (k, v) in json["per_feature"].as_object().unwrap() {
        rep.per_feature.insert(k.clone(), v.as_u64().unwrap());
    }
    assert!(!rep.per_oracle.is_empty() && !rep.per_feature.is_empty());
    let (dom, console) = render_in_chromium(&chrome, &out.join("report.html"), &tmp.0);
    let p = problems(&dom, &console, &rep, &out);
    assert!(p.is_empty(), "{p:#?}");
    assert!(dom.contains("no findings"), "{dom}");
}
