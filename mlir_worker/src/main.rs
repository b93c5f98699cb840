//! `stdlower-mlir`: MLIR 22's lowering passes in a process that stays up for many
//! requests, through MLIR's C API, for the campaign's upstream oracle. Each `mlir-opt`
//! process costs about 45 ms of CPU to start (loading `libMLIR` and `libLLVM`,
//! registering every dialect and pass) against about 2 ms of work per case; a campaign
//! starts one per block and option group. The worker parses, runs a pass pipeline and
//! prints as `mlir-opt --mlir-disable-threading` does, and translates as `mlir-translate` (the harness's differential test
//! `upstream_inproc` holds it to `mlir-opt`'s output, byte for byte), and reports any
//! diagnostic as a failure, which the harness answers by running `mlir-opt` itself.
//!
//! Protocol, over standard input and output: at start the worker writes one line
//! `stdlower-mlir PROTOCOL VERSION BINDIR` (`VERSION` the linked LLVM's, `22.1.8`;
//! `BINDIR` the `bin` directory of the installation it links, whose `mlir-opt` it stands
//! in for), or `stdlower-mlir PROTOCOL none` when it was built without MLIR. Then, per
//! request, a line `lower P N` followed by `P` bytes of textual pass pipeline
//! (`builtin.module(...)`) and `N` bytes of MLIR; the answer is a line `ok N` followed
//! by the `N` bytes of the module printed (with the newline `mlir-opt` ends it with), or
//! `error N` followed by `N` bytes of diagnostics (each `<stdin>:LINE:COL: SEVERITY:
//! MESSAGE`, as `mlir-opt` words one). A line `translate N` followed by `N` bytes of
//! LLVM dialect asks whether it parses and translates to LLVM IR that LLVM's verifier
//! takes, as `mlir-translate --mlir-to-llvmir` would (`ok 0`, or `error N`). The end
//! of its input ends it.

#[cfg(has_mlir)]
mod capi;
#[cfg(has_mlir)]
mod session;

use std::io::{BufRead, Read, Write};

/// The protocol's version, in the first line.
const PROTOCOL: u32 = 1;

fn main() {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // The context is made before the first line: a worker that has answered it is
    // ready for its first request.
    #[cfg(has_mlir)]
    let mut mlir = session::Session::new();
    let hello = match cfg!(has_mlir) {
        true => format!(
            "{} {}",
            version(),
            option_env!("STDLOWER_MLIR_BINDIR").unwrap_or("")
        ),
        false => "none".to_string(),
    };
    if writeln!(out, "stdlower-mlir {PROTOCOL} {hello}")
        .and_then(|()| out.flush())
        .is_err()
    {
        return;
    }
    let mut line = String::new();
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let Some(r) = request(&line, &mut input) else {
            let _ = answer(&mut out, "error", b"stdlower-mlir: malformed request");
            return;
        };
        #[cfg(has_mlir)]
        let done = match r {
            Request::Lower { pipeline, module } => mlir.lower(&pipeline, &module),
            Request::Translate { module } => mlir.translate(&module),
        };
        #[cfg(not(has_mlir))]
        let done: Result<Vec<u8>, Vec<u8>> = {
            let _ = r;
            Err(b"stdlower-mlir: built without MLIR".to_vec())
        };
        let (kind, text) = match done {
            Ok(text) => ("ok", text),
            Err(diagnostics) => ("error", diagnostics),
        };
        if answer(&mut out, kind, &text).is_err() {
            return;
        }
    }
}

/// A request.
enum Request {
    /// `lower P N`: the pass pipeline and the module.
    Lower { pipeline: Vec<u8>, module: Vec<u8> },
    /// `translate N`: the LLVM-dialect module.
    Translate { module: Vec<u8> },
}

/// The request whose first line is `line`, its bytes read from `input`.
fn request(line: &str, input: &mut impl Read) -> Option<Request> {
    let mut words = line.split_whitespace();
    let kind = words.next()?;
    let mut lengths = words.map(|w| w.parse::<usize>().ok());
    let mut bytes = |input: &mut dyn Read| -> Option<Vec<u8>> {
        let mut b = vec![0; lengths.next()??];
        input.read_exact(&mut b).ok()?;
        Some(b)
    };
    match kind {
        "lower" => {
            let pipeline = bytes(input)?;
            let module = bytes(input)?;
            Some(Request::Lower { pipeline, module })
        }
        "translate" => Some(Request::Translate {
            module: bytes(input)?,
        }),
        _ => None,
    }
}

fn answer(out: &mut impl Write, kind: &str, text: &[u8]) -> std::io::Result<()> {
    writeln!(out, "{kind} {}", text.len())?;
    out.write_all(text)?;
    out.flush()
}

/// The linked LLVM's version, `MAJOR.MINOR.PATCH`.
#[cfg(has_mlir)]
fn version() -> String {
    let (mut major, mut minor, mut patch) = (0, 0, 0);
    // SAFETY: LLVMGetVersion writes three integers through valid pointers.
    unsafe { capi::LLVMGetVersion(&mut major, &mut minor, &mut patch) };
    format!("{major}.{minor}.{patch}")
}

#[cfg(not(has_mlir))]
fn version() -> String {
    String::new()
}
