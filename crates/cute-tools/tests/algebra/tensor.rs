//! Tensors, partitioning and TV layouts: every observed fact of the reference (§12) and
//! property tests (partitions cover every element exactly once; TV partitions match direct
//! evaluation).

use crate::common;
use crate::common::{check, lay, refused, tup};
use cute_layout::basis::make_identity_tensor;
use cute_layout::tensor::{local_partition, local_tile, outer_partition};
use cute_layout::tv::{make_layout_tv, tv_partition};
use cute_layout::Coord;
use cute_layout::{AnyLayout, Layout};
use cute_tools::eval::eval;
use cute_tools::render::tv::{grid_tv, latex_tv, svg_tv};
use proptest::prelude::*;

fn ev(e: &str) -> String {
    match eval(e) {
        Ok(v) => v.to_string(),
        Err(err) => format!("error: {err}"),
    }
}

#[test]
fn observed_partition_facts() {
    let t = "(8,6):(_1,8)";
    let cases = [
        (
            format!("local_tile({t},(_4,_3),(1,1))"),
            "(_4,_3):(_1,8)+28",
        ),
        (
            format!("local_tile({t},(_4,_3),(1,_))"),
            "(_4,_3,2):(_1,8,24)+4",
        ),
        (
            format!("local_tile({t},(_4,_3,_2),(1,_,0),(1,_,1))"),
            "(_4,_2):(_1,8)+4",
        ),
        (
            format!("inner_partition({t},(_4,_3),3)"),
            "(_4,_3):(_1,8)+28",
        ),
        (
            format!("outer_partition({t},(_4,_3),(1,2))"),
            "(2,2):(_4,24)+17",
        ),
        (
            format!("local_partition({t},(_2,_3):(_1,_2),4)"),
            "(4,2):(_2,24)+16",
        ),
        (
            format!("local_partition({t},(_2,_3):(_3,_1),4)"),
            "(4,2):(_2,24)+9",
        ),
        (format!("slice_and_offset((_,2),{t})"), "(8):(_1)+16"),
        (
            format!("zipped_divide({t},(_4,_3))"),
            "((_4,_3),(2,2)):((_1,8),(_4,24))",
        ),
        ("upcast((_4,_8):(_1,_4),2)".to_string(), "(_2,_8):(_1,_2)"),
        (
            "crd2idx(Sw<2,0,3> o _0 o (_8,_8):(_8,_1),(1,5))".to_string(),
            "12",
        ),
    ];
    for (e, want) in cases {
        assert_eq!(ev(&e), want, "{e}");
    }
}

#[test]
fn swizzled_tensor_tiles_match_evaluation() {
    let cl: AnyLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse().unwrap();
    for j in 0..8 {
        let (tile, off) = local_tile(
            &cl,
            &"(_8,_8)".parse().unwrap(),
            &format!("(0,{j})").parse().unwrap(),
        )
        .unwrap();
        for r in 0..8 {
            for c in 0..8 {
                let got = tile
                    .call(&format!("({r},{c})").parse().unwrap())
                    .unwrap()
                    .value()
                    + off.value();
                let want = cl
                    .call(&format!("({r},{})", 8 * j + c).parse().unwrap())
                    .unwrap()
                    .value();
                assert_eq!(got, want);
            }
        }
    }
}

#[test]
fn tv_layouts_render() {
    let tv = make_layout_tv(
        &"(_2,_2):(_2,_1)".parse().unwrap(),
        &"(_1,_2):(_2,_1)".parse().unwrap(),
    )
    .unwrap();
    assert_eq!(
        ev("make_layout_tv((_2,_2):(_2,_1),(_1,_2):(_2,_1))"),
        "((_2,_4),((_2,_2),_2):((_4,_1),_2))"
    );
    let tex = latex_tv(&tv).unwrap();
    assert!(tex.starts_with(
        "% Layout TV: ((_2,_2),_2):((_4,_1),_2)\n\\documentclass[convert]{standalone}\n"
    ));
    assert!(tex.contains(
        "\\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,2) {\\shortstack{T1 \\\\ V0}};"
    ));
    assert!(tex.contains("\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (2,4);"));
    assert!(tex.ends_with(
        "\\node at (-1,3) {\\Large{\\texttt{3}}};\n\\end{tikzpicture}\n\\end{document}\n"
    ));
    let grid = grid_tv(&tv).unwrap();
    assert!(
        grid.contains("|  T0V0 |  T0V1 |  T1V0 |  T1V1 |")
            || grid.contains("| T0V0 | T0V1 | T1V0 | T1V1 |"),
        "{grid}"
    );
    assert_eq!(svg_tv(&tv).unwrap().matches("<rect").count(), 8);
}

