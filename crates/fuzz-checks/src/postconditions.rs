//! The core against brute-force enumeration of its documented post-conditions, on small
//! layouts: composition `R(i) = A(B(i))`; complement disjoint from `L`'s image, increasing, and
//! large enough; right and left inverses; the divides as `A ∘ (B, complement(B, size A))`; the
//! products as `(A, complement(A, size A · cosize B) ∘ B)`; coalesce and filter keep the
//! function (filter its image); swizzle composition and inverse.

use crate::r#gen::{SmallLayout, SmallSwizzle};
use crate::{structured, Check, MAX_ENUMERATED};
use arbitrary::Arbitrary;
use cute_layout::*;
use std::collections::HashSet;

/// The input of the `postconditions` target.
#[derive(Arbitrary, Debug)]
pub struct Input {
    a: SmallLayout,
    b: SmallLayout,
    cotarget: u8,
    sw1: SmallSwizzle,
    sw2: SmallSwizzle,
}

/// The check of the `postconditions` target.
pub fn check(data: &[u8]) -> Check {
    structured(data, |x: Input| {
        if let (Ok(s1), Ok(s2)) = (x.sw1.0.parse::<Swizzle>(), x.sw2.0.parse::<Swizzle>()) {
            swizzles(s1, s2)?;
        }
        let (Some(a), Some(b)) = (&x.a.layout, &x.b.layout) else {
            return Ok(());
        };
        if !small(a) || !small(b) {
            return Ok(());
        }
        let cot = i64::from(x.cotarget) + 1;
        coalesce_filter(a).map_err(|e| format!("coalesce/filter({a}): {e}"))?;
        compose(a, b).map_err(|e| format!("composition({a}, {b}): {e}"))?;
        complement_of(a, cot).map_err(|e| format!("complement({a}, {cot}): {e}"))?;
        inverses(a).map_err(|e| format!("inverses of {a}: {e}"))?;
        divides(a, b).map_err(|e| format!("divides of {a} by {b}: {e}"))?;
        products(a, b).map_err(|e| format!("products of {a} and {b}: {e}"))
    })
}

/// Small enough to enumerate, and every extent positive (a layout of size 0 has no values).
fn small(l: &Layout) -> bool {
    l.leaves().all(|(s, _)| s.value() > 0)
        && l.size()
            .is_ok_and(|s| (1..=MAX_ENUMERATED).contains(&s.value()))
}

/// The values of a small layout; a layout whose values overflow is no case (`None`).
fn values(l: &Layout) -> Option<Vec<i64>> {
    if !small(l) {
        return None;
    }
    l.offsets().ok()
}

/// The values of two layouts agree (same size, same value at every index).
fn same_function(what: &str, got: &Layout, want: &Layout) -> Check {
    match (values(got), values(want)) {
        (Some(g), Some(w)) if g == w => Ok(()),
        (Some(g), Some(w)) => Err(format!("{what}: {got} = {g:?} differs from {want} = {w:?}")),
        _ => Ok(()),
    }
}

fn coalesce_filter(a: &Layout) -> Check {
    if let Ok(c) = coalesce(a) {
        same_function("coalesce", &c, a)?;
        if c.depth() > 1 {
            return Err(format!("coalesce = {c} has depth {}", c.depth()));
        }
    }
    if let (Ok(f), Some(av)) = (filter(a), values(a)) {
        let img: HashSet<i64> = av.into_iter().collect();
        let fimg: HashSet<i64> = values(&f).unwrap_or_default().into_iter().collect();
        if small(&f) && img != fimg {
            return Err(format!("filter = {f} changes the image"));
        }
    }
    Ok(())
}

fn compose(a: &Layout, b: &Layout) -> Check {
    let Ok(r) = composition(a, b) else {
        return Ok(());
    };
    if !b.shape().compatible(r.shape()) {
        return Err(format!("{r}: shape not compatible with B's"));
    }
    for i in 0..b.size().map_err(|e| e.to_string())?.value() {
        let Ok(want) = b.eval(i).and_then(|j| a.eval(j)) else {
            continue;
        };
        match r.eval(i) {
            Ok(got) if got == want => {}
            got => return Err(format!("{r} at {i}: {got:?}, A(B({i})) = {want}")),
        }
    }
    Ok(())
}

