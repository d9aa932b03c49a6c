//! The ordinary algebra on F2 layouts: the operations that reshape the domain (composition with
//! an integer layout or tiler, the divides), coalesce by profile, and the structure-only
//! operations, each through the one integer algebra rather than a copy of it.
//!
//! The definition these follow is the CuTe Whitepaper's layout over a stride semimodule
//! (§2.3.1) and PyCuTe v2's generic `Layout._composition`: an operation that only reshapes the
//! domain computes the shapes and the integer factors `m` by which each result mode steps
//! through a mode of the layout, and scales that mode's stride by `m`. Written over the
//! strides' algebra, an F2 layout `L = s:d` is `D ∘ I`, where `I` is the scaled-basis layout of
//! its flat modes' coordinates (mode `k`'s stride is the basis vector `E<k>`) and `D` the map
//! `E<k> ↦ d_k`. An operation `op` that reshapes the domain commutes with `D`:
//!
//! ```text
//! op(D ∘ I) = D ∘ op(I),   a result stride m·E<k> becoming m·d_k (the carry-less product)
//! ```
//!
//! where `op(I)` is the integer algebra on the scaled-basis layout
//! ([`BasisLayout::map_layout`], the same path coordinate strides take). The condition: `D` is
//! additive on what `op(I)` adds, i.e. the result modes stepping through one mode `k` of `L`
//! add their steps `c·m` without carry (each `c·m` equals `c⊗m`, and their bits are disjoint),
//! so that the integer sum of the coordinate is its XOR. Where it fails the operation is
//! refused, naming the mode, the steps and the carry (rule 3): the layout it would need adds
//! integer coordinates inside an F2 stride, which no F2 layout does.
//!
//! The layout is coalesced first by the F2 rule ([`F2Layout::coalesce`], PyCuTe v2's
//! `_coalesce_z` over F2), as CuTe coalesces the left operand of a composition: mode by mode
//! where the tiler is a tuple, the modes a `_` keeps untouched.

use super::{refuse, F2Layout, F2};
use crate::algebra::composition::{composition_tiler, composition_tiler_traced};
use crate::algebra::divide::{
    flat_divide, logical_divide, logical_divide_traced, tiled_divide, zipped_divide,
    zipped_divide_traced,
};
use crate::basis::{BasisLayout, ScaledBasis};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::limits::MAX_F2_DOMAIN_MODES;
use crate::tiler::Tiler;
use crate::trace::{Event, Trace};
use crate::tree::Tree;
use crate::tuple::IntTuple;
use std::cell::RefCell;

