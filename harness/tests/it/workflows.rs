//! The CI files are valid: every `.github/workflows/*.yml`, every local action
//! (`.github/actions/*/action.yml`) and `.clusterfuzzlite/project.yaml` parses as YAML
//! and has the shape GitHub Actions / ClusterFuzzLite read: jobs with steps or a called
//! workflow, `needs` naming jobs that exist, balanced `${{ }}`, `matrix.X` only where the
//! matrix has X, local workflows called with the inputs they declare, ClusterFuzzLite's
//! run step after a build step with the same sanitizer, a known mode and a sanitizer the
//! project lists. Broken samples written here show each check can fail. The YAML
//! samples in docs/scale-out.md parse too.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use yaml_rust2::{Yaml, YamlLoader};

const CFLITE_BUILD: &str = "google/clusterfuzzlite/actions/build_fuzzers@v1";
const CFLITE_RUN: &str = "google/clusterfuzzlite/actions/run_fuzzers@v1";
const CFLITE_MODES: &[&str] = &["code-change", "batch", "prune", "coverage"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One YAML document, or the parser's message with its line.
fn parse(name: &str, text: &str) -> Result<Yaml, String> {
    let mut docs = YamlLoader::load_from_str(text).map_err(|e| format!("{name}: {e}"))?;
    if docs.len() != 1 {
        return Err(format!("{name}: {} YAML documents, want 1", docs.len()));
    }
    Ok(docs.remove(0))
}

fn key<'a>(y: &'a Yaml, k: &str) -> Option<&'a Yaml> {
    let v = &y[k];
    (!v.is_badvalue()).then_some(v)
}

fn strings<'a>(y: &'a Yaml, out: &mut Vec<&'a str>) {
    match y {
        Yaml::String(s) => out.push(s),
        Yaml::Array(a) => a.iter().for_each(|v| strings(v, out)),
        Yaml::Hash(h) => h.iter().for_each(|(k, v)| {
            strings(k, out);
            strings(v, out);
        }),
        _ => {}
    }
}

