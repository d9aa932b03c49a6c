//! The one check of a call's arguments against its entry, before anything of the operation
//! runs: their number (the parameters' presence) and the kind of each (the kinds its parameter
//! declares, and those its special forms take: a composed layout where the operation forwards
//! composed layouts, an identity tensor where it has an identity-tensor form).
//!
//! An operation's apply function therefore only ever sees arguments of the kinds its entry
//! declares; its own checks are of values (a negative index, a tiler that does not divide).
//!
//! ```
//! use cute_tools::registry::call;
//! let e = call("coalesce", vec!["_".parse()?]).unwrap_err().to_string();
//! assert!(e.contains("argument 1 of coalesce must be `L`: layout or integer"), "{e}");
//! assert!(e.contains("got `_`"), "{e}");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use super::{Args, Operation, Param};
use cute_layout::error::{LayoutError, Result};
use cute_layout::value::{Kind, Value};

impl Operation {
    /// Fails unless `a` fits the entry: `min..=max` arguments ([`Operation::arity`]), each of a
    /// kind its parameter takes ([`Operation::takes`]). The error names the operation, the
    /// argument (position and parameter name), the kinds taken and the value given, with the
    /// signature as hint.
    pub(super) fn check_arguments(&'static self, a: &Args) -> Result<()> {
        let (min, max) = self.arity();
        a.arity(min, max)?;
        for (i, v) in a.items.iter().enumerate() {
            let Some(param) = self.param(i) else { continue };
            let kind = v.kind();
            if !self.takes(i, param, kind) {
                return Err(self.kind_error(a, i, param, kind));
            }
        }
        Ok(())
    }

    /// Whether argument `i` (of parameter `param`) may be of `kind`: a kind the parameter
    /// declares, a composed layout as first argument of an operation that forwards composed
    /// layouts to their inner layout, an identity tensor (or scaled-basis layout) at the
    /// position of the operation's identity-tensor form, or a symbolic value (checked by the
    /// symbolic form, which is taken before the kind check).
    fn takes(&self, i: usize, param: &Param, kind: Kind) -> bool {
        param.kinds.contains(&kind)
            || (kind == Kind::Composed && i == 0 && self.forwards_composed)
            || (kind.is_identity() && self.identity.is_some_and(|form| form.position == i))
            // only reached from `symbolic::apply`: a symbolic argument is its form's to check
            || kind == Kind::Symbolic
    }

    /// The error of argument `i`, of a `kind` its parameter does not take: what the parameter
    /// takes, said more precisely where the kind alone would not tell (a swizzled layout or an
    /// identity tensor given to an operation without such a form; a coordinate with `_` where
    /// an int-tuple is taken).
    #[cold]
    fn kind_error(&'static self, a: &Args, i: usize, param: &Param, kind: Kind) -> LayoutError {
        let declares = |k: Kind| param.kinds.contains(&k);
        let want = if kind.is_swizzled() && !self.has_swizzled_form() && declares(Kind::Layout) {
            "an ordinary layout (this operation has no swizzled form)".to_string()
        } else if kind.is_identity() {
            let taken = if declares(Kind::Layout) {
                "an ordinary layout"
            } else {
                "an int-tuple"
            };
            format!(
                "{taken} (this operation has no form on scaled-basis layouts or identity tensors)"
            )
        } else if kind == Kind::Coord && declares(Kind::IntTuple) {
            format!("{} without `_`", taken(param))
        } else {
            taken(param)
        };
        a.wrong(i, &want)
    }

    /// The error [`Operation::check_arguments`] gives for `args`, if any.
    pub(crate) fn refuses(&'static self, args: &[Value]) -> Option<LayoutError> {
        self.check_arguments(&Args::new(self, args)).err()
    }
}

/// What `param` takes, as the kind error says it: its name and its kinds, each named once, and
/// how the values of the kinds that are built rather than written are made
/// (`` `mma`: tiled MMA or MMA atom (make_tiled_mma) ``).
fn taken(param: &Param) -> String {
    let mut names: Vec<&str> = Vec::new();
    let mut made: Vec<&str> = Vec::new();
    for &k in param.kinds {
        if !names.contains(&k.name()) {
            names.push(k.name());
        }
        if let Some(how) = made_by(k).filter(|h| !made.contains(h)) {
            made.push(how);
        }
    }
    let mut out = format!("`{}`: {}", param.name, names.join(" or "));
    if !made.is_empty() {
        out.push_str(&format!(" ({})", made.join("; ")));
    }
    out
}

/// How a value of `kind` is made, for the kinds that are built by an operation or spelled as
/// C++ does.
fn made_by(kind: Kind) -> Option<&'static str> {
    Some(match kind {
        Kind::TiledMma => "make_tiled_mma",
        Kind::TiledCopy => "make_tiled_copy, make_tiled_copy_A, ...",
        Kind::CopyAtom => "Copy_Atom<OP,T>",
        Kind::IdentityTensor => "make_identity_tensor, get_tma_tensor, local_tile, group",
        _ => return None,
    })
}
