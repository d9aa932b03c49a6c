//! The layer checks' reader of the source (`tests/layers.rs` of this crate and of cute-tools,
//! which includes this file): the code lines of a module, doc comments and comments cut, and the
//! assertion that they import nothing of the layers named above it. `CARGO_MANIFEST_DIR` is the
//! including crate's, so each reads its own `src/`.

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

pub fn assert_imports_none(modules: &[&str], above: &[&str]) {
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
