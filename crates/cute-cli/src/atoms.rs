//! `cute atoms` and `cute atom`: the catalogue of MMA and copy atoms, printed as CuTe C++ prints
//! them.

use crate::{check_extension, latex_of, out, write_out, write_picture, DrawArgs};
use clap::Args;
use cute_layout::atom::{copy_op_names, mma_atom_names};
use cute_layout::notation::atom::{atom_text, resolve_atom, AtomRequest, GMMA_LAYOUT_ATOMS};
use cute_tools::render::{Label, Picture};
use std::path::PathBuf;

/// Arguments of `cute atoms`.
#[derive(Args)]
pub struct AtomsArgs {
    /// List only MMA operations.
    #[arg(long, conflicts_with = "copy")]
    mma: bool,
    /// List only copy operations.
    #[arg(long)]
    copy: bool,
}

/// Arguments of `cute atom`.
#[derive(Args)]
#[command(group = clap::ArgGroup::new("figure").args(["latex", "svg"]))]
pub struct AtomArgs {
    /// The operation, spelled as in C++ (`SM80_16x8x16_F32F16F16F32_TN`,
    /// `SM90::GMMA::MMA_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>`, or
    /// `SM90_64x128x16_F32F16F16_SS<K,MN>`), or an atom as `cute eval` prints it
    /// (`Copy_Atom<OP,T>`, a TMA atom `Copy_Atom<SM90_TMA_LOAD,T,GMEM,SMEM,CTA_TILER,N>`,
    /// `TiledCopy<...>`, `TiledMMA<...>`).
    name: String,
    /// Copy atoms: the element type T of `Copy_Atom<NAME, T>` (`half_t`, `float`, `uint128_t`, ...).
    #[arg(long = "type", value_name = "T")]
    value_type: Option<String>,
    /// Print the tiled MMA (or tiled copy) over this thread layout, e.g. `(_2,_2,_1)`.
    #[arg(long, value_name = "LAYOUT")]
    layout: Option<String>,
    /// Tiled MMA: `PermutationMNK`, e.g. `(_32,_32,_16)` or `(_32,(_4,_8):(_8,_1),_)`.
    #[arg(long, value_name = "TILE")]
    permutation: Option<String>,
    /// Tiled copy: the value layout of `make_tiled_copy`, e.g. `(_1,_8)`.
    #[arg(long, value_name = "LAYOUT")]
    val_layout: Option<String>,
    /// Shared-memory layout atoms: `tile_to_shape` the atom to this shape, e.g. `(_128,_64)`.
    #[arg(long, value_name = "SHAPE")]
    shape: Option<String>,
    /// Print one layout instead: `A`, `B`, `C` (a tiled MMA's `get_layout{A,B,C}_TV`),
    /// `tile_size`, or `S`, `D` (a tiled copy's `get_layout{S,D}_TV`).
    #[arg(long, value_name = "WHICH", conflicts_with_all = ["latex", "svg"])]
    get: Option<String>,
    /// Write CuTe's `print_latex` of the MMA atom, tiled MMA or tiled copy (byte for byte).
    #[arg(long, conflicts_with = "svg")]
    latex: bool,
    /// Draw the same figure as SVG, or as PNG when the output file ends in `.png`.
    #[arg(long)]
    svg: bool,
    /// Write the LaTeX or the picture to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE", requires = "figure")]
    output: Option<PathBuf>,
    #[command(flatten)]
    draw: DrawArgs,
}

/// `cute atoms`: one name per line, MMA operations first.
pub fn list(args: AtomsArgs) -> String {
    let mut names = Vec::new();
    if !args.copy {
        names.extend(mma_atom_names());
    }
    if !args.mma {
        names.extend(copy_op_names());
        names.extend(GMMA_LAYOUT_ATOMS.map(String::from));
    }
    names.join("\n") + "\n"
}

/// `cute atom NAME ...`: what C++ prints for the atom, tiled MMA or tiled copy, or its figure.
pub fn show(args: AtomArgs) -> Result<(), Box<dyn std::error::Error>> {
    let req = AtomRequest {
        name: &args.name,
        value_type: args.value_type.as_deref(),
        layout: args.layout.as_deref(),
        val_layout: args.val_layout.as_deref(),
        permutation: args.permutation.as_deref(),
        shape: args.shape.as_deref(),
        query: args.get.as_deref(),
    };
    if args.latex || args.svg {
        draw(&req, &args)
    } else {
        Ok(out(atom_text(&req)?)?)
    }
}

/// `--latex` / `--svg`: the figure of the request ([`Picture::latex`], [`Picture::svg`], as
/// `cute latex` / `cute svg` of an atom expression draw it), written out.
fn draw(req: &AtomRequest<'_>, args: &AtomArgs) -> Result<(), Box<dyn std::error::Error>> {
    let output = args.output.as_deref();
    check_extension(
        output,
        if args.latex {
            &["tex"]
        } else {
            &["svg", "png"]
        },
    )?;
    let picture = Picture::Atom {
        title: args.name.clone(),
        object: resolve_atom(req)?,
    };
    if args.latex {
        Ok(write_out(
            output,
            latex_of(&picture, &args.draw)?.as_bytes(),
        )?)
    } else {
        write_picture(output, &picture.svg(&args.draw.options(Label::Offset)?)?)
    }
}