fn compact(n: usize) -> impl Strategy<Value = Layout> {
    // a 2-D compact thread/value layout, column- or row-major, extents 1..=4 each
    (1i64..=4, 1i64..=4, any::<bool>()).prop_map(move |(a, b, row)| {
        let _ = n;
        if row {
            format!("(_{a},_{b}):(_{b},_1)").parse().unwrap()
        } else {
            format!("(_{a},_{b}):(_1,_{a})").parse().unwrap()
        }
    })
}

proptest! {
    #[test]
    fn local_partitions_cover_every_element_once(thr in compact(0), m in 1i64..=3, n in 1i64..=3) {
        let (tm, tn) = (thr.shape().get(0).unwrap().size().unwrap().value(), thr.shape().get(1).unwrap().size().unwrap().value());
        let t: AnyLayout = format!("({},{}):(_1,{})", tm * m, tn * n, tm * m).parse().unwrap();
        let size = tm * m * tn * n;
        let mut count = vec![0; size as usize];
        for tid in 0..tm * tn {
            let (l, off) = local_partition(&t, &thr, tid).unwrap();
            for o in l.offsets().unwrap() {
                count[(o + off.value()) as usize] += 1;
            }
        }
        prop_assert!(count.iter().all(|&c| c == 1));
    }

    #[test]
    fn outer_and_inner_partitions_cover_every_element_once(m in 1i64..=3, n in 1i64..=3, a in 1i64..=4, b in 1i64..=4) {
        let t: AnyLayout = format!("({},{}):({},_1)", a * m, b * n, b * n).parse().unwrap();
        let tiler = format!("(_{a},_{b})").parse().unwrap();
        let mut inner = vec![0; (a * b * m * n) as usize];
        let mut outer = vec![0; (a * b * m * n) as usize];
        for k in 0..m * n {
            let (l, off) = local_tile(&t, &tiler, &k.to_string().parse().unwrap()).unwrap();
            for o in l.offsets().unwrap() { inner[(o + off.value()) as usize] += 1; }
        }
        for k in 0..a * b {
            let (l, off) = outer_partition(&t, &tiler, &k.to_string().parse().unwrap()).unwrap();
            for o in l.offsets().unwrap() { outer[(o + off.value()) as usize] += 1; }
        }
        prop_assert!(inner.iter().all(|&c| c == 1));
        prop_assert!(outer.iter().all(|&c| c == 1));
    }

    #[test]
    fn tv_partition_matches_direct_evaluation(thr in compact(0), val in compact(1), reps in 1i64..=2) {
        let tv = make_layout_tv(&thr, &val).unwrap();
        let (mm, nn) = tv.tile_mn().unwrap();
        // a row-major tensor of reps x 1 tiles
        let (rows, cols) = (mm * reps, nn);
        let t: AnyLayout = format!("({rows},{cols}):({cols},_1)").parse().unwrap();
        for tid in 0..tv.threads().unwrap() {
            let (l, off) = tv_partition(&t, &tv, tid).unwrap();
            for v in 0..tv.values().unwrap() {
                let (m, n) = tv.cell_of(tid, v).unwrap();
                for r in 0..reps {
                    let got = l.eval(v + tv.values().unwrap() * r).unwrap() + off.value();
                    let want = (m + r * mm) * cols + n;
                    prop_assert_eq!(got, want);
                }
            }
        }
    }
}

// ---- identity tensors -------------------------------------------------------------------

