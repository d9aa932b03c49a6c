//! `cute_layout._native.pycute`: the functions of the pycute drop-in (`cute_layout.pycute`)
//! whose Python wrapper cost more than the operation. Each is pycute's function with pycute's
//! argument conventions (`None` for "no tiler", an int `n` for `Layout(n)`) on `Layout`'s
//! methods or the operation table's entry, as the Python definition it replaces did, in one
//! native call: a Python function, its `isinstance` test and the method lookup cost about as
//! much as the operation itself (`bench/python_bench.py`).

use crate::convert::{int_tuple_to_py, plain_int_tuple};
use crate::layout::{as_layout, PyLayout};
use crate::ops;
use cute_layout::budget::{self, MAX_WORK};
use cute_layout::IntTuple;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

type R = PyResult<PyObject>;

/// pycute's layout argument (`_layout` of `pycute/layout.py`): a `Layout` as it is, anything
/// else as `Layout(x)` reads it.
fn layout_of(x: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
    match as_layout(x) {
        Some(l) => Ok(l.get().clone()),
        None => PyLayout::new(x, None),
    }
}

/// The table entry `name` applied to `args`, as the module function `name` applies it.
fn table(py: Python<'_>, name: &str, args: &[&Bound<'_, PyAny>]) -> R {
    ops::call(
        py,
        ops::operation(name)?,
        args.iter().map(|a| a.as_borrowed()),
    )
}

/// `coalesce(layout, profile=None)`.
#[pyfunction]
#[pyo3(signature = (layout, profile=None))]
fn coalesce(py: Python<'_>, layout: &Bound<'_, PyAny>, profile: Option<&Bound<'_, PyAny>>) -> R {
    Ok(layout_of(layout)?.coalesce(py, profile)?.into_any())
}

/// `filter(layout, profile=None)`.
#[pyfunction]
#[pyo3(signature = (layout, profile=None))]
fn filter(py: Python<'_>, layout: &Bound<'_, PyAny>, profile: Option<&Bound<'_, PyAny>>) -> R {
    Ok(layout_of(layout)?.filter(py, profile)?.into_any())
}

/// `composition(layoutA, layoutB)`: `layoutA` itself where `layoutB` is `None`.
#[pyfunction]
#[allow(non_snake_case)] // pycute's parameter names, which callers may pass by keyword
#[pyo3(signature = (layoutA, layoutB))]
fn composition(py: Python<'_>, layoutA: &Bound<'_, PyAny>, layoutB: &Bound<'_, PyAny>) -> R {
    if layoutB.is_none() {
        return Ok(layoutA.clone().unbind());
    }
    Ok(layout_of(layoutA)?.composition(py, layoutB)?.into_any())
}

/// The `max_idx` of `complement`: omitted (pycute's default, 1), or the object given.
pub enum MaxIdx<'py> {
    One,
    Given(Bound<'py, PyAny>),
}

impl<'py> FromPyObject<'py> for MaxIdx<'py> {
    fn extract_bound(x: &Bound<'py, PyAny>) -> PyResult<Self> {
        Ok(MaxIdx::Given(x.clone()))
    }
}

/// `complement(layout, max_idx=1)` (`None` for `max_idx`: the layout's cosize, as the method).
#[pyfunction]
#[pyo3(signature = (layout, max_idx=MaxIdx::One))]
fn complement(py: Python<'_>, layout: &Bound<'_, PyAny>, max_idx: MaxIdx<'_>) -> R {
    let l = layout_of(layout)?;
    let max_idx = match max_idx {
        MaxIdx::One => 1i64.into_pyobject(py)?.into_any(),
        MaxIdx::Given(m) => m,
    };
    Ok(l.complement(py, Some(&max_idx).filter(|m| !m.is_none()))?
        .into_any())
}

/// `right_inverse(layout)`: `None` for `None`.
#[pyfunction]
fn right_inverse(py: Python<'_>, layout: &Bound<'_, PyAny>) -> R {
    if layout.is_none() {
        return Ok(py.None());
    }
    Ok(layout_of(layout)?.right_inverse(py)?.into_any())
}

