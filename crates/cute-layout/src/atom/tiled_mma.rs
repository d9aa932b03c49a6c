//! [`TiledMma`]: an MMA atom repeated over a layout of atoms, as CuTe's `TiledMMA`.

use super::{MmaAtom, Partitionable};
use crate::algebra::complement::complement_default;
use crate::algebra::composition::{composition, composition_tiler};
use crate::algebra::divide::{logical_divide, zipped_divide};
use crate::algebra::inverse::right_inverse;
use crate::algebra::product::tiled_product;
use crate::coord::{Coord, CoordLeaf};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::tensor::get_flat_coord;
use crate::tiler::Tiler;
use crate::tree::Tree;
use crate::tuple::IntTuple;

/// `TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledMma {
    /// The atom.
    pub atom: MmaAtom,
    /// `AtomLayoutMNK`: the layout of atoms over M, N and K, padded to rank 3 with `_1:_0`.
    pub thr_layout_mnk: Layout,
    /// `ThrLayoutVMNK = tiled_product(ThrID, AtomLayoutMNK)`: `(V,M,N,K) -> thread index`.
    pub thr_layout_vmnk: Layout,
    /// `PermutationMNK`: one per mode, `_` where the mode is not permuted.
    pub permutation: [Permutation; 3],
}

/// One mode of `PermutationMNK`: `_`, an integer (a `Tile<_32,...>` extent), or a layout.
// Permutations are three per tiled MMA; the layout is kept inline as in `Tiler`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Permutation {
    /// `_`: the mode is tiled in atom order.
    Underscore,
    /// An extent `n`: the layout `n:_1` (printed as the integer).
    Size(Int),
    /// A layout that reorders the mode.
    Layout(Layout),
}

/// The three operands of an MMA.
#[derive(Clone, Copy)]
enum Operand {
    A,
    B,
    C,
}

impl Operand {
    /// The MNK modes the operand's tile spans (A: M,K; B: N,K; C: M,N).
    fn modes(self) -> [usize; 2] {
        match self {
            Operand::A => [0, 2],
            Operand::B => [1, 2],
            Operand::C => [0, 1],
        }
    }
}

/// `make_tiled_mma(atom, thr_layout, permutations)`: `thr_layout` (rank ≤ 3, padded with
/// `_1:_0`) arranges atoms over M, N, K; `permutation` (up to three modes, padded with `_`)
/// reorders each mode before tiling.
///
/// # Errors
/// [`LayoutError::RankMismatch`] for a layout or permutation of rank above 3; errors of
/// `tiled_product`.
///
/// # Examples
/// ```
/// use cute_layout::atom::{make_tiled_mma, mma_atom};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
/// assert_eq!(mma.thr_layout_vmnk.to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// assert_eq!(mma.tile_size()?.to_string(), "(_32,_16,_16)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_tiled_mma(
    atom: &MmaAtom,
    thr_layout: &Layout,
    permutation: &[Permutation],
) -> Result<TiledMma> {
    let op = "make_tiled_mma";
    if thr_layout.rank() > 3 {
        return Err(LayoutError::RankMismatch {
            op,
            detail: format!("thread layout {thr_layout} has rank {}", thr_layout.rank()),
            hint: "give at most three modes (M, N, K)",
        });
    }
    let thr_mnk = thr_layout.append_to_rank(3)?;
    let vmnk =
        tiled_product(&atom.thr_id, &Tiler::Layout(thr_mnk.clone())).map_err(|e| e.within(op))?;
    if permutation.len() > 3 {
        return Err(LayoutError::RankMismatch {
            op,
            detail: format!("permutation has {} modes", permutation.len()),
            hint: "give at most three permutations (M, N, K)",
        });
    }
    let mut perms = [
        Permutation::Underscore,
        Permutation::Underscore,
        Permutation::Underscore,
    ];
    for (slot, p) in perms.iter_mut().zip(permutation) {
        *slot = p.clone();
    }
    Ok(TiledMma {
        atom: atom.clone(),
        thr_layout_mnk: thr_mnk,
        thr_layout_vmnk: vmnk,
        permutation: perms,
    })
}

