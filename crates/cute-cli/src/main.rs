//! `cute`: evaluate CuTe layout algebra expressions from the command line.

mod atoms;

use clap::{Args, Parser, Subcommand, ValueEnum};
use cute_cli::page::{standalone, PictureOptions};
use cute_layout::eval::eval;
use cute_layout::explain::explain;
use cute_layout::registry::operations;
use cute_layout::render::{self, Coloring, Highlight, Label};
use cute_layout::tv::TvLayout;
use cute_layout::tv_render::{grid_tv, svg_tv_opts};
use cute_layout::{AnyLayout, IntTuple};
use std::borrow::Cow;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One example per subcommand, shown by `cute --help`.
const EXAMPLES: &str = "Examples:
  cute eval 'logical_divide((4,2,3):(2,1,8), 4:2)'
  cute ops
  cute show 'Sw<3,0,3> o _0 o (_8,_8):(_8,_1)'
  cute latex '(4,8):(1,4)' -o layout.tex
  cute svg 'logical_divide((4,2,3):(2,1,8), 4:2)' --color tile -o divide.svg
  cute morphism '(2,2,2,4,4):(2,1,64,4,16)'
  cute analyze 'Sw<3,3,3> o _0 o (_8,_64):(_64,_1)' --elem-bytes 2
  cute explain 'composition((6,2):(8,2), (4,3):(3,1))'
  cute serve --open
  cute html 'logical_divide((4,2,3):(2,1,8), 4:2)' --color tile -o divide.html";

#[derive(Parser)]
#[command(
    name = "cute",
    version,
    about = "The CuTe layout algebra: evaluate, inspect and explain layouts",
    after_help = EXAMPLES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate an expression such as `composition((6,2):(8,2),(4,3):(3,1))`.
    ///
    /// Without EXPR, reads standard input: one expression per line, one output line per input
    /// line (the result, or a line starting with `error:`).
    Eval {
        /// The expression; omit it to read expressions from standard input.
        expr: Option<String>,
    },
    /// List the operations `eval` accepts: name, signature, description and an example.
    Ops {
        /// Print them as the README's Markdown table.
        #[arg(long)]
        markdown: bool,
    },
    /// List the catalogued MMA and copy operations (names as C++ spells them).
    Atoms(atoms::AtomsArgs),
    /// Print an MMA or copy atom, a tiled MMA or a tiled copy exactly as CuTe C++ prints it.
    Atom(atoms::AtomArgs),
    /// Print CuTe's `print_layout` grid of a layout (rank 1: one row; rank > 2: slabs).
    ///
    /// EXPR is a layout such as `(4,(2,2)):(2,(1,8))` or any `eval` expression yielding one.
    Show {
        /// The layout or expression.
        expr: String,
        /// Draw EXPR as a thread-value layout over this (M,N) tile, cells `T<t>V<v>`.
        #[arg(long, value_name = "TILE_MN")]
        tv: Option<String>,
        #[command(flatten)]
        draw: DrawArgs,
    },
    /// Write CuTe's `print_latex` standalone TikZ document of a layout (rank > 2: slabs side
    /// by side).
    Latex {
        /// The layout or expression (with --tv: the (thread, value) layout).
        expr: String,
        /// Draw EXPR as a thread-value layout over this (M,N) tile (`print_latex_tv`).
        #[arg(long, value_name = "TILE_MN")]
        tv: Option<String>,
        #[command(flatten)]
        draw: DrawArgs,
        /// Write to FILE instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Draw a layout as an SVG picture, or a PNG image when FILE ends in `.png`.
    Svg {
        /// The layout or expression; divides, products, complement, composition, local_tile and
        /// local_partition can be colored by tile (drawn with their first argument).
        expr: String,
        /// Write to FILE (`.svg` or `.png`) instead of SVG on standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Show the coordinate of each cell instead of its offset.
        #[arg(long)]
        coords: bool,
        /// Draw EXPR as a thread-value layout over this (M,N) tile, coloured by thread.
        #[arg(long, value_name = "TILE_MN")]
        tv: Option<String>,
        #[command(flatten)]
        draw: DrawArgs,
    },
    /// Print the standard-form tuple morphism of a tractable layout, `S -> T over α` (`*` is
    /// the base point), or draw its diagram with `--svg` / `--png`.
    ///
    /// LAYOUT is a layout such as `(2,2,2,4,4):(2,1,64,4,16)`, a morphism such as
    /// `(4,4) -> (4,8,4) over (1,3)`, or an `eval` expression yielding either.
    Morphism {
        /// The layout, morphism or expression.
        layout: String,
        /// Draw the diagram as SVG, to FILE or standard output.
        #[arg(long, value_name = "FILE", num_args = 0..=1, conflicts_with = "png")]
        svg: Option<Option<PathBuf>>,
        /// Draw the diagram as PNG, to FILE or standard output.
        #[arg(long, value_name = "FILE", num_args = 0..=1)]
        png: Option<Option<PathBuf>>,
    },
    /// Analyse a layout's shared-memory accesses: bank conflicts per phase (32 banks of 4
    /// bytes), the widest vector access, contiguity, injectivity and surjectivity.
    ///
    /// EXPR is a layout (`(_32,_32):(_32,_1)`), a swizzled layout
    /// (`Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`) or an `eval` expression yielding one.
    Analyze {
        /// The layout or expression.
        expr: String,
        /// Element size in bytes.
        #[arg(long, default_value_t = 4, value_name = "BYTES")]
        elem_bytes: i64,
        /// Read EXPR as a (thread, value) layout: mode 0 threads, mode 1 values.
        #[arg(long)]
        tv: bool,
    },
    /// Print the derivation of a result step by step, e.g. `logical_divide((4,2,3):(2,1,8), 4:2)`.
    Explain {
        /// The expression.
        expr: String,
    },
    /// Serve the web playground on 127.0.0.1 (expression box, picture with hover, derivation,
    /// gallery, share links; JSON API at /api/eval?expr=EXPR).
    Serve {
        /// The port; 0 picks a free one (the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Open the page in a browser.
        #[arg(long)]
        open: bool,
    },
    /// Write one self-contained interactive HTML page of an expression: picture with hover,
    /// result and derivation.
    Html {
        /// The expression.
        expr: String,
        /// Write to FILE instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Show the coordinate of each cell instead of its offset.
        #[arg(long)]
        coords: bool,
        /// Color the cells by offset (CuTe's greys) or by tile.
        #[arg(long, value_enum, default_value_t = ColorBy::Offset)]
        color: ColorBy,
    },
}

