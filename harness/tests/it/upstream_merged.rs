//! `mlir-translate` on many LLVM-dialect modules merged into one, their symbols renamed
//! (`harness/src/upstream_release/merged.rs`), takes exactly the modules that the split
//! run (`translate_batch`, each module's answer a run alone's) translates: generated
//! modules lowered by MLIR 22 (and by MLIR 13, where it is not used); and a module `mlir-translate` refuses among
//! good ones is told apart by its diagnostics' lines and left to the split run, the
//! others still taken by a merged run. Skipped without the tools, a failure under `CI`.

use converter::syntax::{export_for, Release};
use harness::upstream_release::{self, merged, Toolchain};

/// Generated modules exported for `t`'s release and lowered by its `mlir-opt` (those
/// it lowers).
fn lowered(t: &Toolchain, seeds: std::ops::Range<u64>) -> Vec<String> {
    let dl = harness::upstream::host_data_layout().expect("host data layout");
    let args = upstream_release::pipeline(t.release, 64, Default::default(), dl);
    let mut texts = Vec::new();
    for seed in seeds {
        let m = match seed % 2 {
            0 => generator::generate_swarm_from_seed(seed).1,
            _ => generator::generate_from_seed(seed, &generator::GenConfig::default()),
        };
        if harness::upstream::upstream_cannot_lower(&m).is_some() {
            continue;
        }
        if let Ok(text) = export_for(&m, t.release, false) {
            texts.push(text);
        }
    }
    upstream_release::lower_batch(t, &texts, &args)
        .into_iter()
        .flatten()
        .collect()
}

fn merged_takes_what_the_split_run_translates(release: Release, seeds: std::ops::Range<u64>) {
    let Some(t) = crate::common::upstream_toolchain(release) else {
        return;
    };
    let texts = lowered(&t, seeds);
    assert!(texts.len() > 40, "{} lowered", texts.len());
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let taken = merged::translated(&t, &refs);
    // Our worker (where it stands in for the tools) answers as `mlir-translate` does.
    assert_eq!(taken, merged::translated_by(&t, &refs, false));
    let split = upstream_release::translate_batch(&t, &texts);
    for (k, text) in texts.iter().enumerate() {
        // Taken by the merged run: translated alone too. The others may be refused.
        if taken[k] {
            assert!(split[k].is_ok(), "case {k}: {:?}\n{text}", split[k]);
        }
    }
    let ok = split.iter().filter(|a| a.is_ok()).count();
    let by_merge = taken.iter().filter(|&&x| x).count();
    eprintln!(
        "MLIR {}: {} modules, {ok} translated, {by_merge} taken by the merged run",
        release.major(),
        texts.len()
    );
    // The merged run takes the modules that translate (all of them but a few refusals
    // beyond its rounds).
    assert!(by_merge * 10 >= ok * 9, "{by_merge} of {ok}");
}

#[test]
fn merged_modules_translate_as_each_translates_alone_mlir22() {
    merged_takes_what_the_split_run_translates(Release::MLIR22, 0..120);
}

/// MLIR 13's `mlir-translate` refuses many of its own lowerings (16 of the 55 here: it
/// cannot parse the `llvm.return {attr} %x` it prints, among others), each refusal a
/// parse error that stops the run at the first: merging would cost a run a refusal,
/// so the typed-pointer releases keep the split run. The merged run still takes none
/// that the split run refuses.
#[test]
fn merged_modules_translate_as_each_translates_alone_mlir13() {
    assert!(!merged::pays(Release::MLIR13) && merged::pays(Release::MLIR22));
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let texts = lowered(&t, 0..120);
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let taken = merged::translated(&t, &refs);
    let split = upstream_release::translate_batch(&t, &texts);
    let refused = split.iter().filter(|a| a.is_err()).count();
    assert!(refused * 10 > texts.len(), "{refused} of {}", texts.len());
    for k in 0..texts.len() {
        assert!(!taken[k] || split[k].is_ok(), "case {k}: {:?}", split[k]);
    }
}

/// Two modules of the same function names, one that calls an undefined function (MLIR
/// 22's verifier refuses it), and one whose name is an intrinsic's (never merged).
#[test]
fn a_refused_module_among_merged_ones_is_left_to_the_split_run() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR22) else {
        return;
    };
    let dl = harness::upstream::host_data_layout().expect("host data layout");
    let head = format!("module attributes {{llvm.data_layout = \"{dl}\"}} {{\n");
    let good = |v: i32| {
        format!("{head}  llvm.func @f() -> i32 {{\n    %0 = llvm.mlir.constant({v} : i32) : i32\n    llvm.return %0 : i32\n  }}\n  llvm.func @main() -> i32 {{\n    %0 = llvm.call @f() : () -> i32\n    llvm.return %0 : i32\n  }}\n}}\n")
    };
    let undefined = format!("{head}  llvm.func @main() -> i32 {{\n    %0 = llvm.call @g() : () -> i32\n    llvm.return %0 : i32\n  }}\n}}\n");
    let intrinsic = format!("{head}  llvm.func @llvm.trap()\n}}\n");
    let texts = [good(1), undefined.clone(), good(2), good(3), intrinsic];
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let split = upstream_release::translate_batch(&t, &texts);
    assert!(split[1].is_err(), "{:?}", split[1]);
    // The undefined callee, renamed in its module, finds no other module's `@g`: a
    // module that defines one does not make it translate.
    let defines_g = good(4).replace("@f", "@g");
    let pair = [defines_g, undefined];
    let pair: Vec<&str> = pair.iter().map(String::as_str).collect();
    // By `mlir-translate`, and by our worker where it stands in for it.
    for worker in [false, true] {
        let taken = merged::translated_by(&t, &refs, worker);
        assert_eq!(taken, [true, false, true, true, false], "worker: {worker}");
        assert_eq!(merged::translated_by(&t, &pair, worker), [false, false]);
    }
}
