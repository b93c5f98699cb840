//! The bodies of the cargo-fuzz targets, here so that `cargo test` runs them too on a
//! few hundred seeded inputs (`fuzz/fuzz_targets/*.rs` are glue around these).
//!
//! - [`fuzz_lowering`]: bytes -> swarm configuration + generated module -> verify ->
//!   lower -> every oracle; a finding panics with the module as a corpus file test, and
//!   so does a panic of the code under test: it is caught, the module is printed as a
//!   file test of a `panic` finding, and the panic goes on (libFuzzer aborts on it).
//!   Every new module is checked at the LLVM level (`llinterp`); the JIT, whose O0 code
//!   generation is most of a check's cost, runs on a deterministic sample of new modules
//!   ([`jit_sampled`]: one in [`DEFAULT_JIT_EVERY`] by a hash of the module,
//!   `STDLOWER_FUZZ_JIT_EVERY=N` to change it, 1 for every module, 0 for none).
//!   The sampled oracles follow one map, oracle name -> every N ([`fuzz_every`]),
//!   read from `STDLOWER_FUZZ_EVERY="tv=1,llvm-level=1"` (by default `llvm-level` on
//!   every new module and the others off; `STDLOWER_FUZZ_UPSTREAM=N` is an alias of
//!   `upstream=N`): the Nth new modules a process checks run them.
//! - [`fuzz_parse`]: arbitrary bytes into the front end: never a panic; whatever parses
//!   and verifies prints back to a fixed point and lowers without panicking.

use crate::exec::ExecOptions;
use crate::known_upstream;
use crate::oracles::every::Every;
use crate::oracles::{self, Oracle, OracleConfig, Verdict};
use arbitrary::Unstructured;
use converter::syntax::{parse_module, print_module, PrintOptions};
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// Set when this executable can serve as its own isolated JIT worker (the fuzz binary,
/// through [`serve_worker_if_asked`]).
static SELF_WORKER: AtomicBool = AtomicBool::new(false);

/// For a fuzz binary's initialization: started as `EXE __jit-worker` (the way the
/// harness starts isolated JIT workers from its own executable), serves JIT requests and
/// exits; otherwise records that this executable can be its own worker, so modules that
/// LLVM might abort on ([`may_hit_known_llvm_abort`]) are compiled in a worker process
/// instead of in the fuzzer's.
pub fn serve_worker_if_asked() {
    if std::env::args().skip(1).any(|a| a == "__jit-worker") {
        std::process::exit(crate::native::serve_worker());
    }
    SELF_WORKER.store(true, Ordering::Relaxed);
}

/// The oracle configuration fuzzing uses: in-process JIT, small fuel, and the
/// LLVM-dialect interpreter on every module (about 0.08 ms of a ~3 ms check,
/// `case_cost --corpus fuzz/seeds/lowering`); the sampled oracles as [`fuzz_every`]
/// has them for the first module (each one not at 0 is on).
pub fn fuzz_oracle_config() -> OracleConfig {
    let mut cfg = fuzz_base_config();
    fuzz_every().apply(0, &mut cfg);
    cfg
}

fn fuzz_base_config() -> OracleConfig {
    OracleConfig {
        exec: ExecOptions {
            fuel: 2_000_000,
            timeout: Duration::from_secs(5),
            ..ExecOptions::default()
        },
        jit: true,
        jit_in_process: true,
        mlir_translate: false,
        upstream: false,
        lower_paths: false,
        lower_paths_deep: false,
        lower_exe: None,
        upstream_structure: false,
        c_caller_every: 0,
        llvm_level: true,
        // On the JIT's sample only (`fuzz_lowering`): in the fuzz build the probe's
        // lowering runs instrumented, and on every new module it cost 13 % of the
        // target's exec/s (`scripts/bench_fuzz.sh --time 40 --core 1`: 943 against 1,079).
        unregistered_ops: false,
        // A solver per function is far slower than the target's budget per input:
        // only with `STDLOWER_FUZZ_EVERY=tv=N`.
        tv: false,
    }
}

/// The fuzz target's default sampling: the LLVM-level interpreter on every new module
/// (cheap), every other sampled oracle off (processes or a solver per module).
fn fuzz_default_every() -> Every {
    let mut m = Every::off();
    m.set(Oracle::LlvmLevel, 1);
    m
}

