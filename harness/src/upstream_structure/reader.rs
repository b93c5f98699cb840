//! A small reader of the parts of a printed LLVM-dialect module that the
//! `upstream-structure` oracle compares: every `llvm.func` header (linkage and other
//! keywords, parameter and result types with their attribute dictionaries, function
//! attributes, declaration or definition) and every `llvm.call` in a body (callee,
//! discardable attributes, the call's function type with its argument and result
//! attributes). Bodies are otherwise skipped. It reads `mlir-opt` 22's output and our
//! own modern printing alike (both print one op a line, types in today's syntax).
//!
//! Types and attribute values are kept as text in a canonical spelling
//! ([`canonical_type`], [`canonical_value`]), so `!llvm.ptr<0>` and `!llvm.ptr`, or two
//! spacings of one struct type, compare equal, while `!llvm.ptr<3>` does not.

use std::collections::BTreeMap;

/// An attribute dictionary: name -> canonical value text (`""` for a unit attribute).
pub type Attrs = BTreeMap<String, String>;

/// A parameter or result: its type and attributes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Slot {
    pub ty: String,
    pub attrs: Attrs,
}

impl Slot {
    pub fn new(ty: &str) -> Slot {
        Slot {
            ty: canonical_type(ty),
            attrs: Attrs::new(),
        }
    }
}

/// One `llvm.call`: `callee` is `None` for an indirect call.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Call {
    pub callee: Option<String>,
    pub params: Vec<Slot>,
    pub result: Option<Slot>,
    pub attrs: Attrs,
}

/// One `llvm.func`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Func {
    pub name: String,
    /// The words between `llvm.func` and the name (linkage, visibility, cconv...).
    pub keywords: Vec<String>,
    pub params: Vec<Slot>,
    pub variadic: bool,
    pub result: Option<Slot>,
    pub attrs: Attrs,
    /// Has a body (else a declaration).
    pub defined: bool,
    /// The calls of its body, in order.
    pub calls: Vec<Call>,
    /// Its terminators that carry attributes (`llvm.return`, `llvm.br`,
    /// `llvm.cond_br`), each as its op name and attributes, in order: a Standard
    /// terminator's attributes stay on the one LLVM terminator it lowers to, on both
    /// sides, while the blocks a lowering adds end in terminators without any.
    pub terminators: Vec<(String, Attrs)>,
}

/// Why a module text could not be read: what was expected where (the text from there,
/// clipped).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReadError {
    #[error("expected {what} at '{at}'")]
    Expected { what: String, at: String },
    #[error("unterminated symbol at '{0}'")]
    UnterminatedSymbol(String),
    #[error("{message} at '{at}'")]
    BadSymbol { message: String, at: String },
    #[error("unbalanced text at '{0}'")]
    Unbalanced(String),
    #[error("{0} results")]
    Results(usize),
    #[error("unexpected '{0}'")]
    Unexpected(String),
    /// An error in a function header.
    #[error("line {line}: {source}")]
    Header {
        line: usize,
        #[source]
        source: Box<ReadError>,
    },
    /// An error in a call, with the call's line.
    #[error("line {line}: {source}: {text}")]
    Call {
        line: usize,
        text: String,
        #[source]
        source: Box<ReadError>,
    },
}

/// The functions of a module text, in order.
pub fn read_module(text: &str) -> Result<Vec<Func>, ReadError> {
    let mut funcs: Vec<Func> = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    // Depth of braces inside the current function body (0: not in a body).
    let mut depth = 0i64;
    while i < lines.len() {
        let line = lines[i];
        let t = line.trim_start();
        if depth == 0 {
            if let Some(rest) = t.strip_prefix("llvm.func ") {
                // A header that does not close its parameter list on its line goes on.
                let mut header = rest.to_string();
                while !balanced(&header) && i + 1 < lines.len() {
                    i += 1;
                    header.push(' ');
                    header.push_str(lines[i].trim());
                }
                let f = read_header(&header).map_err(|e| ReadError::Header {
                    line: i + 1,
                    source: Box::new(e),
                })?;
                if f.defined {
                    depth = 1;
                }
                funcs.push(f);
            }
            i += 1;
            continue;
        }
        if let Some(at) = find_word(t, "llvm.call") {
            let call = read_call(&t[at + "llvm.call".len()..]).map_err(|e| ReadError::Call {
                line: i + 1,
                text: t.to_string(),
                source: Box::new(e),
            })?;
            if let Some(f) = funcs.last_mut() {
                f.calls.push(call);
            }
        } else if let Some(term) = attributed_terminator(t).map_err(|e| ReadError::Call {
            line: i + 1,
            text: t.to_string(),
            source: Box::new(e),
        })? {
            if let Some(f) = funcs.last_mut() {
                f.terminators.push(term);
            }
        }
        depth += brace_delta(t);
        i += 1;
    }
    Ok(funcs)
}

