//! The shape of the crate, read from its source, as docs/ARCHITECTURE.md draws it:
//!
//! - the top-level modules form layers, and every reference goes down: `rules` ← `ai` ←
//!   {`tablebase`, `arena`} ← `learn` ← {`app`, `cli`}, with the leaf modules (`files`,
//!   `echo`, `platform`, `data_dir`, `sound`) open to all and using only each other; `online`
//!   (the protocol and the game room) sits beside `ai`, on `rules` alone, and `server` (`sanqi
//!   serve`) beside `tablebase` and `arena`, for the command line;
//! - inside every module, at every depth, its parts (a file, or a folder with its files) refer
//!   to each other without a cycle. A module's own file (`mod.rs`, or `ai.rs` beside `ai/`)
//!   is its face: it declares and re-exports its parts and may be used by them, so it is not
//!   one of the parts;
//! - only the app's shell names the app type: screens and dialogs report commands instead.
//!
//! References are the paths that start with `crate::`, `super::` or `self::`, anywhere in the
//! code (comments and string literals do not count), with `use` groups expanded and
//! re-exports followed to the module that defines the item.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module's path from the crate root: `["ai", "search"]`.
type ModulePath = Vec<String>;

/// The top-level modules that anyone may use; they use only each other.
const LEAVES: &[&str] = &["files", "echo", "platform", "data_dir", "sound"];

/// The other top-level modules by layer, the lowest first: a module may use the layers
/// below its own (and the leaves), never its own layer or one above.
const LAYERS: &[&[&str]] = &[
    &["rules"],
    &["ai", "online"],
    &["tablebase", "arena", "server"],
    &["learn"],
    &["app", "cli"],
];

// ------------------------------------------------------------------------------- reading

/// `text` with its comments, string literals and character literals blanked out (their
/// newlines kept), so that only code is left, at the same positions.
fn code_of(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<char> = chars.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for c in &mut out[from..to.min(chars.len())] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            let end = chars[i..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(chars.len(), |n| i + n);
            blank(&mut out, i, end);
            i = end;
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            let mut j = i;
            while j < chars.len() {
                if chars[j] == '/' && chars.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 2;
                } else if chars[j] == '*' && chars.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if (c == 'r' || (c == 'b' && next == Some('r')))
            && (i == 0 || !ident(chars[i - 1]))
            && {
                let start = if c == 'b' { i + 2 } else { i + 1 };
                let hashes = chars[start..].iter().take_while(|&&c| c == '#').count();
                chars.get(start + hashes) == Some(&'"')
            }
        {
            // A raw string: r"…", r#"…"#, br"…".
            let start = if c == 'b' { i + 2 } else { i + 1 };
            let hashes = chars[start..].iter().take_while(|&&c| c == '#').count();
            let mut j = start + hashes + 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"'
                    && chars[j + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&c| c == '#')
                        .count()
                        == hashes
                {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            blank(&mut out, i, j);
            i = j;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F600}'), or else a lifetime ('a).
            if next == Some('\\') {
                // The escaped character first: it may be a quote itself ('\'').
                let from = (i + 3).min(chars.len());
                let end = chars[from..]
                    .iter()
                    .position(|&c| c == '\'')
                    .map_or(chars.len(), |n| from + n + 1);
                blank(&mut out, i, end);
                i = end;
            } else if chars.get(i + 2) == Some(&'\'') {
                blank(&mut out, i, i + 3);
                i += 3;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out.into_iter().collect()
}

/// A cursor over code (as [`code_of`] leaves it).
struct Cursor<'a> {
    code: &'a [char],
    at: usize,
}

impl Cursor<'_> {
    fn skip_space(&mut self) {
        while self.code.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    /// Takes `token` (after any space) if it comes next.
    fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        let token: Vec<char> = token.chars().collect();
        if self.code[self.at..].starts_with(&token) {
            self.at += token.len();
            true
        } else {
            false
        }
    }

    /// The identifier that comes next (after any space), taken.
    fn ident(&mut self) -> Option<String> {
        self.skip_space();
        let start = self.at;
        while self
            .code
            .get(self.at)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_')
        {
            self.at += 1;
        }
        (self.at > start).then(|| self.code[start..self.at].iter().collect())
    }

    /// The rest of a path after its first segment, expanded: each `{…}` group gives one path
    /// per item. Each path comes with the name it is imported as, if a `use` gives one.
    fn path_rest(&mut self, prefix: Vec<String>) -> Vec<(Vec<String>, Option<String>)> {
        let mut segments = prefix;
        loop {
            let before = self.at;
            if !self.eat("::") {
                break;
            }
            if self.eat("{") {
                let mut paths = Vec::new();
                loop {
                    if self.eat("}") {
                        break;
                    }
                    if self.eat(",") {
                        continue;
                    }
                    if self.eat("*") {
                        let mut glob = segments.clone();
                        glob.push("*".into());
                        paths.push((glob, None));
                        continue;
                    }
                    let Some(first) = self.ident() else {
                        // Not a path after all (a macro's pattern): stop here.
                        return paths;
                    };
                    let mut item = segments.clone();
                    if first != "self" {
                        item.push(first);
                    }
                    paths.extend(self.path_rest(item));
                }
                return paths;
            }
            if self.eat("*") {
                segments.push("*".into());
                return vec![(segments, None)];
            }
            match self.ident() {
                Some(name) => segments.push(name),
                None => {
                    // `::<T>` and the like end the path.
                    self.at = before;
                    break;
                }
            }
        }
        let alias = {
            let before = self.at;
            if self.ident().as_deref() == Some("as") {
                self.ident()
            } else {
                self.at = before;
                None
            }
        };
        vec![(segments, alias)]
    }
}

