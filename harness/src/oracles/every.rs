//! The sampling map: oracle name -> run it on every Nth case (0: never), for the oracles
//! a campaign or the fuzz target samples. Its defaults are the registry rows' default
//! sampling; `campaign --every NAME=N` (and the older per-oracle flags, aliases of it),
//! `campaign.json` and `STDLOWER_FUZZ_EVERY` all set it, and [`Every::apply`] is the one
//! place the policy "case i runs oracle o" is decided.

use super::registry;
use super::{Oracle, OracleConfig};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The oracles the map samples: each has a switch in [`OracleConfig`] that
/// [`Every::apply`] sets per case (the others run on every case they apply to).
pub const SAMPLED: &[Oracle] = &[
    Oracle::MlirTranslate,
    Oracle::Upstream,
    Oracle::LowerPaths,
    Oracle::UpstreamStructure,
    Oracle::LlvmLevel,
    super::tv::ORACLE,
];

/// With `lower-paths` at every N, its deep variant runs on every (N x this)th case.
pub const LOWER_PATHS_DEEP_EVERY: u64 = 256;

/// Oracle name -> every N (0: never). A name missing from a stored map reads as 0: the
/// campaign that stored it did not run that oracle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Every(BTreeMap<String, u64>);

impl Default for Every {
    /// The registry's defaults (an oracle run only when asked for is 0).
    fn default() -> Every {
        let mut m = Every::off();
        for &o in SAMPLED {
            m.set(o, registry::default_every(o));
        }
        m
    }
}

impl Every {
    /// Every sampled oracle at 0.
    pub fn off() -> Every {
        Every(
            SAMPLED
                .iter()
                .map(|o| (o.as_str().to_string(), 0))
                .collect(),
        )
    }

    /// Every how-many-th case `oracle` runs on (0: never).
    pub fn get(&self, oracle: Oracle) -> u64 {
        self.0.get(oracle.as_str()).copied().unwrap_or(0)
    }

    /// Sets `oracle`'s entry.
    pub fn set(&mut self, oracle: Oracle, n: u64) {
        self.0.insert(oracle.as_str().to_string(), n);
    }

    /// The entries, in name order.
    pub fn entries(&self) -> impl Iterator<Item = (Oracle, u64)> + '_ {
        SAMPLED.iter().map(|&o| (o, self.get(o)))
    }

    /// Whether case number `case` runs `oracle`: the sampling policy.
    pub fn sampled(&self, oracle: Oracle, case: u64) -> bool {
        let n = self.get(oracle);
        n > 0 && case.is_multiple_of(n)
    }

    /// Switches the sampled oracles of `cfg` on or off for case number `case`.
    pub fn apply(&self, case: u64, cfg: &mut OracleConfig) {
        cfg.mlir_translate = self.sampled(Oracle::MlirTranslate, case);
        cfg.upstream = self.sampled(Oracle::Upstream, case);
        cfg.lower_paths = self.sampled(Oracle::LowerPaths, case);
        let deep = self
            .get(Oracle::LowerPaths)
            .saturating_mul(LOWER_PATHS_DEEP_EVERY);
        cfg.lower_paths_deep = cfg.lower_paths && case.is_multiple_of(deep);
        cfg.llvm_level = self.sampled(Oracle::LlvmLevel, case);
        cfg.tv = self.sampled(super::tv::ORACLE, case);
        cfg.upstream_structure = self.sampled(Oracle::UpstreamStructure, case);
    }

    /// `NAME=N[,NAME=N...]` set on top of `self` (an empty text changes nothing).
    pub fn with_list(mut self, text: &str) -> Result<Every, String> {
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (o, n) = parse_entry(part)?;
            self.set(o, n);
        }
        Ok(self)
    }
}

