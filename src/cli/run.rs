//! `sudolab run`: the command-line face of [`crate::runner`]. It turns options into a
//! [`RunConfig`], prints the runner's notices and the closing summary on stderr, and maps
//! the outcome to the exit code. The work itself lives in the library.

use super::ladder_arg::{LadderArg, parse_ladder, parse_seconds};
use crate::ladder::Ladder;
use crate::ladder_config::LadderConfig;
use crate::policy::Fallback;
use crate::record::Status;
use crate::runner::meta::Shard;
use crate::runner::output::Target;
use crate::runner::summary::summary;
use crate::runner::{self, Existing, INVALID_NOTICES, Notice, RunConfig, RunReport};
use crate::solver::Policy;
use anyhow::bail;
use clap::ValueEnum;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

const AFTER_HELP: &str = r#"Progress: a bar on stderr (when it is a terminal) with puzzles/s, and an ETA when the
input size is known (files, or --limit); --quiet hides it and the closing summary.

Input: one puzzle a line, 81 cells (digits, and . 0 - _ x for blanks), in one run or set
off cell by cell, box row by box row or row by row by spaces, ',', ';' or '|'; what
follows the cells (set off likewise, or by '#') is ignored. A HoDoKu library line
(:technique:candidates:givens:deleted candidates:...) is graded from its position: the
cells it places ('+') and the candidates it strikes out, and its row's puzzle shows every
set cell.

Output: one CSV row per puzzle line, in input order at any thread count (blank lines and
lines whose first non-blank character is '#' are not puzzles). Columns: source, line,
puzzle, givens, status, steps, placements, eliminations, hardest, score, level, micros,
error, one count column per technique of the ladder, er, ep, ed with --grade hodoku,se,
then solution with --solution, then rest with --keep-rest. A FILE.csv.meta.json beside a
results file records version, commit, command line, ladder, inputs, times and totals.

Status: solved | stuck (logic alone stops) | no-solution | multiple-solutions | invalid
(not a puzzle; `error` says why) | unsound (a step contradicted the solution: a bug).
Every status rests on proof: a solve that fills the grid with techniques that do not assume
uniqueness proves the puzzle has one solution; every other puzzle (stuck, solved with a
uniqueness technique, and every puzzle under --verify or --fallback brute-force) is checked
by a brute-force oracle, and the solve against its solution.
score is the sum of the steps' HoDoKu base scores; level (easy, medium, hard, unfair,
extreme) is HoDoKu's rule, given for solved puzzles.

Exit codes: 0 every line was processed (invalid puzzles are data, not failures); 1 a step
was unsound; 2 usage, configuration or I/O error (an unreadable input is reported and the
others still run).

Ladder file (--ladder FILE.toml; --policy and --fallback on the command line win):
  techniques = ["n1", "h1", "lc1", "x-wing"]   # or one string: "standard", "n1,h1,lc1"
  policy = "sweep"                              # single | sweep | queue
  fallback = "brute-force"                      # none | brute-force
  [scores]                                      # base scores (HoDoKu's by default)
  x-wing = 150
  [levels]                                      # easy | medium | hard | unfair | extreme
  x-wing = "hard"

Examples:
  sudolab run data/sudoku_exchange_4k.txt --out results.csv
  sudolab run data/blog.txt --ladder blog --out blog.csv        # the blog solver, sweeping
  sudolab run data/sudoku17.txt --ladder singles --fallback brute-force --limit 1000 -o s.csv
  sudolab run data/tdoku_test_puzzles.txt --ladder my-ladder.toml --verify -o t.csv
  cat puzzles.txt | sudolab run --ladder n1,h1,lc1,lc2 --quiet > out.csv
  sudolab run data/sudoku17.txt | head -5
  sudolab run big.txt -o big.csv --resume          # after an interruption: go on
  sudolab run big.txt --shard 3/8 -o part3.csv     # then: sudolab merge part*.csv -o all.csv"#;

