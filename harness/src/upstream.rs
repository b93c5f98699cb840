//! The third execution path: upstream MLIR lowers the module instead of us. The
//! Standard module is exported to today's dialects (`func`, `arith`, `cf`, `memref`,
//! `vector`, `math`), lowered by the installed `mlir-opt` 22, translated to LLVM IR by
//! `mlir-translate`, and that IR runs in the JIT worker with the calling convention
//! our lowering gives the entry (upstream's `func-to-llvm` default convention is the
//! same: memref arguments expanded to descriptor fields, several results packed in a
//! struct). A tool that crashes on, times out on or rejects a module we accept is a
//! result in its own right, reported with the tool's stderr.

pub mod interpreted;
pub mod ir_batch;
pub mod recheck;

use crate::exec::{ExecOptions, Outcome};
pub use crate::upstream_release::mlir22_pipeline as pipeline;
pub use crate::upstream_tools::{
    find_tool, host_data_layout, run_process, run_tool, Exited, ProcessError, Tools, UpstreamError,
    TOOL_TIMEOUT,
};
use converter::ir::Module;

/// `mlir-opt` and `mlir-translate`: `--mlir-bin`'s, else [`find_tool`]'s (looked up once
/// per process, [`crate::upstream_release::selected`]).
pub fn tools() -> Result<&'static Tools, UpstreamError> {
    crate::upstream_release::selected().map(|t| &t.tools)
}

/// Upstream-syntax text (`func.func`, `arith.*`...) of the module, by the exporter, for
/// the upstream pipeline: also refused when MLIR 22 cannot lower what it exports.
pub fn export(m: &Module) -> Result<String, UpstreamError> {
    export_with(m, false)
}

/// [`export`] with each op's location in `m`'s file (`loc(...)`), which `mlir-opt
/// --mlir-print-debuginfo` carries to the ops it lowers it to.
pub fn export_with_locs(m: &Module) -> Result<String, UpstreamError> {
    export_with(m, true)
}

/// In the syntax of the selected toolchain's release
/// ([`crate::upstream_release::selected_release`]).
fn export_with(m: &Module, with_locs: bool) -> Result<String, UpstreamError> {
    if let Some(d) = upstream_cannot_lower(m) {
        return Err(UpstreamError::Export(crate::input::render_in(m, &d)));
    }
    let release = crate::upstream_release::selected_release();
    converter::syntax::export_for(m, release, with_locs)
        .map_err(|d| UpstreamError::Export(crate::input::render_in(m, &d)))
}

/// The first construct that exports to valid upstream MLIR which MLIR 22's own
/// lowering then gets wrong or leaves alone: a `dealloc` of a memref in a nonzero memory
/// space, which it lowers to a call of `free(!llvm.ptr)` with a `!llvm.ptr<N>` and
/// rejects, and an `alloc`/`alloca` of a memref with a non-identity layout, which it
/// does not lower at all (the `memref.alloc` stays, behind an unrealized cast)
/// (docs/upstream-differences.md).
pub fn upstream_cannot_lower(m: &Module) -> Option<converter::diag::Diagnostic> {
    use converter::ir::OpKind;
    m.funcs.iter().filter_map(|f| f.body.as_ref()).find_map(|b| {
        b.walk_ops().find_map(|o| {
            let op = b.op(o);
            if matches!(op.kind, OpKind::Alloc | OpKind::Alloca) {
                let t = b.value_type(*op.results.first()?);
                return t.as_memref().filter(|mt| !mt.has_identity_layout()).map(|_| {
                    converter::diag::Diagnostic::error(
                        op.loc,
                        format!("{} cannot lower '{}' of a memref with a non-identity layout ({t})", crate::upstream_release::selected_release(), op.name()),
                    )
                });
            }
            let t = b.value_type(*op.operands.first()?);
            (op.kind == OpKind::Dealloc && t.memory_space() != Some(0)).then(|| {
                converter::diag::Diagnostic::error(
                    op.loc,
                    format!("{} cannot lower 'dealloc' of a memref in a nonzero memory space ({t}): it passes the pointer in that address space to 'free'", crate::upstream_release::selected_release()),
                )
            })
        })
    })
}

