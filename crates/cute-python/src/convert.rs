//! Python objects <-> the library's values: int-tuples, coordinates, tilers, CuTe text.
//!
//! Python ints become dynamic integers (printed `4`); CuTe text (a `str`) keeps its static tags.
//! Every failure names the argument it came from. The bottom of the crate's modules: it uses none
//! of the classes but `_` (defined here), so every class's module can use it. The conversions to
//! a class's value (`layout::layout`, `layout::tiler`) live with the class.

use cute_layout::coord::{Coord, CoordLeaf};
use cute_layout::{Int, IntTuple, Layout, LayoutError, Tree, TreeBuilder, MAX_DEPTH};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};
use std::fmt::Display;

/// The `LayoutError` exception of a library error, with its full message.
pub fn err(e: LayoutError) -> PyErr {
    crate::LayoutError::new_err(e.to_string())
}

/// A Python int as an `i64`, or `OverflowError` / `TypeError` naming `what`.
pub fn int_of(x: &Bound<'_, PyAny>, what: impl Display + Copy) -> PyResult<i64> {
    if x.is_instance_of::<PyBool>() || !x.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{what}: expected an int, got {}",
            type_name(x)
        )));
    }
    x.extract::<i64>().map_err(|_| {
        PyOverflowError::new_err(format!(
            "{what}: {} does not fit in a signed 64-bit integer (CuTe's integers are 64-bit)",
            x.str().map(|s| s.to_string()).unwrap_or_default()
        ))
    })
}

pub fn type_name(x: &Bound<'_, PyAny>) -> String {
    x.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// The items of a tuple or list, else `None`.
pub fn items<'py>(x: &Bound<'py, PyAny>) -> Option<Vec<Bound<'py, PyAny>>> {
    if let Ok(t) = x.downcast::<PyTuple>() {
        Some(t.iter().collect())
    } else if let Ok(l) = x.downcast::<PyList>() {
        Some(l.iter().collect())
    } else {
        None
    }
}

pub fn too_deep(what: impl Display + Copy) -> PyErr {
    PyValueError::new_err(format!("{what}: nested deeper than {MAX_DEPTH} levels"))
}

/// `x` if it is an exact Python `int` within `i64` (a `bool` is not one): the common argument,
/// tested first because its type test is a pointer comparison. Anything else (a subclass, an
/// int out of range) is left to the full conversion and its error messages.
pub fn exact_int(x: &Bound<'_, PyAny>) -> Option<i64> {
    if x.is_exact_instance_of::<PyInt>() {
        x.extract::<i64>().ok()
    } else {
        None
    }
}

/// An int or a (nested) tuple of ints as an [`IntTuple`]; a `str` is parsed as CuTe notation.
pub fn int_tuple(x: &Bound<'_, PyAny>, what: impl Display + Copy) -> PyResult<IntTuple> {
    if let Some(t) = plain_int_tuple(x) {
        return Ok(t);
    }
    if let Ok(s) = x.downcast::<PyString>() {
        return s.to_cow()?.parse::<IntTuple>().map_err(err);
    }
    int_tuple_at(x, what, 0)
}

/// `x` read in one pass where it has the common form: an exact `int` within `i64`, or a
/// non-empty exact `tuple` of these and such tuples, at most [`MAX_DEPTH`] deep. Each object
/// costs one type test (a pointer comparison), and the tree is written as it is read (no
/// intermediate tree or list). `None` for anything else (a list, an `int` subclass, an empty
/// tuple, text), left to the general conversion and its messages, so that both give the same.
pub fn plain_int_tuple(x: &Bound<'_, PyAny>) -> Option<IntTuple> {
    if let Some(n) = exact_int(x) {
        return Some(IntTuple::int(Int::dynamic(n)));
    }
    let mut b = TreeBuilder::new();
    write_plain(&mut b, x.downcast_exact::<PyTuple>().ok()?, 0)?;
    b.finish().ok()
}

fn write_plain(b: &mut TreeBuilder<Int>, t: &Bound<'_, PyTuple>, depth: usize) -> Option<()> {
    if depth > MAX_DEPTH || t.is_empty() {
        return None;
    }
    b.open();
    for e in t.iter_borrowed() {
        match exact_int(&e) {
            Some(n) => b.leaf(Int::dynamic(n)),
            None => write_plain(b, e.downcast_exact::<PyTuple>().ok()?, depth + 1)?,
        }
    }
    b.close();
    Some(())
}

/// `Layout(shape, stride)` read in one pass where both have the common form
/// ([`plain_int_tuple`]'s) and agree: the two trees are written side by side as the two objects
/// are walked together, so that congruence, the non-negative extents and the depth are checked
/// on the way, with no tree read twice and none moved between readers. `None` where they
/// differ from that form or from each other (an extent below 0, different structures, text, a
/// list), left to the general conversion and its messages, so that both give the same.
pub fn plain_layout(shape: &Bound<'_, PyAny>, stride: &Bound<'_, PyAny>) -> Option<Layout> {
    let (mut s, mut d) = (TreeBuilder::new(), TreeBuilder::new());
    write_plain_pair(&mut s, &mut d, shape, stride, 0)?;
    Layout::new(s.finish().ok()?, d.finish().ok()?).ok()
}

