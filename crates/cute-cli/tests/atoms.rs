//! `cute atoms` and `cute atom`: the output compared byte for byte with what CuTe C++ printed
//! (bench/atoms/expected.txt, produced by bench/atoms/check.sh).

mod common;

use common::{cute, stdout_of};

const EXPECTED: &str = include_str!("../../../bench/atoms/expected.txt");

/// What C++ printed for the case line `## CASE`.
fn oracle(case: &str) -> &'static str {
    block(EXPECTED, case)
}

/// The output under `## CASE` in an oracle file.
fn block(text: &'static str, case: &str) -> &'static str {
    let header = format!("## {case}\n");
    let start = text
        .find(&header)
        .unwrap_or_else(|| panic!("no case `{case}`"))
        + header.len();
    let end = text[start..]
        .find("\n## ")
        .map_or(text.len(), |i| start + i + 1);
    &text[start..end]
}

#[test]
fn atom_prints_as_cpp() {
    let cases: [(&[&str], &str); 8] = [
        (
            &[
                "atom",
                "GMMA::Layout_K_SW32_Atom<bfloat16_t>",
                "--shape",
                "(_64,_64,_3)",
            ],
            "smem_tile GMMA::Layout_K_SW32_Atom<bfloat16_t> (_64,_64,_3)",
        ),
        (
            &["atom", "SM80_16x8x16_F32F16F16F32_TN"],
            "mma SM80_16x8x16_F32F16F16F32_TN",
        ),
        (
            &["atom", "SM90_64x128x16_F32F16F16_SS<K, MN>"],
            "mma SM90::GMMA::MMA_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>",
        ),
        (
            &["atom", "SM90_64x64x32_F32E4M3E4M3_RS_TN"],
            "mma SM90::GMMA::MMA_64x64x32_F32E4M3E4M3_RS_TN<>",
        ),
        (
            &["atom", "SM75_U32x4_LDSM_N", "--type", "half_t"],
            "copy SM75_U32x4_LDSM_N half_t",
        ),
        (
            &[
                "atom",
                "SM80_16x8x16_F32F16F16F32_TN",
                "--layout",
                "(_2,_2,_1)",
                "--permutation",
                "(_32,(_2,_4,_2):(_1,_4,_2),_16)",
            ],
            "tiled_mma SM80_16x8x16_F32F16F16F32_TN (_2,_2,_1) (_32,(_2,_4,_2):(_1,_4,_2),_16)",
        ),
        (
            &[
                "atom",
                "SM80_16x8x8_F16F16F16F16_TN",
                "--layout",
                "(_4,_1,_1)",
                "--permutation",
                "(_64,_16,_)",
            ],
            "tiled_mma SM80_16x8x8_F16F16F16F16_TN (_4,_1,_1) (_64,_16,_)",
        ),
        (
            &[
                "atom",
                "UniversalCopy<uint128_t>",
                "--type",
                "half_t",
                "--layout",
                "(_32,_4):(_4,_1)",
                "--val-layout",
                "(_1,_8)",
            ],
            "tiled_copy UniversalCopy<uint128_t> half_t (_32,_4):(_4,_1) (_1,_8)",
        ),
    ];
    for (args, case) in cases {
        assert_eq!(stdout_of(args), oracle(case), "cute {args:?}");
    }
}

#[test]
fn atom_get_prints_one_layout_as_cpp() {
    let mma = [
        "atom",
        "SM80_16x8x16_F32F16F16F32_TN",
        "--layout",
        "(_2,_2,_1)",
        "--get",
    ];
    for which in ["A", "B", "C"] {
        let args = [&mma[..], &[which]].concat();
        let case = format!("layout_tv {which} SM80_16x8x16_F32F16F16F32_TN (_2,_2,_1)");
        assert_eq!(stdout_of(&args), oracle(&case), "cute {args:?}");
    }
    let args = [&mma[..], &["tile_size"]].concat();
    assert_eq!(
        stdout_of(&args),
        oracle("tile_shape SM80_16x8x16_F32F16F16F32_TN (_2,_2,_1)")
    );
    for side in ["S", "D"] {
        let args = [
            "atom",
            "SM75_U32x4_LDSM_N",
            "--type",
            "half_t",
            "--layout",
            "(_32,_1)",
            "--val-layout",
            "(_1,_8)",
            "--get",
            side,
        ];
        let case = format!("copy_tv {side} SM75_U32x4_LDSM_N half_t (_32,_1) (_1,_8)");
        assert_eq!(stdout_of(&args), oracle(&case), "cute {args:?}");
    }
}

#[test]
fn atoms_lists_every_checked_atom() {
    let list = stdout_of(&["atoms"]);
    let names: Vec<&str> = list.lines().collect();
    assert!(names.len() > 1500, "{} atoms", names.len());
    for name in names {
        let smem = name
            .strip_suffix("<T>")
            .map(|n| format!("## smem {n}<half_t>\n"));
        assert!(
            EXPECTED.contains(&format!("## mma {name}\n"))
                || EXPECTED.contains(&format!("## copy {name} "))
                || smem.is_some_and(|s| EXPECTED.contains(&s)),
            "{name} is not checked against C++"
        );
    }
}

/// `cute atom` reads the C++ spellings `cute eval` reads (issue 29): `UniversalFMA<..>`, a
/// copy over any element type, `{}` after the name; the printed forms are C++'s (g++, CuTe 4.2).
#[test]
fn atom_reads_cpp_spellings() {
    let out = cute(&[
        "atom",
        "UniversalFMA<float,float,float>",
        "--layout",
        "(_16,_16,_1)",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("ThrLayoutVMNK:  (_1,_16,_16,_1):(_0,_1,_16,_0)"),
        "{text}"
    );
    assert!(text.contains("LayoutA_TV: (_1,_1):(_0,_0)"), "{text}");
    let out = cute(&["atom", "UniversalCopy<half_t>", "--type", "cute::half_t"]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("ValLayoutSrc: (_1,_1):(_0,_1)"));
    let out = cute(&[
        "atom",
        "GMMA::Layout_K_SW128_Atom<cute::half_t>",
        "--shape",
        "(_128,_64)",
    ]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))\n"
    );
}

