//! Many modules through the whole upstream pipeline at once, for the campaign's
//! `upstream` oracle: one `mlir-opt --split-input-file` for every module of the same
//! index bit width and pass options ([`super::lower_batch`]), one
//! `mlir-translate --split-input-file` for what it lowered ([`super::translate_batch`]),
//! then, for the typed-pointer releases, each module's LLVM IR made readable by LLVM 22
//! ([`super::native_ir`]). Only answers are kept that came through every step: a module
//! a tool fails on gets no answer here, and [`crate::upstream::to_llvm_ir`] runs it
//! alone, so that its message is the one a module run alone gives.

use crate::upstream::{self, Prepared};
use stdlower_front::options::PassOptions;

/// One module to lower: its export ([`upstream::export`]) and its options.
pub struct Job {
    pub text: String,
    pub index_bitwidth: u32,
    pub pass: PassOptions,
}

/// The LLVM IR of each job (in order) that went through every step, `None` for the
/// others (and for all when the tools are not installed).
pub fn to_llvm_ir_batch(jobs: &[Job]) -> Vec<Option<Prepared>> {
    let mut answers: Vec<Option<Prepared>> = (0..jobs.len()).map(|_| None).collect();
    let (Ok(t), Ok(dl)) = (super::selected(), upstream::host_data_layout()) else {
        return answers;
    };
    // One batch per pipeline: the index bit width and pass options are its arguments.
    let mut groups: Vec<((u32, PassOptions), Vec<usize>)> = Vec::new();
    for (k, j) in jobs.iter().enumerate() {
        let key = (j.index_bitwidth, j.pass);
        match groups.iter_mut().find(|(g, _)| *g == key) {
            Some((_, ks)) => ks.push(k),
            None => groups.push((key, vec![k])),
        }
    }
    for ((ib, pass), ks) in groups {
        let args = super::pipeline(t.release, ib, pass, dl);
        let texts: Vec<String> = ks.iter().map(|&k| jobs[k].text.clone()).collect();
        let lowered = super::lower_batch(t, &texts, &args);
        let (ok, dialects): (Vec<usize>, Vec<String>) = ks
            .iter()
            .zip(lowered)
            .filter_map(|(&k, l)| l.ok().map(|l| (k, l)))
            .unzip();
        let irs = super::translate_batch(t, &dialects);
        for (k, ir) in ok.into_iter().zip(irs) {
            let Ok(ir) = ir else { continue };
            let Ok(ir) = super::native_ir(t, ir) else {
                continue;
            };
            let j = &jobs[k];
            answers[k] = Some(Prepared {
                text: j.text.clone(),
                index_bitwidth: j.index_bitwidth,
                pass: j.pass,
                ir,
            });
        }
    }
    answers
}
