//! What the integration tests share: running the `stdlower` binary, scratch files, and reading a finding.
#![allow(dead_code)]

use std::process::Command;

/// The oracle and detail of a finding; any other verdict fails the test.
pub fn finding(v: &harness::oracles::Verdict) -> (harness::oracles::Oracle, &str) {
    match v {
        harness::oracles::Verdict::Finding { oracle, detail } => (*oracle, detail.as_str()),
        other => panic!("expected a finding, got: {other}"),
    }
}

/// Runs the `stdlower` binary: whether it succeeded, its stdout and its stderr.
pub fn stdlower(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(args)
        .output()
        .expect("run stdlower");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `stdlower` binary of the `stdlower-front` crate, beside this crate's
/// `stdlower-full`: cargo builds it with the workspace (`cargo build`, `cargo test` at
/// the root), not for this crate's tests alone. Without it, a test that needs it is
/// skipped with a note, and fails when `CI` is set.
pub fn front_exe() -> Option<std::path::PathBuf> {
    let full = std::path::Path::new(env!("CARGO_BIN_EXE_stdlower-full"));
    let front = full.with_file_name(format!("stdlower{}", std::env::consts::EXE_SUFFIX));
    if front.exists() {
        return Some(front);
    }
    missing(format!(
        "{} is not built (`cargo build -p stdlower-front`, or build the workspace)",
        front.display()
    ))
}

/// A test that cannot run here for `why` (a tool or a build is missing): skipped with
/// a note, and a failure when `CI` is set.
pub fn missing<T>(why: String) -> Option<T> {
    assert!(std::env::var_os("CI").is_none(), "CI is set: {why}");
    eprintln!("skipped: {why}");
    None
}

/// A directory of its own (per test and process) in the system's temporary directory,
/// for files a test hands to the binary; removed when dropped.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(test: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("stdlower-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary directory");
        TempDir(dir)
    }

    /// Writes `text` to the file `name` in the directory; its path.
    pub fn file(&self, name: &str, text: &str) -> std::path::PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("write a temporary file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Swarm case `seed`: its generator configuration, the module, and the lowering options
/// the configuration picked (as a campaign lowers it).
pub fn swarm_case(
    seed: u64,
) -> (
    generator::GenConfig,
    converter::ir::Module,
    converter::lower::LowerOptions,
) {
    let (g, m) = generator::generate_swarm_from_seed(seed);
    let opts = converter::lower::LowerOptions {
        index_bitwidth: g.index_bitwidth,
        use_aligned_alloc: g.use_aligned_alloc,
        use_bare_ptr_memref_call_conv: g.use_bare_ptr_memref_call_conv,
        ..Default::default()
    };
    (g, m, opts)
}

/// Whether an `llvm.func` of `m` holds a typed pointer to other than `i8` (read from the
/// LLVM 11 notation): today's syntax writes every pointer opaque, which a Standard
/// module's `llvm.func`s read back as a pointer to `i8`, under the typed rules, so such
/// a module does not survive an export to today's syntax (a documented limit, docs/input.md).
pub fn has_typed_llvm_pointers(m: &converter::ir::Module) -> bool {
    use converter::ir::{FuncKind, Type};
    fn typed(t: &Type) -> bool {
        match t {
            Type::LlvmPtr(p, _) => **p != Type::i8() || typed(p),
            Type::LlvmStruct(fs) => fs.iter().any(typed),
            Type::LlvmArray(_, e) => typed(e),
            Type::LlvmFunc(f) => typed(&f.result) || f.params.iter().any(typed),
            _ => false,
        }
    }
    m.funcs
        .iter()
        .filter(|f| f.kind == FuncKind::Llvm)
        .any(|f| {
            typed(&f.ty)
                || f.body.as_ref().is_some_and(|b| {
                    b.walk_ops()
                        .any(|o| b.op(o).results.iter().any(|&r| typed(b.value_type(r))))
                })
        })
}

/// Whether a corpus file expects errors (`// expected-error`): a test of diagnostics (of
/// the lowering, say), not a module to export or run.
pub fn expects_errors(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes).contains("expected-error")
}

/// A corpus file that reads, parses and verifies: its path (as text), bytes and module.
pub struct CorpusModule {
    pub name: String,
    pub bytes: Vec<u8>,
    pub m: converter::ir::Module,
}

/// Every file of `corpus/` whose module parses and verifies (files of diagnostics and
/// broken input are left out by the verifier or the parser), in discovery order.
pub fn corpus_modules() -> Vec<CorpusModule> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    harness::filetest::discover(&[root.to_string()])
        .into_iter()
        .filter_map(|f| {
            let bytes = std::fs::read(&f).ok()?;
            let name = f.display().to_string();
            let m = converter::syntax::parse_module(&name, &bytes).ok()?;
            converter::verify::verify_module(&m).ok()?;
            Some(CorpusModule { name, bytes, m })
        })
        .collect()
}

/// `@f` of `text` proved against its correct lowering, which must be proved, and against
/// that lowering changed by `mutate`: the second report (a refutation replayed on the
/// interpreters).
pub fn prove_f_and_its_mutant(
    text: &str,
    mutate: &dyn Fn(&mut converter::ir::Body),
) -> harness::cmd::prove::Report {
    use converter::lower::{lower_module, LowerOptions};
    use harness::cmd::prove::prove_module;
    let m = converter::syntax::parse_module("t.mlir", text.as_bytes()).expect("parses");
    let lo = LowerOptions::default();
    let good = lower_module(&m, &lo).expect("lowers");
    let mut bad = good.clone();
    mutate(bad.func_mut("f").unwrap().body.as_mut().unwrap());
    let eo = harness::exec::ExecOptions {
        timeout: std::time::Duration::ZERO,
        ..harness::exec::ExecOptions::default()
    };
    let to = tv::Options::default();
    let g = prove_module(&m, &good, &lo, Some("f"), &to, Some(&eo)).remove(0);
    assert!(
        matches!(g.verdict, tv::Verdict::Proved { .. }),
        "{}",
        g.line()
    );
    prove_module(&m, &bad, &lo, Some("f"), &to, Some(&eo)).remove(0)
}

/// A report that is a refutation whose arguments reproduce the difference.
pub fn assert_refuted_and_replayed(r: &harness::cmd::prove::Report) {
    assert!(
        matches!(r.verdict, tv::Verdict::Refuted { .. }),
        "{}",
        r.line()
    );
    assert!(
        r.replay.as_ref().expect("replayed").reproduced,
        "{}",
        r.line()
    );
}

/// The toolchain of MLIR `release` (22: the installed default; another: the directory
/// of `mlir-opt-N` on `PATH`), or `None` with a note, a failure under `CI`
/// (`scripts/setup.sh` installs MLIR 13 and 22).
pub fn upstream_toolchain(
    release: converter::syntax::Release,
) -> Option<harness::upstream_release::Toolchain> {
    use harness::upstream_release::resolve;
    let found = match release.major() {
        22 => resolve(None).ok(),
        n => std::env::var_os("PATH")
            .and_then(|paths| {
                std::env::split_paths(&paths)
                    .map(|d| d.join(format!("mlir-opt-{n}")))
                    .find(|p| p.is_file())
            })
            .and_then(|p| std::fs::canonicalize(p).ok())
            .and_then(|p| p.parent().map(|d| d.to_path_buf()))
            .and_then(|d| resolve(Some(&d)).ok()),
    };
    match found {
        Some(t) if t.release == release => Some(t),
        other => missing(format!(
            "MLIR {} is not installed (scripts/setup.sh): {other:?}",
            release.major()
        )),
    }
}
