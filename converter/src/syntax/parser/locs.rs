//! Source locations kept from the text (`loc(...)` after an op) instead of skipped: for
//! a lowered module that `mlir-opt --mlir-print-debuginfo` printed from an export whose
//! ops carry the Standard module's locations (`export::export_upstream_with_locs`), so
//! that a report at the LLVM level points at the Standard op, as our own lowering's does.
//! A location is `"FILE":LINE:COL` with the file the caller names, or an alias `#locN`
//! of one (`mlir-opt` prints the aliases before and after the module, so they are
//! resolved when the module is complete); anything else (`unknown`, `fused[...]`, a
//! position in another file) leaves the op's location unknown.

use super::{PResult, Parser};
use crate::diag::Loc;
use crate::ir::{Module, OpId};
use crate::syntax::lexer::Tok;

/// A location as written: a position, an alias to resolve, or neither.
#[derive(Clone, Copy, Debug)]
pub(super) enum LocRef<'a> {
    At(Loc),
    Alias(&'a str),
    Unknown,
}

/// What the parser keeps while it reads locations.
#[derive(Default)]
pub(super) struct KeptLocs<'a> {
    /// The file whose positions are kept.
    pub file: String,
    pub aliases: super::FxMap<&'a str, LocRef<'a>>,
    /// Ops of the body being parsed whose location is an alias.
    pub pending: Vec<(OpId, &'a str)>,
    /// The same for finished functions, by their index in the module.
    pub done: Vec<(usize, OpId, &'a str)>,
    pub funcs: usize,
}

impl<'a> Parser<'a> {
    /// Keeps the locations in `file` from now on.
    pub(in crate::syntax) fn keep_locs_of(&mut self, file: &str) {
        self.kept = Some(KeptLocs {
            file: file.to_string(),
            ..KeptLocs::default()
        });
    }

    /// `loc(...)` if one is here: what it names (`None` when there is none).
    pub(super) fn parse_loc_ref(&mut self) -> PResult<Option<LocRef<'a>>> {
        if !self.is_kw("loc") || self.lex.peek_byte() != Some(b'(') {
            return Ok(None);
        }
        let mut probe = self.lex.clone();
        let toks: Vec<_> = (0..6).map(|_| probe.next_token()).collect();
        let file = self.kept.as_ref().map(|k| k.file.as_str()).unwrap_or("");
        let r = match (toks[0].kind, toks[1].kind) {
            (Tok::LParen, Tok::HashIdent) if toks[2].kind == Tok::RParen => {
                Some(LocRef::Alias(self.spelling(toks[1])))
            }
            (Tok::LParen, Tok::Str)
                if toks[2].kind == Tok::Colon
                    && toks[3].kind == Tok::Int
                    && toks[4].kind == Tok::Colon
                    && toks[5].kind == Tok::Int
                    && super::super::lexer::unescape(self.spelling(toks[1]).as_bytes())
                        .is_ok_and(|f| f == file) =>
            {
                let n = |t| self.spelling(t).parse::<u32>().ok();
                match (n(toks[3]), n(toks[5])) {
                    (Some(l), Some(c)) => Some(LocRef::At(Loc::new(l, c))),
                    _ => None,
                }
            }
            _ => None,
        };
        self.skip_loc()?;
        Ok(Some(r.unwrap_or(LocRef::Unknown)))
    }

    /// After an op `op` whose location was `r`: sets it, or records the alias.
    pub(super) fn set_op_loc(&mut self, op: OpId, r: Option<LocRef<'a>>) {
        let Some(k) = self.kept.as_mut() else { return };
        let loc = match r {
            Some(LocRef::At(l)) => l,
            Some(LocRef::Alias(a)) => {
                k.pending.push((op, a));
                Loc::UNKNOWN
            }
            Some(LocRef::Unknown) | None => Loc::UNKNOWN,
        };
        self.body.ops[op.index()].loc = loc;
    }

    /// At the end of a function: its pending aliases wait for the module's end.
    pub(super) fn func_done(&mut self) {
        if let Some(k) = self.kept.as_mut() {
            let f = k.funcs;
            k.funcs += 1;
            let pending = std::mem::take(&mut k.pending);
            k.done.extend(pending.into_iter().map(|(op, a)| (f, op, a)));
        }
    }

    /// Resolves the aliases the ops of `m` named.
    pub(super) fn resolve_locs(&mut self, m: &mut Module) {
        let Some(k) = self.kept.take() else { return };
        let resolve = |mut a: &'a str| {
            // An alias of an alias: follow a bounded chain.
            for _ in 0..16 {
                match k.aliases.get(a) {
                    Some(LocRef::At(l)) => return *l,
                    Some(LocRef::Alias(b)) => a = b,
                    _ => break,
                }
            }
            Loc::UNKNOWN
        };
        for &(f, op, a) in &k.done {
            if let Some(b) = m.funcs.get_mut(f).and_then(|f| f.body.as_mut()) {
                if let Some(o) = b.ops.get_mut(op.index()) {
                    o.loc = resolve(a);
                }
            }
        }
    }
}
