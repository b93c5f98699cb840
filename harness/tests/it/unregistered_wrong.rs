//! The `unregistered-ops` oracle against deliberately wrong lowerings of unregistered
//! ops, each made from the correct lowering of the oracle's probe: the ops dropped (the
//! mutant `generic -> Ok(())` of `converter/src/lower/funcs.rs`), kept with their
//! Standard result types, kept without their attributes, with two operands swapped, with
//! a repeated successor left unsplit, with two uses sharing one dummy block, and with
//! the repeated successors of a three-way terminator in an `llvm.func` left unsplit.
//! Generated programs have no unregistered ops, so no oracle that executes can see any
//! of these; this one finds each on generated cases, and the correct lowering passes.

use converter::ir::{Module, OpKind, Type};
use converter::lower::{lower_module, LowerOptions};
use harness::oracles::unregistered_ops::{check, check_with, Lowering};

/// Generated cases with their lowering options (both index widths, both conventions).
fn cases() -> Vec<(Module, LowerOptions)> {
    (0..24u64)
        .map(|seed| {
            let (_, m, opts) = crate::common::swarm_case(seed);
            (m, opts)
        })
        .collect()
}

/// The correct lowering of the probe, then `wrong` applied to the lowered function.
fn lowering_then(
    wrong: impl Fn(&Module, &mut converter::ir::Body),
) -> impl Fn(&Module, &LowerOptions) -> Lowering {
    move |probe: &Module, o: &LowerOptions| {
        let mut l = lower_module(probe, o).map_err(|d| format!("{d:?}"))?;
        let body = l.funcs[0].body.as_mut().expect("a body");
        wrong(probe, body);
        Ok(l)
    }
}

/// The ops of `body` named `name`.
fn named(body: &converter::ir::Body, name: &str) -> Vec<converter::ir::OpId> {
    body.walk_ops()
        .filter(|&o| body.op(o).unregistered_name.as_deref() == Some(name))
        .collect()
}

fn found_on_every_case(lower: &dyn Fn(&Module, &LowerOptions) -> Lowering, expect: &str) {
    for (m, o) in cases() {
        let found = check_with(&m, &o, lower).unwrap_or_else(|| panic!("not found: {o:?}"));
        assert!(found.contains(expect), "{found}");
    }
}

#[test]
fn the_correct_lowering_passes() {
    let cases = cases();
    assert!(cases.iter().any(|(_, o)| o.index_bitwidth == 32));
    assert!(cases.iter().any(|(_, o)| o.use_bare_ptr_memref_call_conv));
    for (m, o) in &cases {
        assert_eq!(check(m, o), None, "{o:?}");
    }
}

#[test]
fn dropped_ops_are_found() {
    let drop = lowering_then(|_, body| {
        let ops: Vec<_> = body
            .walk_ops()
            .filter(|&o| {
                body.op(o).kind == OpKind::Unregistered && body.op(o).successors.is_empty()
            })
            .collect();
        for o in ops {
            body.remove_op(o);
        }
    });
    found_on_every_case(&drop, "is missing from the lowering");
}

#[test]
fn unconverted_result_types_are_found() {
    let keep_std_types = lowering_then(|probe, body| {
        let std_body = probe.funcs[0].body.as_ref().expect("a body");
        let std_keep = std_body.op(named(std_body, "stdlower_probe.keep")[0]);
        let keep = named(body, "stdlower_probe.keep")[0];
        let results = body.op(keep).results.clone();
        for (v, s) in results.into_iter().zip(&std_keep.results) {
            body.values[v.index()].ty = std_body.value_type(*s).clone();
        }
    });
    found_on_every_case(&keep_std_types, "\"stdlower_probe.keep\" result #");
}

#[test]
fn dropped_attributes_are_found() {
    let no_attrs = lowering_then(|_, body| {
        let keep = named(body, "stdlower_probe.keep")[0];
        body.op_mut(keep).attrs.clear();
    });
    found_on_every_case(&no_attrs, "has attributes [] in the lowering");
}

