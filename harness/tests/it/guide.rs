//! The README and the guide in `docs/` stay true: every link resolves inside the
//! repository (to a file that exists, and to a heading that exists when it names one;
//! web links only to upstream projects), every chapter but the upstream bug reports of
//! `docs/findings/` is in `docs/SUMMARY.md`, and
//! every shell snippet marked `sh run` runs, in a scratch directory, against the built
//! binaries. Broken samples show each check can fail.

use std::path::{Component, Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the repository")
}

/// Web sites a document may link to: the upstream projects stdlower builds on.
const UPSTREAM_SITES: &[&str] = &[
    "https://llvm.org/",
    "https://mlir.llvm.org/",
    "https://github.com/llvm/",
    "https://docs.rs/",
    "https://crates.io/",
    "https://mutants.rs",
    "https://rust-fuzz.github.io/",
    "https://google.github.io/clusterfuzzlite/",
    "https://rust-lang.github.io/mdBook/",
    "https://docs.github.com/",
];

/// The Markdown files the checks cover: the README, ARCHITECTURE.md, and `docs/`.
fn documents(root: &Path) -> Vec<PathBuf> {
    fn walk(d: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(d)
            .map(|rd| rd.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "md") {
                out.push(p);
            }
        }
    }
    let mut v: Vec<PathBuf> = ["README.md", "ARCHITECTURE.md"]
        .iter()
        .map(|f| root.join(f))
        .filter(|p| p.exists())
        .collect();
    walk(&root.join("docs"), &mut v);
    v
}

/// The text outside fenced code blocks, with code spans blanked (line numbers kept).
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            out.push('\n');
            continue;
        }
        if fence {
            out.push('\n');
            continue;
        }
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            }
            out.push(if in_code || c == '`' { ' ' } else { c });
        }
        out.push('\n');
    }
    out
}

/// Every link target of a Markdown text: inline `[text](target)` and reference
/// definitions `[name]: target`, with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut v = Vec::new();
    for (n, line) in prose(text).lines().enumerate() {
        let b = line.as_bytes();
        let mut i = 0;
        while let Some(at) = line[i..].find("](") {
            let start = i + at + 2;
            let mut depth = 1;
            let mut end = start;
            while end < b.len() {
                match b[end] {
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                end += 1;
            }
            let target = line[start..end.min(b.len())].split_whitespace().next();
            if let Some(t) = target {
                v.push((n + 1, t.trim_matches(['<', '>']).to_string()));
            }
            i = end.min(b.len());
        }
        let t = line.trim_start();
        if t.starts_with('[') {
            if let Some((_, rest)) = t.split_once("]: ") {
                if let Some(target) = rest.split_whitespace().next() {
                    v.push((n + 1, target.to_string()));
                }
            }
        }
    }
    v
}

/// The anchors of a Markdown file's headings, as GitHub and mdBook make them.
fn anchors(text: &str) -> Vec<String> {
    let mut fence = false;
    let mut v = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
        }
        if fence || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        v.push(slug);
    }
    v
}

