//! Integration tests of the `cute` binary: `cute eval EXPR`, `cute eval` over standard input,
//! and `cute ops`.

mod common;

use common::{cute, CUTE};
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `cute eval` with `input` on standard input.
fn cute_stdin(input: &[u8]) -> Output {
    cute_args_stdin(&["eval"], input)
}

/// Runs `cute` with the arguments and `input` on standard input.
fn cute_args_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(CUTE)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cute binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // write from another thread so a full stdout pipe cannot deadlock the test
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("cute finishes");
    writer.join().unwrap().expect("cute reads its input");
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("the output is UTF-8")
}

/// `cute eval EXPR` prints the result and exits 0.
#[track_caller]
fn assert_evals(expr: &str, expected: &str) {
    let out = cute(&["eval", expr]);
    assert!(out.status.success(), "{expr}: {out:?}");
    assert_eq!(text(&out.stdout), format!("{expected}\n"), "{expr}");
    assert!(out.stderr.is_empty(), "{expr}: {}", text(&out.stderr));
}

#[test]
fn eval_prints_the_result() {
    assert_evals("size((2,(3,4)):(1,(2,6)))", "24");
    assert_evals("coalesce((_2,(_1,_6)):(_1,(_6,_2)))", "_12:_1");
    assert_evals("complement((_2,_2):(_1,_6),_24)", "(_3,_2):(_2,_12)");
    assert_evals(
        "logical_divide((_9,(_4,_8)):(_59,(_13,_1)),<_3:_3,(_2,_4):(_1,_8)>)",
        "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))",
    );
    assert_evals("idx2crd(16,(_3,(_2,_3)))", "(1,(1,2))");
    assert_evals("compatible(_24,(_4,_6))", "true");
    // spaces between tokens are accepted
    assert_evals(
        " composition( (6,2):(8,2) , (4,3):(3,1) ) ",
        "((2,2),3):((24,2),8)",
    );
}

/// The two examples of the issue.
#[test]
fn eval_issue_examples() {
    assert_evals(
        "composition((6,2):(8,2),(4,3):(3,1))",
        "((2,2),3):((24,2),8)",
    );
    assert_evals(
        "composition((_10,_2):(_16,_4),(_5,_4):(_1,_5))",
        "(_5,(_2,_2)):(_16,(_80,_4))",
    );
}

/// Issue 13's done-condition: atoms are arguments of `cute eval`, and the tiled MMA's layouts
/// are C++'s (bench/atoms checks many more against C++).
#[test]
fn eval_tiled_mma_of_an_atom() {
    let mma = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1))";
    assert_evals(
        &format!("get_layoutC_TV({mma})"),
        "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))",
    );
    assert_evals(&format!("tile_size({mma})"), "(_32,_16,_16)");
    assert_evals(
        mma,
        "TiledMMA<SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1):(_1,_2,_0),(_,_,_)>",
    );
    assert_evals(
        "tile_size(make_tiled_mma(SM90::GMMA::MMA_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>,(_2,_1,_1)))",
        "(_128,_128,_16)",
    );
}

/// Issue 29: C++ pasted as CUTLASS writes it (atoms with `{}`, shared-memory atoms as values,
/// `Step<_1,X,_1>{}`, `LayoutRight{}`); the values are CuTe C++'s (bench/spelling/cpp_spellings.sh).
#[test]
fn eval_reads_cpp_as_cutlass_writes_it() {
    assert_evals(
        "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{})",
        "TiledMMA<SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1):(_1,_2,_0),(_,_,_)>",
    );
    assert_evals(
        "Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, cute::half_t>{}",
        "Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>,half_t>",
    );
    assert_evals(
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<128>{}, Int<64>{}))",
        "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))",
    );
    assert_evals(
        "local_tile(make_layout(make_shape(128,64)), make_shape(_32{},_32{},_8{}), make_coord(1,2,_), Step<_1,X,_1>{})",
        "(_32,_8,8):(_1,128,1024)+32",
    );
    assert_evals(
        "make_layout(make_shape(_128{},_64{}), LayoutRight{})",
        "(_128,_64):(_64,_1)",
    );
    assert_evals(
        "max_common_layout(Layout<Shape<_8,_64>,Stride<_64,_1>>{}, Sw<3,3,3> o _0 o (_8,_64):(_64,_1))",
        "_8:_8",
    );
}

