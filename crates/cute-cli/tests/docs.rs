//! The commands the README and the user guide show are run, and their output must be what the
//! page shows, byte for byte, so the docs cannot drift from the tool.
//!
//! In `README.md` and every Markdown file under `docs/`, a fenced block whose info string is
//! `console` is a transcript: a line starting with `$ ` is a command, run by `bash -c` in an
//! empty temporary directory with the `cute` binary under test first on the `PATH`; the lines
//! after it, up to the next command or the end of the block, are its expected output (standard
//! output, then standard error: each is captured whole, so the order does not depend on
//! buffering), followed by `(exit status N)` when it exits with a
//! non-zero status. A command may go on over several lines, each but the last ending in `\`.
//! A line `cute ...` or `$ cute ...` in any other fenced block is an error (a command the test
//! would not run), except `cute serve`, which does not end. Every image a page links
//! (`![...](path)`) must exist.
//!
//! A mismatch is reported as `FILE:LINE` of the command, with the expected and the actual
//! output. After a deliberate change of output, rewrite the transcripts with
//! `CUTE_DOCS_BLESS=1 cargo test -p cute-cli --test docs` and review the diff.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The workspace root (two levels above this crate).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root")
}

/// README.md and every `.md` file under docs/, sorted.
fn pages(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut out = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut out);
    out.sort();
    out
}

/// One command of a transcript: where it is, its text, and the expected output's lines
/// (`start..end`, 0-based line indices of the page).
struct Transcript {
    line: usize,
    command: String,
    expected: String,
    out_start: usize,
    out_end: usize,
}

/// The transcripts of a page, and the problems found while reading it (`LINE: message`).
fn read_page(text: &str) -> (Vec<Transcript>, Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut transcripts = Vec::new();
    let mut problems = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        let Some(info) = trimmed.strip_prefix("```") else {
            // an indented code block is never run: a command there would go unchecked
            let code = line.strip_prefix("    ").map(str::trim_start);
            if let Some(l) = code.map(|l| l.strip_prefix("$ ").unwrap_or(l)) {
                if (l.starts_with("cute ") || l == "cute") && !l.starts_with("cute serve") {
                    problems.push(format!(
                        "{}: a `cute` command in an indented block is not checked; \
                         show it in a ```console block",
                        i + 1
                    ));
                }
            }
            i += 1;
            continue;
        };
        let info = info.trim();
        let fence_indent = line.len() - trimmed.len();
        // the block's body: up to the closing fence
        let body_start = i + 1;
        let mut j = body_start;
        while j < lines.len() && !lines[j].trim_start().starts_with("```") {
            j += 1;
        }
        if j == lines.len() {
            problems.push(format!("{}: a fenced block is not closed", i + 1));
        }
        let body = &lines[body_start..j];
        if info == "console" {
            let mut k = 0;
            while k < body.len() {
                let raw = body[k].get(fence_indent..).unwrap_or(body[k].trim_start());
                let Some(first) = raw.strip_prefix("$ ") else {
                    problems.push(format!(
                        "{}: a console block must start with a `$ ` command line",
                        body_start + k + 1
                    ));
                    k += 1;
                    continue;
                };
                let line = body_start + k + 1;
                let mut command = first.to_string();
                while command.ends_with('\\') && k + 1 < body.len() {
                    k += 1;
                    command.push('\n');
                    command.push_str(body[k].get(fence_indent..).unwrap_or(body[k]));
                }
                k += 1;
                let out_start = body_start + k;
                let mut expected = String::new();
                while k < body.len()
                    && !body[k]
                        .get(fence_indent..)
                        .unwrap_or(body[k])
                        .starts_with("$ ")
                {
                    expected.push_str(body[k].get(fence_indent..).unwrap_or(body[k].trim_start()));
                    expected.push('\n');
                    k += 1;
                }
                transcripts.push(Transcript {
                    line,
                    command,
                    expected,
                    out_start,
                    out_end: body_start + k,
                });
            }
        } else {
            for (k, l) in body.iter().enumerate() {
                let l = l.trim_start();
                let l = l.strip_prefix("$ ").unwrap_or(l);
                if (l.starts_with("cute ") || l == "cute") && !l.starts_with("cute serve") {
                    problems.push(format!(
                        "{}: a `cute` command outside a ```console block is not checked; \
                         show it as `$ {l}` with its output in a ```console block",
                        body_start + k + 1
                    ));
                }
            }
        }
        i = j + 1;
    }
    (transcripts, problems)
}

/// The image paths a page links, with their line numbers.
fn images(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("![") {
            rest = &rest[at + 2..];
            let Some(close) = rest.find("](") else { break };
            let after = &rest[close + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            if !target.contains("://") {
                out.push((n + 1, target.to_string()));
            }
            rest = &after[end..];
        }
    }
    out
}