/// A path as written in a file, with where it is.
#[derive(Clone, Debug)]
struct Written {
    /// The module it is written in: the file's, then any inline modules (`mod tests { … }`).
    module: ModulePath,
    /// Its segments, starting with `crate`, `super`, `self` or another name.
    segments: Vec<String>,
    /// The name a `use` gives it (its alias, or its last segment); `None` outside a `use`.
    imported_as: Option<String>,
    /// Whether it is a `use` at the top of the file (not inside a function or an inline
    /// module), so that the file's module can be reached through it.
    top_use: bool,
    line: usize,
}

/// The inline modules of some code: (name, where its `{` is, where its `}` is).
fn inline_modules(code: &[char]) -> Vec<(String, usize, usize)> {
    let mut found = Vec::new();
    let text: String = code.iter().collect();
    let mut search = 0;
    while let Some(i) = text[search..].find("mod ") {
        let byte = search + i;
        search = byte + 4;
        let at = text[..byte].chars().count();
        if at > 0 && (code[at - 1].is_alphanumeric() || code[at - 1] == '_') {
            continue;
        }
        let mut cursor = Cursor { code, at: at + 4 };
        let Some(name) = cursor.ident() else { continue };
        if !cursor.eat("{") {
            continue;
        }
        let open = cursor.at - 1;
        let mut depth = 1;
        let mut j = cursor.at;
        while j < code.len() && depth > 0 {
            match code[j] {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            j += 1;
        }
        found.push((name, open, j));
    }
    found
}

/// Every path of a file that starts with `crate::`, `super::` or `self::`, and every `use`
/// (whatever its first segment), for a file of module `module`.
fn written_paths(text: &str, module: &ModulePath) -> Vec<Written> {
    let code: Vec<char> = code_of(text).chars().collect();
    let inline = inline_modules(&code);
    let line_of = |at: usize| 1 + code[..at].iter().filter(|&&c| c == '\n').count();
    // Brace depth at each position, to tell a file's top-level `use` from one in a body.
    let mut depth_at = Vec::with_capacity(code.len());
    let mut depth = 0usize;
    for &c in &code {
        if c == '}' {
            depth = depth.saturating_sub(1);
        }
        depth_at.push(depth);
        if c == '{' {
            depth += 1;
        }
    }
    let module_at = |at: usize| {
        let mut m = module.clone();
        let mut enclosing: Vec<&(String, usize, usize)> = inline
            .iter()
            .filter(|(_, open, close)| *open < at && at < *close)
            .collect();
        enclosing.sort_by_key(|(_, open, _)| *open);
        m.extend(enclosing.into_iter().map(|(name, _, _)| name.clone()));
        m
    };
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    let mut i = 0;
    while i < code.len() {
        if !is_ident(code[i]) || (i > 0 && (is_ident(code[i - 1]) || code[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let mut cursor = Cursor { code: &code, at: i };
        let word = cursor.ident().unwrap_or_default();
        let after_word = cursor.at;
        if word == "use" {
            cursor.eat("::");
            let Some(first) = cursor.ident() else {
                i = after_word;
                continue;
            };
            for (segments, alias) in cursor.path_rest(vec![first]) {
                let imported_as = alias.or_else(|| segments.last().cloned());
                found.push(Written {
                    module: module_at(i),
                    segments,
                    imported_as,
                    top_use: depth_at[i] == 0,
                    line: line_of(i),
                });
            }
            i = cursor.at.max(after_word);
            continue;
        }
        if matches!(word.as_str(), "crate" | "super" | "self") {
            // `pub(in crate::x)` names a visibility, not something used.
            let before = code[..i].iter().rev().skip_while(|c| c.is_whitespace());
            let before: String = before.take(3).collect();
            let restricted = before == "ni(";
            let mut probe = Cursor {
                code: &code,
                at: after_word,
            };
            if !restricted && probe.eat("::") {
                for (segments, _) in cursor.path_rest(vec![word.clone()]) {
                    found.push(Written {
                        module: module_at(i),
                        segments,
                        imported_as: None,
                        top_use: false,
                        line: line_of(i),
                    });
                }
                i = cursor.at.max(after_word);
                continue;
            }
        }
        i = after_word;
    }
    found
}

// ------------------------------------------------------------------------------- the crate

/// The crate as read from its source files.
struct Crate {
    /// Each file's text by its path under `src`, such as `ai/search/mod.rs`.
    files: BTreeMap<String, String>,
    /// Every module that has a file.
    modules: BTreeSet<ModulePath>,
    /// What the top-level `use`s of each module bring in: (module, name) → the absolute path.
    imports: BTreeMap<(ModulePath, String), Vec<String>>,
    /// Every reference from a file to a module, the file's own module and the modules above
    /// it aside.
    references: Vec<Reference>,
}

/// The module of a file under `src`: `ai/search/mod.rs` and `ai/search.rs` are
/// `["ai", "search"]`, `lib.rs` is the root; `None` for the binary's `main.rs`.
fn module_of(file: &str) -> Option<ModulePath> {
    if file == "main.rs" {
        return None;
    }
    let mut parts: ModulePath = file
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    Some(parts)
}

/// A problem found, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Reference {
    /// The module that refers.
    from: ModulePath,
    /// The module it refers to (the deepest one the path reaches).
    to: ModulePath,
    /// Where: `file:line`, and the path as written.
    place: String,
}

impl Crate {
    fn new(files: BTreeMap<String, String>) -> Crate {
        let modules: BTreeSet<ModulePath> = files.keys().filter_map(|f| module_of(f)).collect();
        let mut krate = Crate {
            files,
            modules,
            imports: BTreeMap::new(),
            references: Vec::new(),
        };
        let mut imports = BTreeMap::new();
        for (file, text) in &krate.files {
            let Some(module) = module_of(file) else {
                continue;
            };
            for written in written_paths(text, &module) {
                if !written.top_use || written.module != module {
                    continue;
                }
                let (Some(name), Some(absolute)) =
                    (written.imported_as.clone(), krate.absolute(&written))
                else {
                    continue;
                };
                if name != "*" && name != "self" {
                    imports.insert((module.clone(), name), absolute);
                }
            }
        }
        krate.imports = imports;
        krate.references = krate.find_references();
        krate
    }

    /// Reads the crate's `src` folder.
    fn read(src: &Path) -> Crate {
        fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<String, String>) {
            for entry in fs::read_dir(dir).expect("a readable folder") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    walk(&path, src, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let name = path
                        .strip_prefix(src)
                        .expect("inside src")
                        .iter()
                        .map(|p| p.to_string_lossy())
                        .collect::<Vec<_>>()
                        .join("/");
                    out.insert(name, fs::read_to_string(&path).expect("readable source"));
                }
            }
        }
        let mut files = BTreeMap::new();
        walk(src, src, &mut files);
        Crate::new(files)
    }

    /// A written path from the crate root, or `None` for one into another crate.
    fn absolute(&self, written: &Written) -> Option<Vec<String>> {
        let mut segments = written.segments.iter().peekable();
        let mut base = written.module.clone();
        match segments.peek().map(|s| s.as_str()) {
            Some("crate") => {
                base.clear();
                segments.next();
            }
            Some("self") => {
                segments.next();
            }
            Some("super") => {
                while segments.peek().is_some_and(|s| *s == "super") {
                    base.pop()?;
                    segments.next();
                }
            }
            Some(first) => {
                // In a `use`, a name that is one of the module's own parts; else another crate.
                let mut child = written.module.clone();
                child.push(first.to_string());
                if !self.modules.contains(&child) {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(segments.cloned());
        Some(base)
    }

    /// The deepest module an absolute path reaches, following the imports of the modules on
    /// the way (`crate::ai::Config` reaches `ai::config` when `ai` imports `config::Config`).
    fn module_reached(&self, path: &[String]) -> ModulePath {
        let mut path = path.to_vec();
        'follow: for _ in 0..16 {
            let mut module = ModulePath::new();
            for (i, segment) in path.iter().enumerate() {
                let mut child = module.clone();
                child.push(segment.clone());
                if self.modules.contains(&child) {
                    module = child;
                    continue;
                }
                if let Some(target) = self.imports.get(&(module.clone(), segment.clone())) {
                    let mut next = target.clone();
                    next.extend(path[i + 1..].iter().cloned());
                    if next != path {
                        path = next;
                        continue 'follow;
                    }
                }
                return module;
            }
            return module;
        }
        ModulePath::new()
    }

    /// Every reference from a file to a module, the file's own module and the modules above
    /// it aside.
    fn find_references(&self) -> Vec<Reference> {
        let mut found = Vec::new();
        for (file, text) in &self.files {
            let Some(module) = module_of(file) else {
                continue;
            };
            for written in written_paths(text, &module) {
                let Some(absolute) = self.absolute(&written) else {
                    continue;
                };
                let to = self.module_reached(&absolute);
                if module.starts_with(&to) {
                    continue;
                }
                found.push(Reference {
                    from: module.clone(),
                    to,
                    place: format!(
                        "src/{file}:{} `{}`",
                        written.line,
                        written.segments.join("::")
                    ),
                });
            }
        }
        found
    }

    /// The parts of `parent` that refer to each other: (from, to) → a reference that does.
    /// A part is the first name below `parent`; references from `parent`'s own file (its face)
    /// and down into a part's own parts do not count.
    fn graph_in(&self, parent: &[String]) -> BTreeMap<(String, String), Reference> {
        let mut graph = BTreeMap::new();
        for reference in &self.references {
            let (from, to) = (&reference.from, &reference.to);
            if from.len() <= parent.len()
                || to.len() <= parent.len()
                || !from.starts_with(parent)
                || !to.starts_with(parent)
                || from[parent.len()] == to[parent.len()]
            {
                continue;
            }
            let edge = (from[parent.len()].clone(), to[parent.len()].clone());
            graph.entry(edge).or_insert_with(|| reference.clone());
        }
        graph
    }

    /// Every module that has parts.
    fn parents(&self) -> BTreeSet<ModulePath> {
        self.modules
            .iter()
            .filter(|m| !m.is_empty())
            .map(|m| m[..m.len() - 1].to_vec())
            .collect()
    }
}

/// A cycle in a graph given by its edges, if there is one, as the nodes along it (the first
/// repeated at the end).
fn find_cycle(edges: &BTreeSet<(String, String)>) -> Option<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (a, b) in edges {
        next.entry(a).or_default().push(b);
    }
    fn visit<'a>(
        node: &'a str,
        next: &BTreeMap<&'a str, Vec<&'a str>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| *p == node) {
            let mut cycle: Vec<String> = path[i..].iter().map(|s| s.to_string()).collect();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if !done.insert(node) {
            return None;
        }
        path.push(node);
        for &n in next.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(n, next, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    let nodes: Vec<&str> = next.keys().copied().collect();
    nodes
        .into_iter()
        .find_map(|n| visit(n, &next, &mut Vec::new(), &mut done))
}

/// The layers a crate's top-level modules are checked against.
struct Layers<'a> {
    leaves: &'a [&'a str],
    layers: &'a [&'a [&'a str]],
    /// References allowed for now: (module, from part, to part).
    allowed: &'a [(&'a str, &'a str, &'a str)],
}