/// Lowers upstream-syntax text with `mlir-opt` and translates it with `mlir-translate`:
/// the LLVM IR text.
pub fn lower_text(text: &str, index_bitwidth: u32) -> Result<String, UpstreamError> {
    lower_text_with(text, index_bitwidth, Default::default())
}

/// [`lower_text`] with the lowering options `pass`.
pub fn lower_text_with(
    text: &str,
    index_bitwidth: u32,
    pass: stdlower_front::options::PassOptions,
) -> Result<String, UpstreamError> {
    let t = tools()?;
    let llvm_dialect = llvm_dialect_of_text(text, index_bitwidth, pass, &[])?;
    let ir = run_tool(
        &t.mlir_translate,
        &["--mlir-to-llvmir".to_string()],
        &llvm_dialect,
        TOOL_TIMEOUT,
    )
    .map_err(UpstreamError::Tool)?;
    crate::upstream_release::native_ir(crate::upstream_release::selected()?, ir)
}

/// Upstream-syntax text lowered by `mlir-opt` ([`pipeline`]) to the LLVM dialect, as
/// `mlir-opt` prints it (with `extra` arguments after the pipeline's).
pub fn llvm_dialect_of_text(
    text: &str,
    index_bitwidth: u32,
    pass: stdlower_front::options::PassOptions,
    extra: &[&str],
) -> Result<String, UpstreamError> {
    let t = tools()?;
    let release = crate::upstream_release::selected_release();
    let mut args =
        crate::upstream_release::pipeline(release, index_bitwidth, pass, host_data_layout()?);
    args.extend(extra.iter().map(|a| a.to_string()));
    run_tool(&t.mlir_opt, &args, text, TOOL_TIMEOUT).map_err(UpstreamError::Tool)
}

/// Reads `mlir-opt`'s LLVM-dialect printing of the lowering of `m` back into the IR
/// (opaque pointers: `verify_opaque_llvm_module`). An error is rendered against the
/// text, named after `m`'s file: a construct our parser does not read, or one our
/// verifier rejects. When the text carries locations in `m`'s file
/// ([`export_with_locs`] and `--mlir-print-debuginfo`), the ops get those, so that a
/// report names the Standard op; otherwise their locations are unknown.
pub fn read_llvm_dialect(m: &Module, text: &str) -> Result<Module, String> {
    // `mlir-opt` exits 0 with ops it could not convert left behind casts (a `malloc` of
    // another type at a 32-bit index, docs/upstream-differences.md): a result of the
    // tool, as `mlir-translate`'s refusal is on `run --via upstream`.
    if let Some((n, line)) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("builtin.unrealized_conversion_cast"))
    {
        return Err(format!(
            "{}: error: upstream path: mlir-opt left the module partly unconverted (line {} of its output: {})",
            m.file,
            n + 1,
            line.trim()
        ));
    }
    // MLIR 22 gives the definition it makes of an external function with the C
    // interface (its body calls `_mlir_ciface_`) `private` linkage. Our parser takes no
    // linkage on an `llvm.func` (one the lowering would have to keep), and within the
    // one module the LLVM level runs, private linkage changes nothing: it is dropped.
    let unlinked = text.replace("llvm.func private @", "llvm.func @");
    let text = unlinked.as_str();
    let name = format!("{} (lowered by mlir-opt)", m.file);
    let render =
        |d: &converter::diag::Diagnostic| d.render(&name, Some(text)).trim_end().to_string();
    // Checked with the text's own positions, so that an error points into the text.
    let mut checked =
        converter::syntax::parse_module(&name, text.as_bytes()).map_err(|d| render(&d))?;
    let typed = crate::upstream_release::selected_release().typed_pointers();
    if typed {
        crate::upstream_release::read::legalize(&mut checked);
        converter::verify::verify_llvm_module(&checked)
    } else {
        converter::verify::verify_opaque_llvm_module(&checked)
    }
    .map_err(|ds| ds.first().map(render).unwrap_or_default())?;
    let mut m = converter::syntax::parse_module_with_locs(&name, text.as_bytes(), &m.file)
        .map_err(|d| render(&d))?;
    if typed {
        crate::upstream_release::read::legalize(&mut m);
    }
    Ok(m)
}

