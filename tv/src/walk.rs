//! Symbolic execution of one function body, the same for both dialects: every path
//! from the entry, each block entered at most `unroll` times on a path, the two sides
//! of every conditional branch merged with `ite`. A dialect supplies the semantics of
//! its ops through [`Semantics`].
//!
//! [`run_segment`] walks from one block to the next cut points instead (the loop
//! headers of a block-by-block proof, `crate::loops`): a path that reaches a cut point
//! stops there, as an [`Arrival`] with its condition, values and memory.

use crate::smt::{Smt, Stop};
use crate::value::{ite, SVal};
use converter::ir::{BlockId, Body, Module, OpData, ValueId};
use easy_smt::SExpr;
use std::collections::{HashMap, HashSet};

/// What one op does to the walk.
pub enum Step {
    /// An ordinary op: its results and the condition under which it is undefined.
    Values(Vec<SVal>, Option<SExpr>),
    /// `return` with these values.
    Return(Vec<SVal>),
    /// An unconditional branch: successor 0 with its arguments.
    Br,
    /// A conditional branch on this Boolean (successor 0 when true), undefined under
    /// the second term (LLVM: a poison condition).
    CondBr(SExpr, Option<SExpr>),
    /// A direct call of the function of this name with the op's operands: inlined.
    Call(String),
}

/// A dialect's semantics of ops.
pub trait Semantics {
    fn step(
        &mut self,
        smt: &mut Smt,
        body: &Body,
        op: &OpData,
        args: &[SVal],
    ) -> Result<Step, Stop>;
    /// Saves the path's state (memory) before a branch; [`Semantics::restore`] brings
    /// it back for the other side.
    fn save(&mut self) -> usize;
    fn restore(&mut self, id: usize);
    /// Whether the path's state is the one saved as `id` (the same terms).
    fn same_as(&self, id: usize) -> bool;
    /// Makes the path's state the merge of the states saved as `t` (where `c` holds)
    /// and `f`: after a branch whose two paths return from an inlined call.
    fn merge(&mut self, smt: &mut Smt, c: SExpr, t: usize, f: usize) -> Result<(), Stop>;
    /// What the caller can see of the path's state when the function returns (the
    /// memory of its memref arguments), compared as extra results.
    fn observe(&mut self, smt: &mut Smt) -> Result<Vec<SVal>, Stop>;
    /// The function's results as the caller sees them, in this path's state: a memref
    /// result becomes a view of its memory (`crate::view`), so that paths merge.
    fn export(&mut self, smt: &mut Smt, results: Vec<SVal>) -> Result<Vec<SVal>, Stop>;
    /// A call past [`INLINE_DEPTH`], summarised by the callee's contract.
    fn contract(
        &mut self,
        smt: &mut Smt,
        body: &Body,
        op: &OpData,
        callee: &str,
        args: &[SVal],
    ) -> Result<crate::contract::Summary, Stop>;
}

/// What running a body gives, over all paths.
pub struct Outcome {
    /// The inputs for which it is undefined.
    pub ub: SExpr,
    /// The inputs whose path enters some block more than `unroll` times (not claimed).
    pub cut: SExpr,
    /// The returned values (`None` when every path was cut).
    pub results: Option<Vec<SVal>>,
    /// The paths that stopped at a cut point ([`run_segment`] only).
    pub arrivals: Vec<Arrival>,
}

/// A path that reached a cut point.
pub struct Arrival {
    pub block: BlockId,
    /// The inputs that take this path.
    pub cond: SExpr,
    /// The block's arguments on this path.
    pub args: Vec<SVal>,
    /// Every value defined on the way, and before.
    pub env: HashMap<ValueId, SVal>,
    /// The memory on arrival, as saved by [`Semantics::save`].
    pub mem: usize,
}

/// The state after the entry block's ops (before its terminator), which the entry
/// block, run once, fixes for the whole run.
pub struct EntryState {
    pub env: HashMap<ValueId, SVal>,
    /// The memory, as saved by [`Semantics::save`].
    pub mem: usize,
    /// The inputs on which the entry block's ops are undefined.
    pub ub: SExpr,
}

