//! The crates' layers, checked on their source: in the library of games (`crates/arbiter`)
//! and in the fronts over it (this package), every module uses only modules of its own layer
//! or below, the games use none of each other, and no modules use each other in a circle
//! (docs/src/architecture.md draws the layers); and the library's manifest keeps the fronts'
//! crates out of its graph.
//!
//! The source is parsed with syn, and every path a module names (in `use` declarations, code,
//! macros and `serialize_with` attributes) is followed, through re-exports, to the module that
//! defines the item: module A uses module B when it names an item B defines, or re-exports
//! one. Code only compiled for tests (`#[cfg(test)]`) is left out, as a build leaves it out;
//! `cargo modules dependencies -p arbiter --lib --no-fns --no-types --no-traits` draws the
//! library's graph.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// A crate's layers, lowest first: a top-level module may use only its own layer and those
/// below, and the games (layer "games") only themselves among the games.
type Layers = [(&'static str, &'static [&'static str])];

/// The library of games, `crates/arbiter/src`.
const LIBRARY: &Layers = &[
    ("geometry", &["grid", "connect", "swar", "labels", "pool"]),
    (
        "input and rendering",
        &["input", "sgf", "validate", "render", "named"],
    ),
    ("the Game trait", &["game", "run", "selfcheck", "setup"]),
    ("games", &["hex", "gioco", "go", "cheesy"]),
    ("registry", &["registry"]),
];

/// The fronts over it, this package's `src`.
const FRONTS: &Layers = &[
    ("engines and web board", &["serve", "gtp", "htp"]),
    ("command line", &["cli"]),
];

/// Each crate's source folder, from this package's, and its layers.
const CRATES: [(&str, &Layers); 2] = [("crates/arbiter/src", LIBRARY), ("src", FRONTS)];

/// A module path from the crate's root: `["hex", "solve", "dfpn"]`.
type ModPath = Vec<String>;

#[derive(Default)]
struct Module {
    /// Items defined here, by name.
    defs: BTreeSet<String>,
    /// Child modules, by name.
    children: BTreeMap<String, ModPath>,
    /// Names brought in by `use`: each to its path from the root (`None`: another crate's).
    imports: HashMap<String, Option<ModPath>>,
    /// `use path::*`, each path from the root.
    globs: Vec<ModPath>,
    /// Every path named, as written, with the `use` paths made absolute already.
    named: Vec<Named>,
}

enum Named {
    /// A path from the root (a `use` declaration's).
    Absolute(ModPath),
    /// A path as code writes it, resolved against the module's names.
    Relative(ModPath),
}

fn is_cfg(attrs: &[syn::Attribute], what: &str) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .meta
                .require_list()
                .is_ok_and(|list| list.tokens.to_string() == what)
    })
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    use syn::Item::*;
    match item {
        Const(i) => &i.attrs,
        Enum(i) => &i.attrs,
        Fn(i) => &i.attrs,
        Impl(i) => &i.attrs,
        Macro(i) => &i.attrs,
        Mod(i) => &i.attrs,
        Static(i) => &i.attrs,
        Struct(i) => &i.attrs,
        Trait(i) => &i.attrs,
        Type(i) => &i.attrs,
        Union(i) => &i.attrs,
        Use(i) => &i.attrs,
        _ => &[],
    }
}

