//! What the C-interface oracle (`oracles::c_interface`, which judges) calls and with
//! which arguments: the functions it checks, the harness's arguments for them (memref
//! arguments that alias included), the plan of calls, and the C program that makes
//! them ([`c_caller`]). This module knows no oracle and no native path. The oracle, in
//! two parts:
//!
//! - Static ([`expect`]): the LLVM type every `_mlir_ciface_` wrapper must have is
//!   derived from the *Standard* signature by the spec's rules, in code that shares
//!   nothing with the converter's lowering; a wrapper of another type (or missing, or
//!   not visible to C, or present where no C interface was asked for) is a finding
//!   that names the expected and the lowered type.
//! - Dynamic: every function with `llvm.emit_c_interface` is called through its
//!   wrapper the way C calls a function of the *expected* interface (the JIT's thunk
//!   takes the call's shape from it, not from the lowered wrapper, see
//!   `jit::exec::ciface_call`): descriptors built in memory with the layout
//!   `verify-abi` proves equal to C's, passed by pointer, aggregate results through the
//!   first-argument pointer — with arguments the harness builds, and must give the
//!   interpreter's results. Memref arguments with an explicit strided layout get a
//!   nonzero offset and spread strides (see `jit::exec::fill_buffer`), so the offset
//!   and every stride reach the lowered code. The calls are planned first ([`plan_knowing`])
//!   and made in the same compilation as the interp-vs-jit oracle's call (see
//!   `oracles::check_module_traced`).
//!
//! - From C ([`c_caller`], sampled: `OracleConfig::c_caller_every`): the same calls
//!   made by a C program written from the Standard signatures and compiled by clang
//!   with the lowered module, so that C fixes the ABI.
//!
//! On a disagreement the function is also run directly (without the wrapper): if that
//! disagrees too the lowering of the function itself is wrong (`interp-vs-jit`),
//! otherwise the wrapper is (`c-interface`).

pub mod c_caller;
/// The expected C interface lives with the ABI (`verify-abi` checks it too).
pub use crate::abi::expect;

use crate::exec::{self, Outcome};
use converter::ir::{Func, Module, OpKind, Type};
use converter::value::{format_value, RtValue};

/// Functions checked per module (each costs two calls, an interpreter run or two).
pub const MAX_PER_MODULE: usize = 2;

/// A small deterministic generator (SplitMix64), seeded from the function.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn seed_of(name: &str, m: &Module) -> u64 {
    // FNV-1a over the name, mixed with the module's size: stable across runs, so a
    // finding reproduces, and different for each function.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
    h ^ (m.funcs.len() as u64).rotate_left(32)
}

fn sext(bits: u128, w: u32) -> i128 {
    if w >= 128 {
        bits as i128
    } else {
        let sh = 128 - w;
        ((bits << sh) as i128) >> sh
    }
}

/// One scalar or vector element of type `t`.
fn value_of(t: &Type, r: &mut Rng, index_bits: u32) -> Option<RtValue> {
    Some(match t {
        Type::Int(w) => {
            let bits = if r.below(2) == 0 {
                (r.below(17) as i128 - 8) as u128
            } else {
                (r.next() as u128) << 64 | r.next() as u128
            };
            RtValue::Int(sext(bits, *w))
        }
        Type::Index => RtValue::Int(sext(
            if r.below(2) == 0 {
                r.below(9) as u128
            } else {
                r.next() as u128
            },
            index_bits.min(64),
        )),
        Type::F16 => {
            RtValue::Float([0x3C00, 0xC000, 0x3800, 0x0000, 0x4500, 0x7E00][r.below(6) as usize])
        }
        Type::BF16 => RtValue::Float([0x3F80, 0xC000, 0x3F00, 0x0000][r.below(4) as usize]),
        Type::F32 => RtValue::Float(((r.below(33) as f32 - 16.0) / 4.0).to_bits() as u64),
        Type::F64 => RtValue::Float(((r.below(65) as f64 - 32.0) / 8.0).to_bits()),
        Type::Vector(vt) => RtValue::Vector(
            (0..vt.num_elements())
                .map(|_| value_of(&vt.elem, r, index_bits))
                .collect::<Option<Vec<_>>>()?,
        ),
        _ => return None,
    })
}

