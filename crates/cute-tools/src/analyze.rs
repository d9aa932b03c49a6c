//! The analysis of an expression: `cute analyze`'s entry point, reading a layout literal or
//! any `cute eval` expression, then counting its bank conflicts with [`crate::analysis`]. It
//! reads expressions (it calls `eval`, which calls the registry), so it sits above the
//! evaluator; [`crate::analysis`] itself sits below the registry, which calls its swizzle
//! solver (`solve_swizzle` in `cute eval`).

use crate::analysis::{analyze_at, AccessSpec, Analysis};
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::swizzle::AnyLayout;
use std::sync::Arc;

/// The shared-memory tensor of a layout literal (`(_8,_8):(_8,_1)`, `Sw<3,3,3> o _0 o ...`) or
/// of any `cute eval` expression yielding a layout, a TV layout (its `(thread, value)` layout)
/// or a tensor `L+o` / `Sw<B,M,S> o k o L+o`: the layout and the element offset it starts at
/// (`_0` for a layout).
///
/// # Errors
/// Parse and evaluation errors; [`LayoutError::InvalidArgument`] when the expression yields
/// neither a layout nor a tensor.
///
/// ```
/// let (l, o) = cute_tools::analyze::tensor_of("(_8,_8):(_8,_1)+4")?;
/// assert_eq!((l.to_string(), o.to_string()), ("(_8,_8):(_8,_1)".to_string(), "4".to_string()));
/// let (_, o) = cute_tools::analyze::tensor_of("local_tile((_8,_8):(_8,_1), (_4,_4), (1,0))")?;
/// assert_eq!(o.value(), 32);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tensor_of(expr: &str) -> Result<(AnyLayout, Int)> {
    use crate::eval::{eval, Value};
    Ok(match expr.parse() {
        Ok(l) => (l, Int::ZERO),
        Err(parse_error) => match eval(expr) {
            Ok(Value::Layout(l)) => (Arc::unwrap_or_clone(l).into(), Int::ZERO),
            Ok(Value::Composed(c)) => ((*c).into(), Int::ZERO),
            Ok(Value::Tv(t)) => (t.layout.clone().into(), Int::ZERO),
            Ok(Value::LayoutOffset(l, o)) => (Arc::unwrap_or_clone(l).into(), o),
            Ok(Value::ComposedOffset(c, o)) => ((*c).into(), o),
            Ok(v) => {
                if let Some(e) = crate::eval::unknown_extents("analyze", expr, &v) {
                    return Err(e);
                }
                return Err(LayoutError::InvalidArgument {
                    op: "analyze",
                    detail: format!("`{expr}` gives {v}, not a layout"),
                    hint: "give a layout, a tensor L+o or an expression yielding one",
                });
            }
            Err(e) if expr.contains('(') && !expr.trim_start().starts_with('(') => return Err(e),
            Err(_) => return Err(parse_error),
        },
    })
}

/// The layout of a layout literal or of any `cute eval` expression yielding a layout (a TV
/// layout gives its `(thread, value)` layout): [`tensor_of`] without an offset.
///
/// # Errors
/// As [`tensor_of`]; [`LayoutError::InvalidArgument`] for a tensor `L+o` (its offset would be
/// lost).
///
/// ```
/// let l = cute_tools::analyze::layout_of("composition((_8,_8):(_8,_1), (_4,_4))")?;
/// assert_eq!(l.to_string(), "(_4,_4):(_8,_1)");
/// assert!(cute_tools::analyze::layout_of("(_8,_8):(_8,_1)+4").is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn layout_of(expr: &str) -> Result<AnyLayout> {
    match tensor_of(expr)? {
        (l, Int::ZERO) => Ok(l),
        (l, o) => Err(LayoutError::InvalidArgument {
            op: "analyze",
            detail: format!("`{expr}` gives the tensor {l}+{o}, not a layout"),
            hint: "take layout(T) for the layout alone, or use tensor_of to keep the offset",
        }),
    }
}