/// The crate's modules, read from `src/lib.rs` on.
struct Crate {
    modules: BTreeMap<ModPath, Module>,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut krate = Crate {
            modules: BTreeMap::new(),
        };
        let lib = src.join("lib.rs");
        let file = parse(&lib);
        krate.add_module(Vec::new(), &file.items, src.to_path_buf());
        krate
    }

    /// Adds the module at `path` holding `items`, whose child module files live in `dir`.
    fn add_module(&mut self, path: ModPath, items: &[syn::Item], dir: PathBuf) {
        let mut module = Module::default();
        for item in items {
            let attrs = item_attrs(item);
            if is_cfg(attrs, "test") || is_cfg(attrs, "doc") {
                continue;
            }
            match item {
                syn::Item::Mod(m) => {
                    let name = m.ident.to_string();
                    let child: ModPath = path.iter().cloned().chain([name.clone()]).collect();
                    module.children.insert(name.clone(), child.clone());
                    match &m.content {
                        Some((_, inner)) => {
                            self.add_module(child, inner, dir.join(&name));
                        }
                        None => {
                            let (file, child_dir) = if dir.join(format!("{name}.rs")).exists() {
                                (dir.join(format!("{name}.rs")), dir.join(&name))
                            } else {
                                (dir.join(&name).join("mod.rs"), dir.join(&name))
                            };
                            let parsed = parse(&file);
                            self.add_module(child, &parsed.items, child_dir);
                        }
                    }
                }
                syn::Item::Use(u) => {
                    let mut uses = Vec::new();
                    flatten(&u.tree, Vec::new(), &mut uses);
                    for (name, written) in uses {
                        let absolute = absolute(&path, &written, &module);
                        match name {
                            Some(name) => {
                                module.imports.insert(name, absolute.clone());
                            }
                            None => module.globs.extend(absolute.clone()),
                        }
                        if let Some(absolute) = absolute {
                            module.named.push(Named::Absolute(absolute));
                        }
                    }
                }
                other => {
                    if let Some(name) = defined_name(other) {
                        module.defs.insert(name);
                    }
                    let mut paths = Paths::default();
                    paths.visit_item(other);
                    module
                        .named
                        .extend(paths.found.into_iter().map(Named::Relative));
                }
            }
        }
        self.modules.insert(path, module);
    }

    /// The module that defines the item `path` (from the root) names, following re-exports.
    fn definer(&self, path: &[String], depth: usize) -> Option<ModPath> {
        if depth > 32 {
            return None;
        }
        let mut at: ModPath = Vec::new();
        for (i, segment) in path.iter().enumerate() {
            let module = self.modules.get(&at)?;
            if let Some(child) = module.children.get(segment) {
                at = child.clone();
                continue;
            }
            if module.defs.contains(segment) {
                return Some(at);
            }
            if let Some(target) = module.imports.get(segment) {
                let target = target.as_ref()?;
                let rest: ModPath = target.iter().chain(&path[i + 1..]).cloned().collect();
                return self.definer(&rest, depth + 1);
            }
            for glob in &module.globs {
                let rest: ModPath = glob.iter().chain(&path[i..]).cloned().collect();
                if let Some(found) = self.definer(&rest, depth + 1) {
                    return Some(found);
                }
            }
            return None;
        }
        Some(at)
    }

    /// What `module` uses: the other modules defining what it names.
    fn uses(&self, path: &ModPath) -> BTreeSet<ModPath> {
        let module = &self.modules[path];
        let mut uses = BTreeSet::new();
        for named in &module.named {
            let absolute = match named {
                Named::Absolute(absolute) => Some(absolute.clone()),
                Named::Relative(written) => self.in_scope(path, written),
            };
            if let Some(definer) = absolute.and_then(|a| self.definer(&a, 0))
                && &definer != path
            {
                uses.insert(definer);
            }
        }
        uses
    }

    /// A path as code in `path` writes it, from the root; `None` for another crate's, or a
    /// local name.
    fn in_scope(&self, path: &ModPath, written: &[String]) -> Option<ModPath> {
        let module = &self.modules[path];
        let first = written.first()?;
        match first.as_str() {
            "crate" | "super" | "self" => absolute(path, written, module),
            _ if module.imports.contains_key(first) => {
                let target = module.imports[first].as_ref()?;
                Some(target.iter().chain(&written[1..]).cloned().collect())
            }
            _ if module.defs.contains(first) || module.children.contains_key(first) => {
                Some(path.iter().chain(written).cloned().collect())
            }
            _ => {
                // Through a glob import, if one brings the name in.
                module.globs.iter().find_map(|glob| {
                    let candidate: ModPath = glob.iter().chain(written).cloned().collect();
                    self.definer(&candidate, 0).map(|_| candidate)
                })
            }
        }
    }
}

