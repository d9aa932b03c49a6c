//! Every subcommand with every flag, alone and in pairs, and every argument, given hostile
//! values (negative, zero, huge, malformed, 100,000 characters long): each run ends quickly
//! with a clear error (exit 1, or clap's 2) or a bounded answer (exit 0), never a panic (exit
//! 101) or a signal, and an error quotes at most a bounded part of its input.
//!
//! The subcommands, their flags and their arguments are read from the command's own
//! definition (clap's `--help` of each), not listed here, so a new flag is covered when it is
//! added.

mod common;

use common::CUTE;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one run may take in the tests' debug build.
const AT_ONCE: Duration = Duration::from_secs(30);

/// The most bytes one run may print (a bounded answer: the largest pictures are a few MB).
const MAX_OUTPUT: usize = 64 << 20;

/// The most bytes of an error for an input holding a 100,000-character value: the message,
/// with its quotes cut to `MAX_ERROR_ECHO` (a file path to `MAX_PATH_ECHO`, 4096), and clap's
/// usage lines.
const MAX_ERROR_BYTES: usize = cute_layout::limits::MAX_PATH_ECHO + 1024;

/// How long `serve` is left running before it counts as serving (it serves until stopped).
const SERVING: Duration = Duration::from_millis(1500);

/// The hostile values every flag and argument is given.
fn hostile_values() -> Vec<String> {
    let mut v: Vec<String> = [
        "-1",
        "0",
        "1",
        "-9223372036854775808",
        "9223372036854775807",
        "99999999999999999999",
        "",
        "(-1,-1)",
        "(0,0)",
        "(9223372036854775807,2)",
        "(-3,4):(1,3)",
        "(9223372036854775807,2):(1,1)",
        "((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))",
        "\u{7f}\u{1b}[2J",
    ]
    .map(String::from)
    .to_vec();
    v.push(huge());
    v
}

/// A 100,000-character value.
fn huge() -> String {
    "7".repeat(100_000)
}

/// One subcommand as its `-h` describes it.
#[derive(Debug)]
struct Sub {
    name: String,
    /// Its positional arguments, by their value names (`EXPR`, `NAME`, ...).
    positionals: Vec<String>,
    /// Its options: the long name and whether it takes a value.
    options: Vec<(String, bool)>,
}

fn help(args: &[&str]) -> String {
    let out = Command::new(CUTE)
        .args(args)
        .arg("-h") // one line per flag
        .stdin(Stdio::null())
        .output()
        .expect("cute -h runs");
    assert!(out.status.success(), "cute {args:?} -h");
    String::from_utf8(out.stdout).expect("help is text")
}

/// The subcommands of `cute -h`, each read from its own `-h`.
fn subcommands() -> Vec<Sub> {
    let top = help(&[]);
    let names: Vec<String> = section(&top, "Commands:")
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .filter(|n| n != "help")
        .collect();
    assert!(names.len() >= 10, "cute --help lists {names:?}");
    names
        .into_iter()
        .map(|name| {
            let text = help(&[&name]);
            let positionals = section(&text, "Arguments:")
                .filter_map(|l| {
                    let w = l.split_whitespace().next()?;
                    let w = w.trim_start_matches('[').trim_end_matches(']');
                    let w = w.trim_start_matches('<').trim_end_matches("...");
                    Some(w.trim_end_matches('>').to_string())
                })
                .collect();
            let options = section(&text, "Options:")
                .filter_map(|l| {
                    // `  -o, --output <FILE>  ...` or `      --tv <TILE_MN>  ...`
                    let l = l.trim_start();
                    let short = l.len() > 4 && l.starts_with('-') && l.get(2..4) == Some(", ");
                    let long = if short { &l[4..] } else { l }.strip_prefix("--")?;
                    let name: String = long
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '-')
                        .collect();
                    let after = &long[name.len()..];
                    let takes_value = after.starts_with(" <") || after.starts_with(" [<");
                    Some((name, takes_value))
                })
                .filter(|(n, _)| !matches!(n.as_str(), "help" | "version" | "open"))
                .collect();
            Sub {
                name,
                positionals,
                options,
            }
        })
        .collect()
}

/// The lines of the help section headed `title`, up to the next blank line.
fn section<'a>(text: &'a str, title: &str) -> impl Iterator<Item = &'a str> {
    text.lines()
        .skip_while(move |l| l.trim() != title)
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("          "))
}

/// A valid value for an argument named `name` of `sub`.
fn plausible(sub: &str, name: &str) -> String {
    match (sub, name) {
        ("atom", _) | (_, "NAME") => "SM80_16x8x16_F32F16F16F32_TN".into(),
        ("morphism", _) => "(2,2):(1,2)".into(),
        _ => "(4,8):(8,1)".into(),
    }
}

