//! `cute_layout.Layout`: a layout `Shape:Stride`, calling the library directly; its categorical
//! view `cute_layout.Morphism`; the conversions of Python objects to layouts and tilers.

use crate::convert::{
    self, err, int_of, int_tuple_to_py, is_underscore, items, too_deep, type_name,
};
use crate::render;
use cute_layout::category::NestedMorphism;
use cute_layout::{algebra, CompiledLayout, Int, IntTuple, Layout, Tiler, MAX_DEPTH};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILProtected;
use pyo3::type_object::PyTypeInfo;
use pyo3::types::{PyBool, PyBytes, PyInt, PyString, PyTuple};
use std::cell::RefCell;
use std::fmt::Display;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::Arc;

/// A CuTe layout `Shape:Stride`, a function from coordinates to offsets.
///
/// `Layout((4, 2), (2, 1))`, `Layout((4, 2))` (column-major strides), or
/// `Layout.parse("(_4,8):(_1,4)")` (CuTe notation, static tags kept).
#[pyclass(name = "Layout", module = "cute_layout", frozen, eq, hash)]
#[derive(Clone)]
pub struct PyLayout {
    /// Shared with the values passed to and returned by the operation table, so that neither an
    /// argument nor a result is copied.
    pub inner: Arc<Layout>,
}

impl From<Arc<Layout>> for PyLayout {
    fn from(inner: Arc<Layout>) -> Self {
        PyLayout { inner }
    }
}

impl From<Layout> for PyLayout {
    fn from(l: Layout) -> Self {
        PyLayout::from(Arc::new(l))
    }
}

impl PartialEq for PyLayout {
    /// Equal values and structure (a static `_4` equals a dynamic `4`, as in C++).
    fn eq(&self, other: &Self) -> bool {
        let values = |t: &IntTuple| t.map(Int::value);
        self.inner.shape().congruent(other.inner.shape())
            && values(self.inner.shape()) == values(other.inner.shape())
            && values(self.inner.stride()) == values(other.inner.stride())
    }
}

impl Hash for PyLayout {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.inner.shape().map(Int::value).hash(state);
        self.inner.stride().map(Int::value).hash(state);
    }
}

/// The `Layout` type object, recorded when the module is initialised ([`record_type`]), so that
/// telling a `Layout` argument apart is one pointer comparison: pyo3's `downcast` finds the type
/// through its lazy type object on every call (~90 instructions, a tenth of a cheap call).
static LAYOUT_TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(std::ptr::null_mut());

/// Records the `Layout` type object for [`as_layout`] (once, at module initialisation).
pub fn record_type(py: Python<'_>) {
    LAYOUT_TYPE.store(PyLayout::type_object_raw(py), Ordering::Relaxed);
}

/// `x` as a `Layout`, if it is one.
pub fn as_layout<'a, 'py>(x: &'a Bound<'py, PyAny>) -> Option<&'a Bound<'py, PyLayout>> {
    let layout_type = LAYOUT_TYPE.load(Ordering::Relaxed);
    if layout_type.is_null() {
        return x.downcast::<PyLayout>().ok();
    }
    // `Layout` cannot be subclassed (no `subclass` in its `pyclass`), so its instances are
    // exactly the objects of its type
    // SAFETY: `x`'s type is `Layout`'s, so `x` is a `PyLayout` object
    (x.get_type_ptr() == layout_type).then(|| unsafe { x.downcast_unchecked::<PyLayout>() })
}

pub fn wrap(py: Python<'_>, l: Layout) -> PyResult<Py<PyLayout>> {
    Py::new(py, PyLayout::from(l))
}

type R = PyResult<Py<PyLayout>>;

#[pymethods]
impl PyLayout {
    #[new]
    #[pyo3(signature = (shape, stride=None))]
    pub(crate) fn new(
        shape: &Bound<'_, PyAny>,
        stride: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        match stride {
            // the common call, `Layout((2, 4), (1, 2))`, in one pass
            Some(d) => {
                if let Some(l) = convert::plain_layout(shape, d) {
                    return Ok(PyLayout::from(l));
                }
            }
            None => {
                if let Ok(s) = shape.downcast::<PyString>() {
                    return Self::parse(&s.to_cow()?);
                }
            }
        }
        let s = convert::shape(shape, "Layout shape")?;
        let inner = match stride {
            None => Layout::column_major(&s),
            Some(d) => Layout::new(s, convert::int_tuple(d, "Layout stride")?),
        }
        .map_err(err)?;
        Ok(PyLayout::from(inner))
    }