/// A scalar as GitHub sees it in `with:` (numbers and booleans too).
fn scalar(y: &Yaml) -> Option<String> {
    match y {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

/// `${{` and `}}` alternate in every string.
fn check_expressions(name: &str, doc: &Yaml, errs: &mut Vec<String>) {
    let mut all = Vec::new();
    strings(doc, &mut all);
    for s in all {
        let mut open = false;
        let mut rest = s;
        loop {
            let next_open = rest.find("${{");
            let next_close = rest.find("}}");
            match (open, next_open, next_close) {
                (false, Some(o), c) if c.is_none_or(|c| o < c) => {
                    open = true;
                    rest = &rest[o + 3..];
                }
                (true, o, Some(c)) if o.is_none_or(|o| c < o) => {
                    open = false;
                    rest = &rest[c + 2..];
                }
                (false, None, None) => break,
                (false, _, Some(_)) => break, // a literal `}}` outside an expression
                _ => {
                    errs.push(format!("{name}: unbalanced ${{{{ }}}} in {s:?}"));
                    break;
                }
            }
        }
    }
}

/// The `matrix.NAME` references in `text`.
fn matrix_refs(text: &str) -> Vec<String> {
    let mut v = Vec::new();
    for (i, _) in text.match_indices("matrix.") {
        let before = text[..i].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
            continue;
        }
        let name: String = text[i + 7..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
            .collect();
        v.push(name);
    }
    v
}

/// Every check of one workflow file; `repo` resolves `uses: ./...`.
fn check_workflow(name: &str, text: &str, repo: &Path) -> Vec<String> {
    let doc = match parse(name, text) {
        Ok(d) => d,
        Err(e) => return vec![e],
    };
    let mut errs = Vec::new();
    if doc.as_hash().is_none() {
        return vec![format!("{name}: not a mapping")];
    }
    if key(&doc, "on").is_none() {
        errs.push(format!("{name}: no `on`"));
    }
    let Some(jobs) = key(&doc, "jobs").and_then(Yaml::as_hash) else {
        errs.push(format!("{name}: no `jobs` mapping"));
        return errs;
    };
    check_expressions(name, &doc, &mut errs);
    let job_names: BTreeSet<&str> = jobs.keys().filter_map(Yaml::as_str).collect();
    for (jn, job) in jobs {
        let jn = jn.as_str().unwrap_or("?");
        let at = format!("{name}: job {jn}");
        let needs: Vec<&Yaml> = match key(job, "needs") {
            None => vec![],
            Some(Yaml::Array(a)) => a.iter().collect(),
            Some(one) => vec![one],
        };
        for n in needs {
            if !n.as_str().is_some_and(|s| job_names.contains(s)) {
                let n = scalar(n).unwrap_or_else(|| format!("{n:?}"));
                errs.push(format!("{at}: needs unknown job {n}"));
            }
        }
        // `matrix.X` only where the job's matrix has X (or is computed).
        let matrix = key(job, "strategy").and_then(|s| key(s, "matrix"));
        let mut texts = Vec::new();
        strings(job, &mut texts);
        for r in texts.iter().flat_map(|t| matrix_refs(t)) {
            let ok = match matrix {
                Some(Yaml::Hash(h)) => h.contains_key(&Yaml::String(r.clone())),
                Some(Yaml::String(_)) => true,
                _ => false,
            };
            if !ok {
                errs.push(format!("{at}: matrix.{r} is not in the job's matrix"));
            }
        }
        if let Some(uses) = key(job, "uses") {
            check_called_workflow(&at, uses, key(job, "with"), repo, &mut errs);
            continue;
        }
        if key(job, "runs-on").is_none() {
            errs.push(format!("{at}: no runs-on"));
        }
        let Some(steps) = key(job, "steps").and_then(Yaml::as_vec) else {
            errs.push(format!("{at}: no steps"));
            continue;
        };
        check_steps(&at, steps, repo, &mut errs);
    }
    errs
}

fn check_steps(at: &str, steps: &[Yaml], repo: &Path, errs: &mut Vec<String>) {
    let mut built_sanitizer: Option<String> = None;
    for (i, step) in steps.iter().enumerate() {
        let at = format!("{at}: step {}", i + 1);
        let uses = key(step, "uses").and_then(Yaml::as_str);
        let run = key(step, "run");
        if uses.is_some() == run.is_some() {
            errs.push(format!("{at}: needs exactly one of uses/run"));
            continue;
        }
        let Some(uses) = uses else { continue };
        if let Some(local) = uses.strip_prefix("./") {
            let p = repo.join(local);
            if !(p.join("action.yml").is_file() || p.is_file()) {
                errs.push(format!("{at}: {uses} does not exist"));
            }
        }
        let with = key(step, "with");
        let sanitizer = with
            .and_then(|w| key(w, "sanitizer"))
            .and_then(scalar)
            .unwrap_or_else(|| "address".to_string());
        if uses == CFLITE_BUILD {
            if with
                .and_then(|w| key(w, "language"))
                .and_then(scalar)
                .as_deref()
                != Some("rust")
            {
                errs.push(format!("{at}: build_fuzzers without language: rust"));
            }
            built_sanitizer = Some(sanitizer);
        } else if uses == CFLITE_RUN {
            let mode = with.and_then(|w| key(w, "mode")).and_then(scalar);
            if !mode.as_deref().is_some_and(|m| CFLITE_MODES.contains(&m)) {
                errs.push(format!(
                    "{at}: run_fuzzers mode {mode:?} is not one of {CFLITE_MODES:?}"
                ));
            }
            match &built_sanitizer {
                None => errs.push(format!(
                    "{at}: run_fuzzers without a build_fuzzers step before it"
                )),
                Some(b) if *b != sanitizer => errs.push(format!(
                    "{at}: run_fuzzers sanitizer {sanitizer} but build_fuzzers built {b}"
                )),
                _ => {}
            }
            if (mode.as_deref() == Some("coverage")) != (sanitizer == "coverage") {
                errs.push(format!(
                    "{at}: mode coverage goes with sanitizer coverage, and only it"
                ));
            }
        }
    }
}

/// `uses: ./.github/workflows/X.yml`: the file exists, is callable, and gets only the
/// inputs it declares and every required one.
fn check_called_workflow(
    at: &str,
    uses: &Yaml,
    with: Option<&Yaml>,
    repo: &Path,
    errs: &mut Vec<String>,
) {
    let Some(local) = uses.as_str().and_then(|u| u.strip_prefix("./")) else {
        return; // another repository's workflow: nothing to look at here
    };
    let text = match std::fs::read_to_string(repo.join(local)) {
        Ok(t) => t,
        Err(e) => return errs.push(format!("{at}: calls {local}: {e}")),
    };
    let called = match parse(local, &text) {
        Ok(d) => d,
        Err(e) => return errs.push(format!("{at}: {e}")),
    };
    let Some(call) = key(&called, "on").and_then(|on| key(on, "workflow_call")) else {
        return errs.push(format!("{at}: {local} has no on.workflow_call"));
    };
    let declared = key(call, "inputs").and_then(Yaml::as_hash);
    let given: Vec<&str> = with
        .and_then(Yaml::as_hash)
        .map(|h| h.keys().filter_map(Yaml::as_str).collect())
        .unwrap_or_default();
    for g in &given {
        if !declared.is_some_and(|d| d.contains_key(&Yaml::String(g.to_string()))) {
            errs.push(format!("{at}: {local} has no input {g}"));
        }
    }
    for (k, v) in declared.into_iter().flatten() {
        let k = k.as_str().unwrap_or("?");
        let required = key(v, "required").and_then(Yaml::as_bool) == Some(true);
        if required && key(v, "default").is_none() && !given.contains(&k) {
            errs.push(format!("{at}: {local} needs input {k}"));
        }
    }
}

fn yml_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yml" || x == "yaml"))
        .collect();
    v.sort();
    v
}

fn load(p: &Path) -> (String, String) {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let name = p.strip_prefix(root()).unwrap_or(p).display().to_string();
    (name, text)
}

#[test]
fn every_workflow_parses_and_is_well_formed() {
    let files = yml_files(&root().join(".github/workflows"));
    assert!(files.len() >= 6, "workflows: {files:?}");
    let mut errs = Vec::new();
    for p in &files {
        let (name, text) = load(p);
        errs.extend(check_workflow(&name, &text, &root()));
    }
    assert!(errs.is_empty(), "{}", errs.join("\n"));
}

#[test]
fn local_actions_parse_and_are_composite_with_shells() {
    let dir = root().join(".github/actions");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect(".github/actions") {
        let p = entry.expect("entry").path().join("action.yml");
        let (name, text) = load(&p);
        let doc = parse(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        let runs = key(&doc, "runs").unwrap_or_else(|| panic!("{name}: no runs"));
        assert_eq!(
            key(runs, "using").and_then(scalar).as_deref(),
            Some("composite"),
            "{name}"
        );
        for step in key(runs, "steps").and_then(Yaml::as_vec).expect("steps") {
            if key(step, "run").is_some() {
                assert!(
                    key(step, "shell").is_some(),
                    "{name}: a run step without shell"
                );
            }
        }
        let mut errs = Vec::new();
        check_expressions(&name, &doc, &mut errs);
        assert!(errs.is_empty(), "{}", errs.join("\n"));
        n += 1;
    }
    assert!(n >= 1);
}

/// The ClusterFuzzLite workflows together run every task, and only with sanitizers
/// `.clusterfuzzlite/project.yaml` lists; the sharded campaign is wired as documented.
#[test]
fn clusterfuzzlite_and_campaign_workflows_cover_what_the_docs_say() {
    let (pname, ptext) = load(&root().join(".clusterfuzzlite/project.yaml"));
    let project = parse(&pname, &ptext).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        key(&project, "language").and_then(scalar).as_deref(),
        Some("rust")
    );
    let listed: BTreeSet<String> = key(&project, "sanitizers")
        .and_then(Yaml::as_vec)
        .expect("project.yaml sanitizers")
        .iter()
        .filter_map(scalar)
        .collect();

    let mut modes = BTreeSet::new();
    for p in yml_files(&root().join(".github/workflows")) {
        let (name, text) = load(&p);
        let doc = parse(&name, &text).unwrap();
        for job in key(&doc, "jobs").and_then(Yaml::as_hash).unwrap().values() {
            let matrix_sanitizers: Vec<String> = key(job, "strategy")
                .and_then(|s| key(s, "matrix"))
                .and_then(|m| key(m, "sanitizer"))
                .and_then(Yaml::as_vec)
                .map(|v| v.iter().filter_map(scalar).collect())
                .unwrap_or_default();
            for step in key(job, "steps")
                .and_then(Yaml::as_vec)
                .into_iter()
                .flatten()
            {
                let uses = key(step, "uses").and_then(Yaml::as_str);
                if uses != Some(CFLITE_RUN) && uses != Some(CFLITE_BUILD) {
                    continue;
                }
                if let Some(m) = key(step, "with")
                    .and_then(|w| key(w, "mode"))
                    .and_then(scalar)
                {
                    modes.insert(m);
                }
                for s in &matrix_sanitizers {
                    assert!(
                        listed.contains(s),
                        "{name}: sanitizer {s} not in project.yaml"
                    );
                }
            }
        }
    }
    let want: BTreeSet<String> = CFLITE_MODES.iter().map(|m| m.to_string()).collect();
    assert_eq!(modes, want, "ClusterFuzzLite tasks run by the workflows");

    let (cname, ctext) = load(&root().join(".github/workflows/campaign.yml"));
    let campaign = parse(&cname, &ctext).unwrap();
    let jobs = &campaign["jobs"];
    let mut shard_runs = Vec::new();
    strings(&jobs["shard"]["steps"], &mut shard_runs);
    assert!(
        shard_runs.iter().any(|s| s.contains("campaign --shard")
            && s.contains("--seed")
            && s.contains("--time")),
        "the shard job runs `campaign --shard I/N --seed S --time T`"
    );
    let mut merge_runs = Vec::new();
    strings(&jobs["merge"]["steps"], &mut merge_runs);
    assert!(merge_runs.iter().any(|s| s.contains("campaign merge")));
    let (nname, ntext) = load(&root().join(".github/workflows/nightly.yml"));
    let nightly = parse(&nname, &ntext).unwrap();
    let calls: Vec<&str> = nightly["jobs"]
        .as_hash()
        .unwrap()
        .values()
        .filter_map(|j| key(j, "uses").and_then(Yaml::as_str))
        .collect();
    assert_eq!(
        calls,
        ["./.github/workflows/campaign.yml"],
        "nightly calls the sharded campaign"
    );
}

/// Each check rejects what it is there to reject.
#[test]
fn broken_workflows_are_rejected() {
    let dir = std::env::temp_dir().join(format!("stdlower-workflows-{}", std::process::id()));
    std::fs::create_dir_all(dir.join(".github/workflows")).unwrap();
    std::fs::write(
        dir.join(".github/workflows/called.yml"),
        "on:\n  workflow_call:\n    inputs:\n      shards: {type: number, required: true}\njobs:\n  a: {runs-on: x, steps: [{run: 'true'}]}\n",
    )
    .unwrap();
    let cases: &[(&str, &str)] = &[
        ("on: push\njobs:\n  a:\n    runs-on: x\n    steps: [{run: 'true'\n", "line"),
        ("on: push\njobs:\n  a: {runs-on: x, needs: b, steps: [{run: 'true'}]}\n", "needs unknown job b"),
        ("on: push\njobs:\n  a: {runs-on: x, steps: [{run: 'echo ${{ github.ref'}]}\n", "unbalanced"),
        ("on: push\njobs:\n  a: {runs-on: x, steps: [{run: 'echo ${{ matrix.os }}'}]}\n", "matrix.os"),
        ("on: push\njobs:\n  a: {runs-on: x, steps: [{uses: ./nowhere}]}\n", "does not exist"),
        ("on: push\njobs:\n  a: {runs-on: x, steps: [{name: nothing}]}\n", "exactly one of uses/run"),
        (
            "on: push\njobs:\n  a: {uses: ./.github/workflows/called.yml, with: {shard: 2}}\n",
            "has no input shard",
        ),
        ("on: push\njobs:\n  a: {uses: ./.github/workflows/called.yml}\n", "needs input shards"),
        (
            "on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - {uses: google/clusterfuzzlite/actions/build_fuzzers@v1, with: {language: rust, sanitizer: undefined}}\n      - {uses: google/clusterfuzzlite/actions/run_fuzzers@v1, with: {mode: batch}}\n",
            "but build_fuzzers built undefined",
        ),
        (
            "on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - {uses: google/clusterfuzzlite/actions/build_fuzzers@v1, with: {language: rust}}\n      - {uses: google/clusterfuzzlite/actions/run_fuzzers@v1, with: {mode: fuzz}}\n",
            "is not one of",
        ),
        (
            "on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - {uses: google/clusterfuzzlite/actions/run_fuzzers@v1, with: {mode: batch}}\n",
            "without a build_fuzzers step",
        ),
    ];
    for (text, want) in cases {
        let errs = check_workflow("bad.yml", text, &dir);
        assert!(
            errs.iter().any(|e| e.contains(want)),
            "expected an error with {want:?} for:\n{text}\ngot: {errs:?}"
        );
    }
    // And a correct one passes.
    let good = "on: push\njobs:\n  a: {uses: ./.github/workflows/called.yml, with: {shards: 2}}\n  b:\n    needs: a\n    runs-on: x\n    strategy: {matrix: {os: [l]}}\n    steps: [{run: 'echo ${{ matrix.os }} }}'}]\n";
    assert_eq!(check_workflow("good.yml", good, &dir), Vec::<String>::new());
    std::fs::remove_dir_all(&dir).ok();
}

/// The YAML samples of docs/scale-out.md (a workflow call, the Kubernetes Jobs) parse,
/// and the Indexed Job takes its shard from the completion index.
#[test]
fn scale_out_doc_yaml_samples_parse() {
    let (name, text) = load(&root().join("docs/scale-out.md"));
    let mut blocks = Vec::new();
    let mut cur: Option<String> = None;
    for line in text.lines() {
        match (&mut cur, line.trim_start()) {
            (None, "```yaml") => cur = Some(String::new()),
            (Some(b), "```") => {
                blocks.push(std::mem::take(b));
                cur = None;
            }
            (Some(b), _) => {
                b.push_str(line);
                b.push('\n');
            }
            _ => {}
        }
    }
    assert!(blocks.len() >= 2, "{name}: yaml blocks: {}", blocks.len());
    let mut kinds = Vec::new();
    for b in &blocks {
        let docs = YamlLoader::load_from_str(b).unwrap_or_else(|e| panic!("{name}: {e}\n{b}"));
        for d in &docs {
            if let Some(k) = key(d, "kind").and_then(scalar) {
                kinds.push(k);
            }
        }
    }
    assert_eq!(
        kinds,
        ["Job", "Job"],
        "{name}: the campaign Job and the merge Job"
    );
    assert!(text.contains("completionMode: Indexed") && text.contains("$JOB_COMPLETION_INDEX/"));
}
