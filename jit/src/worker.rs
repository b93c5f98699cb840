//! Crash-isolated execution: a child process runs modules, the parent survives it.
//!
//! The child is any program that calls [`serve_stdio`] (`stdlower __jit-worker`, or the
//! crate's own `stdlower-jit-worker` binary). The parent ([`Worker`]) sends the
//! *Standard module text* with the entry name, the arguments and the options; the child
//! parses, lowers, translates, JIT-compiles and runs it with one reused [`Jit`] (one
//! LLVM context for many modules) and answers with the results. Right before the native
//! code of a call starts, the child says so (a *start* frame); the parent waits at most
//! `RunOptions::compile_timeout` for it and then at most `RunOptions::timeout` for the
//! answer, so the timeout is the native code's alone. If the child dies it reports the
//! signal (`crashed with SIGSEGV`), a stack overflow of the native code
//! ([`RunError::StackExhausted`]) or the native code's `exit(N)`
//! ([`RunError::Exited`]); on a timeout it kills the child's process group
//! (`timed out after 2 s`). A dead child is replaced on the next call, a live one serves
//! any number of modules. Children are confined (see `containment`): they die with
//! the parent, and what their code forks dies with them.
//!
//! Framing: every message is a little-endian `u32` length followed by that many bytes,
//! the postcard (serde, binary) form of one typed message: the parent sends a `Request`
//! (`Run`: one call of a Standard module; `Ir`: one call of LLVM IR made elsewhere, run
//! with the calling convention our lowering of the module gives the entry, see
//! [`Worker::run_ir`]; `Batch`: several calls of one module, compiled once, see
//! [`Worker::run_batch`]), each with the options, the module text and the calls (entry,
//! arguments, and for a call through a `_mlir_ciface_` wrapper the interface it expects,
//! see [`crate::cabi`]); or `Multi`: the calls of several modules the parent has already
//! lowered, sent as the IR itself with each call's Standard signature, compiled
//! together (see [`Worker::run_multi`]), so the worker neither parses nor lowers. The
//! worker answers each call with a `Response`: `Values` (in a batch with the heap blocks
//! the call's code left allocated, see [`crate::exec::take_heap_blocks`]) or `Error`, as
//! soon as the call returns, so when a call crashes the worker the calls before it keep
//! their answers; `Abort` answers this call and every later one of a batch (it could not
//! go on). Before a call's native code runs, the frame `Started` announces it. Values
//! carry floats as their bits, so every NaN payload survives.
//! The child's real stdout carries only frames: fd 1 is redirected to stderr before
//! anything runs, so stray prints cannot corrupt the protocol.

use crate::cabi::CInterface;
use crate::exec::{Jit, RunError, RunOptions};
use converter::value::RtValue;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Largest frame accepted (256 MiB), so a corrupt length cannot exhaust memory.
const MAX_FRAME: usize = 256 << 20;

/// The payload of the frame that says a call's native code starts now: the encoded
/// `Response::Started` (its variant index, 0; checked by a test), written without
/// allocating.
const STARTED_FRAME: &[u8] = &[0];

/// The worker's frame output, for [`call_starts`] (-1: not in a worker).
static START_FD: AtomicI32 = AtomicI32::new(-1);

/// In a worker, tells the parent that a call's native code starts now (its timeout
/// starts); elsewhere nothing. Every frame before it was flushed (see `write_frame`).
pub(crate) fn call_starts() {
    let fd = START_FD.load(Ordering::Relaxed);
    if fd < 0 {
        return;
    }
    let mut frame = [0u8; 4 + STARTED_FRAME.len()];
    frame[..4].copy_from_slice(&(STARTED_FRAME.len() as u32).to_le_bytes());
    frame[4..].copy_from_slice(STARTED_FRAME);
    loop {
        // SAFETY: a write of a 5-byte buffer to the frame descriptor; a pipe takes
        // writes this small whole.
        let n = unsafe { libc::write(fd, frame.as_ptr().cast(), frame.len()) };
        if n >= 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return;
        }
    }
}

// ---------------------------------------------------------------------------------
// The protocol: typed frames, postcard-encoded (serde), inside the length framing

/// What the parent asks of the worker, one per frame.
#[derive(Debug, Serialize, Deserialize)]
enum Request {
    /// One call of a Standard module: parse, lower, JIT-compile, run.
    Run {
        opts: WireOptions,
        module: String,
        call: WireCall,
    },
    /// One call of LLVM IR made elsewhere from `module` (see [`Jit::run_ir`]): our
    /// lowering of `module` gives the calling convention and the externals.
    Ir {
        opts: WireOptions,
        module: String,
        call: WireCall,
        ir: String,
    },
    /// Several calls of one module, compiled once; one [`Response`] per call.
    Batch {
        opts: WireOptions,
        module: String,
        calls: Vec<WireCall>,
    },
    /// The calls of several modules already lowered (each an [`EncodedItem`]),
    /// compiled together ([`Jit::run_lowered_multi`]); one [`Response`] per call,
    /// module after module.
    Multi { items: Vec<Vec<u8>> },
}

/// One module of a [`Request::Multi`]: the lowered module itself (no text to parse,
/// nothing to lower again), its calls with their Standard signatures, its options.
#[derive(Debug, Serialize, Deserialize)]
struct LoweredItem {
    opts: WireOptions,
    lowered: converter::ir::Module,
    calls: Vec<(String, Vec<WireValue>, crate::exec::EntrySig)>,
}

/// [`LoweredItem`] as the parent writes it, borrowing the module (serialized the same
/// way, so the worker reads it as a `LoweredItem`).
#[derive(Serialize)]
struct LoweredItemRef<'a> {
    opts: WireOptions,
    lowered: &'a converter::ir::Module,
    calls: Vec<(&'a str, Vec<WireValue>, &'a crate::exec::EntrySig)>,
}

/// A lowered module and its calls, encoded once by the caller for
/// [`Worker::run_multi`] (so a queue can hold it without the module itself).
#[derive(Debug, Clone)]
pub struct EncodedItem {
    bytes: Vec<u8>,
    calls: usize,
    opts: RunOptions,
}