/// `left_inverse(layout)`: `None` for `None`.
#[pyfunction]
fn left_inverse(py: Python<'_>, layout: &Bound<'_, PyAny>) -> R {
    if layout.is_none() {
        return Ok(py.None());
    }
    Ok(layout_of(layout)?.left_inverse(py)?.into_any())
}

/// `logical_divide(layoutA, layoutB)`: `layoutA` itself where `layoutB` is `None`.
#[pyfunction]
#[allow(non_snake_case)]
#[pyo3(signature = (layoutA, layoutB))]
fn logical_divide(py: Python<'_>, layoutA: &Bound<'_, PyAny>, layoutB: &Bound<'_, PyAny>) -> R {
    if layoutB.is_none() {
        return Ok(layoutA.clone().unbind());
    }
    Ok(layout_of(layoutA)?.logical_divide(py, layoutB)?.into_any())
}

/// `logical_product(layoutA, layoutB)`: `layoutA` itself where `layoutB` is `None`.
#[pyfunction]
#[allow(non_snake_case)]
#[pyo3(signature = (layoutA, layoutB))]
fn logical_product(py: Python<'_>, layoutA: &Bound<'_, PyAny>, layoutB: &Bound<'_, PyAny>) -> R {
    if layoutB.is_none() {
        return Ok(layoutA.clone().unbind());
    }
    Ok(layout_of(layoutA)?.logical_product(py, layoutB)?.into_any())
}

/// pycute's `hier_unzip(splitter, layoutA, None)`: `make_layout(Layout(1, 0), layoutA)`.
fn unzipped_by_none(py: Python<'_>, layout_a: &Bound<'_, PyAny>) -> R {
    let trivial = Py::new(
        py,
        PyLayout::from(cute_layout::Layout::leaf(
            cute_layout::Int::dynamic(1),
            cute_layout::Int::dynamic(0),
        )),
    )?;
    let a = Py::new(py, layout_of(layout_a)?)?;
    table(
        py,
        "make_layout",
        &[trivial.bind(py).as_any(), a.bind(py).as_any()],
    )
}

/// `zipped_divide(layoutA, layoutB)` (`make_layout(Layout(1, 0), layoutA)` for `None`).
#[pyfunction]
#[allow(non_snake_case)]
#[pyo3(signature = (layoutA, layoutB))]
fn zipped_divide(py: Python<'_>, layoutA: &Bound<'_, PyAny>, layoutB: &Bound<'_, PyAny>) -> R {
    if layoutB.is_none() {
        return unzipped_by_none(py, layoutA);
    }
    Ok(layout_of(layoutA)?.zipped_divide(py, layoutB)?.into_any())
}

/// `zipped_product(layoutA, layoutB)` (`make_layout(Layout(1, 0), layoutA)` for `None`).
#[pyfunction]
#[allow(non_snake_case)]
#[pyo3(signature = (layoutA, layoutB))]
fn zipped_product(py: Python<'_>, layoutA: &Bound<'_, PyAny>, layoutB: &Bound<'_, PyAny>) -> R {
    if layoutB.is_none() {
        return unzipped_by_none(py, layoutA);
    }
    Ok(layout_of(layoutA)?.zipped_product(py, layoutB)?.into_any())
}

/// `tiled_divide(layoutA, layoutB)` (`None` is the empty tiler `()`).
#[pyfunction]
#[allow(non_snake_case)]
#[pyo3(signature = (layoutA, layoutB))]
fn tiled_divide(py: Python<'_>, layoutA: &Bound<'_, PyAny>, layoutB: &Bound<'_, PyAny>) -> R {
    let l = layout_of(layoutA)?;
    if layoutB.is_none() {
        return Ok(l.tiled_divide(py, PyTuple::empty(py).as_any())?.into_any());
    }
    Ok(l.tiled_divide(py, layoutB)?.into_any())
}

/// `tiled_product(layoutA, layoutB)` (`None` is the empty tiler `()`).
#[pyfunction]
#[allow(non_snake_case)]
#[pyo3(signature = (layoutA, layoutB))]
fn tiled_product(py: Python<'_>, layoutA: &Bound<'_, PyAny>, layoutB: &Bound<'_, PyAny>) -> R {
    let l = layout_of(layoutA)?;
    if layoutB.is_none() {
        return Ok(l.tiled_product(py, PyTuple::empty(py).as_any())?.into_any());
    }
    Ok(l.tiled_product(py, layoutB)?.into_any())
}

