//! A GEMM kernel's tiling, worked through with the layout algebra, as a kernel author plans it
//! before writing CUDA: the global matrix, the thread block's tile, each thread's share of it,
//! and a shared-memory layout whose column reads are free of bank conflicts.
//!
//! Run it with `cargo run -p cute-tools --example gemm_tiling`. Every claim it prints is
//! checked against a brute-force walk over the elements (the program fails if one is false).

use cute_layout::tensor::{local_partition, local_tile};
use cute_layout::{composition, AnyLayout, Coord, Layout, LayoutError, Tiler};
use cute_tools::analysis::bank_conflicts;
use std::collections::HashSet;

/// The global matrix A: M×K = 256×128 floats, row-major (`A[m][k]` at `m*128 + k`).
const M: i64 = 256;
const K: i64 = 128;
/// The thread block's tile: 128×32 (`BLK_M × BLK_K`).
const BLK_M: i64 = 128;
const BLK_K: i64 = 32;

fn main() -> Result<(), LayoutError> {
    // 1. The global matrix as a layout: shape (M,K), strides (K,1).
    let gmem: Layout = format!("({M},{K}):({K},_1)").parse()?;
    println!("A (row-major, {M}x{K}):      {gmem}");

    // 2. Thread block (1,2) loads the tile of rows 128..256 and columns 64..96:
    //    local_tile(A, (BLK_M,BLK_K), (1,2)), a layout and the offset of its first element.
    let tiler: Tiler = format!("(_{BLK_M},_{BLK_K})").parse()?;
    let block: Coord = "(1,2)".parse()?;
    let (tile, tile_off) = local_tile(&AnyLayout::from(gmem.clone()), &tiler, &block)?;
    println!("block (1,2)'s tile:          {tile} + {tile_off}");
    for i in 0..BLK_M {
        for j in 0..BLK_K {
            let at = tile_off.value() + tile.call(&format!("({i},{j})").parse()?)?.value();
            let (row, col) = (BLK_M + i, 2 * BLK_K + j);
            assert_eq!(at, row * K + col, "tile element ({i},{j})");
        }
    }
    println!("  checked: element (i,j) of the tile is A[128+i][64+j]");

    // 3. 256 threads copy the tile, arranged 32×8 with the 8 threads of a row adjacent in k
    //    (thread layout (32,8):(8,1)): local_partition gives thread t its 4×4 elements, strided
    //    by the thread layout's shape. Together the threads cover the tile exactly once.
    let threads: Layout = "(_32,_8):(_8,_1)".parse()?;
    let mut seen = HashSet::new();
    for t in 0..256 {
        let (part, off) = local_partition(&tile, &threads, t)?;
        if t == 5 {
            println!("thread 5's elements:         {part} + {off}");
        }
        let n = part.size()?.value();
        assert_eq!(n, 16, "each thread copies 4x4 elements");
        for v in 0..n {
            assert!(
                seen.insert(off.value() + part.eval(v)?),
                "element copied twice"
            );
        }
    }
    assert_eq!(seen.len() as i64, BLK_M * BLK_K);
    println!("  checked: 256 threads x 16 elements cover the 128x32 tile exactly once");

    // 4. Shared memory for the tile: 32 consecutive threads reading one column of a row-major
    //    (128,32) float tile hit one bank 32 times (the row pitch is 32 words = 128 bytes).
    //    A swizzle Sw<5,0,5> XORs the row index into the column bits: the same read is spread
    //    over all 32 banks, and a row read stays conflict-free.
    let column_reads = |smem: &str| -> Result<i64, LayoutError> {
        // Thread i reads element (i, 0); as a layout of the thread index: compose with the
        // column of the tile.
        let l: AnyLayout = smem.parse()?;
        let col: Layout = "_32:_1".parse()?;
        let reads = l.map_inner(|p| composition(p, &col))?;
        Ok(bank_conflicts(&reads, 4, false)?.worst)
    };
    let plain = "(_128,_32):(_32,_1)";
    let swizzled = "Sw<5,0,5> o _0 o (_128,_32):(_32,_1)";
    let (p, s) = (column_reads(plain)?, column_reads(swizzled)?);
    println!("column read, {plain}: {p}-way bank conflict");
    println!("column read, {swizzled}: {s}-way");
    assert_eq!((p, s), (32, 1));
    // Brute force: the banks of the swizzled column, and the swizzle is a bijection on the tile.
    let sw: AnyLayout = swizzled.parse()?;
    let banks: HashSet<i64> = (0..32)
        .map(|i| sw.eval(i).map(|o| o % 32))
        .collect::<Result<_, _>>()?;
    assert_eq!(banks.len(), 32);
    let offsets: HashSet<i64> = sw.offsets()?.into_iter().collect();
    assert_eq!(offsets.len() as i64, BLK_M * BLK_K);
    println!("  checked: the swizzled column touches 32 distinct banks; the layout is a bijection");
    Ok(())
}
