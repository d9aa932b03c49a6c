//! Every operation of `cute eval`, callable from Python by its CuTe name: [`call`] applies an
//! entry of the operation table to Python objects, for [`call_op`], [`PyOperation`] and the
//! module functions (`crate::functions`, one per entry of the table).

use crate::convert::{
    err, exact_int, int_of, int_tuple, int_tuple_to_py, is_underscore, items, plain_int_tuple,
    too_deep, type_name,
};
use crate::layout::{as_layout, tiler, PyLayout, PyMorphism};
use crate::linear::PyLinearLayout;
use crate::swizzle::{PyComposedLayout, PySwizzle};
use crate::tensor::PyTensor;
use crate::values::{PyTvLayout, PyValue};
use cute_layout::{AnyLayout, Int, Layout, LayoutError, MAX_DEPTH};
use cute_tools::eval::{self, Arguments, Value};
use cute_tools::registry::{self, Operation};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};
use std::fmt::{Display, Write as _};
use std::sync::Arc;

/// The operations: `(name, signature, summary)`, in the order of the library's registry.
#[pyfunction]
pub fn operations() -> Vec<(&'static str, &'static str, &'static str)> {
    cute_tools::registry::operations()
        .iter()
        .map(|op| (op.name, op.signature, op.summary))
        .collect()
}

/// An operation of the table, callable: the generated module functions are instances (of a
/// Python subclass that carries their docstrings), so that a call goes straight to the table
/// entry, found once, when the function is made (not by name on every call).
#[pyclass(name = "Operation", module = "cute_layout", frozen, subclass)]
pub struct PyOperation {
    op: &'static Operation,
}

#[pymethods]
impl PyOperation {
    /// The operation called `name` (or one of its aliases); `LayoutError` if there is none.
    #[new]
    fn new(name: &str) -> PyResult<Self> {
        Ok(PyOperation {
            op: operation(name)?,
        })
    }

    #[getter]
    fn name(&self) -> &'static str {
        self.op.name
    }

    /// `op(args...)`: [`call_op`] with this operation.
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<PyObject> {
        call_tuple(py, self.op, args)
    }

    fn __repr__(&self) -> String {
        format!("<cute_layout operation {}>", self.op.name)
    }
}

impl PyOperation {
    pub fn of(op: &'static Operation) -> Self {
        PyOperation { op }
    }

    /// The table entry.
    pub fn op(&self) -> &'static Operation {
        self.op
    }
}

/// The table entry called `name`, else the table's "unknown operation" error.
pub(crate) fn operation(name: &str) -> PyResult<&'static Operation> {
    match registry::lookup(name) {
        Some(op) => Ok(op),
        None => Err(err(registry::call(name, Vec::new()).err().unwrap_or_else(
            || LayoutError::InvalidArgument {
                op: "call_op",
                detail: format!("no operation `{name}`"),
                hint: "see `cute ops`",
            },
        ))),
    }
}

/// Calls the operation `op` (its name, or an `Operation`) on `args` (Python objects), as
/// `cute eval` evaluates `op(args...)`, and converts the result back to Python: each argument
/// becomes a library value ([`value_of`]) and the operation table applies the operation
/// (the one dispatch, the same as `cute eval`'s).
#[pyfunction]
#[pyo3(signature = (op, *args))]
pub fn call_op(
    py: Python<'_>,
    op: &Bound<'_, PyAny>,
    args: &Bound<'_, PyTuple>,
) -> PyResult<PyObject> {
    let op = match op.downcast::<PyOperation>() {
        Ok(o) => o.get().op,
        Err(_) => operation(&op.extract::<String>()?)?,
    };
    call_tuple(py, op, args)
}

/// Applies the table entry `op` to the items of the tuple `args`.
pub fn call_tuple(
    py: Python<'_>,
    op: &'static Operation,
    args: &Bound<'_, PyTuple>,
) -> PyResult<PyObject> {
    let items: Vec<_> = args.iter_borrowed().collect();
    call(py, op, items.iter().copied())
}

