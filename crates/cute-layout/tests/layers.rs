//! The layers of ARCHITECTURE.md hold: a module imports nothing of the layers above it. Read
//! from the source (code lines, not doc comments), so that an import running up a layer fails
//! here (until the crate split makes it a compile error).

use std::path::Path;

/// The code lines of the `.rs` files at `rel` (a file or a folder) under `src/`.
fn code_lines(rel: &str) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(rel);
    let mut files = vec![];
    if root.is_dir() {
        for e in std::fs::read_dir(&root).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    } else {
        files.push(root.with_extension("rs"));
    }
    let mut out = vec![];
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            if !code.trim().is_empty() {
                out.push((f.display().to_string(), code.to_string()));
            }
        }
    }
    out
}

fn assert_imports_none(modules: &[&str], above: &[&str]) {
    for m in modules {
        for (file, line) in code_lines(m) {
            for a in above {
                assert!(
                    !line.contains(&format!("crate::{a}")),
                    "{file} imports `crate::{a}`, a layer above it: {line}"
                );
            }
        }
    }
}

/// Floors 1 to 7 (numbers, layouts, the algebra, values, notation) know nothing of the
/// expression language, the registry or the front ends.
#[test]
fn the_library_floors_import_no_tools() {
    let library = [
        "error", "print", "limits", "int", "tree", "tuple", "coord", "layout", "tiler", "merge",
        "fast", "trace", "algebra", "swizzle", "recast", "tensor", "tv", "basis", "category",
        "atom", "value", "notation",
    ];
    let tools = [
        "expr", "eval", "registry", "explain", "render", "analysis", "analyze", "diff",
    ];
    assert_imports_none(&library, &tools);
}

/// `fast` and the coalesce kernel sit below the algebra; `analysis` below the registry and
/// the evaluator (which call its solver).
#[test]
fn no_back_edges() {
    assert_imports_none(&["fast", "merge"], &["algebra"]);
    assert_imports_none(
        &["analysis"],
        &["eval", "expr", "registry", "explain", "render", "analyze"],
    );
    assert_imports_none(&["expr"], &["eval", "registry"]);
}