#[test]
fn operands_in_the_wrong_places_are_found() {
    // The sink takes its block's arguments in reverse.
    let reversed = lowering_then(|_, body| {
        let sink = named(body, "stdlower_probe.sink")[0];
        let n = body.op(sink).operands.len() - 1;
        body.op_mut(sink).operands[..n].reverse();
    });
    found_on_every_case(&reversed, "\"stdlower_probe.sink\"'s operands are not");
}

#[test]
fn an_unsplit_repeated_successor_is_found() {
    let unsplit = lowering_then(|_, body| {
        let branch = named(body, "stdlower_probe.branch")[0];
        let first = body.op(branch).successors[0].clone();
        body.op_mut(branch).successors[1] = first;
    });
    found_on_every_case(&unsplit, "a repeated successor was not split");
}

#[test]
fn one_dummy_block_for_two_repeated_uses_is_found() {
    // The mutant `== -> !=` in `FnLower::succs` of `converter/src/lower/funcs.rs`: each use
    // takes the first dummy block not its own, so the first use goes through the first
    // dummy, and the third through it again (a second `llvm.br` in that block). With two
    // uses of one block (every generated `cond_br`) that is the same program.
    let shared_dummy = lowering_then(|_, body| {
        let branch = named(body, "stdlower_probe.branch")[0];
        let succs = body.op(branch).successors.clone();
        let [first, d1, d2] = &succs[..] else {
            panic!("the probe's terminator has three successors: {succs:?}");
        };
        let mut br = converter::ir::NewOp::new(OpKind::LlvmBr);
        br.successors.push(first.clone());
        body.append_op(d1.block, br);
        body.op_mut(branch).successors = vec![d1.clone(), d2.clone(), d1.clone()];
    });
    found_on_every_case(
        &shared_dummy,
        "successor #2 names a block an earlier one names",
    );
}

#[test]
fn a_lowering_that_refuses_them_is_found() {
    let refuse = |_: &Module, _: &LowerOptions| -> Lowering {
        Err("t.mlir:2:3: error: unknown op".to_string())
    };
    found_on_every_case(&refuse, "the lowering refused unregistered ops");
    // The probe's types are the case's.
    let (m, o) = &cases()[0];
    let found = check_with(m, o, &refuse).expect("found");
    let Some(Type::Function(f)) = m.funcs.first().map(|f| &f.ty) else {
        return;
    };
    if let Some(t) = f.inputs.first().filter(|t| !t.is_memref()) {
        assert!(found.contains(&t.to_string()), "{found}");
    }
}

#[test]
fn an_unsplit_three_way_terminator_in_an_llvm_func_is_found() {
    // The mutant `< -> >` in `split_body`'s early exit (`converter/src/lower/successors.rs`):
    // terminators with more than two successors are left as they are, which only an
    // `llvm.func` passed through can show (a Standard function's are split while lowered,
    // and no generated `llvm.func` has one).
    let unsplit = |probe: &Module, o: &LowerOptions| -> Lowering {
        let mut l = lower_module(probe, o).map_err(|d| format!("{d:?}"))?;
        let twin = |m: &Module| {
            m.funcs
                .iter()
                .position(|f| f.kind == converter::ir::FuncKind::Llvm && f.body.is_some())
                .expect("the probe has an llvm.func twin")
        };
        let std_body = probe.funcs[twin(probe)].body.as_ref().expect("a body");
        let original = std_body.op(named(std_body, "stdlower_probe.branch")[0]);
        let (blocks, args): (Vec<_>, Vec<_>) = original
            .successors
            .iter()
            .map(|s| (s.block, s.args.clone()))
            .unzip();
        let at = twin(&l);
        let body = l.funcs[at].body.as_mut().expect("a body");
        // The lowered twin's block ids and values are the input's (it is passed through).
        let branch = named(body, "stdlower_probe.branch")[0];
        for (k, s) in body.op_mut(branch).successors.iter_mut().enumerate() {
            s.block = blocks[k];
            s.args = args[k].clone();
        }
        Ok(l)
    };
    found_on_every_case(&unsplit, "successor #1 names a block an earlier one names");
}