/// Grade puzzle files with a ladder of techniques: a CSV row per puzzle, on all cores.
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct RunArgs {
    /// Puzzle files, one puzzle a line; '-' (or none, with a pipe) reads stdin
    ///
    /// A puzzle line is 81 cells: digits for givens, '.' or '0' (also '-', '_', 'x') for
    /// blanks; text after the cells (set off by whitespace, '#', ',', ';' or '|') is ignored. Blank lines and lines
    /// whose first non-blank character is '#' are skipped. Files are read one after the
    /// other, as they stream.
    #[arg(value_name = "FILE")]
    inputs: Vec<PathBuf>,

    /// Techniques to try, simplest first: a preset, a comma list, or a .toml file
    ///
    /// Presets: singles (full-house, naked-single, hidden-single); blog (the blog solver:
    /// singles, subsets, locked candidates, fish and two wings, policy sweep); lcm (Logical
    /// Candidate Methods: singles, pointing, naked subsets of 2 to 7 cells, policy queue,
    /// brute-force fallback); related-sets (singles, then subsets and fish of size 2, 3, 4
    /// in turn); standard (HoDoKu 2.2's default configuration: the techniques it enables, in
    /// its order). A preset named alone brings its policy and fallback; `sudolab techniques
    /// --presets` lists them in full.
    ///
    /// A comma list names techniques or their HoDoKu codes in order: "n1,h1,lc1,n2" or
    /// "naked-single,hidden-single,x-wing". `sudolab techniques` lists them all; `all` is
    /// every technique but brute force, in HoDoKu's order (as `unlock --try all`).
    ///
    /// A file ending in .toml sets the techniques and, optionally, the policy, the fallback
    /// and HoDoKu's base scores and levels (see "Ladder file" below).
    ///
    /// se: Sudoku Explainer's own path instead (its rules, its order, its choice among
    /// hints, as serate 1.2.1.3 rates): count columns named by SE's rules, `hardest` the
    /// rule of the step that gave ER, er, ep and ed always, and no HoDoKu score or level.
    /// se:RULE stops SE's order after the producer of RULE (se:xy-wing).
    #[arg(short, long, value_name = "LADDER", default_value = "standard",
          value_parser = parse_ladder)]
    ladder: LadderArg,

    /// How rungs take turns: single, sweep or queue [default: the preset's, else single]
    ///
    /// With single (HoDoKu's way) a step applies one instance of a pattern and the ladder
    /// starts again from the top; with sweep (the blog solver's) a step applies every
    /// instance the technique finds, then the ladder starts again. With queue (the Logical
    /// Candidate Methods' operation queue) setting a cell sets its peers left with one
    /// candidate at once, then queues each house technique for the cell's row, column and
    /// box; the other rungs run, in ladder order, when the queue is empty. A preset or a
    /// ladder file may set it; this option wins.
    #[arg(long, value_enum)]
    policy: Option<PolicyArg>,

    /// When logic stops: stay stuck (none) or set a cell by brute force [default: none]
    ///
    /// With none the puzzle's status is stuck. With brute-force a cell is set from the
    /// unique solution, counted in the brute-force column (and graded extreme), and logic
    /// goes on until the puzzle is solved. A ladder file may set it; this option wins.
    #[arg(long, value_enum)]
    fallback: Option<FallbackArg>,

    /// Where the CSV goes; '-' is stdout
    ///
    /// A regular file FILE.csv gets a sidecar FILE.csv.meta.json naming the version, commit, command
    /// line, ladder, policy, fallback, threads, inputs, times and totals. Rows are written a
    /// chunk at a time, so an interrupted run keeps the rows it finished.
    #[arg(short, long, value_name = "FILE.csv", default_value = "-")]
    out: PathBuf,

    /// Write over an existing results file
    ///
    /// Without it (or --resume), a results file that already holds rows is left alone and
    /// the run stops with exit code 2.
    #[arg(long, conflicts_with = "resume")]
    force: bool,

    /// Continue an interrupted run into the same results file
    ///
    /// The sidecar must show the same inputs (and sizes), ladder, policy, fallback, options
    /// and tool version, or the run stops with exit code 2 naming what differs. The input
    /// (files or stdin) is then read again up to the kept rows and each row compared with
    /// its line: the first that differs stops the run (exit code 2) with the file left as
    /// it was. A row cut short by the interruption is dropped; the rows on disk are kept and
    /// the rest appended, so the file ends as an uninterrupted run's would (the micros
    /// column aside). A completed file is left alone; a missing or empty one is started.
    #[arg(long)]
    resume: bool,

    /// Grade only shard K of N (K from 1 to N): the puzzle lines whose position in the run
    /// (from 0, after --skip, within --limit) leaves K-1 when divided by N
    ///
    /// Rows keep their source and line as in the whole run, and `sudolab merge` puts the N
    /// results files back together in input order. For job arrays and GNU parallel.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,

    /// Worker threads [default: one per core]
    ///
    /// The rows are the same, in the same order, whatever the number (the micros column
    /// aside).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    threads: Option<u32>,

    /// Pass over the first N puzzle lines (blank and comment lines do not count).
    #[arg(long, value_name = "N", default_value_t = 0)]
    skip: u64,

    /// Record at most N puzzle lines.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,

    /// Check every step against the unique solution as it is taken
    ///
    /// A solve is always checked at its end; with --verify the first wrong step is caught
    /// when it is taken. A wrong step makes the row unsound and the exit code 1.
    #[arg(long)]
    verify: bool,

    /// Add the unique solution as a last column.
    #[arg(long)]
    solution: bool,

    /// The graders whose columns the rows carry: hodoku (always) and se
    ///
    /// hodoku: score and level, HoDoKu's grade of the ladder's path. se: Sudoku Explainer's
    /// rating along SE's own path, as serate 1.2.1.3 gives it: er (the hardest step), ep
    /// (the hardest up to the first placement) and ed (the first step), one decimal, for
    /// every solved or stuck puzzle (those have exactly one solution). See --se-timeout for
    /// the hardest puzzles.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "hodoku",
        value_name = "GRADERS"
    )]
    grade: Vec<Grader>,

    /// Seconds one puzzle's SE rating may take (with --grade hodoku,se)
    ///
    /// The nested forcing chains of the hardest puzzles (ER 9.5 and up) can take long. A
    /// rating stopped at the limit keeps what SE's path showed so far as lower bounds
    /// (er >=10.5: the next step is at least that hard) and its row's error column says
    /// so. No limit by default.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    se_timeout: Option<std::time::Duration>,
    /// Keep what follows each puzzle on its line in a last column, `rest`
    ///
    /// For rated lists (`puzzle<TAB>rating`, `puzzle,rating`): the rest of the line after
    /// the separators that set it off from the cells, so a bank's own rating sits beside
    /// sudolab's in each row; for a HoDoKu library line, the line without its givens and
    /// deleted candidates. Without this flag the rest is ignored and there is no column.
    #[arg(long)]
    keep_rest: bool,

    /// No progress bar and no summary on stderr
    ///
    /// Unreadable inputs and unsound steps are still reported; lines that are not puzzles
    /// are not named (their rows say why).
    #[arg(short, long)]
    quiet: bool,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub(super) enum PolicyArg {
    Single,
    Sweep,
    Queue,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub(super) enum FallbackArg {
    None,
    BruteForce,
}

impl From<PolicyArg> for Policy {
    fn from(arg: PolicyArg) -> Policy {
        match arg {
            PolicyArg::Single => Policy::Single,
            PolicyArg::Sweep => Policy::Sweep,
            PolicyArg::Queue => Policy::Queue,
        }
    }
}

impl From<FallbackArg> for Fallback {
    fn from(arg: FallbackArg) -> Fallback {
        match arg {
            FallbackArg::None => Fallback::None,
            FallbackArg::BruteForce => Fallback::BruteForce,
        }
    }
}

/// A grader whose columns the rows can carry (`--grade`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Grader {
    /// HoDoKu's score and level of the ladder's path (always written).
    Hodoku,
    /// Sudoku Explainer's ER, EP and ED, along SE's path.
    Se,
}