/// The relative links of a page (`[text](target)`, not images, not URLs, not inside inline
/// code), with their line numbers; the `#fragment` is dropped.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
        }
        if fence {
            continue;
        }
        // inline code is not a link (`smem_ptr[16b](unset)`, `op[mode](...)`)
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let image = rest[..at]
                .rfind("![")
                .is_some_and(|b| !rest[b..at].contains(']'));
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            let target = target.split('#').next().unwrap_or("");
            if !image
                && !target.is_empty()
                && !target.contains("://")
                && !target.starts_with("mailto:")
            {
                out.push((n + 1, target.to_string()));
            }
            rest = &after[end..];
        }
    }
    out
}

/// Runs one transcript's command; its output as the page would show it.
fn run(command: &str, bin_dir: &Path, dir: &Path) -> String {
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("set -o pipefail\n{command}"))
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
        .expect("bash runs");
    let mut text = String::new();
    for stream in [&out.stdout, &out.stderr] {
        text.push_str(&String::from_utf8_lossy(stream));
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
    }
    match out.status.code() {
        Some(0) => {}
        Some(n) => text.push_str(&format!("(exit status {n})\n")),
        None => text.push_str("(killed by a signal)\n"),
    }
    text
}

#[test]
fn every_command_in_the_docs_prints_what_the_docs_show() {
    let root = root();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_cute"));
    let bin_dir = bin.parent().expect("the binary's directory").to_path_buf();
    let bless = std::env::var_os("CUTE_DOCS_BLESS").is_some();
    let mut failures = Vec::new();
    let mut commands = 0;
    for page in pages(&root) {
        let text = std::fs::read_to_string(&page).expect("a docs page reads");
        let name = page
            .strip_prefix(&root)
            .unwrap_or(&page)
            .display()
            .to_string();
        let (transcripts, problems) = read_page(&text);
        for p in problems {
            failures.push(format!("{name}:{p}"));
        }
        for (line, target) in links(&text) {
            let base = page.parent().expect("a page's directory");
            let path = base.join(&target);
            if !path.exists() {
                failures.push(format!("{name}:{line}: the link {target} leads nowhere"));
            }
        }
        for (line, target) in images(&text) {
            let target = target.split('#').next().unwrap_or("");
            let base = page.parent().expect("a page's directory");
            if !base.join(target).exists() {
                failures.push(format!("{name}:{line}: the image {target} does not exist"));
            }
        }
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut changed = false;
        let mut mismatches = Vec::new();
        // replace from the last so the line indices of the earlier ones stay valid
        for t in transcripts.iter().rev() {
            commands += 1;
            let dir = std::env::temp_dir().join(format!(
                "cute-docs-{}-{}-{}",
                std::process::id(),
                name.replace('/', "_"),
                t.line
            ));
            std::fs::create_dir_all(&dir).expect("a temporary directory");
            let actual = run(&t.command, &bin_dir, &dir);
            let _ = std::fs::remove_dir_all(&dir);
            if actual != t.expected {
                if bless {
                    lines.splice(
                        t.out_start..t.out_end,
                        actual.lines().map(str::to_string).collect::<Vec<_>>(),
                    );
                    changed = true;
                } else {
                    mismatches.push(format!(
                        "{name}:{}: `{}` printed\n{}--- but the page shows\n{}---",
                        t.line, t.command, actual, t.expected
                    ));
                }
            }
        }
        mismatches.reverse();
        failures.extend(mismatches);
        if changed {
            let mut new = lines.join("\n");
            new.push('\n');
            std::fs::write(&page, new).expect("the page is rewritten");
            eprintln!("rewrote the transcripts of {name}");
        }
    }
    assert!(commands > 0, "no ```console transcripts found");
    let readme = std::fs::metadata(root.join("README.md"))
        .expect("README.md")
        .len();
    if readme > 15 * 1024 {
        failures.push(format!(
            "README.md: {readme} bytes, more than 15 KiB: move the detail to docs/guide/"
        ));
    }
    assert!(
        failures.is_empty(),
        "{} problem(s) in the docs (rewrite the transcripts with \
         `CUTE_DOCS_BLESS=1 cargo test -p cute-cli --test docs` after a deliberate change):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The reader finds commands, their outputs, continuation lines and stray commands.
#[test]
fn the_transcript_reader_reads_what_the_pages_write() {
    let page = "intro\n```console\n$ cute eval '4:1'\n4:1\n$ cute a \\\n  b\n```\n\
                ```sh\ncute eval x\ncute serve --open\n```\n![a](missing.png) and ![b](x.svg \"t\")\n";
    let (t, problems) = read_page(page);
    assert_eq!(t.len(), 2);
    assert_eq!((t[0].line, t[0].command.as_str()), (3, "cute eval '4:1'"));
    assert_eq!(t[0].expected, "4:1\n");
    assert_eq!((t[0].out_start, t[0].out_end), (3, 4));
    assert_eq!(t[1].command, "cute a \\\n  b");
    assert_eq!(t[1].expected, "");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("9: "), "{problems:?}");
    assert_eq!(
        links(
            "[a](x.md#s) ![i](y.png) [u](https://e.org) and [b](../c.md)\n```\n[no](z.md)\n```\n"
        ),
        vec![(1, "x.md".to_string()), (1, "../c.md".to_string())]
    );
    assert_eq!(
        images(page),
        vec![(12, "missing.png".to_string()), (12, "x.svg".to_string())]
    );
}
