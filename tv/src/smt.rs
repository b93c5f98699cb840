//! The solver session: an `easy-smt` context talking SMT-LIB2 to z3 or cvc5, with
//! helpers for the sorts and terms both semantics build (bit-vectors of any width 1..128,
//! IEEE floats of each format) and named definitions so that shared subterms are sent
//! once.

use easy_smt::{Context, ContextBuilder, Response, SExpr};
use std::collections::{HashMap, HashSet};
use std::time::Duration;

/// Why a proof stopped without a verdict of the solver.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// A construct the validator does not model, named.
    NotModelled(String),
    /// The solver failed (could not start, died, answered something unexpected).
    Solver(String),
    /// The lowered function's types break the lowering's rules (a memref's pointers in
    /// another address space than its memory space): wrong for every input, so no
    /// query is asked.
    Mistyped(String),
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Stop {
        Stop::Solver(e.to_string())
    }
}

/// Which solver answers the queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverKind {
    Z3,
    Cvc5,
}

impl SolverKind {
    pub fn program(self) -> &'static str {
        match self {
            SolverKind::Z3 => "z3",
            SolverKind::Cvc5 => "cvc5",
        }
    }
}

/// A float format: exponent and significand bits as SMT-LIB's `FloatingPoint` counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FKind {
    F16,
    BF16,
    F32,
    F64,
}

impl FKind {
    /// (exponent bits, significand bits including the hidden one).
    pub fn eb_sb(self) -> (u32, u32) {
        match self {
            FKind::F16 => (5, 11),
            FKind::BF16 => (8, 8),
            FKind::F32 => (8, 24),
            FKind::F64 => (11, 53),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            FKind::F16 => "f16",
            FKind::BF16 => "bf16",
            FKind::F32 => "f32",
            FKind::F64 => "f64",
        }
    }
}

/// One solver session.
pub struct Smt {
    pub ctx: Context,
    /// Which solver answers (cvc5 takes no array `lambda`: `memory::copy_range`).
    pub kind: SolverKind,
    /// The time limit of one check, in milliseconds.
    timeout_ms: u128,
    next: u64,
    /// The uninterpreted functions declared so far.
    pub declared: HashSet<String>,
    /// The sign bit of a float term where it is a NaN, where the model knows it
    /// (`crate::nan`).
    pub nan_sign: HashMap<SExpr, SExpr>,
    /// Conditions under which a `copysign` takes the sign of a NaN the model does not
    /// know (`crate::nan`).
    pub nan_dep: Vec<SExpr>,
    /// The functions standing for each callee summarised by its contract
    /// (`crate::contract`).
    pub contracts: HashMap<String, crate::contract::Declared>,
    /// The callees summarised by their contracts on some path (each must be proved).
    pub contracts_used: std::collections::BTreeSet<String>,
    /// Calls past the inlining depth cut their path instead (`query::query`).
    pub cut_deep: bool,
}

impl Smt {
    /// Starts the solver with a per-query time limit.
    pub fn start(kind: SolverKind, timeout: Duration) -> Result<Smt, Stop> {
        let ms = timeout.as_millis().max(1).to_string();
        let args: Vec<String> = match kind {
            // `-t` bounds each check; `-T` (whole seconds) ends z3 itself, since some of
            // its preprocessing (large float terms) does not look at `-t`.
            SolverKind::Z3 => vec![
                "-smt2".into(),
                "-in".into(),
                format!("-t:{ms}"),
                format!("-T:{}", timeout.as_secs() * 2 + 2),
            ],
            SolverKind::Cvc5 => vec![
                "--lang=smt2".into(),
                "--incremental".into(),
                format!("--tlimit-per={ms}"),
                format!("--tlimit={}", timeout.as_millis() * 2 + 2000),
            ],
        };
        let ctx = ContextBuilder::new()
            .solver(kind.program())
            .solver_args(args)
            .build()
            .map_err(|e| Stop::Solver(format!("cannot start {}: {e}", kind.program())))?;
        let mut smt = Smt {
            ctx,
            kind,
            timeout_ms: timeout.as_millis().max(1),
            next: 0,
            declared: HashSet::new(),
            nan_sign: HashMap::new(),
            nan_dep: Vec::new(),
            contracts: HashMap::new(),
            contracts_used: Default::default(),
            cut_deep: false,
        };
        let logic = match kind {
            SolverKind::Z3 => "ALL",
            SolverKind::Cvc5 => "ALL",
        };
        smt.ctx.set_logic(logic)?;
        Ok(smt)
    }

    /// Whether the assertions are satisfiable, asked for a proof. Where z3's default
    /// solver gives up, its bit-vector tactic (`qfaufbv`: simplification, then
    /// bit-blasting to SAT) is asked too, within the same limit again, for a proof only
    /// (its `sat` is `unknown`: a counterexample's model comes from the default solver).
    /// The bounds check of an access through a 2-D fully dynamic layout (a
    /// multiplication of symbolic strides and indices) took the default solver more than
    /// 60 s and the tactic 2 s; other queries are faster with the default solver (the
    /// tactic first made 3 generated functions time out). cvc5 answers `check-sat`.
    pub fn check(&mut self) -> Result<Response, Stop> {
        let r = self.ctx.check()?;
        if self.kind == SolverKind::Cvc5 || r != Response::Unknown {
            return Ok(r);
        }
        let c = &self.ctx;
        let tactic = c.list(vec![
            c.atom("try-for"),
            c.atom("qfaufbv"),
            c.numeral(self.timeout_ms as u64),
        ]);
        let cmd = c.list(vec![c.atom("check-sat-using"), tactic]);
        self.ctx.raw_send(cmd)?;
        let resp = self.ctx.raw_recv()?;
        match self.ctx.get_atom(resp) {
            Some("unsat") => Ok(Response::Unsat),
            Some("sat" | "unknown") => Ok(Response::Unknown),
            _ => Err(Stop::Solver(format!(
                "unexpected answer to check-sat-using: {}",
                self.ctx.display(resp)
            ))),
        }
    }