/// `stdlower interp --via upstream`: export, lower with `mlir-opt` as
/// [`run_upstream`] does, read the LLVM dialect back and interpret it at the LLVM level
/// (`llinterp`) instead of translating and running it natively. The outcomes of a
/// refused export or a failing tool are [`run_upstream`]'s.
pub fn interp_upstream(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    opts: &ExecOptions,
) -> Outcome {
    if let Err(f) = crate::exec::entry_signature(m, entry) {
        return Outcome::Error(f.message);
    }
    if let Err(e) = bare_ptr_cannot_lower(m, opts.pass) {
        return error_outcome(m, e);
    }
    let text = match export_with_locs(m).and_then(|e| {
        llvm_dialect_of_text(
            &e,
            opts.index_bitwidth,
            opts.pass,
            &["--mlir-print-debuginfo"],
        )
    }) {
        Ok(t) => t,
        Err(e) => return error_outcome(m, e),
    };
    let lowered = match read_llvm_dialect(m, &text) {
        Ok(l) => l,
        Err(msg) => return Outcome::Error(msg),
    };
    let lower = opts.pass.lower_options(opts.index_bitwidth, false);
    crate::exec::run_llvm_level(m, &lowered, &lower, entry, args, opts.fuel)
}

/// The module through the whole upstream pipeline: its LLVM IR text (this thread's
/// [`Prepared`] answer when it is the one for this export and these options).
pub fn to_llvm_ir(m: &Module, opts: &ExecOptions) -> Result<String, UpstreamError> {
    let text = export_for_run(m, opts.pass)?;
    if let Some(answer) = take_prepared(&text, opts.index_bitwidth, opts.pass) {
        return answer;
    }
    lower_text_with(&text, opts.index_bitwidth, opts.pass)
}

/// The export [`to_llvm_ir`] lowers for a run with the pass options `pass` (refused as
/// it refuses).
pub fn export_for_run(
    m: &Module,
    pass: stdlower_front::options::PassOptions,
) -> Result<String, UpstreamError> {
    bare_ptr_cannot_lower(m, pass)?;
    export(m)
}

/// An export lowered ahead of time with others in one batch
/// ([`crate::upstream::ir_batch`]): its LLVM dialect, which
/// [`crate::upstream::interpreted`] reads back and runs in `llinterp`, and, for
/// the cases run natively, its LLVM IR, which [`to_llvm_ir`] takes instead of running
/// the tools. Each part is taken only for a module that exports to `text` with the same
/// options.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub text: String,
    pub index_bitwidth: u32,
    pub pass: stdlower_front::options::PassOptions,
    /// `mlir-opt`'s LLVM dialect of `text` (printed without locations), when the case's
    /// run may be `llinterp`'s.
    pub llvm_dialect: Option<String>,
    /// The LLVM IR, or the refusal of a tool (with the message of a run alone), when the
    /// case runs natively; `None` leaves a native run to the tools alone.
    pub ir: Option<Result<String, UpstreamError>>,
}

