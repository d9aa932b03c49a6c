//! The reproducers of the third hostile pass (issue 26), one test each: every one ends at once
//! with a clear error naming its limit, and writes nothing it was not asked to.

mod common;

use common::CUTE;
use std::process::{Command, Output};
use std::time::Duration;

/// How long a refusal may take in the tests' debug build (the release build answers in
/// milliseconds; before the fixes these ran for seconds to hours, or ran out of memory).
const AT_ONCE: Duration = Duration::from_secs(20);

/// Runs `cute` with the arguments and `input` on standard input; the output and the time taken.
fn run(args: &[&str], input: &[u8]) -> (Output, Duration) {
    common::timed_with_input(Command::new(CUTE).args(args), input)
}

/// `cute ARGS` refuses at once, exit status 1, with an error containing every one of `needles`.
#[track_caller]
fn refuses(args: &[&str], input: &[u8], needles: &[&str]) -> String {
    let (out, took) = run(args, input);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let shown = &err[..err.len().min(600)];
    assert_eq!(out.status.code(), Some(1), "cute {:?}: {shown}", &args[..1]);
    for n in needles {
        assert!(
            err.contains(n),
            "cute {:?}: {shown} lacks {n:?}",
            &args[..1]
        );
    }
    assert!(took < AT_ONCE, "cute {:?} took {took:?}", &args[..1]);
    err
}

/// `(2,2,...):(0,0,...)` with `n` modes: a tractable layout whose diagram grows with `n`.
fn zero_strided(n: usize) -> String {
    format!("({}):({})", vec!["2"; n].join(","), vec!["0"; n].join(","))
}

#[test]
fn a_negative_tv_tile_is_refused_by_every_picture() {
    // before: `show`/`svg` panicked (index out of bounds), `latex` wrote an empty picture
    for cmd in ["show", "svg"] {
        refuses(
            &[cmd, "--tv", "(-1,-1)", "(32,4):(1,32)"],
            b"",
            &["the tile (-1,-1) has the extent -1", "positive"],
        );
    }
    refuses(
        &["latex", "--tv", "(-1,-1)", "(32,4):(1,32)"],
        b"",
        &["negative extent -1"],
    );
}

#[test]
fn a_negative_extent_is_named_not_counted_as_cells() {
    // before: "-12 cells, more than the 1048576"
    let err = refuses(&["show", "(-3,4):(1,3)"], b"", &["negative extent -3"]);
    assert!(!err.contains("cells, more than"), "{err}");
}

#[test]
fn large_pngs_are_refused_before_they_are_drawn() {
    let dir = tempdir();
    let png = dir.join("m.png");
    let png = png.to_str().unwrap();
    // before: 6.1 GB for 800 modes, 121 GB asked for 5,000 modes
    for n in [800, 5000] {
        refuses(
            &["morphism", "--png", png, &zero_strided(n)],
            b"",
            &["MAX_PNG_PIXELS"],
        );
    }
    // before: 1.9 GB within MAX_FIGURE_CELLS
    refuses(
        &[
            "atom",
            "SM80_16x8x16_F32F16F16F32_TN",
            "--layout",
            "(32,16,1)",
            "--svg",
            "-o",
            png,
        ],
        b"",
        &["MAX_PNG_PIXELS"],
    );
    assert!(!dir.join("m.png").exists(), "a refused picture left a file");
}

#[test]
fn one_expression_has_one_bound_whatever_its_number_of_calls() {
    // before: 20 calls each just under its limit ran for 14 s
    let x = "rank(solve_swizzle((16777216):(1),16))";
    let expr = format!("make_tuple({})", vec![x; 20].join(","));
    refuses(&["eval", &expr], b"", &["ANALYSIS_LIMIT"]);
    // the budget of the whole expression, named, at every call
    refuses(
        &["--budget", "10", "eval", "make_tuple(size(4:1))"],
        b"",
        &["expression budget", "budget of 10 work units"],
    );
}

#[test]
fn an_unknown_name_is_echoed_cut() {
    // before: a 10 MB name gave a 10 MB error line after a 10 s "did you mean" search
    let mut line = vec![b'x'; 10_000_000];
    line.extend_from_slice(b"(1)\n");
    let (out, took) = run(&["eval"], &line);
    let all = [out.stdout, out.stderr].concat();
    let text = String::from_utf8_lossy(&all);
    assert!(text.contains("unknown operation"), "{}", &text[..200]);
    assert!(text.contains("more characters"), "{}", &text[..200]);
    assert!(all.len() < 1000, "{} bytes of error", all.len());
    assert!(took < AT_ONCE, "took {took:?}");
}

#[test]
fn a_call_takes_at_most_max_width_arguments() {
    // before: 5 million arguments took 1.17 GB
    let line = format!("make_tuple({})\n", vec!["1"; 70_000].join(","));
    let (out, took) = run(&["eval"], line.as_bytes());
    let all = String::from_utf8_lossy(&[out.stdout, out.stderr].concat()).into_owned();
    assert!(all.contains("MAX_WIDTH"), "{}", &all[..all.len().min(300)]);
    assert!(took < AT_ONCE, "took {took:?}");
}