/// `x` as an int-tuple where the table's entry would read it the same way and could not run
/// out of its budget on it: `x` has [`plain_int_tuple`]'s form and at most [`SMALL_LEAVES`]
/// leaves, and the budget is the default [`MAX_WORK`] (the entry's charge for such a tuple is a
/// few dozen units), so that calling the entry's library function directly
/// gives what the entry gives. `None` otherwise: the caller goes through the table.
fn small_int_tuple(x: &Bound<'_, PyAny>) -> Option<IntTuple> {
    if budget::default_work() < MAX_WORK {
        return None;
    }
    plain_int_tuple(x).filter(|t| t.leaf_count() <= SMALL_LEAVES)
}

/// The most leaves of an int-tuple that [`small_int_tuple`] takes.
const SMALL_LEAVES: usize = 64;

/// `product(a)`: the table's `size` of an int-tuple (`IntTuple::size`, directly where
/// [`small_int_tuple`] allows it).
#[pyfunction]
fn product(py: Python<'_>, a: &Bound<'_, PyAny>) -> R {
    if let Some(n) = small_int_tuple(a).and_then(|t| t.size().ok()) {
        return Ok(n.value().into_pyobject(py)?.into_any().unbind());
    }
    table(py, "size", &[a])
}

/// `inner_product(a, b)`: the table's (`IntTuple::inner_product`, directly where
/// [`small_int_tuple`] allows it).
#[pyfunction]
fn inner_product(py: Python<'_>, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> R {
    if let (Some(x), Some(y)) = (small_int_tuple(a), small_int_tuple(b)) {
        if let Ok(n) = x.inner_product(&y) {
            return Ok(n.value().into_pyobject(py)?.into_any().unbind());
        }
    }
    table(py, "inner_product", &[a, b])
}

/// `shape_div(a, b)`: the table's (`IntTuple::shape_div`, directly where [`small_int_tuple`]
/// allows it).
#[pyfunction]
fn shape_div(py: Python<'_>, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> R {
    if let (Some(x), Some(y)) = (small_int_tuple(a), small_int_tuple(b)) {
        if let Ok(q) = x.shape_div(&y) {
            return Ok(int_tuple_to_py(py, &q)?.unbind());
        }
    }
    table(py, "shape_div", &[a, b])
}

/// `slice_and_offset(crd, layout)`: the pair `(layout sliced by crd, offset of crd)`.
#[pyfunction]
fn slice_and_offset(py: Python<'_>, crd: &Bound<'_, PyAny>, layout: &Bound<'_, PyAny>) -> R {
    table(py, "slice_and_offset", &[crd, layout])
}

/// The module `cute_layout._native.pycute`.
pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "pycute")?;
    m.add_function(wrap_pyfunction!(coalesce, &m)?)?;
    m.add_function(wrap_pyfunction!(filter, &m)?)?;
    m.add_function(wrap_pyfunction!(composition, &m)?)?;
    m.add_function(wrap_pyfunction!(complement, &m)?)?;
    m.add_function(wrap_pyfunction!(right_inverse, &m)?)?;
    m.add_function(wrap_pyfunction!(left_inverse, &m)?)?;
    m.add_function(wrap_pyfunction!(logical_divide, &m)?)?;
    m.add_function(wrap_pyfunction!(logical_product, &m)?)?;
    m.add_function(wrap_pyfunction!(zipped_divide, &m)?)?;
    m.add_function(wrap_pyfunction!(zipped_product, &m)?)?;
    m.add_function(wrap_pyfunction!(tiled_divide, &m)?)?;
    m.add_function(wrap_pyfunction!(tiled_product, &m)?)?;
    m.add_function(wrap_pyfunction!(product, &m)?)?;
    m.add_function(wrap_pyfunction!(inner_product, &m)?)?;
    m.add_function(wrap_pyfunction!(shape_div, &m)?)?;
    m.add_function(wrap_pyfunction!(slice_and_offset, &m)?)?;
    Ok(m)
}
