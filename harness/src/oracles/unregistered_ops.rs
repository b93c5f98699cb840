//! The `unregistered-ops` oracle: ops of dialects the lowering does not know (generic
//! form, `"foo.bar"(%x) : (T) -> R`) are kept, with their operands' and results' types
//! converted, their attributes as they were, and their successors split like any
//! terminator's when one repeats. No execution path can run such an op, so the
//! generated programs have none and no oracle that executes could judge one; a
//! lowering that drops them, or keeps them with the wrong types or operands, would pass
//! every other oracle.
//!
//! So on every case the oracle lowers a small probe built from the case's own value
//! types: a function whose arguments are those types, an unregistered op that takes
//! them all and makes results of the same types in another order, an unregistered
//! terminator that branches three times to one block with the results (so two of its
//! successors need dummy blocks, each its own), and an unregistered
//! op there that takes that block's arguments and the first argument again. The
//! expected LLVM types come from [`crate::ciface::expect::value_type`], the spec's
//! rules written without the converter; which lowered value each operand must be is
//! read from the probe's own structure.
//!
//! The probe also holds an `llvm.func` twin of that terminator, with other operands on
//! each use of the block: the lowering passes `llvm.func`s through, but must split their
//! repeated successors as well, by another path than a Standard function's (no generated
//! `llvm.func` has a terminator with more than two successors).

use crate::ciface::expect::{of_lowered, value_type};
use converter::ir::{Attribute, BlockId, Body, Func, Module, NewOp, OpId, OpKind, Type, ValueId};
use converter::lower::LowerOptions;

/// The oracle's name.
pub const ORACLE: crate::oracles::Oracle = crate::oracles::Oracle::UnregisteredOps;

/// Distinct value types of a case a probe takes (`index` and `i1` besides).
const TYPES_PROBED: usize = 6;

/// The probe's unregistered ops.
const KEEP: &str = "stdlower_probe.keep";
const BRANCH: &str = "stdlower_probe.branch";
const SINK: &str = "stdlower_probe.sink";

/// How many times the probe's terminator names its one successor block.
const SUCCESSORS: usize = 3;

/// The probe's `llvm.func` twin.
const LLVM_TWIN: &str = "probe_llvm";

/// What lowering a probe gives: the lowered module, or the diagnostics.
pub type Lowering = Result<Module, String>;

/// The probe's argument types: distinct value types of `m` that the spec converts
/// (and, under the bare pointer convention, that a signature may hold), `index` and
/// `i1` first.
fn probe_types(m: &Module, index_bits: u32, bare: bool) -> Vec<Type> {
    let mut out = vec![Type::Index, Type::Int(1)];
    for t in crate::oracles::module_types(m) {
        if out.len() >= TYPES_PROBED + 2 {
            break;
        }
        if out.contains(t) || value_type(t, index_bits).is_err() {
            continue;
        }
        // Under the convention a function type's memref parameters are pointers, which
        // the expectation does not model; a memref argument must be one the rule allows.
        if bare && (matches!(t, Type::Function(_)) || !crate::bare_ptr::allowed(t)) {
            continue;
        }
        out.push(t.clone());
    }
    out
}

/// The probe's result types: `args` rotated by one.
fn rotated(args: &[Type]) -> Vec<Type> {
    args.iter()
        .cycle()
        .skip(1)
        .take(args.len())
        .cloned()
        .collect()
}

