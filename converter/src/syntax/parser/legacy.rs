//! Reads the LLVM 11 notation of the LLVM dialect, the spec's and what `stdlower lower
//! --syntax legacy` prints, so that the legacy printer's output can be read back and the
//! spec's examples run: the scalar types `!llvm.i64`, `!llvm.half`, `!llvm.bfloat`,
//! `!llvm.float`, `!llvm.double`, `!llvm.void`, and any other LLVM type as LLVM IR
//! wrote it in a string, `!llvm<"{ float*, i64 addrspace(3)*, [2 x <4 x i8>] }">`,
//! whose pointers are typed. The op forms of that release (`llvm.mlir.null`, a `load`
//! or `store` typed by its pointer alone, a `getelementptr` without its element type,
//! an indirect call without the pointer's type) are read in `llvm_ops`, which asks
//! [`Parser::legacy_types_read`] whether an op spelt its types this way.

use super::{PResult, Parser, MAX_DEPTH, MAX_VECTOR_ELEMENTS};
use crate::ir::{Attribute, LlvmFuncType, NamedAttr, Type, MAX_INT_WIDTH};
use crate::lower::attrs::UNIT_ATTRS;
use crate::syntax::lexer::{unescape, Tok};
use std::sync::Arc;

impl<'a> Parser<'a> {
    /// The LLVM 11 type named `name` (the current token): `None` when it is not one, or
    /// in a Standard function.
    pub(super) fn parse_legacy_llvm_type(&mut self, name: &str) -> PResult<Option<Type>> {
        if self.in_std_func {
            return Ok(None);
        }
        let scalar = match name {
            "!llvm" => None,
            _ => match name.strip_prefix("!llvm.").and_then(scalar_type) {
                Some(t) => Some(t),
                None => return Ok(None),
            },
        };
        self.advance();
        self.legacy_types += 1;
        if let Some(t) = scalar {
            return Ok(Some(t));
        }
        self.expect(Tok::Less, "'<' and the LLVM IR type in quotes")?;
        if self.tok.kind != Tok::Str {
            return Err(self.unexpected("the LLVM IR type in quotes"));
        }
        let t = self.advance();
        let raw = self.spelling(t);
        let text = unescape(raw.as_bytes()).map_err(|(at, m)| self.err_at(t.loc.offset(at), m))?;
        // Errors point into the string, exactly when it has no escapes to shift them.
        let at = |offset: usize| match raw.contains('\\') {
            false => t.loc.offset(1 + offset),
            true => t.loc,
        };
        let mut r = IrTypeReader {
            s: text.as_bytes(),
            pos: 0,
            depth: self.depth,
        };
        let ty = r
            .ty()
            .and_then(|ty| {
                r.space();
                match r.pos == r.s.len() {
                    true => Ok(ty),
                    false => Err((r.pos, "unexpected text after the type".to_string())),
                }
            })
            .map_err(|(offset, msg)| {
                // A long type is named by its start, control characters escaped as LLVM
                // IR escapes them, so the message stays one line.
                let shown = match text.char_indices().nth(48) {
                    Some((end, _)) => format!("{}...", escaped(&text[..end])),
                    None => escaped(&text),
                };
                self.err_at(
                    at(offset),
                    format!("in the LLVM IR type \"{shown}\": {msg}"),
                )
            })?;
        self.expect(Tok::Greater, "'>' after the LLVM IR type")?;
        Ok(Some(ty))
    }

    /// How many LLVM 11 types have been read so far: an op whose count moved while its
    /// types were read spelt them the LLVM 11 way, which typed pointers come with.
    pub(super) fn legacy_types_read(&self) -> u64 {
        self.legacy_types
    }
}

/// The argument or result dictionaries of an `llvm.func` whose signature LLVM 11 wrote,
/// as today's syntax says them: LLVM 11 gave `llvm.noalias` (and the other attributes
/// today's syntax makes units) the value `true`, or `false` for none.
pub(super) fn unit_attrs(dicts: &mut [Vec<NamedAttr>]) {
    for d in dicts {
        d.retain_mut(|a| {
            if !UNIT_ATTRS.contains(&a.name.as_ref()) {
                return true;
            }
            match a.value {
                Attribute::Bool(true) => {
                    a.value = Attribute::Unit;
                    true
                }
                Attribute::Bool(false) => false,
                _ => true,
            }
        });
    }
}

