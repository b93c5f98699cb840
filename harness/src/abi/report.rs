//! The outcome of `verify-abi`: one [`Check`] per element type × rank × check name,
//! each `ok`, `MISMATCH` (with the differing fields and both values) or `ERROR`
//! (the check could not run), printed as a table or as JSON.

use serde::Serialize;
use std::collections::BTreeMap;

/// How one check ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Mismatch,
    Error,
}

/// One differing field: what our side says and what the other side says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    pub field: String,
    pub ours: String,
    pub theirs: String,
}

/// One cell of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// The element type (`i32`, `vector<4xf32>`), or `-` when none applies.
    pub elem: String,
    /// The rank (`0`..`8`), `*` for the unranked descriptor, `-` when none applies.
    pub rank: String,
    /// What was compared, e.g. `desc:cc`, `results:clang-22`, `live-jit:call`.
    pub check: String,
    pub status: Status,
    /// For a mismatch, the differing fields.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub differences: Vec<Difference>,
    /// For an error, why the check could not run; otherwise notes (substitutions).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub message: String,
}

impl Check {
    pub fn ok(elem: &str, rank: &str, check: &str) -> Check {
        Check {
            elem: elem.into(),
            rank: rank.into(),
            check: check.into(),
            status: Status::Ok,
            differences: Vec::new(),
            message: String::new(),
        }
    }

    /// `ok` when there is no difference, `MISMATCH` otherwise.
    pub fn compared(elem: &str, rank: &str, check: &str, differences: Vec<Difference>) -> Check {
        let mut c = Check::ok(elem, rank, check);
        if !differences.is_empty() {
            c.status = Status::Mismatch;
            c.differences = differences;
        }
        c
    }

    pub fn error(elem: &str, rank: &str, check: &str, message: impl Into<String>) -> Check {
        let mut c = Check::ok(elem, rank, check);
        c.status = Status::Error;
        c.message = message.into();
        c
    }
}

/// Everything `verify-abi` found.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    /// The host triple the layouts were taken for.
    pub target: String,
    /// The C and C++ compilers that took part.
    pub compilers: Vec<String>,
    /// Remarks that qualify the results (substituted C types, skipped sides).
    pub notes: Vec<String>,
    pub checks: Vec<Check>,
    /// Wall-clock seconds per phase.
    pub timings: BTreeMap<String, f64>,
}

impl Report {
    /// True when every check is `ok`.
    pub fn passed(&self) -> bool {
        !self.checks.is_empty() && self.checks.iter().all(|c| c.status == Status::Ok)
    }

    pub fn count(&self, s: Status) -> usize {
        self.checks.iter().filter(|c| c.status == s).count()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The table: one row per element type and rank, one column per check; then
    /// every mismatch and error with its details, then a summary line.
    pub fn to_table(&self) -> String {
        let mut cols: Vec<&str> = Vec::new();
        let mut rows: Vec<(&str, &str)> = Vec::new();
        let mut cells: BTreeMap<(&str, &str, &str), &'static str> = BTreeMap::new();
        for c in &self.checks {
            if !cols.contains(&c.check.as_str()) {
                cols.push(&c.check);
            }
            let row = (c.elem.as_str(), c.rank.as_str());
            if !rows.contains(&row) {
                rows.push(row);
            }
            let cell = match c.status {
                Status::Ok => "ok",
                Status::Mismatch => "MISMATCH",
                Status::Error => "ERROR",
            };
            cells.insert((c.elem.as_str(), c.rank.as_str(), c.check.as_str()), cell);
        }
        let w0 = rows.iter().map(|r| r.0.len()).max().unwrap_or(4).max(4);
        let mut out = format!("target: {}\n", self.target);
        out.push_str(&format!("compilers: {}\n", self.compilers.join(", ")));
        for n in &self.notes {
            out.push_str(&format!("note: {n}\n"));
        }
        out.push_str(&format!("{:<w0$} {:<4}", "elem", "rank"));
        for c in &cols {
            out.push_str(&format!(" {:<w$}", c, w = c.len().max(8)));
        }
        out.push('\n');
        for (e, r) in &rows {
            out.push_str(&format!("{e:<w0$} {r:<4}"));
            for c in &cols {
                let cell = cells.get(&(*e, *r, *c)).copied().unwrap_or("-");
                out.push_str(&format!(" {:<w$}", cell, w = c.len().max(8)));
            }
            out.push('\n');
        }
        for c in &self.checks {
            match c.status {
                Status::Ok => {}
                Status::Mismatch => {
                    for d in &c.differences {
                        out.push_str(&format!(
                            "MISMATCH {} rank {} {}: {}: ours {}, theirs {}\n",
                            c.elem, c.rank, c.check, d.field, d.ours, d.theirs
                        ));
                    }
                }
                Status::Error => out.push_str(&format!(
                    "ERROR {} rank {} {}: {}\n",
                    c.elem, c.rank, c.check, c.message
                )),
            }
        }
        let timing: Vec<String> = self
            .timings
            .iter()
            .map(|(k, v)| format!("{k} {v:.2}s"))
            .collect();
        out.push_str(&format!(
            "{} checks: {} ok, {} mismatch, {} error ({})\n",
            self.checks.len(),
            self.count(Status::Ok),
            self.count(Status::Mismatch),
            self.count(Status::Error),
            timing.join(", ")
        ));
        out
    }
}
