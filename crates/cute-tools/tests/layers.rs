//! The layers of ARCHITECTURE.md inside the tools: `analysis` sits below the registry and the
//! evaluator (which call its solver), and the syntax tree (`expr`) below the evaluator and the
//! registry. Read from the source (code lines, not doc comments), so that an import running up
//! a layer fails here.

#[path = "../../cute-layout/tests/common/imports.rs"]
mod imports;
use imports::assert_imports_none;

/// `analysis` below the registry and the evaluator; `expr` below both.
#[test]
fn no_back_edges() {
    assert_imports_none(
        &["analysis"],
        &["eval", "expr", "registry", "explain", "render", "analyze"],
    );
    assert_imports_none(&["expr"], &["eval", "registry"]);
}
