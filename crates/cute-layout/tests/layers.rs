//! The finer layers of ARCHITECTURE.md inside the library: `fast` and the coalesce kernel
//! (`merge`) sit below the algebra. Read from the source (code lines, not doc comments), so
//! that an import running up a layer fails here. (That the library imports nothing of the
//! tools is kept by the compiler: they are the crate `cute-tools`, built on this one.)

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

/// `fast` and the coalesce kernel sit below the algebra.
#[test]
fn no_back_edges() {
    assert_imports_none(&["fast", "merge"], &["algebra"]);
}