impl RunArgs {
    /// The run these options ask for; the command line wins over the ladder file.
    fn config(self) -> anyhow::Result<RunConfig> {
        if self.resume && self.out.as_os_str() == "-" {
            bail!("--resume continues a results file: name it with --out");
        }
        let mut inputs = self.inputs;
        if inputs.is_empty() {
            if std::io::stdin().is_terminal() {
                bail!("no input: name puzzle files, or pipe puzzles into stdin (see --help)");
            }
            inputs.push(PathBuf::from("-"));
        }
        let (ladder, se_path) = match self.ladder {
            LadderArg::Hodoku(ladder) => (*ladder, None),
            LadderArg::Se(se_path) => {
                if self.policy.is_some() || self.fallback.is_some() {
                    bail!(
                        "--ladder {} follows SE's own path: --policy and --fallback do not apply",
                        se_path.name()
                    );
                }
                // The ladder is not used along SE's path.
                (LadderConfig::from_ladder(Ladder::all()), Some(se_path))
            }
        };
        Ok(RunConfig {
            se_path,
            inputs,
            output: Target::from_arg(&self.out),
            policy: self
                .policy
                .map(Policy::from)
                .or(ladder.policy)
                .unwrap_or_default(),
            fallback: self
                .fallback
                .map(Fallback::from)
                .or(ladder.fallback)
                .unwrap_or_default(),
            ladder: ladder.ladder,
            ladder_file: ladder.file,
            scores: ladder.scores,
            threads: self.threads.map(|n| n as usize),
            skip: self.skip,
            limit: self.limit,
            shard: self.shard,
            existing: match (self.force, self.resume) {
                (_, true) => Existing::Resume,
                (true, false) => Existing::Overwrite,
                (false, false) => Existing::Refuse,
            },
            verify: self.verify,
            solution: self.solution,
            se: self.grade.contains(&Grader::Se),
            se_timeout: self.se_timeout,
            keep_rest: self.keep_rest,
            progress: !self.quiet,
            command_line: std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
        })
    }
}

