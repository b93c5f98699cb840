//! Affine maps as memref layouts: `affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 + 8)>`.
//!
//! The parser builds a small expression tree with MLIR's precedence (`+ -` below
//! `* floordiv ceildiv mod`, unary `-` above both) and MLIR's affinity rules (a product
//! needs a constant or symbolic side; the right of `floordiv`/`ceildiv`/`mod` must be
//! constant or symbolic). The map is kept as canonical text (dims renamed `d0..`,
//! symbols `s0..`, minimal parentheses) so that printing and re-parsing is a fixed
//! point, and classified: a single-result map that is a sum of `dim * (constant or
//! symbolic)` terms plus a constant or symbolic offset is strided, with `?` for every
//! symbolic stride or offset.

use super::lexer::Tok;
use super::parser::{PResult, Parser};
use crate::ir::StridedLayout;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AffineExpr {
    Dim(u32),
    Sym(u32),
    Const(i64),
    Neg(Box<AffineExpr>),
    Bin(BinOp, Box<AffineExpr>, Box<AffineExpr>),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AffineMap {
    pub num_dims: u32,
    pub num_syms: u32,
    pub results: Vec<AffineExpr>,
}

impl AffineExpr {
    /// True when the expression mentions no dimension (it is constant or symbolic).
    pub fn is_symbolic(&self) -> bool {
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Sym(_) | AffineExpr::Const(_) => true,
            AffineExpr::Neg(e) => e.is_symbolic(),
            AffineExpr::Bin(_, a, b) => a.is_symbolic() && b.is_symbolic(),
        }
    }
}

fn prec(op: BinOp) -> u8 {
    match op {
        BinOp::Add | BinOp::Sub => 1,
        _ => 2,
    }
}

fn write_expr(out: &mut String, e: &AffineExpr, ctx: u8) {
    use std::fmt::Write;
    match e {
        AffineExpr::Dim(i) => {
            let _ = write!(out, "d{i}");
        }
        AffineExpr::Sym(i) => {
            let _ = write!(out, "s{i}");
        }
        AffineExpr::Const(c) => {
            let _ = write!(out, "{c}");
        }
        AffineExpr::Neg(x) => {
            out.push('-');
            if let AffineExpr::Const(_) = **x {
                // `-4` would read back as the constant -4, not a negation.
                out.push('(');
                write_expr(out, x, 0);
                out.push(')');
            } else {
                write_expr(out, x, 3);
            }
        }
        AffineExpr::Bin(op, a, b) => {
            let p = prec(*op);
            if p < ctx {
                out.push('(');
            }
            write_expr(out, a, p);
            out.push_str(match op {
                BinOp::Add => " + ",
                BinOp::Sub => " - ",
                BinOp::Mul => " * ",
                BinOp::FloorDiv => " floordiv ",
                BinOp::CeilDiv => " ceildiv ",
                BinOp::Mod => " mod ",
            });
            write_expr(out, b, p + 1);
            if p < ctx {
                out.push(')');
            }
        }
    }
}

impl AffineMap {
    /// The canonical text, without the `affine_map<...>` wrapper.
    pub fn text(&self) -> String {
        let mut out = String::from("(");
        for i in 0..self.num_dims {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&format!("d{i}"));
        }
        out.push(')');
        if self.num_syms > 0 {
            out.push('[');
            for i in 0..self.num_syms {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&format!("s{i}"));
            }
            out.push(']');
        }
        out.push_str(" -> (");
        for (i, r) in self.results.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_expr(&mut out, r, 0);
        }
        out.push(')');
        out
    }

    /// True for `(d0, ..., dn) -> (d0, ..., dn)` (no symbols), also where a single
    /// result simplifies to `d0` (`(d0) -> (d0 * 1 + 0)`), as MLIR simplifies it.
    pub fn is_identity(&self) -> bool {
        if self.num_syms != 0 || self.results.len() != self.num_dims as usize {
            return false;
        }
        if self.num_dims == 1 {
            let unit = self
                .strided()
                .is_some_and(|s| s.offset == Some(0) && s.strides == [Some(1)]);
            if unit {
                return true;
            }
        }
        self.results
            .iter()
            .enumerate()
            .all(|(i, e)| *e == AffineExpr::Dim(i as u32))
    }

    /// The strided form of a single-result map, `None` when it is not strided.
    pub fn strided(&self) -> Option<StridedLayout> {
        if self.results.len() != 1 {
            return None;
        }
        let lin = linearize(&self.results[0], self.num_dims as usize, 0)?;
        Some(StridedLayout {
            offset: lin.offset.known(),
            strides: lin.dims.iter().map(|c| c.known()).collect(),
        })
    }
}

