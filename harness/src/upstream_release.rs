//! Which upstream MLIR the upstream paths use, and how to drive each release. The
//! default is the installed MLIR 22 (`llvm-config-22 --bindir`, else `PATH`);
//! `--mlir-bin DIR` (any command) or `STDLOWER_MLIR_BIN=DIR` points at another build's
//! `bin` directory (`/usr/lib/llvm-13/bin`, a user's own build). The release is read
//! from `mlir-opt --version` ("LLVM version 13.0.1"), and with it come the syntax the
//! module is exported in ([`converter::syntax::Release`]) and the `mlir-opt` pipeline
//! that lowers it ([`pipeline`]):
//!
//! - 13: `-convert-vector-to-llvm -convert-math-to-llvm -convert-memref-to-llvm
//!   -convert-std-to-llvm` (the spec's own pass, its `data-layout` option the host's);
//! - 14: the same with `-convert-arith-to-llvm` before the Standard pass, then
//!   `-reconcile-unrealized-casts`;
//! - 15, 16: `-convert-func-to-llvm` then `-convert-cf-to-llvm` in place of the Standard pass;
//! - 17 on: MLIR 22's pipeline ([`mlir22_pipeline`]).
//!
//! Releases 13 to 16 print typed pointers (`!llvm.ptr<f32>`): their output is read back
//! by the same parser as LLVM 11's notation and checked by the typed verifier. Their
//! LLVM IR is typed too (`float*`), and goes to our JIT as it is when LLVM 22's IR parser
//! reads it (it still reads typed pointers, making each one opaque); what it does not
//! read (constant expressions LLVM 22 no longer has) goes through the release's own
//! `llvm-as` to bitcode, which LLVM 22 reads and upgrades, and `llvm-dis` 22 prints it
//! back as text ([`native_ir`]).

pub mod batch;
pub mod inproc;
pub mod known;
pub mod merged;
pub mod nested;
pub mod read;
pub mod typed;

pub use batch::{lower_batch, translate_batch};

use crate::upstream_tools::{Tools, UpstreamError};
use converter::syntax::Release;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The environment variable naming the directory of the `mlir-opt` to use.
pub const MLIR_BIN_ENV: &str = "STDLOWER_MLIR_BIN";

/// An upstream toolchain: its tools and their release.
#[derive(Clone, Debug)]
pub struct Toolchain {
    pub tools: Tools,
    pub release: Release,
}

/// The release of an `mlir-opt`, from its `--version` output.
pub fn detect_release(mlir_opt: &Path) -> Result<Release, String> {
    let out = std::process::Command::new(mlir_opt)
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run {}: {e}", mlir_opt.display()))?;
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    release_of_version_text(&text)
        .ok_or_else(|| {
            format!(
                "cannot tell the release of {} from its --version output: {}",
                mlir_opt.display(),
                text.trim()
            )
        })
        .and_then(Release::new)
}

/// The major version in `mlir-opt --version`'s text ("LLVM version 13.0.1", also
/// "MLIR version 22.1.0git" of some builds).
pub fn release_of_version_text(text: &str) -> Option<u32> {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .windows(2)
        .find(|w| w[0] == "version")
        .and_then(|w| w[1].split('.').next())
        .and_then(|m| m.parse().ok())
}

/// The toolchain in `dir` (`mlir-opt` and `mlir-translate` there, the release read from
/// the first), or the default MLIR 22 when `dir` is `None`.
pub fn resolve(dir: Option<&Path>) -> Result<Toolchain, UpstreamError> {
    let Some(dir) = dir else {
        let tools = Tools {
            mlir_opt: crate::upstream_tools::find_tool("mlir-opt").ok_or_else(not_installed)?,
            mlir_translate: crate::upstream_tools::find_tool("mlir-translate")
                .ok_or_else(not_installed)?,
        };
        let release = detect_release(&tools.mlir_opt).unwrap_or(Release::MLIR22);
        return Ok(Toolchain { tools, release });
    };
    let tool = |name: &str| {
        let p = dir.join(name);
        if p.is_file() {
            Ok(p)
        } else {
            Err(UpstreamError::NotInstalled(format!(
                "{name} not found in {} (--mlir-bin / {MLIR_BIN_ENV})",
                dir.display()
            )))
        }
    };
    let tools = Tools {
        mlir_opt: tool("mlir-opt")?,
        mlir_translate: tool("mlir-translate")?,
    };
    let release = detect_release(&tools.mlir_opt).map_err(UpstreamError::NotInstalled)?;
    Ok(Toolchain { tools, release })
}

