//! `stdlower verify-abi` end to end (the real binary, a reduced type/rank set), and
//! proof that the layout check catches a deliberately wrong descriptor (an i32 offset
//! field) injected through the library, never through the product.

use converter::ir::Type;
use harness::abi::layout::{self, Case};
use harness::abi::report::Status;
use harness::abi::{c_gen, parse_ranks, parse_types, Selection};
use std::process::Command;

fn stdlower() -> Command {
    Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
}

#[test]
fn verify_abi_passes_on_the_host() {
    let out = stdlower()
        .args(["verify-abi", "--types", "i32,f16,f64,index,vector<4xf32>"])
        .args(["--ranks", "0-2,8"])
        .output()
        .expect("run stdlower");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "verify-abi failed:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("layout:"), "{text}");
    assert!(text.contains("native/"), "{text}");
    assert!(text.contains("jit/"), "{text}");
}

/// Narrow integers (i1, i8, i16, i17) crossing into C: verify-abi found that lowered
/// code passed them without the sign/zero extension the x86-64 C ABI gives them (a C
/// `bool` parameter could hold 3). The JIT translation now marks them `zeroext` (i1) and
/// `signext`; every check of these types must pass, the `:ext` ones included.
#[test]
fn narrow_integer_arguments_to_c_are_extended() {
    let out = stdlower()
        .args([
            "verify-abi",
            "--types",
            "i1,i8,i16,i17",
            "--ranks",
            "0,2",
            "--json",
        ])
        .output()
        .expect("run stdlower");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let checks = v["checks"].as_array().expect("checks");
    let bad: Vec<&serde_json::Value> = checks.iter().filter(|c| c["status"] != "ok").collect();
    assert!(bad.is_empty(), "{bad:?}");
    assert!(
        checks
            .iter()
            .any(|c| c["check"].as_str().unwrap_or("").ends_with(":ext")),
        "the extension checks did not run"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn verify_abi_json_and_options() {
    let out = stdlower()
        .args(["verify-abi", "--types", "i32", "--ranks", "1", "--json"])
        .output()
        .expect("run stdlower");
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let checks = v["checks"].as_array().expect("checks");
    assert!(!checks.is_empty());
    assert!(checks.iter().all(|c| c["status"] == "ok"));
    assert!(checks
        .iter()
        .any(|c| c["elem"] == "i32" && c["rank"] == "1"));
    assert!(checks
        .iter()
        .all(|c| c["elem"] == "i32" || c["elem"] == "-"));
}

#[test]
fn missing_compiler_is_a_clear_error() {
    let out = stdlower()
        .args(["verify-abi", "--cc", "/nonexistent/cc", "--types", "i8"])
        .output()
        .expect("run stdlower");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not found"));
}

#[test]
fn an_i32_offset_field_is_caught() {
    let ccs = c_gen::c_compilers(&[]).expect("a C compiler");
    let sel = Selection {
        elems: parse_types("f32,i8").expect("types"),
        ranks: parse_ranks("0,2").expect("ranks"),
    };
    let product = layout::product_ours().expect("host");
    // Our converted descriptor, but with an i32 offset field.
    let wrong = |c: &Case| -> Result<Type, harness::abi::AbiError> {
        let t = product(c)?;
        match (c, &t) {
            (Case::Desc(..), Type::LlvmStruct(fields)) => {
                let mut f = fields.to_vec();
                f[2] = Type::i32();
                Ok(Type::llvm_struct(f))
            }
            _ => Ok(t),
        }
    };
    let out = layout::run_layout(&sel, &ccs, &[], None, &wrong).expect("layout");
    let desc: Vec<_> = out
        .checks
        .iter()
        .filter(|c| c.check.starts_with("layout:") && c.rank != "-" && c.rank != "*")
        .collect();
    assert!(!desc.is_empty());
    for c in &desc {
        assert_eq!(c.status, Status::Mismatch, "{c:?}");
        let d = c
            .differences
            .iter()
            .find(|d| d.field == "offset.size")
            .expect("the offset field is named");
        assert_eq!((d.ours.as_str(), d.theirs.as_str()), ("4", "8"));
    }
    // The product's own layout passes the same comparison.
    let good = layout::run_layout(&sel, &ccs, &[], None, &product).expect("layout");
    assert!(
        good.checks.iter().all(|c| c.status == Status::Ok),
        "{:?}",
        good.checks
    );
}
