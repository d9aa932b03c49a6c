//! `cute_layout.Swizzle` and `cute_layout.ComposedLayout`.

use crate::convert::{self, err, int_of, type_name};
use crate::layout::PyLayout;
use crate::render;
use cute_layout::swizzle::Outer;
use cute_layout::{AnyLayout, ComposedLayout, Int, Layout, Swizzle};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString, PyTuple};

/// A swizzle `Sw<B,M,S>`: `x ^ ((x & Y) >> S)` with `B` mask bits, `M` base bits, shift `S`.
#[pyclass(name = "Swizzle", module = "cute_layout", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PySwizzle {
    pub inner: Swizzle,
}

#[pymethods]
impl PySwizzle {
    /// `Swizzle(bits, base, shift)` (CuTe's `Swizzle<B,M,S>`), or `Swizzle("Sw<3,4,3>")`.
    #[new]
    #[pyo3(signature = (bits, base=None, shift=None))]
    fn new(
        bits: &Bound<'_, PyAny>,
        base: Option<&Bound<'_, PyAny>>,
        shift: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        if let (Ok(s), None, None) = (bits.downcast::<PyString>(), base, shift) {
            return Ok(PySwizzle {
                inner: s.to_cow()?.parse().map_err(err)?,
            });
        }
        let (Some(m), Some(s)) = (base, shift) else {
            return Err(PyTypeError::new_err(
                "Swizzle(bits, base, shift) takes three ints",
            ));
        };
        let b = int_of(bits, "Swizzle bits")?;
        let inner = Swizzle::new(b, int_of(m, "Swizzle base")?, int_of(s, "Swizzle shift")?)
            .map_err(err)?;
        Ok(PySwizzle { inner })
    }

    fn __call__(&self, x: &Bound<'_, PyAny>) -> PyResult<i64> {
        Ok(self.inner.apply(int_of(x, "the swizzled offset")?))
    }

    #[getter]
    fn bits(&self) -> u32 {
        self.inner.bits()
    }

    #[getter]
    fn base(&self) -> u32 {
        self.inner.base()
    }

    #[getter]
    fn shift(&self) -> i32 {
        self.inner.shift()
    }

    #[getter]
    fn yyy_msk(&self) -> i64 {
        self.inner.yyy_mask()
    }

    #[getter]
    fn zzz_msk(&self) -> i64 {
        self.inner.zzz_mask()
    }

    /// The size of the domain the swizzle permutes, `2^(B+M+|S|)`.
    fn size(&self) -> i64 {
        1i64 << (self.inner.bits() + self.inner.base() + self.inner.shift().unsigned_abs())
    }

    fn cosize(&self) -> i64 {
        self.size()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Swizzle({},{},{})",
            self.inner.bits(),
            self.inner.base(),
            self.inner.shift()
        )
    }
}

/// A composed layout `A o OFFSET o L` (`A` a `Swizzle` or a `Layout`): `A(OFFSET + L(c))`.
#[pyclass(name = "ComposedLayout", module = "cute_layout", frozen)]
#[derive(Clone)]
pub struct PyComposedLayout {
    pub inner: ComposedLayout,
}

pub fn wrap_any(py: Python<'_>, l: AnyLayout) -> PyResult<PyObject> {
    Ok(match l {
        AnyLayout::Layout(l) => Py::new(py, PyLayout::from(l))?.into_any(),
        AnyLayout::Composed(c) => Py::new(py, PyComposedLayout { inner: c })?.into_any(),
    })
}

#[pymethods]
impl PyComposedLayout {
    /// `ComposedLayout(outer, offset, inner)` (pycute's `ComposedLayout(layoutB, offset,
    /// layoutA)`), or `ComposedLayout("Sw<3,4,3> o _0 o (8,64):(64,1)")`.
    #[new]
    #[pyo3(signature = (outer, offset=None, inner=None))]
    fn new(
        outer: &Bound<'_, PyAny>,
        offset: Option<&Bound<'_, PyAny>>,
        inner: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        if let (Ok(s), None, None) = (outer.downcast::<PyString>(), offset, inner) {
            return Ok(PyComposedLayout {
                inner: s.to_cow()?.parse().map_err(err)?,
            });
        }
        let (Some(o), Some(l)) = (offset, inner) else {
            return Err(PyTypeError::new_err(
                "ComposedLayout(outer, offset, inner) takes three arguments",
            ));
        };
        let outer = if let Ok(sw) = outer.downcast::<PySwizzle>() {
            Outer::from(sw.get().inner)
        } else if let Ok(a) = outer.downcast::<PyLayout>() {
            Outer::from(Layout::clone(&a.get().inner))
        } else {
            return Err(PyTypeError::new_err(format!(
                "ComposedLayout outer: expected a Swizzle or a Layout, got {}",
                type_name(outer)
            )));
        };
        let offset = Int::dynamic(int_of(o, "ComposedLayout offset")?);
        let layout = crate::layout::layout(l, "ComposedLayout inner")?;
        Ok(PyComposedLayout {
            inner: ComposedLayout::with_outer(outer, offset, layout),
        })
    }