fn not_installed() -> UpstreamError {
    UpstreamError::NotInstalled(
        "mlir-opt/mlir-translate 22 are not installed (neither in `llvm-config-22 --bindir` \
         nor on PATH; scripts/setup.sh installs them)"
            .into(),
    )
}

/// The toolchain this process uses: `STDLOWER_MLIR_BIN`'s (which `--mlir-bin` sets), else
/// the default (resolved once per process).
pub fn selected() -> Result<&'static Toolchain, UpstreamError> {
    static SELECTED: OnceLock<Result<Toolchain, UpstreamError>> = OnceLock::new();
    SELECTED
        .get_or_init(|| {
            let dir = std::env::var_os(MLIR_BIN_ENV)
                .filter(|d| !d.is_empty())
                .map(PathBuf::from);
            resolve(dir.as_deref())
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The release of the selected toolchain (MLIR 22 when none is installed).
pub fn selected_release() -> Release {
    selected().map_or(Release::MLIR22, |t| t.release)
}

/// Applies `--mlir-bin DIR`: sets [`MLIR_BIN_ENV`] for this process and the processes it
/// starts (JIT workers, campaign children), before anything looks the tools up.
pub fn use_mlir_bin(dir: Option<&Path>) {
    if let Some(dir) = dir {
        std::env::set_var(MLIR_BIN_ENV, dir);
    }
}

/// The `mlir-opt` passes that lower everything the exporter emits to the LLVM dialect
/// (`{IB}` stands for the index bit width, `{MEMREF}` and `{FUNC}` for the options of
/// [`pipeline`]'s `PassOptions`: MLIR 22's `use-aligned-alloc` and
/// `use-bare-ptr-memref-call-conv`, the counterparts of LLVM 11's options of the same
/// names), after the host's data layout is set on the module (see
/// [`host_data_layout`]). Math and vector ops go first: their lowerings produce `arith`
/// ops that the later passes convert.
const PASSES: [&str; 7] = [
    "--convert-math-to-llvm",
    "--convert-vector-to-llvm",
    "--finalize-memref-to-llvm=index-bitwidth={IB}{MEMREF}",
    "--convert-arith-to-llvm=index-bitwidth={IB}",
    "--convert-cf-to-llvm=index-bitwidth={IB}",
    "--convert-func-to-llvm=index-bitwidth={IB}{FUNC}",
    "--reconcile-unrealized-casts",
];

/// The `mlir-opt` arguments of MLIR 22's lowering pipeline (17 on) for an index bit width and the
/// target's LLVM data layout string.
pub fn mlir22_pipeline(
    index_bitwidth: u32,
    pass: stdlower_front::options::PassOptions,
    data_layout: &str,
) -> Vec<String> {
    let mut args = vec![format!(
        "--set-llvm-module-datalayout=data-layout={data_layout}"
    )];
    let memref = if pass.use_aligned_alloc {
        " use-aligned-alloc=1"
    } else {
        ""
    };
    let func = if pass.use_bare_ptr_memref_call_conv {
        " use-bare-ptr-memref-call-conv=1"
    } else {
        ""
    };
    args.extend(PASSES.iter().map(|p| {
        p.replace("{IB}", &index_bitwidth.to_string())
            .replace("{MEMREF}", memref)
            .replace("{FUNC}", func)
    }));
    args
}

/// The `mlir-opt` arguments that lower a module exported for `release` to the LLVM
/// dialect, with the index bit width, the pass options and the target's data layout.
pub fn pipeline(
    release: Release,
    index_bitwidth: u32,
    pass: stdlower_front::options::PassOptions,
    data_layout: &str,
) -> Vec<String> {
    if release.major() >= 17 {
        return mlir22_pipeline(index_bitwidth, pass, data_layout);
    }
    let ib = index_bitwidth;
    let aligned = if pass.use_aligned_alloc {
        " use-aligned-alloc=1"
    } else {
        ""
    };
    let bare = if pass.use_bare_ptr_memref_call_conv {
        " use-bare-ptr-memref-call-conv=1"
    } else {
        ""
    };
    let mut args = vec![
        "--convert-vector-to-llvm".to_string(),
        "--convert-math-to-llvm".to_string(),
        format!("--convert-memref-to-llvm=index-bitwidth={ib}{aligned}"),
    ];
    if release.major() >= 14 {
        args.push(format!("--convert-arith-to-llvm=index-bitwidth={ib}"));
    }
    if release.std_func() {
        args.push(format!(
            "--convert-std-to-llvm=index-bitwidth={ib} data-layout={data_layout}{bare}"
        ));
    } else {
        // The function pass first: before it has typed the blocks' arguments, MLIR 15's
        // cf pass gives branches operands of the wrong type ("type mismatch for bb
        // argument", found exporting the corpus for 15).
        args.push(format!(
            "--convert-func-to-llvm=index-bitwidth={ib} data-layout={data_layout}{bare}"
        ));
        args.push(format!("--convert-cf-to-llvm=index-bitwidth={ib}"));
    }
    if release.major() >= 14 {
        args.push("--reconcile-unrealized-casts".to_string());
    }
    args
}

/// The pipeline `args` (the `--PASS[=OPTIONS]` flags of [`pipeline`] for `release`) as
/// one `--pass-pipeline` that runs on each module nested in the input's module, in the
/// release's syntax, for [`nested`]: each nested module is lowered as the pipeline
/// lowers it alone, its own `llvm.data_layout` included. `None` for the releases whose
/// syntax is not known here (17 on: MLIR 22 runs its flags on the outer module), and
/// when an argument is not one of [`pipeline`]'s passes or its options would not read
/// back inside `{...}`.
///
/// The syntax of each release, as its `mlir-opt` takes it: 13 nests `module(...)` in the
/// input's module and a function pass in `func(...)`; 14 spells them `builtin.module` and
/// `builtin.func`; 15 nests `builtin.module(...)` too, and its function passes run on a
/// module; from 16 on the pipeline names the input's own module first
/// (`builtin.module(builtin.module(...))`). A pass the flags run on functions
/// (`convert-math-to-llvm` in 13 and 14, `convert-arith-to-llvm` in 14) runs on the
/// nested module's functions; on the input's module, as the flags run it, it would reach
/// the outer module's functions only.
pub fn nested_pipeline(release: Release, args: &[String]) -> Option<String> {
    let major = release.major();
    let (open, close, func) = match major {
        13 => ("module(", ")", "func"),
        14 => ("builtin.module(", ")", "builtin.func"),
        15 => ("builtin.module(", ")", "func.func"),
        16 => ("builtin.module(builtin.module(", "))", "func.func"),
        _ => return None,
    };
    let on_functions = |pass: &str| match major {
        13 => pass == "convert-math-to-llvm",
        14 => matches!(pass, "convert-math-to-llvm" | "convert-arith-to-llvm"),
        _ => false,
    };
    let mut passes: Vec<String> = Vec::with_capacity(args.len());
    // The function passes of a run of them, in one `func(...)` as the flags group them.
    let mut functions: Vec<String> = Vec::new();
    for a in args {
        let (pass, text) = pipeline_element(a)?;
        if !PIPELINE_PASSES.contains(&pass) {
            return None;
        }
        if on_functions(pass) {
            functions.push(text);
            continue;
        }
        if !functions.is_empty() {
            passes.push(format!("{func}({})", functions.join(",")));
            functions.clear();
        }
        passes.push(text);
    }
    if !functions.is_empty() {
        passes.push(format!("{func}({})", functions.join(",")));
    }
    Some(format!("{open}{}{close}", passes.join(",")))
}

/// `mlir-opt`'s pass flags as one textual pipeline on the input's module, as the flags
/// run them (MLIR 22's syntax): `--set-llvm-module-datalayout=data-layout=X
/// --convert-math-to-llvm` is
/// `builtin.module(set-llvm-module-datalayout{data-layout=X},convert-math-to-llvm)`, what
/// our worker takes ([`inproc`]); `None` for an argument that is not a pass flag
/// (`--mlir-...` options among them) or whose options would not read back.
pub fn flags_pipeline(args: &[String]) -> Option<String> {
    let passes: Option<Vec<String>> = args
        .iter()
        .map(|a| match pipeline_element(a)? {
            (pass, _) if pass.starts_with("mlir-") => None,
            (_, text) => Some(text),
        })
        .collect();
    Some(format!("builtin.module({})", passes?.join(",")))
}

/// A pass flag `--PASS[=OPTIONS]` as an element of a textual pipeline, `PASS{OPTIONS}`,
/// with the pass's name; `None` for anything else, and for options that would not read
/// back inside `{...}` (they are words `key=value` apart: a brace, quote, comma or
/// parenthesis would end them or the pass early; none at all after `=`).
fn pipeline_element(arg: &str) -> Option<(&str, String)> {
    let flag = arg.strip_prefix("--")?;
    match flag.split_once('=') {
        Some((_, o)) if o.is_empty() || o.contains(['{', '}', '"', '\'', ',', '(', ')']) => None,
        Some((pass, o)) => Some((pass, format!("{pass}{{{o}}}"))),
        None => Some((flag, flag.to_string())),
    }
}

/// The passes [`pipeline`] runs for the releases before 17.
const PIPELINE_PASSES: [&str; 8] = [
    "convert-vector-to-llvm",
    "convert-math-to-llvm",
    "convert-memref-to-llvm",
    "convert-arith-to-llvm",
    "convert-std-to-llvm",
    "convert-func-to-llvm",
    "convert-cf-to-llvm",
    "reconcile-unrealized-casts",
];

/// `mlir-opt`'s LLVM dialect made comparable with our modern printing for the
/// structural oracle: the selected release's typed pointers made opaque and its
/// indirect calls typed as today's ([`typed`]), nothing changed for the releases of
/// opaque pointers.
pub fn comparable(upstream: String) -> String {
    if selected_release().typed_pointers() {
        typed::indirect_call_types(&typed::opaque_pointers(&upstream))
    } else {
        upstream
    }
}

/// The `llvm-as` of a typed-pointer release (`llvm-as-13` on `PATH`, or beside its
/// `mlir-opt`), and LLVM 22's `llvm-dis`.
fn bitcode_tools(t: &Toolchain) -> Result<(PathBuf, PathBuf), UpstreamError> {
    let major = t.release.major();
    let beside = t.tools.mlir_opt.parent().map(|d| d.join("llvm-as"));
    let llvm_as = beside
        .filter(|p| p.is_file())
        .or_else(|| crate::upstream_tools::find_tool(&format!("llvm-as-{major}")))
        .ok_or_else(|| {
            UpstreamError::NotInstalled(format!(
                "llvm-as {major} is not installed (it turns MLIR {major}'s typed-pointer LLVM IR \
                 into bitcode that LLVM 22 reads; Debian's llvm-{major})"
            ))
        })?;
    let llvm_dis = crate::upstream_tools::find_tool("llvm-dis")
        .ok_or_else(|| UpstreamError::NotInstalled("llvm-dis 22 is not installed".into()))?;
    Ok((llvm_as, llvm_dis))
}

/// LLVM IR text of `mlir-translate`'s output `ir` that LLVM 22 reads: `ir` itself from
/// opaque-pointer releases, and from typed-pointer ones when LLVM 22's parser reads it
/// (it still reads typed pointers, making them opaque and upgrading the intrinsics named
/// after them: the module the bitcode route below gives, no process); else (a constant
/// expression LLVM 22 no longer has, like MLIR 13's `urem` in `aligned_alloc`'s size,
/// which only its bitcode reader expands) `ir` assembled to bitcode by the release's
/// `llvm-as` and printed back by LLVM 22's `llvm-dis`.
pub fn native_ir(t: &Toolchain, ir: String) -> Result<String, UpstreamError> {
    if !t.release.typed_pointers() || jit::ir_parses(&ir).is_ok() {
        return Ok(ir);
    }
    let (llvm_as, llvm_dis) = bitcode_tools(t)?;
    // One pipe, bitcode never through this process: `sh -c 'AS -o - | DIS -o -'`.
    let script = "\"$0\" -o - | \"$1\" -o -".to_string();
    let args = [
        "-c".to_string(),
        script,
        llvm_as.to_string_lossy().into_owned(),
        llvm_dis.to_string_lossy().into_owned(),
    ];
    crate::upstream_tools::run_tool(
        Path::new("sh"),
        &args,
        &ir,
        crate::upstream_tools::TOOL_TIMEOUT,
    )
    .map_err(UpstreamError::Tool)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_release_is_read_from_the_version_text() {
        let v13 = "LLVM (http://llvm.org/):\n  LLVM version 13.0.1\n  \n  Optimized build.\n";
        assert_eq!(release_of_version_text(v13), Some(13));
        assert_eq!(
            release_of_version_text("Debian LLVM version 22.1.8\n  Optimized build."),
            Some(22)
        );
        assert_eq!(release_of_version_text("MLIR version 19.0.0git"), Some(19));
        assert_eq!(release_of_version_text("no version here"), None);
    }

    #[test]
    fn each_release_gets_its_own_pipeline() {
        let p = stdlower_front::options::PassOptions {
            use_aligned_alloc: true,
            use_bare_ptr_memref_call_conv: true,
        };
        let r13 = pipeline(Release::MLIR13, 32, p, "e-m:e");
        assert_eq!(
            r13,
            [
                "--convert-vector-to-llvm",
                "--convert-math-to-llvm",
                "--convert-memref-to-llvm=index-bitwidth=32 use-aligned-alloc=1",
                "--convert-std-to-llvm=index-bitwidth=32 data-layout=e-m:e use-bare-ptr-memref-call-conv=1",
            ]
        );
        let r15 = pipeline(Release::new(15).unwrap(), 64, Default::default(), "e");
        assert!(r15.contains(&"--convert-func-to-llvm=index-bitwidth=64 data-layout=e".into()));
        assert!(r15.contains(&"--reconcile-unrealized-casts".into()));
        let r22 = pipeline(Release::MLIR22, 64, Default::default(), "e");
        assert_eq!(r22, mlir22_pipeline(64, Default::default(), "e"));
    }

    #[test]
    fn pass_flags_become_a_textual_pipeline() {
        let args: Vec<String> = [
            "--set-llvm-module-datalayout=data-layout=e-m:e-i64:64",
            "--convert-math-to-llvm",
            "--finalize-memref-to-llvm=index-bitwidth=64 use-aligned-alloc=1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            flags_pipeline(&args).as_deref(),
            Some("builtin.module(set-llvm-module-datalayout{data-layout=e-m:e-i64:64},convert-math-to-llvm,finalize-memref-to-llvm{index-bitwidth=64 use-aligned-alloc=1})")
        );
        for bad in ["-x", "--mlir-print-debuginfo", "--p=a{b}", "file.mlir"] {
            assert_eq!(flags_pipeline(&[bad.to_string()]), None, "{bad}");
        }
        // MLIR 22's whole pipeline reads as one.
        let p22 = pipeline(Release::MLIR22, 64, Default::default(), "e-m:e");
        assert!(flags_pipeline(&p22).is_some());
    }

    #[test]
    fn each_release_pipeline_is_anchored_on_the_nested_modules_in_its_syntax() {
        let p = stdlower_front::options::PassOptions {
            use_aligned_alloc: true,
            use_bare_ptr_memref_call_conv: true,
        };
        let nested = |major: u32| {
            let r = Release::new(major).unwrap();
            nested_pipeline(r, &pipeline(r, 32, p, "e-m:e"))
        };
        assert_eq!(
            nested(13).unwrap(),
            "module(convert-vector-to-llvm,func(convert-math-to-llvm),\
             convert-memref-to-llvm{index-bitwidth=32 use-aligned-alloc=1},\
             convert-std-to-llvm{index-bitwidth=32 data-layout=e-m:e use-bare-ptr-memref-call-conv=1})"
        );
        assert_eq!(
            nested(14).unwrap(),
            "builtin.module(convert-vector-to-llvm,builtin.func(convert-math-to-llvm),\
             convert-memref-to-llvm{index-bitwidth=32 use-aligned-alloc=1},\
             builtin.func(convert-arith-to-llvm{index-bitwidth=32}),\
             convert-std-to-llvm{index-bitwidth=32 data-layout=e-m:e use-bare-ptr-memref-call-conv=1},\
             reconcile-unrealized-casts)"
        );
        let n15 = nested(15).unwrap();
        assert!(n15.starts_with("builtin.module(convert-vector-to-llvm,convert-math-to-llvm,"));
        assert!(n15.contains(",convert-func-to-llvm{index-bitwidth=32 data-layout=e-m:e use-bare-ptr-memref-call-conv=1},"));
        let n16 = nested(16).unwrap();
        assert_eq!(n16, format!("builtin.module({n15})"));
        // No anchored pipeline for 17 on, nor for passes or options it does not know.
        assert_eq!(nested(19), None);
        assert_eq!(nested(22), None);
        let with = |arg: &str| nested_pipeline(Release::MLIR13, &[arg.to_string()]);
        assert_eq!(
            with("--convert-std-to-llvm").unwrap(),
            "module(convert-std-to-llvm)"
        );
        for bad in [
            "--canonicalize",
            "convert-std-to-llvm",
            "--convert-std-to-llvm=",
            "--convert-std-to-llvm=data-layout=a,b",
            "--convert-std-to-llvm=data-layout=\"e\"",
            "--convert-std-to-llvm=data-layout={e}",
        ] {
            assert_eq!(with(bad), None, "{bad}");
        }
    }
}