impl EncodedItem {
    /// `calls` of `lowered` (already lowered with `opts`), encoded.
    pub fn new(
        lowered: &converter::ir::Module,
        calls: &[crate::exec::Call<'_>],
        opts: &RunOptions,
    ) -> EncodedItem {
        let item = LoweredItemRef {
            opts: WireOptions::of(opts),
            lowered,
            calls: calls
                .iter()
                .map(|c| (c.entry, c.args.iter().map(WireValue::of).collect(), c.sig))
                .collect(),
        };
        EncodedItem {
            bytes: encode(&item),
            calls: calls.len(),
            opts: opts.clone(),
        }
    }

    /// How many calls it holds.
    pub fn calls(&self) -> usize {
        self.calls
    }

    /// Its options.
    pub fn opts(&self) -> &RunOptions {
        &self.opts
    }
}

/// What the worker sends back, one per frame.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
enum Response {
    /// A call's native code starts now (its timeout starts).
    Started,
    /// A call's results; in a batch, with the heap blocks its code left allocated (see
    /// [`crate::exec::take_heap_blocks`]).
    Values {
        values: Vec<WireValue>,
        heap_blocks: Option<i64>,
    },
    /// The call failed with this message.
    Error(String),
    /// The batch could not go on: this message answers this call and every later one.
    Abort(String),
}

/// The [`RunOptions`] a request carries (the timeouts are the parent's business).
#[derive(Debug, Serialize, Deserialize)]
struct WireOptions {
    opt_level: u8,
    index_bitwidth: u32,
    emit_c_interface: bool,
    use_aligned_alloc: bool,
    use_bare_ptr_memref_call_conv: bool,
}

impl WireOptions {
    fn of(o: &RunOptions) -> WireOptions {
        WireOptions {
            opt_level: o.opt_level,
            index_bitwidth: o.index_bitwidth,
            emit_c_interface: o.emit_c_interface,
            use_aligned_alloc: o.use_aligned_alloc,
            use_bare_ptr_memref_call_conv: o.use_bare_ptr_memref_call_conv,
        }
    }

    fn run_options(&self) -> RunOptions {
        RunOptions {
            opt_level: self.opt_level,
            index_bitwidth: self.index_bitwidth,
            emit_c_interface: self.emit_c_interface,
            use_aligned_alloc: self.use_aligned_alloc,
            use_bare_ptr_memref_call_conv: self.use_bare_ptr_memref_call_conv,
            ..RunOptions::default()
        }
    }
}

/// One call of a request: the entry, its arguments and, for a call through a
/// `_mlir_ciface_` wrapper, the C interface expected of it.
#[derive(Debug, Serialize, Deserialize)]
struct WireCall {
    entry: String,
    args: Vec<WireValue>,
    c_interface: Option<CInterface>,
}

impl WireCall {
    fn of(c: &WorkerCall<'_>) -> WireCall {
        WireCall {
            entry: c.entry.to_string(),
            args: c.args.iter().map(WireValue::of).collect(),
            c_interface: c.c_interface.cloned(),
        }
    }

    /// Entry, arguments and C interface.
    fn into_parts(self) -> (String, Vec<RtValue>, Option<CInterface>) {
        let args = self.args.into_iter().map(WireValue::into_value).collect();
        (self.entry, args, self.c_interface)
    }
}

/// An [`RtValue`] on the wire (floats as their bits, so every NaN survives).
#[derive(Debug, PartialEq, Serialize, Deserialize)]
enum WireValue {
    Int(i128),
    Float(u64),
    Vector(Vec<WireValue>),
    MemRef {
        shape: Vec<u64>,
        elems: Vec<WireValue>,
    },
    Func(String),
    /// A view of argument `of`'s buffer; `layout` is `(offset, sizes, strides)`, or
    /// `None` for `of`'s own view.
    View {
        of: usize,
        layout: Option<(i64, Vec<u64>, Vec<i64>)>,
    },
}

impl WireValue {
    fn of(v: &RtValue) -> WireValue {
        match v {
            RtValue::Int(x) => WireValue::Int(*x),
            RtValue::Float(b) => WireValue::Float(*b),
            RtValue::Vector(es) => WireValue::Vector(es.iter().map(WireValue::of).collect()),
            RtValue::MemRef { shape, elems } => WireValue::MemRef {
                shape: shape.clone(),
                elems: elems.iter().map(WireValue::of).collect(),
            },
            RtValue::Func(n) => WireValue::Func(n.clone()),
            RtValue::View(v) => WireValue::View {
                of: v.of,
                layout: v
                    .layout
                    .as_ref()
                    .map(|l| (l.offset, l.sizes.clone(), l.strides.clone())),
            },
        }
    }

    fn into_value(self) -> RtValue {
        match self {
            WireValue::Int(x) => RtValue::Int(x),
            WireValue::Float(b) => RtValue::Float(b),
            WireValue::Vector(es) => {
                RtValue::Vector(es.into_iter().map(WireValue::into_value).collect())
            }
            WireValue::MemRef { shape, elems } => RtValue::MemRef {
                shape,
                elems: elems.into_iter().map(WireValue::into_value).collect(),
            },
            WireValue::Func(n) => RtValue::Func(n),
            WireValue::View { of, layout } => RtValue::View(converter::arg_view::ArgView {
                of,
                layout: layout.map(|(offset, sizes, strides)| converter::arg_view::ViewLayout {
                    offset,
                    sizes,
                    strides,
                }),
            }),
        }
    }
}

/// postcard's output into a `Vec`: bytes pushed one at a time for the short runs (the
/// varints of the IR's indices and types) instead of a `memcpy` call each, as postcard's
/// own `Vec` flavor does, into a vector sized by the last message. Callgrind over
/// `campaign --count 200 --jobs 1`: encoding the lowered modules took 73.9 M instructions
/// instead of 83.1 M.
struct Bytes(Vec<u8>);

impl postcard::ser_flavors::Flavor for Bytes {
    type Output = Vec<u8>;