/// Issue 29: what has no value on the host is refused with the form to write.
#[test]
fn eval_refuses_device_code_with_a_hint() {
    for (expr, hint) in [
        (
            "local_partition(8:1, 4:1, threadIdx.x)",
            "known only on the device",
        ),
        (
            "SM90_64x128x16_F32F16F16_SS{}",
            "missing the major arguments",
        ),
        ("make_shape(bM, bK)", "variables are not read"),
        ("size(LayoutRight{})", "make_layout's second argument"),
    ] {
        let out = cute(&["eval", expr]);
        assert_eq!(out.status.code(), Some(1), "{expr}");
        assert!(out.stdout.is_empty(), "{expr}");
        assert!(
            text(&out.stderr).contains(hint),
            "{expr}: {}",
            text(&out.stderr)
        );
    }
}

/// A failing expression prints `error: ...` on standard error, nothing on standard output, and
/// exits 1.
#[test]
fn eval_failure_exits_1() {
    for (expr, message) in [
        (
            "composition((_8,_8):(_8,_1),_4:_3)",
            "Shape Divisibility Condition",
        ),
        ("complement((2,2):(2,3))", "Non-injective"),
        ("frobnicate(4:1)", "unknown operation `frobnicate`"),
        ("size(4:1,2)", "size takes 1 argument(s), got 2"),
        ("size((4294967296,4294967296))", "integer overflow"),
    ] {
        let out = cute(&["eval", expr]);
        assert_eq!(out.status.code(), Some(1), "{expr}: {out:?}");
        assert!(out.stdout.is_empty(), "{expr}: {}", text(&out.stdout));
        let err = text(&out.stderr);
        assert!(err.starts_with("error: "), "{expr}: {err}");
        assert!(err.contains(message), "{expr}: {err}");
    }
}

/// A parse error on the command line shows the input and a caret under the error.
#[test]
fn eval_parse_error_has_a_caret() {
    let out = cute(&["eval", "size(4:1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].starts_with("error: "), "{err}");
    assert!(lines[0].contains("parse error at byte 8"), "{err}");
    assert_eq!(lines[1], "  size(4:1");
    assert_eq!(lines[2], format!("  {}^", " ".repeat(8)));
}

/// 10,000 nested parentheses on the command line: an error, not a crash.
#[test]
fn eval_deep_nesting_is_an_error() {
    let deep = format!("size({}1{})", "(".repeat(10_000), ")".repeat(10_000));
    let out = cute(&["eval", &deep]);
    assert_eq!(out.status.code(), Some(1), "{:?}", out.status);
    let err = text(&out.stderr);
    assert!(err.starts_with("error: "));
    assert!(err.contains("at most 32 levels of nesting"));
}

/// `cute eval` without EXPR reads standard input and prints exactly one line per input line:
/// the result, or a line starting with `error:` (a blank line, garbage, 10,000-deep nesting, an
/// unknown operation, a multi-line parse error folded onto one line).
#[test]
fn stdin_one_line_per_input_line() {
    let deep = format!("size({}1{})", "(".repeat(10_000), ")".repeat(10_000));
    let input = [
        "composition((6,2):(8,2),(4,3):(3,1))",
        "",
        "!@#$ garbage %^&*",
        &deep,
        "composition((_10,_2):(_16,_4),(_5,_4):(_1,_5))",
        "   ",
        "frobnicate(4:1)",
        "size(4:1",
        "size(4:1)\r",
        "complement((2,2):(2,3))",
        "coalesce((_2,(_1,_6)):(_1,(_6,_2)))",
    ];
    let out = cute_stdin(format!("{}\n", input.join("\n")).as_bytes());
    assert!(out.status.success(), "{out:?}");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), input.len(), "{stdout}");
    assert_eq!(lines[0], "((2,2),3):((24,2),8)");
    assert!(lines[1].starts_with("error:"), "blank line: {}", lines[1]);
    assert!(lines[2].starts_with("error:"), "garbage: {}", lines[2]);
    assert!(lines[3].starts_with("error:"), "deep nesting");
    assert!(lines[3].contains("at most 32 levels of nesting"));
    assert_eq!(lines[4], "(_5,(_2,_2)):(_16,(_80,_4))");
    assert!(lines[5].starts_with("error:"), "spaces: {}", lines[5]);
    assert!(lines[6].starts_with("error:"), "{}", lines[6]);
    assert!(lines[6].contains("frobnicate"));
    assert!(lines[7].starts_with("error:"), "{}", lines[7]);
    assert!(lines[7].contains("parse error at byte 8"), "{}", lines[7]);
    assert_eq!(lines[8], "4", "a CRLF line ending is whitespace");
    assert!(lines[9].starts_with("error:"), "{}", lines[9]);
    assert_eq!(lines[10], "_12:_1");
}

