//! The F2-stride form of linear layouts (issue 30): a linear layout that no strides and no
//! swizzle give converts to an F2-stride layout, exactly (element by element), and back;
//! an F2-stride layout converts to Triton's form and back. Property tests over random F2
//! bases.

use cute_layout::f2::F2Layout;
use cute_layout::linear::convert::{
    cute_form_to_linear_layout, f2_layout_function, f2_to_linear_layout, from_linear_layout,
    CuteForm,
};
use cute_layout::linear::LinearLayout;
use proptest::prelude::*;

/// A random bijection `offset → (dim0, dim1)` of `bits` bits, `split` of them in `dim0`: the
/// identity's columns mixed by random XORs of one bit into another (an invertible matrix).
fn bijections() -> impl Strategy<Value = LinearLayout> {
    (2usize..9)
        .prop_flat_map(|bits| {
            (
                Just(bits),
                0..=bits,
                prop::collection::vec((0..bits, 0..bits), 0..12),
                Just((0..bits).collect::<Vec<usize>>()).prop_shuffle(),
            )
        })
        .prop_map(|(bits, split, ops, perm)| {
            // basis i of offset is the flat element index with bit perm[i], then row ops
            let mut flat: Vec<u64> = perm.iter().map(|&p| 1u64 << p).collect();
            for (a, b) in ops {
                if a != b {
                    flat[a] ^= flat[b];
                }
            }
            let m = 1u64 << split;
            let bases = flat.iter().map(|&x| vec![x % m, x / m]).collect();
            LinearLayout::new(
                vec![("offset".into(), bases), ("block".into(), vec![])],
                vec![("dim0".into(), m), ("dim1".into(), 1u64 << (bits - split))],
            )
            .unwrap()
        })
}

/// A random F2-stride layout of power-of-two extents: `(2^a, 2^b):(d0^, d1^)` and nested
/// modes, strides below 2^8.
fn f2_layouts() -> impl Strategy<Value = F2Layout> {
    prop::collection::vec((0u32..3, 0i64..256), 1..5).prop_map(|modes| {
        let shape: Vec<String> = modes.iter().map(|(e, _)| format!("_{}", 1 << e)).collect();
        let stride: Vec<String> = modes.iter().map(|(_, d)| format!("_{d}^")).collect();
        format!("({}):({})", shape.join(","), stride.join(","))
            .parse()
            .unwrap()
    })
}

proptest! {
    /// Every bijection has an exact CuTe form (a layout, a swizzled layout or an F2 layout)
    /// that converts back to it; an F2 form is the inverse element by element.
    #[test]
    fn bijections_round_trip_through_their_cute_form(l in bijections()) {
        let form = from_linear_layout(&l).unwrap();
        prop_assert!(!matches!(form, CuteForm::Linear { .. }), "{:?}", form);
        prop_assert_eq!(cute_form_to_linear_layout(&form).unwrap(), l.clone());
        if let CuteForm::F2(f2) = form {
            let m = l.out_dim_size("dim0").unwrap();
            for o in 0..1u64 << l.total_in_bits() {
                let d = l.apply(&[("offset", o)]).unwrap();
                prop_assert_eq!(f2.eval((d[0] + m * d[1]) as i64).unwrap() as u64, o);
            }
        }
    }

    /// An F2 layout's function is the layout at every index, and a bijective one goes to
    /// Triton's form and back to a CuTe form with the same function.
    #[test]
    fn f2_layouts_round_trip(f2 in f2_layouts()) {
        let f = f2_layout_function(&f2).unwrap();
        let size = f2.size().unwrap().value();
        for i in 0..size {
            let ins = f2_index_inputs(&f2, i);
            let named: Vec<(&str, u64)> = ins.iter().map(|(n, x)| (n.as_str(), *x)).collect();
            prop_assert_eq!(f.apply(&named).unwrap()[0] as i64, f2.eval(i).unwrap());
        }
        let Ok(t) = f2_to_linear_layout(&f2) else {
            prop_assert!(!f.is_invertible());
            return Ok(());
        };
        let back = from_linear_layout(&t).unwrap();
        prop_assert_eq!(cute_form_to_linear_layout(&back).unwrap(), t.clone());
        // the form found is the same function as the F2 layout on the flat index
        for o in 0..1u64 << t.total_in_bits() {
            let d = t.apply(&[("offset", o)]).unwrap();
            let (mut idx, mut scale) = (0i64, 1i64);
            for (x, (_, size)) in d.iter().zip(t.out_dims()) {
                idx += *x as i64 * scale;
                scale *= *size as i64;
            }
            let got = match &back {
                CuteForm::Layout(l) => l.eval(idx).unwrap(),
                CuteForm::Swizzled(c) => c.eval(idx).unwrap(),
                CuteForm::F2(g) => g.eval(idx).unwrap(),
                other => { prop_assert!(false, "{:?}", other); 0 }
            };
            prop_assert_eq!(got as u64, o);
        }
    }
}

/// The per-mode 1-D indices (`dim0`, `dim1`, ...) of the flat index `i` of an F2 layout.
fn f2_index_inputs(f2: &F2Layout, i: i64) -> Vec<(String, u64)> {
    let sizes: Vec<i64> = if f2.shape().is_leaf() {
        vec![f2.size().unwrap().value()]
    } else {
        f2.shape()
            .modes()
            .map(|m| m.leaves().map(|x| x.value()).product())
            .collect()
    };
    let mut rest = i;
    sizes
        .iter()
        .enumerate()
        .map(|(k, &s)| {
            let x = rest % s;
            rest /= s;
            (format!("dim{k}"), x as u64)
        })
        .collect()
}

#[test]
fn an_xor_of_two_bases_is_an_f2_layout() {
    // offset 4 -> (1,3), the XOR of the elements of offsets 1 and 2 and 2·2: no strides (a
    // sum carries), and no swizzle (one XORs higher bits into lower ones only)
    let l: LinearLayout = "offset=[[1,0],[0,1],[1,3]] block=[] -> dim0=2 dim1=4"
        .parse()
        .unwrap();
    let CuteForm::F2(f2) = from_linear_layout(&l).unwrap() else {
        panic!()
    };
    assert_eq!(f2.to_string(), "(_2,(_2,_2)):(_1^,(_2^,_7^))");
    assert_eq!(f2_to_linear_layout(&f2).unwrap(), l);
}
