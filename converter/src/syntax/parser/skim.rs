//! Reading a module one function at a time, so that a pipeline over the whole module
//! (parse, verify, lower, print) holds one parsed function at a time instead of the
//! whole module: [`skim_module`] parses everything except function bodies, which it
//! skips by matching braces while remembering where each function starts, and
//! [`FuncBodies::parse_func`] later parses one function from there (in any order, on
//! any thread, each with a [`BodyReader`] of its own).
//!
//! The whole-module parse is the reference, and skimming gives up (`None`) wherever
//! the two could differ, so that its caller parses the whole module instead: on any
//! error, on an alias defined after a function body (the whole-module parse would not
//! see it in that body, a later parse of the body would), and when a function's parse
//! does not end where the brace matching did.

use super::{Alias, FxMap, PResult, Parser};
use crate::ir::{Func, Module};
use crate::syntax::lexer::{Lexer, Tok, Token};

/// Where a function with a body starts (the lexer at its `func` keyword) and where
/// it ends (the first token after it).
pub struct BodyStart<'a> {
    lex: Lexer<'a>,
    tok: Token,
    end: u32,
    /// How many aliases were defined before the body.
    aliases: usize,
}

impl<'a> Parser<'a> {
    /// While skimming, with the current token the `{` of the body of the function
    /// whose `func` keyword `lex` and `tok` are at: skips the body (and a trailing
    /// location) and records where the function starts and ends.
    pub(super) fn skip_body(&mut self, lex: Lexer<'a>, tok: Token) -> PResult<()> {
        // The current token is the `{`, so the lexer is just after it.
        if self.tok.kind != Tok::LBrace || !self.lex.skip_braced() {
            return Err(self.err_here("unterminated function body"));
        }
        self.tok = self.lex.next_token();
        self.skip_loc()?;
        self.record_body(lex, tok);
        Ok(())
    }

    /// While skimming, with the current token the first after a function whose keyword
    /// `lex` and `tok` are at: records where it starts and ends.
    pub(super) fn record_body(&mut self, lex: Lexer<'a>, tok: Token) {
        let start = BodyStart {
            lex,
            tok,
            end: self.tok.start,
            aliases: self.aliases.len(),
        };
        if let Some(s) = &mut self.skimmed {
            s.push(Some(start));
        }
    }

    /// While skimming, with the current token the `{` of a function's region in generic
    /// form: skips the region, leaving the parser at the token after its `}`. Whether
    /// the region was empty.
    pub(super) fn skip_region(&mut self) -> PResult<bool> {
        let empty = self.lex.clone().next_token().kind == Tok::RBrace;
        if self.tok.kind != Tok::LBrace || !self.lex.skip_braced() {
            return Err(self.err_here("unterminated function body"));
        }
        self.tok = self.lex.next_token();
        Ok(empty)
    }
}

/// The function bodies of a skimmed module, parsed on demand by [`BodyReader`]s (one
/// per thread).
pub struct FuncBodies<'a> {
    src: &'a [u8],
    text: &'a str,
    aliases: FxMap<&'a str, Alias>,
    starts: Vec<Option<BodyStart<'a>>>,
}

/// Parses function bodies of a [`FuncBodies`], reusing its tables from one to the next.
pub struct BodyReader<'a> {
    parser: Parser<'a>,
}

/// Parses the module in `src` without its function bodies: the module (every
/// function with `body: None`, `source: None`) and its bodies, to parse one by one.
/// `None` where the module does not parse, or where parsing the bodies one by one
/// could differ from parsing the whole module (see the module doc).
pub fn skim_module<'a>(file: &str, src: &'a [u8]) -> Option<(Module, FuncBodies<'a>)> {
    let text = std::str::from_utf8(src).ok()?;
    let mut parser = Parser::new(src, text);
    parser.skimmed = Some(Vec::new());
    let headers = parser.parse_module(file).ok()?;
    let starts = parser.skimmed.take()?;
    if starts.len() != headers.funcs.len() {
        return None;
    }
    let aliases = parser.aliases;
    if starts.iter().flatten().any(|s| s.aliases != aliases.len()) {
        return None;
    }
    let bodies = FuncBodies {
        src,
        text,
        aliases,
        starts,
    };
    Some((headers, bodies))
}

impl<'a> FuncBodies<'a> {
    /// A reader of these bodies.
    pub fn reader(&self) -> BodyReader<'a> {
        let mut parser = Parser::new(self.src, self.text);
        parser.aliases = self.aliases.clone();
        BodyReader { parser }
    }

    /// Function `i` of the skimmed module `headers`, with its body, read by `r`;
    /// `None` where parsing it fails or disagrees with the skim.
    pub fn parse_func(&self, r: &mut BodyReader<'a>, headers: &Module, i: usize) -> Option<Func> {
        let Some(start) = self.starts.get(i)? else {
            return headers.funcs.get(i).cloned();
        };
        let p = &mut r.parser;
        p.lex = start.lex.clone();
        p.tok = start.tok;
        let f = p.parse_any_func().ok()?;
        (p.tok.start == start.end && f.body.is_some()).then_some(f)
    }
}
