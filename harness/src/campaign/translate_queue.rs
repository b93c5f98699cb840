//! The campaign's `mlir-translate` cases wait here until a batch of them is ready,
//! then go through one `mlir-translate --split-input-file` process together
//! ([`crate::mlir_translate::accepts_batch`]): start-up (~30 ms) is paid once per
//! batch instead of once per module. A case is journaled only once its batch has
//! answered, so a campaign killed meanwhile runs the waiting cases again on `--resume`.
//! The cases sampled for the `upstream-structure` oracle wait here too, and a batch's
//! share of them goes through one `mlir-opt --split-input-file` process
//! ([`super::resolve_structure`]).

use super::Checked;
use std::sync::Mutex;
use std::time::Instant;

/// Cases waiting for their `mlir-translate` check, shared by the campaign's threads.
pub struct TranslateQueue {
    batch: usize,
    waiting: Mutex<Vec<Checked>>,
}

/// A case with the answer of its `mlir-translate` check.
pub type Answered = (Checked, Result<(), String>);

impl TranslateQueue {
    /// A queue that runs a process whenever `batch` cases wait (at least 1).
    pub fn new(batch: usize) -> TranslateQueue {
        TranslateQueue {
            batch: batch.max(1),
            waiting: Mutex::new(Vec::new()),
        }
    }

    /// Adds a case; when that makes a full batch, the caller takes the batch and runs
    /// it (outside the lock, so other threads go on checking cases meanwhile).
    pub fn push(&self, c: Checked) -> Vec<Answered> {
        let full = {
            let mut w = self.waiting.lock().unwrap_or_else(|p| p.into_inner());
            w.push(c);
            if w.len() < self.batch {
                return Vec::new();
            }
            std::mem::take(&mut *w)
        };
        run(full)
    }

    /// Runs whatever waits (a campaign thread does when it runs out of cases; every case
    /// is pushed by a thread before that thread flushes, so none is left waiting).
    pub fn flush(&self) -> Vec<Answered> {
        let rest = std::mem::take(&mut *self.waiting.lock().unwrap_or_else(|p| p.into_inner()));
        run(rest)
    }
}

/// One process for the cases' modules; each case's time grows by its share of it.
fn run(mut cases: Vec<Checked>) -> Vec<Answered> {
    if cases.is_empty() {
        return Vec::new();
    }
    let start = Instant::now();
    super::resolve_structure(&mut cases);
    let with_text: Vec<usize> = (0..cases.len())
        .filter(|&k| cases[k].deferred.is_some())
        .collect();
    let texts: Vec<String> = with_text
        .iter()
        .filter_map(|&k| cases[k].deferred.as_ref().map(|d| d.text.clone()))
        .collect();
    // A panic here (reading the tool's answer) is every case's answer, not the end of
    // the campaign.
    let batch = crate::process::panics::catch(|| crate::mlir_translate::accepts_batch(&texts))
        .unwrap_or_else(|p| vec![Err(p.detail()); texts.len()]);
    let mut answers: Vec<Result<(), String>> = vec![Ok(()); cases.len()];
    for (k, a) in with_text.into_iter().zip(batch) {
        answers[k] = a;
    }
    let share = start.elapsed().as_secs_f64() * 1e3 / cases.len() as f64;
    cases
        .into_iter()
        .zip(answers)
        .map(|(mut c, a)| {
            c.ms += share;
            (c, a)
        })
        .collect()
}
