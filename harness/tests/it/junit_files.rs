//! `--junit FILE`: `stdlower test` writes one test case per file test, a failing file
//! as a failure with its messages; a campaign over a check that fails on purpose writes
//! one test case per bucket and one per oracle, and its report.html lists the bucket.

use crate::common::{stdlower, TempDir};
use clap::Parser;
use harness::oracles::{CheckReport, Oracle, OracleConfig, Verdict};

const PASSES: &str =
    "// run: @main() -> 1 : i32\nfunc @main() -> i32 {\n  %0 = constant 1 : i32\n  return %0 : i32\n}\n";
const FAILS: &str =
    "// run: @main() -> 2 : i32\nfunc @main() -> i32 {\n  %0 = constant 1 : i32\n  return %0 : i32\n}\n";

/// The `<testcase ...>` element (up to its end) named `name` in `xml`.
fn testcase<'a>(xml: &'a str, name: &str) -> &'a str {
    let at = xml
        .find(&format!("name=\"{name}\""))
        .unwrap_or_else(|| panic!("no test case {name} in:\n{xml}"));
    let start = xml[..at].rfind("<testcase").unwrap();
    let rest = &xml[start..];
    let end = if rest.starts_with("<testcase") && rest[..rest.find('>').unwrap()].ends_with('/') {
        rest.find('>').unwrap() + 1
    } else {
        rest.find("</testcase>").unwrap() + "</testcase>".len()
    };
    &rest[..end]
}

#[test]
fn file_tests_are_junit_test_cases() {
    let dir = TempDir::new("junit-tests");
    dir.file("passes.mlir", PASSES);
    dir.file("fails.mlir", FAILS);
    let xml_path = dir.0.join("reports/tests.xml");
    let (ok, stdout, stderr) = stdlower(&[
        "test",
        dir.0.to_str().unwrap(),
        "--no-jit",
        "--junit",
        xml_path.to_str().unwrap(),
    ]);
    assert!(
        !ok,
        "a failing file test fails the command: {stdout}{stderr}"
    );
    let xml = std::fs::read_to_string(&xml_path).expect("the JUnit file");
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert!(xml.contains("tests=\"2\" failures=\"1\""), "{xml}");
    let failed = testcase(&xml, "fails.mlir");
    assert!(failed.contains("<failure message="), "{failed}");
    assert!(failed.contains("expected: 2 : i32"), "{failed}");
    assert!(!testcase(&xml, "passes.mlir").contains("<failure"));
}

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: harness::cmd::campaign::Args,
}

fn always_fails(_: &converter::ir::Module, _: &OracleConfig) -> harness::campaign::CaseChecked {
    Ok((
        CheckReport {
            verdict: Verdict::Finding {
                oracle: Oracle::LlvmVerify,
                detail: "lowering failed: gen.mlir:3:3: error: 'std.addi' op injected".into(),
            },
            ran: vec![Oracle::LlvmVerify, Oracle::ArgAttrs],
        },
        Default::default(),
    ))
}

#[test]
fn a_campaign_writes_a_case_per_bucket_and_per_oracle() {
    let dir = TempDir::new("junit-campaign");
    let out = dir.0.join("c");
    let xml_path = dir.0.join("campaign.xml");
    let args = Cli::parse_from([
        "campaign",
        "--quiet",
        "--count",
        "6",
        "--jobs",
        "1",
        "--reduce-seconds",
        "0",
        "--out",
        out.to_str().unwrap(),
        "--junit",
        xml_path.to_str().unwrap(),
    ])
    .args;
    let status = harness::cmd::campaign::run_with(&args, &always_fails).expect("runs");
    assert_eq!(status, harness::exit::FAILED);
    let xml = std::fs::read_to_string(&xml_path).expect("the JUnit file");
    let bucket = testcase(&xml, "llvm-verify: &apos;std.addi&apos;");
    assert!(
        bucket.contains("6 findings of oracle llvm-verify"),
        "{bucket}"
    );
    assert!(bucket.contains("stdlower check "), "{bucket}");
    assert!(testcase(&xml, "llvm-verify").contains("<failure"), "{xml}");
    assert!(!testcase(&xml, "arg-attrs").contains("<failure"), "{xml}");
    let page = std::fs::read_to_string(out.join("report.html")).expect("report.html");
    assert!(
        page.contains("data-signature=\"llvm-verify: &#39;std.addi&#39;"),
        "{page}"
    );
}
