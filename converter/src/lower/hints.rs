//! The lowering's own account of what it did to a body, for the translation validator
//! (`tv`): which lowered block stands for which Standard block, and which lowered value
//! for which Standard value. A validator may take these as assumptions only, each one
//! checked wherever it uses it: a wrong hint can cost a proof, never make one.

use super::{funcs, LowerOptions};
use crate::ir::{BlockId, FuncKind, Module, ValueId};
use std::collections::HashMap;

/// The correspondence of one function's Standard body and its lowered body.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hints {
    /// Standard block → the lowered block it became.
    pub blocks: HashMap<BlockId, BlockId>,
    /// Standard value → the lowered value that stands for it (a memref's descriptor,
    /// an `index` as an integer of the index width, every other scalar as itself).
    pub values: HashMap<ValueId, ValueId>,
}

impl Hints {
    pub(crate) fn record(bmap: &[BlockId], vmap: &[Option<ValueId>]) -> Hints {
        Hints {
            blocks: bmap
                .iter()
                .enumerate()
                .map(|(i, b)| (BlockId(i as u32), *b))
                .collect(),
            values: vmap
                .iter()
                .enumerate()
                .filter_map(|(i, v)| v.map(|v| (ValueId(i as u32), v)))
                .collect(),
        }
    }
}

/// The hints of every Standard function of `m` with a body, by name, as the lowering
/// of `m` under `opts` makes them (each function is lowered again, alone, with the
/// same options: the lowering of one function does not depend on the others). A
/// function that does not lower has none.
pub fn lowering_hints(m: &Module, opts: &LowerOptions) -> HashMap<String, Hints> {
    let mut ctx = funcs::Ctx::new(opts);
    ctx.hints = Some(HashMap::new());
    for f in &m.funcs {
        if f.kind == FuncKind::Std && f.body.is_some() {
            let _ = funcs::lower_func(&mut ctx, f);
        }
    }
    ctx.hints.unwrap_or_default()
}