impl F2Layout {
    /// Mode `i` of the layout (a leaf layout is its own mode 0).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for `i >= rank`.
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_8,(_2,_4)):(_1^,(_9^,_2^))".parse()?;
    /// assert_eq!(l.mode(1)?.to_string(), "(_2,_4):(_9^,_2^)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn mode(&self, i: usize) -> Result<F2Layout> {
        if self.shape.is_leaf() && i == 0 {
            return Ok(self.clone());
        }
        Ok(F2Layout {
            shape: self.shape.get(i)?,
            stride: self.stride.get(i)?,
        })
    }

    /// The layout whose modes are `modes` (a tuple, even of one mode).
    fn of_modes(modes: Vec<F2Layout>) -> Result<F2Layout> {
        let (shapes, strides): (Vec<_>, Vec<_>) =
            modes.into_iter().map(|m| (m.shape, m.stride)).unzip();
        Ok(F2Layout {
            shape: Tree::tuple(shapes)?,
            stride: Tree::tuple(strides)?,
        })
    }

    /// The integer layout of the same shape whose strides are the F2 strides' bits: the
    /// layout's structure, for the operations that only regroup, select or reorder modes (a
    /// mode keeps its extent and its stride, whatever the stride's algebra). Not the same
    /// function where the offsets carry ([`F2Layout::to_layout`] is the one that is).
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_8,_8):(_1^,_9^)".parse()?;
    /// assert_eq!(l.structure().to_string(), "(_8,_8):(_1,_9)");
    /// assert_eq!(F2Layout::with_structure(&l.structure())?, l);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn structure(&self) -> Layout {
        Layout::from_congruent(self.shape.clone(), self.stride.map(F2::bits))
    }

    /// The F2 layout of [`F2Layout::structure`]: each integer stride read as the bit vector it
    /// writes (tags kept).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for a negative stride or an extent below 1.
    pub fn with_structure(l: &Layout) -> Result<F2Layout> {
        F2Layout::new(l.shape().clone(), l.stride().try_map(F2::new)?)
    }

    /// `coalesce(L, profile)`: [`F2Layout::coalesce`] by mode where `profile` is a tuple (the
    /// modes past its rank kept as they are), of the whole layout where it is an integer;
    /// PyCuTe v2's `_coalesce(profile)`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] when `profile` has more modes than the layout.
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "((_2,_4),(_2,_2)):((_1^,_2^),(_9^,_3^))".parse()?;
    /// assert_eq!(l.coalesce_by(&"(1,1)".parse()?)?.to_string(), "(_8,(_2,_2)):(_1^,(_9^,_3^))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn coalesce_by(&self, profile: &IntTuple) -> Result<F2Layout> {
        if profile.is_leaf() {
            return Ok(self.coalesce());
        }
        if profile.rank() > self.rank() {
            return Err(refuse(
                "coalesce",
                format!(
                    "the profile {profile} has {} modes, {self} has {}",
                    profile.rank(),
                    self.rank()
                ),
                "give a profile with at most as many modes as the layout",
            ));
        }
        let modes = (0..self.rank())
            .map(|i| match profile.get(i) {
                Ok(p) if i < profile.rank() => self.mode(i)?.coalesce_by(&p),
                _ => self.mode(i),
            })
            .collect::<Result<Vec<_>>>()?;
        F2Layout::of_modes(modes)
    }

    /// The layout coalesced as CuTe coalesces the left operand of a composition with `tiler`:
    /// whole for a layout or an integer, mode by mode for a tuple, untouched under `_`.
    fn coalesced_for(&self, tiler: &Tiler) -> Result<F2Layout> {
        match tiler {
            Tiler::Underscore => Ok(self.clone()),
            Tiler::Tuple(ts) if ts.len() <= self.rank() && !self.shape.is_leaf() => {
                let modes = (0..self.rank())
                    .map(|i| match ts.get(i) {
                        Some(t) => self.mode(i)?.coalesced_for(t),
                        None => self.mode(i),
                    })
                    .collect::<Result<Vec<_>>>()?;
                F2Layout::of_modes(modes)
            }
            // a tuple longer than the layout: the integer algebra names the mismatch
            Tiler::Tuple(_) => Ok(self.clone()),
            _ => Ok(self.coalesce()),
        }
    }

    /// `f(L, tiler)` for a composition or divide `f` of the integer algebra: `L` coalesced as
    /// CuTe coalesces a composition's left operand, then [`F2Layout::through_domain`].
    fn reshaped(
        &self,
        op: &'static str,
        tiler: &Tiler,
        f: fn(&Layout, &Tiler) -> Result<Layout>,
    ) -> Result<F2Layout> {
        self.coalesced_for(tiler)?
            .through_domain(op, |l| f(l, tiler))
    }

    /// `op(L)` for an operation `f` of the integer algebra that only reshapes the domain:
    /// `L = D ∘ I`, with `I` the scaled-basis layout of `L`'s flat modes (mode `k` steps along
    /// `E<k>`) and `D` the map `E<k> ↦ d_k`, and `op(D ∘ I) = D ∘ f(I)`: a result stride `m·E<k>`
    /// becomes `m·d_k` (carry-less), where the result modes stepping through each mode of `L`
    /// add their steps without carry (checked; see the [`crate::f2`] documentation).
    ///
    /// # Errors
    /// The error of `f`; [`LayoutError::InvalidArgument`] naming the mode of `L`, the result
    /// modes stepping through it and the carry where their steps carry, and past
    /// [`MAX_F2_DOMAIN_MODES`] flat modes; [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::{f2::F2Layout, algebra::divide::logical_divide};
    /// let l: F2Layout = "(_8,_8):(_1^,_9^)".parse()?;
    /// let d = l.through_domain("logical_divide", |x| logical_divide(x, &"(_2,_4)".parse()?))?;
    /// assert_eq!(d.to_string(), "((_2,_4),(_4,_2)):((_1^,_2^),(_9^,_36^))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn through_domain(
        &self,
        op: &'static str,
        f: impl Fn(&Layout) -> Result<Layout>,
    ) -> Result<F2Layout> {
        let strides: Vec<F2> = self.stride.leaves().collect();
        if strides.len() > MAX_F2_DOMAIN_MODES {
            return Err(refuse(
                op,
                format!(
                    "{self} has {} flat modes, more than MAX_F2_DOMAIN_MODES = {MAX_F2_DOMAIN_MODES}",
                    strides.len()
                ),
                "coalesce the layout first (each flat mode is one basis direction of the encoding)",
            ));
        }
        // I: mode k steps along E<k>, with the static tag of d_k
        let mut k = 0usize;
        let directions = self.stride.try_map(|d| {
            k += 1;
            ScaledBasis::new(Int::new(1, d.is_static()), &[k - 1])
        })?;
        let r = BasisLayout::new(self.shape.clone(), directions)?.map_layout(f)?;
        // D: m·E<k> ↦ m·d_k, the steps through each mode k gathered for the carry check
        let mut steps: Vec<Vec<(Int, Int)>> = vec![Vec::new(); strides.len()];
        for (s, e) in r.shape().leaves().zip(r.stride().leaves()) {
            if let [k] = e.path()[..] {
                steps[k].push((s, e.value()));
            }
        }
        for (k, steps) in steps.iter().enumerate() {
            self.check_steps(op, k, strides[k], steps)?;
        }
        let stride = r.stride().try_map(|e| match e.path()[..] {
            [k] => strides[k].scale(e.value()),
            _ => Ok(F2(Int::new(0, e.value().is_static()))),
        })?;
        F2Layout::new(r.shape().clone(), stride)
    }

    /// Fails unless the result modes `(extent, step)` through flat mode `k` (stride `d`) add
    /// their coordinates `c·step` without carry: each `c·step` is `c⊗step` for `c < extent`,
    /// and the modes' bits are disjoint (then `Σ c·step = ⊕ c⊗step`, and `(Σ c·step)⊗d` is the
    /// XOR of the result's terms).
    fn check_steps(&self, op: &'static str, k: usize, d: F2, steps: &[(Int, Int)]) -> Result<()> {
        if d.bits().value() == 0 {
            return Ok(());
        }
        let mut seen = 0i64;
        for &(s, m) in steps {
            let (s, m) = (s.value(), m.value());
            if m < 0 {
                return Err(refuse(
                    op,
                    format!("{self}: a mode of the result steps through flat mode {k} (stride {d}) by {m}, a negative step"),
                    "an F2 stride is scaled by coordinates >= 0: give the tiler non-negative strides",
                ));
            }
            if s <= 1 || m == 0 {
                continue;
            }
            let bits = super::bit_len(s - 1);
            // c·m = c⊗m for every c < s iff the copies m << i, m << j of two bits of such a c
            // share no bit (the pairs 2^i + 2^j < s)
            for j in 1..bits {
                for i in 0..j {
                    if (1i64 << i) + (1i64 << j) < s && (m << i) & (m << j) != 0 {
                        return Err(carry(self, op, k, d, s, m));
                    }
                }
            }
            // the bits the mode reaches: every 2^b < s is a coordinate
            let reach = (0..bits).fold(0i64, |acc, b| acc | m << b);
            if reach & seen != 0 {
                return Err(refuse(
                    op,
                    format!("{self}: two modes of the result step through flat mode {k} (stride {d}) with overlapping bits {:#b} (the modes {}), so the coordinate they add carries, and its F2 image is not the XOR of theirs", reach & seen, steps.iter().map(|(s, m)| format!("{s}:{m}")).collect::<Vec<_>>().join(", ")),
                    "the tiler's modes must step through each mode in disjoint bits (power-of-two steps of an injective tiler)",
                ));
            }
            seen |= reach;
        }
        Ok(())
    }

    /// `composition(L, tiler)` of an F2 layout and an integer tiler (a layout, an extent, a
    /// tuple of tilers, `_`): `R(i) = L(B(i))`, with `B`'s shape (whitepaper §3.3: `compatible(B,
    /// R)`); PyCuTe v2's `_composition` with the integer algebra's structure.
    ///
    /// # Errors
    /// As [`F2Layout::through_domain`] and [`composition_tiler`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_8,_8):(_1^,_9^)".parse()?;
    /// // the transpose: (i, j) -> L(8i + j)
    /// assert_eq!(l.composition(&"(_8,_8):(_8,_1)".parse()?)?.to_string(), "(_8,_8):(_9^,_1^)");
    /// // 3·c carries: L(3·3) = 9, while the mode 4:3⊗1 would give 3⊗3 = 5
    /// assert!("_64:_1^".parse::<F2Layout>()?.composition(&"4:3".parse()?).is_err());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn composition(&self, tiler: &Tiler) -> Result<F2Layout> {
        self.reshaped("composition", tiler, composition_tiler)
    }

    /// `logical_divide(L, tiler)` = `L ∘ (T, T*)` (whitepaper §3.5), the complement `T*` of the
    /// integer tiler taken in `L`'s domain: the integer algebra's divide, through
    /// [`F2Layout::through_domain`].
    ///
    /// # Errors
    /// As [`F2Layout::through_domain`] and [`logical_divide`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_8,_64):(_72^,_1^)".parse()?; // Sw<3,3,3> o (8,64):(64,1)
    /// let d = l.logical_divide(&"(_8,_8)".parse()?)?;
    /// assert_eq!(d.to_string(), "((_8,_1),(_8,_8)):((_72^,_0^),(_1^,_8^))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn logical_divide(&self, tiler: &Tiler) -> Result<F2Layout> {
        self.reshaped("logical_divide", tiler, logical_divide)
    }

    /// `zipped_divide(L, tiler)`: the logical divide gathered into `(tiles, rests)`.
    ///
    /// # Errors
    /// As [`F2Layout::logical_divide`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_8,_8):(_1^,_9^)".parse()?;
    /// assert_eq!(l.zipped_divide(&"(_4,_2)".parse()?)?.to_string(), "((_4,_2),(_2,_4)):((_1^,_9^),(_4^,_18^))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn zipped_divide(&self, tiler: &Tiler) -> Result<F2Layout> {
        self.reshaped("zipped_divide", tiler, zipped_divide)
    }

    /// `tiled_divide(L, tiler)`: the zipped divide with the rests unpacked.
    ///
    /// # Errors
    /// As [`F2Layout::logical_divide`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_8,_8):(_1^,_9^)".parse()?;
    /// assert_eq!(l.tiled_divide(&"(_4,_2)".parse()?)?.to_string(), "((_4,_2),_2,_4):((_1^,_9^),_4^,_18^)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn tiled_divide(&self, tiler: &Tiler) -> Result<F2Layout> {
        self.reshaped("tiled_divide", tiler, tiled_divide)
    }

    /// `flat_divide(L, tiler)`: the zipped divide with tiles and rests unpacked.
    ///
    /// # Errors
    /// As [`F2Layout::logical_divide`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_8,_8):(_1^,_9^)".parse()?;
    /// assert_eq!(l.flat_divide(&"(_4,_2)".parse()?)?.to_string(), "(_4,_2,_2,_4):(_1^,_9^,_4^,_18^)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn flat_divide(&self, tiler: &Tiler) -> Result<F2Layout> {
        self.reshaped("flat_divide", tiler, flat_divide)
    }

    /// `op(L, tiler)` (`composition`, `logical_divide`, `zipped_divide`, `tiled_divide` or
    /// `flat_divide`) as [`F2Layout::composition`] and the divides compute it, reporting the
    /// derivation to `t`: the integer layout standing for `L`'s domain
    /// ([`Event::F2Domain`], the layout [`F2Layout::through_domain`] gives the integer
    /// algebra), the integer algebra's own steps on it, and the integer result read back into
    /// F2 strides ([`Event::F2ReadBack`]).
    ///
    /// # Errors
    /// As the operation; [`LayoutError::InvalidArgument`] for another `op`.
    ///
    /// ```
    /// use cute_layout::{f2::F2Layout, trace::{Event, Recorder}};
    /// let l: F2Layout = "(_8,_8):(_1^,_9^)".parse()?;
    /// let mut t = Recorder::default();
    /// let d = l.reshaped_traced("logical_divide", &"(_2,_4)".parse()?, &mut t)?;
    /// assert_eq!(d, l.logical_divide(&"(_2,_4)".parse()?)?);
    /// assert!(matches!(t.steps[0].event, Event::F2Domain { .. }));
    /// assert!(matches!(t.steps.last().unwrap().event, Event::F2ReadBack { .. }));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn reshaped_traced<T: Trace>(
        &self,
        op: &'static str,
        tiler: &Tiler,
        t: &mut T,
    ) -> Result<F2Layout> {
        let f: fn(&Layout, &Tiler) -> Result<Layout> = match op {
            "composition" => composition_tiler,
            "logical_divide" => logical_divide,
            "zipped_divide" => zipped_divide,
            "tiled_divide" => tiled_divide,
            "flat_divide" => flat_divide,
            _ => {
                return Err(refuse(
                    op,
                    format!("{op} is not an operation that reshapes an F2 layout's domain"),
                    "trace composition or a divide",
                ))
            }
        };
        // the encoded layout and the integer result of the first call (a second one probes
        // the zero strides, see `BasisLayout::map_layout`)
        let first: RefCell<Option<(Layout, Result<Layout>)>> = RefCell::new(None);
        let r = self.coalesced_for(tiler)?.through_domain(op, |l| {
            let r = f(l, tiler);
            first
                .borrow_mut()
                .get_or_insert_with(|| (l.clone(), r.clone()));
            r
        });
        if let (true, Some((encoded, result))) = (T::RECORDS, first.into_inner()) {
            t.enter(|| Event::F2Domain {
                op,
                encoded: encoded.clone(),
            });
            // the integer algebra's steps (tiled and flat divides unpack the zipped one)
            let _ = match op {
                "composition" => composition_tiler_traced(&encoded, tiler, t),
                "logical_divide" => logical_divide_traced(&encoded, tiler, t),
                _ => zipped_divide_traced(&encoded, tiler, t),
            };
            t.leave();
            if let (Ok(encoded), Ok(_)) = (result, &r) {
                t.step(|| Event::F2ReadBack { encoded });
            }
        }
        r
    }
}