    /// Parses CuTe notation, e.g. `"(_4,8):(_1,4)"`.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Self> {
        Ok(PyLayout::from(text.parse::<Layout>().map_err(err)?))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Layout.parse('{}')", self.inner)
    }

    /// `L(i)`, `L(i, j)`, `L((i, (j, k)))`: the offset of a coordinate; with `None` or `_` in
    /// the coordinate, the sliced layout.
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<PyObject> {
        if args.len() == 1 {
            let a = args.get_borrowed_item(0)?;
            if a.is_exact_instance_of::<PyInt>() {
                // an exact int is neither a bool nor anything else `int_of` refuses: only its
                // range is left to check
                let i = match a.extract::<i64>() {
                    Ok(i) => i,
                    Err(_) => int_of(&a, "the index")?,
                };
                return Ok(self.eval(py, i)?.into_pyobject(py)?.into_any().unbind());
            }
            return self.call_coord(py, &a);
        }
        self.call_coord(py, args.as_any())
    }

    #[getter]
    pub(crate) fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_tuple_to_py(py, self.inner.shape())
    }

    #[getter]
    pub(crate) fn stride<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_tuple_to_py(py, self.inner.stride())
    }

    pub(crate) fn size(&self) -> PyResult<i64> {
        Ok(self.inner.size().map_err(err)?.value())
    }

    pub(crate) fn cosize(&self) -> PyResult<i64> {
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

    /// `L[i]`: mode `i` (negative counts from the end); `L[i, j]`: mode `j` of mode `i`.
    fn __getitem__(&self, py: Python<'_>, i: &Bound<'_, PyAny>) -> R {
        let Ok(path) = i.downcast::<PyTuple>() else {
            return wrap(py, mode_at(&self.inner, i)?);
        };
        let mut l = Layout::clone(&self.inner);
        for p in path.iter() {
            l = mode_at(&l, &p)?;
        }
        wrap(py, l)
    }

    fn __iter__(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        let py = slf.py();
        let modes = slf
            .get()
            .inner
            .modes()
            .map(|m| wrap(py, m))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyTuple::new(py, modes)?
            .as_any()
            .try_iter()?
            .into_any()
            .unbind())
    }

    fn __getnewargs__(&self) -> (String,) {
        (self.inner.to_string(),)
    }

    /// Whether every integer of the layout is static.
    fn is_static(&self) -> bool {
        self.inner.is_static()
    }

    /// The offsets `L(0), ..., L(size-1)` as a NumPy int64 array.
    fn offsets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        Ok(self.inner.offsets().map_err(err)?.into_pyarray(py))
    }

    pub(crate) fn flatten(&self, py: Python<'_>) -> R {
        wrap(py, self.inner.flatten())
    }

    #[pyo3(signature = (profile=None))]
    pub(crate) fn coalesce(&self, py: Python<'_>, profile: Option<&Bound<'_, PyAny>>) -> R {
        let r = match profile {
            None => algebra::coalesce::coalesce(&self.inner),
            Some(p) => algebra::coalesce::coalesce_by(
                &self.inner,
                &convert::int_tuple(p, "coalesce profile")?,
            ),
        };
        wrap(py, r.map_err(err)?)
    }

    #[pyo3(signature = (profile=None))]
    pub(crate) fn filter(&self, py: Python<'_>, profile: Option<&Bound<'_, PyAny>>) -> R {
        let r = match profile {
            None => algebra::coalesce::filter(&self.inner),
            Some(p) => {
                algebra::coalesce::filter_by(&self.inner, &convert::int_tuple(p, "filter profile")?)
            }
        };
        wrap(py, r.map_err(err)?)
    }

    pub(crate) fn composition(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> R {
        if let Ok(b) = tiler.downcast::<PyLayout>() {
            return wrap(
                py,
                cute_layout::composition(&self.inner, &b.get().inner).map_err(err)?,
            );
        }
        let t = self::tiler(tiler, "composition tiler")?;
        wrap(
            py,
            cute_layout::composition_tiler(&self.inner, &t).map_err(err)?,
        )
    }

    #[pyo3(signature = (cotarget=None))]
    pub(crate) fn complement(&self, py: Python<'_>, cotarget: Option<&Bound<'_, PyAny>>) -> R {
        let r = match cotarget {
            None => cute_layout::complement_default(&self.inner),
            Some(c) => {
                cute_layout::complement(&self.inner, &convert::int_tuple(c, "complement cotarget")?)
            }
        };
        wrap(py, r.map_err(err)?)
    }

    pub(crate) fn right_inverse(&self, py: Python<'_>) -> R {
        wrap(py, cute_layout::right_inverse(&self.inner).map_err(err)?)
    }

    pub(crate) fn left_inverse(&self, py: Python<'_>) -> R {
        wrap(py, cute_layout::left_inverse(&self.inner).map_err(err)?)
    }

    pub(crate) fn logical_divide(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> R {
        self.tiled(
            py,
            tiler,
            "logical_divide tiler",
            cute_layout::logical_divide,
        )
    }

    pub(crate) fn zipped_divide(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> R {
        self.tiled(py, tiler, "zipped_divide tiler", cute_layout::zipped_divide)
    }

    pub(crate) fn tiled_divide(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> R {
        self.tiled(py, tiler, "tiled_divide tiler", cute_layout::tiled_divide)
    }

    pub(crate) fn flat_divide(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> R {
        self.tiled(py, tiler, "flat_divide tiler", cute_layout::flat_divide)
    }

    pub(crate) fn logical_product(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> R {
        self.tiled(
            py,
            tiler,
            "logical_product tiler",
            cute_layout::logical_product,
        )
    }

    pub(crate) fn zipped_product(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> R {
        self.tiled(
            py,
            tiler,
            "zipped_product tiler",
            cute_layout::zipped_product,
        )
    }

    pub(crate) fn tiled_product(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> R {
        self.tiled(py, tiler, "tiled_product tiler", cute_layout::tiled_product)
    }

    pub(crate) fn flat_product(&self, py: Python<'_>, tiler: &Bound<'_, PyAny>) -> R {
        self.tiled(py, tiler, "flat_product tiler", cute_layout::flat_product)
    }

    pub(crate) fn blocked_product(&self, py: Python<'_>, block: &Bound<'_, PyAny>) -> R {
        let b = layout(block, "blocked_product B")?;
        wrap(
            py,
            cute_layout::blocked_product(&self.inner, &b).map_err(err)?,
        )
    }

    pub(crate) fn raked_product(&self, py: Python<'_>, block: &Bound<'_, PyAny>) -> R {
        let b = layout(block, "raked_product B")?;
        wrap(
            py,
            cute_layout::raked_product(&self.inner, &b).map_err(err)?,
        )
    }

    /// CuTe's `print_layout` grid (as `cute show`).
    fn grid(&self) -> PyResult<String> {
        render::grid(&self.inner)
    }

    /// `print_latex`: a standalone TikZ document (as `cute latex`).
    fn to_latex(&self) -> PyResult<String> {
        cute_tools::render::latex(&self.inner).map_err(err)
    }

    /// The SVG picture (as `cute svg`); `coords=True` labels cells with coordinates.
    #[pyo3(signature = (coords=false))]
    fn to_svg(&self, coords: bool) -> PyResult<String> {
        render::svg_of(&self.inner, coords)
    }

    /// The PNG image of the SVG picture, as bytes (as `cute svg -o FILE.png`).
    #[pyo3(signature = (coords=false))]
    fn to_png<'py>(
        &self,
        py: Python<'py>,
        coords: bool,
    ) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        render::png_of(py, &render::svg_of(&self.inner, coords)?)
    }

    fn _repr_svg_(&self) -> Option<String> {
        render::svg_of(&self.inner, false).ok()
    }

    fn _repr_html_(&self) -> Option<String> {
        render::html_of(&self.inner.to_string(), self._repr_svg_())
    }

    /// The tuple morphism of a tractable layout (`cute morphism`).
    fn to_morphism(&self, py: Python<'_>) -> PyResult<Py<PyMorphism>> {
        PyMorphism::wrap(
            py,
            cute_layout::category::to_morphism(&self.inner).map_err(err)?,
        )
    }

    fn is_tractable(&self) -> bool {
        cute_layout::is_tractable(&self.inner)
    }
}

/// Mode `i` of `l`, a negative `i` counting from the end.
fn mode_at(l: &Layout, i: &Bound<'_, PyAny>) -> PyResult<Layout> {
    let k = int_of(i, "the mode index")?;
    let r = l.rank() as i64;
    let j = if k < 0 { k + r } else { k };
    if j < 0 || j >= r {
        return Err(PyIndexError::new_err(format!(
            "mode index {k} out of range for the rank-{r} layout {l}"
        )));
    }
    l.mode(j as usize).map_err(err)
}

impl PyLayout {
    /// `L(i)` at an integer index: by [`LastEvaluated`]'s compiled layout where this layout was
    /// the last one evaluated and the index is in `0..size`, else by
    /// [`Layout::eval`] (which also takes indices out of range, as CuTe does).
    fn eval(&self, py: Python<'_>, i: i64) -> PyResult<i64> {
        let compiled = match LAST_EVALUATED.get(py).try_borrow_mut() {
            Ok(mut last) => last.offset(&self.inner, i),
            Err(_) => None, // (not reached: nothing in `offset` calls back into Python)
        };
        match compiled {
            Some(offset) => Ok(offset),
            None => self.inner.eval(i).map_err(err),
        }
    }

    fn call_coord(&self, py: Python<'_>, c: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let c = convert::coord(c, "the coordinate")?;
        if c.has_underscore() {
            let l = self.inner.slice(&c).map_err(err)?;
            return Ok(wrap(py, l)?.into_any());
        }
        let n = self.inner.call(&c.underscores_as_zero()).map_err(err)?;
        Ok(n.value().into_pyobject(py)?.into_any().unbind())
    }

    fn tiled(
        &self,
        py: Python<'_>,
        tiler: &Bound<'_, PyAny>,
        what: &str,
        f: fn(&Layout, &cute_layout::Tiler) -> cute_layout::error::Result<Layout>,
    ) -> R {
        let t = self::tiler(tiler, what)?;
        wrap(py, f(&self.inner, &t).map_err(err)?)
    }
}

/// The layout last evaluated at an integer index (`L(i)`), and its compiled form
/// ([`Layout::compile`]: divisions by precomputed multiply-and-shift), made when the same layout
/// is evaluated a second time in a row: a loop over the indices of one layout evaluates with
/// fast division, a layout evaluated once never pays for compiling, and no `Layout` object
/// carries (or creates, or frees) anything for it.
struct LastEvaluated {
    layout: Option<Arc<Layout>>,
    compiled: Compiled,
}

enum Compiled {
    /// Not compiled yet (the layout was evaluated once).
    NotYet,
    Ready(Box<CompiledLayout>),
    /// The layout cannot be compiled (size above 2^32, offsets beyond i64, negative extents).
    Refused,
}

/// Behind the GIL (a static, not a thread-local: a thread-local costs a `__tls_get_addr` call
/// per access in a shared library, a tenth of `L(i)`'s own instructions).
static LAST_EVALUATED: GILProtected<RefCell<LastEvaluated>> =
    GILProtected::new(RefCell::new(LastEvaluated {
        layout: None,
        compiled: Compiled::NotYet,
    }));

impl LastEvaluated {
    /// `layout(i)` by the compiled layout, where `layout` is the one remembered and `i` is in
    /// `0..size`; otherwise `None`, and `layout` is remembered from now on.
    fn offset(&mut self, layout: &Arc<Layout>, i: i64) -> Option<i64> {
        if !self.layout.as_ref().is_some_and(|l| Arc::ptr_eq(l, layout)) {
            self.layout = Some(layout.clone());
            self.compiled = Compiled::NotYet;
            return None;
        }
        if let Compiled::NotYet = self.compiled {
            self.compiled = match layout.compile() {
                Ok(c) => Compiled::Ready(Box::new(c)),
                Err(_) => Compiled::Refused,
            };
        }
        match &self.compiled {
            Compiled::Ready(c) => c.eval(i),
            _ => None,
        }
    }
}

/// A tiler: a `Layout`, an int `n` (`n:_1`), `None` / `_`, or a tuple of tilers.
pub fn tiler(x: &Bound<'_, PyAny>, what: impl Display + Copy) -> PyResult<Tiler> {
    tiler_at(x, what, 0)
}

fn tiler_at(x: &Bound<'_, PyAny>, what: impl Display + Copy, depth: usize) -> PyResult<Tiler> {
    if depth > MAX_DEPTH {
        return Err(too_deep(what));
    }
    if let Some(l) = as_layout(x) {
        return Ok(Tiler::Layout(Layout::clone(&l.get().inner)));
    }
    if is_underscore(x) {
        return Ok(Tiler::Underscore);
    }
    if let Ok(s) = x.downcast::<PyString>() {
        return s.to_cow()?.parse::<Tiler>().map_err(err);
    }
    match items(x) {
        Some(xs) => Ok(Tiler::Tuple(
            xs.iter()
                .map(|e| tiler_at(e, what, depth + 1))
                .collect::<PyResult<Vec<_>>>()?,
        )),
        None if x.is_instance_of::<PyInt>() => Ok(Tiler::from_int(Int::dynamic(int_of(x, what)?))),
        None => Err(PyTypeError::new_err(format!(
            "{what}: expected a tiler (a Layout, an int, None, or a tuple of these), got {}",
            type_name(x)
        ))),
    }
}

/// A layout argument: a `Layout`, or an int `n` (the layout `n:_1`).
pub fn layout(x: &Bound<'_, PyAny>, what: impl Display + Copy) -> PyResult<Layout> {
    if let Some(l) = as_layout(x) {
        return Ok(Layout::clone(&l.get().inner));
    }
    if let Ok(s) = x.downcast::<PyString>() {
        return s.to_cow()?.parse::<Layout>().map_err(err);
    }
    if x.is_instance_of::<PyInt>() && !x.is_instance_of::<PyBool>() {
        return Ok(Layout::leaf(Int::dynamic(int_of(x, what)?), Int::ONE));
    }
    Err(PyTypeError::new_err(format!(
        "{what}: expected a Layout, got {}",
        type_name(x)
    )))
}

/// A tuple morphism `S -> T over α` (the categorical view of a tractable layout).
#[pyclass(name = "Morphism", module = "cute_layout", frozen)]
pub struct PyMorphism {
    pub inner: NestedMorphism,
}

impl PyMorphism {
    pub fn wrap(py: Python<'_>, m: NestedMorphism) -> PyResult<Py<PyMorphism>> {
        Py::new(py, PyMorphism { inner: m })
    }
}

#[pymethods]
impl PyMorphism {
    /// `Morphism("(4) -> (2,4) over (2)")`, or the morphism of a tractable layout's text.
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        Ok(PyMorphism {
            inner: cute_tools::eval::morphism_of(text).map_err(err)?,
        })
    }

    /// The layout of the morphism.
    fn to_layout(&self) -> PyResult<PyLayout> {
        Ok(PyLayout::from(self.inner.to_layout().map_err(err)?))
    }

    #[getter]
    fn domain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_tuple_to_py(py, self.inner.domain())
    }

    #[getter]
    fn codomain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_tuple_to_py(py, self.inner.codomain())
    }

    fn compose(&self, f: &PyMorphism) -> PyResult<Self> {
        Ok(PyMorphism {
            inner: self.inner.compose(&f.inner).map_err(err)?,
        })
    }

    /// The diagram of `cute morphism --svg`.
    fn to_svg(&self) -> PyResult<String> {
        cute_layout::category::to_svg(&self.inner).map_err(err)
    }

    fn to_png<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        render::png_of(py, &self.to_svg()?)
    }

    fn _repr_svg_(&self) -> Option<String> {
        self.to_svg().ok()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyMorphism>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Morphism('{}')", self.inner)
    }
}