impl Layers<'_> {
    /// The layer of a top-level module (`None` for a leaf), or an error if it has no place.
    fn rank(&self, module: &str) -> Result<Option<usize>, String> {
        if self.leaves.contains(&module) {
            return Ok(None);
        }
        self.layers
            .iter()
            .position(|layer| layer.contains(&module))
            .map(Some)
            .ok_or_else(|| format!("the module `{module}` has no place in the layers"))
    }

    /// Everything wrong with `krate`: references against the layers, and cycles.
    fn problems(&self, krate: &Crate) -> Vec<String> {
        let mut problems = Vec::new();
        let top = krate.graph_in(&[]);
        for top_module in krate.modules.iter().filter(|m| m.len() == 1) {
            if let Err(e) = self.rank(&top_module[0]) {
                problems.push(e);
            }
        }
        for ((from, to), reference) in &top {
            let (Ok(from_rank), Ok(to_rank)) = (self.rank(from), self.rank(to)) else {
                continue;
            };
            let allowed = match (from_rank, to_rank) {
                (_, None) => true,
                (None, Some(_)) => false,
                (Some(a), Some(b)) => b < a,
            };
            if !allowed {
                problems.push(format!(
                    "`{from}` may not use `{to}` (the layers run the other way): {}",
                    reference.place
                ));
            }
        }
        for parent in krate.parents() {
            let graph = krate.graph_in(&parent);
            let name = parent.join("::");
            let edges: BTreeSet<(String, String)> = graph
                .keys()
                .filter(|(a, b)| {
                    !self
                        .allowed
                        .iter()
                        .any(|(m, x, y)| *m == name && a == x && b == y)
                })
                .cloned()
                .collect();
            if let Some(cycle) = find_cycle(&edges) {
                let places: Vec<String> = cycle
                    .windows(2)
                    .map(|w| {
                        let reference = &graph[&(w[0].clone(), w[1].clone())];
                        format!("{} → {}: {}", w[0], w[1], reference.place)
                    })
                    .collect();
                let inside = if parent.is_empty() {
                    "the crate".to_string()
                } else {
                    format!("`{name}`")
                };
                problems.push(format!(
                    "a cycle in {inside}: {}\n  {}",
                    cycle.join(" → "),
                    places.join("\n  ")
                ));
            }
        }
        problems
    }
}

