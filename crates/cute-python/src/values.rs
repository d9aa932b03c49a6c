//! The other values of the algebra: TV layouts, and the values without a
//! class of their own (identity tensors, scaled-basis layouts), kept with their expression.

use crate::convert::{err, int_of, int_tuple_to_py};
use crate::layout::PyLayout;
use crate::render;
use cute_layout::tv::TvLayout;
use cute_tools::eval::Value;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A thread-value layout: `(thread, value) -> index` into an `(M, N)` tile (`make_layout_tv`).
#[pyclass(name = "TvLayout", module = "cute_layout", frozen)]
pub struct PyTvLayout {
    pub inner: TvLayout,
}

#[pymethods]
impl PyTvLayout {
    /// `TvLayout(tile_mn, layout_tv)`.
    #[new]
    fn new(tile: &Bound<'_, PyAny>, layout: &Bound<'_, PyAny>) -> PyResult<Self> {
        let tiler = crate::convert::int_tuple(tile, "TvLayout tile")?;
        let l = crate::layout::layout(layout, "TvLayout layout")?;
        Ok(PyTvLayout {
            inner: TvLayout::new(tiler, l).map_err(err)?,
        })
    }

    /// The `(M, N)` tile.
    #[getter]
    fn tiler<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_tuple_to_py(py, &self.inner.tiler)
    }

    /// The layout `(thread, value) -> index`.
    #[getter]
    fn layout(&self) -> PyLayout {
        PyLayout::from(self.inner.layout.clone())
    }

    fn threads(&self) -> PyResult<i64> {
        self.inner.threads().map_err(err)
    }

    fn values(&self) -> PyResult<i64> {
        self.inner.values().map_err(err)
    }

    /// The `(m, n)` cell of the tile that thread `t`'s value `v` lands in.
    fn cell_of(&self, t: &Bound<'_, PyAny>, v: &Bound<'_, PyAny>) -> PyResult<(i64, i64)> {
        self.inner
            .cell_of(int_of(t, "thread")?, int_of(v, "value")?)
            .map_err(err)
    }

    /// The grid of `cute show --tv`.
    fn grid(&self) -> PyResult<String> {
        cute_tools::tv_render::grid_tv(&self.inner).map_err(err)
    }

    /// The SVG of `cute svg --tv`.
    fn to_svg(&self) -> PyResult<String> {
        cute_tools::tv_render::svg_tv(&self.inner).map_err(err)
    }

    fn to_png<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        render::png_of(py, &self.to_svg()?)
    }

    /// `print_latex_tv` (as `cute latex --tv`).
    fn to_latex(&self) -> PyResult<String> {
        cute_tools::tv_render::latex_tv(&self.inner).map_err(err)
    }

    fn _repr_svg_(&self) -> Option<String> {
        self.to_svg().ok()
    }

    fn __str__(&self) -> String {
        format!("({},{})", self.inner.tiler, self.inner.layout)
    }

    fn __repr__(&self) -> String {
        format!("TvLayout('{}', '{}')", self.inner.tiler, self.inner.layout)
    }
}

/// A value with no class of its own (an identity tensor, a scaled-basis layout, an atom, a tiled
/// MMA or a tiled copy), with the expression that made it, so that it can be passed on to other
/// operations.
#[pyclass(name = "Value", module = "cute_layout", frozen)]
pub struct PyValue {
    pub expr: String,
    pub value: Value,
}

#[pymethods]
impl PyValue {
    /// The expression that computed the value.
    #[getter]
    fn expr(&self) -> &str {
        &self.expr
    }

    /// The SVG picture of `cute svg EXPR`: a tiled MMA's, tiled copy's or atom's figure, an
    /// identity tensor's or scaled-basis layout's grid of coordinates.
    fn to_svg(&self) -> PyResult<String> {
        render::svg_of_value(&self.expr, &self.value)
    }

    /// The PNG image of `to_svg()`, as bytes.
    fn to_png<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        render::png_of(py, &self.to_svg()?)
    }

    /// The picture in Jupyter; `None` (the text) where the value has none.
    fn _repr_svg_(&self) -> Option<String> {
        self.to_svg().ok()
    }

    /// A symbolic value's assumptions, each as text (`["128 | M", "64 | N"]`); empty for any
    /// other value.
    #[getter]
    fn assumptions(&self) -> Vec<String> {
        match &self.value {
            Value::Symbolic(s) => s.assumptions.iter().map(ToString::to_string).collect(),
            _ => Vec::new(),
        }
    }

    /// A symbolic value without its assumptions (`((128,M/128),..):(..)`); for any other
    /// value its text.
    #[getter]
    fn value(&self) -> String {
        match &self.value {
            Value::Symbolic(s) => s.value.to_string(),
            v => v.to_string(),
        }
    }

    fn __str__(&self) -> String {
        self.value.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<cute_layout.Value {} = {}>", self.expr, self.value)
    }
}