/// The probe for argument types `args` (at least two, the second `i1`), built in memory
/// (text would cost more to parse than to lower), with its `llvm.func` twin
/// ([`llvm_twin`]) after it:
///
/// ```mlir
/// func @probe(%a0: T0, %a1: i1, ...) {
///   %r0, ... = "stdlower_probe.keep"(%a0, %a1, ...) {note = "kept", stdlower_probe.n = 7 : i64}
///   "stdlower_probe.branch"(%a1)[^bb1(%r0, ...), ^bb1(%r0, ...), ^bb1(%r0, ...)]
/// ^bb1(%b0: R0, ...):
///   "stdlower_probe.sink"(%b0, ..., %a0)
///   return
/// }
/// ```
fn probe_module(args: &[Type]) -> Module {
    let results = rotated(args);
    let mut f = Func::new_std("probe", args.to_vec(), Vec::new());
    let body = f.body.as_mut().expect("a definition has a body");
    let entry = body.entry().expect("a definition has an entry block");
    let a = body.block_args(entry).to_vec();
    let bb1 = body.add_block(&results);
    let keep = body.append_op(
        entry,
        NewOp::unregistered(KEEP)
            .operands(a.iter().copied())
            .results(results)
            .attr("note", Attribute::Str("kept".into()))
            .attr(
                "stdlower_probe.n",
                Attribute::Int {
                    value: 7,
                    ty: Type::Int(64),
                },
            ),
    );
    let r = body.op(keep).results.clone();
    let mut branch = NewOp::unregistered(BRANCH).operands([a[1]]);
    for _ in 0..SUCCESSORS {
        branch = branch.successor(bb1, r.clone());
    }
    body.append_op(entry, branch);
    let mut sunk = body.block_args(bb1).to_vec();
    sunk.push(a[0]);
    body.append_op(bb1, NewOp::unregistered(SINK).operands(sunk));
    body.append_op(bb1, NewOp::new(OpKind::Return));
    let mut m = Module::new("probe.mlir");
    m.funcs.push(f);
    m.funcs.push(llvm_twin());
    m
}

/// The probe's `llvm.func` twin:
///
/// ```mlir
/// llvm.func @probe_llvm(%c: i1, %x0: i64, %x1: i64, %x2: i64) -> i64 {
///   "stdlower_probe.branch"(%c)[^bb1(%x0), ^bb1(%x1), ^bb1(%x2)]
/// ^bb1(%v: i64):
///   llvm.return %v : i64
/// }
/// ```
fn llvm_twin() -> Func {
    let mut params = vec![Type::i1()];
    params.extend(std::iter::repeat_n(Type::i64(), SUCCESSORS));
    let mut body = Body::new();
    let entry = body.add_block(&params);
    let a = body.block_args(entry).to_vec();
    let bb1 = body.add_block(&[Type::i64()]);
    let mut branch = NewOp::unregistered(BRANCH).operands([a[0]]);
    for &x in &a[1..] {
        branch = branch.successor(bb1, vec![x]);
    }
    body.append_op(entry, branch);
    let v = body.block_args(bb1)[0];
    body.append_op(bb1, NewOp::new(OpKind::LlvmReturn).operands([v]));
    let mut f = Func::new_llvm_decl(LLVM_TWIN, Type::llvm_func(Type::i64(), params));
    f.body = Some(body);
    f
}

/// The oracle on case `m`, lowered under `opts`: the finding's detail, or `None`.
pub fn check(m: &Module, opts: &LowerOptions) -> Option<String> {
    check_with(m, opts, &crate::oracles::lower_probe)
}

/// [`check`] with the lowering to probe given (tests give wrong ones).
pub fn check_with(
    m: &Module,
    opts: &LowerOptions,
    lower: &dyn Fn(&Module, &LowerOptions) -> Lowering,
) -> Option<String> {
    let bits = opts.index_bitwidth;
    let bare = opts.use_bare_ptr_memref_call_conv;
    let args = probe_types(m, bits, bare);
    let probe = probe_module(&args);
    let found = match lower(&probe, opts) {
        Err(e) => format!("the lowering refused unregistered ops: {e}"),
        Ok(lowered) => match check_lowered(&probe, &lowered, &args, bits, bare)
            .and_then(|()| check_lowered_twin(&lowered))
        {
            Ok(()) => return None,
            Err(e) => e,
        },
    };
    let text = converter::syntax::print_module(&probe, &Default::default());
    Some(format!("{found}\nthe probe:\n{text}"))
}

/// The expected LLVM type of Standard type `t`, as text.
fn expected(t: &Type, bits: u32) -> String {
    value_type(t, bits).map_or_else(|e| format!("<{e}>"), |a| a.to_string())
}

/// The LLVM type `t` of the lowered module, as text (the expectation's notation).
fn got(t: &Type) -> String {
    of_lowered(t).map_or_else(|_| t.to_string(), |a| a.to_string())
}