fn the_crate() -> Crate {
    Crate::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

const THE_LAYERS: Layers<'static> = Layers {
    leaves: LEAVES,
    layers: LAYERS,
    allowed: &[],
};

// ------------------------------------------------------------------------------- the checks

#[test]
fn the_crate_follows_its_layers_without_cycles() {
    let krate = the_crate();
    // The reader sees the references the layers are built on.
    let top = krate.graph_in(&[]);
    for (from, to) in [
        ("ai", "rules"),
        ("tablebase", "ai"),
        ("arena", "ai"),
        ("cli", "arena"),
        ("cli", "data_dir"),
        ("app", "data_dir"),
        ("app", "tablebase"),
    ] {
        assert!(
            top.contains_key(&(from.to_string(), to.to_string())),
            "{from} → {to} not seen: {:#?}",
            top.keys()
        );
    }
    let app = krate.graph_in(&["app".to_string()]);
    for (from, to) in [
        ("sanqi", "session"),
        ("dialogs", "command"),
        ("screens", "view"),
    ] {
        assert!(
            app.contains_key(&(from.to_string(), to.to_string())),
            "app: {from} → {to} not seen"
        );
    }
    let problems = THE_LAYERS.problems(&krate);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn only_the_shell_knows_the_app_type() {
    let krate = the_crate();
    let app = krate.graph_in(&["app".to_string()]);
    let knowing: BTreeSet<&String> = app
        .keys()
        .filter(|(_, to)| to == "sanqi")
        .map(|(from, _)| from)
        .collect();
    assert!(knowing.is_empty(), "these modules use the app: {knowing:?}");
    for (file, text) in &krate.files {
        let Some(module) = module_of(file) else {
            continue;
        };
        let shell = module.first().is_none_or(|m| m != "app")
            || module.get(1).is_none_or(|part| part == "sanqi");
        assert!(
            shell || !code_of(text).contains("SanqiApp"),
            "src/{file} names SanqiApp"
        );
    }
}

// ------------------------------------------------------------------------------- the checker

/// A small crate in the shape of the real one, in order.
fn sample() -> BTreeMap<String, String> {
    [
        (
            "lib.rs",
            "pub mod rules; pub mod ai; pub mod app; pub mod echo;",
        ),
        ("main.rs", "fn main() { sanqi::app::run(); }"),
        ("echo.rs", "pub fn quoted() {}"),
        ("rules/mod.rs", "mod board; pub use board::Board;"),
        (
            "rules/board.rs",
            "pub struct Board; use crate::echo::quoted;",
        ),
        (
            "ai/mod.rs",
            "pub mod eval; pub mod search; pub use search::Params;\n\
             use crate::rules::{self, Board as B};",
        ),
        ("ai/eval.rs", "use crate::rules::Board;\npub fn value() {}"),
        (
            "ai/search/mod.rs",
            "mod order;\nuse super::eval::value;\npub struct Params;",
        ),
        (
            "ai/search/order.rs",
            "// A comment naming crate::app::run does not count.\n\
             fn f() { let _ = \"crate::app::run\"; let _ = '\"'; super::super::eval::value(); }",
        ),
        (
            "app/mod.rs",
            "pub fn run() {}\nmod sanqi;\nmod screens;\n\
             #[cfg(test)]\nmod tests { use super::super::ai::Params; }",
        ),
        ("app/sanqi.rs", "use super::screens::Home;\nuse crate::ai;"),
        ("app/screens.rs", "pub struct Home;"),
    ]
    .into_iter()
    .map(|(f, t)| (f.to_string(), t.to_string()))
    .collect()
}

fn sample_layers() -> Layers<'static> {
    Layers {
        leaves: &["echo"],
        layers: &[&["rules"], &["ai"], &["app"]],
        allowed: &[],
    }
}

