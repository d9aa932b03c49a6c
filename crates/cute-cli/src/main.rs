//! `cute`: evaluate CuTe layout algebra expressions from the command line.

use clap::{Parser, Subcommand};
use cute_layout::eval::{eval, OPERATIONS};
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cute",
    version,
    about = "The CuTe layout algebra: evaluate, inspect and explain layouts"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate an expression such as `composition((6,2):(8,2),(4,3):(3,1))`.
    ///
    /// Without EXPR, reads standard input: one expression per line, one output line per input
    /// line (the result, or a line starting with `error:`).
    Eval {
        /// The expression; omit it to read expressions from standard input.
        expr: Option<String>,
    },
    /// List the operations `eval` accepts.
    Ops,
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Eval { expr: Some(expr) } => match eval(&expr) {
            Ok(v) => {
                println!("{v}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Eval { expr: None } => match eval_lines() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Ops => {
            for (_, usage) in OPERATIONS {
                println!("{usage}");
            }
            ExitCode::SUCCESS
        }
    }
}

/// One output line per input line; errors are folded onto that one line.
fn eval_lines() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            writeln!(out, "error: empty expression; hint: write op(arg, ...), see `cute ops`")?;
            continue;
        }
        match eval(&line) {
            Ok(v) => writeln!(out, "{v}")?,
            Err(e) => writeln!(out, "error: {}", e.to_string().replace('\n', " | "))?,
        }
    }
    out.flush()
}