    #[inline]
    fn try_extend(&mut self, data: &[u8]) -> postcard::Result<()> {
        if data.len() <= 16 {
            for &b in data {
                self.0.push(b);
            }
        } else {
            self.0.extend_from_slice(data);
        }
        Ok(())
    }

    #[inline]
    fn try_push(&mut self, data: u8) -> postcard::Result<()> {
        self.0.push(data);
        Ok(())
    }

    fn finalize(self) -> postcard::Result<Vec<u8>> {
        Ok(self.0)
    }
}

fn encode<T: Serialize>(msg: &T) -> Vec<u8> {
    // The size of the last message this thread encoded, as the first guess at the
    // next one's.
    thread_local! {
        static LAST: std::cell::Cell<usize> = const { std::cell::Cell::new(256) };
    }
    let guess = LAST.get();
    // Serializing these types cannot fail: no user-defined Serialize impls, and
    // postcard writes every type serde can describe without self-description.
    let out =
        postcard::serialize_with_flavor(msg, Bytes(Vec::with_capacity(guess))).unwrap_or_default();
    LAST.set(out.len().clamp(256, 1 << 20));
    out
}

/// Writes one frame with a single write: on the unbuffered pipe to the worker, a
/// separate write of the length would wake the reader once for it and again for the
/// payload.
fn write_frame(w: &mut impl Write, payload: &[u8]) -> std::io::Result<()> {
    let mut frame = Vec::with_capacity(4 + payload.len());
    frame.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    frame.extend_from_slice(payload);
    w.write_all(&frame)?;
    w.flush()
}

/// Reads one frame; `Ok(None)` at a clean end of stream.
fn read_frame(r: &mut impl Read) -> std::io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 4];
    match r.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let n = u32::from_le_bytes(len) as usize;
    if n > MAX_FRAME {
        return Err(std::io::Error::other("frame too large"));
    }
    let mut buf = vec![0u8; n];
    r.read_exact(&mut buf)?;
    Ok(Some(buf))
}

/// One call a request carries: the entry, its arguments and, for a call through a
/// `_mlir_ciface_` wrapper, the C interface the caller expects of it.
#[derive(Clone, Copy, Debug)]
pub struct WorkerCall<'a> {
    pub entry: &'a str,
    pub args: &'a [RtValue],
    pub c_interface: Option<&'a CInterface>,
}

/// A response frame for one call: its values (with the heap blocks, in a batch) or its
/// error.
fn encode_response(result: Result<Vec<RtValue>, RunError>, heap_blocks: Option<i64>) -> Vec<u8> {
    encode(&match result {
        Ok(vals) => Response::Values {
            values: vals.iter().map(WireValue::of).collect(),
            heap_blocks,
        },
        Err(e) => Response::Error(e.to_string()),
    })
}

// ---------------------------------------------------------------------------------
// The child
fn parse_text(text: &str) -> Result<converter::ir::Module, RunError> {
    converter::syntax::parse_module("<worker>", text.as_bytes())
        .map_err(|d| RunError::Error(d.render("<worker>", Some(text))))
}

/// Handles one batch request: parses and lowers the module once, then
/// [`Jit::run_lowered_calls`], sending each answer with `send` as it comes. An `Err` is
/// the answer of every call not yet answered.
fn handle_batch(
    jit: &mut Jit,
    opts: &RunOptions,
    text: &str,
    wire_calls: Vec<WireCall>,
    send: &mut dyn FnMut(Result<Vec<RtValue>, RunError>, i64),
) -> Result<(), RunError> {
    let n = wire_calls.len();
    let mut calls: Vec<_> = wire_calls.into_iter().map(WireCall::into_parts).collect();
    let m = parse_text(text)?;
    let sigs: Vec<Result<crate::exec::EntrySig, RunError>> = calls
        .iter_mut()
        .map(|(entry, _, c)| {
            let mut sig = crate::exec::entry_sig(&m, entry)?;
            sig.c_interface = c.take();
            Ok(sig)
        })
        .collect();
    let lowered = crate::lowering::lower(&m, opts)?;
    // The calls with a signature go to the JIT; the others are answered in their turn.
    let runnable: Vec<usize> = (0..n).filter(|&i| sigs[i].is_ok()).collect();
    let jit_calls: Vec<crate::exec::Call<'_>> = runnable
        .iter()
        .filter_map(|&i| {
            let sig = sigs[i].as_ref().ok()?;
            Some(crate::exec::Call {
                entry: &calls[i].0,
                sig,
                args: &calls[i].1,
            })
        })
        .collect();
    let mut next = 0usize;
    let mut answer_upto =
        |upto: usize, send: &mut dyn FnMut(Result<Vec<RtValue>, RunError>, i64)| {
            while next < upto {
                if let Err(e) = &sigs[next] {
                    send(Err(e.clone()), 0);
                }
                next += 1;
            }
        };
    jit.run_lowered_calls(&lowered, &jit_calls, opts, &mut |k, r| {
        let i = runnable[k];
        let blocks = crate::exec::take_heap_blocks();
        answer_upto(i, send);
        send(r, blocks);
        answer_upto(i + 1, send);
    });
    answer_upto(n, send);
    Ok(())
}

/// Runs a request of several calls, `handle`, which sends each call's answer (with
/// the heap blocks its code left) as soon as it is known; a panic or an `Err` of
/// `handle` is an `Abort` frame, the answer of every call not yet answered. `false`
/// when the parent went away (a frame could not be written).
fn answer_each(
    out: &mut impl Write,
    handle: impl FnOnce(&mut dyn FnMut(Result<Vec<RtValue>, RunError>, i64)) -> Result<(), RunError>,
) -> bool {
    let mut failed = false;
    let mut send = |r: Result<Vec<RtValue>, RunError>, blocks: i64| {
        let resp = encode_response(r, Some(blocks));
        failed |= write_frame(&mut *out, &resp).is_err();
    };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle(&mut send)))
        .unwrap_or_else(|_| Err(RunError::Error(panicked())));
    if let Err(e) = r {
        let abort = Response::Abort(e.to_string());
        failed |= write_frame(&mut *out, &encode(&abort)).is_err();
    }
    !failed
}