/// How many lowered arguments a probe argument of type `t` becomes.
fn arg_width(t: &Type, bare: bool) -> usize {
    match t {
        Type::MemRef(_) if bare => 1,
        Type::MemRef(m) => 3 + 2 * m.shape.len(),
        Type::UnrankedMemRef(..) => 2,
        _ => 1,
    }
}

/// The op named `name` of `body`: exactly one.
fn only(body: &Body, name: &str) -> Result<OpId, String> {
    let ops: Vec<OpId> = body
        .walk_ops()
        .filter(|&o| body.op(o).unregistered_name.as_deref() == Some(name))
        .collect();
    match ops[..] {
        [one] => Ok(one),
        [] => Err(format!(
            "the unregistered op \"{name}\" is missing from the lowering"
        )),
        _ => Err(format!(
            "the unregistered op \"{name}\" is in the lowering {} times",
            ops.len()
        )),
    }
}

/// Whether `values` of `body` have the expected types of `tys`; `Err` names the first
/// that does not.
fn types_match(
    body: &Body,
    values: &[ValueId],
    tys: &[&Type],
    bits: u32,
    what: &str,
) -> Result<(), String> {
    if values.len() != tys.len() {
        return Err(format!(
            "{what}: {} in the lowering, {} in the input",
            values.len(),
            tys.len()
        ));
    }
    for (i, (&v, t)) in values.iter().zip(tys).enumerate() {
        let want = value_type(t, bits).ok();
        let have = of_lowered(body.value_type(v)).ok();
        if want.is_none() || want != have {
            return Err(format!(
                "{what} #{i} of Standard type {t} has LLVM type {}, expected {}",
                got(body.value_type(v)),
                expected(t, bits)
            ));
        }
    }
    Ok(())
}

/// The checks of the lowered probe against the probe.
fn check_lowered(
    probe: &Module,
    lowered: &Module,
    args: &[Type],
    bits: u32,
    bare: bool,
) -> Result<(), String> {
    let body = lowered
        .func("probe")
        .and_then(|f| f.body.as_ref())
        .ok_or("the lowering has no definition of @probe")?;
    let std_body = probe.funcs[0]
        .body
        .as_ref()
        .ok_or("the probe has no body")?;
    let entry = body
        .entry()
        .ok_or("the lowered @probe has no entry block")?;
    let params = body.block_args(entry);
    let results = rotated(args);
    let results: Vec<&Type> = results.iter().collect();
    let arg_refs: Vec<&Type> = args.iter().collect();

    for o in body.walk_ops() {
        let op = body.op(o);
        if op.kind == OpKind::Unregistered
            && ![KEEP, BRANCH, SINK].contains(&op.unregistered_name.as_deref().unwrap_or(""))
        {
            return Err(format!(
                "the lowering has an unregistered op \"{}\" the input does not have",
                op.name()
            ));
        }
    }

    // The kept op: converted operand and result types, the same attributes, and each
    // operand that is one lowered argument that very argument.
    let keep = body.op(only(body, KEEP)?);
    types_match(
        body,
        &keep.operands,
        &arg_refs,
        bits,
        &format!("\"{KEEP}\" operand"),
    )?;
    types_match(
        body,
        &keep.results,
        &results,
        bits,
        &format!("\"{KEEP}\" result"),
    )?;
    let std_keep = std_body.op(only(std_body, KEEP)?);
    if keep.attrs != std_keep.attrs {
        return Err(format!(
            "\"{KEEP}\" has attributes {:?} in the lowering, {:?} in the input",
            keep.attrs, std_keep.attrs
        ));
    }
    kept_op_takes_the_arguments(keep, args, params, bare)?;
    branch_reaches_the_sink(body, keep, (args, &results), params, (bits, bare))
}

/// That each operand of the kept op that is one lowered argument is that very argument,
/// and that the lowered function takes as many arguments as the probe's lower to.
fn kept_op_takes_the_arguments(
    keep: &converter::ir::OpData,
    args: &[Type],
    params: &[ValueId],
    bare: bool,
) -> Result<(), String> {
    let mut position = 0;
    for (i, t) in args.iter().enumerate() {
        let width = arg_width(t, bare);
        if width == 1 && !matches!(t, Type::MemRef(_)) {
            let want = params.get(position).copied();
            if want != Some(keep.operands[i]) {
                return Err(format!(
                    "\"{KEEP}\" operand #{i} (argument %a{i} : {t}) is not the lowered \
                     function's argument #{position}"
                ));
            }
        }
        position += width;
    }
    if params.len() != position {
        return Err(format!(
            "the lowered @probe takes {} arguments, expected {position}",
            params.len()
        ));
    }

    Ok(())
}