/// Where `word` occurs in `s` as an op name (not followed by `_` or a letter, so
/// `llvm.call_intrinsic` is not `llvm.call`), outside strings.
fn find_word(s: &str, word: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut in_str = false;
    let mut k = 0;
    while k < b.len() {
        match b[k] {
            b'"' if k == 0 || b[k - 1] != b'\\' => in_str = !in_str,
            _ if !in_str && s.is_char_boundary(k) && s[k..].starts_with(word) => {
                let before_ok = k == 0 || b[k - 1] == b' ';
                let after = b.get(k + word.len()).copied();
                let after_ok = !matches!(after, Some(c) if c == b'_' || c.is_ascii_alphanumeric());
                if before_ok && after_ok {
                    return Some(k);
                }
            }
            _ => {}
        }
        k += 1;
    }
    None
}

/// The op name and attributes of a terminator line with an attribute dictionary
/// (`llvm.return {a} %x : i32`, `llvm.br ^bb1(%x : i32) {a}`, `llvm.cond_br %c, ^bb1,
/// ^bb2 {a}`): neither their operands, successors nor types hold a `{`.
fn attributed_terminator(t: &str) -> Result<Option<(String, Attrs)>, ReadError> {
    let Some(name) = ["llvm.return", "llvm.br", "llvm.cond_br"]
        .into_iter()
        .find(|n| {
            t.strip_prefix(n)
                .is_some_and(|r| r.is_empty() || r.starts_with(' '))
        })
    else {
        return Ok(None);
    };
    let Some(open) = t.find('{') else {
        return Ok(None);
    };
    let mut c = Cur::new(&t[open..]);
    Ok(Some((name.to_string(), read_attrs(&mut c)?)))
}

/// `{` minus `}` outside strings.
fn brace_delta(s: &str) -> i64 {
    let mut d = 0;
    let mut in_str = false;
    let mut prev = ' ';
    for c in s.chars() {
        match c {
            '"' if prev != '\\' => in_str = !in_str,
            '{' if !in_str => d += 1,
            '}' if !in_str => d -= 1,
            _ => {}
        }
        prev = c;
    }
    d
}

/// Whether the parentheses of a header are closed (so its parameter list is whole).
fn balanced(s: &str) -> bool {
    let mut d = 0i64;
    let mut in_str = false;
    let mut prev = ' ';
    for c in s.chars() {
        match c {
            '"' if prev != '\\' => in_str = !in_str,
            '(' if !in_str => d += 1,
            ')' if !in_str => d -= 1,
            _ => {}
        }
        prev = c;
    }
    d <= 0 && s.contains('(')
}

/// A cursor over one line of text.
struct Cur<'a> {
    s: &'a str,
    at: usize,
}