impl F2Layout {
    /// `right_inverse(L)`, the largest right inverse (PyCuTe v2's `right_inverse` over F2, the
    /// whitepaper's chain of strides): the modes of `coalesce(L)` are taken in increasing stride
    /// order, each continuing the chain when its stride `d` is the running extent `e` up to a
    /// residue `r = e ⊕ d` that the covered modes already span and that stays inside them over
    /// the whole mode (`(s−1)⊗r < e`); its stride in `R` is its index `pps` in `L`, corrected by
    /// `R`'s image of the residue, and `e` becomes `s⊗e`. `R` is coalesced.
    ///
    /// This is PyCuTe v2's result, also where the chain stops short of a bijection's whole
    /// inverse (`(8,8):(1^,13^)` gives `8:1^`, as PyCuTe v2's test asserts;
    /// `(8,(4,4)):(8^,(61^,22^))` starts at no stride `1 ⊕ r` and gives `_1:_0^`):
    /// [`F2Layout::right_inverse`] (Gauss–Jordan, `f2_right_inverse`) inverts every bijection on
    /// the bits of `[0, 2^n)` whole.
    ///
    /// Post-condition (tested): `L(R(i)) == i` for `i < size(R)`; of a layout that
    /// [`F2Layout::right_inverse`] inverts, `R` is a restriction of that inverse.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] where `L` is not linear ([`F2Layout::is_linear`]: PyCuTe
    /// v2 feeds `R`'s F2 values back through a carry-less `idx2crd`, an index here is split by
    /// integer division, and the two agree for power-of-two extents), where a residue's
    /// coordinates over `R`'s extents would carry (an extent that carries into the prefix product before it); [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let r = |s: &str| s.parse::<F2Layout>().unwrap().right_inverse_largest().unwrap().to_string();
    /// assert_eq!(r("(_8,_8):(_9^,_1^)"), "(_8,_8):(_8^,_9^)"); // PyCuTe v2's docstring
    /// assert_eq!(r("(_8,_8):(_1^,_13^)"), "_8:_1^"); // 4⊗13 leaves the field 8 opens
    /// assert_eq!(r("(_4,_8):(_1^,_0^)"), "_4:_1^");
    /// assert_eq!(r("_8:_2^"), "_1:_0^");
    /// ```
    pub fn right_inverse_largest(&self) -> Result<F2Layout> {
        // R's offsets are indices of L, which L splits by integer division: the chain's F2
        // coordinates are those only where L is linear in its index bits
        self.linear("right_inverse")?;
        let flat = self.coalesce();
        let tag = self.is_static();
        let mut pps = 1i64;
        let mut chain: Vec<(i64, Int, i64)> = Vec::new(); // (stride, extent, index in L)
        for (s, d) in flat.leaves() {
            chain.push((d.bits().value(), s, pps));
            pps = pps
                .checked_mul(s.value())
                .ok_or_else(|| LayoutError::Overflow {
                    expr: format!("size({self})"),
                })?;
        }
        chain.sort_by_key(|m| m.0);
        let mut extent = 1i64; // e, the running extent, an F2 vector
        let mut modes: Vec<(Int, F2)> = Vec::new();
        for (d, s, index) in chain {
            let sv = s.value();
            if d == 0 || sv == 1 {
                continue;
            }
            let residue = extent ^ d;
            let reach = super::clmul(sv - 1, residue);
            if reach.is_none_or(|x| x >= extent) {
                continue; // off the chain: R's image would stop being contiguous
            }
            let mut stride = index;
            if residue != 0 {
                stride ^= self.image_of_residue(residue, &modes)?;
            }
            modes.push((s, F2(Int::new(stride, tag))));
            extent = super::clmul(sv, extent).ok_or_else(|| LayoutError::Overflow {
                expr: format!("{sv}⊗{extent} in right_inverse({self})"),
            })?;
        }
        Ok(super::from_flat(modes).coalesce())
    }