/// That the branch is the terminator of the kept op's block, on the first `i1` argument,
/// to three distinct successors that all reach the sink's block with the kept op's
/// results, and that the sink takes that block's arguments and then argument %a0.
fn branch_reaches_the_sink(
    body: &Body,
    keep: &converter::ir::OpData,
    (args, results): (&[Type], &[&Type]),
    params: &[ValueId],
    (bits, bare): (u32, bool),
) -> Result<(), String> {
    // The terminator: after the kept op, on the first `i1` argument, to three distinct
    // successors that all reach the sink's block with the kept op's results.
    let branch_id = only(body, BRANCH)?;
    let branch = body.op(branch_id);
    let keep_block = keep.parent;
    if keep_block.is_none()
        || branch.parent != keep_block
        || keep_block.and_then(|b| body.terminator(b)) != Some(branch_id)
    {
        return Err(format!(
            "\"{BRANCH}\" is not the terminator of the block of \"{KEEP}\""
        ));
    }
    if branch.operands != [params[arg_width(&args[0], bare)]] {
        return Err(format!(
            "\"{BRANCH}\"'s operand is not the lowered argument %a1 (the condition)"
        ));
    }
    let sink = body.op(only(body, SINK)?);
    let sink_block = sink.parent.ok_or("the sink is in no block")?;
    let uses = vec![keep.results.clone(); SUCCESSORS];
    successors_reach(body, branch, sink_block, &uses)
        .map_err(|e| format!("{e} (the block of \"{SINK}\", with the results of \"{KEEP}\")"))?;

    // The sink: the block's arguments, of the results' types, then argument %a0 again.
    let bb_args = body.block_args(sink_block);
    types_match(body, bb_args, results, bits, "argument of the sink's block")?;
    let mut want: Vec<ValueId> = bb_args.to_vec();
    want.push(keep.operands[0]);
    if sink.operands != want {
        return Err(format!(
            "\"{SINK}\"'s operands are not its block's arguments and then \"{KEEP}\"'s \
             first operand"
        ));
    }
    Ok(())
}

/// That `branch` has one successor per entry of `uses`, none naming a block an earlier
/// one names, and that successor `k` reaches block `to` with `uses[k]`: directly, or
/// through a block that only branches there.
fn successors_reach(
    body: &Body,
    branch: &converter::ir::OpData,
    to: BlockId,
    uses: &[Vec<ValueId>],
) -> Result<(), String> {
    let succs = &branch.successors;
    if succs.len() != uses.len() {
        return Err(format!(
            "\"{BRANCH}\" has {} successors in the lowering, {} in the input",
            succs.len(),
            uses.len()
        ));
    }
    if let Some(i) = crate::oracles::first_repeat(succs) {
        return Err(format!(
            "\"{BRANCH}\" successor #{i} names a block an earlier one names: a repeated \
             successor was not split into a dummy block of its own"
        ));
    }
    for (k, (s, args)) in succs.iter().zip(uses).enumerate() {
        let reaches = if s.block == to {
            s.args == *args
        } else {
            forwards(body, s.block, to, args) && s.args.is_empty()
        };
        if !reaches {
            return Err(format!(
                "\"{BRANCH}\" successor #{k} does not reach its block with its operands"
            ));
        }
    }
    Ok(())
}