/// `path` with `.` and `..` resolved by hand (the file may not exist).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// What is wrong with the links of the documents under `root`.
fn broken_links(root: &Path, docs: &[PathBuf]) -> Vec<String> {
    let mut errs = Vec::new();
    for doc in docs {
        let text = std::fs::read_to_string(doc).expect("read a document");
        let name = doc.strip_prefix(root).unwrap_or(doc).display().to_string();
        for (line, target) in links(&text) {
            let at = format!("{name}:{line}: {target}");
            if target.starts_with("http://") || target.starts_with("https://") {
                if !UPSTREAM_SITES.iter().any(|s| target.starts_with(s)) {
                    errs.push(format!(
                        "{at}: a web link that is not an upstream project's"
                    ));
                }
                continue;
            }
            if target.contains("://") || target.starts_with("mailto:") {
                errs.push(format!("{at}: a link out of the repository"));
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let dest = if file.is_empty() {
                doc.clone()
            } else if file.starts_with('/') {
                errs.push(format!("{at}: an absolute path"));
                continue;
            } else {
                normalize(&doc.parent().unwrap_or(root).join(file))
            };
            if !dest.starts_with(root) {
                errs.push(format!("{at}: leaves the repository"));
                continue;
            }
            if !dest.exists() {
                errs.push(format!("{at}: no such file"));
                continue;
            }
            if !anchor.is_empty() && dest.extension().is_some_and(|e| e == "md") {
                let t = std::fs::read_to_string(&dest).unwrap_or_default();
                if !anchors(&t).iter().any(|a| a == anchor) {
                    errs.push(format!("{at}: no heading #{anchor} in {}", dest.display()));
                }
            }
        }
    }
    errs
}

#[test]
fn every_link_resolves_inside_the_repository() {
    let root = root();
    let docs = documents(&root);
    assert!(docs.len() > 10, "found {} documents", docs.len());
    let errs = broken_links(&root, &docs);
    assert!(errs.is_empty(), "broken links:\n{}", errs.join("\n"));
}

#[test]
fn broken_links_are_found() {
    let dir = std::env::temp_dir().join(format!("stdlower-guide-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    let dir = dir.canonicalize().unwrap();
    std::fs::write(dir.join("docs/b.md"), "# B\n\n## Real heading\n").unwrap();
    let a = dir.join("docs/a.md");
    std::fs::write(
        &a,
        "# A\n[ok](b.md) [ok](b.md#real-heading) [ok](https://mlir.llvm.org/docs/)\n\
         [gone](c.md)\n[bad anchor](b.md#nothing)\n[out](../../shared/spec/x.md)\n\
         [web](https://example.com/x)\n`[in code](nowhere.md)`\n[ref]: missing.md\n",
    )
    .unwrap();
    let errs = broken_links(&dir, &[a]);
    let _ = std::fs::remove_dir_all(&dir);
    let want = [
        "c.md: no such file",
        "b.md#nothing: no heading",
        "x.md: leaves the repository",
        "example.com/x: a web link",
        "missing.md: no such file",
    ];
    for w in want {
        assert!(
            errs.iter().any(|e| e.contains(w)),
            "{w} not found in {errs:#?}"
        );
    }
    assert_eq!(errs.len(), want.len(), "{errs:#?}");
}

#[test]
fn every_chapter_is_in_the_summary() {
    let root = root();
    let summary = std::fs::read_to_string(root.join("docs/SUMMARY.md")).expect("docs/SUMMARY.md");
    let listed: Vec<String> = links(&summary).into_iter().map(|(_, t)| t).collect();
    let missing: Vec<String> = documents(&root)
        .iter()
        .filter_map(|p| p.strip_prefix(root.join("docs")).ok())
        .map(|p| p.display().to_string())
        // The upstream bug reports of findings/ are listed as they come, but are not
        // chapters every change must list (a branch adding one does not touch the guide).
        .filter(|p| p != "SUMMARY.md" && !p.starts_with("findings/") && !listed.contains(p))
        .collect();
    assert!(
        missing.is_empty(),
        "chapters not in docs/SUMMARY.md: {missing:?}"
    );
}

/// The snippets of a Markdown text in a fence whose info string is `sh run`.
fn runnable_snippets(text: &str) -> Vec<(usize, String)> {
    let mut v = Vec::new();
    let mut cur: Option<(usize, String)> = None;
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        match &mut cur {
            None if t.starts_with("```") => {
                let info: Vec<&str> = t[3..].split([' ', ',']).filter(|w| !w.is_empty()).collect();
                if info == ["sh", "run"] {
                    cur = Some((n + 1, String::new()));
                }
            }
            Some(_) if t.starts_with("```") => v.push(cur.take().unwrap()),
            Some((_, s)) => {
                s.push_str(line);
                s.push('\n');
            }
            None => {}
        }
    }
    v
}

/// Runs `snippet` with bash (`-euo pipefail`) in a fresh directory laid out like a
/// checkout after `cargo build --release --bins`: `target/release/stdlower` and
/// `stdlower-full` are the binaries under test, `corpus/` the repository's. Its output
/// when it fails.
fn run_snippet(snippet: &str, front: &Path, tag: &str) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("stdlower-guide-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("target/release")).unwrap();
    let full = Path::new(env!("CARGO_BIN_EXE_stdlower-full"));
    std::os::unix::fs::symlink(front, dir.join("target/release/stdlower")).unwrap();
    std::os::unix::fs::symlink(full, dir.join("target/release/stdlower-full")).unwrap();
    std::os::unix::fs::symlink(root().join("corpus"), dir.join("corpus")).unwrap();
    let out = Command::new("bash")
        .args(["-euo", "pipefail", "-c", snippet])
        .current_dir(&dir)
        .env_remove("STDLOWER_PROGRESS_SECONDS")
        .output()
        .expect("run bash");
    let _ = std::fs::remove_dir_all(&dir);
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}\nstdout:\n{}\nstderr:\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

#[test]
fn the_guides_snippets_run() {
    let Some(front) = crate::common::front_exe() else {
        return;
    };
    let root = root();
    let mut ran = 0;
    let mut errs = Vec::new();
    for doc in documents(&root) {
        let text = std::fs::read_to_string(&doc).unwrap();
        let name = doc.strip_prefix(&root).unwrap().display().to_string();
        for (line, s) in runnable_snippets(&text) {
            ran += 1;
            let tag = format!("{}-{line}", name.replace('/', "_"));
            if let Err(e) = run_snippet(&s, &front, &tag) {
                errs.push(format!("{name}:{line}: the snippet fails: {e}"));
            }
        }
    }
    assert!(ran >= 3, "only {ran} runnable snippets");
    assert!(errs.is_empty(), "{}", errs.join("\n\n"));
}

#[test]
fn a_failing_snippet_fails() {
    let text = "```sh run\ntarget/release/stdlower check corpus/no-such-file.mlir\n```\n```sh\nnot run\n```\n";
    let s = runnable_snippets(text);
    assert_eq!(s.len(), 1);
    let Some(front) = crate::common::front_exe() else {
        return;
    };
    let e = run_snippet(&s[0].1, &front, "failing").expect_err("a missing file fails");
    assert!(e.contains("no-such-file.mlir"), "{e}");
}
