//! `sudolab explain`: the step-by-step path through one puzzle, or the next step only.

use super::overwrite;
use super::run::{FallbackArg, PolicyArg};
use crate::analysis::{explain, explain_se, picture, puzzles};
use crate::ladder_config::LadderConfig;
use crate::policy::Fallback;
use crate::position::Position;
use crate::record::Status;
use crate::se::ladder::SeLadder;
use crate::solver::{Policy, Solver};
use anyhow::Context;
use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const EXAMPLES: &str = r#"Examples:
  sudolab explain data/blog.txt:13 -l fh,n1,h1,lc1,lc2 --grid
  sudolab explain 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... --next
  sudolab explain puzzles.txt:42 --format json      # FILE:LINE, as a results row names it
  sudolab explain grid.txt --next                   # a pencil-mark grid: a hint from there
  sudolab explain puzzles.txt:42 --format html -o path.html   # every step drawn
  sudolab explain puzzles.txt:42 --format svg -o steps/       # one SVG file per picture"#;

/// Explain one puzzle step by step in the forums' notation, with its verdict and grade.
///
/// Exit code 0 when the puzzle has one solution (solved or stuck), 1 when it has none,
/// several, or a step contradicts the solution, 2 on bad input.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct ExplainArgs {
    /// A puzzle line (81 cells, run together or set off by spaces), a HoDoKu library line,
    /// a 9-line grid or pencil-mark grid (as --grid draws it, or as HoDoKu and Sudoku
    /// Explainer copy it: the solve starts from its candidates), a file holding one of
    /// these, or FILE:LINE (the `source` and `line` columns of a results CSV); '-' (or
    /// none, with a pipe) reads it from stdin, '-:LINE' that line of stdin.
    #[arg(value_name = "PUZZLE|FILE:LINE")]
    puzzle: Option<String>,
    /// The ladder: a preset (`sudolab techniques --presets` lists them: a preset named
    /// alone brings its policy and fallback), a comma list of techniques, or a ladder file
    /// (FILE.toml, as for `sudolab run`: its policy, fallback and scores apply); or `se`,
    /// Sudoku Explainer's path (SE's hint names and difficulties, ending with ER, EP and
    /// ED), `se:RULE` cutting SE's order after the producer of RULE.
    #[arg(short, long, default_value = "standard")]
    ladder: String,
    /// Step policy: single (one pattern instance per step), sweep or queue (see `sudolab
    /// run --help`) [default: the preset's or ladder file's, else single].
    #[arg(long, value_enum)]
    policy: Option<PolicyArg>,
    /// When logic stops: stay stuck (none) or set a cell by brute force [default: the
    /// preset's or ladder file's, else none].
    #[arg(long, value_enum)]
    fallback: Option<FallbackArg>,
    /// text (for reading), json (the path and verdict, each step with its cells,
    /// candidates removed and placed, and pattern by role, for other tools;
    /// docs/explain-json.md gives the schema), html (one self-contained page, every step
    /// drawn) or svg (one SVG file per picture, into the directory -o names).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The file the explanation goes to (default: stdout); for svg, the directory the files
    /// go into (made if missing).
    #[arg(short, long, value_name = "FILE|DIR")]
    output: Option<PathBuf>,
    /// Write over the -o file when it already holds something.
    #[arg(long)]
    force: bool,
    /// With html or svg: draw every step, singles too, rather than one picture per run of
    /// singles.
    #[arg(long)]
    all_steps: bool,
    /// With html: rate the puzzle with Sudoku Explainer's rules too and show its ER/EP/ED
    /// at the top (slow on the hardest puzzles).
    #[arg(long)]
    se: bool,
    /// Print only the next step from the grid as given (a hint): a partly solved grid, or a
    /// pencil-mark grid with candidates already struck out.
    #[arg(long)]
    next: bool,
    /// Draw the pencil-mark grid before every step that is not a single (with --format json:
    /// give every step the grid it is taken in).
    #[arg(long)]
    grid: bool,
}