/// The checks of the lowered `llvm.func` twin: passed through with its terminator's
/// repeated successors split, each use reaching the returning block with its own
/// operand.
fn check_lowered_twin(lowered: &Module) -> Result<(), String> {
    let f = lowered
        .func(LLVM_TWIN)
        .ok_or_else(|| format!("the lowering has no @{LLVM_TWIN}"))?;
    let body = f
        .body
        .as_ref()
        .ok_or_else(|| format!("the lowered @{LLVM_TWIN} has no body"))?;
    let in_twin = |e: String| format!("in the llvm.func @{LLVM_TWIN}: {e}");
    let entry = body
        .entry()
        .ok_or_else(|| in_twin("no entry block".into()))?;
    let params = body.block_args(entry);
    let branch_id = only(body, BRANCH).map_err(in_twin)?;
    let branch = body.op(branch_id);
    if branch.parent != Some(entry) || body.terminator(entry) != Some(branch_id) {
        return Err(in_twin(format!(
            "\"{BRANCH}\" is not the entry block's terminator"
        )));
    }
    if params.len() != SUCCESSORS + 1 || branch.operands != params[..1] {
        return Err(in_twin(format!(
            "the function's arguments or \"{BRANCH}\"'s operand changed"
        )));
    }
    let ret = body
        .walk_ops()
        .find(|&o| body.op(o).kind == OpKind::LlvmReturn)
        .ok_or_else(|| in_twin("no llvm.return".into()))?;
    let ret_block = body
        .op(ret)
        .parent
        .ok_or_else(|| in_twin("no block".into()))?;
    if body.op(ret).operands != body.block_args(ret_block) {
        return Err(in_twin(
            "llvm.return does not return its block's argument".into(),
        ));
    }
    let uses: Vec<Vec<ValueId>> = params[1..].iter().map(|&x| vec![x]).collect();
    successors_reach(body, branch, ret_block, &uses)
        .map_err(|e| in_twin(format!("{e} (the block of llvm.return)")))
}

/// Whether block `b` takes no arguments and only branches to `to` with `args`.
fn forwards(body: &Body, b: BlockId, to: BlockId, args: &[ValueId]) -> bool {
    let data = body.block(b);
    let [op] = data.ops[..] else { return false };
    let op = body.op(op);
    data.args.is_empty()
        && op.kind == OpKind::LlvmBr
        && op.successors.len() == 1
        && op.successors[0].block == to
        && op.successors[0].args == args
}

/// The oracle, for its registry row: [`check`] when asked (the default).
pub struct UnregisteredOps;

impl crate::oracles::check::Check for UnregisteredOps {
    fn name(&self) -> crate::oracles::Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [crate::oracles::check::Need] {
        &[crate::oracles::check::Need::Standard]
    }

    fn applies(&self, case: &crate::oracles::check::Case<'_>) -> crate::oracles::check::Applies {
        use crate::oracles::check::Applies;
        if case.cfg.unregistered_ops {
            Applies::Yes
        } else {
            Applies::No("not asked".into())
        }
    }

    fn check(&self, case: &crate::oracles::check::Case<'_>) -> crate::oracles::check::Judged {
        crate::oracles::check::Judged::of(check(case.module, &case.lopts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(text: &str) -> Module {
        converter::syntax::parse_module("t.mlir", text.as_bytes()).expect("parses")
    }

    #[test]
    fn the_probe_takes_the_case_types_once_each() {
        let m = module(
            "func @f(%a: memref<?xf32>, %b: i32) -> f32 {\n  \
               %c = addi %b, %b : i32\n  %z = constant 0.0 : f32\n  return %z : f32\n}\n",
        );
        let ts: Vec<String> = probe_types(&m, 64, false)
            .iter()
            .map(|t| t.to_string())
            .collect();
        assert_eq!(ts, ["index", "i1", "memref<?xf32>", "i32", "f32"]);
        // Under the bare pointer convention, a dynamic memref cannot be an argument.
        let ts: Vec<String> = probe_types(&m, 64, true)
            .iter()
            .map(|t| t.to_string())
            .collect();
        assert_eq!(ts, ["index", "i1", "i32", "f32"]);
    }

    #[test]
    fn a_correct_lowering_passes_at_both_index_widths_and_conventions() {
        let m = module(
            "func @f(%a: memref<2x?xf16>, %u: memref<*xi8>, %v: vector<2x3xf32>, \
             %s: memref<4xi64, 3>) {\n  return\n}\n",
        );
        for bits in [32, 64] {
            for bare in [false, true] {
                let opts = LowerOptions {
                    index_bitwidth: bits,
                    use_bare_ptr_memref_call_conv: bare,
                    ..LowerOptions::default()
                };
                assert_eq!(check(&m, &opts), None, "bits {bits}, bare {bare}");
            }
        }
    }
}
