//! The recursive-descent parser for Standard-dialect modules in LLVM 11 syntax:
//! modules, functions, blocks, custom-form and generic-form operations, types and
//! attributes. Today's upstream spellings of the same ops (`func.func`, `arith.addi`,
//! `memref.load`, ...) are read into the same IR by the `upstream_ops` child module;
//! both syntaxes may be mixed in one file.
//!
//! Every error is a located [`Diagnostic`]; the parser never panics on input. Every
//! recursive routine (types, attributes, affine expressions) goes through
//! [`Parser::enter`], which bounds the nesting depth at [`MAX_DEPTH`], so deeply nested
//! input is an error rather than a stack overflow.
//!
//! Values may be used before their definition (in a block laid out earlier): such a
//! use is recorded with the type the syntax states and patched, and checked, when the
//! function ends. Truly undefined values are reported at their first use.

use super::affine::AffineMap;
use super::format::{format, Format};
use super::lexer::{unescape, Lexer, Tok, Token};
use crate::diag::{Diagnostic, Loc};
use crate::ir::attr::{dense_from_raw, dense_hex_of_list};
use crate::ir::{
    AttrDicts, Attribute, BlockId, Body, DenseValues, Func, FuncKind, Layout, MemRefType, Module,
    NamedAttr, NewOp, OpId, OpKind, StridedLayout, Successor, Type, ValueId, VectorType,
    CMPF_PREDICATES, CMPI_PREDICATES, MAX_INT_WIDTH,
};
use std::sync::Arc;

mod legacy;
mod llvm_ops;
mod locs;
pub mod skim;
mod upstream_ops;

pub type PResult<T> = Result<T, Diagnostic>;

/// The most elements a vector type may have (`vector<256x256xi8>`).
pub const MAX_VECTOR_ELEMENTS: u64 = 1 << 16;

/// The deepest nesting of types, attributes or affine expressions accepted.
pub const MAX_DEPTH: u32 = 256;

/// A placeholder operand that is patched when a forward reference is resolved.
const PENDING: ValueId = ValueId(u32::MAX);

/// The parser's name tables: a hash map with the small, fast FxHash.
pub type FxMap<K, V> = rustc_hash::FxHashMap<K, V>;

/// A defined SSA name: `count` consecutive values starting at `first`.
#[derive(Clone, Copy)]
struct ValEntry {
    first: ValueId,
    count: u32,
    loc: Loc,
}

#[derive(Clone, Copy)]
struct BlockEntry {
    id: BlockId,
    defined: bool,
    first_use: Loc,
}

/// A parsed use of a value: `%name` or `%name#N`.
#[derive(Clone, Copy)]
pub(super) struct UseRef<'a> {
    name: &'a str,
    num: u32,
    loc: Loc,
    /// The spelling for messages (`%r#1`).
    start: u32,
    end: u32,
    /// A value the parser made itself (a materialized constant), used instead of `name`.
    direct: Option<ValueId>,
}

#[derive(Clone, Copy)]
enum Slot {
    Operand(u32),
    SuccArg(u32, u32),
}

struct Pending<'a> {
    op: OpId,
    slot: Slot,
    use_: UseRef<'a>,
    ty: Option<Type>,
}

/// A top-level alias: `#name = ...` (an attribute or an affine map) or `!name = type T`
/// (a type; today's syntax drops the `type` keyword). Names keep their sigil, so `#a`
/// and `!a` are different aliases.
#[derive(Clone)]
enum Alias {
    Attr(Attribute),
    Map(AffineMap),
    Type(Type),
}

/// An operand with the type the syntax states for it (`None` when it states none).
type TypedUse<'a> = (UseRef<'a>, Option<Type>);

struct OpSpec<'a> {
    kind: OpKind,
    name: Option<Arc<str>>,
    operands: Vec<TypedUse<'a>>,
    results: Vec<Type>,
    attrs: Vec<NamedAttr>,
    successors: Vec<(BlockId, Vec<TypedUse<'a>>)>,
}

impl<'a> OpSpec<'a> {
    fn new(kind: OpKind) -> Self {
        OpSpec {
            kind,
            name: None,
            operands: Vec::new(),
            results: Vec::new(),
            attrs: Vec::new(),
            successors: Vec::new(),
        }
    }
}

pub struct Parser<'a> {
    pub(super) lex: Lexer<'a>,
    pub(super) tok: Token,
    src: &'a str,
    depth: u32,
    /// Binary operators in the affine map being parsed (bounded like nesting, since
    /// a long chain `d0 + d0 + ...` is a deep tree).
    pub(super) affine_ops: u32,
    aliases: FxMap<&'a str, Alias>,
    body: Body,
    values: FxMap<&'a str, ValEntry>,
    blocks: FxMap<&'a str, BlockEntry>,
    pending: Vec<Pending<'a>>,
    /// Set while an upstream op is parsed: its modifiers and attributes are checked
    /// for semantics stdlower does not model.
    upstream_op: bool,
    /// Set while the body of an `llvm.func` is parsed: LLVM-dialect ops are read in
    /// their custom form there (elsewhere `llvm.add` is an unknown operation).
    in_llvm_func: bool,
    /// While skimming (see `skim`), where each function parsed so far starts, if it has
    /// a body, which is skipped rather than parsed.
    skimmed: Option<Vec<Option<skim::BodyStart<'a>>>>,
    /// The end of the last token consumed.
    prev_end: u32,
    /// The shaped types parsed last, with their text (see `parse_shaped_type`).
    type_memo: Vec<(&'a str, Type)>,
    /// The most elements of a dense literal (not a splat) written as a list, and the
    /// fewest of one written in hex: the file's hex threshold, if it has one
    /// (`Module::dense_hex_if_larger`).
    dense_list_max: Option<u64>,
    dense_hex_min: Option<u64>,
    /// Set to keep ops' `loc(...)` of one file as their locations (see `locs`).
    kept: Option<locs::KeptLocs<'a>>,
    /// How many LLVM 11 types have been read (see `legacy`).
    legacy_types: u64,
    /// Set while a Standard function (custom form) is parsed, where the LLVM 11
    /// notation of LLVM types is not read.
    in_std_func: bool,
}

fn is_bare_type_keyword(s: &str) -> bool {
    matches!(
        s,
        "index"
            | "f16"
            | "bf16"
            | "f32"
            | "f64"
            | "vector"
            | "memref"
            | "tensor"
            | "none"
            | "tuple"
            | "complex"
            | "f80"
            | "f128"
            | "tf32"
    ) || (s.len() > 1
        && (s.starts_with('i') || s.starts_with("si") || s.starts_with("ui"))
        && s.trim_start_matches(['s', 'u'])
            .trim_start_matches('i')
            .bytes()
            .all(|c| c.is_ascii_digit())
        && !s
            .trim_start_matches(['s', 'u'])
            .trim_start_matches('i')
            .is_empty())
}

/// The Standard op for a custom-form name without its `std.` prefix.
fn std_kind(short: &str) -> Option<OpKind> {
    if short.contains('.') {
        return None;
    }
    let mut buf = [0u8; 40];
    let n = short.len();
    if n + 4 > buf.len() {
        return None;
    }
    buf[..4].copy_from_slice(b"std.");
    buf[4..4 + n].copy_from_slice(short.as_bytes());
    std::str::from_utf8(&buf[..4 + n])
        .ok()
        .and_then(OpKind::from_name)
}

/// Drops `sym_visibility = "private"` from a declaration's attributes: every
/// declaration is private upstream, and the IR does not tell them apart.
fn drop_private(attrs: &mut Vec<NamedAttr>) {
    attrs.retain(|a| !(a.name == "sym_visibility" && a.value == Attribute::Str("private".into())));
}

/// Moves `sym_visibility` to the front of a function's attributes, where the keyword
/// form (`func private @f`, today's syntax) puts it: the IR does not depend on whether
/// it was spelled as a keyword or in the dictionary.
fn visibility_first(attrs: &mut Vec<NamedAttr>) {
    if let Some(i) = attrs.iter().position(|a| a.name == "sym_visibility") {
        let a = attrs.remove(i);
        attrs.insert(0, a);
    }
}

/// Takes a generic function's argument and result dictionaries out of its attributes:
/// today's `arg_attrs = [{...}, ...]` / `res_attrs = [...]` (one dictionary each), or
/// LLVM 11's `arg0 = {...}` / `result0 = {...}`.
fn take_arg_res_attrs(
    attrs: &mut Vec<NamedAttr>,
    n_args: usize,
    n_results: usize,
) -> Result<(AttrDicts, AttrDicts), String> {
    let mut out = [vec![Vec::new(); n_args], vec![Vec::new(); n_results]];
    for (k, (list, prefix)) in [("arg_attrs", "arg"), ("res_attrs", "result")]
        .into_iter()
        .enumerate()
    {
        let n = out[k].len();
        if let Some(i) = attrs.iter().position(|a| a.name == list) {
            let dicts = match attrs.remove(i).value {
                Attribute::Array(v) if v.len() == n => v,
                _ => return Err(format!("'{list}' must be an array of {n} dictionaries")),
            };
            for (slot, d) in out[k].iter_mut().zip(dicts) {
                match d {
                    Attribute::Dict(d) => *slot = d,
                    _ => return Err(format!("'{list}' must be an array of {n} dictionaries")),
                }
            }
        }
        let mut j = 0;
        while j < attrs.len() {
            let index = attrs[j]
                .name
                .strip_prefix(prefix)
                .filter(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()))
                .and_then(|d| d.parse::<usize>().ok());
            match (index, &attrs[j].value) {
                (Some(x), Attribute::Dict(_)) if x < n => {
                    if let Attribute::Dict(d) = attrs.remove(j).value {
                        out[k][x] = d;
                    }
                }
                _ => j += 1,
            }
        }
    }
    let [args, results] = out;
    Ok((args, results))
}

/// The i1-typed shape of `ty`: `i1`, or `vector<...xi1>` for a vector.
pub fn i1_like(ty: &Type) -> Type {
    match ty {
        Type::Vector(v) => Type::vector(v.shape.clone(), Type::i1()),
        _ => Type::i1(),
    }
}

impl<'a> Parser<'a> {
    /// A parser over `src` (`bytes` is the same text; it must be valid UTF-8).
    pub fn new(bytes: &'a [u8], src: &'a str) -> Self {
        let mut lex = Lexer::new(bytes);
        let tok = lex.next_token();
        Parser {
            lex,
            tok,
            src,
            depth: 0,
            affine_ops: 0,
            aliases: FxMap::default(),
            body: Body::new(),
            values: FxMap::default(),
            blocks: FxMap::default(),
            pending: Vec::new(),
            upstream_op: false,
            in_llvm_func: false,
            skimmed: None,
            prev_end: 0,
            type_memo: Vec::new(),
            dense_list_max: None,
            dense_hex_min: None,
            kept: None,
            legacy_types: 0,
            in_std_func: false,
        }
    }

    // ---------------------------------------------------------------- tokens