#[test]
fn identity_tensor_facts() {
    let cases = [
        // C++: print(make_identity_tensor(make_shape(2,3)))
        (
            "make_identity_tensor((2,3))",
            "ArithTuple(_0,_0) o (2,3):(_1@0,_1@1)",
        ),
        // §12: the (2,3) identity tensor at (1,2) is (1,2); §1.5: crd2idx gives a coordinate
        ("crd2idx(make_identity_tensor((2,3)),(1,2))", "(1,2)"),
        ("crd2idx(make_identity_layout((2,3)),(1,2))", "(1,2)"),
        ("crd2idx(make_identity_layout((2,3)),5)", "(1,2)"),
        // §2.1
        (
            "make_identity_layout((_2,(_3,_4)))",
            "(_2,(_3,_4)):(_1@0,(_1@0@1,_1@1@1))",
        ),
        (
            "make_identity_tensor((_2,(_3,_4)))",
            "ArithTuple(_0,(_0,_0)) o (_2,(_3,_4)):(_1@0,(_1@0@1,_1@1@1))",
        ),
        (
            "crd2idx(make_identity_tensor((_2,(_3,_4))),17)",
            "(1,(2,2))",
        ),
        // the partitions of §12 on an identity tensor of the same shape
        (
            "local_tile(make_identity_tensor((8,6)),(_4,_3),(1,1))",
            "ArithTuple(4,3) o (_4,_3):(_1@0,_1@1)",
        ),
        (
            "inner_partition(make_identity_tensor((8,6)),(_4,_3),3)",
            "ArithTuple(4,3) o (_4,_3):(_1@0,_1@1)",
        ),
        (
            "outer_partition(make_identity_tensor((8,6)),(_4,_3),(1,2))",
            "ArithTuple(1,2) o (2,2):(_4@0,_3@1)",
        ),
        (
            "local_partition(make_identity_tensor((8,6)),(_2,_3):(_1,_2),4)",
            "ArithTuple(0,2) o (4,2):(_2@0,_3@1)",
        ),
        (
            "local_partition(make_identity_tensor((8,6)),(_2,_3):(_3,_1),4)",
            "ArithTuple(1,1) o (4,2):(_2@0,_3@1)",
        ),
        (
            "slice((_,2),make_identity_tensor((8,6)))",
            "ArithTuple(_0,2) o (8):(_1@0)",
        ),
        ("slice((1,_),make_identity_layout((2,3)))", "(3):(_1@1)"),
        (
            "zipped_divide(make_identity_tensor((8,6)),(_4,_3))",
            "ArithTuple(_0,_0) o ((_4,_3),(2,2)):((_1@0,_1@1),(_4@0,_3@1))",
        ),
        ("size(make_identity_tensor((8,6)))", "48"),
        // projections and TV partitions, as for ordinary tensors (offsets 4, 1, 2 above)
        (
            "local_tile(make_identity_tensor((8,6)),(_4,_3,_2),(1,_,0),(1,_,1))",
            "ArithTuple(4,0) o (_4,_2):(_1@0,_1@1)",
        ),
        (
            "local_partition(make_identity_tensor((8,6)),(_2,_3):(_1,_2),1,(1,_))",
            "ArithTuple(1,_0) o (4,6):(_2@0,_1@1)",
        ),
        (
            "tv_partition(make_identity_tensor((_4,_8)),(_2,_2):(_2,_1),(_1,_2):(_2,_1),1)",
            "ArithTuple(0,2) o (_2,_2,_2):(_1@1,_2@0,_4@1)",
        ),
        ("shape(make_identity_tensor((8,(2,3))))", "(8,(2,3))"),
        // nested calls in general
        ("size(make_layout((2,3)))", "6"),
        (
            "coalesce(composition(make_layout((4,2)),(_2,_2)))",
            "(_2,_2):(_1,4)",
        ),
    ];
    for (e, want) in cases {
        assert_eq!(ev(e), want, "{e}");
    }
}

#[test]
fn identity_tensor_errors_are_values() {
    // coalesce has an identity form (merging along one basis direction), but no profile there
    assert_eq!(
        eval("coalesce(make_identity_tensor((8,6)))")
            .unwrap()
            .to_string(),
        "ArithTuple(_0,_0) o (8,6):(_1@0,_1@1)"
    );
    for e in [
        "coalesce(make_identity_tensor((8,6)),(1,1))",
        "local_partition(make_identity_tensor((8,6)),(_2,_3):(_2,_2),1)",
        "local_partition(make_identity_tensor((8,6)),(_2,_3):(_1,_2),6)",
        "crd2idx(make_identity_tensor((2,3)),(1,2,3))",
        "make_identity_tensor(make_identity_tensor(2))",
        "size(congruent(1,2))",
        "size(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(1))))))))))))))))))",
        "size(make_layout((2,3))",
    ] {
        assert!(eval(e).is_err(), "{e}");
    }
}