    /// `R(r)` of the inverse built so far (`modes`) at the F2 vector `r`: `r`'s coordinates
    /// over `R`'s extents by carry-less division (the last extent takes the rest), XOR of
    /// their carry-less products with `R`'s strides (PyCuTe v2's `F2._idx2crd`).
    fn image_of_residue(&self, residue: i64, modes: &[(Int, F2)]) -> Result<i64> {
        let mut rest = residue;
        let mut pps = 1i64;
        let mut acc = 0i64;
        for (k, &(s, d)) in modes.iter().enumerate() {
            let c = if k + 1 == modes.len() {
                rest
            } else {
                let s = s.value();
                if super::clmul(pps, s) != pps.checked_mul(s) {
                    return Err(refuse(
                        "right_inverse",
                        format!("{self}: the extent {s} carries into the prefix product {pps} of the inverse's extents, so a residue's F2 and integer coordinates differ"),
                        "right_inverse of an F2 layout needs extents that multiply without carry (powers of two)",
                    ));
                }
                pps *= s;
                let (q, r) = poly_divmod(rest, s);
                rest = q;
                r
            };
            acc ^= super::clmul(c, d.bits().value()).ok_or_else(|| LayoutError::Overflow {
                expr: format!("{c}⊗{d} in right_inverse({self})"),
            })?;
        }
        Ok(acc)
    }
}

