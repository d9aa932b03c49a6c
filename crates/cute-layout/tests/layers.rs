//! The finer layers of ARCHITECTURE.md inside the library: `fast` and the coalesce kernel
//! (`merge`) sit below the algebra. Read from the source (code lines, not doc comments), so
//! that an import running up a layer fails here. (That the library imports nothing of the
//! tools is kept by the compiler: they are the crate `cute-tools`, built on this one.)

#[path = "common/imports.rs"]
mod imports;
use imports::assert_imports_none;

/// `fast` and the coalesce kernel sit below the algebra.
#[test]
fn no_back_edges() {
    assert_imports_none(&["fast", "merge"], &["algebra"]);
}