fn col_major_offset(c: &cute_layout::IntTuple, m: i64) -> i64 {
    let v: Vec<i64> = c.leaves().map(|x| x.value()).collect();
    v[0] + m * v[1]
}

proptest! {
    /// Every partition of an identity tensor holds exactly the coordinates the same partition
    /// of the ordinary column-major tensor addresses.
    #[test]
    fn identity_partitions_match_ordinary_partitions(thr in compact(0), m in 1i64..=3, n in 1i64..=3) {
        let (tm, tn) = (thr.shape().get(0).unwrap().size().unwrap().value(), thr.shape().get(1).unwrap().size().unwrap().value());
        let (rows, cols) = (tm * m, tn * n);
        let shape: cute_layout::IntTuple = format!("({rows},{cols})").parse().unwrap();
        let id = make_identity_tensor(&shape).unwrap();
        let t: AnyLayout = Layout::column_major(&shape).unwrap().into();
        for tid in 0..tm * tn {
            let p = id.local_partition(&thr, tid).unwrap();
            let (l, off) = local_partition(&t, &thr, tid).unwrap();
            for (i, c) in p.to_vec().unwrap().iter().enumerate() {
                prop_assert_eq!(col_major_offset(c, rows), l.eval(i as i64).unwrap() + off.value());
            }
        }
        let tiler = format!("(_{tm},_{tn})").parse().unwrap();
        for k in 0..m * n {
            let c = k.to_string().parse().unwrap();
            let p = id.inner_partition(&tiler, &c).unwrap();
            let (l, off) = local_tile(&t, &tiler, &c).unwrap();
            for (i, x) in p.to_vec().unwrap().iter().enumerate() {
                prop_assert_eq!(col_major_offset(x, rows), l.eval(i as i64).unwrap() + off.value());
            }
        }
        for k in 0..tm * tn {
            let c = k.to_string().parse().unwrap();
            let p = id.outer_partition(&tiler, &c).unwrap();
            let (l, off) = outer_partition(&t, &tiler, &c).unwrap();
            for (i, x) in p.to_vec().unwrap().iter().enumerate() {
                prop_assert_eq!(col_major_offset(x, rows), l.eval(i as i64).unwrap() + off.value());
            }
        }
    }
}

proptest! {
    /// A thread's TV partition of an identity tensor holds the coordinates of the values the
    /// same partition of the row-major tensor addresses.
    #[test]
    fn identity_tv_partition_matches_ordinary(thr in compact(0), val in compact(1), reps in 1i64..=2) {
        let tv = make_layout_tv(&thr, &val).unwrap();
        let (mm, nn) = tv.tile_mn().unwrap();
        let (rows, cols) = (mm * reps, nn);
        let id = make_identity_tensor(&format!("({rows},{cols})").parse().unwrap()).unwrap();
        let t: AnyLayout = format!("({rows},{cols}):({cols},_1)").parse().unwrap();
        for tid in 0..tv.threads().unwrap() {
            let p = id.tv_partition(&tv, tid).unwrap();
            let (l, off) = tv_partition(&t, &tv, tid).unwrap();
            for (i, c) in p.to_vec().unwrap().iter().enumerate() {
                let v: Vec<i64> = c.leaves().map(|x| x.value()).collect();
                prop_assert_eq!(v[0] * cols + v[1], l.eval(i as i64).unwrap() + off.value());
            }
        }
    }
}