#[test]
fn make_ordered_layout_is_not_quadratic() {
    // before: 200,000 modes took 22-33 s
    let n = 200_000;
    let order: Vec<String> = (0..n).rev().map(|i| i.to_string()).collect();
    let line = format!(
        "make_ordered_layout(({}),({}))\n",
        vec!["1"; n].join(","),
        order.join(",")
    );
    let (out, took) = run(&["eval"], line.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(took < AT_ONCE, "took {took:?}");
}

#[test]
fn ceil_div_refuses_what_is_no_ceiling() {
    // before: ceil_div(9223372036854775807,-1) = -9223372036854775805
    refuses(
        &["eval", "ceil_div(9223372036854775807,-1)"],
        b"",
        &["ceil_div", "positive divisors"],
    );
}

#[test]
fn a_write_error_names_the_path_and_leaves_no_file() {
    let dir = tempdir();
    let missing = dir.join("no-such-dir").join("x.svg");
    let missing = missing.to_str().unwrap();
    refuses(
        &["svg", "(4,4):(1,4)", "-o", missing],
        b"",
        &["cannot write", missing],
    );
}

/// The most bytes of an error that quotes a 100,000-character input: the message with its
/// quote cut to `MAX_ERROR_ECHO` characters (and clap's usage lines for a flag).
const CUT_ERROR: usize = 2000;

/// `cute ARGS` fails with an error that quotes `long` cut: "more characters" and at most
/// [`CUT_ERROR`] bytes.
#[track_caller]
fn quotes_cut(args: &[&str], needle: &str) {
    let (out, took) = run(args, b"");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let shown = &err[..err.len().min(600)];
    let what: Vec<&str> = args.iter().map(|a| &a[..a.len().min(30)]).collect();
    assert!(
        matches!(out.status.code(), Some(1 | 2)),
        "cute {what:?}: {shown}"
    );
    assert!(
        err.contains(needle),
        "cute {what:?}: {shown} lacks {needle:?}"
    );
    assert!(
        err.contains("more characters"),
        "cute {what:?}: {shown} is not cut"
    );
    assert!(
        err.len() < CUT_ERROR,
        "cute {what:?}: {} bytes of error",
        err.len()
    );
    assert!(took < AT_ONCE, "cute {what:?} took {took:?}");
}

#[test]
fn every_message_quoting_user_text_cuts_it() {
    let long = "x".repeat(100_000);
    let dir = tempdir();
    // atom, type and layout names
    quotes_cut(&["atom", &long], "unknown atom");
    quotes_cut(
        &["atom", "SM75_U32x4_LDSM_N", "--type", &long],
        "unknown type",
    );
    quotes_cut(
        &["atom", "SM80_16x8x16_F32F16F16F32_TN", "--get", &long],
        "unknown layout",
    );
    quotes_cut(&["eval", &format!("make_tiled_mma({long})")], "'(' after");
    // a highlight, a flag's value, the budget
    quotes_cut(
        &["show", "--highlight", &format!("{long}:1"), "(4,4):(1,4)"],
        "unknown kind",
    );
    quotes_cut(
        &[
            "show",
            "--highlight",
            &format!("thread:{long}"),
            "(4,4):(1,4)",
        ],
        "not an integer",
    );
    quotes_cut(&["svg", "--color", &long, "(4,4):(1,4)"], "invalid value");
    quotes_cut(
        &["--budget", &"9".repeat(100_000), "eval", "1"],
        "invalid value",
    );
    // file paths and extensions
    // (a path is cut at MAX_PATH_ECHO, 4096 characters: the longest the system opens)
    let path = dir.join(format!("{}/x.svg", "d".repeat(200)).repeat(400));
    let (out, _) = run(&["svg", "(4,4):(1,4)", "-o", path.to_str().unwrap()], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot write") && err.contains("more characters"),
        "{}",
        &err[..err.len().min(300)]
    );
    assert!(err.len() < 4096 + CUT_ERROR, "{} bytes of error", err.len());
    let ext = dir.join(format!("x.{long}"));
    let (out, _) = run(&["svg", "(4,4):(1,4)", "-o", ext.to_str().unwrap()], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown output extension") && err.contains("more characters"),
        "{}",
        &err[..err.len().min(300)]
    );
    assert!(err.len() < 4096 + CUT_ERROR, "{} bytes of error", err.len());
    // a layout quoted by a refusal
    let wide = format!(
        "(-1,{}):(1,{})",
        vec!["1"; 30_000].join(","),
        vec!["0"; 30_000].join(",")
    );
    quotes_cut(&["show", &wide], "negative extent -1");
    // the playground's element size
    let e = cute_cli::page::PictureOptions::parse(|k| (k == "elem_bytes").then_some(long.as_str()))
        .unwrap_err();
    assert!(
        e.contains("more characters") && e.len() < CUT_ERROR,
        "{}",
        &e[..e.len().min(300)]
    );
}

#[test]
fn atom_figures_are_bounded_before_they_are_drawn() {
    // a 1024x512 C tile: 524,288 cells and more, past MAX_FIGURE_ELEMENTS, in SVG and LaTeX
    for figure in ["--svg", "--latex"] {
        refuses(
            &[
                "atom",
                "SM80_16x8x16_F32F16F16F32_TN",
                "--layout",
                "(64,64,1)",
                figure,
            ],
            b"",
            &["MAX_FIGURE_ELEMENTS", "elements (cells and labels)"],
        );
    }
    refuses(
        &[
            "latex",
            "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (64,64,1))",
        ],
        b"",
        &["MAX_FIGURE_ELEMENTS"],
    );
    // within it, the figure draws
    let (out, _) = run(
        &[
            "atom",
            "SM80_16x8x16_F32F16F16F32_TN",
            "--layout",
            "(2,2,1)",
            "--latex",
        ],
        b"",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A fresh empty directory under the system's temporary directory.
fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "cute-hostile-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}
