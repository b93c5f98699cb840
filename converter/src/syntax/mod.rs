//! The Standard-dialect front end (LLVM 11 syntax): [`parse_module`] reads a module
//! in custom or generic form into the IR, [`print_module`] writes it back so that it
//! parses to the same module, and [`parse_type`] reads a lone type (for `--arg`
//! values and test expectations).
//!
//! Layout: `lexer` (bytes to tokens), `parser` (tokens to IR, with located
//! diagnostics and a nesting-depth bound; [`skim_module`] reads a module one function
//! at a time), `affine` (affine-map layouts), `printer`; `format` (the custom format
//! of each Standard op, which the parser, the printer and the exporter dispatch on).
//! Today's upstream syntax: `upstream` (the op-name table), `export` (IR to upstream
//! text, [`export_upstream`]); `release` (how each upstream release from 13 on spells
//! the ops, [`export_for`]).

pub mod affine;
pub mod export;
mod format;
pub mod lexer;
pub mod parser;
pub mod printer;
pub mod release;
pub mod upstream;

pub use export::{export_for, export_upstream, export_upstream_with_locs};
pub use parser::skim::{skim_module, BodyReader, FuncBodies};
pub use printer::{float_text, print_module, PrintOptions};
pub use release::Release;

use crate::diag::{Diagnostic, Loc};
use crate::ir::{Module, Type};
use lexer::Tok;
use std::sync::Arc;

/// Checks that `src` is UTF-8; otherwise an error at the line:col of the first bad byte.
fn check_utf8(src: &[u8]) -> Result<&str, Diagnostic> {
    match std::str::from_utf8(src) {
        Ok(s) => Ok(s),
        Err(e) => {
            let good = &src[..e.valid_up_to()];
            let line = good.iter().filter(|&&c| c == b'\n').count() + 1;
            let line_start = good.iter().rposition(|&c| c == b'\n').map_or(0, |p| p + 1);
            // Columns count bytes, as the lexer's (and MLIR's) do.
            let col = good.len() - line_start + 1;
            Err(Diagnostic::error(
                Loc::new(line as u32, col as u32),
                format!(
                    "invalid UTF-8 in source: byte 0x{:02X} at offset {}",
                    src[e.valid_up_to()],
                    e.valid_up_to()
                ),
            ))
        }
    }
}

/// Parses a Standard-dialect module. Sets `Module.file` to `file` and
/// `Module.source` to the text. Bad input (including an empty file) is an error
/// located at line:col, never a panic.
pub fn parse_module(file: &str, src: &[u8]) -> Result<Module, Diagnostic> {
    let text = check_utf8(src)?;
    let mut p = parser::Parser::new(src, text);
    let mut m = p.parse_module(file)?;
    m.file = file.into();
    m.source = Some(Arc::from(text));
    Ok(m)
}

/// Parses a lowered module (LLVM-dialect functions) printed with its locations
/// (`mlir-opt --mlir-print-debuginfo`), taking each op's location from its `loc(...)`
/// when that names a position in `loc_file`, and leaving it unknown otherwise. Errors
/// are located in `src` itself, as [`parse_module`]'s.
pub fn parse_module_with_locs(
    file: &str,
    src: &[u8],
    loc_file: &str,
) -> Result<Module, Diagnostic> {
    let text = check_utf8(src)?;
    let mut p = parser::Parser::new(src, text);
    p.keep_locs_of(loc_file);
    let mut m = p.parse_module(file)?;
    m.file = file.into();
    m.source = Some(Arc::from(text));
    Ok(m)
}

/// Parses one type such as `memref<?x4xf32>` or `(i32) -> i64`; the whole string
/// must be the type.
pub fn parse_type(s: &str) -> Result<Type, Diagnostic> {
    let mut p = parser::Parser::new(s.as_bytes(), s);
    let t = p.parse_type()?;
    if p.tok.kind != Tok::Eof {
        return Err(p.unexpected("end of input after the type"));
    }
    Ok(t)
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_legacy;