/// The thread index keeps its static tag (rule 2): CuTe C++ 4.2 (g++, the nvidia-cutlass
/// 4.2.0.0 headers) prints `local_partition(make_identity_tensor(Shape<_4,_4>{}),
/// Layout<Shape<_2,_2>>{}, _3{})` as `ArithTuple(_1,_1) o (_2,_2):(_2@0,_2@1)` and with a
/// dynamic `3` as `ArithTuple(1,1) o ...`.
#[test]
fn a_static_thread_index_gives_static_coordinates() {
    assert_eq!(
        ev("local_partition(make_identity_tensor((_4,_4)), (_2,_2):(_1,_2), _3)"),
        "ArithTuple(_1,_1) o (_2,_2):(_2@0,_2@1)"
    );
    assert_eq!(
        ev("local_partition(make_identity_tensor((_4,_4)), (_2,_2):(_1,_2), 3)"),
        "ArithTuple(1,1) o (_2,_2):(_2@0,_2@1)"
    );
}

proptest! {
    /// Over static compact thread layouts: the partition by a static index `_i` is the
    /// partition by the dynamic `i` with its offset static (all inputs static), and the same
    /// offset value; the derivation of `cute explain` ends in the same result.
    #[test]
    fn the_thread_index_tag_reaches_the_offset(
        (m, n) in (1i64..5, 1i64..5),
        (tm, tn) in (1i64..3, 1i64..3),
        i in 0i64..64,
    ) {
        let i = i % (tm * tn);
        let thr = format!("(_{tm},_{tn}):(_1,_{tm})");
        let (rows, cols) = (m * tm, n * tn);
        let t = format!("(_{rows},_{cols}):(_1,_{rows})");
        let static_ = ev(&format!("local_partition({t}, {thr}, _{i})"));
        let dynamic = ev(&format!("local_partition({t}, {thr}, {i})"));
        let (sl, so) = static_.rsplit_once('+').unwrap_or((&static_, "_0"));
        let (dl, d_o) = dynamic.rsplit_once('+').unwrap_or((&dynamic, "0"));
        prop_assert_eq!(sl, dl);
        prop_assert!(so.starts_with('_'), "{} has a dynamic offset", static_);
        prop_assert_eq!(&so[1..], d_o.trim_start_matches('_'));
        let id = ev(&format!("local_partition(make_identity_tensor((_{rows},_{cols})), {thr}, _{i})"));
        prop_assert!(id.starts_with("ArithTuple(_"), "{} has a dynamic start", id);
    }
}

// From seed 003, "CuTe Layout and Tensor" (Yifan Yang).
/// 003, "5. Local Tile": partitioning that blocked layout into `(M0,N0)` sub-tiles
/// (`zipped_divide`, then slicing the rest mode) and taking the tile at `(m1,n1) = (0,2)`
/// gives `A[0:2, 4:6]`.
#[test]
fn seed003_local_tile() {
    let final_layout = "((_2,_2),(_2,_3)):((_1,_12),(_2,_4))";
    let zd = common::ev(&format!("zipped_divide({final_layout},(_2,_2))"));
    assert_eq!(zd, "((_2,_2),(_2,_3)):((_1,_2),(_12,_4))");
    let (tile, offset) = lay(&zd)
        .slice_and_offset(&"((_,_),(0,2))".parse::<Coord>().unwrap())
        .unwrap();
    assert_eq!(tile.to_string(), "(_2,_2):(_1,_2)");
    let a = lay(final_layout);
    for m in 0..2 {
        for n in 0..2 {
            let sub = tile.call(&tup(&format!("({m},{n})"))).unwrap().value() + offset.value();
            let whole = a.call(&tup(&format!("({m},{})", n + 4))).unwrap().value();
            assert_eq!(sub, whole);
        }
    }
}