/// Applies the table entry `op` to `args`, the Python objects converted to library values
/// ([`value_of`]; a `Layout` object shares its layout with its value), and converts the result
/// back ([`value_to_py`]).
pub fn call<'a, 'py>(
    py: Python<'py>,
    op: &'static Operation,
    args: impl ExactSizeIterator<Item = Borrowed<'a, 'py, PyAny>> + Clone,
) -> PyResult<PyObject> {
    // one call from Python is one expression: its arguments' text and the call share a budget
    cute_layout::budget::scope(|| {
        let mut values = Arguments::new();
        for (i, a) in args.clone().enumerate() {
            values.push(value_of(&a, i, op.name)?);
        }
        let value = op.call(values).map_err(err)?;
        // `slice_and_offset` is C++'s pair (pycute's tuple); every other `L+o` result is a tensor
        let pair = op.name == "slice_and_offset";
        value_to_py(py, value, pair, || expression(op.name, args))
    })
}

/// The text `op(args...)` (what a `Value` result keeps, to be passed on to other operations).
fn expression<'a, 'py>(
    name: &str,
    args: impl Iterator<Item = Borrowed<'a, 'py, PyAny>>,
) -> PyResult<String> {
    let mut expr = String::with_capacity(64);
    expr.push_str(name);
    expr.push('(');
    for (i, a) in args.enumerate() {
        if i > 0 {
            expr.push(',');
        }
        write_text(&mut expr, &a, &format!("argument {} of {name}", i + 1), 0)?;
    }
    expr.push(')');
    Ok(expr)
}

/// Argument `i` of `op` as a library value: the library's objects as they are, ints, tuples of
/// ints (int-tuples) and tuples holding layouts (tilers) converted directly; anything else (a
/// `str` of CuTe notation, a coordinate with `None` / `_`) read as `cute eval` reads its text.
fn value_of(x: &Bound<'_, PyAny>, i: usize, op: &str) -> PyResult<Value> {
    if let Some(n) = exact_int(x) {
        return Ok(Value::Int(Int::dynamic(n)));
    }
    if let Some(l) = as_layout(x) {
        return Ok(Value::Layout(l.get().inner.clone()));
    }
    if let Some(t) = plain_int_tuple(x) {
        return Ok(Value::IntTuple(Box::new(t)));
    }
    let what = || Argument { index: i, op };
    if x.is_instance_of::<PyInt>() && !x.is_instance_of::<PyBool>() {
        // the message is written only for an int out of range
        let n = match x.extract::<i64>() {
            Ok(n) => n,
            Err(_) => int_of(x, what())?,
        };
        return Ok(Value::Int(Int::dynamic(n)));
    }
    if let Some(v) = object_value(x) {
        return Ok(v);
    }
    if is_int_tuple(x, 0) {
        return Ok(Value::IntTuple(Box::new(int_tuple(x, what())?)));
    }
    if holds_layout(x) && !holds_text(x, 0) {
        return Ok(Value::Tiler(Box::new(tiler(x, what())?)));
    }
    let mut text = String::with_capacity(32);
    write_text(&mut text, x, what(), 0)?;
    eval::eval(&text).map_err(err)
}

/// Argument `index` of the operation `op`, as errors name it (`argument 2 of complement`): a
/// value, so that the text is written only for an error.
#[derive(Clone, Copy)]
struct Argument<'a> {
    index: usize,
    op: &'a str,
}

impl std::fmt::Display for Argument<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "argument {} of {}", self.index + 1, self.op)
    }
}

/// The value of one of this module's objects (a TV layout stands for its layout, as its text does).
fn object_value(x: &Bound<'_, PyAny>) -> Option<Value> {
    if let Ok(s) = x.downcast::<PySwizzle>() {
        Some(Value::Swizzle(s.get().inner))
    } else if let Ok(c) = x.downcast::<PyComposedLayout>() {
        Some(Value::Composed(Box::new(c.get().inner.clone())))
    } else if let Ok(m) = x.downcast::<PyMorphism>() {
        Some(Value::Morphism(Box::new(m.get().inner.clone())))
    } else if let Ok(v) = x.downcast::<PyValue>() {
        Some(v.get().value.clone())
    } else if let Ok(tv) = x.downcast::<PyTvLayout>() {
        Some(Value::Layout(Arc::new(tv.get().inner.layout.clone())))
    } else if let Ok(l) = x.downcast::<PyLinearLayout>() {
        Some(Value::Linear(Box::new(l.get().inner.clone())))
    } else {
        tensor_value(x)
    }
}

