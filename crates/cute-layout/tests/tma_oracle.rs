//! Every case of `bench/tma/expected.txt` (what CuTe C++ prints, produced by
//! `bench/tma/check.sh`) recomputed with the library and compared byte for byte.

use cute_layout::atom::{construct_tma_gbasis, make_tma_atom, tma_cta_v_map, TmaOp};
use cute_layout::basis::{compose_basis, BasisLayout};
use cute_layout::notation::atom::{copy_atom_text, parse_value_type};
use cute_layout::{coalesce_256, AnyLayout, Layout, LayoutError};

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
        ["tma_atom", op, t, g, s, tiler, ..] => {
            let smem = s.replacen(">o", "> o _0 o ", 1).parse()?;
            let tma = make_tma_atom(
                TmaOp::from_name(op)?,
                parse_value_type(t)?,
                &g.parse()?,
                &smem,
                &tiler.parse()?,
            )?;
            copy_atom_text(&tma.atom)
        }
        _ => panic!("unknown case {case}"),
    })
}

#[test]
fn tma_cases_match_cpp() {
    let blocks = common::oracle_blocks(EXPECTED);
    assert!(blocks.len() >= 30, "the oracle file lost cases");
    common::check_oracle(&blocks, run);
}