fn write_plain_pair(
    s: &mut TreeBuilder<Int>,
    d: &mut TreeBuilder<Int>,
    shape: &Bound<'_, PyAny>,
    stride: &Bound<'_, PyAny>,
    depth: usize,
) -> Option<()> {
    if let Some(n) = exact_int(shape) {
        // a shape has no negative extents: that message is the general conversion's
        let m = exact_int(stride).filter(|_| n >= 0)?;
        s.leaf(Int::dynamic(n));
        d.leaf(Int::dynamic(m));
        return Some(());
    }
    let (a, b) = (
        shape.downcast_exact::<PyTuple>().ok()?,
        stride.downcast_exact::<PyTuple>().ok()?,
    );
    let rank = a.len();
    if depth > MAX_DEPTH || rank == 0 || b.len() != rank {
        return None;
    }
    s.open();
    d.open();
    for i in 0..rank {
        let (x, y) = (a.get_borrowed_item(i).ok()?, b.get_borrowed_item(i).ok()?);
        write_plain_pair(s, d, &x, &y, depth + 1)?;
    }
    s.close();
    d.close();
    Some(())
}

fn int_tuple_at(
    x: &Bound<'_, PyAny>,
    what: impl Display + Copy,
    depth: usize,
) -> PyResult<IntTuple> {
    if depth > MAX_DEPTH {
        return Err(too_deep(what));
    }
    match items(x) {
        None => {
            if x.is_instance_of::<PyInt>() && !x.is_instance_of::<PyBool>() {
                Ok(IntTuple::int(Int::dynamic(int_of(x, what)?)))
            } else {
                Err(PyTypeError::new_err(format!(
                    "{what}: expected an int or a tuple of ints, got {}",
                    type_name(x)
                )))
            }
        }
        Some(xs) => {
            if xs.iter().all(|e| e.is_instance_of::<PyInt>()) {
                let leaves = xs
                    .iter()
                    .map(|e| int_of(e, what).map(Int::dynamic))
                    .collect::<PyResult<Vec<_>>>()?;
                return Ok(Tree::from_leaves(leaves));
            }
            let modes = xs
                .iter()
                .map(|e| int_tuple_at(e, what, depth + 1))
                .collect::<PyResult<Vec<_>>>()?;
            Tree::tuple(modes).map_err(err)
        }
    }
}

/// A shape: an int-tuple whose leaves are all non-negative.
pub fn shape(x: &Bound<'_, PyAny>, what: impl Display + Copy) -> PyResult<IntTuple> {
    let s = int_tuple(x, what)?;
    if let Some(n) = s.leaves().find(|n| n.value() < 0) {
        return Err(PyValueError::new_err(format!(
            "{what}: a shape has no negative extents, got {n} in {s}"
        )));
    }
    Ok(s)
}

/// An int-tuple as a Python int or tuple.
pub fn int_tuple_to_py<'py>(py: Python<'py>, t: &IntTuple) -> PyResult<Bound<'py, PyAny>> {
    tree_to_py(py, t.as_ref())
}

fn tree_to_py<'py>(
    py: Python<'py>,
    t: cute_layout::TreeRef<'_, Int>,
) -> PyResult<Bound<'py, PyAny>> {
    match t.as_leaf() {
        Some(n) => Ok(n.value().into_pyobject(py)?.into_any()),
        None => {
            let modes = t
                .modes()
                .map(|m| tree_to_py(py, m))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, modes)?.into_any())
        }
    }
}

/// `_`: the slicing wildcard (CuTe's `Underscore`); `None` means the same.
#[pyclass(name = "Underscore", module = "cute_layout", frozen)]
pub struct Underscore;

#[pymethods]
impl Underscore {
    fn __repr__(&self) -> &'static str {
        "_"
    }
}

/// Whether `x` is the slicing wildcard: `None` or `cute_layout._`.
pub fn is_underscore(x: &Bound<'_, PyAny>) -> bool {
    x.is_none() || x.is_instance_of::<Underscore>()
}

/// A coordinate: ints, tuples, and `None` / `_` for the modes kept by a slice.
pub fn coord(x: &Bound<'_, PyAny>, what: impl Display + Copy) -> PyResult<Coord> {
    if let Ok(s) = x.downcast::<PyString>() {
        return s.to_cow()?.parse::<Coord>().map_err(err);
    }
    coord_at(x, what, 0)
}

fn coord_at(x: &Bound<'_, PyAny>, what: impl Display + Copy, depth: usize) -> PyResult<Coord> {
    if depth > MAX_DEPTH {
        return Err(too_deep(what));
    }
    if is_underscore(x) {
        return Ok(Coord::leaf(CoordLeaf::Underscore));
    }
    match items(x) {
        None => Ok(Coord::leaf(CoordLeaf::Index(Int::dynamic(int_of(
            x,
            &format!("{what} (a coordinate: ints, tuples, None or _)"),
        )?)))),
        Some(xs) => {
            let modes = xs
                .iter()
                .map(|e| coord_at(e, what, depth + 1))
                .collect::<PyResult<Vec<_>>>()?;
            Tree::tuple(modes).map_err(err)
        }
    }
}
