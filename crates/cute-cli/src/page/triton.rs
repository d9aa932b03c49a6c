//! The playground's Triton tab: a layout in one of Triton's text forms (a named layout as
//! MLIR or Gluon print it, `#ttg.linear`, `LinearLayout::toString()`, the compact form, JSON)
//! over a shape, answered with its linear layout, its CuTe form (`from_linear_layout`), the
//! form's picture and the conversion's notes.

use super::{evaluate, PictureOptions};
use cute_layout::linear::convert::{from_linear_layout, CuteForm};
use cute_layout::linear::triton::TritonLayout;
use cute_layout::linear::LinearLayout;
use cute_layout::notation::linear::{mlir, parse_linear, parse_triton_layout};
use serde_json::{json, Value as Json};

/// The longest layout text read, in bytes (as the expression box's limit).
const MAX_TRITON_BYTES: usize = super::MAX_EXPR_BYTES;

/// A named layout (with the expression that converts it over `shape`) or a linear layout.
enum Read {
    Named(TritonLayout),
    Linear(LinearLayout),
}

fn read(text: &str) -> Result<Read, String> {
    match parse_triton_layout(text) {
        Ok(TritonLayout::Linear(l)) => Ok(Read::Linear(l)),
        Ok(t) => Ok(Read::Named(t)),
        Err(named) => parse_linear(text).map(Read::Linear).map_err(|linear| {
            format!(
                "not a Triton layout: as a named layout ({named}); as a linear layout ({linear}); hint: paste Triton's text (#ttg.blocked<{{...}}>, BlockedLayout(...), #ttg.linear<{{...}}>, LinearLayout::toString(), the compact form register=[[0,1]] -> dim0=2, or JSON)"
            )
        }),
    }
}

/// The tensor shape `16,32`, `(16,32)` or `[16, 32]`.
fn shape_of(text: &str) -> Result<Vec<u64>, String> {
    let inner = text
        .trim()
        .trim_matches(|c| matches!(c, '(' | ')' | '[' | ']'));
    inner
        .split(',')
        .map(|x| {
            x.trim()
                .trim_start_matches('_')
                .parse::<u64>()
                .map_err(|_| {
                    format!("the shape {text:?} is not a list of positive integers such as 16,32")
                })
        })
        .collect()
}

/// What the form is, in words, for the notes.
fn form_notes(form: &CuteForm, notes: &mut Vec<String>) {
    match form {
        CuteForm::Layout(l) => notes.push(format!("CuTe form: the layout {l} (element → offset)")),
        CuteForm::Swizzled(c) => notes.push(format!(
            "CuTe form: the swizzled layout {c} (element → offset: no strides alone give it)"
        )),
        CuteForm::Tv(tv) => notes.push(format!(
            "CuTe form: the TV layout {} of the {} tile (thread = lane + 32·warp, value = register)",
            tv.layout, tv.tiler
        )),
        CuteForm::F2(f) => notes.push(format!(
            "CuTe form: the F2-stride layout {f}: bases share bits and no swizzle undoes them, so the offsets XOR"
        )),
        CuteForm::F2Tv { tiler, layout } => notes.push(format!(
            "CuTe form: the F2-stride TV layout {layout} of the {tiler} tile: bases share bits, so the cells XOR"
        )),
        CuteForm::Cga { form, ctas } => {
            notes.push(format!(
                "{ctas} CTAs (a cluster): the form is over the whole tensor, the CTA index the top bits of the thread index (a TV layout's thread mode is (thread, cta)) or of the shared-memory offset (offset + size·cta)"
            ));
            form_notes(form, notes);
        }
        CuteForm::Linear { reason, .. } => notes.push(format!("no CuTe form: {reason}")),
    }
}

/// The playground's answer for a Triton layout `text` over `shape` (named layouts need one;
/// empty for a linear layout): [`evaluate`]'s answer for the expression that draws it, with
/// `triton` (the layout as read), `linear` (its linear layout), `form` (the CuTe form's kind)
/// and `notes` (the conversion's notes, one per line).
///
/// # Errors
/// The text when it is no Triton layout, a shape that is missing or wrong, or the
/// conversion's error.
///
/// ```
/// use cute_cli::page::{triton::evaluate_triton, PictureOptions};
/// let a = evaluate_triton("#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>", "8,8", &PictureOptions::default()).unwrap();
/// assert_eq!(a["result"], "((_8,_8),((_4,_8),_2):((_16,_1),_8))");
/// assert!(a["notes"][1].as_str().unwrap().starts_with("CuTe form: the TV layout"));
/// assert_eq!(a["cells"].as_array().unwrap().len(), 64); // the TV picture of the 8x8 tile
/// ```
pub fn evaluate_triton(text: &str, shape: &str, options: &PictureOptions) -> Result<Json, String> {
    let text = text.trim();
    if text.len() > MAX_TRITON_BYTES {
        return Err(format!(
            "layout too long: {} bytes, more than the limit of {MAX_TRITON_BYTES} bytes (expression length)",
            text.len()
        ));
    }
    let (triton, linear, expr, named) = match read(text)? {
        Read::Named(t) => {
            if shape.trim().is_empty() {
                return Err(format!(
                    "{t} needs the tensor's shape; hint: type it in the Shape box, such as 16,32"
                ));
            }
            let s = shape_of(shape)?;
            let l = t.to_linear_layout(&s).map_err(|e| e.to_string())?;
            let dims = s.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
            let expr = format!("from_linear_layout(to_linear_layout({t}, ({dims})))");
            (t.to_string(), l, expr, true)
        }
        Read::Linear(l) => {
            let expr = format!("from_linear_layout({})", mlir(&l));
            (mlir(&l), l, expr, false)
        }
    };
    let form = from_linear_layout(&linear).map_err(|e| e.to_string())?;
    let mut notes = vec![format!("linear layout: {linear}")];
    form_notes(&form, &mut notes);
    let zeros = linear
        .in_dims()
        .iter()
        .flat_map(|(n, b)| {
            b.iter()
                .filter(|v| v.iter().all(|x| *x == 0))
                .map(move |_| n.as_str())
        })
        .collect::<Vec<_>>();
    if !zeros.is_empty() {
        notes.push(format!(
            "{} zero bases ({}): those bits repeat (broadcast) the data",
            zeros.len(),
            zeros.join(", ")
        ));
    }
    let form_kind = match &form {
        CuteForm::Cga { form, .. } => kind(form),
        f => kind(f),
    };
    // the picture and the form's text: the expression's answer, where there is a form and
    // the expression can say the layout (a named one, or MLIR's form of a surjective one)
    let has_form = !matches!(form, CuteForm::Linear { .. });
    let mut answer = if !has_form || !(named || linear.is_surjective()) {
        json!({"expr": null, "warnings": [], "result": linear.to_string(), "kind": "linear layout",
               "explain": null, "steps": null, "svg": null, "cells": [],
               "picture_error": notes.last().cloned()})
    } else {
        evaluate(&expr, options)?
    };
    answer["triton"] = json!(triton);
    answer["linear"] = json!(linear.to_string());
    answer["form"] = json!(form_kind);
    answer["notes"] = json!(notes);
    Ok(answer)
}

fn kind(form: &CuteForm) -> &'static str {
    match form {
        CuteForm::Layout(_) => "layout",
        CuteForm::Swizzled(_) => "swizzled layout",
        CuteForm::Tv(_) => "TV layout",
        CuteForm::F2(_) => "F2 layout",
        CuteForm::F2Tv { .. } => "F2 TV layout",
        CuteForm::Cga { .. } => "cluster",
        CuteForm::Linear { .. } => "linear layout",
    }
}
