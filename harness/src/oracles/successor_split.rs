//! The `successor-split` oracle: the spec's repeated successor removal leaves no
//! terminator (of any kind, unregistered ones included) naming the same block twice in
//! the lowered module, and the Standard module split alone (the converter's
//! `split_repeated_successors`) still verifies, repeats no successor and interprets to
//! the same values as the module before the split.

use super::check::{Applies, Case, Check, Judged, Need};
use super::{joined, Oracle};
use converter::ir::{Module, Successor};
use converter::lower::split_repeated_successors;

/// The oracle's name.
pub const ORACLE: Oracle = Oracle::SuccessorSplit;

/// The oracle, for its registry row.
pub struct SuccessorSplit;

impl Check for SuccessorSplit {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::Lowering, Need::InterpRun]
    }

    fn applies(&self, _case: &Case<'_>) -> Applies {
        Applies::Yes
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        if let Some(detail) = case.lowered().and_then(repeated_successor) {
            return Judged::Finding(detail);
        }
        let mut split = case.module.clone();
        split_repeated_successors(&mut split);
        if let Err(ds) = converter::verify::verify_module(&split) {
            return Judged::Finding(format!("the split module does not verify: {}", joined(&ds)));
        }
        // Checked on the split itself, so that a split that does nothing cannot pass by
        // comparing the module with itself.
        if let Some(detail) = repeated_successor(&split) {
            return Judged::Finding(format!(
                "the split module still repeats a successor: {detail}"
            ));
        }
        let before = case.interp_outcome();
        let after = crate::exec::run_interp(&split, case.entry, case.args, &case.cfg.exec);
        if crate::engines::diff(before, &after).agrees() {
            return Judged::Agree;
        }
        Judged::Finding(format!(
            "before splitting:\n{}after splitting:\n{}",
            before.render(),
            after.render()
        ))
    }
}

/// The first terminator (of any kind, unregistered ones included) that names the same
/// block twice, described: what the spec's repeated successor removal leaves none of,
/// in the lowered module and in the Standard module split alone.
pub fn repeated_successor(m: &Module) -> Option<String> {
    for f in &m.funcs {
        let Some(body) = &f.body else { continue };
        for op in body.walk_ops() {
            let d = body.op(op);
            if let Some(i) = first_repeat(&d.successors) {
                return Some(format!(
                    "@{}: '{}' at {}:{} names block #{} twice",
                    f.name,
                    d.name(),
                    d.loc.line,
                    d.loc.col,
                    d.successors[i].block.0
                ));
            }
        }
    }
    None
}

/// The position of the first of `succs` that names a block an earlier one names.
pub fn first_repeat(succs: &[Successor]) -> Option<usize> {
    (1..succs.len()).find(|&i| succs[..i].iter().any(|s| s.block == succs[i].block))
}

#[cfg(test)]
mod tests {
    use super::*;
    use converter::ir::OpKind;

    /// The oracle checks the split's result: a split that does nothing (the module
    /// compared with itself, as a mutant that empties `split_repeated_successors` made
    /// it) leaves a repeated successor, of a `cond_br` or of an unregistered terminator,
    /// which is a finding; the real split leaves none.
    #[test]
    fn a_split_that_does_nothing_is_a_successor_split_finding() {
        let src = r#"
func @main(%c: i1, %x: i32) -> i32 {
  cond_br %c, ^bb1(%x : i32), ^bb1(%x : i32)
^bb1(%y: i32):
  "test.two"(%y)[^bb2, ^bb2] : (i32) -> ()
^bb2:
  return %y : i32
}
"#;
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).expect("parses");
        let unsplit = repeated_successor(&m).expect("repeated before the split");
        assert!(unsplit.contains("@main: 'std.cond_br'"), "{unsplit}");
        let mut split = m.clone();
        split_repeated_successors(&mut split);
        assert_eq!(repeated_successor(&split), None);
        // With only the cond_br split, the unregistered terminator still repeats one.
        let mut half = m.clone();
        let body = half.funcs[0].body.as_mut().unwrap();
        let t = body.terminator(body.layout[1]).unwrap();
        let unregistered = body.op(t).clone();
        converter::lower::split_body(body, OpKind::Br);
        let t = body.terminator(body.layout[1]).unwrap();
        *body.op_mut(t) = unregistered;
        let left = repeated_successor(&half).expect("the unregistered terminator's");
        assert!(left.contains("'test.two'"), "{left}");
    }
}
