//! [`PointedMap`]: a morphism `α: <m>_* → <n>_*` of the category `Fin_*` (pointed finite sets).
//!
//! `<m>_* = {*, 1, …, m}` has the base point `*`, and a pointed map sends `*` to `*`. It is
//! written as the tuple `(α(1), …, α(m))` with `*` for the base point, for example `(2,1,*,6)`.
//! Tuple morphisms ([`super::TupleMorphism`]) lie over **tractable** pointed maps: no value in
//! `<n>` is hit twice.

use super::{invalid, Result};
use std::fmt;

/// A pointed map `α: <m>_* → <n>_*`, stored as `m` values that are `Some(j)` with `1 ≤ j ≤ n`
/// (1-based, as in the paper) or `None` for `*`.
///
/// # Examples
/// ```
/// use cute_layout::category::PointedMap;
/// let a = PointedMap::new(6, vec![Some(2), Some(1), None, Some(6)])?;
/// assert_eq!(a.to_string(), "(2,1,*,6)");
/// assert!(a.is_tractable());
/// assert_eq!(a.get(3), None);      // the third entry goes to the base point
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PointedMap {
    codomain: usize,
    values: Vec<Option<usize>>,
}

impl PointedMap {
    /// The pointed map `(values…): <values.len()>_* → <codomain>_*`.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] if a value is 0 or above `codomain`.
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// assert!(PointedMap::new(2, vec![Some(3)]).is_err());
    /// assert!(PointedMap::new(2, vec![Some(2), Some(2)]).is_ok()); // valid, not tractable
    /// ```
    pub fn new(codomain: usize, values: Vec<Option<usize>>) -> Result<PointedMap> {
        if let Some((i, j)) = values
            .iter()
            .enumerate()
            .find_map(|(i, v)| v.filter(|&j| j == 0 || j > codomain).map(|j| (i, j)))
        {
            return Err(invalid(
                "pointed map",
                format!(
                    "entry {} is {j}, outside <{codomain}> = {{1..{codomain}}}",
                    i + 1
                ),
                "values are 1-based codomain indices, or * for the base point",
            ));
        }
        Ok(PointedMap { codomain, values })
    }

    /// The identity `(1, …, m)` of `<m>_*`.
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// assert_eq!(PointedMap::identity(3).to_string(), "(1,2,3)");
    /// ```
    pub fn identity(m: usize) -> PointedMap {
        PointedMap {
            codomain: m,
            values: (1..=m).map(Some).collect(),
        }
    }

    /// The number of non-base points `m` of the domain.
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// assert_eq!(PointedMap::identity(3).domain_len(), 3);
    /// ```
    pub fn domain_len(&self) -> usize {
        self.values.len()
    }

    /// The number of non-base points `n` of the codomain.
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// assert_eq!(PointedMap::new(5, vec![None]).unwrap().codomain_len(), 5);
    /// ```
    pub fn codomain_len(&self) -> usize {
        self.codomain
    }

    /// The values `α(1), …, α(m)` (`None` is `*`).
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// assert_eq!(PointedMap::identity(2).values(), &[Some(1), Some(2)]);
    /// ```
    pub fn values(&self) -> &[Option<usize>] {
        &self.values
    }

    /// `α(i)` for the 1-based domain index `i` (`None` for `*` or out of range).
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// assert_eq!(PointedMap::identity(2).get(2), Some(2));
    /// ```
    pub fn get(&self, i: usize) -> Option<usize> {
        i.checked_sub(1)
            .and_then(|k| self.values.get(k).copied().flatten())
    }

    /// Whether `α` is injective away from `*` (no codomain index is hit twice): the tractable
    /// maps, the morphisms of `E0⊗`.
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// assert!(!PointedMap::new(2, vec![Some(1), Some(1)]).unwrap().is_tractable());
    /// ```
    pub fn is_tractable(&self) -> bool {
        let mut seen = vec![false; self.codomain + 1];
        self.values
            .iter()
            .flatten()
            .all(|&j| !std::mem::replace(&mut seen[j], true))
    }

    /// Whether `*` is never hit by a domain entry (injective as a pointed map, needed for
    /// complements).
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// assert!(!PointedMap::new(2, vec![Some(1), None]).unwrap().is_total());
    /// ```
    pub fn is_total(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// Whether codomain index `j` (1-based) is hit.
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// let a = PointedMap::new(3, vec![Some(3)]).unwrap();
    /// assert!(a.hits(3) && !a.hits(1));
    /// ```
    pub fn hits(&self, j: usize) -> bool {
        self.values.contains(&Some(j))
    }

    /// `β ∘ α` (first `self = α`, then `beta`): `*` if `α(i) = *`, else `β(α(i))`.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] if the codomain of `α` is not the domain of `β`.
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// let a = PointedMap::new(3, vec![Some(3), None, Some(1)]).unwrap();
    /// let b = PointedMap::new(2, vec![Some(2), None, Some(1)]).unwrap();
    /// assert_eq!(a.then(&b).unwrap().to_string(), "(1,*,2)");
    /// ```
    pub fn then(&self, beta: &PointedMap) -> Result<PointedMap> {
        if self.codomain != beta.domain_len() {
            return Err(invalid(
                "pointed map composition",
                format!(
                    "α: <{}>_* → <{}>_* cannot be followed by β: <{}>_* → <{}>_*",
                    self.domain_len(),
                    self.codomain,
                    beta.domain_len(),
                    beta.codomain
                ),
                "the codomain of α must be the domain of β",
            ));
        }
        Ok(PointedMap {
            codomain: beta.codomain,
            values: self
                .values
                .iter()
                .map(|v| v.and_then(|j| beta.values[j - 1]))
                .collect(),
        })
    }

    /// The sum `α ⊕ β: <m+m'>_* → <n+n'>_*` (the values of `β` shifted by `n`).
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// let a = PointedMap::new(2, vec![Some(2), None]).unwrap();
    /// assert_eq!(a.sum(&PointedMap::identity(1)).to_string(), "(2,*,3)");
    /// ```
    pub fn sum(&self, beta: &PointedMap) -> PointedMap {
        let n = self.codomain;
        PointedMap {
            codomain: n + beta.codomain,
            values: self
                .values
                .iter()
                .copied()
                .chain(beta.values.iter().map(|v| v.map(|j| j + n)))
                .collect(),
        }
    }

    /// The wedge (concatenation) `α ⋆ β: <m+m'>_* → <n>_*` of two maps into the same `<n>_*`.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] if the codomains differ.
    ///
    /// ```
    /// # use cute_layout::category::PointedMap;
    /// let a = PointedMap::new(3, vec![Some(2)]).unwrap();
    /// let b = PointedMap::new(3, vec![Some(1), Some(3)]).unwrap();
    /// assert_eq!(a.wedge(&b).unwrap().to_string(), "(2,1,3)");
    /// ```
    pub fn wedge(&self, beta: &PointedMap) -> Result<PointedMap> {
        if self.codomain != beta.codomain {
            return Err(invalid(
                "pointed map wedge",
                format!(
                    "codomains <{}>_* and <{}>_* differ",
                    self.codomain, beta.codomain
                ),
                "concatenate maps into the same codomain",
            ));
        }
        Ok(PointedMap {
            codomain: self.codomain,
            values: self.values.iter().chain(&beta.values).copied().collect(),
        })
    }
}

impl fmt::Display for PointedMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            f.write_str("(")?;
            for (i, v) in self.values.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                match v {
                    Some(j) => write!(f, "{j}")?,
                    None => f.write_str("*")?,
                }
            }
            f.write_str(")")
        })
    }
}