/// The last line needs no newline; empty input gives empty output.
/// `cute eval` answers each line as soon as it is read, before the input ends: typed input
/// and a program that writes a line and waits for its answer see it at once.
#[test]
fn stdin_answers_each_line_before_the_input_ends() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;
    let mut child = Command::new(CUTE)
        .arg("eval")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the cute binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");
    let (lines, answers) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines.send(line.expect("UTF-8 output")).is_err() {
                break;
            }
        }
    });
    for (expr, want) in [
        ("size((4,8):(1,4))", "32"),
        ("coalesce((2,4):(1,2))", "8:1"),
    ] {
        writeln!(stdin, "{expr}").expect("cute reads its input");
        stdin.flush().expect("cute reads its input");
        // (stdin stays open: the answer must not wait for the end of the input)
        let got = answers.recv_timeout(Duration::from_secs(60));
        assert_eq!(got.as_deref(), Ok(want), "the answer to {expr}");
    }
    drop(stdin);
    assert!(child.wait().expect("cute finishes").success());
    reader.join().expect("the reader ends");
}

#[test]
fn stdin_edges() {
    let out = cute_stdin(b"size(4:1)\ncosize(4:2)");
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "4\n7\n");
    let out = cute_stdin(b"");
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    let out = cute_stdin(b"\n\n");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(stdout.lines().all(|l| l.starts_with("error:")));
}

/// Many lines: the results come back in order, one per line.
#[test]
fn stdin_many_lines() {
    let input: String = (1..=2000).map(|n| format!("size({n}:1)\n")).collect();
    let out = cute_stdin(input.as_bytes());
    assert!(out.status.success());
    let expected: String = (1..=2000).map(|n| format!("{n}\n")).collect();
    assert_eq!(text(&out.stdout), expected);
}

/// A line that is not UTF-8 must still produce exactly one `error:` line and not end the run.
#[test]
fn stdin_invalid_utf8_line_is_one_error_line() {
    let out = cute_stdin(b"size(4:1)\n\xff\xfe garbage\nsize(2:1)\n");
    assert!(out.status.success(), "{out:?}");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], "4");
    assert!(lines[1].starts_with("error:"));
    assert_eq!(lines[2], "2");
}

/// `cute ops` lists every operation `eval` knows.
#[test]
fn ops_lists_the_operations() {
    let out = cute(&["ops"]);
    assert!(out.status.success(), "{out:?}");
    let stdout = text(&out.stdout);
    // byte for byte the registry's listing (whose text a snapshot in cute-layout pins)
    assert_eq!(stdout, cute_tools::registry::listing());
    let ops = cute_tools::registry::operations();
    assert!(stdout.lines().count() >= ops.len());
    for op in ops {
        let name = op.name;
        assert!(
            stdout.contains(&format!("\n{name}(")) || stdout.starts_with(&format!("{name}(")),
            "{name} is not listed:\n{stdout}"
        );
        for text in [op.signature, op.summary, op.example, op.expected] {
            assert!(stdout.contains(text), "{text} of {name} is not listed");
        }
    }
    for name in [
        "composition",
        "complement",
        "logical_divide",
        "blocked_product",
    ] {
        assert!(stdout.contains(name));
    }
}