#[test]
fn atom_errors_name_the_problem() {
    let out = cute(&["atom", "SM80_16x8x16_F32F16F16F32_NN"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("unknown atom `SM80_16x8x16_F32F16F16F32_NN`"));
    let out = cute(&["atom", "SM75_U32x4_LDSM_N"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--type"));
}

const EXPECTED_LATEX: &str = include_str!("../../../bench/atoms/expected_latex.txt");

/// What C++'s `print_latex` wrote for the case line `## CASE`.
fn latex_oracle(case: &str) -> &'static str {
    block(EXPECTED_LATEX, case)
}

/// The `cute atom` arguments of a `latex_*` oracle case (the syntax of bench/atoms/gen_cpp.py).
fn latex_args(case: &str) -> Vec<&str> {
    let w: Vec<&str> = case.split_whitespace().collect();
    let mut args = vec!["atom", w[1]];
    match w[0] {
        "latex_mma" => args.extend(["--layout", w[2]]),
        "latex_copy" => args.extend(["--type", w[2], "--layout", w[3], "--val-layout", w[4]]),
        _ => {}
    }
    args.push("--latex");
    args
}

#[test]
fn atom_latex_writes_cpps_print_latex() {
    for case in [
        "latex_mma SM80_16x8x16_F32F16F16F32_TN (_2,_2,_1)",
        "latex_mma_atom SM61_DP4A",
        "latex_copy SM75_U32x4_LDSM_N half_t (_32,_1) (_1,_8)",
    ] {
        let args = latex_args(case);
        assert_eq!(stdout_of(&args), latex_oracle(case), "cute {args:?}");
    }
}

/// `cute latex EXPR` of an expression yielding a tiled MMA, an MMA atom or a tiled copy writes
/// C++'s `print_latex` of it (the figure `cute atom --latex` writes); `cute svg` and PNG the
/// same figure as `cute atom --svg`.
#[test]
fn latex_and_svg_of_an_atom_expression_draw_its_figure() {
    for (expr, case) in [
        (
            "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1))",
            "latex_mma SM80_16x8x16_F32F16F16F32_TN (_2,_2,_1)",
        ),
        ("SM61_DP4A", "latex_mma_atom SM61_DP4A"),
        (
            "make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N,half_t>,(_32,_1),(_1,_8))",
            "latex_copy SM75_U32x4_LDSM_N half_t (_32,_1) (_1,_8)",
        ),
    ] {
        assert_eq!(
            stdout_of(&["latex", expr]),
            latex_oracle(case),
            "cute latex {expr}"
        );
        let mut args = latex_args(case);
        *args.last_mut().unwrap() = "--svg";
        // the same figure; the titles (the expression, the atom) and so the widths differ
        let (by_expr, by_atom) = (stdout_of(&["svg", expr]), stdout_of(&args));
        let figure = |svg: &str| {
            assert!(svg.contains("<text class=\"title\""), "{svg}");
            svg[svg.find("<g class=\"panel\"").unwrap()..].to_string()
        };
        assert_eq!(figure(&by_expr), figure(&by_atom), "cute svg {expr}");
    }
    let mma = "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))";
    let dir = std::env::temp_dir().join(format!("cute-expr-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("mma.png");
    stdout_of(&["svg", mma, "-o", png.to_str().unwrap()]);
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    std::fs::remove_dir_all(&dir).unwrap();
    let highlighted = stdout_of(&["svg", mma, "--highlight", "thread:5"]);
    assert!(highlighted.contains("class=\"highlight\""));
    let err = |args: &[&str]| {
        let out = cute(args);
        assert!(!out.status.success(), "cute {args:?} succeeded");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(err(&["latex", mma, "--color", "warp"]).contains("takes no coloring or highlight"));
    let copy_atom = err(&["latex", "Copy_Atom<SM75_U32x4_LDSM_N,half_t>"]);
    assert!(copy_atom.contains("is not a tiled copy") && copy_atom.contains("make_tiled_copy("));
}

/// `cute show` of a tiled MMA or copy refuses, naming what draws or prints it.
#[test]
fn show_of_an_atom_points_to_latex_svg_and_atom() {
    for expr in [
        "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))",
        "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>,(_32,_4):(_4,_1),(_1,_8))",
        "SM80_16x8x8_F32F16F16F32_TN",
    ] {
        let out = cute(&["show", expr]);
        assert!(!out.status.success(), "cute show {expr} succeeded");
        let err = String::from_utf8_lossy(&out.stderr);
        for named in [
            "cute latex",
            "cute svg",
            "cute atom",
            "--get",
            "get_layoutC_TV",
        ] {
            assert!(err.contains(named), "{named} not in {err}");
        }
    }
    let tv = stdout_of(&[
        "show",
        "get_layoutC_TV(make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1)))",
    ]);
    assert!(tv.contains("|  T0V0 |  T0V1 |"), "{tv}");
}

#[test]
fn atom_svg_writes_svg_and_png() {
    let dir = std::env::temp_dir().join(format!("cute-atom-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mma = [
        "atom",
        "SM80_16x8x8_F32F16F16F32_TN",
        "--layout",
        "(_1,_2,_1)",
        "--svg",
    ];
    let svg = stdout_of(&mma);
    assert!(svg.starts_with("<svg") && svg.contains(">T63</text>"));
    let png = dir.join("mma.png");
    let out = cute(&[&mma[..], &["-o", png.to_str().unwrap()]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    // 16 + 1 + 8 + 1 columns of 40 pixels (A, its row labels, the gap, C).
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    assert_eq!(width, (16 + 1 + 8 + 1) * 40);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn atom_figure_options_are_checked() {
    let mma = [
        "atom",
        "SM80_16x8x8_F32F16F16F32_TN",
        "--layout",
        "(_1,_2,_1)",
    ];
    let err = |extra: &[&str]| {
        let out = cute(&[&mma[..], extra].concat());
        assert!(!out.status.success(), "cute {extra:?} succeeded");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(err(&["--latex", "--color", "warp"]).contains("takes no coloring or highlight"));
    assert!(err(&["--latex", "-o", "x.svg"]).contains("unknown output extension `.svg`"));
    assert!(err(&["--svg", "-o", "x.tex"]).contains("unknown output extension `.tex`"));
    assert!(err(&["-o", "x.tex"]).contains("--latex"));
    assert!(err(&["--latex", "--get", "A"]).contains("cannot be used with"));
    let out = cute(&["atom", "SM75_U32x4_LDSM_N", "--type", "half_t", "--latex"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a tiled copy"));
    let big = cute(&[
        "atom",
        "SM80_16x8x16_F32F16F16F32_TN",
        "--layout",
        "(_4,_2,_1)",
        "--permutation",
        "(_128,_128,_32)",
        "--latex",
    ]);
    assert!(big.status.success());
    assert!(String::from_utf8_lossy(&big.stderr).contains("PR #1733"));
}

/// `cute atom` of a TMA atom's literal (as `cute eval` prints it) prints C++'s `Copy_Atom`,
/// with `--get S` the `get_layoutS_TV` of `make_tma_copy`, and of the TMA copy's literal C++'s
/// `TiledCopy` (bench/tma/expected.txt, produced by bench/tma/check.sh).
#[test]
fn tma_atoms_print_as_cpp() {
    let tma = include_str!("../../../bench/tma/expected.txt");
    let case = "tma_copy SM90_TMA_LOAD_MULTICAST half_t (_512,_512):(_512,_1) \
                Sw<3,4,3>o(_128,_64):(_64,_1) (_128,_64) 2";
    let want = block(tma, case);
    let lines = |skip: usize, take: usize| -> String {
        want.lines()
            .skip(skip)
            .take(take)
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let args = "(_512,_512):(_512,_1),Sw<3,4,3> o (_128,_64):(_64,_1),(_128,_64),_2";
    let atom = format!("Copy_Atom<SM90_TMA_LOAD_MULTICAST,half_t,{args}>");
    let call = format!("make_tma_copy(Copy_Atom<SM90_TMA_LOAD_MULTICAST,half_t>,{args})");
    let copy = stdout_of(&["eval", &call]);
    assert_eq!(stdout_of(&["atom", copy.trim()]), lines(0, 9));
    assert_eq!(stdout_of(&["atom", &atom]), lines(3, 6));
    assert_eq!(stdout_of(&["atom", &atom, "--get", "S"]), lines(9, 1));
}