/// The problems of the sample with `file` set to `text`.
fn problems_with(file: &str, text: &str) -> Vec<String> {
    let mut files = sample();
    files.insert(file.to_string(), text.to_string());
    sample_layers().problems(&Crate::new(files))
}

#[test]
fn the_checker_reads_paths_groups_reexports_and_inline_modules() {
    let krate = Crate::new(sample());
    let top = krate.graph_in(&[]);
    let edges: BTreeSet<(&str, &str)> = top.keys().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    assert_eq!(
        edges,
        BTreeSet::from([("ai", "rules"), ("app", "ai"), ("rules", "echo")]),
        "comments and strings do not count"
    );
    // `super::super::eval` from `ai::search::order` is `ai::eval`.
    let ai = krate.graph_in(&["ai".to_string()]);
    assert!(ai.contains_key(&("search".to_string(), "eval".to_string())));
    // `crate::rules::Board` reaches `rules::board` through the re-export.
    let board = krate
        .references
        .iter()
        .find(|r| r.from == ["ai", "eval"])
        .expect("eval's reference");
    assert_eq!(board.to, ["rules", "board"]);
    assert_eq!(sample_layers().problems(&krate), Vec::<String>::new());
    assert_eq!(
        names(&code_of(r##"a "b // c" r#"d"# 'e' '\'' f // g"##)),
        ["a", "f"]
    );
}

fn names(code: &str) -> Vec<&str> {
    code.split_whitespace().collect()
}

/// The problems that are references against the layers (a reference up also closes a cycle
/// through the references down).
fn against_layers(problems: Vec<String>) -> Vec<String> {
    problems
        .into_iter()
        .filter(|p| p.contains(" may not use "))
        .collect()
}

#[test]
fn the_checker_fails_on_an_import_against_the_layers() {
    // The rules reaching up into the app.
    let problems = against_layers(problems_with(
        "rules/board.rs",
        "pub struct Board; use crate::app::run;",
    ));
    assert_eq!(
        problems,
        ["`rules` may not use `app` (the layers run the other way): \
          src/rules/board.rs:1 `crate::app::run`"]
    );
    // Through a group, and from a leaf.
    let problems = against_layers(problems_with("echo.rs", "use crate::{rules::Board, ai};"));
    assert_eq!(problems.len(), 2, "{problems:?}");
    // A module of the same layer, and one the layers do not know.
    let mut files = sample();
    files.insert("arena.rs".into(), "use crate::app::run;".into());
    let layers = Layers {
        leaves: &["echo"],
        layers: &[&["rules"], &["ai"], &["app", "arena"]],
        allowed: &[],
    };
    let problems = layers.problems(&Crate::new(files.clone()));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("`arena` may not use `app`"));
    let problems = sample_layers().problems(&Crate::new(files));
    assert!(
        problems.contains(&"the module `arena` has no place in the layers".to_string()),
        "{problems:?}"
    );
}

#[test]
fn the_checker_fails_on_a_cycle_between_parts() {
    // The evaluation using the search, which uses the evaluation.
    let problems = problems_with("ai/eval.rs", "use super::Params;");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("a cycle in `ai`: eval → search → eval")
            || problems[0].starts_with("a cycle in `ai`: search → eval → search"),
        "{problems:?}"
    );
    assert!(problems[0].contains("src/ai/eval.rs:1 `super::Params`"));
    // An allowance lifts exactly the edges it names.
    let mut files = sample();
    files.insert("ai/eval.rs".into(), "use super::Params;".into());
    let layers = Layers {
        allowed: &[("ai", "eval", "search")],
        ..sample_layers()
    };
    assert_eq!(layers.problems(&Crate::new(files)), Vec::<String>::new());
    // Deeper down, and in the app.
    let problems = problems_with("app/screens.rs", "pub struct Home; use super::sanqi;");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("a cycle in `app`"), "{problems:?}");
    // A cycle between top-level modules is also against the layers.
    let problems = problems_with("rules/mod.rs", "mod board; use crate::ai::eval;");
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("a cycle in the crate")),
        "{problems:?}"
    );
}

