//! The module functions (`cute_layout.coalesce`, ...): one builtin function per entry of the
//! operation table, made when the module is initialised; its `__self__` is the entry's
//! [`PyOperation`], and a call applies that entry through [`ops::call`] (the one dispatch).
//!
//! They are builtin functions rather than callable objects for speed: CPython calls an object
//! through its `tp_call` slot with a new tuple of the arguments (a class cannot have the
//! vectorcall protocol in the stable ABI before 3.12), but a builtin function declared
//! `METH_FASTCALL` gets them as an array, with no tuple built and none taken apart.
//! `METH_FASTCALL` is in the stable ABI from CPython 3.10, so it is chosen when the running
//! interpreter is 3.10 or newer; on 3.9 the functions would take a tuple (`METH_VARARGS`). The
//! wheel is built for the stable ABI of 3.10 (`abi3-py310`) and requires 3.10 since
//! 2026-12-02, so that pyo3's own functions and methods are `METH_FASTCALL` too; the 3.9 branch
//! is kept until the test of the version goes.
//!
//! This is the extension's `unsafe` code, with `layout::as_layout`'s downcast after its type
//! comparison: the raw calls of CPython's C API that pyo3 does not offer for abi3 builds before
//! 3.10. Each entry point runs inside pyo3's trampoline,
//! which holds pyo3's GIL token and turns a panic into a Python exception, so that no panic
//! crosses the FFI boundary.

use crate::ops::{self, PyOperation};
use cute_tools::registry::{self, Operation};
use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::impl_::trampoline;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use std::ffi::{c_int, CStr, CString};

/// CPython's `METH_FASTCALL` flag (`methodobject.h`; the same value in every version since 3.7).
/// pyo3-ffi leaves it out of abi3 builds for CPython < 3.10, where it is not in the stable ABI.
const METH_FASTCALL: c_int = 0x0080;

/// `(name, function)` for every operation of the table, in its order.
pub fn module_functions(py: Python<'_>) -> PyResult<Vec<(&'static str, PyObject)>> {
    let fastcall = py.version_info() >= (3, 10);
    let module = PyString::new(py, "cute_layout");
    registry::operations()
        .iter()
        .map(|op| Ok((op.name, function(py, op, &module, fastcall)?)))
        .collect()
}

/// The builtin function of the table entry `op`, its docstring the entry's signature and
/// summary.
fn function(
    py: Python<'_>,
    op: &'static Operation,
    module: &Bound<'_, PyString>,
    fastcall: bool,
) -> PyResult<PyObject> {
    let this = Py::new(py, PyOperation::of(op))?;
    let doc = format!(
        "{}\n\n{}\n\nThe CuTe operation `{}` (see `cute ops`).",
        op.signature, op.summary, op.name
    );
    let (meth, flags) = if fastcall {
        let f: FastCall = call_fast;
        // CPython calls `ml_meth` with the signature its flags name (`METH_FASTCALL`: the
        // arguments as an array); the field's declared type is the generic `PyCFunction`
        // SAFETY: both are `extern "C"` function pointers, of the same size
        (
            unsafe { std::mem::transmute::<FastCall, ffi::PyCFunction>(f) },
            METH_FASTCALL,
        )
    } else {
        (call_tuple as ffi::PyCFunction, ffi::METH_VARARGS)
    };
    // The definition must outlive the function object, which may live as long as the
    // interpreter: it is leaked, once per operation when the module is initialised.
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: leak(op.name)?.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer { PyCFunction: meth },
        ml_flags: flags,
        ml_doc: leak(&doc)?.as_ptr(),
    }));
    // SAFETY: `def` is 'static; `this` and `module` are valid objects, which the new function
    // holds references to; a null result is turned into the raised exception
    unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyCFunction_NewEx(def, this.as_ptr(), module.as_ptr()),
        )
    }
    .map(Bound::unbind)
}

/// `text` as a C string that lives as long as the process.
fn leak(text: &str) -> PyResult<&'static CStr> {
    let c = CString::new(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(Box::leak(c.into_boxed_c_str()))
}

type FastCall = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    ffi::Py_ssize_t,
) -> *mut ffi::PyObject;

/// `METH_FASTCALL`: `slf` is the function's `Operation`, `args[..nargs]` its arguments.
unsafe extern "C" fn call_fast(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls this with the GIL held, as `trampoline` requires
    unsafe {
        trampoline::fastcall_with_keywords(slf, args, nargs, std::ptr::null_mut(), apply_array)
    }
}

/// The body of [`call_fast`].
///
/// # Safety
/// `slf` is a valid object, `args` points to `nargs` valid objects (or `nargs` is 0).
unsafe fn apply_array(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    _kwnames: *mut ffi::PyObject,
) -> PyResult<*mut ffi::PyObject> {
    let args: &[*mut ffi::PyObject] = match usize::try_from(nargs) {
        Ok(n) if n > 0 && !args.is_null() => unsafe { std::slice::from_raw_parts(args, n) },
        _ => &[],
    };
    // SAFETY: the objects of `args` are valid for this call (CPython holds them)
    let args = args.iter().map(|&a| unsafe { Borrowed::from_ptr(py, a) });
    let op = unsafe { operation_of(py, slf) }?;
    Ok(ops::call(py, op, args)?.into_ptr())
}

/// `METH_VARARGS`: `slf` is the function's `Operation`, `args` the tuple of its arguments.
unsafe extern "C" fn call_tuple(
    slf: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls this with the GIL held, as `trampoline` requires
    unsafe { trampoline::cfunction_with_keywords(slf, args, std::ptr::null_mut(), apply_tuple) }
}

/// The body of [`call_tuple`].
///
/// # Safety
/// `slf` and `args` are valid objects.
unsafe fn apply_tuple(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    _kwargs: *mut ffi::PyObject,
) -> PyResult<*mut ffi::PyObject> {
    let op = unsafe { operation_of(py, slf) }?;
    let args = unsafe { Borrowed::from_ptr(py, args) };
    let args = args.downcast::<PyTuple>()?;
    Ok(ops::call_tuple(py, op, args)?.into_ptr())
}

/// The table entry of a function's `__self__`.
///
/// # Safety
/// `slf` is the `__self__` of a function made by [`function`]: an `Operation`, which a builtin
/// function keeps for its lifetime (so that the type need not be checked on every call).
unsafe fn operation_of(py: Python<'_>, slf: *mut ffi::PyObject) -> PyResult<&'static Operation> {
    let this = unsafe { Borrowed::from_ptr(py, slf) };
    Ok(unsafe { this.downcast_unchecked::<PyOperation>() }
        .get()
        .op())
}