fn complement_of(a: &Layout, cot: i64) -> Check {
    let Ok(r) = complement(a, &IntTuple::leaf(Int::dynamic(cot))) else {
        return Ok(());
    };
    let (Some(rv), Some(av)) = (values(&r), values(a)) else {
        return Ok(());
    };
    if let Some(w) = rv.windows(2).find(|w| w[0] >= w[1]) {
        return Err(format!("{r} is not increasing: {} then {}", w[0], w[1]));
    }
    let img: HashSet<i64> = av.into_iter().collect();
    if let Some(x) = rv.iter().skip(1).find(|x| img.contains(x)) {
        return Err(format!("{r} reaches {x}, in the image of A"));
    }
    let fsize = filter(a)
        .and_then(|f| f.size())
        .map_err(|e| e.to_string())?
        .value();
    if fsize > 0 && (rv.len() as i64) < cot / fsize {
        return Err(format!("{r} has size {} < {cot} / {fsize}", rv.len()));
    }
    Ok(())
}

fn inverses(a: &Layout) -> Check {
    if let Ok(r) = right_inverse(a) {
        for i in 0..r
            .size()
            .map_err(|e| e.to_string())?
            .value()
            .min(MAX_ENUMERATED)
        {
            match r.eval(i).and_then(|j| a.eval(j)) {
                Ok(x) if x == i => {}
                x => return Err(format!("right_inverse = {r}: A(R({i})) = {x:?}")),
            }
        }
    }
    if let (Ok(r), Some(av)) = (left_inverse(a), values(a)) {
        let injective = av.iter().collect::<HashSet<_>>().len() == av.len();
        for (i, &ai) in av.iter().enumerate() {
            let Ok(rai) = r.eval(ai) else {
                return Err(format!("left_inverse = {r} fails at A({i}) = {ai}"));
            };
            if a.eval(rai) != Ok(ai) || (injective && rai != i as i64) {
                return Err(format!("left_inverse = {r}: R(A({i})) = {rai}"));
            }
        }
    }
    Ok(())
}

fn divides(a: &Layout, b: &Layout) -> Check {
    let t = Tiler::Layout(b.clone());
    let Ok(ld) = logical_divide(a, &t) else {
        return Ok(());
    };
    if ld.rank() != 2 {
        return Err(format!("logical_divide = {ld} is not of rank 2"));
    }
    let size_a = a.size().map_err(|e| e.to_string())?;
    if let Ok(c) = complement(b, &IntTuple::leaf(size_a)) {
        if let Ok(bc) = Layout::concat([b.clone(), c]) {
            if let Ok(want) = composition(a, &bc) {
                same_function("logical_divide = A o (B, B*)", &ld, &want)?;
            }
        }
    }
    for (name, d) in [
        ("zipped_divide", zipped_divide(a, &t)),
        ("tiled_divide", tiled_divide(a, &t)),
        ("flat_divide", flat_divide(a, &t)),
    ] {
        match d {
            Ok(d) => same_function(name, &d, &ld)?,
            Err(e) => return Err(format!("{name} fails where logical_divide = {ld}: {e}")),
        }
    }
    Ok(())
}

fn products(a: &Layout, b: &Layout) -> Check {
    let t = Tiler::Layout(b.clone());
    let Ok(lp) = logical_product(a, &t) else {
        return Ok(());
    };
    if lp.rank() != 2 || lp.mode(0).as_ref() != Ok(a) {
        return Err(format!("logical_product = {lp}: mode 0 is not A"));
    }
    let cot = a
        .size()
        .and_then(|s| Ok(s.value().checked_mul(b.cosize()?.value())));
    if let Ok(Some(cot)) = cot {
        let c = complement(a, &IntTuple::leaf(Int::dynamic(cot)));
        if let Ok(want) = c.and_then(|c| composition(&c, b)) {
            same_function(
                "logical_product mode 1 = A* o B",
                &lp.mode(1).map_err(|e| e.to_string())?,
                &want,
            )?;
        }
    }
    for (name, p) in [
        ("zipped_product", zipped_product(a, &t)),
        ("tiled_product", tiled_product(a, &t)),
        ("flat_product", flat_product(a, &t)),
    ] {
        match p {
            Ok(p) => same_function(name, &p, &lp)?,
            Err(e) => return Err(format!("{name} fails where logical_product = {lp}: {e}")),
        }
    }
    Ok(())
}

/// `(s1 o s2)(x) = s1(s2(x))` and `s1⁻¹(s1(x)) = x` over the swizzles' bits.
fn swizzles(s1: Swizzle, s2: Swizzle) -> Check {
    let span = 1i64 << (s1.bits() + s1.base() + s1.shift().unsigned_abs() + 1).min(14);
    let inv = s1.inverse();
    for x in 0..span {
        if inv.apply(s1.apply(x)) != x {
            return Err(format!("{s1}: inverse {inv} does not undo it at {x}"));
        }
    }
    if let Ok(c) = s1.compose(s2) {
        for x in 0..span {
            if c.apply(x) != s1.apply(s2.apply(x)) {
                return Err(format!("{s1} o {s2} = {c} differs at {x}"));
            }
        }
    }
    Ok(())
}
