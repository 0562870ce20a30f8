//! No file-level import circles in `src/`: the files of the crate, with an
//! edge from each file to every file whose items it names (through `use`
//! or a path such as `super::tree::Node`), form no cycle.
//!
//! A `mod.rs` and the files below it are one module's front and its
//! parts: a part may name what its front declares or re-exports, and the
//! front names its parts. Those edges are left out; a name a front
//! re-exports (`pub use tree::Node;`) counts as an edge to the file that
//! defines it. Every other edge counts, so two sibling files that use each
//! other, or a ring of three, fail this test with the ring printed.

use regex::Regex;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path from the crate root, e.g. `["search", "tree"]`.
type ModPath = Vec<String>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under `src/` (`mod.rs` names its folder;
/// `lib.rs` and `main.rs` are the root).
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).expect("a file under src/");
    let mut parts: ModPath = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// The file that holds the module `path`, or its longest ancestor that is
/// a file (`None` for the crate root).
fn file_of(files: &BTreeMap<ModPath, PathBuf>, path: &[String]) -> Option<(ModPath, usize)> {
    (1..=path.len())
        .rev()
        .find(|&n| files.contains_key(&path[..n]))
        .map(|n| (path[..n].to_vec(), n))
}

/// Expands `use` trees: `a::{b, c::{d, e}}` into `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.split(" as ").next().unwrap_or(tree).trim().to_string()];
    };
    let prefix = tree[..open].trim();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(expand)
        .map(|p| format!("{prefix}{p}"))
        .collect()
}

/// Every path a file names: its `use` items, expanded, and the inline
/// paths that start with `crate::`, `super::` or `self::`. Comments are
/// left out.
fn named_paths(text: &str) -> Vec<String> {
    let code: String = text
        .lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let uses = Regex::new(r"(?s)\buse\s+([^;]+);").expect("a valid pattern");
    let inline = Regex::new(r"\b(?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+")
        .expect("a valid pattern");
    let mut out: Vec<String> = uses
        .captures_iter(&code)
        .flat_map(|c| expand(&c[1]))
        .collect();
    out.extend(inline.find_iter(&code).map(|m| m.as_str().to_string()));
    out
}

/// A named path as absolute segments from the crate root (`None` for
/// paths into other crates).
fn absolute(path: &str, here: &ModPath) -> Option<ModPath> {
    let segs: Vec<&str> = path.split("::").map(str::trim).collect();
    let mut base: ModPath = match segs.first().copied()? {
        "crate" => Vec::new(),
        // In a `mod.rs`, `self` is the folder's module; in `x.rs`, `x`.
        "self" => here.clone(),
        "super" => {
            let mut b = here.clone();
            b.pop()?;
            b
        }
        _ => return None,
    };
    let mut rest = &segs[1..];
    while rest.first() == Some(&"super") {
        base.pop()?;
        rest = &rest[1..];
    }
    base.extend(
        rest.iter()
            .filter(|s| !s.is_empty() && **s != "self" && **s != "*")
            .map(|s| s.to_string()),
    );
    Some(base)
}

/// The crate's files by module path, and the edges between them.
fn file_graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    let mut files: BTreeMap<ModPath, PathBuf> = BTreeMap::new();
    let mut fronts: BTreeSet<ModPath> = BTreeSet::new();
    for p in &paths {
        if p.file_name().is_some_and(|n| n == "main.rs") {
            continue;
        }
        let m = module_of(&src, p);
        if p.file_name().is_some_and(|n| n == "mod.rs") {
            fronts.insert(m.clone());
        }
        files.insert(m, p.clone());
    }
    let texts: BTreeMap<ModPath, String> = files
        .iter()
        .map(|(m, p)| (m.clone(), std::fs::read_to_string(p).expect("readable")))
        .collect();
    // What each front re-exports: a name to the module path it comes from.
    let reexport = Regex::new(r"(?s)\bpub(?:\([a-z]+\))?\s+use\s+([^;]+);").expect("valid");
    let mut reexports: BTreeMap<ModPath, BTreeMap<String, ModPath>> = BTreeMap::new();
    for front in &fronts {
        let text = &texts[front];
        let mut names = BTreeMap::new();
        for c in reexport.captures_iter(text) {
            for item in expand(&c[1]) {
                let item = if item.starts_with("crate::") || item.starts_with("super::") {
                    item
                } else {
                    format!("self::{item}")
                };
                if let Some(abs) = absolute(&item, front)
                    && let Some(name) = abs.last()
                {
                    names.insert(name.clone(), abs[..abs.len() - 1].to_vec());
                }
            }
        }
        reexports.insert(front.clone(), names);
    }
    let is_ancestor = |a: &ModPath, b: &ModPath| a.len() < b.len() && b[..a.len()] == a[..];
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (m, text) in &texts {
        let front = fronts.contains(m);
        for path in named_paths(text) {
            let Some(abs) = absolute(&path, m) else {
                continue;
            };
            let Some((mut target, used)) = file_of(&files, &abs) else {
                continue;
            };
            // A name a front re-exports comes from the file that defines it.
            if fronts.contains(&target)
                && let Some(name) = abs.get(used)
                && let Some(from) = reexports.get(&target).and_then(|r| r.get(name))
                && let Some((defining, _)) = file_of(&files, from)
            {
                target = defining;
            }
            if &target == m
                || target.is_empty()
                || (fronts.contains(&target) && is_ancestor(&target, m))
                || (front && is_ancestor(m, &target))
            {
                continue;
            }
            edges.entry(m.clone()).or_default().insert(target);
        }
    }
    (files, edges)
}