/// The fuzz target's sampling map from the values of `STDLOWER_FUZZ_EVERY`
/// (`NAME=N,...`) and `STDLOWER_FUZZ_UPSTREAM` (`N`, an alias of `upstream=N`, applied
/// first), on top of its defaults.
pub fn fuzz_every_of(every: Option<&str>, upstream: Option<&str>) -> Result<Every, String> {
    let mut m = fuzz_default_every();
    if let Some(n) = upstream {
        let n = n
            .trim()
            .parse()
            .map_err(|e| format!("STDLOWER_FUZZ_UPSTREAM={n}: {e}"))?;
        m.set(Oracle::Upstream, n);
    }
    m.with_list(every.unwrap_or(""))
        .map_err(|e| format!("STDLOWER_FUZZ_EVERY: {e}"))
}

/// The fuzz target's sampling map, read once from the environment ([`fuzz_every_of`]).
/// A value that does not parse ends the process with the reason (exit 2).
pub fn fuzz_every() -> &'static Every {
    static EVERY: OnceLock<Every> = OnceLock::new();
    EVERY.get_or_init(|| {
        let var = |name| std::env::var(name).ok();
        fuzz_every_of(
            var("STDLOWER_FUZZ_EVERY").as_deref(),
            var("STDLOWER_FUZZ_UPSTREAM").as_deref(),
        )
        .unwrap_or_else(|e| {
            eprintln!("stdlower fuzz: error: {e}");
            std::process::exit(2)
        })
    })
}

/// One new module in this many is JIT-compiled by default. Chosen by measurement
/// (`scripts/bench_fuzz.sh`, docs/jit-cost.md): LLVM's O0 code generation costs some
/// 30 times the LLVM-level interpreter, so the JIT on every new module held the target
/// under 500 exec/s. On the slower machine of 2026-11-27, one in 8 JIT-compiled 48 new
/// modules a second and one in 7 49, under the 50 the fuzz target owes; one in 6 keeps
/// it above.
pub const DEFAULT_JIT_EVERY: u64 = 6;

/// Whether the new module whose hash is `key` ([`CheckedModules::check_new`]) is
/// JIT-compiled: one in `STDLOWER_FUZZ_JIT_EVERY` (default [`DEFAULT_JIT_EVERY`]; 1 =
/// every module, 0 = none). The choice depends on the module alone, so an input that
/// reproduces a finding always takes the same paths.
pub fn jit_sampled(key: u128) -> bool {
    static EVERY: OnceLock<u64> = OnceLock::new();
    let every = *EVERY.get_or_init(|| {
        std::env::var("STDLOWER_FUZZ_JIT_EVERY")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(DEFAULT_JIT_EVERY)
    });
    sampled_one_in(key, every)
}

/// One key in `every` (0: none): by the key's low bits, which are a hash's.
fn sampled_one_in(key: u128, every: u64) -> bool {
    every > 0 && (key as u64).is_multiple_of(every)
}

/// The sampled oracles of the `n`th new module this process checks, and
/// `upstream-structure` (in place here; a campaign batches it).
fn sample(n: u64, cfg: &mut OracleConfig) {
    let every = fuzz_every();
    every.apply(n, cfg);
    cfg.upstream_structure = every.sampled(Oracle::UpstreamStructure, n);
}

/// The module a lowering-fuzz input stands for: the bytes choose the swarm
/// configuration, then the module.
pub fn module_of_input(data: &[u8]) -> Option<converter::ir::Module> {
    case_of_input(data).map(|(_, m)| m)
}

/// The swarm configuration (which also picks the converter's options) and the module
/// of a lowering-fuzz input.
pub fn case_of_input(data: &[u8]) -> Option<(generator::GenConfig, converter::ir::Module)> {
    let mut u = Unstructured::new(data);
    let gcfg: generator::GenConfig = u.arbitrary().ok()?;
    let m = generator::generate(&mut u, &gcfg).ok()?;
    Some((gcfg, m))
}

/// What one lowering-fuzz input came to (for tests and statistics).
pub fn lowering_verdict(
    data: &[u8],
    cfg: &OracleConfig,
) -> Option<(converter::ir::Module, Verdict)> {
    let (gcfg, m) = case_of_input(data)?;
    let cfg = OracleConfig {
        exec: cfg.exec.for_case(&gcfg),
        ..cfg.clone()
    };
    let v = check_fuzz_module(&m, &cfg);
    Some((m, v))
}

/// Every oracle on a generated module, as the fuzz target runs them.
fn check_fuzz_module(m: &converter::ir::Module, cfg: &OracleConfig) -> Verdict {
    if cfg.jit_in_process && may_hit_known_llvm_abort(m) {
        // In-process, LLVM's abort would end the fuzzer: compile in an isolated worker
        // when this executable can be one (the fuzz binary), where an abort is a crash
        // outcome that `known_upstream` recognizes; otherwise (tests) leave the JIT out
        // and run every other oracle.
        let safer = if SELF_WORKER.load(Ordering::Relaxed) {
            OracleConfig {
                jit_in_process: false,
                upstream: false,
                ..cfg.clone()
            }
        } else {
            OracleConfig {
                jit: false,
                upstream: false,
                ..cfg.clone()
            }
        };
        oracles::check_generated(m, &safer).verdict
    } else {
        oracles::check_generated(m, cfg).verdict
    }
}

