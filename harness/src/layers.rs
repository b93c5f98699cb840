//! The layering rules of `ARCHITECTURE.md`, checked on the sources: `process/` names no
//! other harness module, nothing outside `cmd/` names `cmd/`, and no two top-level
//! harness modules import each other, directly or around a cycle (but for the edges
//! [`CYCLE_EDGES_STILL`] lists while a change is in progress; it is empty).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The `.rs` files under `dir`, recursively.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir)
        .expect("reads the source directory")
        .flatten()
    {
        let p = e.path();
        if p.is_dir() {
            v.extend(sources(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            v.push(p);
        }
    }
    v
}

/// The harness modules a source file names (`crate::NAME`, `crate::{A, B::C}`),
/// comments left out.
fn imports(text: &str) -> Vec<String> {
    let code: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut v = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        match rest.strip_prefix('{') {
            Some(group) => {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                v.extend(group.split(',').map(ident).filter(|m| !m.is_empty()));
            }
            None => v.push(ident(rest)),
        }
    }
    v
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// `process/` is the bottom layer: it names no other harness module (`exit` and
/// `input` are `stdlower_front`'s, re-exported at the crate root).
#[test]
fn process_imports_no_other_harness_module() {
    let mut wrong = Vec::new();
    for f in sources(&src().join("process")) {
        let text = std::fs::read_to_string(&f).unwrap();
        for m in imports(&text) {
            if !["process", "exit", "input"].contains(&m.as_str()) {
                wrong.push(format!("{}: crate::{m}", f.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "process/ imports from above: {wrong:#?}");
}

#[test]
fn the_scan_sees_imports_and_skips_comments() {
    assert_eq!(
        imports("use crate::cmd::values; // crate::oracles"),
        ["cmd"]
    );
    assert_eq!(imports("/// [`crate::campaign`]"), Vec::<String>::new());
    assert_eq!(
        imports("use crate::{\n    cmd::x,\n    exec, // crate::oracles\n};"),
        ["cmd", "exec"]
    );
}

/// Files outside `cmd/` that still name it (none: keep it so).
const NAMES_CMD_STILL: &[&str] = &[];

/// Nothing outside `cmd/` names `cmd/` (this file's tests name it in their text; `lib.rs`
/// declares it), but for [`NAMES_CMD_STILL`].
#[test]
fn nothing_outside_cmd_imports_cmd() {
    let root = src();
    let mut wrong = Vec::new();
    for f in sources(&root) {
        let rel = f
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if rel.starts_with("cmd/")
            || ["lib.rs", "layers.rs"].contains(&rel.as_str())
            || NAMES_CMD_STILL.contains(&rel.as_str())
        {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        if imports(&text).iter().any(|m| m == "cmd" || m == "cli") {
            wrong.push(rel);
        }
    }
    assert!(wrong.is_empty(), "these import cmd/ from below: {wrong:?}");
}

/// The import graph of the top-level harness modules: module → the modules its files
/// name (`crate::NAME`), for every `.rs` file under `src/` but `lib.rs` (the root, not
/// a module) and this file. All code counts, tests included: a test that imports from
/// above ties the layers as much as the code does.
fn module_graph(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let module_of = |f: &Path| -> String {
        let rel = f.strip_prefix(root).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        first.trim_end_matches(".rs").to_string()
    };
    let is_module = |m: &str| root.join(format!("{m}.rs")).is_file() || root.join(m).is_dir();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in sources(root) {
        let from = module_of(&f);
        if ["lib", "layers"].contains(&from.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let to: BTreeSet<String> = imports(&text)
            .into_iter()
            .filter(|m| *m != from && is_module(m))
            .collect();
        graph.entry(from).or_default().extend(to);
    }
    graph
}

/// The strongly connected components of `graph` with more than one module (its
/// cycles), each sorted, by Tarjan's algorithm.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Tarjan<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Tarjan<'g> {
        fn visit(&mut self, v: &'g str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.on_stack.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack.remove(w);
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut t = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.found
}

/// Import edges (from, to) that still close a cycle, each in a file of a module another
/// change is moving; every one must still be there (take it off when it goes).
const CYCLE_EDGES_STILL: &[(&str, &str, &str)] = &[];

/// No import cycles between top-level harness modules, but for [`CYCLE_EDGES_STILL`].
#[test]
fn no_import_cycles_between_harness_modules() {
    let mut graph = module_graph(&src());
    for (from, to, why) in CYCLE_EDGES_STILL {
        let there = graph.get_mut(*from).is_some_and(|e| e.remove(*to));
        assert!(
            there,
            "{from} -> {to} is gone ({why}): take it off CYCLE_EDGES_STILL"
        );
    }
    let found = cycles(&graph);
    let edges: Vec<String> = found
        .iter()
        .flat_map(|c| {
            let graph = &graph;
            c.iter().flat_map(move |a| {
                graph[a]
                    .iter()
                    .filter(|b| c.contains(b))
                    .map(move |b| format!("{a} -> {b}"))
            })
        })
        .collect();
    assert!(
        found.is_empty(),
        "harness modules import each other in cycles {found:?}, by the edges {edges:#?}"
    );
}

/// The cycle finder finds a cycle of three, a pair and nothing in a chain, and the
/// graph is read from `crate::` paths.
#[test]
fn the_cycle_finder_sees_a_cycle() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    let chain = graph(&[
        ("cmd", "campaign"),
        ("campaign", "oracles"),
        ("oracles", "exec"),
    ]);
    assert!(cycles(&chain).is_empty());
    let mut looped = graph(&[
        ("cmd", "campaign"),
        ("campaign", "oracles"),
        ("oracles", "exec"),
        ("exec", "campaign"),
        ("native", "jit_pool"),
        ("jit_pool", "native"),
    ]);
    assert_eq!(
        cycles(&looped),
        [
            vec!["campaign", "exec", "oracles"],
            vec!["jit_pool", "native"]
        ]
    );
    looped.get_mut("exec").unwrap().remove("campaign");
    assert_eq!(cycles(&looped), [vec!["jit_pool", "native"]]);
}

/// The real graph is read: the edges this crate is known to have are there, and a
/// module named only in a comment or by a name that is no module (`crate::exit`, the
/// front crate's) is not.
#[test]
fn the_module_graph_reads_the_sources() {
    let graph = module_graph(&src());
    assert!(graph["campaign"].contains("oracles"));
    assert!(graph["oracles"].contains("exec"));
    assert!(!graph["exec"].contains("exit"));
    assert!(graph["process"].is_empty(), "{:?}", graph["process"]);
}
