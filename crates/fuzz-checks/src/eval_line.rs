//! One `cute eval` line: never a panic; an error prints; a result prints the same through
//! `Display` and `Value::append_to` (what the CLI prints), and where the result is a literal
//! kind (integer, int-tuple, layout, swizzle, composed layout, morphism) its printed text parses
//! back to the same value.

use crate::Check;
use cute_layout::category::NestedMorphism;
use cute_layout::{ComposedLayout, IntTuple, Layout, Swizzle};
use cute_tools::eval::{eval, Value};
use std::fmt::Debug;
use std::str::FromStr;

/// The check of the `eval_line` target: the input, as text, is one `cute eval` line.
pub fn check(data: &[u8]) -> Check {
    let Ok(line) = std::str::from_utf8(data) else {
        return Ok(());
    };
    check_line(line)
}

/// The check of one line (the `ops` target builds lines and checks them here too).
pub fn check_line(line: &str) -> Check {
    let v = match eval(line) {
        Ok(v) => v,
        Err(e) => {
            let _ = e.to_string();
            return Ok(());
        }
    };
    let printed = v.to_string();
    let mut appended = String::new();
    v.append_to(&mut appended);
    if appended != printed {
        return Err(format!(
            "{line:?}: Display prints {printed:?}, append_to {appended:?}"
        ));
    }
    let reparsed = match &v {
        Value::Int(i) => same(&printed, &IntTuple::leaf(*i)),
        Value::IntTuple(t) => same::<IntTuple>(&printed, &**t),
        Value::Layout(l) => same::<Layout>(&printed, &**l),
        Value::Swizzle(sw) => same::<Swizzle>(&printed, sw),
        Value::Composed(c) => same::<ComposedLayout>(&printed, &**c),
        Value::Morphism(m) => same::<NestedMorphism>(&printed, &**m),
        Value::Bool(b) => (printed == b.to_string())
            .then_some(())
            .ok_or_else(|| "a truth value".to_string()),
        _ => Ok(()),
    };
    reparsed.map_err(|e| format!("{line:?} = {printed:?}: {e}"))
}

/// `text` parses as a `T` equal to `want`.
fn same<T>(text: &str, want: &T) -> Check
where
    T: FromStr + PartialEq + Debug,
    T::Err: std::fmt::Display,
{
    match text.parse::<T>() {
        Ok(got) if &got == want => Ok(()),
        Ok(got) => Err(format!("reads back as {got:?}, not {want:?}")),
        Err(e) => Err(format!("does not read back: {e}")),
    }
}
