//! Prints a fuzz input as its target reads it, and the check's outcome, with the time taken:
//! `cargo run -p fuzz-checks --example show -- TARGET FILE...` (to read a finding or a slow unit).

use fuzz_checks::{category, ops, postconditions, structured, TARGETS};
use std::fmt::Debug;
use std::time::Instant;

fn show<'a, T: arbitrary::Arbitrary<'a> + Debug>(data: &'a [u8]) {
    let _ = structured(data, |x: T| {
        println!("input: {x:?}");
        Ok(())
    });
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((target, files)) = args.split_first() else {
        eprintln!("usage: show TARGET FILE...");
        std::process::exit(2);
    };
    let Some(&(_, check)) = TARGETS.iter().find(|(n, _)| n == target) else {
        eprintln!("unknown target {target}");
        std::process::exit(2);
    };
    for f in files {
        let data = std::fs::read(f).expect("a readable file");
        println!("== {f}");
        match target.as_str() {
            "ops" => show::<ops::Input>(&data),
            "postconditions" => show::<postconditions::Input>(&data),
            "category" => show::<category::Input>(&data),
            _ => println!("input: {:?}", String::from_utf8_lossy(&data)),
        }
        let start = Instant::now();
        let outcome = check(&data);
        println!("{:?} in {:?}", outcome, start.elapsed());
    }
}