#[derive(Copy, Clone, Debug, clap::ValueEnum)]
enum Format {
    Text,
    Json,
    Html,
    Svg,
}

pub fn execute(args: ExplainArgs) -> anyhow::Result<ExitCode> {
    if let (Some(output), false) = (&args.output, matches!(args.format, Format::Svg)) {
        let input = args.puzzle.as_deref().and_then(puzzle_file);
        overwrite::check(output, args.force, input.as_slice(), "")?;
    }
    if let Some(se_ladder) = SeLadder::parse(&args.ladder) {
        return explain_se(se_ladder?, args);
    }
    let config = LadderConfig::from_arg(&args.ladder)?;
    let policy = args
        .policy
        .map(Policy::from)
        .or(config.policy)
        .unwrap_or_default();
    let fallback = args
        .fallback
        .map(Fallback::from)
        .or(config.fallback)
        .unwrap_or_default();
    let spec = match args.puzzle {
        Some(spec) => spec,
        None if std::io::stdin().is_terminal() => {
            anyhow::bail!("no puzzle: give one, a file or FILE:LINE, or pipe one into stdin")
        }
        None => "-".to_string(),
    };
    let (label, puzzle) = puzzles::resolve(&spec)?;
    let ladder = config.ladder.with_fallback(fallback);
    let solver = Solver::new(ladder, policy);
    if !matches!(args.format, Format::Text) && args.next {
        anyhow::bail!("--next gives one step as text; the other formats give the whole path");
    }
    match args.format {
        Format::Json => {
            let (json, status) =
                explain::explain_json(&label, &puzzle, &solver, &config.scores, args.grid);
            let mut bytes = serde_json::to_vec_pretty(&json)?;
            bytes.push(b'\n');
            emit(&bytes, args.output.as_deref())?;
            return Ok(exit_code(status));
        }
        Format::Html | Format::Svg => {
            let drawn = Drawn {
                json: explain::explain_json(&label, &puzzle, &solver, &config.scores, true),
                se: args.se.then(|| se_rating(&puzzle)),
            };
            return drawn.write(args.format, args.output.as_deref(), args.all_steps);
        }
        Format::Text => {}
    }
    let (text, status) = if args.next {
        explain::hint(&label, &puzzle, &solver, args.grid)
    } else {
        explain::explain(&label, &puzzle, &solver, &config.scores, args.grid)
    };
    emit(text.as_bytes(), args.output.as_deref())?;
    Ok(exit_code(status))
}

/// `explain` along Sudoku Explainer's path.
fn explain_se(ladder: SeLadder, args: ExplainArgs) -> anyhow::Result<ExitCode> {
    if args.policy.is_some() || args.fallback.is_some() {
        anyhow::bail!(
            "--ladder {} follows SE's own path: --policy and --fallback do not apply",
            ladder.name()
        );
    }
    let spec = match args.puzzle {
        Some(spec) => spec,
        None if std::io::stdin().is_terminal() => {
            anyhow::bail!("no puzzle: give one, a file or FILE:LINE, or pipe one into stdin")
        }
        None => "-".to_string(),
    };
    let (label, puzzle) = puzzles::resolve(&spec)?;
    if !matches!(args.format, Format::Text) && args.next {
        anyhow::bail!("--next gives one step as text; the other formats give the whole path");
    }
    match args.format {
        Format::Json => {
            let (json, status) = explain_se::explain_json(&label, &puzzle, ladder, args.grid);
            let mut bytes = serde_json::to_vec_pretty(&json)?;
            bytes.push(b'\n');
            emit(&bytes, args.output.as_deref())?;
            return Ok(exit_code(status));
        }
        Format::Html | Format::Svg => {
            let drawn = Drawn {
                json: explain_se::explain_json(&label, &puzzle, ladder, true),
                se: None,
            };
            return drawn.write(args.format, args.output.as_deref(), args.all_steps);
        }
        Format::Text => {}
    }
    let (text, status) = match args.next {
        true => explain_se::hint(&label, &puzzle, ladder, args.grid),
        false => explain_se::explain(&label, &puzzle, ladder, args.grid),
    };
    emit(text.as_bytes(), args.output.as_deref())?;
    Ok(exit_code(status))
}

