//! A newcomer who builds before running `scripts/setup.sh` is not stuck after it:
//! `scripts/check-setup-order.sh` builds llvm-sys in a copy of the checkout with LLVM
//! hidden (it fails), with LLVM back (it still fails: llvm-sys cached "not found"),
//! runs setup (which must say it cleared that) and builds again (it must succeed), in
//! the workspace's target directory and in the fuzz one. Skipped without LLVM 22 unless
//! `CI` is set.

use std::process::Command;

#[test]
fn setup_cures_a_build_made_before_it() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let have_llvm = Command::new("llvm-config-22")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_llvm {
        assert!(
            std::env::var_os("CI").is_none(),
            "llvm-config-22 is missing in CI"
        );
        eprintln!("skipped: LLVM 22 is not installed");
        return;
    }
    let out = Command::new(format!("{root}/scripts/check-setup-order.sh"))
        .output()
        .expect("run scripts/check-setup-order.sh");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert_eq!(
        text.matches("setup clears it, build succeeds").count(),
        2,
        "{text}"
    );
}