/// Handles one multi request: decodes every module, then [`Jit::run_lowered_multi`]
/// over them, sending each call's answer with `send` in the order of the modules and
/// their calls. An `Err` (a module that does not decode: the parent and the worker
/// disagree on the protocol) is the answer of every call.
fn handle_multi(
    jit: &mut Jit,
    items: Vec<Vec<u8>>,
    send: &mut dyn FnMut(Result<Vec<RtValue>, RunError>, i64),
) -> Result<(), RunError> {
    let decoded: Vec<LoweredItem> = items
        .iter()
        .map(|b| {
            postcard::from_bytes::<LoweredItem>(b)
                .map_err(|e| RunError::Error(format!("malformed request: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let opts: Vec<RunOptions> = decoded.iter().map(|d| d.opts.run_options()).collect();
    let mut lowered = Vec::with_capacity(decoded.len());
    let mut owned_calls: Vec<Vec<(String, Vec<RtValue>, crate::exec::EntrySig)>> = Vec::new();
    for d in decoded {
        lowered.push(d.lowered);
        owned_calls.push(
            d.calls
                .into_iter()
                .map(|(e, a, sig)| (e, a.into_iter().map(WireValue::into_value).collect(), sig))
                .collect(),
        );
    }
    let calls: Vec<Vec<crate::exec::Call<'_>>> = owned_calls
        .iter()
        .map(|cs| {
            cs.iter()
                .map(|(entry, args, sig)| crate::exec::Call { entry, sig, args })
                .collect()
        })
        .collect();
    let multi: Vec<crate::MultiItem<'_>> = lowered
        .iter()
        .zip(&calls)
        .zip(&opts)
        .map(|((lowered, calls), opts)| crate::MultiItem {
            lowered,
            calls,
            opts,
        })
        .collect();
    jit.run_lowered_multi(&multi, &mut |_, _, r| {
        let blocks = crate::exec::take_heap_blocks();
        send(r, blocks);
    });
    Ok(())
}

/// Handles one IR request: our lowering of the Standard module gives the entry's
/// calling convention and the externals, the IR gives the code.
fn handle_ir(
    jit: &mut Jit,
    opts: &RunOptions,
    text: &str,
    call: WireCall,
    ir: &str,
) -> Result<Vec<RtValue>, RunError> {
    let (entry, args, c_interface) = call.into_parts();
    let m = parse_text(text)?;
    let mut sig = crate::exec::entry_sig(&m, &entry)?;
    sig.c_interface = c_interface;
    let lowered = crate::lowering::lower(&m, opts)?;
    jit.run_ir(ir, &lowered, &entry, &sig, &args, opts)
}

/// Handles one request in the worker: parse, lower, JIT, run.
fn handle(
    jit: &mut Jit,
    opts: &RunOptions,
    text: &str,
    call: WireCall,
) -> Result<Vec<RtValue>, RunError> {
    let (entry, args, c_interface) = call.into_parts();
    let m = parse_text(text)?;
    jit.run_with(&m, &entry, &args, c_interface, opts)
}

/// The last panic of this worker process, `FILE:LINE:COL: MESSAGE`, recorded by the
/// hook [`record_panics`] installs.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Installs a panic hook that records each panic's location and message (for the
/// answer, see [`panicked`]) before the previous hook runs.
fn record_panics() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let at = info.location().map_or_else(
            || "unknown".to_string(),
            |l| format!("{}:{}:{}", l.file(), l.line(), l.column()),
        );
        let p = info.payload();
        let msg = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some(format!("{at}: {msg}"));
        previous(info);
    }));
}

/// The answer to a request that panicked: `the worker panicked at FILE:LINE:COL: MESSAGE`
/// (the harness buckets such findings by that location).
fn panicked() -> String {
    match LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).take() {
        Some(p) => format!("the worker panicked at {p}"),
        None => "the worker panicked".into(),
    }
}

/// The worker loop: reads framed requests from stdin and answers on stdout until stdin
/// closes. Returns the process exit code (0 on a clean end).
pub fn serve_stdio() -> i32 {
    record_panics();
    crate::containment::contain_worker();
    // Keep the real stdout for frames; everything else printed to fd 1 goes to stderr.
    // SAFETY: dup/dup2 on the process's own standard descriptors; no Rust object owns
    // fd 1 exclusively (std's Stdout re-reads fd 1 on every write).
    let out_fd = unsafe { libc::dup(1) };
    if out_fd < 0 || unsafe { libc::dup2(2, 1) } < 0 {
        eprintln!("jit worker: cannot redirect stdout");
        return 2;
    }
    START_FD.store(out_fd, Ordering::Relaxed);
    // SAFETY: `out_fd` is a fresh descriptor owned by nothing else.
    let mut out = std::io::BufWriter::new(unsafe {
        <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(out_fd)
    });
    let mut jit = match Jit::new() {
        Ok(j) => j,
        Err(e) => {
            eprintln!("jit worker: {e}");
            return 2;
        }
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        let req = match read_frame(&mut input) {
            Ok(Some(r)) => r,
            Ok(None) => return 0,
            Err(e) => {
                eprintln!("jit worker: {e}");
                return 2;
            }
        };
        let req: Request = match postcard::from_bytes(&req) {
            Ok(r) => r,
            Err(e) => {
                let resp = encode(&Response::Error(format!("malformed request: {e}")));
                if write_frame(&mut out, &resp).is_err() {
                    return 0; // the parent went away
                }
                continue;
            }
        };
        if let Request::Multi { items } = req {
            if !answer_each(&mut out, |send| handle_multi(&mut jit, items, send)) {
                return 0; // the parent went away
            }
            continue;
        }
        if let Request::Batch {
            opts,
            module,
            calls,
        } = req
        {
            let opts = opts.run_options();
            if !answer_each(&mut out, |send| {
                handle_batch(&mut jit, &opts, &module, calls, send)
            }) {
                return 0; // the parent went away
            }
            continue;
        }
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match req {
            Request::Ir {
                opts,
                module,
                call,
                ir,
            } => handle_ir(&mut jit, &opts.run_options(), &module, call, &ir),
            Request::Run { opts, module, call } => {
                handle(&mut jit, &opts.run_options(), &module, call)
            }
            Request::Batch { .. } | Request::Multi { .. } => Err(RunError::Error(
                "unreachable: batches are handled above".into(),
            )),
        }))
        .unwrap_or_else(|_| Err(RunError::Error(panicked())));
        if write_frame(&mut out, &encode_response(result, None)).is_err() {
            return 0; // the parent went away
        }
    }
}

