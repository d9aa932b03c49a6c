//! # cute-layout-macros: CuTe layouts computed at build time
//!
//! [`layout!`] and [`cute!`] evaluate a layout, or any expression of the `cute eval` registry,
//! at build time with the `cute-layout` library itself, and expand to a value of a fresh
//! zero-sized type whose methods are straight-line arithmetic on constants: no loop, no tree
//! walk, no division by anything but a constant (which the compiler turns into a multiply and
//! a shift). This is what CuTe C++ gets from static integers.
//!
//! ```
//! use cute_layout_macros::{cute, layout};
//! let l = layout!("(_8,_8):(_8,_1)");
//! assert_eq!(l.eval(9), 9);
//! assert_eq!(l.crd2idx((1, 2)), 10);
//! assert_eq!(l.idx2crd(10), (2, 1));
//!
//! let d = cute!("logical_divide((_8,_8):(_8,_1),(_2,_4))");
//! assert_eq!(d.to_string(), "((_2,_4),(_4,_2)):((_8,_16),(_1,_4))");
//! assert_eq!(d.crd2idx(((1, 3), (2, 1))), 8 + 48 + 2 + 4);
//! ```
//!
//! Tokens work too: `layout!((_8,_8):(_8,_1))`. The expansion refers to nothing but `core`,
//! so it works in `#![no_std]` crates without `alloc` (GPU Rust); the workspace's
//! `nostd-check` crate builds one.
//!
//! ## The generated methods
//! For a layout of leaves `S_k:D_k` (flattened, in order) and `P_k` the product of the extents
//! before leaf `k`:
//! - `eval(i: u32) -> i64`: the offset at the 1-D index `i`, `Σ ((i / P_k) % S_k) · D_k`, the
//!   last leaf taking `i / P_k` undivided. Defined for every `u32`, equal to
//!   `cute_layout::Layout::eval` everywhere (past the size too, as in CuTe).
//! - `crd2idx(c) -> i64`: the offset of the natural coordinate `c`, a tuple of `u32` nested as
//!   the shape (`(u32, (u32, u32))` for `(_2,(_3,_4))`, `u32` for a leaf shape): `Σ c_k · D_k`.
//! - `idx2crd(i: u32)`: the natural coordinate of `i`, as `cute_layout::idx2crd`.
//! - constants `SIZE`, `COSIZE`, `RANK` and `TEXT` (the layout as CuTe prints it); `Display`.
//!
//! All methods are `const fn`. The macro refuses (as a compile error) a layout whose
//! arithmetic could overflow: extents must be positive and `u32::MAX · |D_k|` summed over the
//! leaves must fit in an `i64`, so no method can overflow for any argument.
//!
//! ## Errors
//! An expression the library rejects is a compile error with the library's message, pointing
//! at the literal:
//!
//! ```compile_fail
//! let l = cute_layout_macros::cute!("complement((2,2):(2,3),8)");
//! ```
//!
//! ## Why a separate crate, and no re-export from `cute-layout`
//! A procedural macro must live in a `proc-macro` crate, and this one depends on
//! `cute-layout` to evaluate: `cute-layout` cannot depend on it back (a cycle), so it does not
//! re-export the macros. The entry point is `cute_layout_macros::{layout, cute}`. The generated
//! code needs nothing from either crate at run time, so no facade crate is needed.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use cute_layout::value::Value;
use cute_layout::{IntTuple, Layout, TreeRef};
use cute_tools::eval::eval;
use proc_macro::TokenStream;
use proc_macro2::{Literal, TokenStream as Tokens};
use quote::quote;

/// A layout from CuTe notation, evaluated at build time: `layout!("(_8,_8):(_8,_1)")`.
/// See the [crate documentation](crate) for the generated methods.
///
/// ```
/// let l = cute_layout_macros::layout!("(_4,(_2,_2)):(_2,(_1,_8))");
/// assert_eq!(l.eval(5), 2 + 1);
/// assert_eq!(l.idx2crd(5), (1, (1, 0)));
/// const OFFSET: i64 = cute_layout_macros::layout!("(4,4):(4,1)").eval(6);
/// assert_eq!(OFFSET, 9);
/// ```
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    expand(input.into(), |text| {
        text.parse::<Layout>().map_err(|e| e.to_string())
    })
    .into()
}

/// Any expression of the `cute eval` registry whose value is a layout, evaluated at build
/// time: `cute!("logical_divide((_8,_8):(_8,_1),(_2,_4))")`. See the
/// [crate documentation](crate) for the generated methods.
///
/// ```
/// let c = cute_layout_macros::cute!("composition((6,2):(8,2),(4,3):(3,1))");
/// assert_eq!(c.to_string(), "((2,2),3):((24,2),8)");
/// assert_eq!(c.eval(5), 24 + 8);
/// ```
#[proc_macro]
pub fn cute(input: TokenStream) -> TokenStream {
    expand(input.into(), |text| match eval(text) {
        Ok(Value::Layout(l)) => Ok(std::sync::Arc::unwrap_or_clone(l)),
        Ok(v) => Err(format!(
            "cute! expands layouts only; `{text}` evaluates to {v}, of kind {}",
            v.kind().name()
        )),
        Err(e) => Err(e.to_string()),
    })
    .into()
}

/// The macro's argument as text (a string literal, or the tokens themselves), evaluated, and
/// the generated code or a compile error pointing at the argument.
fn expand(input: Tokens, evaluate: impl Fn(&str) -> Result<Layout, String>) -> Tokens {
    let text = match syn::parse2::<syn::LitStr>(input.clone()) {
        Ok(lit) => lit.value(),
        Err(_) => input.to_string(),
    };
    match evaluate(&text).and_then(|l| generate(&l)) {
        Ok(code) => code,
        Err(message) => syn::Error::new_spanned(input, message).to_compile_error(),
    }
}