fn memref_of(shape: Vec<u64>, elem: &Type, r: &mut Rng, index_bits: u32) -> Option<RtValue> {
    let n: u64 = shape.iter().product();
    let elems = (0..n)
        .map(|_| value_of(elem, r, index_bits))
        .collect::<Option<Vec<_>>>()?;
    Some(RtValue::MemRef { shape, elems })
}

/// The rank behind unranked parameter `i` of `f`: the rank of a ranked `memref_cast`
/// of it in the body (the generator always reaches the elements that way), else 1.
fn hidden_rank(f: &Func, i: usize) -> usize {
    let Some(body) = &f.body else { return 1 };
    let Some(entry) = body.entry() else { return 1 };
    let Some(&arg) = body.block_args(entry).get(i) else {
        return 1;
    };
    for op in body.walk_ops() {
        let d = body.op(op);
        if d.kind == OpKind::MemRefCast && d.operands.first() == Some(&arg) {
            if let Some(Type::MemRef(mt)) = d.results.first().map(|&v| body.value_type(v)) {
                return mt.rank();
            }
        }
    }
    1
}

fn calls_itself(f: &Func) -> bool {
    let Some(body) = &f.body else { return false };
    body.walk_ops().any(|op| {
        let d = body.op(op);
        d.kind == OpKind::Call && d.attr("callee").and_then(|a| a.as_symbol()) == Some(&f.name)
    })
}

/// Arguments the harness builds for `f` (`None` when it cannot: a function-typed
/// parameter with no suitable function to pass). Dynamic dimensions are 1-4 (generated
/// bodies index modulo the size, so never 0); a recursive function's depth is 0-3. A
/// memref argument may be a view of an earlier one's buffer
/// (`generator::alias_args`): the callers must alias it, not copy it.
pub fn harness_args(m: &Module, f: &Func, index_bits: u32) -> Option<Vec<RtValue>> {
    let ft = f.std_type()?;
    let mut r = Rng(seed_of(&f.name, m));
    let recursive = calls_itself(f);
    let me = m.funcs.iter().position(|g| g.name == f.name)?;
    let mut args = Vec::with_capacity(ft.inputs.len());
    for (i, t) in ft.inputs.iter().enumerate() {
        let v = match t {
            Type::Int(_) | Type::Index if recursive && i == 0 => RtValue::Int(r.below(4) as i128),
            Type::MemRef(mt) => {
                let shape = mt
                    .shape
                    .iter()
                    .map(|d| d.unwrap_or_else(|| 1 + r.below(4)))
                    .collect();
                memref_of(shape, &mt.elem, &mut r, index_bits)?
            }
            Type::UnrankedMemRef(e, _) => {
                let shape = (0..hidden_rank(f, i)).map(|_| 1 + r.below(3)).collect();
                memref_of(shape, e, &mut r, index_bits)?
            }
            Type::Function(want) => {
                // A defined function after `f` (as the generator's callees are), so
                // calls cannot cycle back.
                let g = m.funcs[me + 1..]
                    .iter()
                    .find(|g| !g.is_external() && g.std_type() == Some(want))?;
                RtValue::Func(g.name.clone())
            }
            t => value_of(t, &mut r, index_bits)?,
        };
        args.push(v);
    }
    // Some memref arguments share an earlier one's buffer (the generator's choice).
    generator::alias_args::apply(f, &mut args);
    Some(args)
}

