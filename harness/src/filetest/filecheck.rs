//! CHECK-line matching, delegated to `litcheck-filecheck`, an implementation of LLVM's
//! FileCheck (CHECK, CHECK-NEXT, CHECK-SAME, CHECK-NOT, CHECK-LABEL, CHECK-DAG,
//! `{{regex}}` and `[[VAR:...]]` captures), so corpus files read like upstream tests.

use litcheck_filecheck::litcheck::diagnostics::{FileName, SourceLanguage};
use litcheck_filecheck::litcheck::Symbol;
use litcheck_filecheck::{litcheck, Config, Test};

/// Matches `output` against the `prefix` lines found in `checks` (the test file's text).
pub fn filecheck(output: &str, checks: &str, prefix: &str) -> Result<(), String> {
    let mut config = Config::default();
    if prefix != "CHECK" {
        config.options.check_prefixes = vec![Symbol::intern(prefix)];
    }
    config.options.allow_empty = true;
    let sm = config.source_manager();
    let check_file = sm.load(
        SourceLanguage::Unknown,
        FileName::from("checks".to_string()),
        checks.to_string(),
    );
    let input = sm.load(
        SourceLanguage::Unknown,
        FileName::from("output".to_string()),
        output.to_string(),
    );
    let mut test = Test::new(check_file, &config);
    test.verify(input)
        .map(|_| ())
        .map_err(|e| format!("{}", litcheck::reporting::PrintDiagnostic::new(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_and_rejects() {
        let checks = "// CHECK-LABEL: llvm.func @foo\n// CHECK-NEXT: llvm.return\n";
        assert!(filecheck("llvm.func @foo() {\n  llvm.return\n}\n", checks, "CHECK").is_ok());
        assert!(filecheck("llvm.func @foo() {\n  llvm.br ^bb1\n}\n", checks, "CHECK").is_err());
        let other = "// LEG: !llvm.i64\n";
        assert!(filecheck("x : !llvm.i64\n", other, "LEG").is_ok());
        assert!(filecheck("x : i64\n", other, "LEG").is_err());
    }
}