#[test]
fn the_cycle_finder_finds_cycles_only() {
    let edge = |a: &str, b: &str| (a.to_string(), b.to_string());
    let mut edges = BTreeSet::from([
        edge("a", "b"),
        edge("b", "c"),
        edge("c", "a"),
        edge("d", "a"),
    ]);
    let cycle = find_cycle(&edges).expect("a cycle");
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 4);
    edges.remove(&edge("c", "a"));
    assert_eq!(find_cycle(&edges), None);
}

/// The clock of the standard library panics in the browser: the crate reads time through
/// `web_time`, which is the standard library's own `Instant` and `SystemTime` on other
/// targets.
#[test]
fn the_crate_reads_time_through_web_time() {
    let krate = the_crate();
    let mut found = Vec::new();
    for (file, text) in &krate.files {
        let code = code_of(text);
        for (at, _) in code.match_indices("std::time::") {
            // What the path names: one item, or a group in braces.
            let rest = &code[at + "std::time::".len()..];
            let named = match rest.strip_prefix('{') {
                Some(group) => &group[..group.find('}').unwrap_or(group.len())],
                None => {
                    &rest[..rest
                        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .unwrap_or(rest.len())]
                }
            };
            let clock = named
                .split(',')
                .map(str::trim)
                .any(|name| ["Instant", "SystemTime", "UNIX_EPOCH"].contains(&name));
            if clock {
                let line = code[..at].lines().count().max(1);
                found.push(format!("src/{file}:{line}"));
            }
        }
    }
    assert!(found.is_empty(), "the standard clock is used at {found:?}");
}
