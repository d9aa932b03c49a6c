//! `cute`: evaluate CuTe layout algebra expressions from the command line.

mod atoms;

use clap::{Args, Parser, Subcommand, ValueEnum};
use cute_cli::page::{standalone_answer, standalone_page, PictureOptions};
use cute_layout::error::Warning;
use cute_layout::limits::echo;
use cute_layout::notation::{print_as, Syntax};
use cute_layout::tv::TvLayout;
use cute_layout::{AnyLayout, Int, IntTuple, LayoutError};
use cute_tools::eval::{eval_with_warnings, eval_with_warnings_in};
use cute_tools::explain::explain;
use cute_tools::render::tv::{grid_tv_opts, latex_tv_opts, svg_tv_opts};
use cute_tools::render::{self, Coloring, Highlight, Label, Picture};
use std::borrow::Cow;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One example per subcommand, shown by `cute --help`.
const EXAMPLES: &str = "Examples:
  cute eval 'logical_divide((4,2,3):(2,1,8), 4:2)'
  cute eval 'Layout<Shape<_4,_8>,Stride<_1,_4>>' --as dsl
  cute ops
  cute show 'Sw<3,0,3> o _0 o (_8,_8):(_8,_1)'
  cute latex '(4,8):(1,4)' -o layout.tex
  cute svg 'logical_divide((4,2,3):(2,1,8), 4:2)' --color tile -o divide.svg
  cute morphism '(2,2,2,4,4):(2,1,64,4,16)'
  cute morphism --steps --svg steps.svg 'composition((12,3,6):(1,72,12), (6,6):(6,1))'
  cute analyze 'Sw<3,3,3> o _0 o (_8,_64):(_64,_1)' --elem-bytes 2
  cute analyze '(_8,_64):(_64,_1)' --elem-bytes 2 --atom SM75_U32x4_LDSM_N --solve
  cute explain 'composition((6,2):(8,2), (4,3):(3,1))'
  cute diff '(4,8):(1,4)' '32:1'
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
    /// The work budget of one expression, all its calls together, in work units (about one
    /// element visited each; default 67108864, `MAX_WORK`): `cute eval` without EXPR gives
    /// each line its own.
    #[arg(long, global = true, value_name = "UNITS")]
    budget: Option<u64>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate an expression such as `composition((6,2):(8,2),(4,3):(3,1))`.
    ///
    /// Without EXPR, reads standard input: one expression per line, one output line per input
    /// line (the result, or a line starting with `error:`).
    ///
    /// EXPR may use CuTe notation, C++ spellings (`Layout<Shape<_4,_8>,Stride<_1,_4>>`,
    /// `make_layout(make_shape(4,8),make_stride(1,4))`, `Int<8>{}`, `Swizzle<3,4,3>{}`) or CuTe
    /// DSL calls (`cute.make_layout((4,8), stride=(1,4))`).
    Eval {
        /// The expression; omit it to read expressions from standard input.
        expr: Option<String>,
        /// Print the result in CuTe notation, as a C++ expression, as CuTe DSL Python, or as
        /// Triton's linear layout.
        #[arg(long = "as", value_enum, default_value_t = As::Cute)]
        syntax: As,
        /// Read EXPR (or each line) in this syntax: with `dsl`, plain integers are static, as
        /// in Python (`(4, None)` is `(_4,_)`); `cute` and `cpp` read the same text.
        #[arg(long = "from", value_enum, default_value_t = As::Cute)]
        from: As,
    },
    /// List the operations `eval` accepts: name, signature, description and an example.
    Ops {
        /// Print them as the Markdown table of the user guide (docs/guide/operations.md).
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
    /// An identity tensor (its slices, its tiles) or a scaled-basis layout such as
    /// `(4,8):(1@0,1@1)` prints as CuTe's `print_tensor`. Tiled MMAs and copies have no grid:
    /// draw them with `latex` or `svg`, print them with `atom`.
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
    /// by side), or of a tiled MMA, tiled copy or MMA atom (as `cute atom NAME --latex`).
    Latex {
        /// The layout or expression (with --tv: the (thread, value) layout).
        expr: String,
        /// Draw EXPR as a thread-value layout over this (M,N) tile (`print_latex_tv`; with
        /// --color or --highlight, colored and outlined as `svg --tv`).
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
        /// local_partition can be colored by tile (drawn with their first argument). A tiled MMA,
        /// tiled copy or MMA atom is drawn as `cute atom NAME --svg` draws it; an identity tensor
        /// or a scaled-basis layout as the grid of its coordinates.
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
    /// the base point), or draw its diagram with `--svg` / `--png` / `--latex`.
    ///
    /// LAYOUT is a layout such as `(2,2,2,4,4):(2,1,64,4,16)`, a morphism such as
    /// `(4,4) -> (4,8,4) over (1,3)`, or an `eval` expression yielding either. With `--pointed`,
    /// the bare pointed map α alone (`Fin_*`, base points drawn); with `--steps`, LAYOUT is
    /// `composition(A, B)` and the composition algorithm is shown step by step (the two
    /// morphisms, their mutual refinement, the pasted diagram, the composite).
    Morphism {
        /// The layout, morphism or expression (with --steps: `composition(A, B)`).
        layout: String,
        /// Show the pointed map α of the morphism alone, with its base points.
        #[arg(long, conflicts_with = "steps")]
        pointed: bool,
        /// Show the composition algorithm for `composition(A, B)` step by step.
        #[arg(long)]
        steps: bool,
        /// Draw the diagram as SVG, to FILE or standard output.
        #[arg(long, value_name = "FILE", num_args = 0..=1, conflicts_with_all = ["png", "latex"])]
        svg: Option<Option<PathBuf>>,
        /// Draw the diagram as PNG, to FILE or standard output.
        #[arg(long, value_name = "FILE", num_args = 0..=1, conflicts_with = "latex")]
        png: Option<Option<PathBuf>>,
        /// Write the diagram as a standalone TikZ document, to FILE or standard output.
        #[arg(long, value_name = "FILE", num_args = 0..=1)]
        latex: Option<Option<PathBuf>>,
    },
    /// Analyse a layout's shared-memory accesses: bank conflicts per phase (32 banks of 4
    /// bytes), the widest vector access, contiguity, injectivity and surjectivity.
    ///
    /// EXPR is a layout (`(_32,_32):(_32,_1)`), a swizzled layout
    /// (`Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`), a tensor `L+o` (the layout at element offset o:
    /// every address moves by o, which changes the banks and the alignment of the vectors) or an
    /// `eval` expression yielding one.
    Analyze {
        /// The layout or expression.
        expr: String,
        /// Element size in bytes; default: the size of the element type EXPR names
        /// (`Copy_Atom<..., half_t>`, `GMMA::Layout_K_SW128_Atom<half_t>`: 2), else 4.
        #[arg(long, value_name = "BYTES")]
        elem_bytes: Option<i64>,
        /// Read EXPR as a (thread, value) layout: mode 0 threads, mode 1 values.
        #[arg(long)]
        tv: bool,
        /// Access width in bits (8, 16, 32, 64, 128); default: the widest the layout allows.
        #[arg(long, value_name = "BITS", conflicts_with = "atom")]
        access_bits: Option<i64>,
        /// Access as this copy atom's shared-memory side, e.g. `SM75_U32x4_LDSM_N` (ldmatrix
        /// .x4), `SM90_U32x2_STSM_N` (stmatrix .x2), `UniversalCopy<uint64_t>` (`cute atoms`).
        #[arg(long, value_name = "NAME")]
        atom: Option<String>,
        /// Stores rather than loads.
        #[arg(long)]
        store: bool,
        /// Find the smallest swizzle Sw<B,M,S> that makes the accesses conflict-free, and why.
        #[arg(long)]
        solve: bool,
        /// Print the report (or the solution) as JSON.
        #[arg(long, conflicts_with = "cuda")]
        json: bool,
        /// Print a CUDA kernel named NAME performing exactly the analysed accesses (bench/gpu).
        #[arg(long, value_name = "NAME", conflicts_with = "solve")]
        cuda: Option<String>,
    },
    /// Compare two layouts as functions: equal or not (same domain size and the same offset at
    /// every index), the first index where they differ (its coordinate in each and both
    /// offsets), and where their shapes differ. Exit status 0 when equal, 1 otherwise.
    Diff {
        /// The first layout or expression (A).
        a: String,
        /// The second layout or expression (B).
        b: String,
    },
    /// Print the derivation of a result step by step, e.g. `logical_divide((4,2,3):(2,1,8), 4:2)`.
    Explain {
        /// The expression.
        expr: String,
        /// Print the steps as JSON (each with its depth, kind, text and fields) for other tools.
        #[arg(long)]
        json: bool,
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
        /// The longest one evaluation may run, in milliseconds (then its work stops).
        #[arg(long, default_value_t = 5000, value_name = "MS")]
        eval_ms: u64,
        /// Evaluations running at once.
        #[arg(long, default_value_t = 4, value_name = "N")]
        slots: usize,
        /// Requests waiting for a slot at most (more are answered 503 at once).
        #[arg(long, default_value_t = 1024, value_name = "N")]
        queue: usize,
        /// The longest a request waits in the queue, in milliseconds.
        #[arg(long, default_value_t = 2000, value_name = "MS")]
        queue_ms: u64,
        /// Connections open at once at most.
        #[arg(long, default_value_t = 16384, value_name = "N")]
        connections: usize,
        /// The longest a client may take to send a request head, and a kept-alive connection
        /// may stay idle, in milliseconds.
        #[arg(long, default_value_t = 10000, value_name = "MS")]
        header_ms: u64,
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
        #[command(flatten)]
        draw: DrawArgs,
    },
}

/// The options `show`, `latex` and `svg` share.
#[derive(Args)]
struct DrawArgs {
    /// Color the cells by offset (CuTe's greys), tile (divides, products, complement,
    /// composition), thread (index into mode 0), value (index into the other modes), bank
    /// (offset * elem-bytes / 4 mod 32), warp (1-D index / 32) or phase (the thread's
    /// shared-memory phase within its warp: thread mod 32 / (128 / access bytes); see
    /// --access-bits). `show` has no colors; `--color tile` prints the input `A` too.
    #[arg(long, value_enum, default_value_t = ColorBy::Offset)]
    color: ColorBy,
    /// Highlight `thread:T`, `value:V`, `tile:K` or a slice such as `(_,3)`; the other cells
    /// are dimmed (`show`: printed `.`).
    #[arg(long, value_name = "WHAT")]
    highlight: Option<String>,
    /// Element size in bytes, for `--color bank` (default 4); `html`: the hover shows banks.
    #[arg(long, value_name = "BYTES")]
    elem_bytes: Option<i64>,
    /// Bits one thread accesses at once, for `--color phase` (default: one element).
    #[arg(long, value_name = "BITS")]
    access_bits: Option<i64>,
}

impl DrawArgs {
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
                ColorBy::Phase => Coloring::Phase,
            },
            highlight: self
                .highlight
                .as_deref()
                .map(str::parse::<Highlight>)
                .transpose()?,
            elem_bytes: self.elem_bytes.unwrap_or(4),
            access_bytes: self.access_bits.unwrap_or(0) / 8,
        })
    }

    /// The playground's options (`cute html`).
    fn page_options(&self) -> Result<PictureOptions, Box<dyn std::error::Error>> {
        let o = self.options(Label::Offset)?;
        Ok(PictureOptions {
            color: o.coloring,
            coords: false,
            highlight: o.highlight,
            elem_bytes: self.elem_bytes,
        })
    }
}

