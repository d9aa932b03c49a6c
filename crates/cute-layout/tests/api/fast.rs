//! `Layout::compile`: the compiled evaluator agrees with `Layout::eval` and `idx2crd` at every
//! index of random layouts (static, dynamic and mixed integers, negative and zero strides),
//! `FastDivmod` is exact over its documented range, and layouts outside it are refused.

use crate::common::lay;
use cute_layout::fast::{FastDivmod, MAX_COMPILED_SIZE};
use cute_layout::{idx2crd, Int, IntTuple, Layout, LayoutError, Tree};
use proptest::prelude::*;

/// Random shapes of at most 5 leaves (extents 1..=8, powers of two and not), depth ≤ 3, with
/// strides in -40..=40 (zero included), each integer static or dynamic at random.
fn arb_layout() -> impl Strategy<Value = Layout> {
    let leaf = (1i64..=8, -40i64..=40, any::<bool>(), any::<bool>()).prop_map(|(s, d, ss, ds)| {
        (
            IntTuple::leaf(Int::new(s, ss)),
            IntTuple::leaf(Int::new(d, ds)),
        )
    });
    leaf.prop_recursive(3, 5, 3, |inner| {
        prop::collection::vec(inner, 1..=3).prop_map(|modes| {
            let (s, d): (Vec<_>, Vec<_>) = modes.into_iter().unzip();
            (
                Tree::tuple(s).expect("shallow"),
                Tree::tuple(d).expect("shallow"),
            )
        })
    })
    .prop_map(|(s, d)| Layout::new(s, d).expect("congruent by construction"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn compiled_eval_and_idx2crd_agree_at_every_index(l in arb_layout()) {
        let c = l.compile().expect("small layouts compile");
        let size = l.size().expect("small").value();
        prop_assert_eq!(c.size(), size as u64);
        let mut flat = vec![0u32; l.shape().leaf_count()];
        for i in 0..size {
            prop_assert_eq!(c.eval(i), Some(l.eval(i).expect("in range")), "{} at {}", l, i);
            let want = idx2crd(&IntTuple::leaf(Int::dynamic(i)), l.shape()).expect("in range");
            prop_assert_eq!(c.idx2crd(i), Some(want.clone()), "{} at {}", l, i);
            c.idx2crd_flat(i, &mut flat).expect("in range");
            let leaves: Vec<u32> = want.leaves().map(|x| x.value() as u32).collect();
            prop_assert_eq!(&flat, &leaves);
        }
        prop_assert_eq!(c.eval(size), None);
        prop_assert_eq!(c.eval(-1), None);
        prop_assert_eq!(c.idx2crd(size), None);
    }

    #[test]
    fn fast_divmod_is_exact(d in 1u64..=MAX_COMPILED_SIZE, n in any::<u32>()) {
        let f = FastDivmod::new(d).expect("in range");
        let (q, r) = ((u64::from(n) / d) as u32, (u64::from(n) % d) as u32);
        prop_assert_eq!(f.divmod(n), (q, r));
        prop_assert_eq!(f.remainder(n), r);
        // the hardest dividends: the largest, and just below and at a multiple of d
        for m in [u32::MAX, u32::MAX - 1, (q.saturating_add(1) as u64 * d).min(u32::MAX as u64) as u32] {
            for n in [m, m.saturating_sub(1)] {
                prop_assert_eq!(f.divmod(n), ((u64::from(n) / d) as u32, (u64::from(n) % d) as u32));
            }
        }
    }
}

#[test]
fn fast_divmod_edges() {
    for d in (1..=64)
        .chain([u32::MAX as u64 - 1, u32::MAX as u64, MAX_COMPILED_SIZE])
        .chain((1..32).map(|k| (1u64 << k) + 1))
        .chain((1..32).map(|k| (1u64 << k) - 1))
    {
        let f = FastDivmod::new(d).unwrap();
        for n in [
            0,
            1,
            u32::MAX,
            u32::MAX - 1,
            (d.min(u32::MAX as u64)) as u32,
        ] {
            assert_eq!(
                f.divmod(n),
                ((u64::from(n) / d) as u32, (u64::from(n) % d) as u32)
            );
        }
    }
    assert!(FastDivmod::new(0).is_none());
    assert!(FastDivmod::new(MAX_COMPILED_SIZE + 1).is_none());
}

#[test]
fn large_layouts_agree_at_sampled_indices() {
    // the largest accepted size, non-power-of-two extents and a negative stride
    let l = lay("((65536,3),21845):((-7,1),3)");
    let c = l.compile().unwrap();
    assert_eq!(c.size(), 65536 * 3 * 21845);
    let size = c.size() as i64;
    for i in (0..size).step_by(99_991).chain(size - 1000..size) {
        assert_eq!(c.eval(i), Some(l.eval(i).unwrap()), "{l} at {i}");
    }
    let full = lay("(65536,65536):(1,65536)").compile().unwrap();
    assert_eq!(full.eval((1 << 32) - 1), Some((1 << 32) - 1));
}

#[test]
fn refuses_layouts_outside_the_range() {
    for text in [
        "(65536,65537):(1,0)",           // size above 2^32
        "(4,-2):(1,1)",                  // a negative extent
        "(2,4):(1,4611686018427387904)", // offsets beyond i64
    ] {
        match lay(text).compile() {
            Err(LayoutError::InvalidArgument {
                op: "compile",
                detail,
                ..
            }) => {
                assert!(detail.contains(text), "{detail}")
            }
            other => panic!("{text}: expected a refusal, got {other:?}"),
        }
    }
    // size 0: nothing to evaluate, every index outside
    assert_eq!(lay("(0,4):(1,2)").compile().unwrap().eval(0), None);
}
