//! `sudolab explain`: the step-by-step path through one puzzle, or the next step only.

use crate::analysis::{explain, puzzles};
use crate::ladder_config::LadderConfig;
use crate::record::Status;
use crate::solver::Solver;
use std::process::ExitCode;

/// Explain one puzzle step by step in the forums' notation, with its verdict and grade.
///
/// Exit code 0 when the puzzle has one solution (solved or stuck), 1 when it has none,
/// several, or a step contradicts the solution, 2 on bad input.
#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// An 81-character puzzle, a file holding one puzzle (a line or a 9-line grid), or
    /// FILE:LINE (the `source` and `line` columns of a results CSV).
    #[arg(value_name = "PUZZLE|FILE:LINE")]
    puzzle: String,
    /// The ladder: a preset (singles, blog, standard), a comma list of techniques, or a
    /// ladder file (FILE.toml, as for `sudolab run`: its policy, fallback and scores apply).
    #[arg(long, default_value = "standard")]
    ladder: String,
    /// Step policy: single (one pattern instance per step) or sweep [default: the ladder
    /// file's, else single].
    #[arg(long)]
    policy: Option<String>,
    /// Print only the next step from the grid as given (a hint); a partly solved grid is fine.
    #[arg(long)]
    next: bool,
    /// Draw the pencil-mark grid before every step that is not a single.
    #[arg(long)]
    grid: bool,
}

pub fn execute(args: ExplainArgs) -> anyhow::Result<ExitCode> {
    let config = LadderConfig::from_arg(&args.ladder)?;
    let policy = match args.policy {
        Some(policy) => policy.parse().map_err(anyhow::Error::msg)?,
        None => config.policy.unwrap_or_default(),
    };
    let (label, puzzle) = puzzles::resolve(&args.puzzle)?;
    let ladder = config.fallback.unwrap_or_default().extend(&config.ladder);
    let solver = Solver::new(ladder, policy);
    let (text, status) = if args.next {
        explain::hint(&label, &puzzle, &solver, args.grid)
    } else {
        explain::explain(&label, &puzzle, &solver, &config.scores, args.grid)
    };
    super::print(text.as_bytes())?;
    Ok(match status {
        Status::Solved | Status::Stuck => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    })
}
