//! `cute_layout.Tensor`: a layout over a NumPy array, `data[offset + L(c)]`.
//!
//! The partitions (`local_tile`, `local_partition`, ...) and slices are the library's, on a
//! data-less `Tensor<()>`; the array is shared, never copied, so writes go through.
//!
//! A tensor without an array (`Tensor(None, layout, offset)`, and what the module functions
//! return for a tensor result, e.g. `local_partition`) is a tensor over positions, C++'s tensor
//! over a counting iterator: its element at `c` is the position `offset + L(c)` itself.

use crate::convert::{self, err, int_of, type_name};
use crate::layout::PyLayout;
use crate::swizzle::{wrap_any, PyComposedLayout};
use crate::values::PyTvLayout;
use cute_layout::{AnyLayout, Coord, Int, Layout, Tensor};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

type Plain = Tensor<()>;

/// A tensor: a layout (a `Layout` or a swizzled `ComposedLayout`) and an offset over a NumPy
/// array (flattened in C order, shared with the caller), or over positions (no array: each
/// element is its position `offset + L(c)`).
#[pyclass(name = "Tensor", module = "cute_layout", frozen)]
pub struct PyTensor {
    data: Option<Py<PyAny>>,
    layout: AnyLayout,
    offset: i64,
    /// Whether the offset is a static integer (a tensor result of the operation table passed
    /// back keeps its tag; a partition's offset is a run-time value, as in C++).
    static_offset: bool,
}

impl PyTensor {
    /// The tensor over positions `offset + L(c)` (no array): a tensor result of the operation
    /// table (`Value::LayoutOffset` / `Value::ComposedOffset`).
    pub fn over_positions(layout: AnyLayout, offset: Int) -> PyTensor {
        PyTensor {
            data: None,
            layout,
            offset: offset.value(),
            static_offset: offset.is_static(),
        }
    }

    /// Whether the tensor has an array (else it is over positions).
    pub fn has_data(&self) -> bool {
        self.data.is_some()
    }

    /// The layout (a `Layout` or a `ComposedLayout`) and the offset.
    pub fn parts(&self) -> (&AnyLayout, Int) {
        (&self.layout, Int::new(self.offset, self.static_offset))
    }

    /// The number of elements of the array; `None` without one (every position is valid).
    fn array_len(&self, py: Python<'_>) -> PyResult<Option<i64>> {
        match &self.data {
            Some(d) => Ok(Some(d.bind(py).len()? as i64)),
            None => Ok(None),
        }
    }
}

fn layout_arg(x: &Bound<'_, PyAny>) -> PyResult<AnyLayout> {
    if let Ok(l) = x.downcast::<PyLayout>() {
        Ok(AnyLayout::Layout(Layout::clone(&l.get().inner)))
    } else if let Ok(c) = x.downcast::<PyComposedLayout>() {
        Ok(AnyLayout::Composed(c.get().inner.clone()))
    } else if let Ok(s) = x.downcast::<PyString>() {
        s.to_cow()?.parse().map_err(err)
    } else {
        let shape = convert::shape(x, "Tensor layout").map_err(|_| {
            PyTypeError::new_err(format!(
                "Tensor layout: expected a Layout, a ComposedLayout or a shape, got {}",
                type_name(x)
            ))
        })?;
        Ok(AnyLayout::Layout(
            Layout::column_major(&shape).map_err(err)?,
        ))
    }
}