/// The syntax `cute eval --as` prints in.
#[derive(Clone, Copy, ValueEnum)]
enum As {
    /// CuTe notation, as CuTe prints: `(_4,_8):(_1,_4)`.
    Cute,
    /// A C++ expression: `Layout<Shape<Int<4>,Int<8>>,Stride<Int<1>,Int<4>>>{}`.
    Cpp,
    /// CuTe DSL Python: `cute.make_layout((4,8), stride=(1,4))`.
    Dsl,
    /// Triton's linear layout, `#ttg.linear<{register = [[0, 1]], ...}>` (the value's
    /// `to_linear_layout`); read as CuTe notation, which reads `#ttg.` layouts.
    Triton,
}

impl From<As> for Syntax {
    fn from(a: As) -> Syntax {
        match a {
            As::Cute | As::Triton => Syntax::Cute,
            As::Cpp => Syntax::Cpp,
            As::Dsl => Syntax::Dsl,
        }
    }
}

/// A result printed as `--as` asks.
fn print_in(v: &cute_layout::value::Value, syntax: As) -> cute_layout::error::Result<String> {
    match syntax {
        As::Triton => cute_tools::registry::triton_text(v),
        s => print_as(v, s.into()),
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
    Phase,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    if let Some(units) = cli.budget {
        cute_layout::budget::set_default_work(units);
    }
    // one budget for the command's expression (`eval` of many lines: one for each line, as
    // the library's `eval` installs)
    let outcome = match &cli.command {
        Command::Eval { expr: None, .. } | Command::Serve { .. } => run(cli.command),
        _ => cute_layout::budget::scope(|| run(cli.command)),
    };
    match outcome {
        Ok(code) => code,
        // the reader went away (`cute atoms | head -3`): stop quietly, as a filter should
        Err(e) if is_broken_pipe(e.as_ref()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Reports a command line clap refuses (or prints its help or version), as `Error::exit`
/// would, but with every word of user text longer than `MAX_ERROR_ECHO` cut by [`echo`]: a
/// flag's value may be as long as the system allows an argument to be.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    if !e.use_stderr() {
        let _ = out(text);
        return ExitCode::SUCCESS;
    }
    let shown: Vec<String> = text
        .split('\n')
        .map(|line| {
            line.split(' ')
                .map(|word| echo(word).into_owned())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    eprint!("{}", shown.join("\n"));
    ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
}

/// A command's outcome: its exit status, or the error `main` reports. Every subcommand writes
/// through [`out`], so a closed standard output is an error here, never a panic.
type Outcome = Result<ExitCode, Box<dyn std::error::Error>>;

/// Runs one subcommand.
fn run(command: Command) -> Outcome {
    match command {
        Command::Eval {
            expr: Some(expr),
            syntax,
            from,
        } => {
            let (v, warnings) = eval_with_warnings_in(&expr, from.into())?;
            warn(&warnings);
            out(print_in(&v, syntax)? + "\n")?
        }
        Command::Eval {
            expr: None,
            syntax,
            from,
        } => eval_lines(syntax, from.into())?,
        Command::Ops { markdown: true } => out(cute_tools::registry::markdown())?,
        Command::Ops { markdown: false } => out(cute_tools::registry::listing())?,
        Command::Atoms(args) => out(atoms::list(args))?,
        Command::Atom(args) => atoms::show(args)?,
        Command::Diff { a, b } => {
            let d = cute_tools::diff::diff_exprs(&a, &b)?;
            out(format!("{d}\n"))?;
            if !d.equal() {
                return Ok(ExitCode::FAILURE);
            }
        }
        Command::Explain { expr, json } => {
            let e = explain(&expr)?;
            warn(&e.warnings);
            out(if json {
                e.to_json() + "\n"
            } else {
                e.to_string()
            })?;
            if e.result.is_err() {
                return Ok(ExitCode::FAILURE);
            }
        }
        Command::Serve {
            port,
            open,
            eval_ms,
            slots,
            queue,
            queue_ms,
            connections,
            header_ms,
        } => {
            use std::time::Duration;
            let limits = cute_cli::serve::Limits {
                eval_time: Duration::from_millis(eval_ms),
                concurrent: slots,
                queue,
                queue_wait: Duration::from_millis(queue_ms),
                budget: cute_layout::budget::default_work(),
                connections,
                header_read: Duration::from_millis(header_ms),
                ..cute_cli::serve::Limits::default()
            };
            cute_cli::serve::run(port, open, limits)
                .map_err(|e| format!("cannot serve on 127.0.0.1:{port}: {e}"))?
        }
        command => draw(command)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` to standard output; the one way subcommands print.
fn out(text: impl AsRef<[u8]>) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    stdout.write_all(text.as_ref())?;
    stdout.flush()
}

/// Prints warnings (a tiler that does not divide the layout, ...) on standard error, one a
/// line: every subcommand that evaluates an expression prints its warnings so.
fn warn(warnings: &[Warning]) {
    if warnings.is_empty() {
        return;
    }
    // gathered first: standard error is not buffered, and each piece of a warning's text
    // written to it would be a write of its own
    let mut text = String::new();
    for w in warnings {
        let _ = std::fmt::Write::write_fmt(&mut text, format_args!("{w}\n"));
    }
    eprint!("{text}");
}

/// Whether `e` (or what it wraps) is a write to a closed pipe.
fn is_broken_pipe(e: &(dyn std::error::Error + 'static)) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// `show`, `latex` and `svg`: evaluate, render with the library, write.
fn draw(command: Command) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        Command::Show {
            expr,
            tv: None,
            draw,
        } => out(picture(&expr)?.text(&draw.options(Label::Offset)?)?)?,
        Command::Show {
            expr,
            tv: Some(tile),
            draw,
        } => out(grid_tv_opts(
            &tv_layout(&expr, &tile)?,
            &draw.options(Label::Offset)?,
        )?)?,
        Command::Latex {
            expr,
            tv,
            output,
            draw,
        } => {
            check_extension(output.as_deref(), &["tex"])?;
            let tex = match tv {
                Some(tile) => {
                    latex_tv_opts(&tv_layout(&expr, &tile)?, &draw.options(Label::Offset)?)?
                }
                None => latex_of(&picture(&expr)?, &draw)?,
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
        Command::Morphism {
            layout,
            pointed,
            steps,
            svg,
            png,
            latex,
        } => morphism(&layout, pointed, steps, [svg, png, latex])?,
        Command::Analyze {
            expr,
            elem_bytes,
            tv,
            access_bits,
            atom,
            store,
            solve,
            json,
            cuda,
        } => {
            use cute_tools::analysis::{self, AccessSpec, Width};
            let elem_bytes = match elem_bytes {
                Some(e) => e,
                None => cute_tools::analyze::elem_bytes_of(&expr)?.unwrap_or(4),
            };
            let width = match (access_bits, atom) {
                (Some(bits), _) => Width::Bits(bits),
                (None, Some(name)) => Width::Atom(name),
                (None, None) => Width::Widest,
            };
            let spec = AccessSpec {
                elem_bytes,
                tv,
                width,
                store,
            };
            let (layout, offset) = cute_tools::analyze::tensor_of(&expr)?;
            if solve {
                if offset != Int::ZERO {
                    return Err(LayoutError::InvalidArgument {
                        op: "analyze --solve",
                        detail: format!(
                            "{} is the tensor {}+{offset}; the solver swizzles a layout at offset 0 and would ignore the offset",
                            echo(&expr),
                            echo(&layout.to_string())
                        ),
                        hint: "solve for the layout alone, layout(T), then analyse the swizzled layout at the offset to check it",
                    }
                    .into());
                }
                let AnyLayout::Layout(l) = layout else {
                    return Err(format!(
                        "{} is swizzled already; --solve takes the unswizzled layout",
                        echo(&expr)
                    )
                    .into());
                };
                let s = analysis::solve_swizzle(&l, &spec)?;
                out(if json { s.to_json() } else { s.to_string() } + "\n")?;
            } else {
                let r = analysis::analyze_at(&layout, offset, &spec)?;
                match cuda {
                    Some(name) => out(analysis::cuda_kernel(
                        &r.plan,
                        &name,
                        &format!("cute analyze '{expr}' ({elem_bytes}-byte elements)"),
                    )?)?,
                    None if json => out(r.to_json() + "\n")?,
                    None => out(format!("{r}\n"))?,
                }
            }
        }
        Command::Html {
            expr,
            output,
            coords,
            draw,
        } => {
            check_extension(output.as_deref(), &["html", "htm"])?;
            let options = PictureOptions {
                coords,
                ..draw.page_options()?
            };
            let answer = standalone_answer(&expr, &options)?;
            for w in answer["warnings"].as_array().into_iter().flatten() {
                eprintln!("{}", w.as_str().unwrap_or_default());
            }
            write_out(
                output.as_deref(),
                standalone_page(&answer, &options).as_bytes(),
            )?;
        }
        _ => unreachable!("eval, ops, explain and serve are handled in main"),
    }
    Ok(())
}

/// `morphism`: the diagrams of a morphism, its pointed map, or the composition algorithm's
/// steps, as text or written as SVG, PNG or TikZ (`outputs`: `--svg`, `--png`, `--latex`).
fn morphism(
    expr: &str,
    pointed: bool,
    steps: bool,
    outputs: [Option<Option<PathBuf>>; 3],
) -> Result<(), Box<dyn std::error::Error>> {
    use cute_layout::category::{diagram, draw};
    let [svg, png, latex] = outputs;
    check_extension(svg.as_ref().and_then(|o| o.as_deref()), &["svg"])?;
    check_extension(png.as_ref().and_then(|o| o.as_deref()), &["png"])?;
    check_extension(latex.as_ref().and_then(|o| o.as_deref()), &["tex"])?;
    let diagrams = if steps {
        diagram::composition_diagrams(&cute_tools::eval::composition_steps_of(expr)?)?
    } else {
        let f = cute_tools::eval::morphism_of(expr)?;
        if !pointed && svg.is_none() && png.is_none() && latex.is_none() {
            out(format!("{f}\n"))?;
            return Ok(());
        }
        if pointed {
            vec![diagram::pointed_diagram(f.alpha())]
        } else {
            vec![diagram::morphism_diagram(&f)?]
        }
    };
    diagram::check_elements(&diagrams)?;
    match (svg, png, latex) {
        (Some(out), _, _) => write_out(out.as_deref(), draw::svg(&diagrams).as_bytes())?,
        (_, Some(out), _) => write_out(out.as_deref(), &render::png(&draw::svg(&diagrams))?)?,
        (_, _, Some(out)) => write_out(out.as_deref(), draw::tikz(&diagrams).as_bytes())?,
        _ => out(diagram::text(&diagrams))?,
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
        None => picture(expr)?.svg(&options)?,
    };
    write_picture(output, &svg)
}

/// The LaTeX of a picture ([`Picture::latex_with_warnings`]), its warnings printed.
fn latex_of(p: &Picture, draw: &DrawArgs) -> Result<String, Box<dyn std::error::Error>> {
    let (tex, warnings) = p.latex_with_warnings(&draw.options(Label::Offset)?)?;
    warn(&warnings);
    Ok(tex)
}

/// What EXPR draws ([`render::subject`]), its warnings printed.
fn subject(expr: &str) -> Result<render::Subject, cute_layout::LayoutError> {
    let s = render::subject(expr)?;
    warn(&s.warnings);
    Ok(s)
}

/// What EXPR draws ([`render::picture`]), its warnings printed.
fn picture(expr: &str) -> Result<Picture, cute_layout::LayoutError> {
    let (p, warnings) = render::picture(expr)?;
    warn(&warnings);
    Ok(p)
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
    match subject(expr)?.layout {
        AnyLayout::Layout(l) => Ok(l),
        AnyLayout::Composed(c) => Err(format!(
            "{} is the composed layout {}; --tv needs an ordinary layout",
            echo(expr),
            echo(&c.to_string())
        )
        .into()),
    }
}

/// A path as a message shows it: at most `MAX_PATH_ECHO` characters.
fn shown_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    cute_layout::limits::echo_at_most(&text, cute_layout::limits::MAX_PATH_ECHO).into_owned()
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
        shown_path(path),
        if ext.is_empty() {
            "(none)".to_string()
        } else {
            format!(".{}", echo(ext))
        },
        names.join(", ")
    ))
}

/// Writes to the file, or to standard output without one. A file is written whole or not at
/// all: the bytes go to a temporary file beside it, renamed over it once written and synced,
/// removed on any error; the error names the path. A path that is there and not a regular
/// file (`/dev/stdout`, `/dev/full`, a pipe) is written to as it is: renaming over it would
/// replace the device or the pipe by a file.
fn write_out(path: Option<&Path>, bytes: &[u8]) -> io::Result<()> {
    let Some(p) = path else { return out(bytes) };
    let named =
        |e: io::Error| io::Error::new(e.kind(), format!("cannot write {}: {e}", shown_path(p)));
    if std::fs::metadata(p).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(p)
            .map_err(named)?;
        return f.write_all(bytes).and_then(|()| f.flush()).map_err(named);
    }
    let name = p.file_name().ok_or_else(|| {
        named(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name",
        ))
    })?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = p.with_file_name(tmp_name);
    let written = (|| {
        let mut f = std::fs::File::create_new(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, p)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.map_err(named)
}

/// One output line per input line; errors are folded onto that one line. Bytes that are not
/// UTF-8 are replaced (and then fail to parse), so one bad line never stops the stream.
/// `syntax` is the one results are printed in, `from` the one expressions are read in.
fn eval_lines(syntax: As, from: Syntax) -> io::Result<()> {
    // (buffered here too, to know when the next read may wait for input)
    let mut input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    let mut out = BufWriter::new(io::stdout().lock());
    let mut raw = Vec::new();
    let mut line = String::new();
    loop {
        raw.clear();
        if input.buffer().is_empty() {
            // every line read so far is answered before waiting for more: typed input, or a
            // program writing one line and reading its answer, sees each answer at once
            out.flush()?;
        }
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        // `from_utf8` is the fast check; only invalid lines pay for the lossy copy
        let text = match std::str::from_utf8(&raw) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(&raw),
        };
        let expr = text.trim_end_matches(['\n', '\r']);
        if matches!(syntax, As::Cute) && from == Syntax::Cute {
            eval_line(expr, &mut line, &mut out)?;
        } else {
            let value = eval_with_warnings_in(expr, from).map(|(v, warnings)| {
                warn(&warnings);
                v
            });
            match value.and_then(|v| print_in(&v, syntax)) {
                Ok(text) => writeln!(out, "{text}")?,
                Err(e) => writeln!(out, "error: {}", e.to_string().replace('\n', " | "))?,
            }
        }
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
    match &eval_with_warnings(expr) {
        Ok((v, warnings)) => {
            warn(warnings);
            line.clear();
            v.append_to(line);
            line.push('\n');
            out.write_all(line.as_bytes())
        }
        Err(e) => writeln!(out, "error: {}", e.to_string().replace('\n', " | ")),
    }
}
