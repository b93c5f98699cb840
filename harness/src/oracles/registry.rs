//! The shape of a row of the registry ([`super::REGISTRY`], the only list of oracles):
//! its name, its kind, its default sampling, its cost class and what it checks; and what
//! is read off the rows (`--oracle`'s names, the campaign's default sampling, the table
//! `stdlower oracles` prints and `docs/oracles.md` holds).

use super::check::Check;
use super::Oracle;

/// What a row names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Compares what two or more ways of running the module compute.
    Differential,
    /// Checks the lowered module's form against the Standard module, a rule of the
    /// spec, or upstream's lowering.
    Structural,
    /// Counted in the place of the oracle named when it was asked for but could not
    /// compare the case: never a finding.
    NotComparable(Oracle),
    /// Not an oracle: a check of the generator or of the harness itself.
    Check,
}

/// How often a campaign runs an oracle by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampling {
    /// Every case it applies to.
    Always,
    /// Every Nth case.
    Every(u64),
    /// Only when asked for (its option), then every Nth case.
    Asked(u64),
}

/// What running an oracle costs, roughly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Work on the modules in this process (microseconds to a millisecond).
    InProcess,
    /// Runs the module: an interpreter, or the JIT's compilation.
    Runs,
    /// Starts processes (MLIR 22's tools, a compiler, `stdlower` itself).
    Processes,
}

/// One row of the registry.
pub struct Row {
    pub name: Oracle,
    pub kind: Kind,
    pub sampling: Sampling,
    pub cost: Cost,
    /// What it checks, in one line.
    pub what: &'static str,
    /// The oracle's implementation of [`Check`] (`None` for the counts and the checks
    /// that are not oracles: the campaign and `case.rs` record those).
    pub check: Option<&'static dyn Check>,
}

/// Every row, in registry order (the oracles' precedence and the order they run in).
pub fn rows() -> impl Iterator<Item = &'static Row> {
    super::REGISTRY.iter()
}

/// The row of `name`.
pub fn row(name: Oracle) -> &'static Row {
    rows()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("'{name}' has no registry row"))
}

/// The name counted in the place of `oracle` when it was asked for but could not
/// compare a case (its row of kind [`Kind::NotComparable`]), if it has one.
pub fn not_comparable(oracle: Oracle) -> Option<Oracle> {
    rows()
        .find(|r| r.kind == Kind::NotComparable(oracle))
        .map(|r| r.name)
}

/// The oracles (not the checks, not the counts in an oracle's place): the names
/// `--oracle` accepts besides the checks, and the ones `report.json` counts by.
pub fn oracles() -> impl Iterator<Item = Oracle> {
    rows()
        .filter(|r| matches!(r.kind, Kind::Differential | Kind::Structural))
        .map(|r| r.name)
}

/// The campaign's default: run `name` on every how-many-th case (0: not unless asked).
pub fn default_every(name: Oracle) -> u64 {
    match row(name).sampling {
        Sampling::Always => 1,
        Sampling::Every(n) => n,
        Sampling::Asked(_) => 0,
    }
}

/// With `name` asked for, every how-many-th case it runs on by default.
pub fn asked_every(name: Oracle) -> u64 {
    match row(name).sampling {
        Sampling::Always => 1,
        Sampling::Every(n) | Sampling::Asked(n) => n,
    }
}

impl Kind {
    fn label(self) -> String {
        match self {
            Kind::Differential => "differential".into(),
            Kind::Structural => "structural".into(),
            Kind::NotComparable(o) => format!("not comparable ({o})"),
            Kind::Check => "check (not an oracle)".into(),
        }
    }
}

impl Sampling {
    fn label(self) -> String {
        match self {
            Sampling::Always => "every case".into(),
            Sampling::Every(n) => format!("one case in {n}"),
            Sampling::Asked(1) => "when asked, every case".into(),
            Sampling::Asked(n) => format!("when asked, one case in {n}"),
        }
    }
}

impl Cost {
    fn label(self) -> &'static str {
        match self {
            Cost::InProcess => "in process",
            Cost::Runs => "runs the module",
            Cost::Processes => "processes",
        }
    }
}

/// The registry as a table, one row a line: as plain columns, or as Markdown.
pub fn table(markdown: bool) -> String {
    let cells: Vec<[String; 5]> = rows()
        .map(|r| {
            [
                r.name.to_string(),
                r.kind.label(),
                r.sampling.label(),
                r.cost.label().to_string(),
                r.what.to_string(),
            ]
        })
        .collect();
    let head = ["name", "kind", "default sampling", "cost", "what it checks"].map(String::from);
    if markdown {
        let mut out = format!("| {} |\n|{}\n", head.join(" | "), "---|".repeat(5));
        for c in &cells {
            out.push_str(&format!("| `{}` | {} |\n", c[0], c[1..].join(" | ")));
        }
        return out;
    }
    let width = |k: usize| {
        cells
            .iter()
            .chain([&head])
            .map(|c| c[k].len())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..4).map(width).collect();
    let line = |c: &[String; 5]| {
        let mut l = String::new();
        for (k, w) in widths.iter().enumerate() {
            l.push_str(&format!("{:w$}  ", c[k], w = *w));
        }
        l.push_str(&c[4]);
        l + "\n"
    };
    std::iter::once(&head).chain(&cells).map(line).collect()
}

/// The markers `docs/oracles.md` holds the Markdown table between.
pub const DOC_MARKERS: (&str, &str) = ("<!-- registry:begin -->", "<!-- registry:end -->");

#[cfg(test)]
mod tests {
    use super::*;

    /// Every oracle runs from its row (the driver runs nothing else), and every count in
    /// an oracle's place names an oracle that does; the checks that are not oracles
    /// have no implementation.
    #[test]
    fn every_oracle_row_has_its_check() {
        for r in rows() {
            match r.kind {
                Kind::Differential | Kind::Structural => {
                    assert!(r.check.is_some(), "'{}' has no Check", r.name)
                }
                Kind::NotComparable(o) => {
                    assert!(row(o).check.is_some(), "'{}' counts for '{o}'", r.name);
                    assert_eq!(not_comparable(o), Some(r.name));
                }
                Kind::Check => assert!(r.check.is_none(), "'{}'", r.name),
            }
        }
        assert_eq!(not_comparable(Oracle::ArgAttrs), None);
    }

    /// The names are unique, every name reads back, and every implementation carries
    /// its row's name.
    #[test]
    fn rows_are_unique_and_consistent() {
        let names: Vec<Oracle> = rows().map(|r| r.name).collect();
        for (k, n) in names.iter().enumerate() {
            assert!(!names[..k].contains(n), "{n} twice");
            assert_eq!(Oracle::from_name(n.as_str()), Some(*n));
        }
        for r in rows() {
            if let Some(c) = r.check {
                assert_eq!(c.name(), r.name);
            }
            if let Kind::NotComparable(o) = r.kind {
                assert!(names.contains(&o), "{}: {o}", r.name);
            }
        }
    }

    /// `docs/oracles.md` holds the registry's table between its markers.
    #[test]
    fn the_oracles_doc_holds_the_registry() {
        let doc = include_str!("../../../docs/oracles.md");
        let (begin, end) = DOC_MARKERS;
        let inner = doc
            .split_once(begin)
            .and_then(|(_, rest)| rest.split_once(end))
            .map(|(inner, _)| inner.trim())
            .expect("docs/oracles.md has the markers");
        assert_eq!(
            inner,
            table(true).trim(),
            "docs/oracles.md differs from the registry: paste `stdlower oracles --markdown` between its markers"
        );
    }
}