// ---------------------------------------------------------------------------------
// The parent

/// How to start a worker again: the parts of a `Command` that matter.
#[derive(Clone, Debug)]
struct Recipe {
    program: std::ffi::OsString,
    args: Vec<std::ffi::OsString>,
    envs: Vec<(std::ffi::OsString, Option<std::ffi::OsString>)>,
    dir: Option<std::path::PathBuf>,
}

impl Recipe {
    fn of(cmd: &Command) -> Recipe {
        Recipe {
            program: cmd.get_program().to_owned(),
            args: cmd.get_args().map(|a| a.to_owned()).collect(),
            envs: cmd
                .get_envs()
                .map(|(k, v)| (k.to_owned(), v.map(|v| v.to_owned())))
                .collect(),
            dir: cmd.get_current_dir().map(|d| d.to_owned()),
        }
    }
    fn command(&self) -> Command {
        let mut c = Command::new(&self.program);
        c.args(&self.args);
        for (k, v) in &self.envs {
            match v {
                Some(v) => c.env(k, v),
                None => c.env_remove(k),
            };
        }
        if let Some(d) = &self.dir {
            c.current_dir(d);
        }
        c
    }
}

struct Live {
    child: Child,
    stdin: ChildStdin,
    frames: Receiver<Option<Vec<u8>>>,
    stderr_tail: Arc<Mutex<String>>,
    /// The thread copying the child's stderr into `stderr_tail`; it ends at the
    /// child's death, so joining it gives the complete tail.
    stderr_reader: Option<std::thread::JoinHandle<()>>,
}

/// One worker process, replaced transparently when it dies.
pub struct Worker {
    recipe: Recipe,
    live: Option<Live>,
    spawned: usize,
    /// The end of the stderr of the last child that died of a signal.
    crash_stderr: String,
    /// Per call of the last batch: the heap blocks its code left allocated, when the
    /// call returned.
    heap_blocks: Vec<Option<i64>>,
    /// [`Worker::multi_heap_blocks`].
    multi_heap_blocks: Vec<Vec<Option<i64>>>,
}

/// The name of a signal number (`SIGSEGV`), or `signal N`.
pub fn signal_name(sig: i32) -> String {
    let n = match sig {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGABRT => "SIGABRT",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGSYS => "SIGSYS",
        libc::SIGPIPE => "SIGPIPE",
        _ => return format!("signal {sig}"),
    };
    n.to_string()
}

fn spawn_live(recipe: &Recipe) -> Result<Live, RunError> {
    let mut cmd = recipe.command();
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = crate::containment::spawn_confined(cmd).map_err(|e| {
        RunError::Error(format!(
            "cannot start the JIT worker {:?}: {e}",
            recipe.program
        ))
    })?;
    let stdin = child
        .stdin
        .take()
        .ok_or(RunError::Error("no worker stdin".into()))?;
    // Buffered: a frame's length and payload come in one read.
    let mut stdout = std::io::BufReader::new(
        child
            .stdout
            .take()
            .ok_or(RunError::Error("no worker stdout".into()))?,
    );
    let mut stderr = child
        .stderr
        .take()
        .ok_or(RunError::Error("no worker stderr".into()))?;
    let (tx, rx) = channel();
    std::thread::spawn(move || loop {
        match read_frame(&mut stdout) {
            Ok(Some(f)) => {
                if tx.send(Some(f)).is_err() {
                    return;
                }
            }
            _ => {
                let _ = tx.send(None);
                return;
            }
        }
    });
    let tail = Arc::new(Mutex::new(String::new()));
    let tail2 = tail.clone();
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        loop {
            match stderr.read(&mut buf) {
                Ok(0) | Err(_) => return,
                Ok(n) => {
                    let mut t = tail2.lock().unwrap_or_else(|e| e.into_inner());
                    t.push_str(&String::from_utf8_lossy(&buf[..n]));
                    if t.len() > 8192 {
                        let cut = t.len() - 4096;
                        let cut = (cut..t.len()).find(|&i| t.is_char_boundary(i)).unwrap_or(0);
                        t.replace_range(..cut, "");
                    }
                }
            }
        }
    });
    Ok(Live {
        child,
        stdin,
        frames: rx,
        stderr_tail: tail,
        stderr_reader: Some(reader),
    })
}

impl Worker {
    /// Starts a worker process from `cmd` (its stdio is replaced by pipes). The same
    /// command line is used to replace the worker after a crash or a timeout.
    pub fn spawn(cmd: Command) -> Result<Worker, RunError> {
        let recipe = Recipe::of(&cmd);
        let live = spawn_live(&recipe)?;
        Ok(Worker {
            recipe,
            live: Some(live),
            spawned: 1,
            crash_stderr: String::new(),
            heap_blocks: Vec::new(),
            multi_heap_blocks: Vec::new(),
        })
    }

    /// How many processes this worker has started (1 + respawns).
    pub fn processes_started(&self) -> usize {
        self.spawned
    }

    /// The last few KiB the last crashed child wrote to stderr (e.g. `LLVM ERROR: ...`
    /// before a `SIGABRT`), so callers can tell a known LLVM abort from other crashes.
    pub fn crash_stderr(&self) -> &str {
        &self.crash_stderr
    }

    /// Per call of the last [`Worker::run_batch_calls`]: the heap blocks the call's
    /// code left allocated (`None` when it did not return).
    pub fn heap_blocks(&self) -> &[Option<i64>] {
        &self.heap_blocks
    }