/// `(q, r)` with `a = q⊗b ⊕ r` and `deg r < deg b`: division of polynomials over F2 (`b > 0`).
fn poly_divmod(a: i64, b: i64) -> (i64, i64) {
    let deg_b = super::bit_len(b) - 1;
    let (mut q, mut r) = (0i64, a);
    while super::bit_len(r) > deg_b {
        let shift = super::bit_len(r) - 1 - deg_b;
        q ^= 1 << shift;
        r ^= b << shift;
    }
    (q, r)
}

/// The error of a result mode `(s, m)` through flat mode `k` whose coordinates carry.
#[cold]
fn carry(l: &F2Layout, op: &'static str, k: usize, d: F2, s: i64, m: i64) -> LayoutError {
    let c = (1..s)
        .find(|&c| c.checked_mul(m) != super::clmul(c, m))
        .unwrap_or(s - 1);
    refuse(
        op,
        format!(
            "{l}: a mode of the result ({s}:{m}) steps through flat mode {k} (stride {d}) by {m}, and at its coordinate {c} the step {c}·{m} = {} carries ({c}⊗{m} = {}), so L({c}·{m}) is not {c}·({m}⊗{d})",
            c.saturating_mul(m),
            super::clmul(c, m).unwrap_or(-1)
        ),
        "an F2 layout's coordinates are scaled without carry: give the tiler power-of-two strides through F2 modes, or convert with from_f2",
    )
}
