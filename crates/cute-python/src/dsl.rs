//! The evaluator as `cute_layout.dsl` (the CuTe DSL's layout API, eagerly) uses it: an
//! expression's value as text, so that static and dynamic integers stay apart in every result
//! (the module functions give a Python int for both), and the CuTe DSL's spelling of a value
//! (`cute eval --as dsl`, the printer the `dsl` notation of the library owns).

use crate::convert::err;
use cute_layout::notation::{print_as, Syntax};
use cute_tools::eval::Value;
use pyo3::prelude::*;

/// `(kind, text)`: the value of the CuTe expression `expr` (as `cute eval` reads it), its kind
/// (`Int`, `IntTuple`, `Layout`, `Tv`, `TiledMma`, ..., the library's `Kind`) and its CuTe
/// notation (`_4` static, `4` dynamic). Errors raise `LayoutError`.
#[pyfunction]
pub fn eval_text(expr: &str) -> PyResult<(String, String)> {
    let value = cute_tools::eval::eval(expr).map_err(err)?;
    Ok((format!("{:?}", value.kind()), value.to_string()))
}

/// The CuTe DSL's spelling of the value of `expr` (`cute eval --as dsl`):
/// `cute.make_layout((4,8), stride=(1,4))`. Errors raise `LayoutError`, for a value the DSL
/// cannot spell too (the message says why).
#[pyfunction]
pub fn dsl_spelling(expr: &str) -> PyResult<String> {
    let value = cute_tools::eval::eval(expr).map_err(err)?;
    print_as(&value, Syntax::Dsl).map_err(err)
}

/// `(thr_id, src, dst)`: the layouts of the copy atom `expr` evaluates to, in CuTe notation:
/// its `ThrID`, `ValLayoutSrc` and `ValLayoutDst` (`(thr, val) -> bit index`, recast to its
/// value type), which the DSL prints in its summary of a copy atom. Errors raise
/// `LayoutError`, for a value that is no copy atom too.
#[pyfunction]
pub fn copy_atom_layouts(expr: &str) -> PyResult<(String, String, String)> {
    match cute_tools::eval::eval(expr).map_err(err)? {
        Value::CopyAtom(atom) => Ok((
            atom.op.thr_id.to_string(),
            atom.src.to_string(),
            atom.dst.to_string(),
        )),
        other => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "copy_atom_layouts: {other} is no copy atom Copy_Atom<OP,T>"
        ))),
    }
}