    /// The id of the current child process, if one is running.
    pub fn pid(&self) -> Option<u32> {
        self.live.as_ref().map(|l| l.child.id())
    }

    /// Runs `entry` of the Standard module `module_text` in the worker.
    pub fn run(
        &mut self,
        module_text: &str,
        entry: &str,
        args: &[RtValue],
        opts: &RunOptions,
    ) -> Result<Vec<RtValue>, RunError> {
        let call = WorkerCall {
            entry,
            args,
            c_interface: None,
        };
        self.run_call(module_text, &call, opts)
    }

    /// Makes one call of the Standard module `module_text` in the worker (a call
    /// through a `_mlir_ciface_` wrapper carries the C interface expected of it).
    pub fn run_call(
        &mut self,
        module_text: &str,
        call: &WorkerCall<'_>,
        opts: &RunOptions,
    ) -> Result<Vec<RtValue>, RunError> {
        let req = encode(&Request::Run {
            opts: WireOptions::of(opts),
            module: module_text.to_string(),
            call: WireCall::of(call),
        });
        self.round_trip(&req, opts)
    }

    /// Runs `entry` of the LLVM IR `ir` in the worker, called as our lowering of the
    /// Standard module `module_text` would call it (see [`crate::Jit::run_ir`]).
    pub fn run_ir(
        &mut self,
        module_text: &str,
        ir: &str,
        entry: &str,
        args: &[RtValue],
        opts: &RunOptions,
    ) -> Result<Vec<RtValue>, RunError> {
        let call = WorkerCall {
            entry,
            args,
            c_interface: None,
        };
        self.run_ir_call(module_text, ir, &call, opts)
    }

    /// [`Worker::run_ir`] of a call that may go through a `_mlir_ciface_` wrapper of
    /// the IR (carrying the C interface expected of it).
    pub fn run_ir_call(
        &mut self,
        module_text: &str,
        ir: &str,
        call: &WorkerCall<'_>,
        opts: &RunOptions,
    ) -> Result<Vec<RtValue>, RunError> {
        let req = encode(&Request::Ir {
            opts: WireOptions::of(opts),
            module: module_text.to_string(),
            call: WireCall::of(call),
            ir: ir.to_string(),
        });
        self.round_trip(&req, opts)
    }

    /// Makes all `calls` (entry, arguments) of the Standard module `module_text` in one
    /// compilation in the worker, in order; answers in the same order. Each call's
    /// native code runs at most `opts.timeout` (the compilation, before the first one,
    /// at most `opts.compile_timeout`). When a call
    /// crashes or times out, the worker is replaced, that call's answer is the crash
    /// and the later calls' are `None` (not made).
    pub fn run_batch(
        &mut self,
        module_text: &str,
        calls: &[(&str, &[RtValue])],
        opts: &RunOptions,
    ) -> Vec<Option<Result<Vec<RtValue>, RunError>>> {
        let calls: Vec<WorkerCall<'_>> = calls
            .iter()
            .map(|&(entry, args)| WorkerCall {
                entry,
                args,
                c_interface: None,
            })
            .collect();
        self.run_batch_calls(module_text, &calls, opts)
    }