/// The options `show`, `latex` and `svg` share.
#[derive(Args)]
struct DrawArgs {
    /// Color the cells by offset (CuTe's greys), tile (divides, products, complement,
    /// composition), thread (index into mode 0), value (index into the other modes), bank
    /// (offset * elem-bytes / 4 mod 32) or warp (1-D index / 32). `show` has no colors.
    #[arg(long, value_enum, default_value_t = ColorBy::Offset)]
    color: ColorBy,
    /// Highlight `thread:T`, `value:V`, `tile:K` or a slice such as `(_,3)`; the other cells
    /// are dimmed (`show`: printed `.`).
    #[arg(long, value_name = "WHAT")]
    highlight: Option<String>,
    /// Element size in bytes, for `--color bank`.
    #[arg(long, default_value_t = 4, value_name = "BYTES")]
    elem_bytes: i64,
}

impl DrawArgs {
    /// Fails when `command`, which draws in CuTe's fixed style, is given drawing options.
    fn plain(&self, command: &str) -> Result<(), String> {
        match (self.color, &self.highlight) {
            (ColorBy::Offset, None) => Ok(()),
            _ => Err(format!(
                "{command} draws CuTe's TV picture and takes no --color or --highlight; use svg --tv"
            )),
        }
    }

    /// The library's options.
    fn options(&self, label: Label) -> Result<render::Options, Box<dyn std::error::Error>> {
        Ok(render::Options {
            label,
            coloring: match self.color {
                ColorBy::Offset => Coloring::Offset,
                ColorBy::Tile => Coloring::Tile,
                ColorBy::Thread => Coloring::Thread,
                ColorBy::Value => Coloring::Value,
                ColorBy::Bank => Coloring::Bank,
                ColorBy::Warp => Coloring::Warp,
            },
            highlight: self
                .highlight
                .as_deref()
                .map(str::parse::<Highlight>)
                .transpose()?,
            elem_bytes: self.elem_bytes,
        })
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorBy {
    Offset,
    Tile,
    Thread,
    Value,
    Bank,
    Warp,
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Eval { expr: Some(expr) } => match eval(&expr) {
            Ok(v) => {
                println!("{v}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Eval { expr: None } => match eval_lines() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Ops { markdown: true } => {
            print!("{}", cute_layout::registry::markdown());
            ExitCode::SUCCESS
        }
        Command::Ops { markdown: false } => {
            for op in operations() {
                let also: String = op
                    .aliases
                    .iter()
                    .map(|a| format!(" (also `{a}`)"))
                    .collect();
                println!(
                    "{}{also}\n    {}\n    e.g. {} = {}",
                    op.signature, op.summary, op.example, op.expected
                );
            }
            ExitCode::SUCCESS
        }
        Command::Atoms(args) => atoms::list(args),
        Command::Atom(args) => atoms::show(args),
        Command::Explain { expr } => match explain(&expr) {
            Ok(e) => {
                print!("{e}");
                if e.result.is_ok() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Serve { port, open } => match cute_cli::serve::run(port, open) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot serve on 127.0.0.1:{port}: {e}");
                ExitCode::FAILURE
            }
        },
        command => match draw(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

/// `show`, `latex` and `svg`: evaluate, render with the library, write.
fn draw(command: Command) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        Command::Show {
            expr,
            tv: None,
            draw,
        } => print!(
            "{}",
            render::grid_opts(&render::subject(&expr)?, &draw.options(Label::Offset)?)?
        ),
        Command::Show {
            expr,
            tv: Some(tile),
            draw,
        } => {
            draw.plain("show --tv")?;
            print!("{}", grid_tv(&tv_layout(&expr, &tile)?)?)
        }
        Command::Latex {
            expr,
            tv,
            output,
            draw,
        } => {
            check_extension(output.as_deref(), &["tex"])?;
            let tex = match tv {
                Some(tile) => {
                    draw.plain("latex --tv")?;
                    render::latex_tv(&plain_layout(&expr)?, &tile.parse::<IntTuple>()?)?
                }
                None => {
                    render::latex_opts(&render::subject(&expr)?, &draw.options(Label::Offset)?)?
                }
            };
            write_out(output.as_deref(), tex.as_bytes())?;
        }
        Command::Svg {
            expr,
            output,
            coords,
            tv,
            draw,
        } => draw_svg(&expr, output.as_deref(), coords, &draw, tv.as_deref())?,
        Command::Morphism { layout, svg, png } => {
            check_extension(svg.as_ref().and_then(|o| o.as_deref()), &["svg"])?;
            check_extension(png.as_ref().and_then(|o| o.as_deref()), &["png"])?;
            let f = cute_layout::eval::morphism_of(&layout)?;
            match (svg, png) {
                (Some(out), _) => write_out(
                    out.as_deref(),
                    cute_layout::category::to_svg(&f)?.as_bytes(),
                )?,
                (None, Some(out)) => write_out(
                    out.as_deref(),
                    &render::png(&cute_layout::category::to_svg(&f)?)?,
                )?,
                (None, None) => println!("{f}"),
            }
        }
        Command::Analyze {
            expr,
            elem_bytes,
            tv,
        } => {
            println!(
                "{}",
                cute_layout::analysis::analyze_expr(&expr, elem_bytes, tv)?
            )
        }
        Command::Html {
            expr,
            output,
            coords,
            color,
        } => {
            check_extension(output.as_deref(), &["html", "htm"])?;
            let options = PictureOptions {
                tile: matches!(color, ColorBy::Tile),
                coords,
            };
            write_out(output.as_deref(), standalone(&expr, options)?.as_bytes())?;
        }
        _ => unreachable!("eval, ops, explain and serve are handled in main"),
    }
    Ok(())
}

/// `svg`: the picture of EXPR (or of the TV layout EXPR over TILE_MN), as SVG or PNG.
fn draw_svg(
    expr: &str,
    output: Option<&Path>,
    coords: bool,
    draw: &DrawArgs,
    tv: Option<&str>,
) -> Result<(), Box<dyn std::error::Error>> {
    let options = draw.options(if coords { Label::Coord } else { Label::Offset })?;
    check_extension(output, &["svg", "png"])?;
    let svg = match tv {
        Some(tile) => svg_tv_opts(&tv_layout(expr, tile)?, &options)?,
        None => render::svg(&render::subject(expr)?, &options)?,
    };
    write_picture(output, &svg)
}

/// Writes an SVG picture, rasterized to PNG when FILE ends in `.png`.
fn write_picture(output: Option<&Path>, svg: &str) -> Result<(), Box<dyn std::error::Error>> {
    let is_png = output
        .and_then(Path::extension)
        .is_some_and(|x| x.eq_ignore_ascii_case("png"));
    if is_png {
        write_out(output, &render::png(svg)?)?;
    } else {
        write_out(output, svg.as_bytes())?;
    }
    Ok(())
}

/// The thread-value layout EXPR over the tile TILE_MN.
fn tv_layout(expr: &str, tile: &str) -> Result<TvLayout, Box<dyn std::error::Error>> {
    Ok(TvLayout::new(
        tile.parse::<IntTuple>()?,
        plain_layout(expr)?,
    )?)
}

/// The layout EXPR yields, which must be an ordinary one (not a composed layout).
fn plain_layout(expr: &str) -> Result<cute_layout::Layout, Box<dyn std::error::Error>> {
    match render::subject(expr)?.layout {
        AnyLayout::Layout(l) => Ok(l),
        AnyLayout::Composed(c) => {
            Err(format!("{expr} is the composed layout {c}; --tv needs an ordinary layout").into())
        }
    }
}

/// Fails when FILE has an extension other than `allowed`, naming them.
fn check_extension(path: Option<&Path>, allowed: &[&str]) -> Result<(), String> {
    let Some(path) = path else { return Ok(()) };
    let ext = path.extension().and_then(|x| x.to_str()).unwrap_or("");
    if allowed.iter().any(|a| a.eq_ignore_ascii_case(ext)) {
        return Ok(());
    }
    let names: Vec<String> = allowed.iter().map(|a| format!(".{a}")).collect();
    Err(format!(
        "cannot write {}: unknown output extension `{}`; supported: {}",
        path.display(),
        if ext.is_empty() {
            "(none)".to_string()
        } else {
            format!(".{ext}")
        },
        names.join(", ")
    ))
}

/// Writes to the file, or to standard output without one.
fn write_out(path: Option<&Path>, bytes: &[u8]) -> io::Result<()> {
    match path {
        Some(p) => std::fs::write(p, bytes),
        None => io::stdout().lock().write_all(bytes),
    }
}

/// One output line per input line; errors are folded onto that one line. Bytes that are not
/// UTF-8 are replaced (and then fail to parse), so one bad line never stops the stream.
fn eval_lines() -> io::Result<()> {
    let mut input = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut raw = Vec::new();
    let mut line = String::new();
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        // `from_utf8` is the fast check; only invalid lines pay for the lossy copy
        let text = match std::str::from_utf8(&raw) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(&raw),
        };
        eval_line(text.trim_end_matches(['\n', '\r']), &mut line, &mut out)?;
    }
    out.flush()
}

/// Writes the result line of one expression; a result is printed into `line` (a buffer kept
/// from line to line), then written.
fn eval_line(expr: &str, line: &mut String, out: &mut impl Write) -> io::Result<()> {
    if expr.trim().is_empty() {
        return writeln!(
            out,
            "error: empty expression; hint: write op(arg, ...), see `cute ops`"
        );
    }
    // matched by reference: moving the value out of the result would copy it
    match &eval(expr) {
        Ok(v) => {
            line.clear();
            v.append_to(line);
            line.push('\n');
            out.write_all(line.as_bytes())
        }
        Err(e) => writeln!(out, "error: {}", e.to_string().replace('\n', " | ")),
    }
}