/// Whether `x` is a non-empty tuple (or list) of ints and such tuples, nested at most
/// [`MAX_DEPTH`] deep (deeper input takes the text path, which reports it).
fn is_int_tuple(x: &Bound<'_, PyAny>, depth: usize) -> bool {
    let int = |e: &Bound<'_, PyAny>| e.is_instance_of::<PyInt>() && !e.is_instance_of::<PyBool>();
    depth < MAX_DEPTH
        && (x.downcast::<PyTuple>().is_ok() || x.downcast::<PyList>().is_ok())
        && x.len().is_ok_and(|n| n > 0)
        && x.try_iter()
            .is_ok_and(|mut it| it.all(|e| e.is_ok_and(|e| int(&e) || is_int_tuple(&e, depth + 1))))
}

/// Whether a tuple holds a `str` somewhere (CuTe text inside a tiler takes the text path).
fn holds_text(x: &Bound<'_, PyAny>, depth: usize) -> bool {
    x.is_instance_of::<PyString>()
        || (depth <= MAX_DEPTH
            && (x.downcast::<PyTuple>().is_ok() || x.downcast::<PyList>().is_ok())
            && x.try_iter()
                .is_ok_and(|mut it| it.any(|e| e.is_ok_and(|e| holds_text(&e, depth + 1)))))
}

fn int_to_py(py: Python<'_>, n: i64) -> PyObject {
    n.into_pyobject(py)
        .unwrap_or_else(|never| match never {})
        .into_any()
        .unbind()
}

/// The Python object of a value: ints, tuples, bools, `Layout`, `Swizzle`, `ComposedLayout`,
/// a `Tensor` over positions for a tensor result (`L+o`, as C++'s partitions return tensors),
/// or a `(layout, offset)` pair with `pair` (`slice_and_offset`), `TvLayout`, `Morphism`, else a `Value` keeping the expression
/// `expr()` that computed it (identity tensors, atoms, tiled MMAs and tiled copies: printable,
/// and passed back by their expression).
pub fn value_to_py(
    py: Python<'_>,
    value: Value,
    pair: bool,
    expr: impl FnOnce() -> PyResult<String>,
) -> PyResult<PyObject> {
    Ok(match value {
        Value::Int(i) => int_to_py(py, i.value()),
        Value::IntTuple(t) => int_tuple_to_py(py, &t)?.unbind(),
        Value::Bool(b) => pyo3::types::PyBool::new(py, b)
            .to_owned()
            .into_any()
            .unbind(),
        Value::Layout(l) => Py::new(py, PyLayout::from(l))?.into_any(),
        Value::LayoutOffset(l, o) if !pair => Py::new(
            py,
            PyTensor::over_positions(AnyLayout::Layout(Layout::clone(&l)), o),
        )?
        .into_any(),
        Value::ComposedOffset(c, o) if !pair => {
            Py::new(py, PyTensor::over_positions(AnyLayout::Composed(*c), o))?.into_any()
        }
        Value::LayoutOffset(l, o) => (Py::new(py, PyLayout::from(l))?, o.value())
            .into_pyobject(py)?
            .into_any()
            .unbind(),
        Value::Swizzle(s) => Py::new(py, PySwizzle { inner: s })?.into_any(),
        Value::Composed(c) => Py::new(py, PyComposedLayout { inner: *c })?.into_any(),
        Value::ComposedOffset(c, o) => (Py::new(py, PyComposedLayout { inner: *c })?, o.value())
            .into_pyobject(py)?
            .into_any()
            .unbind(),
        Value::Tv(tv) => Py::new(py, PyTvLayout { inner: *tv })?.into_any(),
        Value::Linear(l) => Py::new(py, PyLinearLayout { inner: *l })?.into_any(),
        Value::Morphism(m) => Py::new(py, PyMorphism { inner: *m })?.into_any(),
        v @ (Value::Basis(_)
        | Value::IdentityTensor(_)
        | Value::Underscore
        | Value::Coord(_)
        | Value::Tiler(_)
        | Value::MmaAtom(_)
        | Value::CopyAtom(_)
        | Value::TiledMma(_)
        | Value::TiledCopy(_)
        | Value::F2(_)
        | Value::Triton(_)
        | Value::Symbolic(_)) => Py::new(
            py,
            PyValue {
                expr: expr()?,
                value: v,
            },
        )?
        .into_any(),
    })
}