/// One run: the arguments, and the outcome checked.
fn check(args: &[String], dir: &std::path::Path, serving: bool) -> Result<(), String> {
    let start = Instant::now();
    let mut child = Command::new(CUTE)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run cute: {e}"))?;
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = (&mut stdout)
            .take(MAX_OUTPUT as u64 + 1)
            .read_to_end(&mut b);
        b
    });
    let err = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = (&mut stderr)
            .take(MAX_OUTPUT as u64 + 1)
            .read_to_end(&mut b);
        b
    });
    let limit = if serving { SERVING } else { AT_ONCE };
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(s);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let (out, err) = (
        out.join().unwrap_or_default(),
        err.join().unwrap_or_default(),
    );
    let shown = |args: &[String]| {
        args.iter()
            .map(|a| cute_layout::limits::echo(a).into_owned())
            .collect::<Vec<_>>()
    };
    let err_text = String::from_utf8_lossy(&err[..err.len().min(400)]).into_owned();
    let Some(status) = status else {
        if serving {
            return Ok(()); // still serving: stopped
        }
        return Err(format!("{:?}: still running after {limit:?}", shown(args)));
    };
    match status.code() {
        Some(0..=2) => {}
        Some(c) => return Err(format!("{:?}: exit {c}: {err_text}", shown(args))),
        None => {
            return Err(format!(
                "{:?}: killed by a signal ({status}): {err_text}",
                shown(args)
            ))
        }
    }
    if out.len() > MAX_OUTPUT || err.len() > MAX_OUTPUT {
        return Err(format!(
            "{:?}: more than {MAX_OUTPUT} bytes of output",
            shown(args)
        ));
    }
    let has_huge = args.iter().any(|a| a.len() >= 100_000);
    if has_huge && !status.success() && err.len() > MAX_ERROR_BYTES {
        return Err(format!(
            "{:?}: an error of {} bytes for a long value (quotes must be cut): {err_text}",
            shown(args),
            err.len()
        ));
    }
    Ok(())
}

/// Every run of one subcommand: each argument and each flag alone with every hostile value,
/// every pair of flags with a negative and a zero value, and all flags at once with every
/// hostile value.
fn runs(sub: &Sub) -> Vec<Vec<String>> {
    let values = hostile_values();
    let base: Vec<String> = sub
        .positionals
        .iter()
        .map(|p| plausible(&sub.name, p))
        .collect();
    let head = |extra: &[String]| {
        let mut a = vec![sub.name.clone()];
        if sub.name == "serve" && !extra.iter().any(|e| e == "--port") {
            a.extend(["--port".to_string(), "0".to_string()]);
        }
        a.extend_from_slice(extra);
        a
    };
    let flag = |(name, takes): &(String, bool), v: &str| -> Vec<String> {
        if *takes {
            vec![format!("--{name}"), v.to_string()]
        } else {
            vec![format!("--{name}")]
        }
    };
    // a port other than 0 could meet another server: only invalid ones are tried
    let allowed = |name: &str, v: &str| name != "port" || v.parse::<u16>().is_err() || v == "0";
    let mut all = Vec::new();
    for i in 0..base.len() {
        for v in &values {
            let mut args = base.clone();
            args[i] = v.clone();
            all.push(head(&args));
        }
    }
    for o in &sub.options {
        let vs: &[String] = if o.1 { &values } else { &values[..1] };
        for v in vs.iter().filter(|v| allowed(&o.0, v)) {
            let mut args = flag(o, v);
            args.extend(base.iter().cloned());
            all.push(head(&args));
        }
    }
    for (i, a) in sub.options.iter().enumerate() {
        for b in &sub.options[i + 1..] {
            for v in ["-1", "0"] {
                if !allowed(&a.0, v) || !allowed(&b.0, v) {
                    continue;
                }
                let mut args = flag(a, v);
                args.extend(flag(b, v));
                args.extend(base.iter().cloned());
                all.push(head(&args));
            }
        }
    }
    for v in &values {
        let mut args: Vec<String> = sub
            .options
            .iter()
            .filter(|o| allowed(&o.0, v))
            .flat_map(|o| flag(o, v))
            .collect();
        args.extend(base.iter().cloned());
        all.push(head(&args));
    }
    all
}

#[test]
fn every_subcommand_and_flag_refuses_hostile_values_clearly() {
    let subs = subcommands();
    for must in [
        "eval", "show", "svg", "latex", "atom", "morphism", "analyze",
    ] {
        assert!(subs.iter().any(|s| s.name == must), "no {must} in {subs:?}");
    }
    let dir = std::env::temp_dir().join(format!("cute-hostile-flags-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let work: Vec<(Vec<String>, bool)> = subs
        .iter()
        .flat_map(|s| runs(s).into_iter().map(|r| (r, s.name == "serve")))
        .collect();
    assert!(work.len() > 500, "only {} runs", work.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(2, 8);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((args, serving)) = work.get(i) else {
                    break;
                };
                if let Err(e) = check(args, &dir, *serving) {
                    failures.lock().unwrap().push(e);
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} runs failed:\n{}",
        failures.len(),
        work.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}
