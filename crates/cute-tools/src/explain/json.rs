//! The JSON renderer of derivations, for front ends that render steps their own way
//! (`cute explain --json`, the Python module's `explain_steps`, the playground's API).
//!
//! Written here rather than through serde: the core crate keeps its three small dependencies,
//! and the events already list their fields ([`Event::fields`]), so the renderer is one walk.
//! Values of the algebra are written in CuTe notation (strings, so static integers keep their
//! `_`); counts and indices are numbers.

use super::Explanation;
use cute_layout::trace::{Event, Field, Step};
use std::fmt::{self, Display, Write};

impl Explanation {
    /// The derivation as one JSON object: `expr`, `steps` (each with `depth`, `kind` (see
    /// [`Event::kind`]), `text` (the line `cute explain` prints) and `fields` (the event's data,
    /// by name)), and `result` (the value in CuTe notation) or `error` (the message), the other
    /// being `null`.
    ///
    /// # Examples
    /// ```
    /// use cute_tools::explain::explain;
    /// let json = explain("coalesce((2,2):(1,2))").unwrap().to_json();
    /// assert!(json.starts_with(r#"{"expr":"coalesce((2,2):(1,2))","steps":[{"depth":0,"kind":"flatten","#));
    /// assert!(json.contains(r#""kind":"merge","text":"merge 2:1 and 2:2 into 4:1 (since 2*1 = 2)","fields":{"mode":"2:1","next":"2:2","merged":"4:1"}}"#));
    /// assert!(json.ends_with(r#"],"result":"4:1","error":null}"#));
    /// ```
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        // writing to a String cannot fail
        let _ = self.write_json(&mut out);
        out
    }

    fn write_json(&self, out: &mut String) -> fmt::Result {
        out.push_str("{\"expr\":");
        string(out, &self.expr)?;
        out.push_str(",\"steps\":[");
        for (i, s) in self.steps.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            step(out, s)?;
        }
        out.push_str("],\"result\":");
        match &self.result {
            Ok(v) => string(out, v)?,
            Err(_) => out.push_str("null"),
        }
        out.push_str(",\"error\":");
        match &self.result {
            Ok(_) => out.push_str("null"),
            Err(e) => string(out, e)?,
        }
        out.push('}');
        Ok(())
    }
}

/// `{"depth":D,"kind":K,"text":T,"fields":{...}}`.
fn step(out: &mut String, s: &Step) -> fmt::Result {
    write!(out, "{{\"depth\":{},\"kind\":", s.depth)?;
    string(out, s.event.kind())?;
    out.push_str(",\"text\":");
    string(out, super::Line(&s.event))?;
    out.push_str(",\"fields\":{");
    fields(out, &s.event)?;
    out.push_str("}}");
    Ok(())
}

fn fields(out: &mut String, e: &Event) -> fmt::Result {
    for (i, (name, value)) in e.fields().into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, name)?;
        out.push(':');
        field(out, value)?;
    }
    Ok(())
}

fn field(out: &mut String, f: Field<'_>) -> fmt::Result {
    match f {
        Field::Int(x) => string(out, x),
        Field::Number(n) => write!(out, "{n}"),
        Field::Bool(b) => write!(out, "{b}"),
        Field::Name(n) => string(out, n),
        Field::Layout(l) => string(out, l),
        Field::Tuple(t) => string(out, t),
        Field::Tiler(t) => string(out, t),
        Field::Coord(c) => string(out, c),
        Field::Mode((s, d)) => string(out, format_args!("{s}:{d}")),
        Field::Modes(ms) => array(out, ms, |out, (s, d)| string(out, format_args!("{s}:{d}"))),
        Field::Placed(ms) => array(out, ms, |out, (s, d, p)| {
            out.push_str("{\"mode\":");
            string(out, format_args!("{s}:{d}"))?;
            out.push_str(",\"position\":");
            string(out, p)?;
            out.push('}');
            Ok(())
        }),
        Field::SymInt(x) => string(out, x),
        Field::SymLayout(l) => string(out, l),
        Field::SymMode((s, d)) => string(out, format_args!("{s}:{d}")),
        Field::SymModes(ms) => array(out, ms, |out, (s, d)| string(out, format_args!("{s}:{d}"))),
        Field::SymPlaced(ms) => array(out, ms, |out, (s, d, p)| {
            out.push_str("{\"mode\":");
            string(out, format_args!("{s}:{d}"))?;
            out.push_str(",\"position\":");
            string(out, p)?;
            out.push('}');
            Ok(())
        }),
        Field::Assumption(a) => string(out, a),
    }
}

/// `[f(x0),f(x1),...]`.
fn array<T>(out: &mut String, xs: &[T], f: impl Fn(&mut String, &T) -> fmt::Result) -> fmt::Result {
    out.push('[');
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        f(out, x)?;
    }
    out.push(']');
    Ok(())
}

/// `x` displayed, as a JSON string (quotes, backslashes and control characters escaped).
fn string(out: &mut String, x: impl Display) -> fmt::Result {
    out.push('"');
    Escaped(out).write_fmt(format_args!("{x}"))?;
    out.push('"');
    Ok(())
}

/// A writer that escapes what it is given for a JSON string.
struct Escaped<'a>(&'a mut String);

impl Write for Escaped<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            match c {
                '"' => self.0.push_str("\\\""),
                '\\' => self.0.push_str("\\\\"),
                '\n' => self.0.push_str("\\n"),
                c if u32::from(c) < 0x20 => write!(self.0, "\\u{:04x}", u32::from(c))?,
                c => self.0.push(c),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::string;

    #[test]
    fn strings_are_escaped() {
        let mut out = String::new();
        string(&mut out, "a\"b\\c\nd\u{1}é").unwrap();
        assert_eq!(out, r#""a\"b\\c\nd\u0001é""#);
        let parsed: String = serde_json::from_str(&out).unwrap();
        assert_eq!(parsed, "a\"b\\c\nd\u{1}é");
    }
}