    /// [`Worker::run_batch`] with calls that may go through `_mlir_ciface_` wrappers
    /// (each carrying the C interface expected of its wrapper).
    pub fn run_batch_calls(
        &mut self,
        module_text: &str,
        calls: &[WorkerCall<'_>],
        opts: &RunOptions,
    ) -> Vec<Option<Result<Vec<RtValue>, RunError>>> {
        let mut answers: Vec<Option<Result<Vec<RtValue>, RunError>>> = vec![None; calls.len()];
        self.heap_blocks = vec![None; calls.len()];
        if calls.is_empty() {
            return answers;
        }
        let req = encode(&Request::Batch {
            opts: WireOptions::of(opts),
            module: module_text.to_string(),
            calls: calls.iter().map(WireCall::of).collect(),
        });
        if let Err(e) = self.send(&req) {
            answers[0] = Some(Err(e));
            return answers;
        }
        for i in 0..calls.len() {
            match self.receive(opts) {
                Ok(frame) => match decode(&frame) {
                    Ok(Response::Abort(msg)) => {
                        for a in &mut answers[i..] {
                            *a = Some(err_of(&msg));
                        }
                        return answers;
                    }
                    Ok(r) => {
                        if let Response::Values { heap_blocks, .. } = &r {
                            self.heap_blocks[i] = *heap_blocks;
                        }
                        answers[i] = Some(answer_of(r));
                    }
                    Err(e) => answers[i] = Some(Err(e)),
                },
                Err(e) => {
                    answers[i] = Some(Err(e));
                    return answers;
                }
            }
        }
        answers
    }

    /// The calls of several lowered modules ([`EncodedItem`]s), compiled together
    /// ([`Jit::run_lowered_multi`]) in one request: the answers, item by item, as
    /// [`Jit::run_lowered_calls`] gives them for each item alone (`None` for a call not
    /// made because an earlier one, of this item or an earlier item, crashed or timed
    /// out, or because the worker gave up on the request). The heap blocks of each
    /// item's calls are [`Worker::multi_heap_blocks`] afterwards. Compilation may take
    /// the sum of the items' compile timeouts; each call gets the longest of their
    /// timeouts.
    pub fn run_multi(
        &mut self,
        items: &[&EncodedItem],
    ) -> Vec<Vec<Option<crate::exec::CallResult>>> {
        let mut answers: Vec<Vec<Option<crate::exec::CallResult>>> =
            items.iter().map(|it| vec![None; it.calls]).collect();
        self.multi_heap_blocks = items.iter().map(|it| vec![None; it.calls]).collect();
        let places: Vec<(usize, usize)> = items
            .iter()
            .enumerate()
            .flat_map(|(k, it)| (0..it.calls).map(move |i| (k, i)))
            .collect();
        let Some(&(k0, i0)) = places.first() else {
            return answers;
        };
        let mut opts = items[0].opts.clone();
        opts.compile_timeout = items
            .iter()
            .map(|it| it.opts.compile_timeout)
            .fold(Duration::ZERO, Duration::saturating_add);
        opts.timeout = items
            .iter()
            .map(|it| it.opts.timeout)
            .max()
            .unwrap_or_default();
        let req = encode(&Request::Multi {
            items: items.iter().map(|it| it.bytes.clone()).collect(),
        });
        if let Err(e) = self.send(&req) {
            answers[k0][i0] = Some(Err(e));
            return answers;
        }
        for &(k, i) in &places {
            match self.receive(&opts) {
                Ok(frame) => match decode(&frame) {
                    // The worker gave up (a panic of its own): the calls from here on
                    // are left unanswered, for the caller to make alone.
                    Ok(Response::Abort(_)) => return answers,
                    Ok(r) => {
                        if let Response::Values { heap_blocks, .. } = &r {
                            self.multi_heap_blocks[k][i] = *heap_blocks;
                        }
                        answers[k][i] = Some(answer_of(r));
                    }
                    Err(e) => answers[k][i] = Some(Err(e)),
                },
                Err(e) => {
                    answers[k][i] = Some(Err(e));
                    return answers;
                }
            }
        }
        answers
    }

    /// The heap blocks each call of the last [`Worker::run_multi`] left allocated, item
    /// by item (`None` where the call was not answered with values).
    pub fn multi_heap_blocks(&self) -> &[Vec<Option<i64>>] {
        &self.multi_heap_blocks
    }

    /// Sends one request to the worker, starting one first if none is running.
    fn send(&mut self, req: &[u8]) -> Result<(), RunError> {
        if self.live.is_none() {
            self.live = Some(spawn_live(&self.recipe)?);
            self.spawned += 1;
        }
        let live = self
            .live
            .as_mut()
            .ok_or(RunError::Error("no worker".into()))?;
        if write_frame(&mut live.stdin, req).is_err() {
            return Err(self.reap(false));
        }
        Ok(())
    }

    /// Waits for the next response frame: at most `opts.compile_timeout` until the
    /// worker says that the call's native code starts (`Started`), then at most
    /// `opts.timeout`. On a timeout the worker is killed, on its death it is reaped
    /// (the crash is the error).
    fn receive(&mut self, opts: &RunOptions) -> Result<Vec<u8>, RunError> {
        let mut running = false;
        // No deadline: a limit too far off to be a point in time.
        let mut deadline = Instant::now().checked_add(opts.compile_timeout);
        loop {
            let got = match (self.live.as_mut(), deadline) {
                (Some(live), Some(d)) => live
                    .frames
                    .recv_timeout(d.saturating_duration_since(Instant::now())),
                (Some(live), None) => live
                    .frames
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                (None, _) => return Err(RunError::Error("no worker".into())),
            };
            match got {
                Ok(Some(frame)) if frame == STARTED_FRAME => {
                    running = true;
                    deadline = Instant::now().checked_add(opts.timeout);
                }
                Ok(Some(frame)) => return Ok(frame),
                Ok(None) | Err(RecvTimeoutError::Disconnected) => return Err(self.reap(running)),
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(if running {
                        RunError::Timeout {
                            secs: opts.timeout.as_secs_f64(),
                        }
                    } else {
                        RunError::CompileTimeout {
                            secs: opts.compile_timeout.as_secs_f64(),
                        }
                    });
                }
            }
        }
    }

    /// Sends one request and waits for its response (see [`Worker::receive`]).
    fn round_trip(&mut self, req: &[u8], opts: &RunOptions) -> Result<Vec<RtValue>, RunError> {
        self.send(req)?;
        answer_of(decode(&self.receive(opts)?)?)
    }

    /// Kills the child and its process group (after a timeout) and forgets it.
    fn kill(&mut self) {
        if let Some(mut l) = self.live.take() {
            crate::containment::kill_group(l.child.id());
            let _ = l.child.kill();
            let _ = l.child.wait();
        }
    }

    /// The child died (its pipe closed): collect how. `running`: it was running a
    /// call's native code (it had sent `Started` and no answer yet).
    fn reap(&mut self, running: bool) -> RunError {
        let Some(mut l) = self.live.take() else {
            return RunError::Error("no worker".into());
        };
        drop(l.stdin);
        // The pipe is closed; the exit status follows shortly.
        let status = l.child.wait();
        // Anything the native code forked is in the group and may hold the stderr
        // pipe open: end it before reading stderr to its end (and do not wait for
        // ever on a process that left the group).
        crate::containment::kill_group(l.child.id());
        if let Some(r) = l.stderr_reader.take() {
            let until = Instant::now() + Duration::from_secs(2);
            while !r.is_finished() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(1));
            }
            if r.is_finished() {
                let _ = r.join();
            }
        }
        let tail = l.stderr_tail.lock().map(|t| t.clone()).unwrap_or_default();
        match status {
            Ok(s) => match (s.signal(), s.code()) {
                (Some(sig), _)
                    if running
                        && matches!(sig, libc::SIGSEGV | libc::SIGBUS)
                        && tail
                            .lines()
                            .any(|l| l == crate::containment::STACK_EXHAUSTED_MARK) =>
                {
                    RunError::StackExhausted
                }
                (Some(sig), _) => {
                    self.crash_stderr = tail;
                    RunError::Crash {
                        signal: signal_name(sig),
                    }
                }
                (None, Some(status)) if running => RunError::Exited { status },
                _ => RunError::Error(format!("the JIT worker exited with {s}: {}", tail.trim())),
            },
            Err(e) => RunError::Error(format!("the JIT worker vanished: {e}")),
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        if let Some(mut l) = self.live.take() {
            drop(l.stdin); // EOF: the worker loop ends by itself
            let deadline = std::time::Instant::now() + Duration::from_millis(500);
            loop {
                match l.child.try_wait() {
                    Ok(Some(_)) => break,
                    Ok(None) if std::time::Instant::now() < deadline => {
                        std::thread::sleep(Duration::from_millis(2))
                    }
                    _ => {
                        let _ = l.child.kill();
                        let _ = l.child.wait();
                        break;
                    }
                }
            }
            // What the native code forked and left running goes with the worker.
            crate::containment::kill_group(l.child.id());
        }
    }
}