/// Files by module path, and each file's edges.
type Graph = (
    BTreeMap<ModPath, PathBuf>,
    BTreeMap<ModPath, BTreeSet<ModPath>>,
);

#[test]
fn no_file_imports_another_that_imports_it_back() {
    let (files, edges) = file_graph();
    // Depth-first search for a cycle; print each one found.
    let mut state: BTreeMap<ModPath, u8> = BTreeMap::new();
    let mut stack: Vec<ModPath> = Vec::new();
    let mut cycles: Vec<String> = Vec::new();
    fn visit(
        m: &ModPath,
        edges: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        files: &BTreeMap<ModPath, PathBuf>,
        state: &mut BTreeMap<ModPath, u8>,
        stack: &mut Vec<ModPath>,
        cycles: &mut Vec<String>,
    ) {
        state.insert(m.clone(), 1);
        stack.push(m.clone());
        for next in edges.get(m).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                0 => visit(next, edges, files, state, stack, cycles),
                1 => {
                    let start = stack.iter().position(|s| s == next).unwrap_or(0);
                    let ring: Vec<String> = stack[start..]
                        .iter()
                        .chain(std::iter::once(next))
                        .map(|s| files[s].to_string_lossy().into_owned())
                        .collect();
                    cycles.push(ring.join(" -> "));
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(m.clone(), 2);
    }
    for m in files.keys() {
        if state.get(m).copied().unwrap_or(0) == 0 {
            visit(m, &edges, &files, &mut state, &mut stack, &mut cycles);
        }
    }
    assert!(
        cycles.is_empty(),
        "import circles between files:\n{}",
        cycles.join("\n")
    );
    // The check sees real edges: the session's files import the rules.
    let total: usize = edges.values().map(BTreeSet::len).sum();
    assert!(total > 100, "only {total} edges found: the scan is broken");
}

#[test]
fn use_trees_expand() {
    assert_eq!(
        expand("super::{a::X, b::{Y, Z as W}}"),
        ["super::a::X", "super::b::Y", "super::b::Z"]
    );
}

/// The top-level modules depend one way too: collapsing every file to
/// its module under `src/` (`search`, `knowledge`, `lab`, …) leaves no
/// ring, so the table of `docs/architecture.md` can list each module
/// after the ones it uses.
#[test]
fn no_module_uses_another_that_uses_it_back() {
    let (_, edges) = file_graph();
    let top = |m: &ModPath| m.first().cloned().unwrap_or_default();
    let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in &edges {
        for to in targets {
            let (a, b) = (top(from), top(to));
            if a != b && !a.is_empty() && !b.is_empty() {
                uses.entry(a).or_default().insert(b);
            }
        }
    }
    // Peel off modules that use nothing left, as a topological sort does;
    // what cannot be peeled lies on a ring.
    let mut left = uses.clone();
    loop {
        let done: Vec<String> = left
            .keys()
            .filter(|m| left[*m].iter().all(|u| !left.contains_key(u)))
            .cloned()
            .collect();
        if done.is_empty() {
            break;
        }
        for m in done {
            left.remove(&m);
        }
    }
    assert!(
        left.is_empty(),
        "modules that use each other in a ring: {:?}",
        left
    );
    assert!(
        uses.get("gtp").is_some_and(|u| u.contains("rules")),
        "the scan is broken: {uses:?}"
    );
}
