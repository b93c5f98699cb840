//! Reads the custom form of today's upstream ops (`arith.addi`, `memref.load`,
//! `vector.extract`, `cf.br`, `func.call`, ...) into the Standard ops of the IR, by
//! the name table of [`crate::syntax::upstream`]. Most upstream ops kept LLVM 11's
//! textual shape and go through the Standard parser; `vector.broadcast` and
//! `vector.extract` have their own. Upstream modifiers that change semantics
//! (`overflow<nsw>`, `fastmath<fast>`, `exact`, ...) and upstream ops without a
//! Standard counterpart (`arith.maxsi`, `cf.switch`) are located errors.

use super::{OpSpec, PResult, Parser, TypedUse, UseRef};
use crate::diag::Loc;
use crate::ir::{Attribute, BlockId, NamedAttr, NewOp, OpKind, Type};
use crate::syntax::lexer::Tok;
use crate::syntax::upstream::{
    is_upstream_dialect, kind_of_upstream, ARITH_CONSTANT, FUNC_CONSTANT, SEMANTIC_ATTRS,
};

impl<'a> Parser<'a> {
    /// An upstream op named `full` (already consumed), its index constants (static
    /// `vector.extract` positions) materialized into `block` before it.
    pub(super) fn parse_upstream(
        &mut self,
        block: BlockId,
        full: &str,
        loc: Loc,
    ) -> PResult<OpSpec<'a>> {
        let Some(kind) = kind_of_upstream(full) else {
            let msg = if is_upstream_dialect(full) {
                format!("unsupported upstream operation '{full}': it has no Standard-dialect counterpart")
            } else {
                format!("unknown operation '{full}'")
            };
            return Err(self.err_at(loc, msg));
        };
        match kind {
            OpKind::Splat => self.parse_broadcast(),
            OpKind::ExtractElement => self.parse_vector_extract(block),
            OpKind::Constant => {
                let vloc = self.tok.loc;
                // The value follows the optional dictionary, so a keyword there
                // (`true`, `dense`) is not a modifier.
                self.upstream_op = false;
                let s = self.parse_custom("constant", full, loc)?;
                let is_symbol = matches!(
                    s.attrs.first(),
                    Some(NamedAttr {
                        value: Attribute::SymbolRef(_),
                        ..
                    })
                );
                if full == FUNC_CONSTANT && !is_symbol {
                    return Err(
                        self.err_at(vloc, "func.constant takes a function reference ('@name')")
                    );
                }
                if full == ARITH_CONSTANT && is_symbol {
                    return Err(self.err_at(
                        vloc,
                        "a function reference is a func.constant, not an arith.constant",
                    ));
                }
                Ok(s)
            }
            k => self.parse_custom(k.short_name(), full, loc),
        }
    }

    /// The attribute dictionary of an upstream op. A keyword where it may start is a
    /// modifier such as `overflow<nsw>` or `fastmath<fast>`, and rejected like the
    /// attributes that spell those modifiers in a dictionary.
    pub(super) fn parse_upstream_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        // A trailing location `loc(...)` is not a modifier; the op's caller skips it.
        let at_loc = self.is_kw("loc") && self.lex.peek_byte() == Some(b'(');
        if self.tok.kind == Tok::BareIdent && !at_loc {
            let m = self.spelling(self.tok);
            return Err(self.err_here(format!(
                "upstream modifier '{m}' changes the op's semantics and is not supported"
            )));
        }
        let at = self.tok.loc;
        let attrs = if self.tok.kind == Tok::LBrace {
            self.parse_attr_dict()?
        } else {
            Vec::new()
        };
        if let Some(a) = attrs
            .iter()
            .find(|a| SEMANTIC_ATTRS.contains(&a.name.as_ref()))
        {
            return Err(self.err_at(
                at,
                format!(
                    "upstream attribute '{}' changes the op's semantics and is not supported",
                    a.name
                ),
            ));
        }
        Ok(attrs)
    }

    /// `vector.broadcast %x : f32 to vector<4xf32>`: Standard's `splat` (a scalar only).
    fn parse_broadcast(&mut self) -> PResult<OpSpec<'a>> {
        let a = self.parse_use()?;
        let attrs = self.parse_opt_attr_dict()?;
        let (fl, from) = self.colon_type()?;
        self.expect_kw("to")?;
        let tl = self.tok.loc;
        let to = self.parse_type()?;
        if matches!(from, Type::Vector(_)) {
            return Err(self.err_at(
                fl,
                "a broadcast of a vector is not supported: only a scalar to a vector (Standard's splat)",
            ));
        }
        match to.as_vector() {
            Some(v) if v.elem == from => {}
            _ => {
                return Err(self.err_at(
                    tl,
                    format!("expected a vector of {from} as the broadcast result, found {to}"),
                ))
            }
        }
        let mut s = OpSpec::new(OpKind::Splat);
        s.operands.push((a, Some(from)));
        s.attrs = attrs;
        s.results.push(to);
        Ok(s)
    }

    /// `vector.extract %v[1, %j] : f32 from vector<4x8xf32>`: Standard's
    /// `extract_element`, whose positions are all index values, so each static
    /// position becomes an index constant placed before the op.
    fn parse_vector_extract(&mut self, block: BlockId) -> PResult<OpSpec<'a>> {
        let v = self.parse_use()?;
        self.expect(Tok::LSquare, "'[' to start the positions")?;
        let mut positions: Vec<(Loc, Result<u64, UseRef<'a>>)> = Vec::new();
        if self.tok.kind != Tok::RSquare {
            loop {
                let ploc = self.tok.loc;
                match self.tok.kind {
                    Tok::Int => {
                        let t = self.advance();
                        let k = self.parse_i64_literal(t, false)?;
                        positions.push((ploc, Ok(k as u64)));
                    }
                    Tok::Minus => {
                        return Err(self.err_here(
                            "a negative (poison) position is not supported in vector.extract",
                        ))
                    }
                    _ => positions.push((ploc, Err(self.parse_use()?))),
                }
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RSquare, "']' or ',' in positions")?;
        let attrs = self.parse_opt_attr_dict()?;
        let (rl, result) = self.colon_type()?;
        self.expect_kw("from")?;
        let vl = self.tok.loc;
        let vty = self.parse_type()?;
        let Some(vt) = vty.as_vector().cloned() else {
            return Err(self.err_at(vl, format!("expected a vector type, found {vty}")));
        };
        if positions.len() != vt.shape.len() || result != vt.elem {
            return Err(self.err_at(
                rl,
                format!(
                    "extracting {result} with {} position(s) from {vty} is not supported: only a single element (one position per dimension) has a Standard-dialect form",
                    positions.len()
                ),
            ));
        }
        let mut s = OpSpec::new(OpKind::ExtractElement);
        s.operands.push((v, Some(vty.clone())));
        for ((ploc, p), &d) in positions.into_iter().zip(&vt.shape) {
            let u: TypedUse<'a> = match p {
                Err(u) => (u, Some(Type::Index)),
                Ok(k) => {
                    if k >= d {
                        return Err(self.err_at(
                            ploc,
                            format!("position {k} is out of range for dimension of size {d}"),
                        ));
                    }
                    let op = self.body.append_op(
                        block,
                        NewOp::new(OpKind::Constant)
                            .attr("value", Attribute::index(k as i64))
                            .result(Type::Index)
                            .loc(ploc),
                    );
                    let value = self.body.op(op).results[0];
                    let u = UseRef {
                        name: "",
                        num: 0,
                        loc: ploc,
                        start: 0,
                        end: 0,
                        direct: Some(value),
                    };
                    (u, None)
                }
            };
            s.operands.push(u);
        }
        s.attrs = attrs;
        s.results.push(result);
        Ok(s)
    }
}