/// The file a puzzle argument reads (FILE or FILE:LINE), when it names one.
fn puzzle_file(spec: &str) -> Option<&Path> {
    let whole = Path::new(spec);
    if whole.is_file() {
        return Some(whole);
    }
    let (file, line) = spec.rsplit_once(':')?;
    (line.parse::<u64>().is_ok() && Path::new(file).is_file()).then(|| Path::new(file))
}

/// `bytes` into the file `output`, or to stdout without one.
fn emit(bytes: &[u8], output: Option<&Path>) -> anyhow::Result<()> {
    match output {
        Some(path) => {
            std::fs::write(path, bytes).with_context(|| format!("{}: cannot write", path.display()))
        }
        None => Ok(super::print(bytes)?),
    }
}

/// A path explained as JSON with its grids, ready to be drawn.
struct Drawn {
    json: (serde_json::Value, Status),
    se: Option<String>,
}

impl Drawn {
    fn write(
        &self,
        format: Format,
        output: Option<&Path>,
        all_steps: bool,
    ) -> anyhow::Result<ExitCode> {
        let (json, status) = &self.json;
        match (format, output) {
            (Format::Svg, None) => {
                anyhow::bail!("--format svg needs -o DIR, the directory to write into")
            }
            (Format::Svg, Some(dir)) => {
                let files = picture::write_svgs(json, all_steps, dir)?;
                eprintln!("{} SVG files in {}", files, dir.display());
            }
            (_, output) => {
                let html = picture::page::page(json, all_steps, self.se.as_deref())?;
                emit(html.as_bytes(), output)?;
            }
        }
        Ok(exit_code(*status))
    }
}

/// Sudoku Explainer's rating of the position, as the page shows it.
fn se_rating(position: &Position) -> String {
    let rating = crate::se::rate_grid(position.grid(), |_| {});
    format!("ER {} / EP {} / ED {}", rating.er, rating.ep, rating.ed)
}

/// The command line with `explain`'s `-:LINE` (a line of stdin) moved behind a `--`, where
/// clap takes it for the puzzle it is rather than for short options (`-:`, `-3`); every
/// other argument, and every other subcommand's, as it was.
pub(super) fn stdin_line_as_value(mut args: Vec<OsString>) -> Vec<OsString> {
    let is_stdin_line = |arg: &OsString| {
        arg.to_str()
            .and_then(|arg| arg.strip_prefix("-:"))
            .is_some_and(|line| line.parse::<u64>().is_ok())
    };
    if args.get(1).is_none_or(|command| command != "explain") || args.iter().any(|a| a == "--") {
        return args;
    }
    if let Some(at) = args.iter().position(is_stdin_line) {
        let line = args.remove(at);
        args.extend([OsString::from("--"), line]);
    }
    args
}

/// 0 for a puzzle with one solution (solved or stuck), else 1.
fn exit_code(status: Status) -> ExitCode {
    match status {
        Status::Solved | Status::Stuck => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn a_line_of_stdin_is_moved_behind_a_double_dash() {
        assert_eq!(
            stdin_line_as_value(args(&["sudolab", "explain", "-:3", "--next"])),
            args(&["sudolab", "explain", "--next", "--", "-:3"])
        );
        for unchanged in [
            &["sudolab", "explain", "--next", "--", "-:3"][..],
            &["sudolab", "explain", "-:x"],
            &["sudolab", "explain", "--nxt", "x.txt"],
            &["sudolab", "run", "-:3"],
        ] {
            assert_eq!(stdin_line_as_value(args(unchanged)), args(unchanged));
        }
    }
}