/// A `use` path written in module `at`, from the root; `None` for another crate's.
fn absolute(at: &ModPath, written: &[String], module: &Module) -> Option<ModPath> {
    let mut base = at.clone();
    let mut rest = written;
    match written.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &written[1..];
        }
        Some("self") => rest = &written[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        Some(first) => {
            // A name in scope here (a child module, an item), else another crate.
            let local = module.children.contains_key(first)
                || module.defs.contains(first)
                || module.imports.contains_key(first);
            if !local {
                return None;
            }
            if let Some(Some(target)) = module.imports.get(first) {
                return Some(target.iter().chain(&written[1..]).cloned().collect());
            }
        }
        None => return None,
    }
    Some(base.into_iter().chain(rest.iter().cloned()).collect())
}

/// Each name a `use` tree brings in (`None` for a glob) with its path as written.
fn flatten(tree: &syn::UseTree, prefix: ModPath, out: &mut Vec<(Option<String>, ModPath)>) {
    let with = |name: String| prefix.iter().cloned().chain([name]).collect::<ModPath>();
    match tree {
        syn::UseTree::Path(p) => flatten(&p.tree, with(p.ident.to_string()), out),
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            if name == "self" {
                out.push((prefix.last().cloned(), prefix.clone()));
            } else {
                out.push((Some(name.clone()), with(name)));
            }
        }
        syn::UseTree::Rename(r) => {
            let name = r.ident.to_string();
            let target = if name == "self" {
                prefix.clone()
            } else {
                with(name)
            };
            out.push((Some(r.rename.to_string()), target));
        }
        syn::UseTree::Glob(_) => out.push((None, prefix)),
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                flatten(tree, prefix.clone(), out);
            }
        }
    }
}

fn defined_name(item: &syn::Item) -> Option<String> {
    use syn::Item::*;
    Some(match item {
        Const(i) => i.ident.to_string(),
        Enum(i) => i.ident.to_string(),
        Fn(i) => i.sig.ident.to_string(),
        Static(i) => i.ident.to_string(),
        Struct(i) => i.ident.to_string(),
        Trait(i) => i.ident.to_string(),
        Type(i) => i.ident.to_string(),
        Union(i) => i.ident.to_string(),
        Macro(i) => i.ident.as_ref()?.to_string(),
        _ => return None,
    })
}

/// Every path an item names: in its code, its macros' tokens, and `serialize_with` strings.
#[derive(Default)]
struct Paths {
    found: Vec<ModPath>,
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.found
            .push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        syn::visit::visit_path(self, path);
    }

    fn visit_visibility(&mut self, visibility: &'ast syn::Visibility) {
        // `pub(super)` says who may use an item, and uses nothing.
        let _ = visibility;
    }

    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        // Inline modules are modules of their own (and test modules are left out).
        let _ = module;
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        if !is_cfg(&item.attrs, "test") {
            syn::visit::visit_item_impl(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        if !is_cfg(&item.attrs, "test") {
            syn::visit::visit_impl_item_fn(self, item);
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        syn::visit::visit_macro(self, mac);
        self.tokens(mac.tokens.clone());
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        // Lists (`cfg_attr(..., serde(serialize_with = "..."))`), not doc strings, whose
        // links are no use of the module they name.
        if let syn::Meta::List(list) = &attr.meta {
            self.tokens(list.tokens.clone());
        }
    }
}

impl Paths {
    /// Paths in tokens no parser has read (a macro's, an attribute's): `a::b::c` runs of
    /// identifiers, and string literals that are such paths (`serialize_with = "..."`).
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        use proc_macro2::TokenTree;
        let mut run: ModPath = Vec::new();
        let mut colons = 0;
        for token in tokens {
            match token {
                TokenTree::Ident(ident) => {
                    if colons == 2 || run.is_empty() {
                        run.push(ident.to_string());
                    } else {
                        self.end(&mut run);
                        run.push(ident.to_string());
                    }
                    colons = 0;
                }
                TokenTree::Punct(p) if p.as_char() == ':' => colons += 1,
                TokenTree::Group(group) => {
                    self.end(&mut run);
                    colons = 0;
                    self.tokens(group.stream());
                }
                TokenTree::Literal(literal) => {
                    self.end(&mut run);
                    colons = 0;
                    let text = literal.to_string();
                    let inner = text.trim_matches('"');
                    if text.starts_with('"')
                        && inner.contains("::")
                        && let Ok(path) = syn::parse_str::<syn::Path>(inner)
                    {
                        self.visit_path(&path);
                    }
                }
                TokenTree::Punct(_) => {
                    self.end(&mut run);
                    colons = 0;
                }
            }
        }
        self.end(&mut run);
    }

    fn end(&mut self, run: &mut ModPath) {
        if run.len() > 1 {
            self.found.push(std::mem::take(run));
        }
        run.clear();
    }
}

