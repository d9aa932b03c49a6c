//! The access analysis (`analysis/mod.rs`, `access.rs`): bijectivity, vector modes,
//! instruction lanes, PTX widths, bank conflicts of a plan, and its refusals.

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// `Analysis::bijective` needs both injective and surjective (mutants: `true`, `&&` -> `||`).
#[test]
fn analysis_bijective_needs_both() {
    use cute_tools::analysis::analyze;
    let not_injective = analyze(&"(_2,_2):(_1,_1)".parse().unwrap(), 4, false).unwrap();
    assert!(!not_injective.injective && not_injective.surjective);
    assert!(!not_injective.bijective());
    let not_surjective = analyze(&"_4:_2".parse().unwrap(), 4, false).unwrap();
    assert!(not_surjective.injective && !not_surjective.surjective);
    assert!(!not_surjective.bijective());
    assert!(analyze(&"(_2,_2):(_2,_1)".parse().unwrap(), 4, false)
        .unwrap()
        .bijective());
}

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// `Analysis::best_vector_mode`: of two modes of equal vector width the first wins
/// (mutant `>` -> `>=` picks the last).
#[test]
fn best_vector_mode_first_of_equals() {
    use cute_tools::analysis::analyze;
    let r = analyze(&"(_4,_4):(_8,_2)".parse().unwrap(), 4, false).unwrap();
    assert_eq!(
        r.vector_modes[0].elems.value(),
        r.vector_modes[1].elems.value()
    );
    assert_eq!(r.best_vector_mode().0, 0);
}

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// `Instruction::lanes`: 32 for a vector access, `8·count` rows for a matrix one (mutants
/// return 0, 1, -1, or `8 + count`, `8 / count`).
#[test]
fn instruction_lanes() {
    use cute_tools::analysis::Instruction;
    assert_eq!(Instruction::Vector { bytes: 4 }.lanes(), 32);
    for (count, lanes) in [(1, 8), (2, 16), (4, 32)] {
        assert_eq!(Instruction::Matrix { count }.lanes(), lanes);
    }
}

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// `Access::ptx` names each vector width (mutants delete the arms for 1, 4 and 8 bytes).
#[test]
fn access_ptx_every_width() {
    use cute_tools::analysis::{Access, Instruction};
    for (bytes, ptx) in [
        (1, "ld.shared.u8"),
        (2, "ld.shared.u16"),
        (4, "ld.shared.u32"),
        (8, "ld.shared.v2.u32"),
        (16, "ld.shared.v4.u32"),
    ] {
        let a = Access {
            instruction: Instruction::Vector { bytes },
            store: false,
            trans: false,
        };
        assert_eq!(a.ptx(), ptx);
    }
}

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// `count_conflicts` / `phase_wavefronts` on a hand-made plan of 16-byte loads (8 lanes a
/// phase), checked against the bank model by hand: two instructions of 4 phases; in
/// instruction 1, phases 1 and 3 put two lanes on words 0 and 32 (then 1 and 33, ..., banks 0
/// to 3 each deliver two words), every other phase reaches 32 distinct banks once. So 8 phases,
/// 10 wavefronts, 2 conflicts, worst 2 at the first such phase (instruction 1, phase 1), first
/// bank 0, lanes 8 and 9. Mutants: the lane number `p * per_phase` -> `+` / `/`; `wf > worst`
/// -> `>=` (last phase wins); the deleted `instruction` / `phase` fields (0); the last word
/// `a + bytes - 1` -> `a * bytes - 1` / `a - bytes - 1`; `run > best` -> `>=` (last bank
/// wins); the `PhaseConflict` display.
#[test]
fn bank_conflicts_of_a_hand_made_plan() {
    use cute_tools::analysis::{count_conflicts, Access, AccessPlan, Instruction, PhaseConflict};
    let plain: Vec<i64> = (0..32).map(|l| 16 * (l % 8)).collect();
    let mut clash = plain.clone();
    for phase in [1, 3] {
        clash[8 * phase] = 0;
        clash[8 * phase + 1] = 128;
    }
    // stores: their phases never merge repeated addresses (loads would merge these
    // half-warps of 8 distinct addresses into one phase each)
    let plan = AccessPlan {
        access: Access {
            instruction: Instruction::Vector { bytes: 16 },
            store: true,
            trans: false,
        },
        elem_bytes: 16,
        vector_elems: 1,
        threads: 32,
        values: 2,
        vector_mode: None,
        thread_value: None,
        instructions: vec![plain, clash],
    };
    let r = count_conflicts(&plan);
    assert_eq!(
        (r.phases, r.wavefronts, r.conflicts, r.worst),
        (8, 10, 2, 2)
    );
    let want = PhaseConflict {
        instruction: 1,
        phase: 1,
        bank: 0,
        lanes: vec![(8, 0), (9, 128)],
    };
    assert_eq!(r.worst_phase.as_ref(), Some(&want));
    assert_eq!(
        want.to_string(),
        "instruction 1, phase 1: bank 0 delivers 2 words (lane 8 @ byte 0, lane 9 @ byte 128)"
    );
}

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// `tv_view`: a TV layout of rank 3 is refused (mutant `||` -> `&&` refuses only a leaf).
#[test]
fn tv_analysis_needs_rank_two() {
    use cute_tools::analysis::analyze;
    let e = analyze(&"(_4,_2,_2):(_1,_4,_8)".parse().unwrap(), 4, true).unwrap_err();
    assert!(
        e.to_string().contains("must have rank 2 (thread, value)"),
        "{e}"
    );
}

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// `requested`: an access narrower than one element is refused (mutant `elem_bytes * 8` ->
/// `elem_bytes / 8` accepts 8-bit accesses of 4-byte elements).
#[test]
fn access_narrower_than_an_element_is_refused() {
    use cute_tools::analysis::{plan, AccessSpec, Width};
    let spec = AccessSpec {
        width: Width::Bits(8),
        ..AccessSpec::widest(4)
    };
    let e = plan(&"_32:_1".parse().unwrap(), &spec).unwrap_err();
    assert!(
        e.to_string().contains("8-bit accesses of 4-byte elements"),
        "{e}"
    );
    let spec = AccessSpec {
        width: Width::Bits(32),
        ..AccessSpec::widest(4)
    };
    assert!(plan(&"_32:_1".parse().unwrap(), &spec).is_ok());
}

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// `view_for`: when no mode can be vectorised, the error names the first mode that had enough
/// elements (mutants: guard `true` and `m == 0` -> `m != 0` name the last mode; `||` -> `&&`
/// keeps "no mode has ..." when mode 0 is too short but mode 1 is not).
#[test]
fn vector_refusal_names_the_first_candidate_mode() {
    use cute_tools::analysis::{plan, AccessSpec, Width};
    let spec = AccessSpec {
        width: Width::Bits(64),
        ..AccessSpec::widest(4)
    };
    for (layout, mode) in [
        ("(_4,_4):(_2,_8)", "mode 0: "),
        ("(_3,_4):(_8,_2)", "mode 1: "),
    ] {
        let e = plan(&layout.parse().unwrap(), &spec)
            .unwrap_err()
            .to_string();
        assert!(e.contains(mode), "{layout}: {e}");
    }
}

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// `View::check_vectors` names the failing values: thread 0's value pairs start at offsets 0,
/// 2, 33 and 35, so values 4..5 (the third pair, from an odd offset) are the first that fail
/// (mutants of `k * n + n - 1`: `k * n * n - 1` says 4..7, `k / n + n - 1` says 4..2).
#[test]
fn tv_vector_refusal_names_the_values() {
    use cute_tools::analysis::{plan, AccessSpec, Width};
    let spec = AccessSpec {
        width: Width::Bits(64),
        tv: true,
        ..AccessSpec::widest(4)
    };
    let tv = "(_32,(_2,(_2,_2))):(_64,(_1,(_2,_33)))";
    let e = plan(&tv.parse().unwrap(), &spec).unwrap_err().to_string();
    assert!(
        e.contains("thread 0's values 4..5 are at offsets [33,34]"),
        "{e}"
    );
}

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// The `Analysis` display names the vector mode of a plain layout (mutant deletes that arm and
/// prints it as a TV layout).
#[test]
fn analysis_display_names_the_vector_mode() {
    use cute_tools::analysis::analyze;
    let r = analyze(&"(_8,_64):(_64,_1)".parse().unwrap(), 2, false).unwrap();
    let text = r.to_string();
    assert!(
        text.contains("threads, each a vector along mode 1: (thread, value) -> index"),
        "{text}"
    );
    assert!(!text.contains("TV layout"), "{text}");
}

// From cargo mutants, a survivor in analysis/mod.rs, analysis/access.rs (docs/dev/mutation-testing.md).
/// `Parser::at_keyword`: an argument that starts with `=` is no keyword argument with an empty
/// name; the error is about the argument (mutant `n > 0` -> `n >= 0` asks for a name).
#[test]
fn lone_equals_is_not_a_keyword() {
    use cute_layout::notation::Syntax;
    use cute_tools::eval::eval_in;
    let e = eval_in("cute.make_layout(4, =2)", Syntax::Dsl)
        .unwrap_err()
        .to_string();
    assert!(e.contains("expected an integer, found '='"), "{e}");
}