/// [`analyze_at`] of a layout literal, `cute eval` expression or tensor ([`tensor_of`]), for
/// the widest loads (read as a TV layout when `tv`).
///
/// # Errors
/// As [`tensor_of`] and [`analyze_at`].
///
/// ```
/// use cute_tools::analyze::analyze_expr;
/// let r = analyze_expr("composition(Sw<3,3,3> o _0 o (_8,_64):(_64,_1),(_8,_8))", 2, false)?;
/// assert_eq!(r.banks.conflicts, 0);
/// let r = analyze_expr("_32:_1+1", 4, false)?; // one float past 16-byte alignment
/// assert_eq!((r.offset.value(), r.banks.access_bytes), (1, 4));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn analyze_expr(expr: &str, elem_bytes: i64, tv: bool) -> Result<Analysis> {
    let (layout, offset) = tensor_of(expr)?;
    let spec = AccessSpec {
        tv,
        ..AccessSpec::widest(elem_bytes)
    };
    analyze_at(&layout, offset, &spec)
}

/// The element size in bytes an expression names: the size of the element types written as
/// template arguments (`Copy_Atom<SM75_U32x4_LDSM_N,half_t>`, `GMMA::Layout_K_SW128_Atom<half_t>`
/// give 2), `None` when it names none. The argument of a copy operation
/// (`UniversalCopy<uint128_t>`, `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>`) is the width it moves,
/// not an element type, and is skipped; so are types narrower than a byte.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] when the expression names element types of different
/// sizes (an MMA of `half_t` inputs and a `float` accumulator): the size is then asked for.
///
/// ```
/// use cute_tools::analyze::elem_bytes_of;
/// assert_eq!(elem_bytes_of("tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>,(_128,_64))")?, Some(2));
/// assert_eq!(elem_bytes_of("Copy_Atom<UniversalCopy<uint128_t>,cutlass::float_e4m3_t>")?, Some(1));
/// assert_eq!(elem_bytes_of("(_8,_64):(_64,_1)")?, None);
/// assert!(elem_bytes_of("f(Copy_Atom<X,half_t>, Copy_Atom<Y,double>)").is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn elem_bytes_of(expr: &str) -> Result<Option<i64>> {
    use cute_layout::notation::atom::parse_value_type;
    let mut owners: Vec<String> = Vec::new();
    let mut found: Vec<(String, i64)> = Vec::new();
    let chars: Vec<char> = expr.chars().collect();
    let mut i = 0;
    let mut last = String::new();
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_alphanumeric() || c == '_' || c == ':' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || chars[i] == '_' || chars[i] == ':')
            {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let owner = owners.last().map(String::as_str).unwrap_or("");
            let moves_width = owner.contains("UniversalCopy")
                || owner.contains("CP_ASYNC")
                || (owner.contains("Copy") && !owner.ends_with("Copy_Atom"));
            if !owners.is_empty() && !moves_width {
                if let Ok(t) = parse_value_type(&word) {
                    if t.bits() % 8 == 0 && !found.iter().any(|(w, _)| *w == word) {
                        found.push((word.clone(), t.bits() / 8));
                    }
                }
            }
            last = word;
            continue;
        }
        match c {
            '<' => owners.push(std::mem::take(&mut last)),
            '>' => {
                owners.pop();
                last.clear();
            }
            _ if !c.is_whitespace() => last.clear(),
            _ => {}
        }
        i += 1;
    }
    match found.as_slice() {
        [] => Ok(None),
        [(_, b), rest @ ..] if rest.iter().all(|(_, c)| c == b) => Ok(Some(*b)),
        _ => {
            let names: Vec<String> = found
                .iter()
                .map(|(w, b)| format!("{w} ({b} byte{})", if *b == 1 { "" } else { "s" }))
                .collect();
            Err(LayoutError::InvalidArgument {
                op: "analyze",
                detail: format!(
                    "the expression names element types of different sizes: {}",
                    names.join(", ")
                ),
                hint: "give the element size of the shared-memory tensor with --elem-bytes",
            })
        }
    }
}