/// What [`run_segment`] gives: the outcome (its paths stop at cut points) and, when
/// it started at the entry block, the state after the entry block's ops.
pub struct Segment {
    pub outcome: Outcome,
    pub entry: Option<EntryState>,
}

/// Runs `body` from `start` with these block arguments and values, each block entered
/// at most once on a path (a path entering one twice is cut), every path stopping at
/// the blocks of `stops` (other than where it starts).
#[allow(clippy::too_many_arguments)]
pub fn run_segment(
    smt: &mut Smt,
    sem: &mut dyn Semantics,
    module: &Module,
    body: &Body,
    start: BlockId,
    args: Vec<SVal>,
    env: &HashMap<ValueId, SVal>,
    stops: &HashSet<BlockId>,
) -> Result<Segment, Stop> {
    let mut w = Walker {
        smt,
        sem,
        module,
        body,
        unroll: 0,
        depth: 0,
        free: 0,
        visits: HashMap::new(),
        budget: 20_000,
        stops: Some(stops),
        entry: None,
    };
    let outcome = w.block_inner(start, args, env)?;
    Ok(Segment {
        outcome,
        entry: w.entry.take(),
    })
}

/// Runs `body` on `inputs` (the entry block's arguments).
pub fn run(
    smt: &mut Smt,
    sem: &mut dyn Semantics,
    module: &Module,
    body: &Body,
    inputs: Vec<SVal>,
    unroll: u32,
) -> Result<Outcome, Stop> {
    let mut budget = 20_000;
    // A C wrapper (`_mlir_ciface_NAME`) only forwards to its function: its frame is not
    // counted, so that both sides reach a callee's contract at the same call (the
    // source's function runs at depth 0, the lowered function inside its wrapper).
    let wrapper = module.funcs.iter().any(|f| {
        f.name.starts_with("_mlir_ciface_")
            && f.body.as_ref().is_some_and(|b| std::ptr::eq(b, body))
    });
    let free = u32::from(wrapper);
    run_nested(
        smt,
        sem,
        module,
        body,
        inputs,
        unroll,
        (0, free),
        &mut budget,
    )
}

/// How deep calls are inlined; a deeper call is summarised by its callee's contract.
pub const INLINE_DEPTH: u32 = 4;

#[allow(clippy::too_many_arguments)]
fn run_nested(
    smt: &mut Smt,
    sem: &mut dyn Semantics,
    module: &Module,
    body: &Body,
    inputs: Vec<SVal>,
    unroll: u32,
    (depth, free): (u32, u32),
    budget: &mut u32,
) -> Result<Outcome, Stop> {
    let entry = body
        .entry()
        .ok_or_else(|| Stop::NotModelled("a function without blocks".into()))?;
    let mut w = Walker {
        smt,
        sem,
        module,
        body,
        unroll,
        depth,
        free,
        visits: HashMap::new(),
        budget: *budget,
        stops: None,
        entry: None,
    };
    let r = w.block(entry, inputs, &HashMap::new());
    *budget = w.budget;
    r
}

struct Walker<'a> {
    smt: &'a mut Smt,
    sem: &'a mut dyn Semantics,
    module: &'a Module,
    body: &'a Body,
    unroll: u32,
    /// How many calls deep this body is inlined.
    depth: u32,
    /// Frames not counted against [`INLINE_DEPTH`] (a C wrapper's).
    free: u32,
    visits: HashMap<BlockId, u32>,
    /// Blocks left to walk over all paths, so that a function with very many paths
    /// gives up rather than running for ever.
    budget: u32,
    /// The cut points of a segment ([`run_segment`]; depth 0 only).
    stops: Option<&'a HashSet<BlockId>>,
    /// The state after the entry block's ops, once the walk has passed them.
    entry: Option<EntryState>,
}