/// The libFuzzer flags the `lowering` target adds to its command line unless it names
/// them already ([`with_default_flags`]).
///
/// `-use_counters=0`: a feature is an edge, not an edge and its hit-count bucket. The
/// generator and the converter run loops whose counts follow the module's size (vector
/// growth, walks over ops and dimensions), so with counters nearly every distinct
/// module brought new buckets, each added an input to the corpus, and entropic's
/// bookkeeping of those features was half of the fuzzer's time
/// (`perf`, docs/jit-cost.md). Without them, on one core over 60 s: 779 exec/s instead
/// of 472, 25,264 distinct modules checked instead of about 15,000, and the same
/// `converter::lower` coverage (1,563 and 1,566 of its 5,169 edges).
///
/// `-timeout=30`: an input that runs for 30 s is a hang (libFuzzer saves it as a
/// `timeout-` file and stops), not libFuzzer's default 20 minutes: an input is checked
/// in milliseconds, and a converter that loops forever is a finding, as in campaigns
/// (`campaign --hang-seconds`, 30 by default).
pub const LOWERING_DEFAULT_FLAGS: &[&str] = &["-use_counters=0", "-timeout=30"];

/// `args` (a libFuzzer command line, program name first) with each of `defaults`
/// (`-name=value`) that the line does not name already put right after the program
/// name: libFuzzer reads flags in order, so any of the user's own comes later and wins,
/// and flags after `-ignore_remaining_args=1` stay the target's.
pub fn with_default_flags(args: &[String], defaults: &[&str]) -> Vec<String> {
    if args.is_empty() {
        return Vec::new();
    }
    let given = |name: &str| {
        args.iter()
            .skip(1)
            .any(|a| a.split_once('=').is_some_and(|(n, _)| n == name))
    };
    let mut out: Vec<String> = args.iter().take(1).cloned().collect();
    out.extend(
        defaults
            .iter()
            .filter(|d| d.split_once('=').is_some_and(|(name, _)| !given(name)))
            .map(|d| d.to_string()),
    );
    out.extend(args.iter().skip(1).cloned());
    out
}

/// The modules this process has checked already, by a 128-bit hash of their printed
/// text. Most of libFuzzer's mutations change bytes the generator never reads, or
/// reads into the same choice (a `bool` is one bit of a byte), so the same module
/// comes back again and again; checking it again would find nothing new, and its JIT
/// compilation is most of a case's time. A finding panics on its first check, so
/// nothing is hidden.
#[derive(Default)]
pub struct CheckedModules {
    seen: HashSet<u128>,
    /// Inputs that made a module, how many of those modules were new, and how many of
    /// the new ones the target JIT-compiled.
    pub inputs: u64,
    pub distinct: u64,
    pub jitted: u64,
}

/// Past this many hashes the memory is cleared (it holds 16 bytes a module).
const CHECKED_MODULES_LIMIT: usize = 1 << 20;

impl CheckedModules {
    /// Records `m`; the first time its text is seen, the 128-bit hash of that text.
    pub fn check_new(&mut self, m: &converter::ir::Module) -> Option<u128> {
        let text = print_module(m, &PrintOptions::default());
        let half = |salt: u8| {
            let mut h = std::hash::DefaultHasher::new();
            salt.hash(&mut h);
            text.hash(&mut h);
            h.finish()
        };
        let key = (u128::from(half(0)) << 64) | u128::from(half(1));
        self.inputs += 1;
        if self.seen.len() >= CHECKED_MODULES_LIMIT {
            self.seen.clear();
        }
        let new = self.seen.insert(key);
        self.distinct += u64::from(new);
        new.then_some(key)
    }
}

