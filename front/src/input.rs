//! Reading a module from a file: parse, verify, and turn every problem into a located,
//! rendered diagnostic with the bad-input exit status.

use crate::exit;
use converter::ir::Module;
use converter::Diagnostic;

/// A failure to produce a usable module: the rendered message and the exit status.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    pub status: i32,
}

impl Failure {
    pub fn new(status: i32, message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            status,
        }
    }
    /// Renders diagnostics against the module's file and source.
    pub fn from_diags(file: &str, source: Option<&str>, diags: &[Diagnostic]) -> Failure {
        let message: String = diags.iter().map(|d| d.render(file, source)).collect();
        Failure::new(exit::BAD_INPUT, message.trim_end().to_string())
    }
}

/// A diagnostic about `m`, rendered against the module's file and source (with the
/// source line and caret), as every command prints it.
pub fn render_in(m: &Module, d: &Diagnostic) -> String {
    d.render(&m.file, m.source.as_deref())
        .trim_end()
        .to_string()
}

/// Reads `path` (or standard input for `-`) as raw bytes.
pub fn read_bytes(path: &str) -> Result<Vec<u8>, Failure> {
    let r = if path == "-" {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v).map(|_| v)
    } else {
        std::fs::read(path)
    };
    r.map_err(|e| {
        Failure::new(
            exit::BAD_INPUT,
            format!("{path}: error: cannot read file: {e}"),
        )
    })
}

/// Parses and verifies a Standard-dialect module from bytes.
pub fn parse_and_verify(file: &str, bytes: &[u8]) -> Result<Module, Failure> {
    let module = converter::syntax::parse_module(file, bytes).map_err(|d| {
        let src = std::str::from_utf8(bytes).ok();
        Failure::from_diags(file, src, &[d])
    })?;
    converter::verify::verify_module(&module)
        .map_err(|ds| Failure::from_diags(file, module.source.as_deref(), &ds))?;
    Ok(module)
}

/// Reads, parses and verifies the module in `path`.
pub fn load(path: &str) -> Result<Module, Failure> {
    let bytes = read_bytes(path)?;
    parse_and_verify(path, &bytes)
}