impl TiledMma {
    /// `permutation_mnk<I>()`: the permutation of mode `I`, or for `_` the integer
    /// `size<I>(Shape_MNK) * size<I+1>(ThrLayoutVMNK)`.
    fn permutation_mnk(&self, i: usize) -> Result<Layout> {
        match &self.permutation[i] {
            Permutation::Underscore => {
                let n = self.atom.extent(i)?;
                let t = self.thr_layout_vmnk.mode(i + 1)?.size()?;
                Ok(Layout::leaf(n.mul(t)?, Int::ONE))
            }
            Permutation::Size(n) => Ok(Layout::leaf(*n, Int::ONE)),
            Permutation::Layout(l) => Ok(l.clone()),
        }
    }

    /// `tile_size_mnk<I>()`: the size of mode `I` of the tile one pass of the tiled MMA covers.
    ///
    /// # Errors
    /// [`LayoutError::IndexOutOfRange`] for `i > 2`.
    ///
    /// ```
    /// use cute_layout::atom::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x8_F32F16F16F32_TN")?, &"(_2,_1,_1)".parse()?, &[])?;
    /// assert_eq!(mma.tile_size_mnk(0)?.to_string(), "_32");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn tile_size_mnk(&self, i: usize) -> Result<Int> {
        if i > 2 {
            return Err(LayoutError::IndexOutOfRange {
                op: "tile_size",
                index: i,
                rank: 3,
            });
        }
        self.permutation_mnk(i)?.size()
    }

    /// `tile_size(mma)`: `(M, N, K)` of the tile one pass of the tiled MMA covers.
    ///
    /// # Errors
    /// Overflow.
    ///
    /// ```
    /// use cute_layout::atom::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
    /// assert_eq!(mma.tile_size()?.to_string(), "(_32,_16,_16)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn tile_size(&self) -> Result<IntTuple> {
        let sizes = (0..3)
            .map(|i| self.tile_size_mnk(i).map(Tree::leaf))
            .collect::<Result<Vec<_>>>()?;
        Tree::tuple(sizes)
    }

    /// The number of threads, `size(ThrLayoutVMNK)`.
    ///
    /// ```
    /// use cute_layout::atom::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
    /// assert_eq!(mma.size()?.value(), 128);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    ///
    /// # Errors
    /// Overflow.
    pub fn size(&self) -> Result<Int> {
        self.thr_layout_vmnk.size()
    }

    fn atom_layout(&self, operand: Operand) -> &Layout {
        match operand {
            Operand::A => &self.atom.layout_a,
            Operand::B => &self.atom.layout_b,
            Operand::C => &self.atom.layout_c,
        }
    }

    /// `thrfrg_{A,B,C}`: `(X,Y,...) -> ((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY,...)))`.
    fn thrfrg(&self, layout: &Layout, operand: Operand) -> Result<Layout> {
        let [x, y] = operand.modes();
        let perm = Tiler::Tuple(vec![
            Tiler::Layout(self.permutation_mnk(x)?),
            Tiler::Layout(self.permutation_mnk(y)?),
        ]);
        let t = logical_divide(layout, &perm)?;
        let atom_tile = Tiler::Tuple(vec![
            Tiler::from_int(self.atom.extent(x)?),
            Tiler::from_int(self.atom.extent(y)?),
        ]);
        let c = zipped_divide(&t, &atom_tile)?;
        let tv = composition_tiler(
            &c,
            &Tiler::Tuple(vec![
                Tiler::Layout(self.atom_layout(operand).clone()),
                Tiler::Underscore,
            ]),
        )?;
        let thr_tile = Tiler::Tuple(vec![
            Tiler::Underscore,
            Tiler::Tuple(vec![
                Tiler::from_int(self.thr_layout_vmnk.mode(x + 1)?.size()?),
                Tiler::from_int(self.thr_layout_vmnk.mode(y + 1)?.size()?),
            ]),
        ]);
        zipped_divide(&tv, &thr_tile)
    }

    /// `thr_idx -> (ThrV,ThrM,ThrN,ThrK)`: `(size(vmnk),_1):(_1,_0) ∘ right_inverse((vmnk, complement(vmnk)))`.
    fn thridx_2_thrid(&self) -> Result<Layout> {
        let vmnk = &self.thr_layout_vmnk;
        let full = Layout::concat([vmnk.clone(), complement_default(vmnk)?])?;
        let shape = Tree::tuple([Tree::leaf(vmnk.size()?), Tree::leaf(Int::ONE)])?;
        let stride = Tree::tuple([Tree::leaf(Int::ONE), Tree::leaf(Int::ZERO)])?;
        composition(&Layout::new(shape, stride)?, &right_inverse(&full)?)
    }

    /// `get_layout{A,B,C}_TV`: `(thr_idx, val) -> coord` in the operand's tile.
    fn layout_tv(&self, operand: Operand) -> Result<Layout> {
        let [x, y] = operand.modes();
        let ref_shape = Tree::tuple([
            Tree::leaf(self.tile_size_mnk(x)?),
            Tree::leaf(self.tile_size_mnk(y)?),
        ])?;
        let mut frg = self.thrfrg(&Layout::column_major(&ref_shape)?, operand)?;
        // A and B are not tiled over N and M: broadcast that thread mode with a stride-0 mode.
        let spread = match operand {
            Operand::A => Some([Int::ONE, Int::ZERO]),
            Operand::B => Some([Int::ZERO, Int::ONE]),
            Operand::C => None,
        };
        if let Some([dm, dn]) = spread {
            let vmnk = &self.thr_layout_vmnk;
            let shape = Tree::tuple([
                Tree::leaf(vmnk.mode(1)?.size()?),
                Tree::leaf(vmnk.mode(2)?.size()?),
            ])?;
            let stride = Tree::tuple([Tree::leaf(dm), Tree::leaf(dn)])?;
            let tile = Tiler::Tuple(vec![
                Tiler::Underscore,
                Tiler::Tuple(vec![
                    Tiler::Layout(Layout::new(shape, stride)?),
                    Tiler::Underscore,
                ]),
            ]);
            frg = composition_tiler(&frg, &Tiler::Tuple(vec![tile, Tiler::Underscore]))?;
        }
        composition_tiler(
            &frg,
            &Tiler::Tuple(vec![
                Tiler::Layout(self.thridx_2_thrid()?),
                Tiler::Underscore,
            ]),
        )
    }

    /// `get_layoutA_TV()`: `(thr_idx, val) -> (m, k)` in the `tile_size` M×K tile.
    ///
    /// # Errors
    /// Errors of the divides and compositions (a permutation that does not divide the tile).
    ///
    /// ```
    /// use cute_layout::atom::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x8_F32F16F16F32_TN")?, &"(_1,_2,_1)".parse()?, &[])?;
    /// assert_eq!(mma.get_layout_a_tv()?.to_string(), "((_4,_8,_2),((_2,_2),(_1,_1))):((_32,_1,_0),((_16,_8),(_0,_0)))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn get_layout_a_tv(&self) -> Result<Layout> {
        self.layout_tv(Operand::A)
            .map_err(|e| e.within("get_layoutA_TV"))
    }

    /// `get_layoutB_TV()`: `(thr_idx, val) -> (n, k)` in the `tile_size` N×K tile.
    ///
    /// # Errors
    /// As [`TiledMma::get_layout_a_tv`].
    ///
    /// ```
    /// use cute_layout::atom::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x8_F32F16F16F32_TN")?, &"(_2,_1,_1)".parse()?, &[])?;
    /// assert_eq!(mma.get_layout_b_tv()?.to_string(), "((_4,_8,_2),(_2,(_1,_1))):((_16,_1,_0),(_8,(_0,_0)))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn get_layout_b_tv(&self) -> Result<Layout> {
        self.layout_tv(Operand::B)
            .map_err(|e| e.within("get_layoutB_TV"))
    }

    /// `get_layoutC_TV()`: `(thr_idx, val) -> (m, n)` in the `tile_size` M×N tile.
    ///
    /// # Errors
    /// As [`TiledMma::get_layout_a_tv`].
    ///
    /// ```
    /// use cute_layout::atom::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
    /// assert_eq!(
    ///     mma.get_layout_c_tv()?.to_string(),
    ///     "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))"
    /// );
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn get_layout_c_tv(&self) -> Result<Layout> {
        self.layout_tv(Operand::C)
            .map_err(|e| e.within("get_layoutC_TV"))
    }

    /// `thr_mma.partition_{A,B,C}`: `thrfrg` of the layout, sliced at the thread's
    /// `((ThrV,(ThrX,ThrY)),(_,(_,...)))`.
    fn partition<P: Partitionable>(&self, x: P, thr_idx: i64, operand: Operand) -> Result<P> {
        let vmnk = get_flat_coord(&self.thr_layout_vmnk, thr_idx)?;
        let [mx, my] = operand.modes();
        let at = |i: usize| -> Result<Coord> { Ok(Coord::from_int_tuple(&vmnk.get(i)?)) };
        let thr = Tree::tuple([at(0)?, Tree::tuple([at(mx + 1)?, at(my + 1)?])?])?;
        let under = || Tree::leaf(CoordLeaf::Underscore);
        let rest_modes = (0..x.partition_rank()).map(|_| under());
        let rest = Tree::tuple([under(), Tree::tuple(rest_modes)?])?;
        x.reshape_and_slice(|l| self.thrfrg(l, operand), &Tree::tuple([thr, rest])?)
    }

    /// `get_slice(thr_idx).partition_A(tensor)`: the thread's `(FrgV,RestM,RestK,...)` view of
    /// an `(M,K,...)` tensor — of data, of a bare layout (`Tensor<()>`: its layout and offset)
    /// or an identity tensor (the coordinates the thread reads).
    ///
    /// # Errors
    /// A thread index outside `size(mma)`; the divisibility errors of `thrfrg_A`.
    ///
    /// ```
    /// use cute_layout::atom::{make_tiled_mma, mma_atom};
    /// use cute_layout::{make_identity_tensor, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x8_F32F16F16F32_TN")?, &"(_1,_1,_1)".parse()?, &[])?;
    /// let t = mma.partition_a(Tensor::new((), "(_16,_8):(_1,_16)".parse::<cute_layout::Layout>()?), 5)?;
    /// assert_eq!((t.layout().to_string(), t.offset()), ("((_2,_2),_1,_1):((_16,_8),_0,_0)".to_string(), 33));
    /// let id = mma.partition_a(make_identity_tensor(&"(_16,_8)".parse()?)?, 5)?;
    /// assert_eq!(id.to_vec()?.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["(1,2)", "(1,3)", "(9,2)", "(9,3)"]);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn partition_a<P: Partitionable>(&self, x: P, thr_idx: i64) -> Result<P> {
        self.partition(x, thr_idx, Operand::A)
            .map_err(|e| e.within("partition_A"))
    }

    /// `get_slice(thr_idx).partition_B(tensor)` of an `(N,K,...)` tensor: as [`TiledMma::partition_a`].
    ///
    /// # Errors
    /// As [`TiledMma::partition_a`].
    ///
    /// ```
    /// use cute_layout::{atom::{make_tiled_mma, mma_atom}, Layout, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x8_F32F16F16F32_TN")?, &"(_1,_1,_1)".parse()?, &[])?;
    /// let t = mma.partition_b(Tensor::new((), "(_8,_8):(_1,_8)".parse::<Layout>()?), 5)?;
    /// assert_eq!((t.layout().to_string(), t.offset()), ("(_2,_1,_1):(_8,_0,_0)".to_string(), 17));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn partition_b<P: Partitionable>(&self, x: P, thr_idx: i64) -> Result<P> {
        self.partition(x, thr_idx, Operand::B)
            .map_err(|e| e.within("partition_B"))
    }

    /// `get_slice(thr_idx).partition_C(tensor)` of an `(M,N,...)` tensor: as [`TiledMma::partition_a`].
    ///
    /// # Errors
    /// As [`TiledMma::partition_a`].
    ///
    /// ```
    /// use cute_layout::{atom::{make_tiled_mma, mma_atom}, Layout, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
    /// let t = mma.partition_c(Tensor::new((), "(_64,_64):(_64,_1)".parse::<Layout>()?), 77)?;
    /// assert_eq!(t.layout().to_string(), "((_2,_2),_2,_4):((_1,_512),_2048,_16)");
    /// assert_eq!(t.offset(), 202);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn partition_c<P: Partitionable>(&self, x: P, thr_idx: i64) -> Result<P> {
        self.partition(x, thr_idx, Operand::C)
            .map_err(|e| e.within("partition_C"))
    }
}