fn err_of(msg: &str) -> Result<Vec<RtValue>, RunError> {
    Err(RunError::Error(msg.to_string()))
}

/// A response frame, or what is wrong with it.
fn decode(frame: &[u8]) -> Result<Response, RunError> {
    postcard::from_bytes(frame)
        .map_err(|e| RunError::Error(format!("malformed worker response: {e}")))
}

/// A call's answer from its response.
fn answer_of(r: Response) -> Result<Vec<RtValue>, RunError> {
    match r {
        Response::Values { values, .. } => {
            Ok(values.into_iter().map(WireValue::into_value).collect())
        }
        Response::Error(msg) | Response::Abort(msg) => err_of(&msg),
        Response::Started => err_of("malformed worker response: a second start"),
    }
}

/// A fixed number of workers shared by threads: each run takes a free worker.
pub struct WorkerPool {
    workers: Vec<Mutex<Worker>>,
    next: std::sync::atomic::AtomicUsize,
}

impl WorkerPool {
    /// Starts `n` workers, each from `make_cmd()`.
    pub fn new(n: usize, make_cmd: impl Fn() -> Command) -> Result<WorkerPool, RunError> {
        let workers = (0..n.max(1))
            .map(|_| Worker::spawn(make_cmd()).map(Mutex::new))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(WorkerPool {
            workers,
            next: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    /// Runs on a free worker (or waits for one).
    pub fn run(
        &self,
        module_text: &str,
        entry: &str,
        args: &[RtValue],
        opts: &RunOptions,
    ) -> Result<Vec<RtValue>, RunError> {
        for w in &self.workers {
            if let Ok(mut w) = w.try_lock() {
                return w.run(module_text, entry, args, opts);
            }
        }
        let i = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % self.workers.len();
        let mut w = self.workers[i].lock().unwrap_or_else(|e| e.into_inner());
        w.run(module_text, entry, args, opts)
    }

    pub fn len(&self) -> usize {
        self.workers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.workers.is_empty()
    }
}

/// Runs in a process-global worker started from `cmd` (one worker per distinct command
/// line, created on first use and kept for the life of the process).
pub fn run_isolated(
    cmd: &Command,
    module_text: &str,
    entry: &str,
    args: &[RtValue],
    opts: &RunOptions,
) -> Result<Vec<RtValue>, RunError> {
    type Table = Mutex<HashMap<String, Arc<Mutex<Worker>>>>;
    static GLOBAL: OnceLock<Table> = OnceLock::new();
    let recipe = Recipe::of(cmd);
    let key = format!("{recipe:?}");
    let w = {
        let mut t = GLOBAL
            .get_or_init(|| Mutex::new(HashMap::new()))
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        match t.get(&key) {
            Some(w) => w.clone(),
            None => {
                let w = Arc::new(Mutex::new(Worker::spawn(recipe.command())?));
                t.insert(key, w.clone());
                w
            }
        }
    };
    let mut w = w.lock().unwrap_or_else(|e| e.into_inner());
    w.run(module_text, entry, args, opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip() {
        let vs = vec![
            RtValue::Int(-(1i128 << 100)),
            RtValue::Int(i128::MAX),
            RtValue::Float(0x7fc0_0001),
            RtValue::Float(u64::MAX),
            RtValue::Vector(vec![RtValue::Int(1), RtValue::Int(2)]),
            RtValue::MemRef {
                shape: vec![2, 1],
                elems: vec![RtValue::Float(1), RtValue::Float(2)],
            },
            RtValue::Func("f".into()),
            RtValue::View(converter::arg_view::ArgView {
                of: 1,
                layout: Some(converter::arg_view::ViewLayout {
                    offset: 3,
                    sizes: vec![2],
                    strides: vec![-1],
                }),
            }),
            RtValue::View(converter::arg_view::ArgView {
                of: 0,
                layout: None,
            }),
        ];
        let out = encode_response(Ok(vs.clone()), Some(-3));
        match decode(&out).unwrap() {
            Response::Values {
                values,
                heap_blocks,
            } => {
                assert_eq!(heap_blocks, Some(-3));
                let back: Vec<RtValue> = values.into_iter().map(WireValue::into_value).collect();
                assert_eq!(back, vs);
            }
            r => panic!("{r:?}"),
        }
        // Truncations are errors, never panics.
        for cut in 0..out.len() {
            assert!(decode(&out[..cut]).is_err());
        }
    }

    #[test]
    fn the_start_frame_is_the_started_response() {
        assert_eq!(encode(&Response::Started), STARTED_FRAME);
        assert_eq!(decode(STARTED_FRAME).unwrap(), Response::Started);
    }

    #[test]
    fn requests_round_trip_with_their_c_interface() {
        use crate::cabi::{AbiType, CParam};
        let desc = AbiType::Struct(vec![
            AbiType::Int(64),
            AbiType::Array(2, Box::new(AbiType::Half)),
        ]);
        let ci = CInterface {
            params: vec![
                CParam::Value(AbiType::Int(7)),
                CParam::Descriptor { space: 3, desc },
            ],
            results: AbiType::Double,
            results_by_pointer: Some(1),
        };
        let args = [RtValue::Int(7)];
        let call = WorkerCall {
            entry: "_mlir_ciface_f",
            args: &args,
            c_interface: Some(&ci),
        };
        let req = encode(&Request::Batch {
            opts: WireOptions::of(&RunOptions::default()),
            module: "module {}".into(),
            calls: vec![WireCall::of(&call)],
        });
        let Ok(Request::Batch { calls, module, .. }) = postcard::from_bytes(&req) else {
            panic!("not a batch");
        };
        assert_eq!(module, "module {}");
        let mut calls = calls.into_iter();
        let (entry, back, c) = calls.next().unwrap().into_parts();
        assert_eq!(
            (entry.as_str(), back.as_slice(), c),
            ("_mlir_ciface_f", &args[..], Some(ci))
        );
    }
}
