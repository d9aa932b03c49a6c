//! Tests that kill the cargo-mutants survivors of `analysis/solve.rs`, of `lane_address` in
//! `analysis/cuda.rs`, and of `Parser::literal_into`'s `cutlass.` literal (issue 11). Each test
//! names the mutants it guards; the expected values are worked out in its comments.

use cute_layout::notation::Syntax;
use cute_layout::value::Value;
use cute_tools::analysis::{
    count_conflicts, cuda_kernel, plan, solve_swizzle, Access, AccessPlan, AccessSpec, Instruction,
    Solution, Width,
};
use cute_tools::eval::{eval, eval_in};

fn spec(elem_bytes: i64, width: Width) -> AccessSpec {
    AccessSpec {
        width,
        ..AccessSpec::widest(elem_bytes)
    }
}

fn solve(
    layout: &str,
    elem_bytes: i64,
    width: Width,
) -> Result<Solution, cute_layout::LayoutError> {
    solve_swizzle(&layout.parse().unwrap(), &spec(elem_bytes, width))
}

/// The explanation without the worst phase's lane list (checked by `analysis.rs`).
fn explained(s: &Solution) -> String {
    s.to_string()
        .lines()
        .filter(|l| !l.starts_with("          instruction"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// 8 rows of 64 halves read down the columns with 128-bit loads: the 8 rows of a phase are
/// 128 bytes apart, all in banks 0-3 (8-way). `Sw<3,3,3>` XORs the row (offset bits 6..=8) into
/// the 16-byte chunk (bits 3..=5): 8 rows, 8 chunks. `M = 3` keeps the 8-element vectors whole;
/// `M+B+S = 9` are the bits of the cosize 512. One bit (`Sw<1,3,3>`) halves the collisions
/// (4-way: 3 extra wavefronts in each of 8 phases, 24), two bits leave 2-way (8). The first
/// candidate of each `B` with the fewest conflicts is kept (`Sw<1,3,4>`, bit 7 into bit 3,
/// also leaves 24). The worst phase's rows 0..7 have offsets `64·r`, so bits 6..=8 are `r`.
///
/// Guards `log2` (`0`, `-`->`/`: `M >= 0`/`M >= 1` would allow split vectors), `swizzled_plan`
/// (`*`->`+`, `*`->`/`, `+`->`*`: wrong addresses), `M+B+S <= span` (`m + b`->`m * b`: no `S`
/// left for `M = 3, B = 3`), the candidate test (`r.conflicts == 0`->`!=`), the best candidate
/// of each `B` (`<`->`==`, `>`, `<=`: another `Sw<1,3,S>` named), `check`'s width
/// (`bytes() * 8`->`+`, `/`: no 24- or 2-bit access) and its test (`!=`->`==`, both),
/// `Solution::swizzled` and `fmt` (`Default::default()`), `explain` (`Ok(Default)`, and on line
/// 249 `/`->`%`/`*`, `&`->`|`/`^`, `>>`->`<<`, `m + s`->`-`/`*`: other values than 0..7).
#[test]
fn solution_of_the_8x64_half_tile() {
    let s = solve("(_8,_64):(_64,_1)", 2, Width::Widest).unwrap();
    assert_eq!(
        explained(&s),
        "layout:   (_8,_64):(_64,_1) (2-byte elements)
access:   128-bit loads (ld.shared.v4.u32), 8 elements per access
before:   56 conflicts over 8 phases, worst 8-way
solution: Sw<3,3,3> o _0 o (_8,_64):(_64,_1)
why M = 3: the low M offset bits are left alone, so each access of 8 elements (16 bytes) stays whole and aligned (M >= 3)
why B = 3: the worst phase is 8-way, so its accesses need 8 different positions; B = 3 permutes 2^3 = 8 blocks of 2^M elements (fewer bits are not enough: 2 smaller B rejected below)
why S = 3: offset bits 6..=8 (mask 0b111000000) are XORed into bits 3..=5; they differ between the colliding accesses of the worst phase (values 0,1,2,3,4,5,6,7)
after:    0 conflicts, 8 wavefronts for 8 phases
rejected: B = 1: the best, Sw<1,3,3>, leaves 24 conflicts (worst 4-way)
rejected: B = 2: the best, Sw<2,3,3>, leaves 8 conflicts (worst 2-way)"
    );
    assert_eq!(
        s.swizzled().to_string(),
        "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"
    );
}

/// The same tile read with 32-bit loads: 2 halves per access (`M >= 1`). One phase is 32 lanes,
/// 8 rows times 4 words (offset bits 1..=2), so 32 banks are needed: the row (bits 6..=8) must
/// go to bits 3..=5 (`M = 3`); with `M = 1` or 2 and `B = 3` it would also flip a word bit.
///
/// Guards `log2` (`1`, `-`->`/`: 32-bit loads of halves have `M >= 1`, not `M >= 0`) and the
/// `m > m0` clause of `explain`.
#[test]
fn solution_of_the_8x64_half_tile_with_32_bit_loads() {
    let s = solve("(_8,_64):(_64,_1)", 2, Width::Bits(32)).unwrap();
    let text = explained(&s);
    assert!(
        text.contains("solution: Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\n"),
        "{text}"
    );
    assert!(
        text.contains("each access of 2 elements (4 bytes) stays whole and aligned (M >= 1); with M = 1..2 no S of this B removes every conflict\n"),
        "{text}"
    );
}

/// 32 words 32 words apart, one 32-bit load each: all in bank 0 (32-way). `Sw<5,0,5>` XORs
/// the 5 bits above the bank (5..=9) into the bank: 32 banks. `M = 0` (one element a vector,
/// `M <= 6 - log2(4) = 4`), `M+B+S = 10` the bits of the cosize 993. Each fewer bit doubles the
/// collisions: 16-, 8-, 4-, 2-way.
///
/// Guards `log2` (`1`: `M >= 1`; `-`->`+`: `6 - log2` underflows) and `M+B+S <= span`
/// (`m + b`->`m - b`: underflows at `M = 0`).
#[test]
fn solution_of_a_32_way_column() {
    let s = solve("_32:_32", 4, Width::Bits(32)).unwrap();
    assert_eq!(
        explained(&s),
        "layout:   _32:_32 (4-byte elements)
access:   32-bit loads (ld.shared.u32), 1 element per access
before:   31 conflicts over 1 phases, worst 32-way
solution: Sw<5,0,5> o _0 o _32:_32
why M = 0: the low M offset bits are left alone, so each access of 1 element (4 bytes) stays whole and aligned (M >= 0)
why B = 5: the worst phase is 32-way, so its accesses need 32 different positions; B = 5 permutes 2^5 = 32 blocks of 2^M elements (fewer bits are not enough: 4 smaller B rejected below)
why S = 5: offset bits 5..=9 (mask 0b1111100000) are XORed into bits 0..=4; they differ between the colliding accesses of the worst phase (values 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31)
after:    0 conflicts, 1 wavefronts for 1 phases
rejected: B = 1: the best, Sw<1,0,5>, leaves 15 conflicts (worst 16-way)
rejected: B = 2: the best, Sw<2,0,5>, leaves 7 conflicts (worst 8-way)
rejected: B = 3: the best, Sw<3,0,5>, leaves 3 conflicts (worst 4-way)
rejected: B = 4: the best, Sw<4,0,5>, leaves 1 conflicts (worst 2-way)"
    );
}

/// 64 words (32-bit loads, 2 warps): thread `t = (i, j, k)` of `(_2,_16,_2)` reads word
/// `32·i + 1024·j + 991·k`, so within a warp the bank-selecting bits a swizzle could use are
/// bit 5 (`i`) and bits 10..=13 (`j`): 9 bits apart, more than 5 swizzle bits span, so every
/// phase keeps a 2-way collision; the best is `Sw<4,0,10>` (`j` into the bank, `i` left to
/// collide): 1 conflict in each warp. The largest offset is `32 + 15·1024 + 991 = 16383`: the
/// cosize is 2^14, whose offsets have 14 bits; `M <= 6 - log2(4) = 4`.
///
/// Guards the bits of the cosize (line 96: `64 - lz`->`+`, `/`; `cosize - 1`->`+`, `/`: 15
/// bits, or far more, at a power of two), the largest `M` (99: `6 - log2`->`+`, `/`: 8 or 3)
/// and the best over all `B` (129: `<`->`==`, `>`, `<=`: another `B`'s best named).
#[test]
fn unsolvable_layout_names_the_bounds_and_the_best_candidate() {
    let e = solve("(_2,_16,_2):(_32,_1024,_991)", 4, Width::Bits(32))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("no Sw<B,M,S> with B <= 5, 0 <= M <= 4 and M+B+S <= 14 (the bits of the cosize 16384) makes (_2,_16,_2):(_32,_1024,_991) conflict-free (62 conflicts unswizzled, at best 2 with Sw<4,0,10>)"),
        "{e}"
    );
}

/// The solver's work limit: addresses times `5 · 8 · span` candidate swizzles at most
/// `ANALYSIS_LIMIT = 2^24`. 32 rows of 1024 words read down the columns: 32768 addresses,
/// cosize 2^15 (15 bits): 19,660,800, refused; 32 rows of 512: 16384 · 40 · 14 = 9,175,040,
/// solved (`Sw<5,0,9>`: the row bits 9..=13 into the bank).
///
/// Guards the limit's product (104: `5 * 8`->`5 + 8`, `5 / 8`; `8 * span`->`8 + span`,
/// `8 / span`: each makes it smaller than the limit).
#[test]
fn solver_work_is_limited_by_addresses_times_candidates() {
    let e = solve("(_32,_1024):(_1024,_1)", 4, Width::Bits(32))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(
            "19660800 addresses times candidate swizzles, more than ANALYSIS_LIMIT = 16777216"
        ),
        "{e}"
    );
    let s = solve("(_32,_512):(_512,_1)", 4, Width::Bits(32)).unwrap();
    assert_eq!(s.swizzle.unwrap().to_string(), "Sw<5,0,9>");
}

/// A conflict-free layout needs no swizzle; a conflicted one is not reported conflict-free.
///
/// Guards `solution.before.conflicts == 0` (92: `!=`).
#[test]
fn only_conflict_free_layouts_need_no_swizzle() {
    // rows padded to 36 words: the 8 rows of a 128-bit phase start 4 banks apart
    let s = solve("(_8,_16):(_36,_1)", 4, Width::Widest).unwrap();
    assert_eq!((s.before.conflicts, s.swizzle), (0, None));
    assert!(s.to_string().contains("none needed"));
    let s = solve("(_8,_16):(_32,_1)", 4, Width::Widest).unwrap();
    assert!(s.before.conflicts > 0 && s.swizzle.is_some());
}

/// The kernel table of a matrix instruction of fewer than 32 rows: lanes past the `8·count`
/// rows repeat the rows' addresses (`l % rows`). `.x1` of the 8x64 half tile: instruction 0
/// is the rows of chunk 0, bytes `128·r`; `.x2`: chunks 0 and 1 (bytes `128·r`, `16 + 128·r`).
///
/// Guards `lane_address` (106: the guard `!lanes.is_empty()`->`false`, `delete !`: lanes 8..
/// sit out; 107: `%`->`/`: lane `l` repeats row `l / 8`, `%`->`+`: out of bounds).
#[test]
fn ldmatrix_tables_repeat_the_rows_in_every_lane() {
    let l = "(_8,_64):(_64,_1)".parse().unwrap();
    for (atom, rows) in [
        (
            "SM75_U32x1_LDSM_N",
            (0..8).map(|r| 128 * r).collect::<Vec<i64>>(),
        ),
        (
            "SM75_U32x2_LDSM_N",
            (0..16).map(|r| 16 * (r / 8) + 128 * (r % 8)).collect(),
        ),
    ] {
        let p = plan(&l, &spec(2, Width::Atom(atom.into()))).unwrap();
        assert_eq!(p.instructions[0], rows, "{atom}");
        let row: Vec<String> = (0..32)
            .map(|lane| rows[lane % rows.len()].to_string())
            .collect();
        let cu = cuda_kernel(&p, "k", "").unwrap();
        assert!(
            cu.contains(&format!("\n    {},\n", row.join(", "))),
            "{atom}: {cu}"
        );
    }
}

/// An instruction with no lane (a hand-made plan): every lane of its table row sits out.
///
/// Guards `lane_address`'s guard `!lanes.is_empty()` (106: `true` divides by zero).
#[test]
fn an_empty_matrix_instruction_has_idle_lanes() {
    let p = AccessPlan {
        access: Access {
            instruction: Instruction::Matrix { count: 1 },
            store: false,
            trans: false,
        },
        elem_bytes: 2,
        vector_elems: 8,
        threads: 0,
        values: 8,
        vector_mode: None,
        thread_value: None,
        instructions: vec![Vec::new()],
    };
    let cu = cuda_kernel(&p, "k", "").unwrap();
    assert!(
        cu.contains(&format!("\n    {},\n", vec!["0xffffffffu"; 32].join(", "))),
        "{cu}"
    );
}

/// A dynamic integer spelled `cutlass.Int32(4)` is an integer alone, and a shape, a stride or
/// a leaf of a tuple in a layout (it was read as an integer even before a `:`, so
/// `cutlass.Int32(4):2` was a parse error).
///
/// Replaces the `cutlass.` arm of `Parser::literal_into` (its guard -> `false` survived: the
/// layout reader reads the same integer).
#[test]
fn cutlass_integers_start_layouts() {
    for syntax in [Syntax::Cute, Syntax::Dsl] {
        let v = eval_in("cutlass.Int32(4)", syntax).unwrap();
        assert!(matches!(v, Value::Int(_)), "{v:?}");
        assert_eq!(v.to_string(), "4");
    }
    for (text, want) in [
        ("cutlass.Int32(4):2", "4:2"),
        ("cutlass.Int32(4):cutlass.Int32(2)", "4:2"),
        ("(cutlass.Int32(4),_8):(_1,4)", "(4,_8):(_1,4)"),
        ("(cutlass.Int32(4),_8)", "(4,_8)"),
        ("size(cutlass.Int32(4):2)", "4"),
    ] {
        let v = eval(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(v.to_string(), want, "{text}");
    }
    assert!(matches!(
        eval("cutlass.Int32(4):2").unwrap(),
        Value::Layout(_)
    ));
}

/// `ldmatrix` phases are the row addresses of the lanes the atom reads (`.x1`: lanes 0..7, one
/// instruction per warp, issue 28); 128-bit vector loads cut each lane list into its own
/// phases. 16 threads (`(_2,_8):(_8,_40)`), 2 rows each (`+128` elements for the second): the
/// rows lanes 0..7 give `.x1` collide twice unswizzled, and `Sw<1,5,2>` separates them; but read
/// with 128-bit loads the swizzled layout still collides twice (found by a search over such TV
/// layouts under the issue-28 model; the counts are the solver's and the planner's own).
///
/// Guards `check`'s re-analysis with the atom (150: deleting the `Width::Atom` arm re-plans
/// with 128-bit loads, whose conflict is then reported as a post-condition failure).
#[test]
fn ldmatrix_solutions_are_checked_with_ldmatrix() {
    let l = "((_2,_8),(_8,_2)):((_8,_40),(_1,_128))";
    let atom = AccessSpec {
        tv: true,
        ..spec(2, Width::Atom("SM75_U32x1_LDSM_N".into()))
    };
    let s = solve_swizzle(&l.parse().unwrap(), &atom).unwrap();
    assert_eq!(s.before.conflicts, 2);
    assert_eq!(s.swizzle.unwrap().to_string(), "Sw<1,5,2>");
    assert_eq!(s.after.conflicts, 0);
    // what the test relies on: the same swizzle read with 128-bit loads still collides
    let vector = AccessSpec {
        tv: true,
        ..spec(2, Width::Bits(128))
    };
    let p = plan(&s.swizzled(), &vector).unwrap();
    assert_eq!(count_conflicts(&p).conflicts, 2);
}

/// `check` re-analyses the swizzled layout and fails if it has a conflict or another vector
/// width. Over 12,960 small layouts (rank 2, extents 1..=16, strides -64..=128 with negative
/// ones, 1-, 2- and 4-byte elements, plain and TV), a solution re-analysed at its own width has
/// neither, and re-analysed at the widest width the swizzled layout allows keeps its width too.
///
/// Backs the equivalence (docs/dev/mutation-testing.md) of `check`'s `||`->`&&` (161: the two
/// clauses are never true) and of deleting the `width` field (156: the widest width of the
/// swizzled layout is the solution's).
#[test]
fn solutions_keep_their_width_and_have_no_conflict() {
    let mut solved = 0;
    for e in [1i64, 2, 4] {
        for s0 in [1i64, 2, 4, 8] {
            for s1 in [2i64, 4, 8, 16] {
                for d0 in -4i64..=4 {
                    for d1 in [
                        -64i64, -32, -16, -8, -3, -2, -1, 1, 2, 3, 8, 16, 32, 64, 128,
                    ] {
                        for tv in [false, true] {
                            let l = format!("(_{s0},_{s1}):(_{d0},_{d1})");
                            let widest = AccessSpec {
                                tv,
                                ..AccessSpec::widest(e)
                            };
                            let Ok(s) = solve_swizzle(&l.parse().unwrap(), &widest) else {
                                continue;
                            };
                            if s.swizzle.is_none() {
                                continue;
                            }
                            solved += 1;
                            let bits = s.plan.access.instruction.bytes() * 8;
                            for width in [Width::Bits(bits), Width::Widest] {
                                let again = AccessSpec {
                                    width: width.clone(),
                                    ..widest.clone()
                                };
                                let p = plan(&s.swizzled(), &again).unwrap();
                                assert_eq!(
                                    (count_conflicts(&p).conflicts, p.vector_elems),
                                    (0, s.plan.vector_elems),
                                    "{l} e={e} tv={tv} {width:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(solved > 1000, "{solved}");
}