    pub fn bv_sort(&self, w: u32) -> SExpr {
        self.ctx.bit_vec_sort(self.ctx.numeral(w))
    }
    pub fn fp_sort(&self, k: FKind) -> SExpr {
        let (e, s) = k.eb_sb();
        self.ctx.list(vec![
            self.ctx.atom("_"),
            self.ctx.atom("FloatingPoint"),
            self.ctx.numeral(e),
            self.ctx.numeral(s),
        ])
    }

    /// A fresh name with `prefix`.
    pub fn fresh_name(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next)
    }

    /// Declares a fresh constant of `sort`.
    pub fn fresh(&mut self, prefix: &str, sort: SExpr) -> Result<SExpr, Stop> {
        let n = self.fresh_name(prefix);
        Ok(self.ctx.declare_const(n, sort)?)
    }

    /// Names `e` (of `sort`) by a definition, unless it is already an atom.
    pub fn def(&mut self, sort: SExpr, e: SExpr) -> Result<SExpr, Stop> {
        if self.ctx.get_atom(e).is_some() {
            return Ok(e);
        }
        let n = self.fresh_name("d");
        Ok(self.ctx.define_const(n, sort, e)?)
    }

    /// Names `e` (of `sort`) by a declared constant asserted equal to it. For merges
    /// (`ite`): z3 expands a `define-fun` into every use and simplifies again, which made
    /// long chains of them (vector lanes selected by a dynamic index) take seconds.
    pub fn def_eq(&mut self, sort: SExpr, e: SExpr) -> Result<SExpr, Stop> {
        if self.ctx.get_atom(e).is_some() {
            return Ok(e);
        }
        let n = self.fresh_name("m");
        let c = self.ctx.declare_const(n, sort)?;
        let eq = self.ctx.eq(c, e);
        self.ctx.assert(eq)?;
        Ok(c)
    }

    /// Names a Boolean term.
    pub fn def_bool(&mut self, e: SExpr) -> Result<SExpr, Stop> {
        let s = self.ctx.bool_sort();
        self.def(s, e)
    }

    /// The bit-vector constant of width `w` with the low bits of `v`.
    pub fn bv(&self, w: u32, v: i128) -> SExpr {
        let bits = if w >= 128 {
            v as u128
        } else {
            (v as u128) & ((1u128 << w) - 1)
        };
        self.ctx.binary(w as usize, bits)
    }

    /// `(_ op args...) x...` for indexed operators.
    pub fn indexed(&self, op: &str, idx: &[u32], args: Vec<SExpr>) -> SExpr {
        let mut head = vec![self.ctx.atom("_"), self.ctx.atom(op)];
        head.extend(idx.iter().map(|&i| self.ctx.numeral(i)));
        let mut l = vec![self.ctx.list(head)];
        l.extend(args);
        self.ctx.list(l)
    }

    /// `(op args...)`.
    pub fn app(&self, op: &str, args: Vec<SExpr>) -> SExpr {
        let mut l = vec![self.ctx.atom(op)];
        l.extend(args);
        self.ctx.list(l)
    }

    /// i1 from a Boolean.
    pub fn bool_to_bv1(&self, b: SExpr) -> SExpr {
        self.ctx.ite(b, self.bv(1, 1), self.bv(1, 0))
    }
    /// A Boolean from an i1.
    pub fn bv1_to_bool(&self, v: SExpr) -> SExpr {
        self.ctx.eq(v, self.bv(1, 1))
    }

    pub fn rne(&self) -> SExpr {
        self.ctx.atom("RNE")
    }

    /// The float of format `k` whose bits are `bits`.
    pub fn fp_bits(&self, k: FKind, bits: u64) -> SExpr {
        let (e, s) = k.eb_sb();
        let sign = (bits >> (e + s - 1)) & 1;
        let exp = (bits >> (s - 1)) & ((1 << e) - 1);
        let man = bits & ((1u64 << (s - 1)) - 1);
        self.app(
            "fp",
            vec![
                self.ctx.binary(1, sign),
                self.ctx.binary(e as usize, exp),
                self.ctx.binary((s - 1) as usize, man),
            ],
        )
    }

    /// The float of format `k` nearest `x` (exact for every value of `k`).
    pub fn fp_f64(&self, k: FKind, x: f64) -> SExpr {
        let d = self.fp_bits(FKind::F64, x.to_bits());
        let (e, s) = k.eb_sb();
        if k == FKind::F64 {
            d
        } else {
            self.indexed("to_fp", &[e, s], vec![self.rne(), d])
        }
    }
}
