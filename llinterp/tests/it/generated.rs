//! Generated modules (the generator's default and swarm configurations) through the
//! Standard interpreter and the LLVM-level one under the lowering options the case's
//! configuration picked: where the Standard interpreter returns values, the LLVM level
//! must return the same, bit-exact. Prints how many cases agree, disagree, and could not
//! be compared (the Standard run stopped: fuel, call depth; or the LLVM level refused
//! the module as unsupported). Count: `LLINTERP_CASES` (default 1,000).

use converter::lower::LowerOptions;
use converter::value::{same_value, RtValue};
use generator::{generate_from_seed, generate_swarm_from_seed, GenConfig};
use interp::{Externals, Options, Trap};

struct GenExternals;

impl Externals for GenExternals {
    fn call(&mut self, name: &str, args: &[RtValue]) -> Option<Result<Vec<RtValue>, String>> {
        generator::externals::call_rt(name, args)
    }
}

#[test]
fn generated_modules_agree_at_both_levels() {
    let n: u64 = std::env::var("LLINTERP_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let (mut agree, mut std_stopped, mut unsupported) = (0u64, 0u64, Vec::new());
    let mut disagree = Vec::new();
    let t = std::time::Instant::now();
    for seed in 0..n {
        let (cfg, m) = if seed % 2 == 0 {
            let cfg = GenConfig::default();
            let m = generate_from_seed(seed, &cfg);
            (cfg, m)
        } else {
            generate_swarm_from_seed(seed)
        };
        let lower = LowerOptions {
            index_bitwidth: cfg.index_bitwidth,
            use_aligned_alloc: cfg.use_aligned_alloc,
            use_bare_ptr_memref_call_conv: cfg.use_bare_ptr_memref_call_conv,
            ..LowerOptions::default()
        };
        let opts = Options {
            index_bitwidth: cfg.index_bitwidth,
            ..Options::default()
        };
        let s = interp::run(&m, "main", &[], &opts, &mut GenExternals);
        let lopts = Options {
            fuel: opts.fuel * 20,
            ..opts.clone()
        };
        let l = llinterp::run(&m, &lower, "main", &[], &lopts, &mut GenExternals);
        let results = m
            .func("main")
            .and_then(|f| f.std_type())
            .map(|t| t.results.clone())
            .unwrap_or_default();
        match (&s, &l) {
            (Ok(a), Ok(b))
                if a.len() == b.results.len()
                    && results
                        .iter()
                        .zip(a.iter().zip(&b.results))
                        .all(|(t, (x, y))| same_value(t, x, y)) =>
            {
                agree += 1
            }
            (Err(Trap::OutOfFuel | Trap::CallDepth { .. }), _) => std_stopped += 1,
            (Ok(_), Err(Trap::Error { message, .. })) => {
                unsupported.push(format!("seed {seed}: {message}"))
            }
            _ => disagree.push(format!(
                "seed {seed}: std {:?}, llvm {:?}",
                s.as_ref().map_err(|t| t.render("gen")),
                l.as_ref().map(|o| &o.results).map_err(|t| t.render("gen"))
            )),
        }
    }
    eprintln!(
        "{n} generated cases in {:?}: {agree} agree, {} disagree, {} unsupported at the LLVM level, {std_stopped} stopped at the Standard level",
        t.elapsed(),
        disagree.len(),
        unsupported.len(),
    );
    for d in disagree.iter().chain(&unsupported).take(20) {
        eprintln!("  {d}");
    }
    assert!(disagree.is_empty(), "{} disagreements", disagree.len());
    assert!(unsupported.is_empty(), "{} unsupported", unsupported.len());
}

/// The comparison catches a wrong lowering: with every `llvm.add` of the lowered module
/// turned into an `llvm.sub` (built here, in the test), most cases that have one must
/// stop agreeing with the Standard interpreter. 400 seeds (0.3 s): over 200, the share
/// sat at the 80 % bar (160 of 199 before issue 39's generator features, 157 of 199
/// after, the zero-extent allocations changing which modules the seeds give; with them
/// left out, 160 again); over 400, 326 of 398 (324 of 398 with strided views cast to
/// unranked). The bar measures the generator's data flow, not the comparison, which is
/// exact: a case is missed when no mutated add changes `main`'s results at run time
/// (seed 18, for one, returns 0 either way; its adds are address arithmetic and an
/// `x + x`). Adds of a literal zero are not the cause: mutating only the adds without a
/// constant-0 operand gave the same 155 of 199 and 324 of 398 (review of 2026-11-28).
/// The share follows the generator: 326, 324 and 314 of 398 (81.9, 81.4, 78.9 %) over
/// three generator changes of 2026-11-28 (the last adds dynamic strided allocations; 7
/// of the cases that have one are missed, and the other seeds' modules change with
/// it), so a bar at 80 % failed on noise. The bar is 75 %: a wrong lowering still changes the results of three cases
/// in four, and the margin is not spent by the next generator change.
#[test]
fn a_wrong_lowering_is_caught() {
    let (mut mutated, mut caught) = (0u32, 0u32);
    for seed in 0..400u64 {
        let cfg = GenConfig::default();
        let m = generate_from_seed(seed, &cfg);
        let lower = LowerOptions::default();
        let Ok(mut lowered) = converter::lower::lower_module(&m, &lower) else {
            continue;
        };
        let mut changed = false;
        for f in &mut lowered.funcs {
            if let Some(b) = &mut f.body {
                for op in &mut b.ops {
                    if op.kind == converter::ir::OpKind::LlvmAdd {
                        op.kind = converter::ir::OpKind::LlvmSub;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            continue;
        }
        let opts = Options::default();
        let (want, steps) =
            interp::Program::compile(&m, 64).run_counted("main", &[], &opts, &mut GenExternals);
        let Ok(want) = want else {
            continue;
        };
        mutated += 1;
        // Mutated loops may never end: fuel in proportion to the Standard run.
        let lopts = Options {
            fuel: steps * 20 + 10_000,
            ..opts.clone()
        };
        let got =
            llinterp::run_lowered(&lowered, &m, &lower, "main", &[], &lopts, &mut GenExternals);
        if !got.is_ok_and(|o| o.results == want) {
            caught += 1;
        }
    }
    eprintln!("wrong lowering: {caught} of {mutated} mutated cases caught");
    assert!(mutated >= 50, "too few cases with an llvm.add: {mutated}");
    assert!(caught * 4 >= mutated * 3, "{caught} of {mutated} caught");
}

/// The parser reads back every construct our lowering prints in today's syntax (what
/// `mlir-opt` 22 prints too): each generated case's lowered module, printed, parsed
/// and verified as a module of opaque pointers, runs to the same outcome as the
/// lowered module itself. Count: `LLINTERP_CASES` / 4 (default 250).
#[test]
fn printed_lowered_modules_read_back_and_run_the_same() {
    let n: u64 = std::env::var("LLINTERP_CASES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map_or(250, |n| n / 4);
    let mut compared = 0u64;
    for seed in 0..n {
        let (cfg, m) = generate_swarm_from_seed(seed);
        let lower = LowerOptions {
            index_bitwidth: cfg.index_bitwidth,
            use_aligned_alloc: cfg.use_aligned_alloc,
            use_bare_ptr_memref_call_conv: cfg.use_bare_ptr_memref_call_conv,
            ..LowerOptions::default()
        };
        let Ok(lowered) = converter::lower::lower_module(&m, &lower) else {
            continue;
        };
        let text =
            converter::llvm_print::print_llvm(&lowered, converter::llvm_print::Syntax::Modern);
        let back = converter::syntax::parse_module("printed", text.as_bytes())
            .unwrap_or_else(|d| panic!("seed {seed}: {}", d.render("printed", Some(&text))));
        if let Err(ds) = converter::verify::verify_opaque_llvm_module(&back) {
            panic!("seed {seed}: {}", ds[0].render("printed", Some(&text)));
        }
        let opts = Options {
            index_bitwidth: cfg.index_bitwidth,
            ..Options::default()
        };
        let run = |l: &converter::ir::Module| {
            llinterp::run_lowered(l, &m, &lower, "main", &[], &opts, &mut GenExternals)
                .map(|o| o.results)
                .map_err(|t| match t {
                    Trap::Ub { rule, message, .. } => format!("ub {rule}: {message}"),
                    t => format!("{t:?}"),
                })
        };
        let (a, b) = (run(&lowered), run(&back));
        assert_eq!(a, b, "seed {seed}: the printed module runs differently");
        compared += 1;
    }
    assert!(compared * 2 >= n, "only {compared} of {n} lowered");
}