thread_local! {
    static PREPARED: std::cell::RefCell<Option<Prepared>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with `prepared` as this thread's answer for [`to_llvm_ir`] (taken by the
/// first call it matches; dropped when `f` returns).
pub fn with_prepared<R>(prepared: Option<Prepared>, f: impl FnOnce() -> R) -> R {
    struct Clear;
    impl Drop for Clear {
        fn drop(&mut self) {
            PREPARED.with(|p| p.borrow_mut().take());
        }
    }
    PREPARED.with(|p| *p.borrow_mut() = prepared);
    let _clear = Clear;
    f()
}

/// This thread's prepared LLVM IR, when it is for `text` with these options (taken).
fn take_prepared(
    text: &str,
    index_bitwidth: u32,
    pass: stdlower_front::options::PassOptions,
) -> Option<Result<String, UpstreamError>> {
    take_part(text, index_bitwidth, pass, |x| x.ir.take())
}

/// This thread's prepared LLVM dialect, when it is for `text` with these options
/// (taken; the LLVM IR stays for a native run after it).
pub fn take_prepared_dialect(
    text: &str,
    index_bitwidth: u32,
    pass: stdlower_front::options::PassOptions,
) -> Option<String> {
    take_part(text, index_bitwidth, pass, |x| x.llvm_dialect.take())
}

/// Whether this thread has prepared LLVM IR (its case is sampled for a native run).
pub fn has_prepared_ir() -> bool {
    PREPARED.with(|p| p.borrow().as_ref().is_some_and(|x| x.ir.is_some()))
}

fn take_part<T>(
    text: &str,
    index_bitwidth: u32,
    pass: stdlower_front::options::PassOptions,
    part: impl FnOnce(&mut Prepared) -> Option<T>,
) -> Option<T> {
    PREPARED.with(|p| {
        let mut p = p.borrow_mut();
        let x = p
            .as_mut()
            .filter(|x| x.text == text && x.index_bitwidth == index_bitwidth && x.pass == pass)?;
        part(x)
    })
}

/// Under the bare pointer calling convention MLIR 22 returns memrefs as pointers and
/// leaves a function whose memref result has no pointer form (a dynamic or unranked
/// one) unconverted; LLVM 11 and we return descriptors (docs/upstream-differences.md).
/// Such a module is not expressible upstream.
pub fn bare_ptr_cannot_lower(
    m: &Module,
    pass: stdlower_front::options::PassOptions,
) -> Result<(), UpstreamError> {
    if !pass.use_bare_ptr_memref_call_conv {
        return Ok(());
    }
    let f = m.funcs.iter().find(|f| {
        f.std_type().is_some_and(|ft| {
            ft.results
                .iter()
                .any(|t| t.is_memref() && !crate::bare_ptr::allowed(t))
        })
    });
    match f {
        Some(f) => {
            let d = converter::diag::Diagnostic::error(
                f.loc,
                "MLIR 22 cannot lower a memref result without a bare pointer form under the bare pointer calling convention (LLVM 11 returned the descriptor)",
            );
            Err(UpstreamError::Export(crate::input::render_in(m, &d)))
        }
        None => Ok(()),
    }
}

/// Runs `entry` of upstream LLVM IR `ir` (of the Standard module `m`) in this thread's
/// isolated worker: the same outcomes, messages and formats as [`crate::native::run_jit`].
pub fn run_ir(
    m: &Module,
    ir: &str,
    entry: &str,
    args: &[converter::value::RtValue],
    opts: &ExecOptions,
) -> Outcome {
    crate::native::run_ir(m, ir, entry, args, opts)
}

/// `stdlower run --via upstream`: export, lower upstream, run natively. A tool failure
/// is an error outcome whose message carries the tool's stderr.
pub fn run_upstream(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    opts: &ExecOptions,
) -> Outcome {
    if let Err(f) = crate::exec::entry_signature(m, entry) {
        return Outcome::Error(f.message);
    }
    match to_llvm_ir(m, opts) {
        Ok(ir) => run_ir(m, &ir, entry, args, opts),
        Err(e) => error_outcome(m, e),
    }
}

/// The outcome of the upstream path (`run` or `interp --via upstream`) on module `m`
/// when the export refused it, a tool failed (its stderr in the message) or the tools are
/// missing.
fn error_outcome(m: &Module, e: UpstreamError) -> Outcome {
    match e {
        UpstreamError::Tool(msg) => {
            Outcome::Error(format!("{}: error: upstream path: {msg}", m.file))
        }
        UpstreamError::NotInstalled(msg) => Outcome::Error(format!("error: {msg}")),
        UpstreamError::Export(rendered) => Outcome::Error(rendered),
    }
}