/// Whether a function of `m` passes or returns a vector shape LLVM 22 is known to abort
/// on while compiling calls for this host as the JIT compiles: innermost dimension 1 of
/// `i128` (`<1 x i128>` arithmetic on call results with the host's AVX), and of `i1`
/// only when the JIT uses AVX-512 (`<1 x i1>` call arguments in mask registers; the
/// JIT leaves AVX-512 out unless `STDLOWER_JIT_AVX512=1`, see
/// `jit::exec::jit_cpu_features`); see `docs/findings/`.
pub fn may_hit_known_llvm_abort(m: &converter::ir::Module) -> bool {
    let tails: &[&str] = if jit::exec::jit_uses_avx512() {
        &["1xi1", "1xi128"]
    } else {
        &["1xi128"]
    };
    let risky = |t: &converter::ir::Type| {
        let text = t.to_string();
        text.split("vector<").skip(1).any(|rest| {
            let shape = rest.split('>').next().unwrap_or("");
            tails
                .iter()
                .any(|tail| shape == *tail || shape.ends_with(&format!("x{tail}")))
        })
    };
    m.funcs
        .iter()
        .filter_map(|f| f.std_type())
        .any(|ft| ft.inputs.iter().chain(&ft.results).any(risky))
}

/// The `lowering` fuzz target. A module this process has checked before is not checked
/// again ([`CheckedModules`]); a new one goes through every oracle but the JIT, which
/// only a sample of them reaches ([`jit_sampled`]). With `STDLOWER_FUZZ_STATS=1` it
/// prints, every 1,000 inputs, how many made a module, how many of those were new and
/// how many of those the JIT compiled.
pub fn fuzz_lowering(data: &[u8]) {
    static CHECKED: OnceLock<Mutex<CheckedModules>> = OnceLock::new();
    static STATS: OnceLock<bool> = OnceLock::new();
    let Some((gcfg, m)) = case_of_input(data) else {
        return;
    };
    let jit = {
        let mut c = CHECKED
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let new = c.check_new(&m);
        let jit = new.map(jit_sampled);
        c.jitted += u64::from(jit == Some(true));
        if *STATS.get_or_init(|| std::env::var_os("STDLOWER_FUZZ_STATS").is_some())
            && c.inputs.is_multiple_of(1000)
        {
            eprintln!(
                "stdlower fuzz: {} inputs made a module, {} distinct modules checked, {} of them by the JIT",
                c.inputs, c.distinct, c.jitted
            );
        }
        jit
    };
    let Some(jit) = jit else {
        return;
    };
    static NEW: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let mut cfg = fuzz_oracle_config();
    cfg.jit = jit;
    cfg.unregistered_ops = jit;
    sample(NEW.fetch_add(1, Ordering::Relaxed), &mut cfg);
    cfg.exec = cfg.exec.for_case(&gcfg);
    let v = check_or_print_panic(
        &m,
        &cfg,
        || check_fuzz_module(&m, &cfg),
        |text| eprintln!("stdlower finding; the module as a corpus file test:\n{text}"),
    );
    if known_upstream::classify(&v).is_some() {
        return; // a documented LLVM bug, not a converter finding
    }
    if v.is_finding() {
        panic!(
            "stdlower finding; the module as a corpus file test:\n{}",
            crate::reduce::finding_as_file_test(&m, "main", &v, &cfg, None)
        );
    }
}

/// Runs `check` on `m`; when it panics, hands the module as the file test of a `panic`
/// finding to `print`, then lets the panic go on. libFuzzer's panic hook aborts before
/// unwinding; inside [`crate::process::panics::catch`] it is not called, so the module is
/// printed first, and the panic, resumed, ends the fuzzer as before.
fn check_or_print_panic(
    m: &converter::ir::Module,
    cfg: &OracleConfig,
    check: impl FnOnce() -> Verdict,
    print: impl FnOnce(&str),
) -> Verdict {
    match crate::process::panics::catch(check) {
        Ok(v) => v,
        Err(p) => {
            let v = Verdict::Finding {
                oracle: crate::oracles::Oracle::Panic,
                detail: p.detail(),
            };
            print(&crate::campaign::file_test(m, &v, cfg, None));
            std::panic::resume_unwind(Box::new(p.detail()));
        }
    }
}

