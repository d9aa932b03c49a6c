//! `cute_layout._native`: the Python extension over the `cute-layout` crate.
//!
//! The classes (`Layout`, `Swizzle`, `ComposedLayout`, `Tensor`, `TvLayout`, `Morphism`) call
//! the library directly; the module functions (one per operation of `cute eval`, made from the
//! operation table by module `functions`, listed in `_native._functions` and exported by
//! `cute_layout/__init__.py`) apply their table entry, as `call_op` does (module `ops`).
//!
//! The modules, bottom up (each uses only those before it): `convert` (Python ints and tuples
//! to the library's, `_`), `render`, `layout` (`Layout`, `Morphism`, and layout and tiler
//! arguments), `swizzle`, `values` (`TvLayout`, `Value`), `tensor`, `ops` (the table's calls,
//! CuTe text of arguments), `functions`, `dsl` (values as text, for `cute_layout.dsl`),
//! `pycute` (the pycute drop-in's native functions).

mod convert;
mod dsl;
mod functions;
mod layout;
mod linear;
mod ops;
mod pycute;
mod render;
mod swizzle;
mod tensor;
mod values;

use pyo3::prelude::*;

pyo3::create_exception!(
    cute_layout,
    LayoutError,
    pyo3::exceptions::PyValueError,
    "An operation of the layout algebra failed; the message names the operation, the numbers and the violated condition."
);

/// `cute eval EXPR`: the value of the expression `expr` (CuTe notation, C++ spellings, any
/// operation of the table), as the module functions return it: an int, a tuple, a `Layout`, a
/// `Tensor` over positions for `L+o`, ... (`slice_and_offset` too gives a tensor here, its
/// module function the pair). Errors, the parser's included, raise `LayoutError`.
#[pyfunction]
fn eval(py: Python<'_>, expr: &str) -> PyResult<PyObject> {
    let value = cute_tools::eval::eval(expr).map_err(convert::err)?;
    ops::value_to_py(py, value, false, || Ok(expr.to_string()))
}

/// `cute explain EXPR`: the step-by-step derivation, as text.
#[pyfunction]
fn explain(expr: &str) -> PyResult<String> {
    Ok(
        cute_layout::budget::scope(|| cute_tools::explain::explain(expr))
            .map_err(convert::err)?
            .to_string(),
    )
}

/// `cute explain --json EXPR`: the derivation as JSON (`expr`, `steps`, `result`, `error`).
#[pyfunction]
fn explain_json(expr: &str) -> PyResult<String> {
    Ok(
        cute_layout::budget::scope(|| cute_tools::explain::explain(expr))
            .map_err(convert::err)?
            .to_json(),
    )
}

/// `cute svg EXPR`: the picture of a layout or of an expression yielding one (divides,
/// products and complements drawn with their input; `tiles=True` colors by tile), the figure
/// of a tiled MMA, tiled copy or atom, the grid of a tensor of coordinates.
#[pyfunction]
#[pyo3(signature = (expr, coords=false, tiles=false))]
fn svg(expr: &str, coords: bool, tiles: bool) -> PyResult<String> {
    cute_layout::budget::scope(|| render::svg_of_expr(expr, coords, tiles))
}

/// `cute svg EXPR -o FILE.png`: the PNG image of [`svg`], as bytes.
#[pyfunction]
#[pyo3(signature = (expr, coords=false, tiles=false))]
fn png<'py>(
    py: Python<'py>,
    expr: &str,
    coords: bool,
    tiles: bool,
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    cute_layout::budget::scope(|| render::png_of(py, &render::svg_of_expr(expr, coords, tiles)?))
}

/// `cute show EXPR`: the `print_layout` grid of a layout or an expression yielding one, the
/// `print_tensor` of a tensor of coordinates.
#[pyfunction]
fn show(expr: &str) -> PyResult<String> {
    cute_layout::budget::scope(|| render::show_expr(expr))
}

/// `cute latex EXPR`: the `print_latex` TikZ document of a layout or an expression yielding
/// one (`tiles=True` colors by tile, as `--color tile`), or CuTe's `print_latex` figure of a
/// tiled MMA, tiled copy or MMA atom.
#[pyfunction]
#[pyo3(signature = (expr, tiles=false))]
fn latex(expr: &str, tiles: bool) -> PyResult<String> {
    cute_layout::budget::scope(|| render::latex_of_expr(expr, tiles))
}

/// Sets the work budget of each expression or call evaluated from now on (work units, about one
/// element visited each; `cute --budget`); `get_budget()` gives it.
#[pyfunction]
fn set_budget(units: u64) {
    cute_layout::budget::set_default_work(units);
}

/// The work budget of each expression or call ([`set_budget`]; `MAX_WORK` unless set).
#[pyfunction]
fn get_budget() -> u64 {
    cute_layout::budget::default_work()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("LayoutError", py.get_type::<LayoutError>())?;
    // the crate's version is the package's (maturin takes it from Cargo.toml)
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<layout::PyLayout>()?;
    layout::record_type(py);
    m.add_class::<swizzle::PySwizzle>()?;
    m.add_class::<swizzle::PyComposedLayout>()?;
    m.add_class::<tensor::PyTensor>()?;
    m.add_class::<values::PyTvLayout>()?;
    m.add_class::<linear::PyLinearLayout>()?;
    m.add_class::<layout::PyMorphism>()?;
    m.add_class::<values::PyValue>()?;
    m.add_class::<convert::Underscore>()?;
    m.add_class::<ops::PyOperation>()?;
    m.add("_", Py::new(py, convert::Underscore)?)?;
    m.add_function(wrap_pyfunction!(ops::call_op, m)?)?;
    m.add_function(wrap_pyfunction!(ops::operations, m)?)?;
    m.add_function(wrap_pyfunction!(eval, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(explain_json, m)?)?;
    m.add_function(wrap_pyfunction!(svg, m)?)?;
    m.add_function(wrap_pyfunction!(png, m)?)?;
    m.add_function(wrap_pyfunction!(show, m)?)?;
    m.add_function(wrap_pyfunction!(latex, m)?)?;
    m.add_function(wrap_pyfunction!(set_budget, m)?)?;
    m.add_function(wrap_pyfunction!(get_budget, m)?)?;
    m.add_function(wrap_pyfunction!(dsl::eval_text, m)?)?;
    m.add_function(wrap_pyfunction!(dsl::dsl_spelling, m)?)?;
    m.add_function(wrap_pyfunction!(dsl::copy_atom_layouts, m)?)?;
    m.add("_functions", functions::module_functions(py)?)?;
    m.add_submodule(&pycute::module(py)?)?;
    Ok(())
}
