//! `LinearLayout`: Triton's linear layouts over F2 (`cute_layout::linear`), with Triton's
//! operations.

use crate::convert::err;
use cute_layout::linear::LinearLayout;
use cute_layout::notation::linear::{json, mlir, triton_string};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A linear layout: named input dimensions, each with one basis vector per bit, onto named
/// output dimensions of power-of-two sizes; an input maps to the XOR of its bits' bases.
#[pyclass(name = "LinearLayout", module = "cute_layout", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyLinearLayout {
    pub inner: LinearLayout,
}

fn wrap(l: LinearLayout) -> PyLinearLayout {
    PyLinearLayout { inner: l }
}

#[pymethods]
impl PyLinearLayout {
    /// `LinearLayout(text)`: any text form (`register=[[0,1]] -> dim0=2`, `#ttg.linear<{..}>`,
    /// Triton's `toString()`, JSON, Gluon's `DistributedLinearLayout(...)`).
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        Ok(wrap(text.parse().map_err(err)?))
    }

    /// `LinearLayout.from_bases({"register": [[0, 1]], ...}, {"dim0": 2, "dim1": 2})`.
    #[staticmethod]
    fn from_bases(bases: &Bound<'_, PyDict>, out_dims: &Bound<'_, PyDict>) -> PyResult<Self> {
        let ins = bases
            .iter()
            .map(|(k, v)| Ok((k.extract::<String>()?, v.extract::<Vec<Vec<u64>>>()?)))
            .collect::<PyResult<Vec<_>>>()?;
        let outs = out_dims
            .iter()
            .map(|(k, v)| Ok((k.extract::<String>()?, v.extract::<u64>()?)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(wrap(LinearLayout::new(ins, outs).map_err(err)?))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("LinearLayout('{}')", self.inner)
    }

    /// The input dimensions and their bases, in order.
    #[getter]
    fn in_dims(&self) -> Vec<(String, Vec<Vec<u64>>)> {
        self.inner.in_dims().to_vec()
    }

    /// The output dimensions and their sizes, in order.
    #[getter]
    fn out_dims(&self) -> Vec<(String, u64)> {
        self.inner.out_dims().to_vec()
    }

    /// `L(**ins)`: the output of each output dimension.
    #[pyo3(signature = (**ins))]
    fn apply(&self, ins: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<u64>> {
        let named = match ins {
            None => vec![],
            Some(d) => d
                .iter()
                .map(|(k, v)| Ok((k.extract::<String>()?, v.extract::<u64>()?)))
                .collect::<PyResult<Vec<_>>>()?,
        };
        let named: Vec<(&str, u64)> = named.iter().map(|(n, x)| (n.as_str(), *x)).collect();
        self.inner.apply(&named).map_err(err)
    }

    /// `outer ∘ self` (Triton's `compose`).
    fn compose(&self, outer: &PyLinearLayout) -> PyResult<Self> {
        Ok(wrap(self.inner.compose(&outer.inner).map_err(err)?))
    }

    /// The inverse of a bijective layout (Triton's `invert`).
    fn invert(&self) -> PyResult<Self> {
        Ok(wrap(self.inner.invert().map_err(err)?))
    }

    /// `C` with `self = outer ∘ C` (Triton's `invertAndCompose`).
    fn invert_and_compose(&self, outer: &PyLinearLayout) -> PyResult<Self> {
        Ok(wrap(
            self.inner.invert_and_compose(&outer.inner).map_err(err)?,
        ))
    }

    /// Triton's `operator*`.
    fn product(&self, outer: &PyLinearLayout) -> PyResult<Self> {
        Ok(wrap(self.inner.product(&outer.inner).map_err(err)?))
    }

    /// `reshape_ins([("offset", 64), ...])` (Triton's `reshapeIns`).
    fn reshape_ins(&self, dims: Vec<(String, u64)>) -> PyResult<Self> {
        let dims: Vec<(&str, u64)> = dims.iter().map(|(n, s)| (n.as_str(), *s)).collect();
        Ok(wrap(self.inner.reshape_ins(&dims).map_err(err)?))
    }

    /// `reshape_outs([("dim0", 16), ...])` (Triton's `reshapeOuts`).
    fn reshape_outs(&self, dims: Vec<(String, u64)>) -> PyResult<Self> {
        let dims: Vec<(&str, u64)> = dims.iter().map(|(n, s)| (n.as_str(), *s)).collect();
        Ok(wrap(self.inner.reshape_outs(&dims).map_err(err)?))
    }

    /// `reshape(ins, outs)`: `reshape_ins(ins).reshape_outs(outs)`.
    fn reshape(&self, ins: Vec<(String, u64)>, outs: Vec<(String, u64)>) -> PyResult<Self> {
        self.reshape_ins(ins)?.reshape_outs(outs)
    }

    /// The layout on the named input and output dimensions (Triton's `sublayout`).
    fn sublayout(&self, ins: Vec<String>, outs: Vec<String>) -> PyResult<Self> {
        let ins: Vec<&str> = ins.iter().map(String::as_str).collect();
        let outs: Vec<&str> = outs.iter().map(String::as_str).collect();
        Ok(wrap(self.inner.sublayout(&ins, &outs).map_err(err)?))
    }

    /// The rank of the layout's matrix over F2.
    fn rank(&self) -> usize {
        self.inner.rank()
    }

    fn is_surjective(&self) -> bool {
        self.inner.is_surjective()
    }

    fn is_injective(&self) -> bool {
        self.inner.is_injective()
    }

    /// MLIR's `#ttg.linear<{...}>`.
    fn to_mlir(&self) -> String {
        mlir(&self.inner)
    }

    /// Triton's `LinearLayout::toString()`.
    fn to_triton_string(&self) -> String {
        triton_string(&self.inner)
    }

    /// `{"bases": {...}, "out_dims": {...}}`.
    fn to_json(&self) -> String {
        json(&self.inner)
    }

    /// The simplest exact CuTe form: a `Layout`, a `ComposedLayout` or a `TvLayout`; raises
    /// `LayoutError` with the reason when there is none. It is the table's
    /// `cute_layout.from_linear_layout(self)` (one operation table for every front end; called
    /// through the module so that this class stays below the table's calls in `ops`).
    fn to_cute(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        let module = slf.py().import("cute_layout")?;
        Ok(module
            .getattr("from_linear_layout")?
            .call1((slf,))?
            .unbind())
    }
}