/// The `parse` fuzz target.
pub fn fuzz_parse(data: &[u8]) {
    let Ok(m) = parse_module("fuzz.mlir", data) else {
        return;
    };
    if converter::verify::verify_module(&m).is_err() {
        return;
    }
    let once = print_module(&m, &PrintOptions::default());
    let again = match parse_module("fuzz.mlir", once.as_bytes()) {
        Ok(m2) => print_module(&m2, &PrintOptions::default()),
        Err(d) => panic!("printed module does not parse back: {d}\n{once}"),
    };
    assert_eq!(once, again, "print -> parse -> print is not a fixed point");
    let _ = converter::lower::lower_module(&m, &Default::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `STDLOWER_FUZZ_EVERY` sets the map over the target's defaults, after
    /// `STDLOWER_FUZZ_UPSTREAM`; a bad value is an error naming the variable.
    #[test]
    fn the_environment_sets_the_fuzz_sampling_map() {
        let tv = crate::oracles::tv::ORACLE;
        let d = fuzz_every_of(None, None).unwrap();
        assert_eq!(
            (d.get(Oracle::LlvmLevel), d.get(tv), d.get(Oracle::Upstream)),
            (1, 0, 0)
        );
        let m = fuzz_every_of(Some("tv=1,llvm-level=0"), Some("7")).unwrap();
        assert_eq!(
            (m.get(Oracle::LlvmLevel), m.get(tv), m.get(Oracle::Upstream)),
            (0, 1, 7)
        );
        let m = fuzz_every_of(Some("upstream=3"), Some("7")).unwrap();
        assert_eq!(
            m.get(Oracle::Upstream),
            3,
            "the map's entry wins over the alias"
        );
        let mut cfg = fuzz_base_config();
        fuzz_every_of(Some("tv=1,upstream-structure=2"), None)
            .unwrap()
            .apply(0, &mut cfg);
        assert!(cfg.tv && cfg.llvm_level && !cfg.upstream);
        let e = fuzz_every_of(Some("tv=x"), None).unwrap_err();
        assert!(e.starts_with("STDLOWER_FUZZ_EVERY: "), "{e}");
        let e = fuzz_every_of(Some("jit=1"), None).unwrap_err();
        assert!(e.contains("interp-vs-jit"), "{e}");
        assert!(fuzz_every_of(None, Some("many")).is_err());
    }

    /// Defaults go first, before the user's flags, and never beside a flag the user
    /// gave (whatever its value).
    #[test]
    fn default_flags_yield_to_the_users() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let d = &["-use_counters=0", "-a=1"];
        assert_eq!(
            with_default_flags(&args(&["fuzz", "corpus", "-runs=5"]), d),
            args(&["fuzz", "-use_counters=0", "-a=1", "corpus", "-runs=5"])
        );
        assert_eq!(
            with_default_flags(&args(&["fuzz", "-use_counters=1", "c"]), d),
            args(&["fuzz", "-a=1", "-use_counters=1", "c"])
        );
        // A flag whose name only starts like a default's is another flag.
        assert_eq!(
            with_default_flags(&args(&["fuzz", "-use_counters_x=1"]), d),
            args(&["fuzz", "-use_counters=0", "-a=1", "-use_counters_x=1"])
        );
        assert_eq!(with_default_flags(&args(&["fuzz"]), &[]), args(&["fuzz"]));
        assert_eq!(with_default_flags(&[], d), Vec::<String>::new());
    }

    /// The JIT sample is one in N of the new modules, by their hashes: about 1/8 of
    /// 16,000 hashes at the default, all of them at 1, none at 0.
    #[test]
    fn jit_sample_is_one_in_n_of_the_hashes() {
        let keys: Vec<u128> = (0u32..16_000)
            .map(|i| {
                let mut h = std::hash::DefaultHasher::new();
                i.hash(&mut h);
                let lo = h.finish();
                (u128::from(lo.rotate_left(17)) << 64) | u128::from(lo)
            })
            .collect();
        let count = |every| keys.iter().filter(|&&k| sampled_one_in(k, every)).count();
        let n = count(DEFAULT_JIT_EVERY);
        let want = keys.len() / DEFAULT_JIT_EVERY as usize;
        assert!(
            n > want * 3 / 4 && n < want * 5 / 4,
            "{n} sampled, about {want} wanted"
        );
        assert_eq!(count(1), keys.len());
        assert_eq!(count(0), 0);
    }

    #[test]
    fn a_panic_prints_the_module_then_goes_on() {
        let (_, m) = generator::generate_swarm_from_seed(3);
        let cfg = OracleConfig {
            jit: false,
            ..fuzz_oracle_config()
        };
        let mut printed = String::new();
        let line = line!() + 5;
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            check_or_print_panic(
                &m,
                &cfg,
                || panic!("injected"),
                |text| printed = text.to_string(),
            )
        }));
        let payload = r.expect_err("the panic goes on");
        let detail = payload.downcast_ref::<String>().expect("the detail");
        let want = format!("panicked at {}:{line}:", file!());
        assert!(detail.starts_with(&want), "{detail}");
        assert!(
            printed.starts_with(&format!("// FINDING [panic]: {want}")),
            "{printed}"
        );
        let body: String = printed
            .lines()
            .filter(|l| !l.starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let back = parse_module("f.mlir", body.as_bytes()).expect("a file test");
        assert_eq!(
            print_module(&back, &PrintOptions::default()),
            print_module(&m, &PrintOptions::default())
        );
    }
}