// From the C++ reference (cute-cpp-semantics.md) section 9, divides.
/// Ref §12 (the partitioning table, as a check of divides and slicing): on `T = (8,6):(_1,8)`,
/// `local_tile(T,(_4,_3),(1,1))` is `(_4,_3):(_1,8)` at offset 28, `T(_,2)` is `(8):(_1)` at 16,
/// `zipped_divide(T,(_4,_3))` is `((_4,_3),(2,2)):((_1,8),(_4,24))`.
#[test]
fn ref12_local_tile() {
    let zd = common::ev("zipped_divide((8,6):(_1,8),(_4,_3))");
    assert_eq!(zd, "((_4,_3),(2,2)):((_1,8),(_4,24))");
    // local_tile slices the rest mode with `(repeat<rank0>(_), coord)`
    check(
        &format!("slice_and_offset(((_,_),(1,1)),{zd})"),
        "(_4,_3):(_1,8)+28",
    );
    check(
        &format!("slice_and_offset(((_,_),3),{zd})"),
        "(_4,_3):(_1,8)+28",
    );
    // a single `_` keeps the tile mode as one mode
    check(
        &format!("slice_and_offset((_,(1,1)),{zd})"),
        "((_4,_3)):((_1,8))+28",
    );
    check("slice_and_offset((_,2),(8,6):(_1,8))", "(8):(_1)+16");
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// A tuple coordinate with fewer modes than the rest (or tile) mode is padded with `_`:
/// C++'s `append<R>(coord, _)`. Values from CuTe C++ (g++ against the CUTLASS headers):
/// `local_tile(T, (_4,_3), make_coord(1))` is `(_4,_3,2):(_1,8,24)` at offset 4, and
/// `outer_partition(T, (_4,_3), make_coord(1))` is `(_3,2,2):(8,_4,24)` at offset 1.
#[test]
fn partition_coordinates_with_fewer_modes_are_padded() {
    let t = "(8,6):(_1,8)";
    check(
        &format!("local_tile({t},(_4,_3),(1))"),
        "(_4,_3,2):(_1,8,24)+4",
    );
    check(
        &format!("outer_partition({t},(_4,_3),(1))"),
        "(_3,2,2):(8,_4,24)+1",
    );
    // more modes than there are to index: C++ static_asserts in `append`
    refused(
        &format!("local_tile({t},(_4,_3),(1,1,1))"),
        &["inner_partition", "(1,1,1)", "3 modes", "only 2"],
    );
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// `local_tile(T, tiler, coord, proj)` is `local_tile(T, dice(proj, tiler), dice(proj, coord))`,
/// and C++'s `dice(1, b)` is `b`, so an integer projection keeps everything (C++:
/// `local_tile(T, (_4,_3), (1,1), _1{})` is `(_4,_3):(_1,8)` at 28, as without `proj`). A
/// tuple projection must have the tiler's rank: C++ static_asserts "Mismatched Ranks" in
/// `dice` for `local_tile(T, (_4,_3,_2), (1,0), Step<_1,X>)`, even though the coordinate fits.
#[test]
fn local_tile_projection_dices_the_tiler() {
    let t = "(8,6):(_1,8)";
    check(
        &format!("local_tile({t},(_4,_3),(1,1),1)"),
        "(_4,_3):(_1,8)+28",
    );
    check(
        &format!("local_tile({t},(_4,_3),(1,1))"),
        "(_4,_3):(_1,8)+28",
    );
    refused(
        &format!("local_tile({t},(_4,_3,_2),(1,0),(1,_))"),
        &["dice", "mismatched ranks", "(1,_)", "_4,_3,_2"],
    );
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// A nested projection dices the tiler the way it dices the coordinate: the kept elements of
/// the inner tuple join the outer one (C++'s `dice` concatenates with `tuple_cat`). CuTe C++
/// (all-static, g++ against the CUTLASS headers): `dice(Step<_1,Step<_1,X>>, (_4,(_3,_2)))` is
/// `(_4,_3)`, and the `local_tile` below is `(_4,_3):(_1,_8)` at offset 28, the same as
/// `local_tile(T, (_4,_3), (1,1))`.
#[test]
fn local_tile_nested_projection_flattens_like_cpp() {
    let t = "(_8,(_6,_4)):(_1,(_8,_48))";
    check(
        &format!("local_tile({t},(_4,(_3,_2)),(1,(1,0)),(1,(1,_)))"),
        "(_4,_3):(_1,_8)+28",
    );
    check(
        &format!("local_tile({t},(_4,_3),(1,1))"),
        "(_4,_3):(_1,_8)+28",
    );
    // a `_` projection keeps no mode: C++'s `local_tile(T, (_4,_3), (1,1), _)` does not compile
    refused(
        &format!("local_tile({t},(_4,_3),(1,1),_)"),
        &["dice", "projection _", "_4,_3"],
    );
    // a nested projection of the wrong rank is refused, as C++'s static_assert
    refused(
        &format!("local_tile({t},(_4,(_3,_2)),(1,(1,0)),(1,(1,_,_)))"),
        &["dice", "(1,_,_)"],
    );
}