fn parse(file: &Path) -> syn::File {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

fn name(path: &ModPath) -> String {
    if path.is_empty() {
        "crate".into()
    } else {
        path.join("::")
    }
}

/// The graph of modules using modules in the crate whose source is in `src` (from this
/// package's folder), the root (a front page of re-exports) left out.
fn graph(src: &str) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let krate = Crate::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join(src));
    krate
        .modules
        .keys()
        .filter(|path| !path.is_empty())
        .map(|path| {
            let uses = krate
                .uses(path)
                .into_iter()
                .filter(|used| !used.is_empty())
                .collect();
            (path.clone(), uses)
        })
        .collect()
}

/// The circles of `graph` (its strongly connected components of more than one module), by
/// Tarjan's algorithm.
fn circles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct Tarjan<'g> {
        graph: &'g BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: HashMap<&'g ModPath, usize>,
        low: HashMap<&'g ModPath, usize>,
        stack: Vec<&'g ModPath>,
        on_stack: BTreeSet<&'g ModPath>,
        circles: Vec<Vec<ModPath>>,
    }
    impl<'g> Tarjan<'g> {
        fn visit(&mut self, v: &'g ModPath) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut circle = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    circle.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if circle.len() > 1 {
                    circle.sort();
                    self.circles.push(circle);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        circles: Vec::new(),
    };
    for v in graph.keys() {
        if !tarjan.index.contains_key(v) {
            tarjan.visit(v);
        }
    }
    tarjan.circles
}

fn layer_of(module: &ModPath, layers: &Layers) -> Option<usize> {
    let top = module.first()?;
    layers
        .iter()
        .position(|(_, members)| members.contains(&top.as_str()))
}

#[test]
fn no_modules_use_each_other_in_a_circle() {
    let mut found = Vec::new();
    for (src, _) in CRATES {
        found.extend(circles_in(&graph(src)));
    }
    assert!(found.is_empty(), "modules in a circle: {found:#?}");
}

