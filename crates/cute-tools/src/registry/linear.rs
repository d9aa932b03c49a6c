//! The operations on Triton's linear layouts ([`cute_layout::linear`]): conversions from and to CuTe
//! values, Triton's named layouts over a shape, and the F2 algebra.

use super::Args;
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::linear::convert::{self, CuteForm};
use cute_layout::linear::LinearLayout;
use cute_layout::value::Value;
use std::sync::Arc;

fn linear<'a>(a: &Args<'a>, i: usize) -> Result<&'a LinearLayout> {
    match &a.items[i] {
        Value::Linear(l) => Ok(l),
        _ => Err(a.wrong(
            i,
            "a linear layout (#ttg.linear<{...}> or to_linear_layout(..))",
        )),
    }
}

fn value(l: LinearLayout) -> Value {
    Value::Linear(Box::new(l))
}

/// The tensor shape of `to_linear_layout(TritonLayout, shape)`.
fn shape(a: &Args, i: usize) -> Result<Vec<u64>> {
    let t = a.int_tuple(i)?;
    let leaves: Vec<i64> = t.leaves().map(|x| x.value()).collect();
    leaves
        .into_iter()
        .map(|x| {
            u64::try_from(x).map_err(|_| LayoutError::InvalidArgument {
                op: "to_linear_layout",
                detail: format!("the shape {t} has the extent {x}"),
                hint: "give a shape of positive powers of two",
            })
        })
        .collect()
}

pub(super) fn to_linear_layout(a: &Args) -> Result<Value> {
    Ok(value(match &a.items[0] {
        Value::Linear(l) => (**l).clone(),
        Value::Triton(t) => {
            if a.len() < 2 {
                return Err(LayoutError::InvalidArgument {
                    op: "to_linear_layout",
                    detail: format!("{t} needs the tensor's shape"),
                    hint: "give the shape: to_linear_layout(#ttg.blocked<{...}>, (16,32))",
                });
            }
            t.to_linear_layout(&shape(a, 1)?)?
        }
        Value::Tv(tv) => convert::tv_to_linear_layout(tv)?,
        Value::F2(f) => convert::f2_to_linear_layout(f)?,
        Value::TiledMma(m) => convert::tiled_mma_to_linear_layout(m, 'C')?,
        Value::TiledCopy(c) => convert::tiled_copy_to_linear_layout(c, true)?,
        _ => convert::to_linear_layout(&a.any_layout(0)?)?,
    }))
}

pub(super) fn layout_function(a: &Args) -> Result<Value> {
    Ok(value(convert::any_layout_function(&a.any_layout(0)?)?))
}

pub(super) fn from_linear_layout(a: &Args) -> Result<Value> {
    form_value(convert::from_linear_layout(linear(a, 0)?)?)
}

/// A CuTe form as a value: a layout, a swizzled layout, a TV layout or an F2 layout (an F2 TV
/// layout's `(thread, value) → index` without its tile); several CTAs give the form over the
/// whole tensor (the CTA the top bits of the thread index or the offset).
fn form_value(form: CuteForm) -> Result<Value> {
    Ok(match form {
        CuteForm::Layout(l) => Value::Layout(Arc::new(l)),
        CuteForm::Swizzled(c) => Value::Composed(Box::new(c)),
        CuteForm::Tv(tv) => Value::Tv(Box::new(tv)),
        CuteForm::F2(f) | CuteForm::F2Tv { layout: f, .. } => Value::F2(Box::new(f)),
        CuteForm::Cga { form, .. } => return form_value(*form),
        CuteForm::Linear { layout, reason } => {
            return Err(LayoutError::InvalidArgument {
                op: "from_linear_layout",
                detail: format!("{layout} has no CuTe form: {reason}"),
                hint: "keep it as a linear layout (the library's from_linear_layout returns it as CuteForm::Linear)",
            })
        }
    })
}

pub(super) fn compose(a: &Args) -> Result<Value> {
    Ok(value(linear(a, 0)?.compose(linear(a, 1)?)?))
}

pub(super) fn invert(a: &Args) -> Result<Value> {
    Ok(value(linear(a, 0)?.invert()?))
}

pub(super) fn invert_and_compose(a: &Args) -> Result<Value> {
    Ok(value(linear(a, 0)?.invert_and_compose(linear(a, 1)?)?))
}

pub(super) fn matrix_rank(a: &Args) -> Result<Value> {
    Ok(Value::Int(Int::dynamic(linear(a, 0)?.rank() as i64)))
}

/// `cute eval --as triton`: a value's linear layout (`to_linear_layout` of it) as Triton's MLIR
/// attribute `#ttg.linear<{...}>`, which implies the output sizes from the bases.
///
/// # Errors
/// Those of `to_linear_layout`; [`LayoutError::InvalidArgument`] when the linear layout is not
/// surjective (MLIR's form could not give its sizes).
///
/// ```
/// use cute_tools::registry::triton_text;
/// let v: cute_layout::value::Value = "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)".parse()?;
/// assert_eq!(triton_text(&v)?, "#ttg.linear<{offset = [[0, 1], [1, 1]], block = []}>");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn triton_text(value: &Value) -> Result<String> {
    let l = match super::call("to_linear_layout", vec![value.clone()])? {
        Value::Linear(l) => *l,
        v => {
            return Err(LayoutError::InvalidArgument {
                op: "print",
                detail: format!("to_linear_layout gave {v}, not a linear layout"),
                hint: "report this case",
            })
        }
    };
    if !l.is_surjective() {
        return Err(LayoutError::InvalidArgument {
            op: "print",
            detail: format!("{l} is not surjective, so #ttg.linear (whose sizes Triton infers) cannot say its sizes"),
            hint: "print it in CuTe notation (`--as cute`), which writes the sizes",
        });
    }
    Ok(cute_layout::notation::linear::mlir(&l))
}