/// `--arg` texts of a call, for the finding's description.
pub fn render_args(f: &Func, args: &[RtValue]) -> String {
    let Some(ft) = f.std_type() else {
        return String::new();
    };
    ft.inputs
        .iter()
        .zip(args)
        .map(|(t, v)| {
            let mut s = String::new();
            format_value(&mut s, t, v);
            format!("--arg '{s}'")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The functions the oracle checks: defined, with `llvm.emit_c_interface`, those with
/// memref parameters first, at most [`MAX_PER_MODULE`].
pub fn candidates(m: &Module) -> Vec<&Func> {
    let mut v: Vec<&Func> = m
        .funcs
        .iter()
        .filter(|f| {
            !f.is_external() && f.has_attr("llvm.emit_c_interface") && f.std_type().is_some()
        })
        .collect();
    v.sort_by_key(|f| {
        !f.std_type()
            .is_some_and(|t| t.inputs.iter().any(|t| t.is_memref()))
    });
    v.truncate(MAX_PER_MODULE);
    v
}

/// One function the oracle checks: the harness's arguments and the interpreter's
/// results for them.
pub struct Planned<'m> {
    pub func: &'m Func,
    pub args: Vec<RtValue>,
    pub want: Outcome,
    /// `_mlir_ciface_` and the function's name.
    pub wrapper: String,
}

/// What the oracle will check in a module, decided before anything is compiled.
pub struct Plan<'m> {
    /// The oracle applies (the JIT is on and some function has a C interface).
    pub active: bool,
    pub checks: Vec<Planned<'m>>,
}

impl<'m> Plan<'m> {
    /// The native calls the oracle always needs, one per check: the wrapper calls.
    /// Answers go to `oracles::c_interface::check_planned` in this order. The direct call that assigns the
    /// blame is only needed on a disagreement (a finding, rare) and is made then: in
    /// the batch every call's code costs about a third of a millisecond of LLVM code
    /// generation (`case_cost`), more than the check itself.
    pub fn calls(&self) -> Vec<(&str, &[RtValue])> {
        self.checks
            .iter()
            .map(|c| (c.wrapper.as_str(), &c.args[..]))
            .collect()
    }
}

/// Chooses the functions to check (none when `jit` is off) and runs the interpreter on
/// them under `opts`. Functions whose interpreter run does not end normally (UB for
/// these arguments, fuel) are passed over. `known(name, args)` is the outcome of a call
/// when the caller has it already (the case's own entry), so it is not run again.
pub fn plan_knowing<'m>(
    m: &'m Module,
    opts: &exec::ExecOptions,
    jit: bool,
    known: &dyn Fn(&str, &[RtValue]) -> Option<Outcome>,
) -> Plan<'m> {
    let fs = candidates(m);
    // Under the bare pointer calling convention no C wrappers exist (LLVM 11 made none).
    if fs.is_empty() || !jit || opts.pass.use_bare_ptr_memref_call_conv {
        return Plan {
            active: false,
            checks: Vec::new(),
        };
    }
    let mut checks = Vec::new();
    for f in fs {
        let Some(args) = harness_args(m, f, opts.index_bitwidth) else {
            continue;
        };
        let want =
            known(&f.name, &args).unwrap_or_else(|| exec::run_interp(m, &f.name, &args, opts));
        if !matches!(want, Outcome::Values(_)) {
            continue;
        }
        if f.std_type()
            .is_none_or(|ft| expect::c_interface(ft, opts.index_bitwidth).is_err())
        {
            continue;
        }
        let wrapper = format!("{}{}", expect::PREFIX, f.name);
        checks.push(Planned {
            func: f,
            args,
            want,
            wrapper,
        });
    }
    Plan {
        active: true,
        checks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_fit_their_types_and_are_reproducible() {
        for seed in 0..200u64 {
            let (_, m) = generator::generate_swarm_from_seed(seed);
            for f in m.funcs.iter().filter(|f| !f.is_external()) {
                let Some(args) = harness_args(&m, f, 64) else {
                    continue;
                };
                let ft = f.std_type().unwrap();
                assert_eq!(args.len(), ft.inputs.len());
                for (t, a) in ft.inputs.iter().zip(&args) {
                    if let (Type::MemRef(mt), RtValue::MemRef { shape, elems }) = (t, a) {
                        assert_eq!(shape.len(), mt.rank());
                        assert!(shape.iter().all(|&d| d >= 1));
                        assert_eq!(elems.len() as u64, shape.iter().product::<u64>());
                    }
                }
                // Views (aliased arguments) fit their bases.
                converter::arg_view::check_all(&ft.inputs, &args).unwrap();
                assert_eq!(Some(args), harness_args(&m, f, 64));
            }
        }
    }
}
