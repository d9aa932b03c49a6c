//! Every operation of `cute eval`, callable from Python by its CuTe name: [`call_op`] is the
//! one entry point (the module functions are generated from [`operations`] at import).

use crate::convert::{err, int_tuple_to_py, write_text};
use crate::layout::PyLayout;
use crate::swizzle::{PyComposedLayout, PySwizzle};
use crate::values::{PyMorphism, PyTvLayout, PyValue};
use cute_layout::eval::{self, Value};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The operations: `(name, signature, summary)`, in the order of the library's registry.
#[pyfunction]
pub fn operations() -> Vec<(&'static str, &'static str, &'static str)> {
    cute_layout::registry::operations()
        .iter()
        .map(|op| (op.name, op.signature, op.summary))
        .collect()
}

/// An operation of the table, by name: what the generated module functions bind (its name
/// is read without converting a Python string on every call).
#[pyclass(name = "Operation", module = "cute_layout", frozen)]
pub struct PyOperation {
    name: String,
}

#[pymethods]
impl PyOperation {
    #[new]
    fn new(name: String) -> Self {
        PyOperation { name }
    }

    #[getter]
    fn name(&self) -> &str {
        &self.name
    }
}

/// Calls the operation `op` (its name, or an `Operation`) on `args` (Python objects), as
/// `cute eval` evaluates `op(args...)`, and converts the result back to Python.
#[pyfunction]
#[pyo3(signature = (op, *args))]
pub fn call_op(
    py: Python<'_>,
    op: &Bound<'_, PyAny>,
    args: &Bound<'_, PyTuple>,
) -> PyResult<PyObject> {
    let owned;
    let name = match op.downcast::<PyOperation>() {
        Ok(o) => o.get().name.as_str(),
        Err(_) => {
            owned = op.extract::<String>()?;
            owned.as_str()
        }
    };
    if let Some(r) = fast(py, name, args) {
        return r;
    }
    let mut expr = String::with_capacity(64);
    expr.push_str(name);
    expr.push('(');
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            expr.push(',');
        }
        write_text(&mut expr, &a, &format!("argument {} of {name}", i + 1), 0)?;
    }
    expr.push(')');
    let value = eval::eval(&expr).map_err(err)?;
    value_to_py(py, value, expr)
}

/// The operations on a `Layout` with a direct call into the library (no text round trip).
fn fast(py: Python<'_>, name: &str, args: &Bound<'_, PyTuple>) -> Option<PyResult<PyObject>> {
    if args.is_empty() || args.len() > 2 {
        return None;
    }
    let a0 = args.get_borrowed_item(0).ok()?;
    let l = a0.downcast::<PyLayout>().ok()?.get();
    let a1 = if args.len() == 2 {
        Some(args.get_borrowed_item(1).ok()?.to_owned())
    } else {
        None
    };
    let layout = |r: PyResult<Py<PyLayout>>| Some(r.map(Py::into_any));
    match (name, a1.as_ref(), args.len()) {
        ("coalesce", p, 1 | 2) => layout(l.coalesce(py, p)),
        ("filter", p, 1 | 2) => layout(l.filter(py, p)),
        ("complement", c, 1 | 2) => layout(l.complement(py, c)),
        ("right_inverse", None, 1) => layout(l.right_inverse(py)),
        ("left_inverse", None, 1) => layout(l.left_inverse(py)),
        ("flatten", None, 1) => layout(l.flatten(py)),
        ("size", None, 1) => Some(l.size().map(|n| int_to_py(py, n))),
        ("cosize", None, 1) => Some(l.cosize().map(|n| int_to_py(py, n))),
        ("shape", None, 1) => Some(l.shape(py).map(Bound::unbind)),
        ("stride", None, 1) => Some(l.stride(py).map(Bound::unbind)),
        (_, Some(t), 2) if is_tiler(t) => layout(match name {
            "composition" => l.composition(py, t),
            "logical_divide" => l.logical_divide(py, t),
            "zipped_divide" => l.zipped_divide(py, t),
            "tiled_divide" => l.tiled_divide(py, t),
            "flat_divide" => l.flat_divide(py, t),
            "logical_product" => l.logical_product(py, t),
            "zipped_product" => l.zipped_product(py, t),
            "tiled_product" => l.tiled_product(py, t),
            "flat_product" => l.flat_product(py, t),
            "blocked_product" => l.blocked_product(py, t),
            "raked_product" => l.raked_product(py, t),
            _ => return None,
        }),
        _ => None,
    }
}

fn int_to_py(py: Python<'_>, n: i64) -> PyObject {
    n.into_pyobject(py)
        .unwrap_or_else(|never| match never {})
        .into_any()
        .unbind()
}

/// Whether `x` is a tiler the direct calls take (a layout, an int, or a tuple of these).
fn is_tiler(x: &Bound<'_, PyAny>) -> bool {
    x.is_instance_of::<PyLayout>()
        || x.is_instance_of::<pyo3::types::PyInt>()
        || x.downcast::<PyTuple>()
            .is_ok_and(|t| t.iter().all(|e| is_tiler(&e)))
}

/// The Python object of a value: ints, tuples, bools, `Layout`, `Swizzle`, `ComposedLayout`,
/// `(layout, offset)` pairs, `TvLayout`, `Morphism`, else a `Value` keeping `expr` (identity
/// tensors, atoms, tiled MMAs and tiled copies: printable, and passed back by their expression).
pub fn value_to_py(py: Python<'_>, value: Value, expr: String) -> PyResult<PyObject> {
    Ok(match value {
        Value::Int(i) => int_to_py(py, i.value()),
        Value::IntTuple(t) => int_tuple_to_py(py, &t)?.unbind(),
        Value::Bool(b) => pyo3::types::PyBool::new(py, b)
            .to_owned()
            .into_any()
            .unbind(),
        Value::Layout(l) => Py::new(py, PyLayout { inner: l })?.into_any(),
        Value::LayoutOffset(l, o) => (Py::new(py, PyLayout { inner: l })?, o.value())
            .into_pyobject(py)?
            .into_any()
            .unbind(),
        Value::Swizzle(s) => Py::new(py, PySwizzle { inner: s })?.into_any(),
        Value::Composed(c) => Py::new(py, PyComposedLayout { inner: c })?.into_any(),
        Value::ComposedOffset(c, o) => (Py::new(py, PyComposedLayout { inner: c })?, o.value())
            .into_pyobject(py)?
            .into_any()
            .unbind(),
        Value::Tv(tv) => Py::new(py, PyTvLayout { inner: *tv })?.into_any(),
        Value::Morphism(m) => Py::new(py, PyMorphism { inner: m })?.into_any(),
        v @ (Value::Basis(_)
        | Value::IdentityTensor(_)
        | Value::Underscore
        | Value::Coord(_)
        | Value::Tiler(_)
        | Value::MmaAtom(_)
        | Value::CopyAtom(_)
        | Value::TiledMma(_)
        | Value::TiledCopy(_)) => Py::new(py, PyValue { expr, value: v })?.into_any(),
    })
}