/// `text` with its control characters, `\` and `"` escaped as LLVM IR strings escape
/// them (`\0A` for a newline), so that a message quoting it stays one line.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\5C"),
            '"' => out.push_str("\\22"),
            c if c.is_control() => {
                for b in c.to_string().bytes() {
                    out.push_str(&format!("\\{b:02X}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// `i64`, `half`, `bfloat`, `float`, `double`, `void`: the types LLVM 11 wrote as
/// `!llvm.NAME` and LLVM IR writes as `NAME`.
fn scalar_type(name: &str) -> Option<Type> {
    Some(match name {
        "half" => Type::F16,
        "bfloat" => Type::BF16,
        "float" => Type::F32,
        "double" => Type::F64,
        "void" => Type::LlvmVoid,
        _ => {
            let w = name.strip_prefix('i')?;
            if w.is_empty() || !w.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let w: u32 = w.parse().ok().filter(|w| (1..=MAX_INT_WIDTH).contains(w))?;
            Type::Int(w)
        }
    })
}

/// The largest address space LLVM IR reads: a 24-bit number.
const MAX_ADDRESS_SPACE: u32 = (1 << 24) - 1;

/// An error in an LLVM IR type string: the byte offset and the message.
type IrResult<T> = Result<T, (usize, String)>;

/// Reads an LLVM IR type from the text between the quotes of `!llvm<"...">`.
struct IrTypeReader<'s> {
    s: &'s [u8],
    pos: usize,
    /// The nesting depth, bounded by [`MAX_DEPTH`] like the parser's own.
    depth: u32,
}

impl IrTypeReader<'_> {
    fn space(&mut self) {
        while self
            .s
            .get(self.pos)
            .is_some_and(|c| c.is_ascii_whitespace())
        {
            self.pos += 1;
        }
    }

    fn err<T>(&self, msg: impl Into<String>) -> IrResult<T> {
        Err((self.pos, msg.into()))
    }

    /// Whether the next token is `c` (consumed when it is).
    fn eat(&mut self, c: u8) -> bool {
        self.space();
        if self.s.get(self.pos) == Some(&c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8, what: &str) -> IrResult<()> {
        match self.eat(c) {
            true => Ok(()),
            false => self.err(format!("expected {what}")),
        }
    }

    /// A word: letters, digits, `_` and `.` (`i64`, `float`, `x`, `addrspace`, `...`).
    fn word(&mut self) -> &str {
        self.space();
        let start = self.pos;
        while self
            .s
            .get(self.pos)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'.')
        {
            self.pos += 1;
        }
        std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("")
    }

    /// A decimal number: its digits alone, as LLVM's lexer reads them (`[2x i8]` is
    /// `[2 x i8]`).
    fn number(&mut self, what: &str) -> IrResult<u64> {
        self.space();
        let start = self.pos;
        while self.s.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        let digits = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("");
        match digits.parse::<u64>() {
            Ok(n) => Ok(n),
            Err(_) => {
                self.pos = start;
                self.err(format!("expected {what}"))
            }
        }
    }

    /// A type and its suffixes: `*`, `addrspace(N)*`, and a function's `(P, ...)`.
    fn ty(&mut self) -> IrResult<Type> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("nesting too deep (more than {MAX_DEPTH} levels)"));
        }
        let r = self.ty_inner();
        self.depth -= 1;
        r
    }

    /// Each suffix is one more level of nesting (a type like `i8*****...` does not
    /// recurse while it is read, but would when it is dropped, compared or printed).
    fn ty_inner(&mut self) -> IrResult<Type> {
        let start = self.pos;
        let depth = self.depth;
        let mut t = self.base()?;
        let r = loop {
            self.space();
            let at = self.pos;
            if self.eat(b'*') {
                t = self.pointer_to(t, 0, at)?;
            } else if self.s[self.pos..].starts_with(b"addrspace") {
                self.word();
                self.expect(b'(', "'(' after addrspace")?;
                let space = self.number("an address space")?;
                let space = u32::try_from(space)
                    .ok()
                    .filter(|s| *s <= MAX_ADDRESS_SPACE)
                    .ok_or((at, "an address space must fit 24 bits".to_string()))?;
                self.expect(b')', "')' after the address space")?;
                self.expect(b'*', "'*' after addrspace(N)")?;
                t = self.pointer_to(t, space, at)?;
            } else if self.eat(b'(') {
                t = self.params(t, at)?;
            } else {
                break Ok(t);
            }
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                break Err((
                    start,
                    format!("nesting too deep (more than {MAX_DEPTH} levels)"),
                ));
            }
        };
        self.depth = depth;
        r
    }

    fn pointer_to(&self, t: Type, space: u32, at: usize) -> IrResult<Type> {
        match t {
            Type::LlvmVoid => Err((at, "a pointer to void (LLVM IR writes i8*)".into())),
            t => Ok(Type::llvm_ptr_in(t, space)),
        }
    }

    /// The parameter list of a function type returning `result`, after its `(` (at
    /// `at`).
    fn params(&mut self, result: Type, at: usize) -> IrResult<Type> {
        if matches!(result, Type::LlvmFunc(_)) {
            return Err((
                at,
                "a function cannot return a function (LLVM IR returns a pointer to one)".into(),
            ));
        }
        let mut params = Vec::new();
        let mut vararg = false;
        if !self.eat(b')') {
            loop {
                self.space();
                if self.s[self.pos..].starts_with(b"...") {
                    self.pos += 3;
                    vararg = true;
                    self.expect(b')', "')' after '...'")?;
                    break;
                }
                params.push(self.value_type()?);
                if self.eat(b')') {
                    break;
                }
                self.expect(b',', "',' or ')' in the parameters")?;
            }
        }
        Ok(Type::LlvmFunc(Arc::new(LlvmFuncType {
            result,
            params,
            vararg,
        })))
    }

    /// A type without suffixes.
    fn base(&mut self) -> IrResult<Type> {
        self.space();
        let at = self.pos;
        if self.eat(b'{') {
            let mut fields = Vec::new();
            if !self.eat(b'}') {
                loop {
                    fields.push(self.value_type()?);
                    if self.eat(b'}') {
                        break;
                    }
                    self.expect(b',', "',' or '}' in the struct's fields")?;
                }
            }
            return Ok(Type::llvm_struct(fields));
        }
        if self.eat(b'[') {
            let n = self.number("the array's length")?;
            self.keyword_x()?;
            let e = self.value_type()?;
            self.expect(b']', "']' to end the array type")?;
            return Ok(Type::llvm_array(n, e));
        }
        if self.eat(b'<') {
            let n = self.number("the vector's length")?;
            if n == 0 || n > MAX_VECTOR_ELEMENTS {
                return Err((at, format!("a vector of {n} elements is not supported")));
            }
            self.keyword_x()?;
            self.space();
            let e_at = self.pos;
            let e = self.ty()?;
            if !(e.is_integer() || e.is_float()) {
                return Err((
                    e_at,
                    "a vector's elements must be integers or floats".into(),
                ));
            }
            self.expect(b'>', "'>' to end the vector type")?;
            return Ok(Type::vector(vec![n], e));
        }
        let w = self.word().to_string();
        match scalar_type(&w) {
            Some(t) => Ok(t),
            None if w.is_empty() => Err((at, "expected a type".into())),
            None => Err((at, format!("unknown or unsupported type '{w}'"))),
        }
    }

    /// A type a value can have (not `void`, not a function): a field, an element, a
    /// parameter.
    fn value_type(&mut self) -> IrResult<Type> {
        self.space();
        let at = self.pos;
        match self.ty()? {
            Type::LlvmVoid => Err((at, "void is not a value's type".into())),
            Type::LlvmFunc(_) => Err((
                at,
                "a function is not a value's type (LLVM IR points to one: T (...)*)".into(),
            )),
            t => Ok(t),
        }
    }

    /// The `x` of `[N x T]` and `<N x T>`.
    fn keyword_x(&mut self) -> IrResult<()> {
        self.space();
        let at = self.pos;
        match self.word() {
            "x" => Ok(()),
            _ => Err((at, "expected 'x'".into())),
        }
    }
}