impl<'a> Cur<'a> {
    fn new(s: &'a str) -> Cur<'a> {
        Cur { s, at: 0 }
    }
    fn rest(&self) -> &'a str {
        &self.s[self.at..]
    }
    fn ws(&mut self) {
        let r = self.rest();
        self.at += r.len() - r.trim_start().len();
    }
    fn eat(&mut self, p: &str) -> bool {
        self.ws();
        if self.rest().starts_with(p) {
            self.at += p.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, p: &str) -> Result<(), ReadError> {
        if self.eat(p) {
            Ok(())
        } else {
            Err(self.expected(&format!("'{p}'")))
        }
    }
    /// The error of `what` missing here.
    fn expected(&self, what: &str) -> ReadError {
        ReadError::Expected {
            what: what.to_string(),
            at: clip(self.rest()),
        }
    }
    fn peek(&mut self) -> Option<char> {
        self.ws();
        self.rest().chars().next()
    }
    /// A bare identifier (`[A-Za-z0-9_.$-]+`).
    fn ident(&mut self) -> String {
        self.ws();
        let r = self.rest();
        let n = r
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_.$-".contains(c)))
            .unwrap_or(r.len());
        self.at += n;
        r[..n].to_string()
    }
    /// A symbol name after `@` (bare or quoted).
    fn symbol(&mut self) -> Result<String, ReadError> {
        self.expect("@")?;
        if self.rest().starts_with('"') {
            // The closing quote is the first one no backslash escapes; the name is the
            // string's value (`@"f1\22q"` is `f1"q`), as our own modules hold it.
            let b = self.rest().as_bytes();
            let mut k = 1;
            while k < b.len() && b[k] != b'"' {
                k += if b[k] == b'\\' { 2 } else { 1 };
            }
            if k >= b.len() {
                return Err(ReadError::UnterminatedSymbol(clip(self.rest())));
            }
            let name = converter::syntax::lexer::unescape(&b[..=k]).map_err(|(_, e)| {
                ReadError::BadSymbol {
                    message: e.to_string(),
                    at: clip(self.rest()),
                }
            })?;
            self.at += k + 1;
            return Ok(name);
        }
        Ok(self.ident())
    }
    /// Text up to (not including) a depth-0 character of `stops` or a depth-0 space,
    /// with `<([{` nesting, strings and `->` taken whole.
    fn balanced_until(&mut self, stops: &[char]) -> Result<String, ReadError> {
        self.ws();
        let r = self.rest();
        let b = r.as_bytes();
        let mut depth = 0i64;
        let mut k = 0;
        while k < b.len() {
            let c = b[k] as char;
            if depth == 0 && (stops.contains(&c) || c == ' ') && k > 0 {
                break;
            }
            match c {
                '"' => {
                    k += 1;
                    while k < b.len() && b[k] != b'"' {
                        if b[k] == b'\\' {
                            k += 1;
                        }
                        k += 1;
                    }
                }
                '-' if b.get(k + 1) == Some(&b'>') => k += 1,
                '<' | '(' | '[' | '{' => depth += 1,
                '>' | ')' | ']' | '}' => {
                    depth -= 1;
                    if depth < 0 {
                        break;
                    }
                }
                ' ' if depth > 0 => {}
                _ => {}
            }
            k += 1;
        }
        if depth > 0 {
            return Err(ReadError::Unbalanced(clip(r)));
        }
        let k = k.min(b.len());
        self.at += k;
        Ok(r[..k].to_string())
    }
    /// Like [`Cur::balanced_until`], but spaces at depth 0 do not stop it (values).
    fn value_until(&mut self, stops: &[char]) -> Result<String, ReadError> {
        let mut out = String::new();
        loop {
            out.push_str(&self.balanced_until(stops)?);
            let r = self.rest();
            match r.chars().next() {
                Some(' ') => {
                    let t = r.trim_start();
                    if t.is_empty() || t.starts_with(|c| stops.contains(&c)) {
                        self.ws();
                        return Ok(out);
                    }
                    out.push(' ');
                    self.ws();
                }
                _ => return Ok(out),
            }
        }
    }
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

/// `{a, b = 1 : i64, "c" = ...}` at the cursor (which must be at `{`).
fn read_attrs(c: &mut Cur) -> Result<Attrs, ReadError> {
    let mut attrs = Attrs::new();
    c.expect("{")?;
    if c.eat("}") {
        return Ok(attrs);
    }
    loop {
        c.ws();
        let name = if c.rest().starts_with('"') {
            c.balanced_until(&['=', ',', '}'])?
                .trim_matches('"')
                .to_string()
        } else {
            c.ident()
        };
        if name.is_empty() {
            return Err(c.expected("an attribute name"));
        }
        let value = if c.eat("=") {
            canonical_value(&c.value_until(&[',', '}'])?)
        } else {
            String::new()
        };
        attrs.insert(name, value);
        if c.eat("}") {
            return Ok(attrs);
        }
        c.expect(",")?;
    }
}

/// A type, then an optional attribute dictionary.
fn read_slot(c: &mut Cur) -> Result<Slot, ReadError> {
    let ty = c.balanced_until(&[',', ')', '{'])?;
    if ty.is_empty() {
        return Err(c.expected("a type"));
    }
    let mut slot = Slot::new(&ty);
    if c.peek() == Some('{') {
        slot.attrs = read_attrs(c)?;
    }
    Ok(slot)
}

/// `(slot, slot, ...)` of a header (`%argN:` names skipped) or of a call's type, with
/// `...` for a variadic list.
fn read_slots(c: &mut Cur) -> Result<(Vec<Slot>, bool), ReadError> {
    c.expect("(")?;
    let mut slots = Vec::new();
    let mut variadic = false;
    if c.eat(")") {
        return Ok((slots, variadic));
    }
    loop {
        c.ws();
        if c.eat("...") {
            variadic = true;
        } else {
            if c.rest().starts_with('%') {
                c.balanced_until(&[':'])?;
                c.expect(":")?;
            }
            slots.push(read_slot(c)?);
        }
        if c.eat(")") {
            return Ok((slots, variadic));
        }
        c.expect(",")?;
    }
}

/// The result after `->`: one type, or `()` (none), or `(type {attrs})`.
fn read_result(c: &mut Cur) -> Result<Option<Slot>, ReadError> {
    if !c.eat("->") {
        return Ok(None);
    }
    if c.peek() == Some('(') {
        // `(` opens a parenthesized result list unless it is a function type's own
        // parameter list (a result type never starts with `(` otherwise).
        let (mut slots, _) = read_slots(c)?;
        return match slots.len() {
            0 => Ok(None),
            1 => Ok(slots.pop()),
            n => Err(ReadError::Results(n)),
        };
    }
    // Without parentheses a result has no attributes (a `{` is the body's).
    let ty = c.balanced_until(&[',', ')', '{'])?;
    if ty.is_empty() {
        return Err(c.expected("a result type"));
    }
    Ok(Some(Slot::new(&ty)))
}

/// An `llvm.func` header, the text after `llvm.func `.
fn read_header(h: &str) -> Result<Func, ReadError> {
    let mut c = Cur::new(h);
    let mut keywords = Vec::new();
    while c.peek().is_some_and(|ch| ch != '@') {
        let w = c.ident();
        if w.is_empty() {
            return Err(ReadError::Unexpected(clip(c.rest())));
        }
        keywords.push(w);
    }
    let name = c.symbol()?;
    let (params, variadic) = read_slots(&mut c)?;
    let result = read_result(&mut c)?;
    let mut attrs = Attrs::new();
    if c.eat("attributes") {
        attrs = read_attrs(&mut c)?;
    }
    // What may follow: the body's `{`, nothing (a declaration).
    c.ws();
    let defined = c.rest().starts_with('{');
    Ok(Func {
        name,
        keywords,
        params,
        variadic,
        result,
        attrs,
        defined,
        calls: Vec::new(),
        terminators: Vec::new(),
    })
}

/// An `llvm.call`, the text after `llvm.call`.
fn read_call(s: &str) -> Result<Call, ReadError> {
    let mut c = Cur::new(s);
    while c.peek().is_some_and(|ch| ch != '@' && ch != '%') {
        if c.ident().is_empty() {
            return Err(ReadError::Unexpected(clip(c.rest())));
        }
    }
    let callee = if c.peek() == Some('@') {
        Some(c.symbol()?)
    } else {
        c.balanced_until(&['('])?;
        None
    };
    // Operands, then optional `vararg(...)` and operand bundles.
    c.balanced_until(&[])?;
    if c.eat("vararg") {
        c.balanced_until(&[])?;
    }
    if c.peek() == Some('[') {
        c.balanced_until(&[])?;
    }
    let mut attrs = Attrs::new();
    if c.peek() == Some('{') {
        attrs = read_attrs(&mut c)?;
    }
    c.expect(":")?;
    if callee.is_none() {
        // `!llvm.ptr, (args) -> result`: the callee's type first.
        c.balanced_until(&[','])?;
        c.expect(",")?;
    }
    let (params, _) = read_slots(&mut c)?;
    let result = read_result(&mut c)?;
    Ok(Call {
        callee,
        params,
        result,
        attrs,
    })
}

/// A type's canonical spelling: no spaces outside strings, and the default address
/// space written as no address space (`ptr<0>` is `ptr`).
pub fn canonical_type(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut in_str = false;
    let mut prev = ' ';
    for ch in t.chars() {
        if ch == '"' && prev != '\\' {
            in_str = !in_str;
        }
        if in_str || !ch.is_whitespace() {
            out.push(ch);
        }
        prev = ch;
    }
    out.replace("ptr<0>", "ptr")
}

/// An attribute value's canonical spelling: runs of spaces outside strings are one.
pub fn canonical_value(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    let mut in_str = false;
    let mut prev = ' ';
    for ch in v.trim().chars() {
        if ch == '"' && prev != '\\' {
            in_str = !in_str;
        }
        if !in_str && ch.is_whitespace() {
            if !out.ends_with(' ') {
                out.push(' ');
            }
        } else {
            out.push(ch);
        }
        prev = ch;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(kv: &[(&str, &str)]) -> Attrs {
        kv.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// A quoted symbol is its string's value: escapes decoded, an escaped quote not
    /// its end (mlir-opt 22 prints `@"f1\22q"` for `f1"q`, `\C3\A9` for `é`).
    #[test]
    fn quoted_symbols_are_their_values() {
        let text = r#"module {
  llvm.func @"f1\22q"(%arg0: !llvm.ptr {llvm.noalias}) attributes {llvm.emit_c_interface} {
    llvm.call @"_mlir_ciface_a \C3\A9!"(%arg0) : (!llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @"_mlir_ciface_a \C3\A9!"(!llvm.ptr)
  llvm.func @"q\\"()
}
"#;
        let fs = read_module(text).unwrap();
        let names: Vec<&str> = fs.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["f1\"q", "_mlir_ciface_a é!", "q\\"]);
        assert_eq!(fs[0].params[0].attrs, attrs(&[("llvm.noalias", "")]));
        assert_eq!(fs[0].calls[0].callee.as_deref(), Some("_mlir_ciface_a é!"));
    }

    /// Headers as mlir-opt 22 prints them: argument names, attributes on parameters
    /// and results, address spaces, keywords, declarations.
    #[test]
    fn reads_headers_of_both_printers() {
        let text = r#"module attributes {llvm.data_layout = "e-m:e"} {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @a(%arg0: !llvm.ptr {llvm.noalias}, %arg1: i32 {llvm.zeroext, test.foo = 3 : i64}, %arg2: !llvm.ptr<3>) -> (i32 {llvm.signext}) attributes {foo.bar = "x {y}", llvm.emit_c_interface} {
    %0 = llvm.call @malloc(%c) : (i64) -> !llvm.ptr
    llvm.return %arg1 : i32
  }
  llvm.func private @ext(!llvm.ptr<1>, i64 {llvm.inreg}) -> !llvm.struct<(ptr<5>, ptr<5>, i64, array<1 x i64>, array<1 x i64>)> attributes {sym_visibility = "private"}
  llvm.func @v(i32, ...)
}
"#;
        let fs = read_module(text).unwrap();
        assert_eq!(fs.len(), 4);
        assert_eq!(fs[0].name, "malloc");
        assert_eq!(fs[0].params, vec![Slot::new("i64")]);
        assert_eq!(fs[0].result, Some(Slot::new("!llvm.ptr")));
        assert!(!fs[0].defined);
        let a = &fs[1];
        assert!(a.defined && a.keywords.is_empty());
        assert_eq!(a.params[0].attrs, attrs(&[("llvm.noalias", "")]));
        assert_eq!(
            a.params[1].attrs,
            attrs(&[("llvm.zeroext", ""), ("test.foo", "3 : i64")])
        );
        assert_eq!(a.params[2].ty, "!llvm.ptr<3>");
        assert_eq!(
            a.result.as_ref().unwrap().attrs,
            attrs(&[("llvm.signext", "")])
        );
        assert_eq!(
            a.attrs,
            attrs(&[("foo.bar", "\"x {y}\""), ("llvm.emit_c_interface", "")])
        );
        assert_eq!(a.calls.len(), 1);
        assert_eq!(a.calls[0].callee.as_deref(), Some("malloc"));
        let e = &fs[2];
        assert_eq!(e.keywords, vec!["private"]);
        assert_eq!(e.params[1].attrs, attrs(&[("llvm.inreg", "")]));
        assert_eq!(
            e.result.as_ref().unwrap().ty,
            "!llvm.struct<(ptr<5>,ptr<5>,i64,array<1xi64>,array<1xi64>)>"
        );
        assert!(!e.defined);
        assert!(fs[3].variadic && fs[3].params.len() == 1);
    }

    /// Calls: direct and indirect, discardable attributes, argument and result
    /// attributes inside the call's type, `llvm.call_intrinsic` not taken for a call.
    #[test]
    fn reads_calls() {
        let text = r#"module {
  llvm.func @f(%arg0: i32, %arg1: !llvm.ptr) {
    %1 = llvm.call @ext(%arg0, %arg1) {some.attr = 1 : i32} : (i32, !llvm.ptr) -> !llvm.struct<(i32, i64)>
    %2 = llvm.call @two2(%arg0) : (i32 {llvm.signext}) -> (i32 {llvm.zeroext})
    %3 = llvm.call %arg1(%arg0) : !llvm.ptr, (i32) -> i33
    llvm.call @free(%arg1) : (!llvm.ptr) -> ()
    %4 = llvm.call_intrinsic "llvm.foo"(%arg0) : (i32) -> i32
    %5 = llvm.call fastcc @g() : () -> !llvm.func<void (i32)>
    llvm.return
  }
}
"#;
        let fs = read_module(text).unwrap();
        let calls = &fs[0].calls;
        assert_eq!(calls.len(), 5, "{calls:#?}");
        assert_eq!(calls[0].attrs, attrs(&[("some.attr", "1 : i32")]));
        assert_eq!(calls[0].result, Some(Slot::new("!llvm.struct<(i32, i64)>")));
        assert_eq!(calls[1].params[0].attrs, attrs(&[("llvm.signext", "")]));
        assert_eq!(
            calls[1].result.as_ref().unwrap().attrs,
            attrs(&[("llvm.zeroext", "")])
        );
        assert_eq!(calls[2].callee, None);
        assert_eq!(calls[2].params, vec![Slot::new("i32")]);
        assert_eq!(calls[2].result, Some(Slot::new("i33")));
        assert_eq!(calls[3].result, None);
        assert_eq!(calls[4].callee.as_deref(), Some("g"));
        assert_eq!(calls[4].result, Some(Slot::new("!llvm.func<void (i32)>")));
    }

    #[test]
    fn canonical_spellings() {
        assert_eq!(canonical_type("!llvm.ptr<0>"), "!llvm.ptr");
        assert_eq!(
            canonical_type("!llvm.struct<(ptr<0>, ptr<3>)>"),
            "!llvm.struct<(ptr,ptr<3>)>"
        );
        assert_ne!(canonical_type("!llvm.ptr<3>"), canonical_type("!llvm.ptr"));
        assert_eq!(canonical_value(" 3  :  i64 "), "3 : i64");
        assert_eq!(canonical_value("\"a  b\""), "\"a  b\"");
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        for t in [
            "llvm.func @f(%arg0: i32 {llvm.noalias",
            "llvm.func @f(",
            "llvm.func (i32)",
            "llvm.func @f() {\n llvm.call @g( : \n}",
            "llvm.func @f() {\n llvm.call @g() {a = } : () -> ()\n}",
        ] {
            let _ = read_module(t);
        }
        assert!(read_module("llvm.func @f(i32 {x = \"}\"}) -> i32\n").is_ok());
    }
}
