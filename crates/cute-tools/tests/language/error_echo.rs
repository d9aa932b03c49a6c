//! Errors and warnings quote user values bounded (issue 26): every operation of the registry,
//! called with a value of 100,000 modes in each argument that accepts it (the rest of the call
//! its own example's), refuses or answers within [`SLOW`], and each error or warning it gives
//! is a line of at most [`BOUND`] bytes, the values it quotes cut by `limits::quoted`. (It
//! found `make_tma_atom`'s search of basis directions quadratic in the modes.)

use cute_layout::budget::{self, Budget};
use cute_layout::limits::{quoted, MAX_MESSAGE_ECHO, MAX_VALUE_ECHO};
use cute_layout::notation::Syntax;
use cute_layout::value::Value;
use cute_tools::eval::{prepare, Prepared};
use cute_tools::expr::parse;
use cute_tools::registry::{operations, warnings};
use std::time::{Duration, Instant};

/// The most bytes of one error or warning quoting values of 100,000 modes: a few values cut at
/// `MAX_VALUE_ECHO` characters each, with the text around them (an uncut one is 200 KB and
/// more).
const BOUND: usize = 8 * MAX_VALUE_ECHO + 1024;

/// The longest one call with a huge argument may take in the tests' debug build: the calls are
/// linear in the modes, or refuse them first (a quadratic one takes hours).
const SLOW: Duration = Duration::from_secs(20);

/// The modes of each huge value.
const MODES: usize = 100_000;

/// `(g,g,...)` of `MODES` leaves in groups of 1000 (a tuple has at most `MAX_WIDTH` modes).
fn grouped(leaf: &str) -> String {
    let group = format!("({})", vec![leaf; 1000].join(","));
    format!("({})", vec![group; MODES / 1000].join(","))
}

/// Huge values of each kind an argument may take: valid ones, and ones each kind of check
/// refuses (zero strides: not injective; a negative extent; strides near `i64::MAX`: overflow;
/// extents 3: no divisibility by 2).
fn huge_values() -> Vec<(&'static str, Value)> {
    let twos = grouped("2");
    let first_negative = twos.replacen("2", "-1", 1);
    let texts = [
        ("zero strides", format!("{twos}:{}", grouped("0"))),
        ("unit extents", format!("{}:{}", grouped("1"), grouped("0"))),
        (
            "negative extent",
            format!("{first_negative}:{}", grouped("1")),
        ),
        (
            "huge strides",
            format!("{twos}:{}", grouped("4611686018427387903")),
        ),
        ("threes", format!("{}:{}", grouped("3"), grouped("1"))),
        ("tuple of twos", twos.clone()),
        ("tuple of ones", grouped("1")),
        ("tuple with a negative", first_negative),
    ];
    texts
        .into_iter()
        .map(|(what, t)| {
            let v: Value = t
                .parse()
                .unwrap_or_else(|e| panic!("{what} does not parse: {e}"));
            (what, v)
        })
        .collect()
}

#[test]
fn the_formatter_cuts_each_value_and_the_whole() {
    let huge = "7".repeat(MODES);
    let text = format!("a {huge} b {huge} c");
    let shown = quoted(&text);
    assert!(shown.starts_with(&format!("a {}... (", "7".repeat(MAX_VALUE_ECHO))));
    assert!(shown.ends_with(" more characters) c"), "{shown}");
    // many short values: the whole is cut
    let many = "(1,2) ".repeat(MODES);
    let shown = quoted(&many);
    assert!(shown.len() < MAX_MESSAGE_ECHO + 40, "{}", shown.len());
    assert!(
        shown.ends_with("more characters)"),
        "{}",
        &shown[shown.len() - 60..]
    );
    // what fits is shown as it is
    assert_eq!(quoted("mode 1 of (4,8):(8,1)"), "mode 1 of (4,8):(8,1)");
    let within = "x".repeat(MAX_VALUE_ECHO);
    assert_eq!(
        quoted(&format!("{within} {within}")).len(),
        2 * MAX_VALUE_ECHO + 1
    );
}

#[test]
fn every_operation_quotes_a_huge_argument_bounded() {
    let huge = huge_values();
    let mut calls = 0;
    let mut errors = 0;
    let mut too_long = Vec::new();
    for op in operations() {
        // the example's arguments, one of them replaced by each huge value it accepts
        let Ok((Prepared::Call(example), _)) = prepare(parse(op.example, Syntax::Cute)) else {
            continue;
        };
        if example.op.name != op.name {
            continue;
        }
        let slots = example.args.len().max(op.params.len().min(3));
        for i in 0..slots {
            let param = op.params.get(i).or_else(|| {
                op.params
                    .last()
                    .filter(|p| p.presence == cute_tools::registry::Presence::Variadic)
            });
            let Some(param) = param else { continue };
            for (what, h) in &huge {
                if !param.kinds.contains(&h.kind()) {
                    continue;
                }
                let mut args: Vec<Value> = example.args.iter().cloned().collect();
                if i < args.len() {
                    args[i] = h.clone();
                } else if i == args.len() {
                    args.push(h.clone());
                } else {
                    continue;
                }
                calls += 1;
                let start = Instant::now();
                let answer = budget::scope_with(&Budget::work(1 << 22), || {
                    let warned = warnings(op.name, &args);
                    (op.call(args.clone()), warned)
                });
                let took = start.elapsed();
                if took > SLOW {
                    too_long.push(format!("{}(argument {i} = {what}) took {took:?}", op.name));
                }
                let mut lines: Vec<String> = answer.1.iter().map(ToString::to_string).collect();
                if let Err(e) = &answer.0 {
                    errors += 1;
                    lines.push(e.to_string());
                }
                for line in lines {
                    if line.len() > BOUND {
                        too_long.push(format!(
                            "{}(argument {i} = {what}): {} bytes: {}",
                            op.name,
                            line.len(),
                            line.chars().take(300).collect::<String>()
                        ));
                    }
                }
            }
        }
    }
    assert!(calls > 200, "only {calls} calls with a huge argument");
    assert!(errors > 100, "only {errors} refusals");
    assert!(
        too_long.is_empty(),
        "{} of {calls} messages past {BOUND} bytes:\n{}",
        too_long.len(),
        too_long.join("\n")
    );
}