/// One leaf of the layout: extent, stride and the product of the extents before it.
struct Leaf {
    extent: i128,
    stride: i128,
    before: i128,
}

fn leaves(l: &Layout) -> Result<Vec<Leaf>, String> {
    let mut before: i128 = 1;
    let mut out = Vec::new();
    for (s, d) in l.leaves() {
        let (s, d) = (i128::from(s.value()), i128::from(d.value()));
        if s < 1 {
            return Err(format!(
                "{l}: extent {s} is not positive; compile-time layouts need positive extents"
            ));
        }
        out.push(Leaf {
            extent: s,
            stride: d,
            before,
        });
        // saturates far above u32::MAX, where it only means "every u32 divides to 0"
        before = before.saturating_mul(s).min(1 << 64);
    }
    let reach: i128 = out.iter().map(|leaf| leaf.stride.abs() * U32_MAX).sum();
    if reach > i128::from(i64::MAX) {
        return Err(format!(
            "{l}: u32 coordinates times strides may overflow i64 (u32::MAX * sum |stride| = {reach}); \
             compile-time layouts need smaller strides"
        ));
    }
    Ok(out)
}

const U32_MAX: i128 = u32::MAX as i128;

/// The coordinate of leaf `k` of `n` at the index `i`: `(i / P) % S`, without the operations
/// that are no-ops for every `u32` (and `0` where `P` exceeds every `u32`).
fn coordinate(leaf: &Leaf, last: bool) -> Tokens {
    if leaf.before > U32_MAX {
        return quote!(0u32);
    }
    let q = match leaf.before {
        1 => quote!(i),
        p => {
            let p = Literal::u32_suffixed(p as u32);
            quote!((i / #p))
        }
    };
    if last || leaf.before * leaf.extent > U32_MAX {
        return q; // i / P < S already
    }
    let s = Literal::u32_suffixed(leaf.extent as u32);
    quote!((#q % #s))
}

/// `c as i64 * D`, nothing for `D = 0`.
fn term(c: Tokens, stride: i128) -> Option<Tokens> {
    match stride {
        0 => None,
        1 => Some(quote!(+ (#c as i64))),
        d => {
            let d = Literal::i64_suffixed(d as i64);
            Some(quote!(+ (#c as i64) * #d))
        }
    }
}

/// The natural coordinate's type, pattern or value, nested as the shape: `leaf(k)` for the
/// `k`-th leaf.
fn nested(shape: TreeRef<'_, cute_layout::Int>, leaf: &dyn Fn(usize) -> Tokens) -> Tokens {
    fn go(
        shape: TreeRef<'_, cute_layout::Int>,
        leaf: &dyn Fn(usize) -> Tokens,
        k: &mut usize,
    ) -> Tokens {
        if shape.is_leaf() {
            *k += 1;
            return leaf(*k - 1);
        }
        let parts: Vec<Tokens> = shape.modes().map(|m| go(m, leaf, k)).collect();
        quote!((#(#parts,)*))
    }
    go(shape, leaf, &mut 0)
}

fn generate(l: &Layout) -> Result<Tokens, String> {
    let leaves = leaves(l)?;
    let n = leaves.len();
    let eval_terms = leaves
        .iter()
        .enumerate()
        .filter_map(|(k, leaf)| term(coordinate(leaf, k + 1 == n), leaf.stride));
    let names: Vec<Tokens> = (0..n)
        .map(|k| {
            let id = quote::format_ident!("c{}", k);
            quote!(#id)
        })
        .collect();
    let shape: &IntTuple = l.shape();
    let ty = nested(shape.as_ref(), &|_| quote!(u32));
    let pattern = nested(shape.as_ref(), &|j| names[j].clone());
    let value = nested(shape.as_ref(), &|j| coordinate(&leaves[j], j + 1 == n));
    let crd_terms = names
        .iter()
        .zip(&leaves)
        .filter_map(|(c, leaf)| term(quote!(#c), leaf.stride));
    let text = l.to_string();
    let size = Literal::u64_suffixed(l.size().map_err(|e| e.to_string())?.value() as u64);
    let cosize = Literal::i64_suffixed(l.cosize().map_err(|e| e.to_string())?.value());
    let rank = l.rank();
    Ok(quote! {{
        /// A layout evaluated at build time by `cute_layout_macros`.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        struct CuteLayout;
        #[allow(dead_code, unused_variables, unused_parens, clippy::all)]
        impl CuteLayout {
            /// The layout as CuTe prints it.
            pub const TEXT: &'static str = #text;
            /// The number of indices.
            pub const SIZE: u64 = #size;
            /// One past the largest offset.
            pub const COSIZE: i64 = #cosize;
            /// The number of top-level modes.
            pub const RANK: usize = #rank;
            /// The offset at the 1-D index `i`.
            #[inline(always)]
            pub const fn eval(self, i: u32) -> i64 {
                0i64 #(#eval_terms)*
            }
            /// The offset of a natural coordinate.
            #[inline(always)]
            pub const fn crd2idx(self, c: #ty) -> i64 {
                let #pattern = c;
                0i64 #(#crd_terms)*
            }
            /// The natural coordinate of the 1-D index `i`.
            #[inline(always)]
            pub const fn idx2crd(self, i: u32) -> #ty {
                #value
            }
        }
        impl ::core::fmt::Display for CuteLayout {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(Self::TEXT)
            }
        }
        CuteLayout
    }})
}