/// The circles of `graph`, each as its edges.
fn circles_in(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<String> {
    circles(graph)
        .iter()
        .map(|circle| {
            let edges: Vec<String> = circle
                .iter()
                .flat_map(|a| {
                    graph[a]
                        .iter()
                        .filter(|b| circle.contains(b))
                        .map(move |b| format!("{} -> {}", name(a), name(b)))
                })
                .collect();
            edges.join(", ")
        })
        .collect()
}

#[test]
fn every_module_uses_only_its_own_layer_and_those_below() {
    let mut wrong = Vec::new();
    for (src, layers) in CRATES {
        for (module, uses) in &graph(src) {
            let Some(layer) = layer_of(module, layers) else {
                wrong.push(format!(
                    "{src}: {} is in no layer (tests/cli/layers.rs)",
                    name(module)
                ));
                continue;
            };
            for used in uses {
                let used_layer = layer_of(used, layers).unwrap_or(usize::MAX);
                let other_game =
                    layers[layer].0 == "games" && used_layer == layer && module[0] != used[0];
                if used_layer > layer || other_game {
                    wrong.push(format!("{src}: {} -> {}", name(module), name(used)));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "uses against the layers: {wrong:#?}");
}

#[test]
fn the_library_of_games_leaves_the_fronts_crates_out_of_its_graph() {
    let manifest = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/arbiter/Cargo.toml"),
    )
    .unwrap();
    let dependencies: Vec<&str> = manifest
        .lines()
        .skip_while(|line| *line != "[dependencies]")
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .filter_map(|line| line.split_once('=').map(|(name, _)| name.trim()))
        .collect();
    assert!(dependencies.contains(&"sgf-parse"), "{dependencies:?}");
    for front in ["clap", "axum", "tokio", "indicatif", "mimalloc", "pyo3"] {
        assert!(
            !dependencies.contains(&front),
            "{front} in the library's graph"
        );
    }
}

#[test]
fn the_checker_sees_uses_through_re_exports_code_and_macros() {
    let graph = graph("crates/arbiter/src");
    let uses = |a: &str, b: &str| {
        let a: ModPath = a.split("::").map(String::from).collect();
        let b: ModPath = b.split("::").map(String::from).collect();
        graph.get(&a).is_some_and(|uses| uses.contains(&b))
    };
    // A `use` through a game's front (hex's re-export of its board).
    assert!(uses("hex::game", "hex::board"));
    // A path in code, and one in an attribute's string.
    assert!(uses("hex::solve::solver", "hex::board::named"));
    // The games' fronts re-export what their modules define.
    assert!(uses("go", "go::judge::report"));
    assert!(!uses("hex::show", "hex::game"));
}

/// Inside a game, a module imports each name from the module that defines it, never through
/// the re-exports of the game's front (`go/mod.rs`) or another module above it: such an import
/// runs back up the tree, and hides which sibling a module leans on.
#[test]
fn inside_a_game_names_are_imported_from_where_they_are_defined() {
    let krate = Crate::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/arbiter/src"));
    let games = ["hex", "gioco", "go", "cheesy"];
    let mut upward = Vec::new();
    for (path, module) in &krate.modules {
        if path.len() < 2 || !games.contains(&path[0].as_str()) {
            continue;
        }
        for (name, target) in &module.imports {
            let Some(target) = target else { continue };
            let Some((item, owner)) = target.split_last() else {
                continue;
            };
            let above = owner.len() < path.len() && path.starts_with(owner);
            let Some(owner_module) = krate.modules.get(owner) else {
                continue;
            };
            let defined =
                owner_module.defs.contains(item) || owner_module.children.contains_key(item);
            if above && !defined {
                let from = defining(&krate, target).map_or("?".to_string(), |d| name_of(&d));
                upward.push(format!(
                    "{} imports {name} through {} (defined in {from})",
                    name_of(path),
                    name_of(owner)
                ));
            }
        }
    }
    upward.sort();
    assert!(
        upward.is_empty(),
        "imports through re-exports above: {upward:#?}"
    );
}

/// The module that defines the item at `path`, followed through re-exports.
fn defining(krate: &Crate, path: &[String]) -> Option<ModPath> {
    let (item, owner) = path.split_last()?;
    let module = krate.modules.get(owner)?;
    if module.defs.contains(item) || module.children.contains_key(item) {
        return Some(owner.to_vec());
    }
    match module.imports.get(item)? {
        Some(next) if next.as_slice() != path => defining(krate, next),
        _ => None,
    }
}

fn name_of(path: &[String]) -> String {
    name(&path.to_vec())
}