/// Writes `x` as CuTe text (an argument of `cute eval`): ints, tuples (`<...>` when they hold
/// layouts), `None` / `_`, the library's objects, and `str` verbatim.
pub fn write_text(
    out: &mut String,
    x: &Bound<'_, PyAny>,
    what: impl Display + Copy,
    depth: usize,
) -> PyResult<()> {
    if depth > MAX_DEPTH {
        return Err(too_deep(what));
    }
    if x.is_instance_of::<PyInt>() && !x.is_instance_of::<PyBool>() {
        write!(out, "{}", int_of(x, what)?).expect("a String takes any text");
    } else if is_underscore(x) {
        out.push('_');
    } else if let Some(xs) = items(x) {
        let tiler = xs.iter().any(holds_layout);
        out.push(if tiler { '<' } else { '(' });
        for (i, e) in xs.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_text(out, e, what, depth + 1)?;
        }
        out.push(if tiler { '>' } else { ')' });
    } else if let Ok(s) = x.downcast::<PyString>() {
        out.push_str(&s.to_cow()?);
    } else if let Some(text) = object_text(x) {
        out.push_str(&text);
    } else if x.is_instance_of::<PyTensor>() {
        return Err(PyTypeError::new_err(format!(
            "{what}: a Tensor over an array is not passed to the module functions, which would drop \
             its array: call its method (T.local_partition(...), T.local_tile(...)), or pass T.layout"
        )));
    } else {
        return Err(PyTypeError::new_err(format!(
            "{what}: expected an int, a tuple, None/_, a str of CuTe notation or a cute_layout object, got {}",
            type_name(x)
        )));
    }
    Ok(())
}

/// Whether `x` is a layout or a tuple holding one somewhere (written as a tiler, `<...>`).
pub fn holds_layout(x: &Bound<'_, PyAny>) -> bool {
    x.is_instance_of::<PyLayout>() || items(x).is_some_and(|xs| xs.iter().any(holds_layout))
}

/// The CuTe text of one of this module's objects.
fn object_text(x: &Bound<'_, PyAny>) -> Option<String> {
    if let Ok(l) = x.downcast::<PyLayout>() {
        Some(l.get().inner.to_string())
    } else if let Ok(s) = x.downcast::<PySwizzle>() {
        Some(s.get().inner.to_string())
    } else if let Ok(c) = x.downcast::<PyComposedLayout>() {
        Some(c.get().inner.to_string())
    } else if let Ok(m) = x.downcast::<PyMorphism>() {
        Some(m.get().inner.to_string())
    } else if let Ok(v) = x.downcast::<PyValue>() {
        Some(v.get().expr.clone())
    } else if let Ok(tv) = x.downcast::<PyTvLayout>() {
        Some(tv.get().inner.layout.to_string())
    } else if let Ok(l) = x.downcast::<PyLinearLayout>() {
        // `#ttg.linear` implies the sizes: exact for a surjective layout only
        l.get()
            .inner
            .is_surjective()
            .then(|| cute_layout::notation::linear::mlir(&l.get().inner))
    } else {
        tensor_value(x).map(|v| v.to_string())
    }
}

/// The value `L+o` of a tensor over positions. A tensor over an array is no argument of the
/// module functions (they would drop its array): its methods (`T.local_partition(...)`) keep it.
fn tensor_value(x: &Bound<'_, PyAny>) -> Option<Value> {
    let t = x.downcast::<PyTensor>().ok()?;
    let t = t.get();
    if t.has_data() {
        return None;
    }
    Some(match t.parts() {
        (AnyLayout::Layout(l), o) => Value::LayoutOffset(Arc::new(l.clone()), o),
        (AnyLayout::Composed(c), o) => Value::ComposedOffset(Box::new(c.clone()), o),
    })
}