/// A coefficient of a linear form: a known constant or something symbolic.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Coef {
    Known(i64),
    Symbolic,
}

impl Coef {
    fn known(self) -> Option<i64> {
        match self {
            Coef::Known(v) => Some(v),
            Coef::Symbolic => None,
        }
    }
    fn add(self, o: Coef) -> Coef {
        match (self, o) {
            (Coef::Known(a), Coef::Known(b)) => {
                a.checked_add(b).map_or(Coef::Symbolic, Coef::Known)
            }
            _ => Coef::Symbolic,
        }
    }
    fn mul(self, o: Coef) -> Coef {
        match (self, o) {
            (Coef::Known(0), _) | (_, Coef::Known(0)) => Coef::Known(0),
            (Coef::Known(a), Coef::Known(b)) => {
                a.checked_mul(b).map_or(Coef::Symbolic, Coef::Known)
            }
            _ => Coef::Symbolic,
        }
    }
}

struct Linear {
    dims: Vec<Coef>,
    offset: Coef,
}

impl Linear {
    fn constant(n: usize, c: Coef) -> Linear {
        Linear {
            dims: vec![Coef::Known(0); n],
            offset: c,
        }
    }
    fn has_dims(&self) -> bool {
        self.dims.iter().any(|c| *c != Coef::Known(0))
    }
    fn scale(mut self, k: Coef) -> Linear {
        for c in &mut self.dims {
            *c = c.mul(k);
        }
        self.offset = self.offset.mul(k);
        self
    }
    fn plus(mut self, o: Linear) -> Linear {
        for (c, d) in self.dims.iter_mut().zip(o.dims) {
            *c = c.add(d);
        }
        self.offset = self.offset.add(o.offset);
        self
    }
}

/// Writes `e` as `sum(dims[i] * d_i) + offset`, `None` when it is not linear in the dims.
fn linearize(e: &AffineExpr, n: usize, depth: u32) -> Option<Linear> {
    if depth > super::parser::MAX_DEPTH {
        return None;
    }
    Some(match e {
        AffineExpr::Dim(i) => {
            let mut l = Linear::constant(n, Coef::Known(0));
            *l.dims.get_mut(*i as usize)? = Coef::Known(1);
            l
        }
        AffineExpr::Sym(_) => Linear::constant(n, Coef::Symbolic),
        AffineExpr::Const(c) => Linear::constant(n, Coef::Known(*c)),
        AffineExpr::Neg(x) => linearize(x, n, depth + 1)?.scale(Coef::Known(-1)),
        AffineExpr::Bin(op, a, b) => {
            let la = linearize(a, n, depth + 1)?;
            let lb = linearize(b, n, depth + 1)?;
            match op {
                BinOp::Add => la.plus(lb),
                BinOp::Sub => la.plus(lb.scale(Coef::Known(-1))),
                BinOp::Mul => {
                    if !lb.has_dims() {
                        la.scale(lb.offset)
                    } else if !la.has_dims() {
                        lb.scale(la.offset)
                    } else {
                        return None;
                    }
                }
                BinOp::FloorDiv | BinOp::CeilDiv | BinOp::Mod => {
                    if la.has_dims() || lb.has_dims() {
                        return None;
                    }
                    let v = match (la.offset, lb.offset) {
                        (Coef::Known(x), Coef::Known(y)) => {
                            fold_div(*op, x, y).map_or(Coef::Symbolic, Coef::Known)
                        }
                        _ => Coef::Symbolic,
                    };
                    Linear::constant(n, v)
                }
            }
        }
    })
}