/// Without a subcommand, or with an unknown one, `cute` fails with a usage message.
#[test]
fn bad_command_line() {
    let out = cute(&[]);
    assert!(!out.status.success());
    let out = cute(&["frobnicate"]);
    assert!(!out.status.success());
    assert!(!out.stderr.is_empty());
}

/// `show --tv` and `svg --tv` draw a thread-value layout: cells `T<t>V<v>`, coloured by thread.
#[test]
fn tv_layouts_render_as_grid_and_svg() {
    let out = cute(&["show", "--tv", "(4,2)", "(_2,_4):(_1,_2)"]);
    assert!(out.status.success(), "{out:?}");
    let grid = text(&out.stdout);
    assert!(grid.contains(" 0  | T0V0 | T0V2 |"), "{grid}");
    assert!(grid.contains(" 3  | T1V1 | T1V3 |"), "{grid}");
    let out = cute(&["svg", "--tv", "(4,2)", "(_2,_4):(_1,_2)"]);
    assert!(out.status.success(), "{out:?}");
    let svg = text(&out.stdout);
    assert!(
        svg.starts_with("<svg") && svg.contains("T1") && svg.contains("V3"),
        "{svg}"
    );
    let out = cute(&["show", "--tv", "(4,2)", "(_2,_4):(_5,_2)"]);
    assert!(
        !out.status.success(),
        "a TV layout leaving the tile is an error: {out:?}"
    );
    assert!(text(&out.stderr).starts_with("error:"));
}