/// The array's elements as a one-dimensional view; numeric dtypes only, C-contiguous.
fn flat_view<'py>(data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let np = data.py().import("numpy")?;
    let arr = np.call_method1("asarray", (data,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    if !"biufc".contains(kind.as_str()) {
        return Err(PyTypeError::new_err(format!(
            "Tensor data: expected a numeric NumPy array (bool, int, uint, float or complex), got dtype {}",
            arr.getattr("dtype")?.str()?
        )));
    }
    if !arr
        .getattr("flags")?
        .getattr("c_contiguous")?
        .extract::<bool>()?
    {
        return Err(PyValueError::new_err(
            "Tensor data: the array is not C-contiguous (pass numpy.ascontiguousarray(a))",
        ));
    }
    arr.call_method1("reshape", (-1,))
}

impl PyTensor {
    fn plain(&self) -> Plain {
        Tensor::new((), self.layout.clone()).with_offset(self.offset)
    }

    fn with(&self, py: Python<'_>, t: cute_layout::error::Result<Plain>) -> PyResult<PyTensor> {
        let t = t.map_err(err)?;
        Ok(PyTensor {
            data: self.data.as_ref().map(|d| d.clone_ref(py)),
            layout: t.layout().clone(),
            offset: t.offset(),
            static_offset: false,
        })
    }

    /// The positions in the array of the elements, in index order, checked against its size.
    fn positions(&self, py: Python<'_>) -> PyResult<Vec<i64>> {
        let offs = self.layout.offsets().map_err(err)?;
        let len = self.array_len(py)?;
        let mut out = Vec::with_capacity(offs.len());
        for o in offs {
            let p = o
                .checked_add(self.offset)
                .filter(|p| len.is_none_or(|len| (0..len).contains(p)));
            out.push(p.ok_or_else(|| {
                PyValueError::new_err(format!(
                    "Tensor: the layout {} with offset {} reaches position {}, {}",
                    self.layout,
                    self.offset,
                    o as i128 + self.offset as i128,
                    match len {
                        Some(len) => format!("outside the array of {len} elements"),
                        None => "beyond a signed 64-bit integer".to_string(),
                    }
                ))
            })?);
        }
        Ok(out)
    }

    fn position(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Option<i64>> {
        let off = if key.is_instance_of::<PyInt>() {
            self.layout.eval(int_of(key, "the index")?).map_err(err)?
        } else {
            let c = convert::coord(key, "the coordinate")?;
            if c.has_underscore() {
                return Ok(None);
            }
            self.layout
                .call(&c.underscores_as_zero())
                .map_err(err)?
                .value()
        };
        let len = self.array_len(py)?;
        match off
            .checked_add(self.offset)
            .filter(|p| len.is_none_or(|len| (0..len).contains(p)))
        {
            Some(p) => Ok(Some(p)),
            None => Err(PyValueError::new_err(format!(
                "Tensor: {} maps to position {} + {off}, {}",
                key.str()?,
                self.offset,
                match len {
                    Some(len) => format!("outside the array of {len} elements"),
                    None => "beyond a signed 64-bit integer".to_string(),
                }
            ))),
        }
    }
}

#[pymethods]
impl PyTensor {
    /// `Tensor(array, layout, offset=0)`: `layout` a `Layout`, a `ComposedLayout`, CuTe text or
    /// a shape (column-major). The array must hold every position the layout reaches; with
    /// `None` for the array, the tensor is over positions (its elements are `offset + L(c)`).
    #[new]
    #[pyo3(signature = (data, layout, offset=None))]
    fn new(
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        layout: &Bound<'_, PyAny>,
        offset: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let t = PyTensor {
            data: if data.is_none() {
                None
            } else {
                Some(flat_view(data)?.unbind())
            },
            layout: layout_arg(layout)?,
            offset: offset.map_or(Ok(0), |o| int_of(o, "Tensor offset"))?,
            static_offset: false,
        };
        t.positions(py)?;
        Ok(t)
    }

    /// The layout: a `Layout` or a `ComposedLayout`.
    #[getter]
    fn layout(&self, py: Python<'_>) -> PyResult<PyObject> {
        wrap_any(py, self.layout.clone())
    }

    #[getter]
    fn offset(&self) -> i64 {
        self.offset
    }

    /// The one-dimensional NumPy view of the data (shared); `None` for a tensor over positions.
    #[getter]
    fn data(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.data.as_ref().map(|d| d.clone_ref(py))
    }

    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::int_tuple_to_py(py, self.layout.inner().shape())
    }

    fn size(&self) -> PyResult<i64> {
        Ok(self.layout.size().map_err(err)?.value())
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.size()? as usize)
    }

    /// `T[i]`, `T[i, j]`, `T[(i, (j, k))]`: an element; with `None` / `_`: the sliced tensor.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        match self.position(py, key)? {
            Some(p) => match &self.data {
                Some(d) => Ok(d.bind(py).get_item(p)?.unbind()),
                None => Ok(p.into_pyobject(py)?.into_any().unbind()),
            },
            None => {
                let c: Coord = convert::coord(key, "the coordinate")?;
                Ok(Py::new(py, self.with(py, self.plain().slice(&c))?)?.into_any())
            }
        }
    }

    /// `T[c] = v`; a slice (`None` / `_`) assigns every element it selects.
    fn __setitem__(
        &self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let Some(data) = &self.data else {
            return Err(PyTypeError::new_err(format!(
                "Tensor: {self_} is a tensor over positions (no array): its elements cannot be assigned",
                self_ = self.__repr__()
            )));
        };
        let data = data.bind(py);
        match self.position(py, key)? {
            Some(p) => data.set_item(p, value),
            None => {
                let c: Coord = convert::coord(key, "the coordinate")?;
                let part = self.with(py, self.plain().slice(&c))?;
                data.set_item(part.positions(py)?, value)
            }
        }
    }

    /// The elements in index order, as a new one-dimensional array.
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let np = py.import("numpy")?;
        let idx = np.call_method1("asarray", (self.positions(py)?,))?;
        match &self.data {
            Some(d) => d.bind(py).get_item(idx),
            None => Ok(idx),
        }
    }

    /// The elements as an array of shape `product_each(shape)`, column-major (CuTe's order).
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let shape = self.layout.inner().shape().product_each().map_err(err)?;
        let dims: Vec<i64> = shape.leaves().map(|n| n.value()).collect();
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("order", "F")?;
        self.values(py)?
            .call_method("reshape", (dims,), Some(&kwargs))
    }

    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = copy;
        let a = self.to_numpy(py)?;
        match dtype {
            Some(d) => a.call_method1("astype", (d,)),
            None => Ok(a),
        }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.values(py)?.try_iter()?.into_any())
    }

    /// `local_tile(T, tiler, coord[, proj])`: the tile at `coord` of `zipped_divide(T, tiler)`.
    #[pyo3(signature = (tiler, coord, proj=None))]
    fn local_tile(
        &self,
        py: Python<'_>,
        tiler: &Bound<'_, PyAny>,
        coord: &Bound<'_, PyAny>,
        proj: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyTensor> {
        let t = crate::layout::tiler(tiler, "local_tile tiler")?;
        let c = convert::coord(coord, "local_tile coord")?;
        match proj {
            None => self.with(py, self.plain().local_tile(&t, &c)),
            Some(p) => self.with(
                py,
                self.plain()
                    .local_tile_proj(&t, &c, &convert::coord(p, "local_tile proj")?),
            ),
        }
    }

    /// `local_partition(T, thr_layout, idx[, proj])`: thread `idx`'s elements.
    #[pyo3(signature = (thr, idx, proj=None))]
    fn local_partition(
        &self,
        py: Python<'_>,
        thr: &Bound<'_, PyAny>,
        idx: &Bound<'_, PyAny>,
        proj: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyTensor> {
        let thr = crate::layout::layout(thr, "local_partition thr_layout")?;
        let i = int_of(idx, "local_partition idx")?;
        match proj {
            None => self.with(py, self.plain().local_partition(&thr, i)),
            Some(p) => self.with(
                py,
                self.plain().local_partition_proj(
                    &thr,
                    i,
                    &convert::coord(p, "local_partition proj")?,
                ),
            ),
        }
    }

    fn inner_partition(
        &self,
        py: Python<'_>,
        tiler: &Bound<'_, PyAny>,
        coord: &Bound<'_, PyAny>,
    ) -> PyResult<PyTensor> {
        let t = crate::layout::tiler(tiler, "inner_partition tiler")?;
        self.with(
            py,
            self.plain()
                .inner_partition(&t, &convert::coord(coord, "inner_partition coord")?),
        )
    }

    fn outer_partition(
        &self,
        py: Python<'_>,
        tiler: &Bound<'_, PyAny>,
        coord: &Bound<'_, PyAny>,
    ) -> PyResult<PyTensor> {
        let t = crate::layout::tiler(tiler, "outer_partition tiler")?;
        self.with(
            py,
            self.plain()
                .outer_partition(&t, &convert::coord(coord, "outer_partition coord")?),
        )
    }

    /// Thread `tid`'s values under a TV layout (`tv_partition`).
    fn tv_partition(
        &self,
        py: Python<'_>,
        tv: &PyTvLayout,
        tid: &Bound<'_, PyAny>,
    ) -> PyResult<PyTensor> {
        self.with(
            py,
            self.plain()
                .tv_partition(&tv.inner, int_of(tid, "tv_partition tid")?),
        )
    }

    fn compose(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        self.with(
            py,
            self.plain()
                .compose(&crate::layout::tiler(tiler, "compose tiler")?),
        )
    }

    fn logical_divide(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        self.with(
            py,
            self.plain()
                .logical_divide(&crate::layout::tiler(tiler, "logical_divide tiler")?),
        )
    }

    fn zipped_divide(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        self.with(
            py,
            self.plain()
                .zipped_divide(&crate::layout::tiler(tiler, "zipped_divide tiler")?),
        )
    }

    fn tiled_divide(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        self.with(
            py,
            self.plain()
                .tiled_divide(&crate::layout::tiler(tiler, "tiled_divide tiler")?),
        )
    }

    fn flat_divide(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        self.with(
            py,
            self.plain()
                .flat_divide(&crate::layout::tiler(tiler, "flat_divide tiler")?),
        )
    }

    fn _repr_svg_(&self) -> Option<String> {
        match &self.layout {
            AnyLayout::Layout(l) => crate::render::svg_of(l, false).ok(),
            AnyLayout::Composed(_) => None,
        }
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let values = self.values(py)?;
        Ok(format!(
            "tensor {} + {}: {}",
            self.layout,
            self.offset,
            values.str()?
        ))
    }

    fn __repr__(&self) -> String {
        let over = if self.data.is_some() {
            ""
        } else {
            " over positions"
        };
        format!(
            "<cute_layout.Tensor {} + {}{over}>",
            self.layout, self.offset
        )
    }

    /// Tensors over positions are equal when their layouts and offsets are; a tensor over an
    /// array equals only itself (its data may change).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> bool {
        let this = slf.get();
        match other.downcast::<PyTensor>() {
            Ok(o) if this.data.is_none() && o.get().data.is_none() => {
                this.layout == o.get().layout && this.offset == o.get().offset
            }
            Ok(o) => slf.is(o),
            Err(_) => false,
        }
    }
}
