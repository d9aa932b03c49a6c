//! The analysis and the solver's answer as JSON (behind `cute analyze --json`).

use super::{AccessPlan, Analysis, BankReport, Instruction, Solution};
use std::fmt::Write;

/// A JSON string literal.
fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn banks(b: &BankReport) -> String {
    let worst_phase = b.worst_phase.as_ref().map_or("null".to_string(), |w| {
        let lanes: Vec<String> = w.lanes.iter().map(|(l, a)| format!("[{l},{a}]")).collect();
        format!(
            "{{\"instruction\":{},\"phase\":{},\"bank\":{},\"lanes\":[{}]}}",
            w.instruction,
            w.phase,
            w.bank,
            lanes.join(",")
        )
    });
    let per_phase: Vec<String> = b
        .phase_wavefronts
        .iter()
        .map(|ws| {
            let xs: Vec<String> = ws.iter().map(i64::to_string).collect();
            format!("[{}]", xs.join(","))
        })
        .collect();
    format!(
        "{{\"access_bytes\":{},\"lanes_per_phase\":{},\"instructions\":{},\"phases\":{},\"wavefronts\":{},\"conflicts\":{},\"worst\":{},\"worst_phase\":{worst_phase},\"merged_phases\":{},\"phase_wavefronts\":[{}]}}",
        b.access_bytes, b.threads_per_phase, b.instructions, b.phases, b.wavefronts, b.conflicts, b.worst,
        b.merged_phases, per_phase.join(",")
    )
}

fn plan(p: &AccessPlan) -> String {
    let (kind, matrices) = match p.access.instruction {
        Instruction::Vector { .. } => ("vector", 0),
        Instruction::Matrix { count } => ("matrix", count),
    };
    let instructions: Vec<String> = p
        .instructions
        .iter()
        .map(|l| {
            let xs: Vec<String> = l.iter().map(i64::to_string).collect();
            format!("[{}]", xs.join(","))
        })
        .collect();
    format!(
        "{{\"kind\":\"{kind}\",\"matrices\":{matrices},\"trans\":{},\"warps\":{},\"instructions_per_warp\":{},\"address_lanes\":[{},{}],\"bits\":{},\"store\":{},\"ptx\":{},\"description\":{},\"elem_bytes\":{},\"vector_elems\":{},\"threads\":{},\"values\":{},\"vector_mode\":{},\"thread_value\":{},\"addresses\":[{}]}}",
        p.access.trans,
        p.warps(),
        p.instructions_per_warp().map_or("null".to_string(), |k| k.to_string()),
        p.address_lanes().start,
        p.address_lanes().end - 1,
        p.access.instruction.bytes() * 8,
        p.access.store,
        string(&p.access.ptx()),
        string(&p.access.to_string()),
        p.elem_bytes,
        p.vector_elems,
        p.threads,
        p.values,
        p.vector_mode.map_or("null".to_string(), |m| m.to_string()),
        p.thread_value.as_ref().map_or("null".to_string(), |l| string(&l.to_string())),
        instructions.join(",")
    )
}

impl Analysis {
    /// The report as one JSON object: the layout, its element offset in shared memory
    /// (`offset`, 0 for a layout), the accesses (`access`, with the byte address
    /// of every lane of every instruction), the bank conflicts (`banks`) and the other facts.
    ///
    /// ```
    /// let r = cute_tools::analyze::analyze_expr("(_8,_64):(_64,_1)", 2, false)?;
    /// let j = r.to_json();
    /// assert!(j.contains("\"conflicts\":56") && j.contains("\"bits\":128"));
    /// assert!(j.contains("\"instructions_per_warp\":1") && j.contains("\"address_lanes\":[0,31]"));
    /// assert!(j.contains("\"phase_wavefronts\":[[8,8,8,8],[8,8,8,8]]"));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn to_json(&self) -> String {
        format!(
            "{{\"layout\":{},\"offset\":{},\"elem_bytes\":{},\"tv\":{},\"access\":{},\"banks\":{},\"vector_elems\":{},\"vector_bytes\":{},\"coalesced\":{},\"contiguous\":{},\"cosize\":{},\"injective\":{},\"surjective\":{}}}",
            string(&self.layout.to_string()),
            self.offset.value(),
            self.elem_bytes,
            self.tv,
            plan(&self.plan),
            banks(&self.banks),
            self.vector_elems.value(),
            self.vector_bytes,
            string(&self.coalesced.to_string()),
            self.contiguous,
            self.cosize.value(),
            self.injective,
            self.surjective
        )
    }
}

impl Solution {
    /// The answer as one JSON object: `swizzle` (`null` when none is needed), `swizzled` (the
    /// layout), `before` / `after` conflicts, the rejected smaller candidates and the
    /// explanation text.
    ///
    /// ```
    /// use cute_tools::analysis::{solve_swizzle, AccessSpec};
    /// let s = solve_swizzle(&"(_8,_64):(_64,_1)".parse()?, &AccessSpec::widest(2))?;
    /// assert!(s.to_json().contains("\"swizzle\":\"Sw<3,3,3>\""));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn to_json(&self) -> String {
        let rejected: Vec<String> = self
            .rejected
            .iter()
            .map(|(sw, r)| format!("{{\"swizzle\":\"{sw}\",\"banks\":{}}}", banks(r)))
            .collect();
        format!(
            "{{\"layout\":{},\"swizzle\":{},\"swizzled\":{},\"access\":{},\"before\":{},\"after\":{},\"rejected\":[{}],\"explanation\":{}}}",
            string(&self.layout.to_string()),
            self.swizzle.map_or("null".to_string(), |s| string(&s.to_string())),
            string(&self.swizzled().to_string()),
            string(&self.plan.access.to_string()),
            banks(&self.before),
            banks(&self.after),
            rejected.join(","),
            string(&self.to_string())
        )
    }
}