    pub(super) fn spelling(&self, t: Token) -> &'a str {
        self.src.get(t.start as usize..t.end as usize).unwrap_or("")
    }

    /// Consumes the current token and returns it.
    pub(super) fn advance(&mut self) -> Token {
        let t = self.tok;
        self.prev_end = t.end;
        self.tok = self.lex.next_token();
        t
    }

    fn is_kw(&self, kw: &str) -> bool {
        self.tok.kind == Tok::BareIdent && self.spelling(self.tok) == kw
    }

    fn eat(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.advance();
            true
        } else {
            false
        }
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.advance();
            true
        } else {
            false
        }
    }

    pub(super) fn err_at(&self, loc: Loc, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(loc, msg)
    }

    pub(super) fn err_here(&self, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.tok.loc, msg)
    }

    /// A description of the current token for "expected X, found Y" messages.
    fn found(&self) -> String {
        match self.tok.kind {
            Tok::Eof => "end of file".to_string(),
            _ => {
                let s = self.spelling(self.tok);
                let s: String = s.chars().take(40).collect();
                format!("'{s}'")
            }
        }
    }

    /// "expected WHAT, found ..." at the current token (or the lexer's own error).
    pub(super) fn unexpected(&self, what: &str) -> Diagnostic {
        if self.tok.kind == Tok::Error {
            let c = self
                .src
                .get(self.tok.start as usize..)
                .and_then(|s| s.chars().next())
                .unwrap_or('?');
            let msg = self.lex.error_message;
            if msg == "unexpected character" {
                return self.err_here(format!("unexpected character '{}'", c.escape_default()));
            }
            return self.err_here(msg);
        }
        self.err_here(format!("expected {what}, found {}", self.found()))
    }

    pub(super) fn expect(&mut self, k: Tok, what: &str) -> PResult<Token> {
        if self.tok.kind == k {
            Ok(self.advance())
        } else {
            Err(self.unexpected(what))
        }
    }

    fn expect_kw(&mut self, kw: &str) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{kw}'")))
        }
    }

    /// Enters one level of nesting; errors past [`MAX_DEPTH`].
    pub(super) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(self.err_here(format!("nesting too deep (more than {MAX_DEPTH} levels)")));
        }
        Ok(())
    }

    pub(super) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ---------------------------------------------------------------- literals

    /// The magnitude of an integer literal token (decimal or hex).
    fn int_magnitude(&self, t: Token) -> PResult<u128> {
        let s = self.spelling(t);
        let r = if let Some(h) = s.strip_prefix("0x") {
            u128::from_str_radix(h, 16)
        } else {
            s.parse::<u128>()
        };
        r.map_err(|_| self.err_at(t.loc, format!("integer literal '{s}' is too large")))
    }

    pub(super) fn parse_i64_literal(&self, t: Token, neg: bool) -> PResult<i64> {
        let m = self.int_magnitude(t)?;
        let v = if neg {
            if m > 1u128 << 63 {
                None
            } else {
                Some((m as i128).wrapping_neg() as i64)
            }
        } else {
            i64::try_from(m).ok()
        };
        v.ok_or_else(|| {
            self.err_at(
                t.loc,
                format!(
                    "integer literal '{}' does not fit in 64 bits",
                    self.spelling(t)
                ),
            )
        })
    }

    /// A non-negative integer literal as u64.
    fn parse_u64(&mut self, what: &str) -> PResult<u64> {
        if self.tok.kind != Tok::Int {
            return Err(self.unexpected(what));
        }
        let t = self.advance();
        let m = self.int_magnitude(t)?;
        u64::try_from(m).map_err(|_| {
            self.err_at(
                t.loc,
                format!("integer literal '{}' is too large", self.spelling(t)),
            )
        })
    }

    /// `?` or a possibly negative integer.
    fn parse_opt_i64(&mut self) -> PResult<Option<i64>> {
        if self.eat(Tok::Question) {
            return Ok(None);
        }
        let neg = self.eat(Tok::Minus);
        if self.tok.kind != Tok::Int {
            return Err(self.unexpected("an integer or '?'"));
        }
        let t = self.advance();
        Ok(Some(self.parse_i64_literal(t, neg)?))
    }

    fn parse_string(&mut self, what: &str) -> PResult<String> {
        if self.tok.kind != Tok::Str {
            return Err(self.unexpected(what));
        }
        let t = self.advance();
        unescape(self.spelling(t).as_bytes()).map_err(|(at, m)| self.err_at(t.loc.offset(at), m))
    }

    /// The name of an `@sym` token (quoted names unescaped). Two names MLIR reads are
    /// refused: the empty one (`@""`), which MLIR prints as `@<<INVALID EMPTY SYMBOL>>`,
    /// text nothing reads back, and one with a NUL byte, which no C-string API (LLVM's
    /// JIT lookup, a C prototype) can name.
    fn symbol_name(&self, t: Token) -> PResult<String> {
        let s = self.spelling(t);
        let s = s.get(1..).unwrap_or("");
        if !s.starts_with('"') {
            return Ok(s.to_string());
        }
        let name =
            unescape(s.as_bytes()).map_err(|(at, m)| self.err_at(t.loc.offset(1 + at), m))?;
        if name.is_empty() {
            return Err(self.err_at(t.loc, "empty symbol name"));
        }
        if name.contains('\0') {
            return Err(self.err_at(t.loc, "symbol names with a NUL byte are not supported"));
        }
        Ok(name)
    }

    // ---------------------------------------------------------------- types

    pub fn parse_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        match self.tok.kind {
            Tok::LParen => self.parse_function_type(),
            Tok::BareIdent => {
                let t = self.tok;
                let s = self.spelling(t);
                let ty = match s {
                    "index" => Type::Index,
                    "f16" => Type::F16,
                    "bf16" => Type::BF16,
                    "f32" => Type::F32,
                    "f64" => Type::F64,
                    "vector" | "memref" => return self.parse_shaped_type(),
                    "tensor" | "none" | "tuple" | "complex" | "f80" | "f128" | "tf32"
                    | "opaque" => return Err(self.err_here(format!("unsupported type '{s}'"))),
                    _ => {
                        if let Some(w) = s.strip_prefix('i') {
                            if !w.is_empty() && w.bytes().all(|c| c.is_ascii_digit()) {
                                let width = w
                                    .parse::<u64>()
                                    .ok()
                                    .filter(|&n| n >= 1 && n <= MAX_INT_WIDTH as u64);
                                return match width {
                                    Some(n) => {
                                        self.advance();
                                        Ok(Type::Int(n as u32))
                                    }
                                    None => Err(self.err_here(format!(
                                        "integer bitwidth {w} is out of range: integer types must be i1 to i{MAX_INT_WIDTH}"
                                    ))),
                                };
                            }
                        }
                        if (s.starts_with("si") || s.starts_with("ui"))
                            && s.len() > 2
                            && s[2..].bytes().all(|c| c.is_ascii_digit())
                        {
                            return Err(self.err_here(format!(
                                "signed and unsigned integer types are not supported: '{s}'"
                            )));
                        }
                        return Err(self.unexpected("a type"));
                    }
                };
                self.advance();
                Ok(ty)
            }
            Tok::ExclIdent => {
                let name = self.spelling(self.tok);
                if let Some(Alias::Type(t)) = self.aliases.get(name) {
                    let t = t.clone();
                    self.advance();
                    return Ok(t);
                }
                if let Some(t) = self.parse_llvm_dialect_type(name)? {
                    return Ok(t);
                }
                Err(
                    self.err_here(if name.starts_with("!llvm.") && !self.in_std_func {
                        format!("unknown or unsupported LLVM dialect type '{name}'")
                    } else if name.contains('.') {
                        format!("dialect types are not supported in the Standard dialect: '{name}'")
                    } else {
                        format!("undefined type alias '{name}'")
                    }),
                )
            }
            _ => Err(self.unexpected("a type")),
        }
    }

    /// `(T, ...) -> R` or `(T, ...) -> (R, ...)`.
    fn parse_function_type(&mut self) -> PResult<Type> {
        let inputs = self.parse_paren_type_list()?;
        self.expect(Tok::Arrow, "'->' in function type")?;
        let results = self.parse_result_types()?;
        Ok(Type::function(inputs, results))
    }

    /// `( )` or `( T, ... )`.
    fn parse_paren_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LParen, "'('")?;
        let mut v = Vec::new();
        if self.eat(Tok::RParen) {
            return Ok(v);
        }
        loop {
            v.push(self.parse_type()?);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "')' or ',' in type list")?;
        Ok(v)
    }

    /// A function's result list: `(T, ...)` or a single type.
    fn parse_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.tok.kind == Tok::LParen {
            self.parse_paren_type_list()
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    /// A function signature's results: a single type, or `(T {attrs}, ...)` where each
    /// type may carry a result attribute dictionary; with each result's dictionary.
    fn parse_func_results(&mut self) -> PResult<(Vec<Type>, Vec<Vec<NamedAttr>>)> {
        if self.tok.kind != Tok::LParen {
            return Ok((vec![self.parse_type()?], vec![Vec::new()]));
        }
        self.advance();
        let mut v = Vec::new();
        let mut attrs = Vec::new();
        if self.eat(Tok::RParen) {
            return Ok((v, attrs));
        }
        loop {
            v.push(self.parse_type()?);
            attrs.push(self.parse_arg_attr_dict()?);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "')' or ',' in result list")?;
        Ok((v, attrs))
    }

    /// The optional attribute dictionary of a function argument or result (`{llvm.noalias}`);
    /// a name given twice is an error.
    fn parse_arg_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        if self.tok.kind != Tok::LBrace {
            return Ok(Vec::new());
        }
        let loc = self.tok.loc;
        let attrs = self.parse_attr_dict()?;
        for (i, a) in attrs.iter().enumerate() {
            if attrs[..i].iter().any(|b| b.name == a.name) {
                return Err(self.err_at(loc, format!("duplicate attribute '{}'", a.name)));
            }
        }
        Ok(attrs)
    }

    /// A comma-separated list of at least one type.
    fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        let mut v = vec![self.parse_type()?];
        while self.eat(Tok::Comma) {
            v.push(self.parse_type()?);
        }
        Ok(v)
    }

    /// Scans a dimension list `4x?x8x` at byte level right after a `<` token (MLIR
    /// lexes `4x8xf32` specially), leaving the parser at the element type. Returns the
    /// dimensions and whether the list was `*x` (unranked).
    fn scan_dims(&mut self, allow_star: bool) -> PResult<(Vec<Option<u64>>, bool)> {
        // The current token is the first token after '<'; re-scan from its start.
        self.lex.reset(self.tok.start as usize);
        let mut dims = Vec::new();
        let mut star = false;
        loop {
            let loc = self.lex.here();
            match self.lex.peek_byte() {
                Some(b'?') => {
                    self.lex.bump();
                    dims.push(None);
                }
                Some(b'*') if allow_star && dims.is_empty() && !star => {
                    self.lex.bump();
                    star = true;
                }
                Some(c) if c.is_ascii_digit() => match self.lex.scan_decimal() {
                    Some(Some(v)) => dims.push(Some(v)),
                    _ => return Err(self.err_at(loc, "dimension size is too large")),
                },
                _ => break,
            }
            let loc = self.lex.here();
            if self.lex.peek_byte() == Some(b'x') {
                self.lex.bump();
            } else {
                self.tok = self.lex.next_token();
                let _ = loc;
                return Err(self.unexpected("'x' in dimension list"));
            }
        }
        self.tok = self.lex.next_token();
        Ok((dims, star))
    }

    /// `vector<...>` or `memref<...>`. Shaped types repeat (every load and store
    /// spells its memref's type), so the last few parsed are remembered with their
    /// text, when it is short, on one line and ASCII: the same text is the same type
    /// (types do not depend on where they are, and aliases are never redefined), read
    /// by moving the lexer past it.
    fn parse_shaped_type(&mut self) -> PResult<Type> {
        const MEMO_LEN: usize = 64;
        const MEMO_TYPES: usize = 4;
        let start = self.tok.start as usize;
        let rest = self.src.get(start..).unwrap_or("");
        // The text nests at most as deep as it is long.
        if self.depth as usize + MEMO_LEN < MAX_DEPTH as usize {
            if let Some((text, ty)) = self.type_memo.iter().find(|(t, _)| rest.starts_with(t)) {
                let (end, ty) = (start + text.len(), ty.clone());
                self.lex.reset(end);
                self.prev_end = end as u32;
                self.tok = self.lex.next_token();
                return Ok(ty);
            }
        }
        let ty = if self.spelling(self.tok) == "vector" {
            self.parse_vector_type()?
        } else {
            self.parse_memref_type()?
        };
        let end = self.prev_end as usize;
        let text = self.src.get(start..end).unwrap_or("");
        // A shaped type ends with its own '>', after which no token continues it.
        if text.len() <= MEMO_LEN
            && text.ends_with('>')
            && end <= self.tok.start as usize
            && text.bytes().all(|c| c.is_ascii() && c != b'\n')
        {
            if self.type_memo.len() == MEMO_TYPES {
                self.type_memo.remove(0);
            }
            self.type_memo.push((text, ty.clone()));
        }
        Ok(ty)
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        let kw = self.advance();
        self.expect(Tok::Less, "'<' after 'vector'")?;
        let dims_loc = self.tok.loc;
        let (dims, _) = self.scan_dims(false)?;
        if dims.is_empty() {
            return Err(self.err_at(
                dims_loc,
                "expected vector dimensions, such as vector<4xf32>",
            ));
        }
        let mut shape = Vec::with_capacity(dims.len());
        for d in dims {
            match d {
                Some(n) if n > 0 => shape.push(n),
                Some(_) => return Err(self.err_at(dims_loc, "vector dimensions must be positive")),
                None => {
                    return Err(self.err_at(
                        dims_loc,
                        "vector dimensions must be static ('?' is not allowed)",
                    ))
                }
            }
        }
        // Every path materializes a vector element by element (the interpreter's values,
        // the lowering's insertvalue chains, LLVM's legalization), so a vector of 10^16
        // elements would exhaust memory rather than fail: a located error instead.
        let elements = shape.iter().try_fold(1u64, |acc, &d| acc.checked_mul(d));
        if elements.is_none_or(|n| n > MAX_VECTOR_ELEMENTS) {
            return Err(self.err_at(
                dims_loc,
                format!(
                    "vector type is too large: {} elements, at most {MAX_VECTOR_ELEMENTS} are supported",
                    elements.map_or("more than 2^64".to_string(), |n| n.to_string())
                ),
            ));
        }
        let elem_loc = self.tok.loc;
        let elem = self.parse_type()?;
        // LLVM 11 allows no `index` in vectors (upstream MLIR does, since LLVM 12).
        if !elem.is_scalar() || elem == Type::Index {
            return Err(self.err_at(elem_loc, format!("vector elements must be int or float type: invalid vector element type '{elem}'")));
        }
        self.expect(Tok::Greater, "'>' to end the vector type")?;
        let _ = kw;
        Ok(Type::Vector(Arc::new(VectorType { shape, elem })))
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        self.advance();
        self.expect(Tok::Less, "'<' after 'memref'")?;
        let (shape, unranked) = self.scan_dims(true)?;
        let elem_loc = self.tok.loc;
        let elem = self.parse_type()?;
        let elem_ok = elem.is_scalar() || matches!(&elem, Type::Vector(_));
        if !elem_ok {
            return Err(self.err_at(elem_loc, format!("invalid memref element type '{elem}': expected an integer, index, float or vector type")));
        }
        let rank = shape.len();
        let mut layout = Layout::Identity;
        let mut memory_space = 0u64;
        let mut seen_layout = false;
        while self.eat(Tok::Comma) {
            let loc = self.tok.loc;
            if self.tok.kind == Tok::Int {
                memory_space = self.parse_u64("a memory space")?;
                // A memory space may be followed by `: i64` in newer syntax.
                if self.eat(Tok::Colon) {
                    self.parse_type()?;
                }
                break;
            }
            if seen_layout || unranked {
                return Err(self.unexpected("a memory space"));
            }
            seen_layout = true;
            layout = self.parse_layout(rank)?;
            if let Layout::Affine { .. } = layout {
                // checked in parse_layout
            }
            let _ = loc;
        }
        self.expect(Tok::Greater, "'>' to end the memref type")?;
        if unranked {
            return Ok(Type::unranked_memref_in(elem, memory_space));
        }
        Ok(Type::MemRef(Arc::new(MemRefType {
            shape,
            elem,
            layout,
            memory_space,
        })))
    }

    fn parse_layout(&mut self, rank: usize) -> PResult<Layout> {
        let loc = self.tok.loc;
        if self.eat_kw("offset") {
            self.expect(Tok::Colon, "':' after 'offset'")?;
            let offset = self.parse_opt_i64()?;
            self.expect(Tok::Comma, "',' before 'strides'")?;
            self.expect_kw("strides")?;
            self.expect(Tok::Colon, "':' after 'strides'")?;
            let strides = self.parse_stride_list()?;
            if strides.len() != rank {
                return Err(self.err_at(
                    loc,
                    format!(
                        "expected {rank} strides for a memref of rank {rank}, found {}",
                        strides.len()
                    ),
                ));
            }
            // LLVM 11 builds the map `offset + sum(d_i * stride_i)`; at rank 1 with
            // offset 0 and stride 1 that is `(d0) -> (d0)`, the identity, which the
            // memref type drops. (Today's `strided<[1]>` stays a layout.)
            if offset == Some(0) && strides == [Some(1)] {
                return Ok(Layout::Identity);
            }
            return Ok(Layout::Strided(StridedLayout { offset, strides }));
        }
        if self.eat_kw("strided") {
            self.expect(Tok::Less, "'<' after 'strided'")?;
            let strides = self.parse_stride_list()?;
            let mut offset = Some(0);
            if self.eat(Tok::Comma) {
                self.expect_kw("offset")?;
                self.expect(Tok::Colon, "':' after 'offset'")?;
                offset = self.parse_opt_i64()?;
            }
            self.expect(Tok::Greater, "'>' to end the strided layout")?;
            if strides.len() != rank {
                return Err(self.err_at(
                    loc,
                    format!(
                        "expected {rank} strides for a memref of rank {rank}, found {}",
                        strides.len()
                    ),
                ));
            }
            return Ok(Layout::Strided(StridedLayout { offset, strides }));
        }
        let map = if self.eat_kw("affine_map") {
            self.expect(Tok::Less, "'<' after 'affine_map'")?;
            let m = self.parse_affine_map()?;
            self.expect(Tok::Greater, "'>' to end the affine map")?;
            m
        } else if self.tok.kind == Tok::HashIdent {
            let name = self.spelling(self.tok);
            match self.aliases.get(name) {
                Some(Alias::Map(m)) => {
                    let m = m.clone();
                    self.advance();
                    m
                }
                Some(Alias::Attr(_) | Alias::Type(_)) => {
                    return Err(self.err_here(format!("alias '{name}' is not an affine map")))
                }
                None => return Err(self.err_here(format!("undefined alias '{name}'"))),
            }
        } else {
            return Err(self.unexpected("a memref layout or memory space"));
        };
        if map.num_dims as usize != rank {
            return Err(self.err_at(loc, format!(
                "memref layout mismatch: the affine map has {} dimensions but the memref has rank {rank}",
                map.num_dims
            )));
        }
        // An identity map is no layout at all: the type is the same as without it
        // (MLIR drops identity maps when it builds a memref type).
        if map.is_identity() {
            return Ok(Layout::Identity);
        }
        Ok(Layout::Affine {
            text: map.text(),
            strided: map.strided(),
        })
    }

    fn parse_stride_list(&mut self) -> PResult<Vec<Option<i64>>> {
        self.expect(Tok::LSquare, "'[' to start the stride list")?;
        let mut v = Vec::new();
        if self.eat(Tok::RSquare) {
            return Ok(v);
        }
        loop {
            v.push(self.parse_opt_i64()?);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RSquare, "']' or ',' in stride list")?;
        Ok(v)
    }

    fn at_type_start(&self) -> bool {
        match self.tok.kind {
            Tok::LParen => true,
            Tok::BareIdent => is_bare_type_keyword(self.spelling(self.tok)),
            _ => false,
        }
    }

    // ---------------------------------------------------------------- attributes

    pub fn parse_attr(&mut self) -> PResult<Attribute> {
        self.enter()?;
        let r = self.parse_attr_inner();
        self.leave();
        r
    }

    fn parse_attr_inner(&mut self) -> PResult<Attribute> {
        match self.tok.kind {
            Tok::Int | Tok::Float | Tok::Minus => self.parse_number_attr(),
            Tok::Str => {
                let s = self.parse_string("a string")?;
                Ok(Attribute::Str(s))
            }
            Tok::AtIdent => {
                let t = self.advance();
                if self.tok.kind == Tok::Colon && self.lex.peek_byte() == Some(b':') {
                    return Err(self.err_here("nested symbol references are not supported"));
                }
                Ok(Attribute::SymbolRef(self.symbol_name(t)?))
            }
            Tok::LSquare => {
                self.advance();
                let mut v = Vec::new();
                if !self.eat(Tok::RSquare) {
                    loop {
                        v.push(self.parse_attr()?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare, "']' or ',' in array attribute")?;
                }
                Ok(Attribute::Array(v))
            }
            Tok::LBrace => Ok(Attribute::Dict(self.parse_attr_dict()?)),
            Tok::HashIdent => {
                let name = self.spelling(self.tok);
                match self.aliases.get(name) {
                    Some(Alias::Attr(a)) => {
                        let a = a.clone();
                        self.advance();
                        Ok(a)
                    }
                    Some(Alias::Map(m)) => {
                        let a = Attribute::AffineMap(m.text());
                        self.advance();
                        Ok(a)
                    }
                    Some(Alias::Type(_)) => {
                        Err(self.err_here(format!("'{name}' is a type alias, not an attribute")))
                    }
                    None => Err(self.err_here(format!("undefined alias '{name}'"))),
                }
            }
            Tok::BareIdent => {
                let s = self.spelling(self.tok);
                match s {
                    "true" => {
                        self.advance();
                        Ok(Attribute::Bool(true))
                    }
                    "false" => {
                        self.advance();
                        Ok(Attribute::Bool(false))
                    }
                    "unit" => {
                        self.advance();
                        Ok(Attribute::Unit)
                    }
                    "dense" => self.parse_dense(),
                    "affine_map" => {
                        self.advance();
                        self.expect(Tok::Less, "'<' after 'affine_map'")?;
                        let m = self.parse_affine_map()?;
                        self.expect(Tok::Greater, "'>' to end the affine map")?;
                        Ok(Attribute::AffineMap(m.text()))
                    }
                    _ if self.at_type_start() => Ok(Attribute::Type(self.parse_type()?)),
                    _ => Err(self.unexpected("an attribute value")),
                }
            }
            Tok::LParen | Tok::ExclIdent => Ok(Attribute::Type(self.parse_type()?)),
            _ => Err(self.unexpected("an attribute value")),
        }
    }

    /// An integer or float literal with an optional `: type` (default i64 / f64).
    fn parse_number_attr(&mut self) -> PResult<Attribute> {
        let neg = self.eat(Tok::Minus);
        let t = self.tok;
        if !matches!(t.kind, Tok::Int | Tok::Float) {
            return Err(self.unexpected("an integer or float literal"));
        }
        self.advance();
        let ty = if self.eat(Tok::Colon) {
            self.parse_type()?
        } else if t.kind == Tok::Int {
            Type::i64()
        } else {
            Type::F64
        };
        self.number_to_attr(neg, t, &ty)
    }

    /// Converts a literal (`neg` for a leading minus) to an attribute of type `ty`.
    fn number_to_attr(&self, neg: bool, t: Token, ty: &Type) -> PResult<Attribute> {
        let text = self.spelling(t);
        let sign = if neg { "-" } else { "" };
        match (t.kind, ty) {
            (Tok::Int, Type::Int(_) | Type::Index) => {
                let w = match ty {
                    Type::Int(w) => *w,
                    _ => 64,
                };
                // A literal beyond 128 bits is out of range like any other.
                let magnitude = self.int_magnitude(t).ok();
                let m = magnitude.unwrap_or(u128::MAX);
                let fits = magnitude.is_some()
                    && if neg {
                        m <= 1u128 << (w - 1)
                    } else {
                        w == 128 || m < 1u128 << w
                    };
                if !fits {
                    return Err(self.err_at(
                        t.loc,
                        format!(
                            "integer constant out of range for attribute: {sign}{text} does not fit in {ty}"
                        ),
                    ));
                }
                let v = if neg {
                    (m as i128).wrapping_neg()
                } else {
                    m as i128
                };
                Ok(Attribute::int(v, ty.clone()))
            }
            (Tok::Int, t2) if t2.is_float() => {
                if !text.starts_with("0x") {
                    return Err(self.err_at(
                        t.loc,
                        format!("unexpected decimal integer literal {sign}{text} for a floating point value of type {ty}; add a trailing dot to make it a float (e.g. {sign}{text}.0)"),
                    ));
                }
                let w = ty.bit_width().unwrap_or(64);
                if neg {
                    return Err(self.err_at(
                        t.loc,
                        "hexadecimal float literal should not have a leading minus",
                    ));
                }
                let m = self.int_magnitude(t)?;
                if m >> w != 0 {
                    return Err(self.err_at(
                        t.loc,
                        format!("hexadecimal float constant out of range for type: {sign}{text} does not fit in {ty}"),
                    ));
                }
                Ok(Attribute::Float {
                    bits: m as u64,
                    ty: ty.clone(),
                })
            }
            (Tok::Float, t2) if t2.is_float() => {
                let v: f64 = text.parse().map_err(|_| {
                    self.err_at(t.loc, format!("invalid floating point literal '{text}'"))
                })?;
                let v = if neg { -v } else { v };
                Ok(Attribute::float(v, ty.clone()))
            }
            (Tok::Float, Type::Int(_) | Type::Index) => Err(self.err_at(
                t.loc,
                format!("floating point value not valid for specified type: {sign}{text} used with integer type {ty}"),
            )),
            _ => Err(self.err_at(t.loc, format!("a number literal cannot have type {ty}"))),
        }
    }

    /// `{name = attr, unit_name, "quoted" = attr}`.
    pub fn parse_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        self.expect(Tok::LBrace, "'{'")?;
        let mut v: Vec<NamedAttr> = Vec::new();
        if self.eat(Tok::RBrace) {
            return Ok(v);
        }
        loop {
            let loc = self.tok.loc;
            let name = match self.tok.kind {
                Tok::BareIdent => {
                    let t = self.advance();
                    self.spelling(t).to_string()
                }
                Tok::Str => self.parse_string("an attribute name")?,
                _ => return Err(self.unexpected("an attribute name")),
            };
            if v.iter().any(|a| a.name == name) {
                return Err(self.err_at(loc, format!("duplicate attribute '{name}'")));
            }
            let value = if self.eat(Tok::Equal) {
                self.parse_attr()?
            } else {
                Attribute::Unit
            };
            v.push(NamedAttr {
                name: name.into(),
                value,
            });
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RBrace, "'}' or ',' in attribute dictionary")?;
        Ok(v)
    }

    fn parse_opt_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        if self.upstream_op {
            return self.parse_upstream_attr_dict();
        }
        if self.tok.kind == Tok::LBrace {
            self.parse_attr_dict()
        } else {
            Ok(Vec::new())
        }
    }

    /// `dense<...> : vector<...>`.
    fn parse_dense(&mut self) -> PResult<Attribute> {
        let kw = self.advance();
        self.expect(Tok::Less, "'<' after 'dense'")?;
        if self.tok.kind == Tok::Str {
            return self.parse_dense_hex(kw.loc);
        }
        let lit_loc = self.tok.loc;
        let mut elems: Vec<(bool, Token)> = Vec::new();
        let mut shape: Vec<Option<u64>> = Vec::new();
        let mut leaf_depth: Option<usize> = None;
        let bracketed = self.tok.kind == Tok::LSquare;
        self.parse_dense_elems(0, &mut shape, &mut leaf_depth, &mut elems)?;
        self.expect(Tok::Greater, "'>' to end the dense literal")?;
        self.expect(Tok::Colon, "':' and a type after a dense literal")?;
        let ty_loc = self.tok.loc;
        let ty = self.parse_type()?;
        let Type::Vector(vt) = &ty else {
            return Err(self.err_at(
                ty_loc,
                format!("dense literals must have a vector type, found {ty}"),
            ));
        };
        let _ = kw;
        let convert = |p: &Self, (neg, t): (bool, Token)| -> PResult<Attribute> {
            if t.kind == Tok::BareIdent {
                let b = p.spelling(t) == "true";
                if vt.elem != Type::i1() {
                    return Err(p.err_at(
                        t.loc,
                        format!(
                            "boolean literal in a dense literal of element type {}",
                            vt.elem
                        ),
                    ));
                }
                return Ok(Attribute::Bool(b));
            }
            p.number_to_attr(neg, t, &vt.elem)
        };
        if !bracketed {
            let e = elems
                .first()
                .copied()
                .ok_or_else(|| self.err_at(lit_loc, "empty dense literal"))?;
            return Ok(Attribute::Dense {
                values: DenseValues::Splat(Box::new(convert(self, e)?)),
                ty,
            });
        }
        let shape: Vec<u64> = shape.iter().map(|d| d.unwrap_or(0)).collect();
        if shape != vt.shape {
            let s: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            return Err(self.err_at(
                lit_loc,
                format!(
                    "dense literal of shape [{}] does not match type {ty}",
                    s.join(", ")
                ),
            ));
        }
        let mut values = Vec::with_capacity(elems.len());
        for e in elems {
            values.push(convert(self, e)?);
        }
        // A list the hex form could not hold (it would read back as a splat) says
        // nothing about the file's hex threshold.
        if dense_hex_of_list(&values, &vt.elem).is_some() {
            let n = values.len() as u64;
            self.dense_list_max = Some(self.dense_list_max.map_or(n, |m| m.max(n)));
        }
        Ok(Attribute::Dense {
            values: DenseValues::Elements(values),
            ty,
        })
    }

    /// The rest of `dense<"0x...">` after the `<` (the hex form MLIR prints for large
    /// constants): the bytes of the element buffer in hex ([`dense_from_raw`] reads
    /// them), errors worded and placed as MLIR's.
    fn parse_dense_hex(&mut self, kw_loc: Loc) -> PResult<Attribute> {
        let st = self.advance();
        let text = unescape(self.spelling(st).as_bytes())
            .map_err(|(at, m)| self.err_at(st.loc.offset(at), m))?;
        let raw = text
            .strip_prefix("0x")
            .filter(|h| h.len() % 2 == 0 && h.bytes().all(|c| c.is_ascii_hexdigit()))
            .map(|h| {
                h.as_bytes()
                    .chunks(2)
                    .map(|p| {
                        u8::from_str_radix(std::str::from_utf8(p).unwrap_or("0"), 16).unwrap_or(0)
                    })
                    .collect::<Vec<u8>>()
            })
            .ok_or_else(|| {
                self.err_at(
                    st.loc,
                    "expected string containing hex digits starting with `0x`",
                )
            })?;
        self.expect(Tok::Greater, "'>' to end the dense literal")?;
        self.expect(Tok::Colon, "':' and a type after a dense literal")?;
        let ty_loc = self.tok.loc;
        let ty = self.parse_type()?;
        let Type::Vector(vt) = &ty else {
            return Err(self.err_at(
                ty_loc,
                format!("dense literals must have a vector type, found {ty}"),
            ));
        };
        let count = vt.shape.iter().try_fold(1u64, |a, &d| a.checked_mul(d));
        let values = count
            .and_then(|n| dense_from_raw(&raw, &vt.elem, n))
            .ok_or_else(|| {
                self.err_at(
                    kw_loc,
                    format!("elements hex data size is invalid for provided type: '{ty}'"),
                )
            })?;
        if let DenseValues::Elements(xs) = &values {
            let n = xs.len() as u64;
            self.dense_hex_min = Some(self.dense_hex_min.map_or(n, |m| m.min(n)));
        }
        Ok(Attribute::Dense { values, ty })
    }

    fn parse_dense_elems(
        &mut self,
        level: usize,
        shape: &mut Vec<Option<u64>>,
        leaf_depth: &mut Option<usize>,
        out: &mut Vec<(bool, Token)>,
    ) -> PResult<()> {
        self.enter()?;
        let r = self.parse_dense_elems_inner(level, shape, leaf_depth, out);
        self.leave();
        r
    }

    fn parse_dense_elems_inner(
        &mut self,
        level: usize,
        shape: &mut Vec<Option<u64>>,
        leaf_depth: &mut Option<usize>,
        out: &mut Vec<(bool, Token)>,
    ) -> PResult<()> {
        let loc = self.tok.loc;
        if self.eat(Tok::LSquare) {
            let mut n = 0u64;
            if self.tok.kind != Tok::RSquare {
                loop {
                    self.parse_dense_elems(level + 1, shape, leaf_depth, out)?;
                    n += 1;
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
            }
            self.expect(Tok::RSquare, "']' or ',' in dense literal")?;
            if shape.len() <= level {
                shape.resize(level + 1, None);
            }
            match shape[level] {
                None => shape[level] = Some(n),
                Some(m) if m == n => {}
                Some(_) => {
                    return Err(self.err_at(loc, "dense literal has inconsistent dimensions"))
                }
            }
            return Ok(());
        }
        if *leaf_depth.get_or_insert(level) != level {
            return Err(self.err_at(loc, "dense literal has inconsistent nesting"));
        }
        if self.is_kw("true") || self.is_kw("false") {
            out.push((false, self.advance()));
            return Ok(());
        }
        let neg = self.eat(Tok::Minus);
        if !matches!(self.tok.kind, Tok::Int | Tok::Float) {
            return Err(self.unexpected("an element of a dense literal"));
        }
        out.push((neg, self.advance()));
        Ok(())
    }

    // ---------------------------------------------------------------- module

    pub fn parse_module(&mut self, file: &str) -> PResult<Module> {
        let mut m = Module::new(file);
        if self.tok.kind == Tok::Eof {
            return Err(self.err_at(Loc::new(1, 1), "empty file: expected a module or functions"));
        }
        let mut saw_module = false;
        let mut saw_func = false;
        loop {
            match self.tok.kind {
                Tok::Eof => break,
                Tok::HashIdent => self.parse_alias_def()?,
                Tok::ExclIdent => self.parse_type_alias_def()?,
                Tok::BareIdent if self.is_kw("module") || self.is_kw("builtin.module") => {
                    if saw_module || saw_func {
                        return Err(self.err_here("nested or repeated modules are not supported: expected one top-level module or bare functions"));
                    }
                    saw_module = true;
                    self.advance();
                    if self.tok.kind == Tok::AtIdent {
                        let t = self.advance();
                        let name = self.symbol_name(t)?;
                        m.attrs
                            .push(NamedAttr::new("sym_name", Attribute::Str(name)));
                    }
                    if self.eat_kw("attributes") {
                        self.add_module_attrs(&mut m)?;
                    }
                    self.expect(Tok::LBrace, "'{' to start the module body")?;
                    self.parse_module_items(&mut m)?;
                    self.advance();
                    self.skip_loc()?;
                }
                Tok::Str if self.spelling(self.tok) == "\"module\"" => {
                    if saw_module || saw_func {
                        return Err(self.err_here("nested or repeated modules are not supported: expected one top-level module or bare functions"));
                    }
                    saw_module = true;
                    self.parse_generic_module(&mut m)?;
                }
                Tok::Str | Tok::BareIdent if self.at_func() => {
                    if saw_module {
                        return Err(
                            self.err_here("functions after the top-level module are not supported")
                        );
                    }
                    saw_func = true;
                    let f = self.parse_any_func()?;
                    m.funcs.push(f);
                }
                _ => return Err(self.unexpected("'func' or 'module' at top level")),
            }
        }
        // Symbols must be unique.
        let mut seen: FxMap<&str, Loc> = FxMap::default();
        for f in &m.funcs {
            if let Some(prev) = seen.insert(&f.name, f.loc) {
                return Err(Diagnostic::error(
                    f.loc,
                    format!("redefinition of symbol '@{}'", f.name),
                )
                .with_note(prev, "previous definition is here"));
            }
        }
        self.resolve_locs(&mut m);
        m.dense_hex_if_larger = match (self.dense_hex_min, self.dense_list_max) {
            (Some(h), d) if d.is_none_or(|d| d < h) => Some(d.unwrap_or(0)),
            _ => None,
        };
        Ok(m)
    }

    /// The generic form of a module, as LLVM 11 prints it with
    /// `--mlir-print-op-generic`: `"module"() ( { ... "module_terminator"() : () -> () })
    /// {attrs} : () -> ()`, holding functions in either form.
    fn parse_generic_module(&mut self, m: &mut Module) -> PResult<()> {
        self.advance();
        self.expect(Tok::LParen, "'(' after \"module\"")?;
        self.expect(Tok::RParen, "')': a module takes no operands")?;
        self.expect(Tok::LParen, "'(' to start the module's region")?;
        self.expect(Tok::LBrace, "'{' to start the module body")?;
        self.parse_module_items(m)?;
        self.advance();
        self.expect(Tok::RParen, "')' to end the module's region")?;
        if self.tok.kind == Tok::LBrace {
            self.add_module_attrs(m)?;
        }
        self.unit_op_type("module")?;
        self.skip_loc()
    }

    /// The items of a module body, in either form, up to its `}` (not consumed):
    /// aliases, functions in custom or generic form, and LLVM 11's implicit
    /// `module_terminator` written out.
    fn parse_module_items(&mut self, m: &mut Module) -> PResult<()> {
        loop {
            match self.tok.kind {
                Tok::RBrace => return Ok(()),
                Tok::HashIdent => self.parse_alias_def()?,
                Tok::ExclIdent => self.parse_type_alias_def()?,
                Tok::Str | Tok::BareIdent if self.at_func() => {
                    let f = self.parse_any_func()?;
                    m.funcs.push(f);
                }
                Tok::Str | Tok::BareIdent
                    if matches!(self.spelling(self.tok), "module" | "\"module\"") =>
                {
                    return Err(self.err_here("nested modules are not supported"));
                }
                Tok::Str | Tok::BareIdent
                    if self.spelling(self.tok).trim_matches('"') == "module_terminator" =>
                {
                    self.parse_module_terminator()?;
                }
                Tok::Str | Tok::BareIdent
                    if self.spelling(self.tok).trim_matches('"') == "llvm.mlir.global" =>
                {
                    return Err(self.err_here(
                        "globals ('llvm.mlir.global') are not supported: neither lowering of the Standard dialect makes one",
                    ));
                }
                _ => return Err(self.unexpected("'func' or '}' in module body")),
            }
        }
    }

    /// A module's attribute dictionary, added to `m`'s attributes (a name given twice
    /// is an error).
    fn add_module_attrs(&mut self, m: &mut Module) -> PResult<()> {
        for a in self.parse_attr_dict()? {
            if m.attrs.iter().any(|b| b.name == a.name) {
                return Err(self.err_here(format!("duplicate attribute '{}'", a.name)));
            }
            m.attrs.push(a);
        }
        Ok(())
    }

    /// `: () -> ()` after the generic form of a module or function.
    fn unit_op_type(&mut self, what: &str) -> PResult<()> {
        self.expect(Tok::Colon, "':' and the type '() -> ()'")?;
        let tl = self.tok.loc;
        let ty = self.parse_type()?;
        if ty != Type::function(vec![], vec![]) {
            return Err(self.err_at(tl, format!("'{what}' has type '() -> ()', found '{ty}'")));
        }
        Ok(())
    }

    /// Whether the current token starts a function: `func`, `func.func` or the generic
    /// form's `"func"`.
    fn at_func(&self) -> bool {
        match self.tok.kind {
            Tok::Str => self.spelling(self.tok) == "\"func\"",
            Tok::BareIdent => {
                self.is_kw("func") || self.is_kw("func.func") || self.is_kw("llvm.func")
            }
            _ => false,
        }
    }

    /// The function [`Self::at_func`] found, in custom or generic form.
    pub(super) fn parse_any_func(&mut self) -> PResult<Func> {
        let f = if self.tok.kind == Tok::Str {
            self.parse_generic_func()
        } else {
            self.parse_func()
        };
        self.func_done();
        f
    }

    /// The generic form of a function: `"func"() ( { ^bb0(%a: i32): ... }) {sym_name =
    /// "f", type = (i32) -> i32} : () -> ()`, or an empty region for a declaration. The
    /// entry block's header names the arguments; `type` gives the signature.
    fn parse_generic_func(&mut self) -> PResult<Func> {
        let start = self.skimmed.is_some().then(|| (self.lex.clone(), self.tok));
        let kw = self.advance();
        self.expect(Tok::LParen, "'(' after \"func\"")?;
        self.expect(Tok::RParen, "')': a function takes no operands")?;
        self.expect(Tok::LParen, "'(' to start the function's region")?;
        if self.tok.kind != Tok::LBrace {
            return Err(self.unexpected("'{' to start the function body"));
        }
        // Skimming: the region is skipped, and parsed later from `start`.
        let skimmed_body = match start {
            Some(_) => Some(!self.skip_region()?),
            None => None,
        };
        let lbrace = if skimmed_body.is_some() {
            kw
        } else {
            self.advance()
        };
        let mut body = None;
        let mut arg_types = Vec::new();
        if skimmed_body.is_none() && !self.eat(Tok::RBrace) {
            let mut names: Vec<(&'a str, Loc)> = Vec::new();
            let mut label = None;
            if self.tok.kind == Tok::CaretIdent && self.lex.peek_byte() == Some(b'(') {
                label = Some(self.advance());
                self.expect(Tok::LParen, "'('")?;
                if !self.eat(Tok::RParen) {
                    loop {
                        let (t, ty) = self.parse_block_arg()?;
                        names.push((self.spelling(t), t.loc));
                        arg_types.push(ty);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RParen, "')' or ',' in block argument list")?;
                }
                self.expect(Tok::Colon, "':' after the block header")?;
            }
            body = Some(self.parse_body_labelled(&arg_types, &names, lbrace.loc, kw.loc, label)?);
        }
        self.expect(Tok::RParen, "')' to end the function's region")?;
        let attrs_loc = self.tok.loc;
        let mut attrs = self.parse_opt_attr_dict()?;
        self.unit_op_type("func")?;
        self.skip_loc()?;
        let name = match attrs.iter().position(|a| a.name == "sym_name") {
            Some(i) => match attrs.remove(i).value {
                Attribute::Str(s) => s,
                _ => return Err(self.err_at(attrs_loc, "'sym_name' must be a string")),
            },
            None => return Err(self.err_at(attrs_loc, "a generic 'func' needs a 'sym_name'")),
        };
        let ty = match attrs.iter().position(|a| a.name == "type") {
            Some(i) => match attrs.remove(i).value {
                Attribute::Type(t @ Type::Function(_)) => t,
                _ => return Err(self.err_at(attrs_loc, "'type' must be a function type")),
            },
            None => return Err(self.err_at(attrs_loc, "a generic 'func' needs a 'type'")),
        };
        let (arg_attrs, res_attrs) = match &ty {
            Type::Function(ft) => take_arg_res_attrs(&mut attrs, ft.inputs.len(), ft.results.len())
                .map_err(|m| self.err_at(attrs_loc, m))?,
            _ => (Vec::new(), Vec::new()),
        };
        visibility_first(&mut attrs);
        let declaration = match skimmed_body {
            Some(has_body) => !has_body,
            None => body.is_none(),
        };
        if declaration {
            drop_private(&mut attrs);
        }
        if let Some((lex, tok)) = start {
            match skimmed_body {
                Some(true) => self.record_body(lex, tok),
                _ => {
                    if let Some(s) = &mut self.skimmed {
                        s.push(None);
                    }
                }
            }
        }
        if let (Some(_), Type::Function(ft)) = (&body, &ty) {
            if ft.inputs != arg_types {
                return Err(self.err_at(
                    lbrace.loc,
                    format!(
                        "the entry block's arguments ({}) do not match the function type {ty}",
                        arg_types
                            .iter()
                            .map(|t| t.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        }
        let mut f = Func {
            name,
            kind: FuncKind::Std,
            ty,
            attrs,
            arg_attrs: Vec::new(),
            res_attrs: Vec::new(),
            body,
            loc: kw.loc,
        };
        f.set_arg_res_attrs(arg_attrs, res_attrs);
        Ok(f)
    }

    /// LLVM 11's implicit module terminator written out: `"module_terminator"() : () ->
    /// ()` (generic) or `module_terminator` (custom), last in the module body.
    fn parse_module_terminator(&mut self) -> PResult<()> {
        let t = self.advance();
        if t.kind == Tok::Str {
            self.expect(Tok::LParen, "'(' after \"module_terminator\"")?;
            self.expect(Tok::RParen, "')': module_terminator takes no operands")?;
            if self.tok.kind == Tok::LBrace {
                self.parse_attr_dict()?;
            }
            self.unit_op_type("module_terminator")?;
        }
        self.skip_loc()?;
        if self.tok.kind != Tok::RBrace {
            return Err(self.unexpected("'}': module_terminator must end the module body"));
        }
        Ok(())
    }

    /// Skips a trailing source location `loc(...)`, which the IR does not keep.
    fn skip_loc(&mut self) -> PResult<()> {
        if !self.is_kw("loc") || self.lex.peek_byte() != Some(b'(') {
            return Ok(());
        }
        self.advance();
        let open = self.expect(Tok::LParen, "'(' after 'loc'")?;
        // What may start a location: `"file":1:2`, `"name"(...)`, `unknown`,
        // `callsite(...)`, `fused[...]` or an alias `#loc`; the rest is skipped.
        let starts_location = match self.tok.kind {
            Tok::Str | Tok::HashIdent => true,
            Tok::BareIdent => matches!(self.spelling(self.tok), "unknown" | "callsite" | "fused"),
            _ => false,
        };
        if !starts_location {
            return Err(
                self.unexpected("a location instance ('\"file\":line:col', 'unknown', ...)")
            );
        }
        let mut depth = 1usize;
        while depth > 0 {
            match self.tok.kind {
                Tok::LParen => depth += 1,
                Tok::RParen => depth -= 1,
                Tok::Eof => return Err(self.err_at(open.loc, "unterminated location 'loc('")),
                Tok::Error => return Err(self.unexpected("a location")),
                _ => {}
            }
            self.advance();
        }
        Ok(())
    }

    /// `#name = affine_map<...>` or `#name = attr` (`#loc = loc(...)` is skipped).
    fn parse_alias_def(&mut self) -> PResult<()> {
        let t = self.advance();
        let name = self.spelling(t);
        if self.aliases.contains_key(name) {
            return Err(self.err_at(t.loc, format!("redefinition of alias '{name}'")));
        }
        self.expect(Tok::Equal, "'=' in alias definition")?;
        if self.is_kw("loc") {
            if self.kept.is_some() {
                let r = self.parse_loc_ref()?;
                if let (Some(k), Some(r)) = (self.kept.as_mut(), r) {
                    k.aliases.insert(name, r);
                }
                return Ok(());
            }
            return self.skip_loc();
        }
        let alias = if self.eat_kw("affine_map") {
            self.expect(Tok::Less, "'<' after 'affine_map'")?;
            let m = self.parse_affine_map()?;
            self.expect(Tok::Greater, "'>' to end the affine map")?;
            Alias::Map(m)
        } else {
            Alias::Attr(self.parse_attr()?)
        };
        self.aliases.insert(name, alias);
        Ok(())
    }

    /// `!name = type T` (LLVM 11) or `!name = T` (today's syntax).
    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let t = self.advance();
        let name = self.spelling(t);
        if name.contains('.') {
            return Err(self.err_at(
                t.loc,
                format!("a type alias name cannot contain '.': '{name}'"),
            ));
        }
        if self.aliases.contains_key(name) {
            return Err(self.err_at(t.loc, format!("redefinition of alias '{name}'")));
        }
        self.expect(Tok::Equal, "'=' in type alias definition")?;
        self.eat_kw("type");
        let ty = self.parse_type()?;
        self.aliases.insert(name, Alias::Type(ty));
        Ok(())
    }

    fn parse_func(&mut self) -> PResult<Func> {
        // The LLVM 11 notation of LLVM types is read outside Standard functions only:
        // in one, `!llvm.i32` is not `i32` but an error, as LLVM types are.
        let std_func = self.spelling(self.tok) != "llvm.func";
        let was = std::mem::replace(&mut self.in_std_func, std_func);
        let f = self.parse_func_in();
        self.in_std_func = was;
        f
    }

    /// [`Self::parse_func`], the flag set.
    fn parse_func_in(&mut self) -> PResult<Func> {
        let start = self.skimmed.is_some().then(|| (self.lex.clone(), self.tok));
        let kw = self.advance();
        let is_llvm = self.spelling(kw) == "llvm.func";
        let mut attrs = Vec::new();
        if is_llvm && self.tok.kind == Tok::BareIdent {
            return Err(self.err_here(format!(
                "linkage '{}' on an llvm.func is not supported: write an external llvm.func",
                self.spelling(self.tok)
            )));
        }
        if self.tok.kind == Tok::BareIdent {
            let s = self.spelling(self.tok);
            if matches!(s, "private" | "public" | "nested") {
                self.advance();
                attrs.push(NamedAttr::new(
                    "sym_visibility",
                    Attribute::Str(s.to_string()),
                ));
            }
        }
        if self.tok.kind != Tok::AtIdent {
            return Err(self.unexpected("a function name ('@name')"));
        }
        let nt = self.advance();
        let name = self.symbol_name(nt)?;
        // Arguments.
        let legacy_before = self.legacy_types_read();
        self.expect(Tok::LParen, "'(' to start the argument list")?;
        let mut inputs = Vec::new();
        let mut arg_attrs = Vec::new();
        let mut arg_names: Vec<(&'a str, Loc)> = Vec::new();
        let mut named: Option<bool> = None;
        if !self.eat(Tok::RParen) {
            loop {
                let is_named = self.tok.kind == Tok::PercentIdent;
                match named {
                    None => named = Some(is_named),
                    Some(n) if n != is_named => {
                        return Err(self.err_here(
                            "arguments must either all be named ('%x: T') or all be types",
                        ))
                    }
                    _ => {}
                }
                if is_named {
                    let t = self.advance();
                    arg_names.push((self.spelling(t), t.loc));
                    self.expect(Tok::Colon, "':' after the argument name")?;
                }
                inputs.push(self.parse_type()?);
                arg_attrs.push(self.parse_arg_attr_dict()?);
                self.skip_loc()?;
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')' or ',' in argument list")?;
        }
        let mut results = Vec::new();
        let mut res_attrs = Vec::new();
        if self.eat(Tok::Arrow) {
            (results, res_attrs) = self.parse_func_results()?;
        }
        if is_llvm && self.legacy_types_read() > legacy_before {
            legacy::unit_attrs(&mut arg_attrs);
            legacy::unit_attrs(&mut res_attrs);
        }
        if self.eat_kw("attributes") {
            for a in self.parse_attr_dict()? {
                if attrs.iter().any(|b| b.name == a.name) {
                    return Err(self.err_at(kw.loc, format!("duplicate attribute '{}'", a.name)));
                }
                attrs.push(a);
            }
        }
        self.skip_loc()?;
        visibility_first(&mut attrs);
        let (kind, ty) = if is_llvm {
            (
                FuncKind::Llvm,
                self.llvm_func_type(kw.loc, &inputs, results)?,
            )
        } else {
            (FuncKind::Std, Type::function(inputs.clone(), results))
        };
        let mut f = Func {
            name,
            kind,
            ty,
            attrs,
            arg_attrs: Vec::new(),
            res_attrs: Vec::new(),
            body: None,
            loc: kw.loc,
        };
        f.set_arg_res_attrs(arg_attrs, res_attrs);
        if self.tok.kind != Tok::LBrace {
            // Upstream declarations must be private; that says nothing LLVM 11's
            // external `func` does not, so the IR is the same in both syntaxes (and
            // whether an LLVM 11 declaration spells it out).
            drop_private(&mut f.attrs);
            if let Some(s) = &mut self.skimmed {
                s.push(None);
            }
            return Ok(f);
        }
        if let Some((lex, tok)) = start {
            self.skip_body(lex, tok)?;
            return Ok(f);
        }
        let lbrace = self.advance();
        self.in_llvm_func = is_llvm;
        let body = self.parse_body(&inputs, &arg_names, lbrace.loc, kw.loc);
        self.in_llvm_func = false;
        f.body = Some(body?);
        Ok(f)
    }

    fn parse_body(
        &mut self,
        inputs: &[Type],
        names: &[(&'a str, Loc)],
        loc: Loc,
        func_loc: Loc,
    ) -> PResult<Body> {
        self.parse_body_labelled(inputs, names, loc, func_loc, None)
    }

    /// [`Self::parse_body`] where the entry block's label `label` (with the arguments
    /// `names`) has been read already, as in the generic form of `func`.
    fn parse_body_labelled(
        &mut self,
        inputs: &[Type],
        names: &[(&'a str, Loc)],
        loc: Loc,
        func_loc: Loc,
        label: Option<Token>,
    ) -> PResult<Body> {
        self.body = Body::new();
        // The name table keeps its capacity from the previous function: a cheap guess
        // of this one's size, which spares the arenas most of their growth by doubling.
        let hint = self.values.capacity();
        self.body.values.reserve(hint);
        self.body.ops.reserve(hint);
        self.values.clear();
        self.blocks.clear();
        self.pending.clear();
        let entry = self.body.add_block(inputs);
        self.body.blocks[entry.index()].loc = loc;
        for (i, (name, loc)) in names.iter().enumerate() {
            let v = self.body.blocks[entry.index()].args[i];
            self.define(name, v, 1, *loc)?;
        }
        // An optional label on the entry block (the printer writes one when an
        // unregistered op branches to it). With a signature of bare types (LLVM 11's
        // `func @f(i32) { ^bb0(%a: i32): ... }`) the label names the arguments, which
        // must match the signature as MLIR's FuncOp verifier requires.
        let mut entry_named = names.len() == inputs.len();
        let count_error = || {
            Diagnostic::error(
                func_loc,
                format!(
                    "'func' op entry block must have {} arguments to match function signature",
                    inputs.len()
                ),
            )
        };
        let label = match label {
            Some(t) => Some(t),
            None if self.tok.kind == Tok::CaretIdent => {
                let t = self.advance();
                if self.tok.kind == Tok::LParen && !names.is_empty() {
                    return Err(self.err_at(
                        t.loc,
                        "invalid block name in region with named arguments: the entry block's arguments are the signature's",
                    ));
                }
                if self.eat(Tok::LParen) {
                    let mut declared = Vec::new();
                    while !self.eat(Tok::RParen) {
                        if !declared.is_empty() {
                            self.expect(Tok::Comma, "')' or ',' in block argument list")?;
                        }
                        declared.push(self.parse_block_arg()?);
                    }
                    // The count first, then each type, as MLIR's verifier checks them.
                    if declared.len() != inputs.len() {
                        return Err(count_error());
                    }
                    let args = self.body.blocks[entry.index()].args.clone();
                    for (i, ((at, ty), v)) in declared.into_iter().zip(args).enumerate() {
                        if ty != inputs[i] {
                            return Err(self.err_at(
                                func_loc,
                                format!(
                                    "'func' op type of entry block argument #{i}({ty}) must match the type of the corresponding argument in function signature({})",
                                    inputs[i]
                                ),
                            ));
                        }
                        self.define(self.spelling(at), v, 1, at.loc)?;
                    }
                    entry_named = true;
                }
                self.expect(Tok::Colon, "':' after the block label")?;
                Some(t)
            }
            None => None,
        };
        if let Some(t) = label {
            self.blocks.insert(
                self.spelling(t),
                BlockEntry {
                    id: entry,
                    defined: true,
                    first_use: t.loc,
                },
            );
            self.body.blocks[entry.index()].loc = t.loc;
        }
        if !entry_named {
            return Err(count_error());
        }
        let mut cur = entry;
        loop {
            match self.tok.kind {
                Tok::RBrace => {
                    self.advance();
                    self.skip_loc()?;
                    break;
                }
                Tok::CaretIdent => cur = self.parse_block_header()?,
                Tok::Eof => return Err(self.unexpected("'}' to end the function body")),
                _ => self.parse_operation(cur)?,
            }
        }
        self.finish_body()?;
        Ok(std::mem::take(&mut self.body))
    }

    /// One block argument, `%name: type` with an optional location: its name token and type.
    fn parse_block_arg(&mut self) -> PResult<(Token, Type)> {
        if self.tok.kind != Tok::PercentIdent {
            return Err(self.unexpected("a block argument ('%name: type')"));
        }
        let at = self.advance();
        self.expect(Tok::Colon, "':' after the block argument name")?;
        let ty = self.parse_type()?;
        self.skip_loc()?;
        Ok((at, ty))
    }

    /// `^bb1(%a: i32, %b: f32):` — defines the block and its arguments.
    fn parse_block_header(&mut self) -> PResult<BlockId> {
        let t = self.advance();
        let name = self.spelling(t);
        let id = match self.blocks.get_mut(name) {
            Some(e) if e.defined => {
                return Err(self.err_at(t.loc, format!("redefinition of block '{name}'")));
            }
            Some(e) => {
                e.defined = true;
                e.id
            }
            None => {
                let id = self.body.create_block(&[]);
                self.blocks.insert(
                    name,
                    BlockEntry {
                        id,
                        defined: true,
                        first_use: t.loc,
                    },
                );
                id
            }
        };
        self.body.layout.push(id);
        self.body.blocks[id.index()].loc = t.loc;
        if self.eat(Tok::LParen) && !self.eat(Tok::RParen) {
            loop {
                let (at, ty) = self.parse_block_arg()?;
                let v = self.body.add_block_arg(id, ty);
                self.define(self.spelling(at), v, 1, at.loc)?;
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')' or ',' in block argument list")?;
        }
        self.expect(Tok::Colon, "':' after the block label")?;
        Ok(id)
    }

    fn define(&mut self, name: &'a str, first: ValueId, count: u32, loc: Loc) -> PResult<()> {
        match self.values.entry(name) {
            std::collections::hash_map::Entry::Occupied(prev) => Err(Diagnostic::error(
                loc,
                format!("redefinition of value '{name}' (redefinition of SSA value '{name}')"),
            )
            .with_note(prev.get().loc, "previous definition is here")),
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(ValEntry { first, count, loc });
                Ok(())
            }
        }
    }

    /// Resolves forward references and reports undefined values and blocks.
    fn finish_body(&mut self) -> PResult<()> {
        let pending = std::mem::take(&mut self.pending);
        for p in pending {
            let v = self.lookup(p.use_, p.ty.as_ref())?.ok_or_else(|| {
                self.err_at(
                    p.use_.loc,
                    format!(
                        "use of undefined value '{}' (use of undeclared SSA value name)",
                        p.use_.name
                    ),
                )
            })?;
            let op = &mut self.body.ops[p.op.index()];
            let slot = match p.slot {
                Slot::Operand(i) => op.operands.get_mut(i as usize),
                Slot::SuccArg(s, i) => op
                    .successors
                    .get_mut(s as usize)
                    .and_then(|s| s.args.get_mut(i as usize)),
            };
            if let Some(slot) = slot {
                *slot = v;
            }
        }
        let mut undefined: Vec<(&str, Loc)> = self
            .blocks
            .iter()
            .filter(|(_, e)| !e.defined)
            .map(|(n, e)| (*n, e.first_use))
            .collect();
        undefined.sort_by_key(|(_, l)| *l);
        if let Some((name, loc)) = undefined.first() {
            return Err(self.err_at(
                *loc,
                format!("use of undefined block '{name}' (reference to an undefined block)"),
            ));
        }
        Ok(())
    }

    // ---------------------------------------------------------------- values

    /// `%name` or `%name#N`.
    fn parse_use(&mut self) -> PResult<UseRef<'a>> {
        if self.tok.kind != Tok::PercentIdent {
            return Err(self.unexpected("a value ('%name')"));
        }
        let t = self.advance();
        let mut u = UseRef {
            name: self.spelling(t),
            num: 0,
            loc: t.loc,
            start: t.start,
            end: t.end,
            direct: None,
        };
        if self.tok.kind == Tok::HashIdent && self.tok.start == t.end {
            let h = self.advance();
            let digits = self.spelling(h).get(1..).unwrap_or("");
            u.num = digits
                .parse::<u32>()
                .ok()
                .filter(|_| digits.bytes().all(|c| c.is_ascii_digit()))
                .ok_or_else(|| self.err_at(h.loc, "invalid SSA value result number"))?;
            u.end = h.end;
        }
        Ok(u)
    }

    fn use_spelling(&self, u: UseRef<'a>) -> &'a str {
        self.src
            .get(u.start as usize..u.end as usize)
            .unwrap_or(u.name)
    }

    /// Looks a use up; `Ok(None)` when its name is not (yet) defined.
    fn lookup(&self, u: UseRef<'a>, ty: Option<&Type>) -> PResult<Option<ValueId>> {
        if u.direct.is_some() {
            return Ok(u.direct);
        }
        let Some(e) = self.values.get(u.name) else {
            return Ok(None);
        };
        if u.num >= e.count {
            return Err(self.err_at(
                u.loc,
                format!(
                    "result number {} of '{}' is out of range: it has {} result(s)",
                    u.num, u.name, e.count
                ),
            ));
        }
        let v = ValueId(e.first.0 + u.num);
        if let Some(ty) = ty {
            let actual = self.body.value_type(v);
            if actual != ty {
                return Err(self.err_at(
                    u.loc,
                    format!(
                        "'{0}' defined with type {actual} but used as {ty} (use of value '{0}' expects different type than prior uses: '{ty}' vs '{actual}')",
                        self.use_spelling(u)
                    ),
                ));
            }
        }
        Ok(Some(v))
    }

    /// A reference to a block by name, creating it on first use.
    fn block_ref(&mut self) -> PResult<BlockId> {
        if self.tok.kind != Tok::CaretIdent {
            return Err(self.unexpected("a block name ('^bb')"));
        }
        let t = self.advance();
        let name = self.spelling(t);
        if let Some(e) = self.blocks.get(name) {
            return Ok(e.id);
        }
        let id = self.body.create_block(&[]);
        self.blocks.insert(
            name,
            BlockEntry {
                id,
                defined: false,
                first_use: t.loc,
            },
        );
        Ok(id)
    }

    /// `^bb1` or `^bb1(%a, %b : i32, f32)`.
    fn parse_successor(&mut self) -> PResult<(BlockId, Vec<TypedUse<'a>>)> {
        let b = self.block_ref()?;
        let mut args = Vec::new();
        if self.eat(Tok::LParen) {
            let mut uses = Vec::new();
            if self.tok.kind != Tok::RParen {
                loop {
                    uses.push(self.parse_use()?);
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
                let cl = self.expect(Tok::Colon, "':' and the types of the successor operands")?;
                let types = self.parse_type_list()?;
                if types.len() != uses.len() {
                    return Err(self.err_at(
                        cl.loc,
                        format!(
                            "{} successor operand(s) but {} type(s)",
                            uses.len(),
                            types.len()
                        ),
                    ));
                }
                args = uses.into_iter().zip(types.into_iter().map(Some)).collect();
            }
            self.expect(Tok::RParen, "')' to end the successor operands")?;
        }
        Ok((b, args))
    }

    /// Whether the `%name` here starts the result names of the next operation
    /// (`%a, %b:2 = ...`) rather than a list of uses: what follows the names is `=`.
    /// (A `return` without values may be followed by an op in a printed, unverified
    /// module.)
    fn at_result_names(&self) -> bool {
        let mut lex = self.lex.clone();
        let mut t = self.tok;
        loop {
            if t.kind != Tok::PercentIdent {
                return false;
            }
            t = lex.next_token();
            if t.kind == Tok::Colon {
                if lex.next_token().kind != Tok::Int {
                    return false;
                }
                t = lex.next_token();
            }
            match t.kind {
                Tok::Equal => return true,
                Tok::Comma => t = lex.next_token(),
                _ => return false,
            }
        }
    }

    /// A comma-separated list of uses (possibly empty, ended by `close`, not consumed).
    fn parse_use_list(&mut self, close: Tok) -> PResult<Vec<UseRef<'a>>> {
        let mut v = Vec::new();
        if self.tok.kind == close {
            return Ok(v);
        }
        loop {
            v.push(self.parse_use()?);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        Ok(v)
    }

    /// Creates the op, resolving its operands now or recording forward references.
    fn build(&mut self, block: BlockId, spec: OpSpec<'a>, loc: Loc) -> PResult<OpId> {
        let mut operands = Vec::with_capacity(spec.operands.len());
        let mut pend: Vec<(Slot, UseRef<'a>, Option<Type>)> = Vec::new();
        for (i, (u, ty)) in spec.operands.into_iter().enumerate() {
            match self.lookup(u, ty.as_ref())? {
                Some(v) => operands.push(v),
                None => {
                    operands.push(PENDING);
                    pend.push((Slot::Operand(i as u32), u, ty));
                }
            }
        }
        let mut succs = Vec::with_capacity(spec.successors.len());
        for (si, (b, args)) in spec.successors.into_iter().enumerate() {
            let mut vals = Vec::with_capacity(args.len());
            for (i, (u, ty)) in args.into_iter().enumerate() {
                match self.lookup(u, ty.as_ref())? {
                    Some(v) => vals.push(v),
                    None => {
                        vals.push(PENDING);
                        pend.push((Slot::SuccArg(si as u32, i as u32), u, ty));
                    }
                }
            }
            succs.push(Successor {
                block: b,
                args: vals,
            });
        }
        let op = self.body.append_op(
            block,
            NewOp {
                kind: spec.kind,
                unregistered_name: spec.name,
                operands,
                result_types: spec.results,
                attrs: spec.attrs,
                successors: succs,
                loc,
            },
        );
        for (slot, use_, ty) in pend {
            self.pending.push(Pending { op, slot, use_, ty });
        }
        Ok(op)
    }

    // ---------------------------------------------------------------- operations

    fn parse_operation(&mut self, block: BlockId) -> PResult<()> {
        // Result names: `%a, %b:2 =` (the first apart: most ops bind one name, and
        // this spares them an allocation).
        let mut first_name: Option<(&'a str, u32, Loc)> = None;
        let mut more_names: Vec<(&'a str, u32, Loc)> = Vec::new();
        if self.tok.kind == Tok::PercentIdent {
            loop {
                if self.tok.kind != Tok::PercentIdent {
                    return Err(self.unexpected("a result name ('%name')"));
                }
                let t = self.advance();
                let mut count = 1u32;
                if self.eat(Tok::Colon) {
                    let c = self.parse_u64("a result count after ':'")?;
                    if c == 0 || c > u32::MAX as u64 / 2 {
                        return Err(self.err_at(t.loc, "invalid result count"));
                    }
                    count = c as u32;
                }
                let name = (self.spelling(t), count, t.loc);
                if first_name.is_none() {
                    first_name = Some(name);
                } else {
                    more_names.push(name);
                }
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Equal, "'=' after the result names")?;
        }
        let loc = self.tok.loc;
        let (spec, display_name) = match self.tok.kind {
            Tok::Str => {
                let name = self.parse_string("an operation name")?;
                let spec = self.parse_generic(&name, loc)?;
                (spec, std::borrow::Cow::Owned(name))
            }
            Tok::BareIdent => {
                let t = self.advance();
                let full = self.spelling(t);
                let spec = if self.in_llvm_func && full.starts_with("llvm.") {
                    self.parse_llvm_op(full, loc)?
                } else if full.contains('.') && !full.starts_with("std.") {
                    self.upstream_op = true;
                    let r = self.parse_upstream(block, full, loc);
                    self.upstream_op = false;
                    r?
                } else {
                    let short = full.strip_prefix("std.").unwrap_or(full);
                    self.parse_custom(short, full, loc)?
                };
                (spec, std::borrow::Cow::Borrowed(full))
            }
            _ => return Err(self.unexpected("an operation")),
        };
        let names = first_name.into_iter().chain(more_names);
        let bound: u64 = names.clone().map(|n| n.1 as u64).sum();
        if bound != spec.results.len() as u64 && first_name.is_some() {
            let at = first_name.map(|n| n.2).unwrap_or(loc);
            return Err(self.err_at(
                at,
                format!(
                    "operation '{display_name}' has {} result(s) but {bound} name(s) were bound",
                    spec.results.len()
                ),
            ));
        }
        let kept = if self.kept.is_some() {
            self.parse_loc_ref()?
        } else {
            self.skip_loc()?;
            None
        };
        let op = self.build(block, spec, loc)?;
        if self.kept.is_some() {
            self.set_op_loc(op, kept);
        }
        let mut k = 0usize;
        for (name, count, nloc) in names {
            let first = self.body.ops[op.index()].results[k];
            self.define(name, first, count, nloc)?;
            k += count as usize;
        }
        Ok(())
    }

    /// `"name"(%a, %b)[^bb1(%x : i32)] {attrs} : (A, B) -> R`.
    fn parse_generic(&mut self, name: &str, loc: Loc) -> PResult<OpSpec<'a>> {
        let kind = match OpKind::from_name(name) {
            Some(k) => k,
            None if name.starts_with("std.") => {
                return Err(self.err_at(loc, format!("unknown operation '{name}'")))
            }
            None if name.is_empty() => return Err(self.err_at(loc, "empty operation name")),
            None if super::upstream::is_upstream_dialect(name) => {
                return Err(self.err_at(
                    loc,
                    format!("the generic form of upstream op '{name}' is not supported: write its custom form"),
                ))
            }
            None => OpKind::Unregistered,
        };
        self.expect(Tok::LParen, "'(' to start the operand list")?;
        let uses = self.parse_use_list(Tok::RParen)?;
        self.expect(Tok::RParen, "')' or ',' in operand list")?;
        let mut succs = Vec::new();
        if self.eat(Tok::LSquare) {
            loop {
                succs.push(self.parse_successor()?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "']' or ',' in successor list")?;
        }
        // Today's inherent attributes (`<{isVolatile = false}>`), which the IR keeps
        // with the others.
        let mut props = Vec::new();
        if self.eat(Tok::Less) {
            props = self.parse_attr_dict()?;
            self.expect(Tok::Greater, "'>' to end the properties")?;
        }
        if self.tok.kind == Tok::LParen {
            return Err(self.err_here("operations with regions are not supported"));
        }
        let mut attrs = self.parse_opt_attr_dict()?;
        for p in props {
            if attrs.iter().any(|a| a.name == p.name) {
                return Err(self.err_at(loc, format!("duplicate attribute '{}'", p.name)));
            }
            attrs.push(p);
        }
        let cl = self.expect(Tok::Colon, "':' and the operation's function type")?;
        let ft_loc = self.tok.loc;
        let ft = self.parse_type()?;
        let Type::Function(ft) = ft else {
            return Err(self.err_at(
                ft_loc,
                format!("expected a function type for a generic operation, found {ft}"),
            ));
        };
        if ft.inputs.len() != uses.len() {
            return Err(self.err_at(
                cl.loc,
                format!(
                    "expected {} operand type(s) but had {}",
                    uses.len(),
                    ft.inputs.len()
                ),
            ));
        }
        let mut operands: Vec<TypedUse<'a>> = uses
            .into_iter()
            .zip(ft.inputs.iter().cloned().map(Some))
            .collect();
        // Successor operands written as plain operands (LLVM 11's generic form).
        if kind == OpKind::Br && succs.len() == 1 && succs[0].1.is_empty() {
            succs[0].1 = std::mem::take(&mut operands);
        } else if kind == OpKind::CondBr && succs.len() == 2 {
            if let Some(pos) = attrs.iter().position(|a| a.name == "operand_segment_sizes") {
                let sizes: Option<Vec<usize>> = match &attrs[pos].value {
                    Attribute::Dense {
                        values: DenseValues::Elements(e),
                        ..
                    } => e
                        .iter()
                        .map(|a| a.as_int().and_then(|v| usize::try_from(v).ok()))
                        .collect(),
                    _ => None,
                };
                match sizes.as_deref() {
                    Some(&[1, t, f]) if 1 + t + f == operands.len() => {
                        let fa = operands.split_off(1 + t);
                        let ta = operands.split_off(1);
                        succs[0].1.extend(ta);
                        succs[1].1.extend(fa);
                        attrs.remove(pos);
                    }
                    _ => return Err(self.err_at(loc, "invalid operand_segment_sizes for cond_br")),
                }
            }
        }
        // LLVM 11's generic form writes a comparison's predicate as its enum value
        // (`{predicate = 2 : i64}` is `slt`); the IR keeps the custom form's name, and
        // the verifier reports an integer outside the enum.
        let names: &[&str] = match kind {
            OpKind::CmpI => &CMPI_PREDICATES,
            OpKind::CmpF => &CMPF_PREDICATES,
            _ => &[],
        };
        if let Some(a) = attrs.iter_mut().find(|a| a.name == "predicate") {
            let name = match a.value {
                Attribute::Int { value, .. } => usize::try_from(value).ok(),
                _ => None,
            }
            .and_then(|v| names.get(v));
            if let Some(name) = name {
                a.value = Attribute::Str((*name).into());
            }
        }
        let mut spec = OpSpec::new(kind);
        if kind == OpKind::Unregistered {
            spec.name = Some(Arc::from(name));
        }
        spec.operands = operands;
        spec.results = ft.results.clone();
        spec.attrs = attrs;
        spec.successors = succs;
        Ok(spec)
    }

    /// `, %a` after a first operand.
    fn comma_use(&mut self) -> PResult<UseRef<'a>> {
        self.expect(Tok::Comma, "','")?;
        self.parse_use()
    }

    fn colon_type(&mut self) -> PResult<(Loc, Type)> {
        self.expect(Tok::Colon, "':' and a type")?;
        let loc = self.tok.loc;
        Ok((loc, self.parse_type()?))
    }

    /// `[%i, %j]` index operands (each of type index).
    fn parse_indices(&mut self) -> PResult<Vec<TypedUse<'a>>> {
        self.expect(Tok::LSquare, "'[' to start the indices")?;
        let uses = self.parse_use_list(Tok::RSquare)?;
        self.expect(Tok::RSquare, "']' or ',' in indices")?;
        Ok(uses.into_iter().map(|u| (u, Some(Type::Index))).collect())
    }

    /// The operands of `br ^bb(...)` and `cond_br %c, ^t(...), ^f(...)` (Standard and
    /// LLVM dialect alike, `s.kind` says which) and the attribute dictionary after them.
    fn parse_branch(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        let conditional = matches!(s.kind, OpKind::CondBr | OpKind::LlvmCondBr);
        if conditional {
            let c = self.parse_use()?;
            self.expect(Tok::Comma, "','")?;
            s.operands.push((c, Some(Type::i1())));
        }
        s.successors.push(self.parse_successor()?);
        if conditional {
            self.expect(Tok::Comma, "','")?;
            s.successors.push(self.parse_successor()?);
        }
        s.attrs = self.parse_opt_attr_dict()?;
        Ok(())
    }

    /// An op in LLVM 11's custom form (`addi %a, %b : i32`), by the format of its
    /// kind (`format::format`): one function per format.
    fn parse_custom(&mut self, short: &str, full: &str, loc: Loc) -> PResult<OpSpec<'a>> {
        let Some((kind, format)) = std_kind(short).and_then(|k| Some((k, format(k)?))) else {
            return Err(self.err_at(loc, format!("unknown operation '{full}'")));
        };
        let mut s = OpSpec::new(kind);
        match format {
            Format::Constant => self.parse_constant(&mut s)?,
            Format::Binary => self.parse_binary(&mut s)?,
            Format::Unary | Format::Rank | Format::Dealloc => self.parse_unary(&mut s, format)?,
            Format::Compare => self.parse_compare(&mut s, short)?,
            Format::Select => self.parse_select(&mut s)?,
            Format::Cast => self.parse_cast(&mut s)?,
            Format::Alloc => self.parse_alloc(&mut s)?,
            Format::Load | Format::ExtractElement => self.parse_indexed(&mut s)?,
            Format::Store => self.parse_store(&mut s)?,
            Format::Dim => self.parse_dim(&mut s, loc)?,
            Format::Splat => self.parse_splat(&mut s)?,
            Format::Br | Format::CondBr => self.parse_branch(&mut s)?,
            Format::Call => self.parse_call(&mut s, loc)?,
            Format::CallIndirect => self.parse_call_indirect(&mut s)?,
            Format::Return => self.parse_return(&mut s)?,
        }
        Ok(s)
    }

    /// `constant {attrs} VALUE [: T]`.
    fn parse_constant(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        s.attrs = self.parse_opt_attr_dict()?;
        let vloc = self.tok.loc;
        let value = self.parse_attr()?;
        let ty = match &value {
            Attribute::Int { ty, .. } | Attribute::Float { ty, .. } | Attribute::Dense { ty, .. } => ty.clone(),
            Attribute::Bool(_) => Type::i1(),
            Attribute::SymbolRef(_) => {
                let (tl, t) = self.colon_type()?;
                if !matches!(t, Type::Function(_)) {
                    return Err(self.err_at(tl, format!("a function reference must have a function type, found {t}")));
                }
                t
            }
            _ => return Err(self.err_at(vloc, "invalid constant value: expected an integer, float, boolean, dense or function reference")),
        };
        if s.attrs.iter().any(|a| a.name == "value") {
            return Err(self.err_at(vloc, "duplicate attribute 'value'"));
        }
        s.attrs.insert(0, NamedAttr::new("value", value));
        s.results.push(ty);
        Ok(())
    }

    /// `op %a, %b {attrs} : T` (integer and float binary ops).
    fn parse_binary(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        let a = self.parse_use()?;
        let b = self.comma_use()?;
        s.attrs = self.parse_opt_attr_dict()?;
        let (_, ty) = self.colon_type()?;
        s.operands = vec![(a, Some(ty.clone())), (b, Some(ty.clone()))];
        s.results.push(ty);
        Ok(())
    }

    /// `op %a {attrs} : T` (float unary ops, `rank`, `dealloc`).
    fn parse_unary(&mut self, s: &mut OpSpec<'a>, format: Format) -> PResult<()> {
        let a = self.parse_use()?;
        s.attrs = self.parse_opt_attr_dict()?;
        let (_, ty) = self.colon_type()?;
        s.operands = vec![(a, Some(ty.clone()))];
        match format {
            Format::Rank => s.results.push(Type::Index),
            Format::Dealloc => {}
            _ => s.results.push(ty),
        }
        Ok(())
    }

    /// `cmpi "slt", %a, %b {attrs} : T` (`short` is the op name, for the message).
    fn parse_compare(&mut self, s: &mut OpSpec<'a>, short: &str) -> PResult<()> {
        let ploc = self.tok.loc;
        let pred = match self.tok.kind {
            Tok::Str => self.parse_string("a predicate")?,
            Tok::BareIdent => {
                let t = self.advance();
                self.spelling(t).to_string()
            }
            _ => return Err(self.unexpected("a comparison predicate such as \"slt\"")),
        };
        let valid: &[&str] = if s.kind == OpKind::CmpI {
            &CMPI_PREDICATES
        } else {
            &CMPF_PREDICATES
        };
        if !valid.contains(&pred.as_str()) {
            return Err(self.err_at(
                ploc,
                format!(
                    "invalid {} predicate \"{pred}\": expected one of {}",
                    short,
                    valid.join(", ")
                ),
            ));
        }
        self.expect(Tok::Comma, "',' after the predicate")?;
        let a = self.parse_use()?;
        let b = self.comma_use()?;
        s.attrs = self.parse_opt_attr_dict()?;
        let (_, ty) = self.colon_type()?;
        s.attrs
            .insert(0, NamedAttr::new("predicate", Attribute::Str(pred)));
        s.operands = vec![(a, Some(ty.clone())), (b, Some(ty.clone()))];
        s.results.push(i1_like(&ty));
        Ok(())
    }

    /// `select %c, %a, %b {attrs} : T` or `: C, T`.
    fn parse_select(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        let c = self.parse_use()?;
        let a = self.comma_use()?;
        let b = self.comma_use()?;
        s.attrs = self.parse_opt_attr_dict()?;
        let (_, mut ty) = self.colon_type()?;
        let mut cty = Type::i1();
        if self.eat(Tok::Comma) {
            cty = ty;
            ty = self.parse_type()?;
        }
        s.operands = vec![(c, Some(cty)), (a, Some(ty.clone())), (b, Some(ty.clone()))];
        s.results.push(ty);
        Ok(())
    }

    /// `op %a {attrs} : T to U` (casts and `memref_cast`).
    fn parse_cast(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        let a = self.parse_use()?;
        s.attrs = self.parse_opt_attr_dict()?;
        let (_, from) = self.colon_type()?;
        self.expect_kw("to")?;
        let to = self.parse_type()?;
        s.operands = vec![(a, Some(from))];
        s.results.push(to);
        Ok(())
    }

    /// `alloc(%d...)[%s...] {attrs} : T` (and `alloca`).
    fn parse_alloc(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        self.expect(Tok::LParen, "'(' after alloc")?;
        let mut uses = self.parse_use_list(Tok::RParen)?;
        self.expect(Tok::RParen, "')' or ',' in alloc operands")?;
        if self.eat(Tok::LSquare) {
            uses.extend(self.parse_use_list(Tok::RSquare)?);
            self.expect(Tok::RSquare, "']' or ',' in alloc symbol operands")?;
        }
        s.attrs = self.parse_opt_attr_dict()?;
        let (tl, ty) = self.colon_type()?;
        if !matches!(ty, Type::MemRef(_)) {
            return Err(self.err_at(tl, format!("expected a ranked memref type, found {ty}")));
        }
        s.operands = uses.into_iter().map(|u| (u, Some(Type::Index))).collect();
        s.results.push(ty);
        Ok(())
    }

    /// `load %m[%i...] : T` and `extract_element %v[%i...] : T`.
    fn parse_indexed(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        let m = self.parse_use()?;
        let idx = self.parse_indices()?;
        s.attrs = self.parse_opt_attr_dict()?;
        let (tl, ty) = self.colon_type()?;
        let elem = if s.kind == OpKind::Load {
            ty.memref_elem().cloned()
        } else {
            ty.as_vector().map(|v| v.elem.clone())
        };
        let Some(elem) = elem else {
            let what = if s.kind == OpKind::Load {
                "memref"
            } else {
                "vector"
            };
            return Err(self.err_at(tl, format!("expected a {what} type, found {ty}")));
        };
        s.operands.push((m, Some(ty)));
        s.operands.extend(idx);
        s.results.push(elem);
        Ok(())
    }

    /// `store %v, %m[%i...] {attrs} : T`.
    fn parse_store(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        let v = self.parse_use()?;
        let m = self.comma_use()?;
        let idx = self.parse_indices()?;
        s.attrs = self.parse_opt_attr_dict()?;
        let (tl, ty) = self.colon_type()?;
        let Some(elem) = ty.memref_elem().cloned() else {
            return Err(self.err_at(tl, format!("expected a memref type, found {ty}")));
        };
        s.operands.push((v, Some(elem)));
        s.operands.push((m, Some(ty)));
        s.operands.extend(idx);
        Ok(())
    }

    /// `dim %m, N : T` or `dim %m, %i : T` (`loc`: the op's, for a duplicate index).
    fn parse_dim(&mut self, s: &mut OpSpec<'a>, loc: Loc) -> PResult<()> {
        // Today's `memref.dim` puts the attribute dictionary first; LLVM 11's
        // `dim` after the index.
        s.attrs = self.parse_opt_attr_dict()?;
        let m = self.parse_use()?;
        self.expect(Tok::Comma, "','")?;
        let mut index = None;
        let mut iu = None;
        if self.tok.kind == Tok::Int {
            let t = self.advance();
            let v = self.parse_i64_literal(t, false)?;
            index = Some(v);
        } else {
            iu = Some(self.parse_use()?);
        }
        if s.attrs.is_empty() {
            s.attrs = self.parse_opt_attr_dict()?;
        }
        let (_, ty) = self.colon_type()?;
        s.operands.push((m, Some(ty)));
        if let Some(u) = iu {
            s.operands.push((u, Some(Type::Index)));
        }
        if let Some(v) = index {
            if s.attrs.iter().any(|a| a.name == "index") {
                return Err(self.err_at(loc, "duplicate attribute 'index'"));
            }
            s.attrs
                .insert(0, NamedAttr::new("index", Attribute::index(v)));
        }
        s.results.push(Type::Index);
        Ok(())
    }

    /// `splat %a {attrs} : T`.
    fn parse_splat(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        let a = self.parse_use()?;
        s.attrs = self.parse_opt_attr_dict()?;
        let (tl, ty) = self.colon_type()?;
        let Some(v) = ty.as_vector() else {
            return Err(self.err_at(tl, format!("expected a vector type, found {ty}")));
        };
        s.operands.push((a, Some(v.elem.clone())));
        s.results.push(ty);
        Ok(())
    }

    /// `call @f(%a...) {attrs} : (T...) -> R` (`loc`: the op's, for a duplicate callee).
    fn parse_call(&mut self, s: &mut OpSpec<'a>, loc: Loc) -> PResult<()> {
        if self.tok.kind != Tok::AtIdent {
            return Err(self.unexpected("a callee ('@name')"));
        }
        let t = self.advance();
        let callee = self.symbol_name(t)?;
        self.expect(Tok::LParen, "'(' to start the call operands")?;
        let uses = self.parse_use_list(Tok::RParen)?;
        self.expect(Tok::RParen, "')' or ',' in call operands")?;
        s.attrs = self.parse_opt_attr_dict()?;
        let (tl, ty) = self.colon_type()?;
        let Type::Function(ft) = &ty else {
            return Err(self.err_at(tl, format!("expected a function type, found {ty}")));
        };
        if ft.inputs.len() != uses.len() {
            return Err(self.err_at(
                tl,
                format!(
                    "{} operand(s) but the function type has {} input(s)",
                    uses.len(),
                    ft.inputs.len()
                ),
            ));
        }
        if s.attrs.iter().any(|a| a.name == "callee") {
            return Err(self.err_at(loc, "duplicate attribute 'callee'"));
        }
        s.attrs
            .insert(0, NamedAttr::new("callee", Attribute::SymbolRef(callee)));
        s.operands = uses
            .into_iter()
            .zip(ft.inputs.iter().cloned().map(Some))
            .collect();
        s.results = ft.results.clone();
        Ok(())
    }

    /// `call_indirect %f(%a...) {attrs} : T`.
    fn parse_call_indirect(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        let f = self.parse_use()?;
        self.expect(Tok::LParen, "'(' to start the call operands")?;
        let uses = self.parse_use_list(Tok::RParen)?;
        self.expect(Tok::RParen, "')' or ',' in call operands")?;
        s.attrs = self.parse_opt_attr_dict()?;
        let (tl, ty) = self.colon_type()?;
        let Type::Function(ft) = &ty else {
            return Err(self.err_at(tl, format!("expected a function type, found {ty}")));
        };
        if ft.inputs.len() != uses.len() {
            return Err(self.err_at(
                tl,
                format!(
                    "{} operand(s) but the function type has {} input(s)",
                    uses.len(),
                    ft.inputs.len()
                ),
            ));
        }
        let results = ft.results.clone();
        let inputs = ft.inputs.clone();
        s.operands.push((f, Some(ty)));
        s.operands
            .extend(uses.into_iter().zip(inputs.into_iter().map(Some)));
        s.results = results;
        Ok(())
    }

    /// `return {attrs} %a... : T...`.
    fn parse_return(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        // The attribute dictionary comes first (`return {a} %x : i32`, the
        // format of LLVM 11 and today); after the values is accepted too.
        s.attrs = self.parse_opt_attr_dict()?;
        let uses = if self.tok.kind == Tok::PercentIdent && !self.at_result_names() {
            self.parse_use_list(Tok::Colon)?
        } else {
            Vec::new()
        };
        if s.attrs.is_empty() {
            s.attrs = self.parse_opt_attr_dict()?;
        }
        if !uses.is_empty() {
            let cl = self.expect(Tok::Colon, "':' and the types of the returned values")?;
            let types = self.parse_type_list()?;
            if types.len() != uses.len() {
                return Err(self.err_at(
                    cl.loc,
                    format!(
                        "{} returned value(s) but {} type(s)",
                        uses.len(),
                        types.len()
                    ),
                ));
            }
            s.operands = uses.into_iter().zip(types.into_iter().map(Some)).collect();
        }
        Ok(())
    }
}