impl Walker<'_> {
    fn block(
        &mut self,
        b: BlockId,
        args: Vec<SVal>,
        env: &HashMap<ValueId, SVal>,
    ) -> Result<Outcome, Stop> {
        if self.stops.is_some_and(|s| s.contains(&b)) {
            let mem = self.sem.save();
            let f = self.smt.ctx.false_();
            return Ok(Outcome {
                ub: f,
                cut: f,
                results: None,
                arrivals: vec![Arrival {
                    block: b,
                    cond: self.smt.ctx.true_(),
                    args,
                    env: env.clone(),
                    mem,
                }],
            });
        }
        let n = self.visits.entry(b).or_insert(0);
        if *n > self.unroll {
            return Ok(Outcome {
                ub: self.smt.ctx.false_(),
                cut: self.smt.ctx.true_(),
                results: None,
                arrivals: Vec::new(),
            });
        }
        if self.budget == 0 {
            return Err(Stop::NotModelled(
                "more paths than the walk budget (20,000 blocks)".into(),
            ));
        }
        self.budget -= 1;
        *n += 1;
        let r = self.block_inner(b, args, env);
        *self.visits.get_mut(&b).expect("visited") -= 1;
        r
    }

    fn block_inner(
        &mut self,
        b: BlockId,
        args: Vec<SVal>,
        env: &HashMap<ValueId, SVal>,
    ) -> Result<Outcome, Stop> {
        let body = self.body;
        let mut env = env.clone();
        for (v, a) in body.block_args(b).iter().zip(args) {
            env.insert(*v, a);
        }
        let mut ubs: Vec<SExpr> = Vec::new();
        // The conditions under which an inlined call was cut short by the unroll bound.
        let mut cuts: Vec<SExpr> = Vec::new();
        for &o in &body.block(b).ops {
            let op = body.op(o);
            let vals = op
                .operands
                .iter()
                .map(|v| {
                    env.get(v).cloned().ok_or_else(|| {
                        Stop::NotModelled("a value used before it is defined".into())
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            match self.sem.step(self.smt, body, op, &vals)? {
                Step::Values(rs, ub) => {
                    ubs.extend(ub);
                    for (r, v) in op.results.iter().zip(rs) {
                        env.insert(*r, v);
                    }
                }
                Step::Call(callee) => {
                    let f = self.module.func(&callee).ok_or_else(|| {
                        Stop::NotModelled(format!(
                            "a call of @{callee}, which is not in the module"
                        ))
                    })?;
                    let cb = f.body.as_ref().ok_or_else(|| {
                        Stop::NotModelled(format!("a call of the external @{callee}"))
                    })?;
                    if self.depth >= INLINE_DEPTH + self.free {
                        // By the callee's contract (`crate::contract`).
                        let o = self.sem.contract(self.smt, body, op, &callee, &vals)?;
                        ubs.push(o.ub);
                        cuts.push(o.cut);
                        for (r, v) in op.results.iter().zip(o.results) {
                            env.insert(*r, v);
                        }
                        continue;
                    }
                    let o = run_nested(
                        self.smt,
                        self.sem,
                        self.module,
                        cb,
                        vals,
                        self.unroll,
                        (self.depth + 1, self.free),
                        &mut self.budget,
                    )?;
                    ubs.push(o.ub);
                    cuts.push(o.cut);
                    let Some(rs) = o.results else {
                        return Ok(Outcome {
                            ub: self.any(&ubs)?,
                            cut: self.smt.ctx.true_(),
                            results: None,
                            arrivals: Vec::new(),
                        });
                    };
                    for (r, v) in op.results.iter().zip(rs) {
                        env.insert(*r, v);
                    }
                }
                Step::Return(mut vs) => {
                    self.note_entry(b, &env, &ubs)?;
                    if self.depth == 0 {
                        vs = self.sem.export(self.smt, vs)?;
                        vs.extend(self.sem.observe(self.smt)?);
                    }
                    return Ok(Outcome {
                        ub: self.any(&ubs)?,
                        cut: self.any(&cuts)?,
                        results: Some(vs),
                        arrivals: Vec::new(),
                    });
                }
                Step::Br => {
                    self.note_entry(b, &env, &ubs)?;
                    let (t, targs) = self.successor(op, 0, &env)?;
                    let o = self.block(t, targs, &env)?;
                    ubs.push(o.ub);
                    cuts.push(o.cut);
                    return Ok(Outcome {
                        ub: self.any(&ubs)?,
                        cut: self.any(&cuts)?,
                        results: o.results,
                        arrivals: o.arrivals,
                    });
                }
                Step::CondBr(c, ub) => {
                    self.note_entry(b, &env, &ubs)?;
                    ubs.extend(ub);
                    let (t, targs) = self.successor(op, 0, &env)?;
                    let (f, fargs) = self.successor(op, 1, &env)?;
                    let saved = self.sem.save();
                    let ot = self.block(t, targs, &env)?;
                    let after_t = self.sem.save();
                    self.sem.restore(saved);
                    let of = self.block(f, fargs, &env)?;
                    let c = self.smt.def_bool(c)?;
                    // Inside an inlined call, the caller goes on from the memory the
                    // returning paths leave: merged where both return, else the one
                    // that does (the other is cut).
                    if self.depth > 0 {
                        match (&ot.results, &of.results) {
                            (Some(_), Some(_)) if !self.sem.same_as(after_t) => {
                                let after_f = self.sem.save();
                                self.sem.merge(self.smt, c, after_t, after_f)?;
                            }
                            (Some(_), None) => self.sem.restore(after_t),
                            _ => {}
                        }
                    }
                    let ctx = &self.smt.ctx;
                    ubs.push(ctx.ite(c, ot.ub, of.ub));
                    cuts.push(ctx.ite(c, ot.cut, of.cut));
                    let cut = self.any(&cuts)?;
                    let mut arrivals = Vec::new();
                    let nc = self.smt.ctx.not(c);
                    for (side, mut a) in ot
                        .arrivals
                        .into_iter()
                        .map(|a| (c, a))
                        .chain(of.arrivals.into_iter().map(|a| (nc, a)))
                    {
                        let both = self.smt.ctx.and(side, a.cond);
                        a.cond = self.smt.def_bool(both)?;
                        arrivals.push(a);
                    }
                    let results = match (ot.results, of.results) {
                        (Some(a), Some(b)) => Some(
                            a.iter()
                                .zip(&b)
                                .map(|(x, y)| ite(self.smt, c, x, y))
                                .collect::<Result<_, _>>()?,
                        ),
                        (a, b) => a.or(b),
                    };
                    return Ok(Outcome {
                        ub: self.any(&ubs)?,
                        cut,
                        results,
                        arrivals,
                    });
                }
            }
        }
        Err(Stop::NotModelled("a block without a terminator".into()))
    }

    /// Records the state after the entry block's ops, when `b` is the entry block of
    /// the walked function itself.
    fn note_entry(
        &mut self,
        b: BlockId,
        env: &HashMap<ValueId, SVal>,
        ubs: &[SExpr],
    ) -> Result<(), Stop> {
        if self.depth == 0 && self.entry.is_none() && self.body.entry() == Some(b) {
            let ub = self.any(ubs)?;
            let mem = self.sem.save();
            self.entry = Some(EntryState {
                env: env.clone(),
                mem,
                ub,
            });
        }
        Ok(())
    }

    fn successor(
        &self,
        op: &OpData,
        i: usize,
        env: &HashMap<ValueId, SVal>,
    ) -> Result<(BlockId, Vec<SVal>), Stop> {
        let s = op
            .successors
            .get(i)
            .ok_or_else(|| Stop::NotModelled(format!("'{}' without successor {i}", op.name())))?;
        let args = s
            .args
            .iter()
            .map(|v| {
                env.get(v)
                    .cloned()
                    .ok_or_else(|| Stop::NotModelled("a value used before it is defined".into()))
            })
            .collect::<Result<_, _>>()?;
        Ok((s.block, args))
    }

    fn any(&mut self, xs: &[SExpr]) -> Result<SExpr, Stop> {
        let e = match xs.len() {
            0 => return Ok(self.smt.ctx.false_()),
            1 => xs[0],
            _ => self.smt.ctx.or_many(xs.iter().copied()),
        };
        self.smt.def_bool(e)
    }
}
