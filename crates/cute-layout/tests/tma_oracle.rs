//! Every case of `bench/tma/expected.txt` (what CuTe C++ prints, produced by
//! `bench/tma/check.sh`) recomputed with the library and compared byte for byte.

use cute_layout::atom::{
    construct_tma_gbasis, get_tma_tensor, make_tma_atom, make_tma_copy, tma_cta_v_map,
    tma_partition, CopyAtom, TmaOp,
};
use cute_layout::basis::{compose_basis, BasisLayout};
use cute_layout::notation::atom::{copy_atom_text, parse_value_type, tiled_copy_text};
use cute_layout::{coalesce_256, AnyLayout, Int, Layout, LayoutError, Tensor};

mod common;

const EXPECTED: &str = include_str!("../../../bench/tma/expected.txt");

fn line(x: impl std::fmt::Display) -> String {
    format!("{x}\n")
}

fn run(case: &str) -> Result<String, LayoutError> {
    let w: Vec<&str> = case.split(' ').collect();
    Ok(match w.as_slice() {
        ["coalesce_256", l] => line(coalesce_256(&l.parse()?)?),
        ["coalesce_basis", b] => line(b.parse::<BasisLayout>()?.coalesce()?),
        ["compose_basis", l, b] => line(compose_basis(&l.parse()?, &b.parse()?)?),
        ["gbasis", t, g, s, tiler] => {
            let bits = parse_value_type(t)?.bits();
            let gmem: Layout = g.parse()?;
            let v = tma_cta_v_map(&gmem, &tiler.parse()?)?;
            let smem = s.parse::<AnyLayout>()?;
            line(construct_tma_gbasis(&gmem, bits, smem.inner(), &v, bits)?)
        }
        ["tma_atom", op, t, g, s, tiler, rest @ ..] => {
            copy_atom_text(&atom(op, t, g, s, tiler, rest.first().unwrap_or(&"1"))?)
        }
        ["tma_copy", op, t, g, s, tiler, n] => {
            let tc = make_tma_copy(&atom(op, t, g, s, tiler, n)?)?;
            let (ls, ld) = (tc.get_layout_s_tv()?, tc.get_layout_d_tv()?);
            format!("{}{}{}", tiled_copy_text(&tc), line(ls), line(ld))
        }
        ["tma_tensor", op, t, g, s, tiler, n, shape] => line(get_tma_tensor(
            &atom(op, t, g, s, tiler, n)?,
            &shape.parse()?,
        )?),
        ["tma_partition", op, t, g, s, tiler, n, cta, cta_layout] => {
            let a = atom(op, t, g, s, tiler, n)?;
            let gmem: Layout = g.parse()?;
            let r = top_rank(tiler);
            let under = format!("({})", vec!["_"; r].join(","));
            let gt = get_tma_tensor(&a, gmem.shape())?
                .local_tile(&tiler.parse()?, &under.parse()?)?
                .map_layout(|l| l.group(0, r))?;
            let st = Tensor::new((), smem(s)?).map_layout(|l| l.group(0, r))?;
            let cta = Int::fixed(cta.parse().expect("cta index"));
            let p = tma_partition(&a, cta, &cta_layout.parse()?, st, gt)?;
            format!(
                "{}{}+{}\n",
                line(&p.gmem),
                line(p.smem.layout()),
                p.smem.offset()
            )
        }
        _ => panic!("unknown case {case}"),
    })
}

fn smem(s: &str) -> Result<AnyLayout, LayoutError> {
    s.replacen(">o", "> o _0 o ", 1).parse()
}

/// The number of top-level modes of a tuple `(a,(b,c))`.
fn top_rank(t: &str) -> usize {
    let mut depth = 0;
    let mut n = 1;
    for c in t.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 1 => n += 1,
            _ => {}
        }
    }
    n
}

fn atom(
    op: &str,
    t: &str,
    g: &str,
    s: &str,
    tiler: &str,
    n: &str,
) -> Result<CopyAtom, LayoutError> {
    make_tma_atom(
        TmaOp::from_name(op)?,
        parse_value_type(t)?,
        &g.parse()?,
        &smem(s)?,
        &tiler.parse()?,
        Int::fixed(n.parse().expect("multicast count")),
    )
}

#[test]
fn tma_cases_match_cpp() {
    let blocks = common::oracle_blocks(EXPECTED);
    assert!(blocks.len() >= 30, "the oracle file lost cases");
    common::check_oracle(&blocks, run);
}