/// Folds `x floordiv y`, `x ceildiv y`, `x mod y`; `None` on division by zero or overflow.
fn fold_div(op: BinOp, x: i64, y: i64) -> Option<i64> {
    let q = x.checked_div(y)?;
    let r = x.checked_rem(y)?;
    Some(match op {
        BinOp::FloorDiv if r != 0 && ((x < 0) != (y < 0)) => q - 1,
        BinOp::CeilDiv if r != 0 && ((x < 0) == (y < 0)) => q + 1,
        BinOp::Mod => x.checked_rem_euclid(y)?,
        _ => q,
    })
}

impl<'a> Parser<'a> {
    /// Parses `(d0, ...)[s0, ...] -> (e, ...)` (the part inside `affine_map<...>`).
    pub(super) fn parse_affine_map(&mut self) -> PResult<AffineMap> {
        let mut names: Vec<&'a str> = Vec::new();
        self.affine_ops = 0;
        self.expect(
            Tok::LParen,
            "'(' to start the dimension list of an affine map",
        )?;
        let num_dims = self.parse_affine_ids(&mut names, Tok::RParen)?;
        let mut num_syms = 0;
        if self.tok.kind == Tok::LSquare {
            self.advance();
            num_syms = self.parse_affine_ids(&mut names, Tok::RSquare)?;
        }
        self.expect(Tok::Arrow, "'->' in affine map")?;
        self.expect(Tok::LParen, "'(' to start the results of an affine map")?;
        let mut results = Vec::new();
        if self.tok.kind != Tok::RParen {
            loop {
                results.push(self.parse_affine_expr(&names, num_dims)?);
                if self.tok.kind == Tok::Comma {
                    self.advance();
                } else {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "')' or ',' in affine map results")?;
        Ok(AffineMap {
            num_dims,
            num_syms,
            results,
        })
    }

    fn count_affine_op(&mut self) -> PResult<()> {
        self.affine_ops += 1;
        if self.affine_ops > super::parser::MAX_DEPTH {
            return Err(self.err_here(format!(
                "affine map is too complex (more than {} operators)",
                super::parser::MAX_DEPTH
            )));
        }
        Ok(())
    }

    fn parse_affine_ids(&mut self, names: &mut Vec<&'a str>, close: Tok) -> PResult<u32> {
        let mut n = 0u32;
        if self.tok.kind != close {
            loop {
                if self.tok.kind != Tok::BareIdent {
                    return Err(self.unexpected("an identifier in affine map"));
                }
                let name = self.spelling(self.tok);
                if names.contains(&name) {
                    return Err(
                        self.err_here(format!("redefinition of identifier '{name}' in affine map"))
                    );
                }
                names.push(name);
                n += 1;
                self.advance();
                if self.tok.kind == Tok::Comma {
                    self.advance();
                } else {
                    break;
                }
            }
        }
        let what = if close == Tok::RParen { "')'" } else { "']'" };
        self.expect(close, what)?;
        Ok(n)
    }

    fn parse_affine_expr(&mut self, names: &[&'a str], nd: u32) -> PResult<AffineExpr> {
        self.enter()?;
        let r = self.parse_affine_sum(names, nd);
        self.leave();
        r
    }

    fn parse_affine_sum(&mut self, names: &[&'a str], nd: u32) -> PResult<AffineExpr> {
        let mut lhs = self.parse_affine_product(names, nd)?;
        loop {
            let op = match self.tok.kind {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                _ => return Ok(lhs),
            };
            self.count_affine_op()?;
            self.advance();
            let rhs = self.parse_affine_product(names, nd)?;
            lhs = AffineExpr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
    }

    fn parse_affine_product(&mut self, names: &[&'a str], nd: u32) -> PResult<AffineExpr> {
        let mut lhs = self.parse_affine_unary(names, nd)?;
        loop {
            let loc = self.tok.loc;
            let op = match self.tok.kind {
                Tok::Star => BinOp::Mul,
                Tok::BareIdent => match self.spelling(self.tok) {
                    "floordiv" => BinOp::FloorDiv,
                    "ceildiv" => BinOp::CeilDiv,
                    "mod" => BinOp::Mod,
                    _ => return Ok(lhs),
                },
                _ => return Ok(lhs),
            };
            self.count_affine_op()?;
            self.advance();
            let rhs = self.parse_affine_unary(names, nd)?;
            let ok = match op {
                BinOp::Mul => lhs.is_symbolic() || rhs.is_symbolic(),
                _ => rhs.is_symbolic(),
            };
            if !ok {
                return Err(self.err_at(
                    loc,
                    match op {
                        BinOp::Mul => "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                        _ => "non-affine expression: right operand of floordiv, ceildiv and mod has to be either a constant or symbolic",
                    },
                ));
            }
            lhs = AffineExpr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
    }

    fn parse_affine_unary(&mut self, names: &[&'a str], nd: u32) -> PResult<AffineExpr> {
        self.enter()?;
        let r = self.parse_affine_unary_inner(names, nd);
        self.leave();
        r
    }

    fn parse_affine_unary_inner(&mut self, names: &[&'a str], nd: u32) -> PResult<AffineExpr> {
        match self.tok.kind {
            Tok::Minus => {
                self.advance();
                if self.tok.kind == Tok::Int {
                    let t = self.advance();
                    let v = self.parse_i64_literal(t, true)?;
                    return Ok(AffineExpr::Const(v));
                }
                let x = self.parse_affine_unary(names, nd)?;
                Ok(AffineExpr::Neg(Box::new(x)))
            }
            Tok::Int => {
                let t = self.advance();
                Ok(AffineExpr::Const(self.parse_i64_literal(t, false)?))
            }
            Tok::LParen => {
                self.advance();
                let e = self.parse_affine_expr(names, nd)?;
                self.expect(Tok::RParen, "')' in affine expression")?;
                Ok(e)
            }
            Tok::BareIdent => {
                let name = self.spelling(self.tok);
                match names.iter().position(|n| *n == name) {
                    Some(i) => {
                        self.advance();
                        let i = i as u32;
                        Ok(if i < nd {
                            AffineExpr::Dim(i)
                        } else {
                            AffineExpr::Sym(i - nd)
                        })
                    }
                    None => Err(self.err_here(format!(
                        "use of undeclared identifier '{name}' in affine map"
                    ))),
                }
            }
            _ => Err(self.unexpected("an affine expression")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(s: &str) -> AffineMap {
        let mut p = Parser::new(s.as_bytes(), s);
        p.parse_affine_map().unwrap()
    }

    #[test]
    fn canonical_text_and_strides() {
        let m = map("(i, j)[s] -> (i * s + j + 8)");
        assert_eq!(m.text(), "(d0, d1)[s0] -> (d0 * s0 + d1 + 8)");
        let s = m.strided().unwrap();
        assert_eq!(s.offset, Some(8));
        assert_eq!(s.strides, vec![None, Some(1)]);
        let m = map("(d0, d1) -> (d0 * 4 + d1 * 2 + -3)");
        let s = m.strided().unwrap();
        assert_eq!((s.offset, s.strides), (Some(-3), vec![Some(4), Some(2)]));
        let m = map("(d0)[s0] -> (d0 + s0)");
        assert_eq!(m.strided().unwrap().offset, None);
        assert!(map("(d0) -> (d0 floordiv 2)").strided().is_none());
        assert!(map("(d0, d1) -> (d0, d1)").strided().is_none());
        assert!(map("(i, j) -> (i, j)").is_identity());
        assert!(map("() -> ()").is_identity());
        assert!(map("(d0) -> (d0 * 1 + 0)").is_identity());
        assert!(!map("(d0) -> (d0 * 2)").is_identity());
        assert!(!map("(d0) -> (d0 + 1)").is_identity());
        assert!(!map("(d0, d1) -> (d1, d0)").is_identity());
        assert!(!map("(d0)[s0] -> (d0)").is_identity());
        assert!(!map("(d0, d1) -> (d0)").is_identity());
        assert_eq!(
            map("(d0, d1) -> (d1)").strided().unwrap().strides,
            vec![Some(0), Some(1)]
        );
    }

    #[test]
    fn printing_is_a_fixed_point() {
        for s in [
            "(d0, d1) -> ((d0 + d1) * 2, d0 - (d1 - 1), -d0, -(4), d0 mod 3 * 2)",
            "(d0)[s0, s1] -> (d0 * (s0 + s1) + -9223372036854775808)",
            "() -> ()",
        ] {
            let t = map(s).text();
            assert_eq!(map(&t).text(), t);
            assert_eq!(map(&t), map(s));
        }
    }
}