/// `show --tv`, `latex --tv` and `svg --tv` take `--color` and `--highlight`; `latex --tv`
/// without them is CuTe's `print_latex_tv`; a TV value (a tiled MMA's `get_layoutC_TV`,
/// `make_layout_tv`) is drawn as its TV picture without `--tv`.
#[test]
fn tv_pictures_take_color_and_highlight_and_tv_values_draw_as_tv() {
    let tv = ["--tv", "(4,2)", "(_2,_4):(_1,_2)"];
    let run = |cmd: &str, extra: &[&str]| {
        let mut args = vec![cmd];
        args.extend(tv);
        args.extend(extra);
        let out = cute(&args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        text(&out.stdout)
    };
    let grid = run("show", &["--highlight", "thread:1"]);
    assert!(grid.contains(" 0  |    . |    . |"), "{grid}");
    assert!(grid.contains(" 1  | T1V0 | T1V2 |"), "{grid}");
    let plain = run("latex", &[]);
    assert!(
        plain.starts_with("% Layout TV: (_2,_4):(_1,_2)\n"),
        "{plain}"
    );
    assert!(!plain.contains("line width"), "{plain}");
    let tex = run("latex", &["--color", "value", "--highlight", "value:1"]);
    assert_eq!(tex.matches("line width=2pt").count(), 2, "{tex}");
    assert_ne!(tex, plain);
    let svg = run("svg", &["--highlight", "thread:1"]);
    assert_eq!(svg.matches("class=\"highlight\"").count(), 4, "{svg}");
    let out = cute(&[
        "show",
        "--tv",
        "(4,2)",
        "(_2,_4):(_1,_2)",
        "--color",
        "tile",
    ]);
    assert!(text(&out.stderr).contains("no tiles"), "{out:?}");

    let c = "get_layoutC_TV(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))";
    for cmd in ["show", "svg", "latex"] {
        let out = cute(&[cmd, c, "--highlight", "thread:0"]);
        assert!(out.status.success(), "{cmd}: {out:?}");
        let t = text(&out.stdout);
        assert!(t.contains("T0") && t.contains("V1"), "{cmd}: {t}");
    }
    let out = cute(&["latex", c]);
    let tex = text(&out.stdout);
    assert!(
        tex.starts_with("% Layout TV: ((_4,_8,_2,_2),((_2,_2),(_1,_1))):"),
        "{tex}"
    );
    assert!(tex.contains("\\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\\shortstack{T0 \\\\ V0}};"), "{tex}");
}

/// `--color tile` of a tensor draws its parent, in `show` and `latex` as in `svg`, with the
/// highlight outlined in the parent too.
#[test]
fn a_tensor_is_drawn_inside_its_parent_by_every_renderer() {
    let t = "local_tile((8,6):(1,8), (_4,_3), (1,0))";
    let opts = ["--color", "tile", "--highlight", "(_,1)"];
    let run = |cmd: &str| {
        let mut args = vec![cmd, t];
        args.extend(opts);
        let out = cute(&args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        text(&out.stdout)
    };
    let grid = run("show");
    assert!(grid.starts_with("A = (8,6):(1,8)\n"), "{grid}");
    assert!(
        grid.contains(" 4  |  . | 12 |  . |  . |  . |  . |"),
        "{grid}"
    );
    assert!(grid.contains("R = (_4,_3):(1,8)+4\n"), "{grid}");
    assert_eq!(run("latex").matches("line width=2pt").count(), 8);
    assert_eq!(run("svg").matches("class=\"highlight\"").count(), 8);
}

/// A misspelt operation gets the nearest name; an unknown output extension is refused with the
/// supported ones; `--help` shows one example per subcommand.
#[test]
fn the_cli_helps() {
    let out = cute(&["eval", "logical_divid(8:1, 2)"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("did you mean `logical_divide`?"));
    let out = cute(&["svg", "(4,8):(1,4)", "-o", "picture.jpg"]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(".jpg") && stderr.contains(".svg, .png"),
        "{stderr}"
    );
    assert!(!std::path::Path::new("picture.jpg").exists());
    let help = text(&cute(&["--help"]).stdout);
    for sub in [
        "eval", "ops", "show", "latex", "svg", "morphism", "analyze", "explain",
    ] {
        assert!(
            help.contains(&format!("  cute {sub}")),
            "no example of {sub}:\n{help}"
        );
    }
}

/// A bare literal evaluates to itself; a swizzled layout is drawn as the grid of its values.
#[test]
fn every_result_is_first_class() {
    assert_evals("(4,8):(1,4)", "(4,8):(1,4)");
    assert_evals("size(make_layout_tv((4,2):(2,1), (2,2):(1,2)))", "32");
    let out = cute(&["show", "Sw<3,0,3> o _0 o (_8,_8):(_8,_1)"]);
    assert!(out.status.success(), "{out:?}");
    let grid = text(&out.stdout);
    assert!(
        grid.starts_with("Sw<3,0,3> o _0 o (_8,_8):(_8,_1)\n"),
        "{grid}"
    );
    // row 1 is 8..15 with bit 0 flipped by bit 3
    assert!(
        grid.contains(" 1  |  9 |  8 | 11 | 10 | 13 | 12 | 15 | 14 |"),
        "{grid}"
    );
    for sub in ["svg", "latex"] {
        let out = cute(&[sub, "Sw<3,0,3> o _0 o (_8,_8):(_8,_1)"]);
        assert!(out.status.success(), "{sub}: {out:?}");
    }
}

#[test]
fn html_writes_one_self_contained_page_and_checks_its_arguments() {
    let dir = std::env::temp_dir().join(format!("cute-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("divide.html");
    let expr = "logical_divide((4,2,3):(2,1,8), 4:2)";
    let out = cute(&[
        "html",
        expr,
        "--color",
        "tile",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = std::fs::read_to_string(&file).unwrap();
    assert!(page.contains("\"result\":\"((2,2),(2,3)):((4,1),(2,8))\""));
    assert!(page.contains("<svg") && page.contains("\"explain\":"));
    // everything inline: no external script, style sheet or image
    assert!(!page.contains(" src=") && !page.contains("<link "));
    let out = cute(&["html", expr, "-o", dir.join("x.txt").to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains(".html"));
    let out = cute(&["html", "complement((2,2):(2,3), 8)"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: complement"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pictures_share_color_and_highlight_options() {
    let out = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["show", "(4,8):(8,1)", "--highlight", "(_,3)"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(" 0  |  . |  . |  . |  3 |  . |"), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["latex", "(2,2,2):(1,2,4)", "--color", "warp"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("(\\_,\\_,1)"));
    let out = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["svg", "(4,8):(8,1)", "--highlight", "warp:1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("unknown kind `warp`"));
}

/// `cute explain --json` prints the same steps as `cute explain`, as data: each step's depth,
/// kind, text and fields, then the result (or the error, with a failing exit status).
#[test]
fn explain_json_is_the_derivation_as_data() {
    let expr = "right_inverse((4,8):(8,1))";
    let plain = text(&cute(&["explain", expr]).stdout);
    let out = cute(&["explain", "--json", expr]);
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["result"], "(8,4):(4,_1)");
    let steps = json["steps"].as_array().unwrap();
    // the text lines of the JSON are the lines of `cute explain`, indented by depth
    let lines: Vec<String> = steps
        .iter()
        .map(|s| {
            let indent = 2 * (s["depth"].as_u64().unwrap() as usize + 1);
            format!("{:indent$}{}", "", s["text"].as_str().unwrap())
        })
        .collect();
    let body: Vec<&str> = plain.lines().skip(1).collect();
    assert_eq!(lines, body[..body.len() - 1]);
    assert_eq!(steps[0]["kind"], "inverse_sorted");
    assert_eq!(steps[0]["fields"]["inverse"], "right");
    assert_eq!(steps[1]["kind"], "inverse_take");
    assert_eq!(steps[1]["fields"]["mode"], "8:1");
    let out = cute(&["explain", "--json", "complement((2,2):(2,3), 8)"]);
    assert!(!out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json["result"].is_null());
    assert!(json["error"].as_str().unwrap().starts_with("complement"));
}

/// `cute morphism`: the standard form as text, the pointed map alone, the composition
/// algorithm step by step, as text, SVG and TikZ.
#[test]
fn morphism_pictures() {
    let ok = |args: &[&str]| {
        let out = cute(args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    assert_eq!(
        ok(&["morphism", "(4,5):(1,64)"]),
        "(4,5) -> (4,16,5) over (1,3)\n"
    );
    let pointed = ok(&["morphism", "--pointed", "(4,4) -> (4,8,4) over (3,*)"]);
    assert!(
        pointed.contains("2  2 ↦ *") && pointed.ends_with("α = (3,*): <2>_* -> <3>_*\n"),
        "{pointed}"
    );
    let steps = "composition((12,3,6):(1,72,12), (6,6):(6,1))";
    let t = ok(&["morphism", "--steps", steps]);
    assert!(
        t.starts_with("1. B = (6,6):(6,1)") && t.contains("\n5. "),
        "{t}"
    );
    assert!(t.ends_with("= ((2,3),6):((6,72),1)\n"), "{t}");
    let svg = ok(&["morphism", "--steps", steps, "--svg"]);
    assert!(
        svg.starts_with("<svg") && svg.matches("class=\"arrow\"").count() == 15,
        "{svg}"
    );
    let tex = ok(&[
        "morphism",
        "--pointed",
        "(4,4) -> (4,8,4) over (3,*)",
        "--latex",
    ]);
    assert!(
        tex.starts_with("\\documentclass") && tex.matches("|->").count() == 3,
        "{tex}"
    );
    let bad = cute(&["morphism", "--steps", "coalesce((2,2):(1,2))"]);
    assert!(!bad.status.success());
    assert!(text(&bad.stderr).contains("composition(A, B)"));
    let bad = cute(&["morphism", "--latex", "m.pdf", "(4,5):(1,64)"]);
    assert!(text(&bad.stderr).contains("unknown output extension"));
}

/// A closed standard output (`cute atoms | head -3`) ends every subcommand quietly with
/// status 0: no panic, nothing on standard error.
#[test]
fn closed_stdout_ends_quietly() {
    let runs: [(&[&str], &str); 7] = [
        (&["atoms"], ""),
        (&["ops"], ""),
        (&["ops", "--markdown"], ""),
        (&["eval", "(4,8):(1,4)"], ""),
        (&["eval"], "size(4:1)\n(2,3):(3,1)\n"),
        (&["show", "(4,8):(1,4)"], ""),
        (&["explain", "logical_divide(16:1,4:2)"], ""),
    ];
    for (args, input) in runs {
        let out = common::cute_into_closed_pipe(args, input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "cute {args:?}: {:?}, {stderr}",
            out.status
        );
        assert!(stderr.is_empty(), "cute {args:?} wrote to stderr: {stderr}");
    }
}

/// `cute diff A B`: the report on standard output, status 0 when equal, 1 when not.
#[test]
fn diff_reports_and_sets_the_status() {
    let out = cute(&["diff", "(4,8):(1,4)", "32:1"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("equal as functions"));
    let out = cute(&["diff", "(4,8):(1,4)", "(4,8):(8,1)"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout)
        .contains("first difference at index 1: A(1,0) = 1, B(1,0) = 8"));
}

/// `cute eval --as`: C++ and CuTe DSL forms, one per line from standard input too.
#[test]
fn eval_prints_as_cpp_and_dsl() {
    let out = cute(&["eval", "--as", "cpp", "(_4,_8):(_1,_4)"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Layout<Shape<Int<4>,Int<8>>,Stride<Int<1>,Int<4>>>{}\n"
    );
    let out = cute(&["eval", "--as", "dsl", "Layout<Shape<_4,_8>,Stride<_1,_4>>"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "cute.make_layout((4,8), stride=(1,4))\n"
    );
    let mut child = Command::new(CUTE)
        .args(["eval", "--as", "cpp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"(4,8):(1,4)\nmake_layout_tv(4:1,2:1)\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(
            "make_layout(make_shape(4,8),make_stride(1,4))\nerror: print: the TV layout"
        ),
        "{text}"
    );
}

/// `cute eval --from dsl`: plain integers static, as Python writes them, in an argument and
/// over standard input; every DSL form `--as dsl` prints reads back so.
#[test]
fn eval_reads_from_dsl() {
    let out = cute(&["eval", "--from", "dsl", "(4, None, (2,3))"]);
    assert_eq!(text(&out.stdout), "(_4,_,(_2,_3))\n");
    let out = cute(&["eval", "(4, None, (2,3))"]);
    assert_eq!(text(&out.stdout), "(4,_,(2,3))\n");
    let forms = cute_args_stdin(
        &["eval", "--as", "dsl"],
        b"<_4,_>\nmake_layout_tv((_4,_8):(_1,_4),(_2,_2):(_1,_2))\n(4,3):(_2@0,1@1)\n",
    );
    let back = cute_args_stdin(&["eval", "--from", "dsl"], &forms.stdout);
    assert_eq!(
        text(&back.stdout),
        "(_4,_)\n((_8,_16),((_4,_8),(_2,_2)):((_2,_16),(_1,_8)))\n(4,3):(_2@0,1@1)\n"
    );
}

/// A tiler that does not divide the layout: the result on standard output, a warning on
/// standard error, status 0.
#[test]
fn uneven_tilers_warn_on_stderr() {
    let out = cute(&["eval", "logical_divide(10:1, 4)"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "(4,3):(1,4)\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("warning: logical_divide: the tile 4 does not divide 10:1"),
        "{stderr}"
    );
    assert!(stderr.contains("needs predication"), "{stderr}");
}

/// The warning `cute eval EXPR` prints, printed the same (on standard error, status 0) by
/// every other subcommand that evaluates an expression: `eval` over standard input (one
/// warning per line that has one, in any output syntax), `show`, `svg`, `latex`, `html` and
/// `explain`; an even tiler warns nowhere.
#[test]
fn uneven_tilers_warn_in_every_front_end() {
    let expr = "zipped_divide((8,6):(1,8), (4,4))";
    let expected = text(&cute(&["eval", expr]).stderr);
    assert!(expected.contains("does not divide mode 1"), "{expected}");
    let batch = cute_stdin(format!("{expr}\nsize(4:1)\n{expr}\n").as_bytes());
    assert!(batch.status.success());
    assert_eq!(text(&batch.stderr), expected.repeat(2));
    let commands: [&[&str]; 6] = [
        &["show", expr],
        &["svg", expr],
        &["latex", expr],
        &["html", expr],
        &["explain", expr],
        &["eval", "--as", "dsl", expr],
    ];
    for args in commands {
        let out = cute(args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        assert_eq!(text(&out.stderr), expected, "{args:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
    let out = cute_args_stdin(&["eval", "--as", "cpp"], format!("{expr}\n").as_bytes());
    assert_eq!(
        text(&out.stderr),
        expected,
        "eval --as cpp over standard input"
    );
    for args in [
        ["show", "zipped_divide((8,8):(1,8), (4,4))"],
        ["explain", "logical_divide(16:1, 4)"],
    ] {
        let out = cute(&args);
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{args:?}: {out:?}"
        );
    }
}

/// `cute show` of an identity tensor, a tile of one, or a scaled-basis layout prints CuTe's
/// `print_tensor` (byte for byte: crates/cute-tools/tests/pictures/render.rs checks it against g++);
/// `svg` draws the grid of its coordinates; `latex` refuses it, naming `cute show`.
#[test]
fn show_prints_tensors_of_coordinates() {
    let show = |expr: &str| {
        let out = cute(&["show", expr]);
        assert!(out.status.success(), "{expr}: {out:?}");
        text(&out.stdout)
    };
    assert_eq!(
        show("make_identity_tensor((4,3))"),
        "ArithTuple(_0,_0) o (4,3):(_1@0,_1@1):\n  (0,0)  (0,1)  (0,2)\n  (1,0)  (1,1)  (1,2)\n  (2,0)  (2,1)  (2,2)\n  (3,0)  (3,1)  (3,2)\n"
    );
    assert_eq!(
        show("local_tile(make_identity_tensor((_4,_8)),(_2,_4),(1,1))"),
        "ArithTuple(2,4) o (_2,_4):(_1@0,_1@1):\n  (2,4)  (2,5)  (2,6)  (2,7)\n  (3,4)  (3,5)  (3,6)  (3,7)\n"
    );
    assert_eq!(
        show("(4):(1@1)"),
        "ArithTuple(_0,_0) o (4):(1@1):\n  (_0,0)\n  (_0,1)\n  (_0,2)\n  (_0,3)\n"
    );
    assert_eq!(
        show("make_identity_tensor(3)"),
        "ArithTuple_0 o 3:_1:\n    0\n    1\n    2\n"
    );
    let out = cute(&["latex", "make_identity_tensor((4,8))"]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("tensor of coordinates") && err.contains("cute show"),
        "{err}"
    );
    let svg = text(&cute(&["svg", "make_identity_tensor((2,3,2))"]).stdout);
    assert!(
        svg.contains(">(1,2,1)</text>") && svg.contains("slab (_,_,1)"),
        "{svg}"
    );
    let out = cute(&["svg", "make_identity_tensor((4,8))", "--highlight", "(_,1)"]);
    // the hint reads right from every front end, and names the flags of each
    let err = text(&out.stderr);
    assert!(
        err.contains("without a coloring or a highlight") && err.contains("--highlight"),
        "{err}"
    );
    let out = cute(&["svg", "make_identity_tensor((200,200))"]);
    assert!(text(&out.stderr).contains("MAX_PICTURE_CELLS"));
    let out = cute(&["show", "make_identity_tensor((4096,4096))"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("MAX_TEXT_CELLS"));
}