pub fn execute(args: RunArgs) -> anyhow::Result<ExitCode> {
    let quiet = args.quiet;
    let config = args.config()?;
    let report = runner::run(&config, &mut |notice| {
        // Lines that are not puzzles are data (their rows say why): named unless quiet.
        if !(quiet && matches!(notice, Notice::Invalid { .. } | Notice::Resuming(_))) {
            super::eprint(&format!("sudolab: {notice}\n"));
        }
    })?;
    if report.broken_pipe {
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(resumed) = report.resumed.as_ref().filter(|r| r.complete) {
        if !quiet {
            super::eprint(&format!(
                "sudolab: {} is complete: its {} rows match the input line by line; \
                 nothing to do, nothing written\n",
                config.output.name(),
                resumed.rows
            ));
        }
        return Ok(exit_code(&report));
    }
    if !quiet {
        let invalid = report.totals.status(Status::Invalid);
        let kept = report.resumed.as_ref().map_or(0, |r| r.rows);
        let mut text = summary(
            &report.totals,
            kept,
            report.elapsed,
            report.threads,
            super::stderr_width(),
        );
        if invalid > INVALID_NOTICES {
            text += &format!(
                "  ({INVALID_NOTICES} of the {invalid} invalid lines are named above; \
                 the error column says why for each)\n"
            );
        }
        super::eprint(&text);
    }
    Ok(exit_code(&report))
}

/// 2 when an input could not be read, else 1 when a step was unsound, else 0.
fn exit_code(report: &RunReport) -> ExitCode {
    if report.input_errors > 0 {
        ExitCode::from(2)
    } else if report.totals.status(Status::Unsound) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Record;
    use std::time::Duration;

    fn report(statuses: &[Status], input_errors: u64) -> RunReport {
        let mut totals = runner::totals::Totals::default();
        for &status in statuses {
            totals.add(&Record {
                status,
                ..Record::new("", 1, 0)
            });
        }
        RunReport {
            totals,
            input_errors,
            broken_pipe: false,
            threads: 1,
            elapsed: Duration::ZERO,
            resumed: None,
        }
    }

    #[test]
    fn the_ladder_file_shown_in_the_help_is_a_valid_one() {
        let example: String = AFTER_HELP
            .lines()
            .skip_while(|l| !l.starts_with("Ladder file"))
            .skip(1)
            .take_while(|l| !l.is_empty())
            .map(|l| l.trim_start().to_string() + "\n")
            .collect();
        assert!(example.starts_with("techniques = "), "{example}");
        let config = LadderConfig::from_toml(&example, std::path::Path::new("help.toml"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            config.ladder.to_string(),
            "naked-single,hidden-single,locked-candidates-pointing,x-wing"
        );
        assert_eq!(config.policy, Some(Policy::Sweep));
        assert_eq!(config.fallback, Some(Fallback::BruteForce));
        assert_eq!(
            config
                .scores
                .score(crate::hodoku::catalogue::Technique::XWing),
            150
        );
    }

    #[test]
    fn exit_codes_put_io_errors_before_unsound_steps_before_success() {
        use Status::*;
        let ok = report(&[Solved, Stuck, Invalid, NoSolution, MultipleSolutions], 0);
        assert_eq!(exit_code(&ok), ExitCode::SUCCESS);
        assert_eq!(exit_code(&report(&[Solved, Unsound], 0)), ExitCode::from(1));
        assert_eq!(exit_code(&report(&[Unsound], 1)), ExitCode::from(2));
        assert_eq!(exit_code(&report(&[], 1)), ExitCode::from(2));
    }
}