    /// The outer function (pycute's `layoutB`): a `Swizzle` or a `Layout`.
    #[getter(layoutB)]
    fn outer(&self, py: Python<'_>) -> PyResult<PyObject> {
        Ok(match self.inner.outer() {
            Outer::Swizzle(sw) => Py::new(py, PySwizzle { inner: *sw })?.into_any(),
            Outer::Layout(l) => Py::new(py, PyLayout::from((**l).clone()))?.into_any(),
        })
    }

    #[getter]
    fn offset(&self) -> i64 {
        self.inner.offset().value()
    }

    /// The inner layout (pycute's `layoutA`).
    #[getter(layoutA)]
    fn inner_layout(&self) -> PyLayout {
        PyLayout::from(self.inner.layout().clone())
    }

    #[getter]
    fn layout(&self) -> PyLayout {
        self.inner_layout()
    }

    #[pyo3(signature = (*args))]
    fn __call__(&self, args: &Bound<'_, PyTuple>) -> PyResult<i64> {
        if args.len() == 1 {
            let a = args.get_item(0)?;
            if a.is_instance_of::<PyInt>() {
                return self.inner.eval(int_of(&a, "the index")?).map_err(err);
            }
            let c = convert::int_tuple(&a, "the coordinate")?;
            return Ok(self.inner.call(&c).map_err(err)?.value());
        }
        let c = convert::int_tuple(args.as_any(), "the coordinate")?;
        Ok(self.inner.call(&c).map_err(err)?.value())
    }

    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::int_tuple_to_py(py, self.inner.shape())
    }

    fn size(&self) -> PyResult<i64> {
        Ok(self.inner.size().map_err(err)?.value())
    }

    fn cosize(&self) -> PyResult<i64> {
        Ok(self.inner.cosize().map_err(err)?.value())
    }

    #[getter]
    fn rank(&self) -> usize {
        self.inner.rank()
    }

    #[getter]
    fn depth(&self) -> usize {
        self.inner.depth()
    }

    fn __len__(&self) -> usize {
        self.inner.rank()
    }

    /// `CL[i]`: the composed layout of mode `i` of the inner layout.
    fn __getitem__(&self, i: &Bound<'_, PyAny>) -> PyResult<Self> {
        let k = int_of(i, "the mode index")?;
        let r = self.inner.rank() as i64;
        let k = if k < 0 { k + r } else { k };
        if k < 0 || k >= r {
            return Err(PyIndexError::new_err(format!(
                "mode index out of range for rank {r}"
            )));
        }
        let inner = self.inner.map_inner(|l| l.mode(k as usize)).map_err(err)?;
        Ok(PyComposedLayout { inner })
    }

    fn offsets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray1<i64>>> {
        use numpy::IntoPyArray;
        let any = AnyLayout::Composed(self.inner.clone());
        Ok(any.offsets().map_err(err)?.into_pyarray(py))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyComposedLayout>()
            .is_ok_and(|o| o.get().inner.to_string() == self.inner.to_string())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.to_string().hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("ComposedLayout('{}')", self.inner)
    }

    /// In Jupyter: the table of offsets (rank 1 as one row, rank 2 as rows x columns).
    fn _repr_html_(&self) -> PyResult<Option<String>> {
        let cl = &self.inner;
        let title = cl.to_string();
        match cl.rank() {
            1 => {
                let n = cl.size().map_err(err)?.value();
                render::html_grid(&title, (1, n), |_, j| cl.eval(j)).map(Some)
            }
            2 => {
                let (m, n) = (
                    cl.layout()
                        .mode(0)
                        .map_err(err)?
                        .size()
                        .map_err(err)?
                        .value(),
                    cl.layout()
                        .mode(1)
                        .map_err(err)?
                        .size()
                        .map_err(err)?
                        .value(),
                );
                render::html_grid(&title, (m, n), |i, j| cl.eval(i + m * j)).map(Some)
            }
            _ => Ok(None),
        }
    }
}
