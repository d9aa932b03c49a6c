//! The core against the categorical layer ([`cute_layout::category::via`]) on tractable
//! layouts, compared as `crates/cute-layout/tests/api/category.rs` compares them (structure
//! without static tags, the strides of extent-1 modes ignored as the conformance vectors
//! ignore them; the divide after coalescing): coalesce, complement, composition,
//! logical_divide and logical_product.

use crate::r#gen::SmallLayout;
use crate::{structured, Check};
use arbitrary::Arbitrary;
use cute_layout::category::{is_tractable, via};
use cute_layout::*;

/// The input of the `category` target.
#[derive(Arbitrary, Debug)]
pub struct Input {
    a: SmallLayout,
    b: SmallLayout,
    extra: u8,
}

/// The structure compared: the shape and the strides of the modes of extent other than 1
/// (whose stride does not matter), without static tags (morphisms carry plain integers).
fn structure(l: &Layout) -> (String, Vec<i64>) {
    let strides = l
        .leaves()
        .filter(|(s, _)| s.value() != 1)
        .map(|(_, d)| d.value())
        .collect();
    (l.shape().with_static(false).to_string(), strides)
}

fn agree(what: &str, via: &Layout, core: &Layout) -> Check {
    if structure(via) == structure(core) {
        Ok(())
    } else {
        Err(format!("{what}: via the category {via}, the core {core}"))
    }
}

/// The check of the `category` target.
pub fn check(data: &[u8]) -> Check {
    structured(data, |x: Input| {
        let (Some(a), Some(b)) = (&x.a.layout, &x.b.layout) else {
            return Ok(());
        };
        if !is_tractable(a) {
            return Ok(());
        }
        if let (Ok(v), Ok(c)) = (via::coalesce(a), coalesce(a)) {
            agree(&format!("coalesce({a})"), &v, &c)?;
        }
        if let Ok(cosize) = a.cosize() {
            if let Some(cot) = cosize.value().checked_add(i64::from(x.extra)) {
                let core = complement(a, &IntTuple::leaf(Int::dynamic(cot)));
                match (via::complement(a, cot), core) {
                    (Ok(v), Ok(c)) => agree(&format!("complement({a}, {cot})"), &v, &c)?,
                    (Err(_), Err(_)) => {}
                    (Ok(v), Err(e)) => {
                        return Err(format!(
                            "complement({a}, {cot}): via {v}, the core fails: {e}"
                        ))
                    }
                    (Err(_), Ok(_)) => {} // the categorical layer refuses what it cannot encode
                }
            }
        }
        if !is_tractable(b) {
            return Ok(());
        }
        if let (Ok(v), Ok(c)) = (via::composition(b, a), composition(b, a)) {
            agree(&format!("composition({b}, {a})"), &v, &c)?;
        }
        let t = Tiler::Layout(b.clone());
        if let (Ok(v), Ok(c)) = (via::logical_product(a, b), logical_product(a, &t)) {
            agree(&format!("logical_product({a}, {b})"), &v, &c)?;
        }
        if let (Ok(v), Ok(c)) = (via::logical_divide(a, b), logical_divide(a, &t)) {
            let (v, c) = (coalesce(&v), coalesce(&c));
            if let (Ok(v), Ok(c)) = (v, c) {
                agree(&format!("coalesce(logical_divide({a}, {b}))"), &v, &c)?;
            }
        }
        Ok(())
    })
}