/// One `NAME=N`: an error names the registry's oracles, and the sampled ones.
pub fn parse_entry(text: &str) -> Result<(Oracle, u64), String> {
    let (name, n) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}': expected NAME=N (e.g. tv=20)"))?;
    let (name, n) = (name.trim(), n.trim());
    let names = || {
        SAMPLED
            .iter()
            .map(|o| o.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some(oracle) = Oracle::from_name(name).filter(|o| registry::oracles().any(|r| r == *o))
    else {
        let all: Vec<&str> = registry::oracles().map(|o| o.as_str()).collect();
        return Err(format!(
            "'{name}' is not an oracle; the registry's oracles are {} (sampled: {})",
            all.join(", "),
            names()
        ));
    };
    if !SAMPLED.contains(&oracle) {
        return Err(format!(
            "'{name}' runs on every case it applies to and is not sampled; the sampled oracles are {}",
            names()
        ));
    }
    let n = n
        .parse::<u64>()
        .map_err(|e| format!("'{text}': N must be a whole number (0: never): {e}"))?;
    Ok((oracle, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defaults are the registry's; `tv` and `upstream` are off unless asked.
    #[test]
    fn defaults_come_from_the_registry() {
        let d = Every::default();
        for &o in SAMPLED {
            assert_eq!(d.get(o), registry::default_every(o), "{o}");
        }
        assert_eq!(d.get(super::super::tv::ORACLE), 0);
        assert_eq!(d.get(Oracle::Upstream), 0);
        assert_eq!(d.get(Oracle::MlirTranslate), 25);
    }

    /// An oracle whose row samples it is in the map (a row's sampling that nothing
    /// applied would be a false statement of `stdlower oracles`).
    #[test]
    fn every_sampled_row_is_in_the_map() {
        for o in registry::oracles() {
            let sampled = registry::row(o).sampling != registry::Sampling::Always;
            assert!(
                !sampled || SAMPLED.contains(&o),
                "{o}: add it to SAMPLED and apply"
            );
        }
        for o in SAMPLED {
            assert!(registry::oracles().any(|r| r == *o), "{o} is not an oracle");
        }
    }

    #[test]
    fn lists_parse_and_unknown_names_are_refused() {
        let m = Every::off().with_list(" tv=1, llvm-level=3 ,").unwrap();
        assert_eq!(m.get(super::super::tv::ORACLE), 1);
        assert_eq!(m.get(Oracle::LlvmLevel), 3);
        assert_eq!(m.get(Oracle::Upstream), 0);
        let e = parse_entry("nonsense=2").unwrap_err();
        assert!(e.contains("interp-vs-jit") && e.contains("tv"), "{e}");
        let e = parse_entry("interp-vs-jit=2").unwrap_err();
        assert!(e.contains("not sampled"), "{e}");
        assert!(
            parse_entry("generator=1").is_err(),
            "a check is not an oracle"
        );
        assert!(parse_entry("tv").is_err());
        assert!(parse_entry("tv=-1").is_err());
    }

    /// `apply` sets each switch by the same rule as `sampled`.
    #[test]
    fn apply_follows_the_map() {
        let m = Every::off().with_list("tv=3,lower-paths=2").unwrap();
        let mut cfg = OracleConfig::default();
        let on = |case| {
            let mut c = cfg.clone();
            m.apply(case, &mut c);
            (c.tv, c.lower_paths, c.llvm_level, c.lower_paths_deep)
        };
        assert_eq!(on(0), (true, true, false, true));
        assert_eq!(on(2), (false, true, false, false));
        assert_eq!(on(3), (true, false, false, false));
        assert_eq!(on(512), (false, true, false, true));
        m.apply(1, &mut cfg);
        assert!(!cfg.tv && !cfg.lower_paths && !cfg.upstream && !cfg.mlir_translate);
    }

    #[test]
    fn the_map_round_trips_through_json() {
        let m = Every::default().with_list("tv=20").unwrap();
        let text = serde_json::to_string(&m).unwrap();
        assert!(text.contains("\"tv\":20"), "{text}");
        assert_eq!(serde_json::from_str::<Every>(&text).unwrap(), m);
        // A name a stored map lacks reads as 0.
        let old: Every = serde_json::from_str(r#"{"llvm-level":1}"#).unwrap();
        assert_eq!(old.get(super::super::tv::ORACLE), 0);
    }
}
