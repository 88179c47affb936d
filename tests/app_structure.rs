//! The shape of `src/app`, read from its source: which of its modules refer to which, so that
//! the layering stays as docs/ARCHITECTURE.md draws it. There is no import cycle between the
//! app's modules, and only the app's shell names the app type: the screens and dialogs
//! report commands instead.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The app's folder.
fn app_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app")
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's module path inside the app: `sanqi`, `dialogs`, `dialogs::rules`; empty for the
/// app's own `mod.rs`.
fn module_path(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(app_dir()).expect("inside src/app");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The code of a file without its comments (line comments and doc comments), so that prose
/// about other modules does not count.
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first names of the paths that follow `prefix_end` in `code` (after `super::` or
/// `crate::app::`): one name, or each name of a `{…}` group.
fn names_after(code: &str, start: usize) -> Vec<String> {
    let rest = &code[start..];
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    if let Some(group) = rest.strip_prefix('{') {
        let mut names = Vec::new();
        let mut depth = 0;
        let mut item_start = true;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => item_start = true,
                c if c.is_whitespace() => {}
                _ if item_start && depth == 0 => {
                    names.push(ident(&group[i..]));
                    item_start = false;
                }
                _ => {}
            }
        }
        names
    } else {
        vec![ident(rest)]
    }
}

/// The app modules (by their first name) that `file`'s code refers to, other than itself.
fn references(file: &Path) -> BTreeSet<String> {
    let code = code_of(&fs::read_to_string(file).expect("readable source"));
    let module = module_path(file);
    let mut found = BTreeSet::new();
    let mut at = 0;
    while let Some(offset) = code[at..]
        .find("super::")
        .map(|i| (i, "super::"))
        .into_iter()
        .chain(code[at..].find("crate::app::").map(|i| (i, "crate::app::")))
        .min()
    {
        let (i, prefix) = offset;
        let start = at + i;
        // Count the `super::`s to find which module the path starts from.
        let mut base: Vec<String> = if prefix == "crate::app::" {
            Vec::new()
        } else {
            // `super` of a file's module; a `mod.rs` is its folder's module.
            let mut base = module.clone();
            base.pop();
            base
        };
        let mut end = start + prefix.len();
        while code[end..].starts_with("super::") {
            base.pop();
            end += "super::".len();
        }
        for name in names_after(&code, end) {
            if name.is_empty() || name == "self" {
                continue;
            }
            let mut target = base.clone();
            target.push(name);
            if let Some(first) = target.first()
                && module.first() != Some(first)
            {
                found.insert(first.clone());
            }
        }
        at = end;
    }
    found
}

/// Which app module refers to which, by their first names (a folder's files count as one
/// module); the app's `mod.rs` is left out, as it only declares and re-exports.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(&app_dir(), &mut files);
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|f| module_path(f).first().cloned())
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let Some(module) = module_path(file).first().cloned() else {
            continue;
        };
        let targets = graph.entry(module).or_default();
        targets.extend(references(file).into_iter().filter(|t| modules.contains(t)));
    }
    graph
}

/// A cycle in `graph`, if there is one, as the modules along it.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == node) {
            let mut cycle = path[i..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_app_modules_refer_to_each_other_without_cycles() {
    let graph = module_graph();
    // The reader itself sees the references the layers are built on.
    assert!(graph["sanqi"].contains("session"), "{graph:?}");
    assert!(graph["dialogs"].contains("command"), "{graph:?}");
    assert!(graph["screens"].contains("view"), "{graph:?}");
    assert_eq!(find_cycle(&graph), None, "{graph:#?}");
}

#[test]
fn only_the_shell_knows_the_app_type() {
    let graph = module_graph();
    let knowing: Vec<&String> = graph
        .iter()
        .filter(|(_, targets)| targets.contains("sanqi"))
        .map(|(module, _)| module)
        .collect();
    assert!(knowing.is_empty(), "these modules use the app: {knowing:?}");
    let mut files = Vec::new();
    rust_files(&app_dir(), &mut files);
    for file in files {
        let shell = module_path(&file)
            .first()
            .is_none_or(|first| first == "sanqi");
        let code = code_of(&fs::read_to_string(&file).expect("readable source"));
        assert!(
            shell || !code.contains("SanqiApp"),
            "{} names SanqiApp",
            file.display()
        );
    }
}

#[test]
fn the_reader_finds_a_cycle_when_there_is_one() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    graph.entry("c".into()).or_default().insert("a".into());
    graph.entry("d".into()).or_default().insert("a".into());
    let cycle = find_cycle(&graph).expect("a cycle");
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 4);
    graph.entry("c".into()).or_default().clear();
    assert_eq!(find_cycle(&graph), None);
    assert_eq!(names_after("{a, b::{c, d}, e}", 0), ["a", "b", "e"]);
}
