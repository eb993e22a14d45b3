//! `sudolab generate`: the command-line face of [`crate::generate`]. It turns options into
//! a target and a recipe, refuses a target no puzzle can meet, draws (and prints) a seed
//! when none is given, writes the puzzles (and, on request, their rows), and maps the end
//! of the run to the exit code.

use super::ladder_arg::{LadderArg, parse_ladder, parse_seconds};
use super::overwrite;
use crate::analysis::select::Filter;
use crate::generate::attempt::Recipe;
use crate::generate::dig::Digging;
use crate::generate::progress::GenerateProgress;
use crate::generate::range::Range;
use crate::generate::screen::Screen;
use crate::generate::symmetry::Symmetry;
use crate::generate::target::Target;
use crate::generate::{self, GenerateConfig, Outcome, Stop};
use crate::hodoku::grade::ScoreTable;
use crate::ladder::Ladder;
use crate::ladder_config::LadderConfig;
use crate::policy::Fallback;
use crate::record::{Columns, Record};
use crate::rung::{Grader, Rung};
use crate::runner::evaluate::Evaluator;
use crate::runner::output::{CsvOutput, Target as OutputTarget};
use crate::se::named::SeRule;
use crate::solver::Policy;
use anyhow::{Context, bail};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const AFTER_HELP: &str = r#"Every puzzle has exactly one solution (proved by the brute-force oracle), is new within
the run, is minimal (no given can go; with --symmetry, no orbit of givens can) unless
--not-minimal, and meets every target given, judged by the row `sudolab run` writes for it
with the same ladder: its status is solved, and its level, score, hardest technique,
technique counts, givens and (with --er) SE rating are as asked.

Reproducible: --seed S gives the same puzzles in the same order at any --threads. Without
--seed a seed is drawn and printed on stderr, so the run can be repeated.

Search: each attempt digs a puzzle from a random solution grid. When it meets the target,
the attempt walks its neighbourhood for up to --walk steps (a given added back from the
solution, then givens dug again to as many as before), keeping each neighbour that meets
the target too and moving on from it: rare patterns mostly survive such a change, so
this finds rare targets many times faster than fresh puzzles would; the solves of a
grid's neighbours take what an earlier solve of the grid did from memory once they reach
a grid it went through.
--walk 0 is plain trial and rejection, every puzzle from its own solution grid.

A target no puzzle can meet (fewer than 17 givens, a technique both needed and excluded, a
hardest technique above every level asked, ...) is refused at once; --max-tries and
--timeout end a search that finds too little with what it found.

Exit codes: 0 all puzzles made; 1 the search ended (--max-tries, --timeout) with fewer;
2 usage error, impossible target, or I/O error.

Examples:
  sudolab generate -n 100 --level hard -o hard.txt
  sudolab generate -n 20 --hardest x-wing --symmetry 180 --seed 7
  sudolab generate -n 50 --needs swordfish --without x-wing --rows rows.csv -o sf.txt
  sudolab generate -n 10 --level extreme --timeout 1m
  sudolab generate -n 5 --ladder singles --givens 30..34 --not-minimal"#;

/// Make new puzzles to order: level, score, techniques, givens, symmetry, SE rating.
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct GenerateArgs {
    /// How many puzzles to make
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,

    /// Where the puzzles go, one a line; '-' is stdout
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    out: PathBuf,

    /// Also write the row `sudolab run` writes for each puzzle to this CSV file ('-': stdout)
    ///
    /// The rows name the puzzle file (-o) as their source and each puzzle's line in it,
    /// so `sudolab run FILE` gives the same rows (the micros column aside).
    #[arg(long, value_name = "FILE.csv")]
    rows: Option<PathBuf>,

    /// Write over output files that already hold something
    #[arg(long)]
    force: bool,

    /// The ladder that grades, as in `run`: a preset, a comma list, a .toml file, or se
    /// (se:RULE) for Sudoku Explainer's path, whose rows have SE's rules as techniques and
    /// SE's rating but no HoDoKu level or score
    #[arg(short, long, value_name = "LADDER", default_value = "standard",
          value_parser = parse_ladder)]
    ladder: LadderArg,

    /// HoDoKu levels accepted, a comma list (easy, medium, hard, unfair, extreme)
    #[arg(long, value_name = "LEVELS")]
    level: Option<String>,

    /// HoDoKu score range: A..B, A.., ..B or A
    #[arg(long, value_name = "RANGE")]
    score: Option<Range<u32>>,

    /// The hardest technique is one of these (names, HoDoKu codes or presets; SE's rule
    /// names with --ladder se)
    #[arg(long, value_name = "TECHNIQUES")]
    hardest: Option<String>,

    /// Techniques every puzzle must use, each at least once (as --hardest names them)
    #[arg(long, value_name = "TECHNIQUES")]
    needs: Option<String>,

    /// Techniques no puzzle may use (as --hardest names them)
    #[arg(long, value_name = "TECHNIQUES")]
    without: Option<String>,

    /// Number of givens: A..B, A.., ..B or A (17 at least)
    #[arg(long, value_name = "RANGE")]
    givens: Option<Range<u32>>,

    /// Sudoku Explainer rating (ER) range, e.g. 7.0..8.5 (rows then carry er, ep, ed)
    #[arg(long, value_name = "RANGE")]
    er: Option<Range<f64>>,

    /// Seconds one puzzle's SE rating may take, as in `run` (a rating stopped there is a
    /// lower bound, >=x, which meets only an --er range without a top)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    se_timeout: Option<Duration>,

    /// Symmetry of the givens
    #[arg(long, value_enum, default_value = "none")]
    symmetry: SymmetryArg,

    /// Allow givens to spare: digs stop at the top of --givens instead of at a minimal puzzle
    #[arg(long)]
    not_minimal: bool,

    /// Neighbourhood steps from each puzzle that meets the target, keeping every neighbour
    /// that meets it too (0: plain trial and rejection, every puzzle from its own grid)
    #[arg(long, value_name = "STEPS", default_value_t = 10)]
    walk: u32,

    /// The run's seed; the same seed gives the same puzzles at any thread count
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Worker threads [default: one per core]
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    threads: Option<u32>,

    /// Give up after this many attempts
    #[arg(long, value_name = "N")]
    max_tries: Option<u64>,

    /// Give up after this long (e.g. 30s, 5m)
    #[arg(long, value_name = "DURATION", value_parser = humantime::parse_duration)]
    timeout: Option<Duration>,

    /// No progress bar and no summary on stderr (the drawn seed is still printed)
    #[arg(short, long)]
    quiet: bool,
}

#[derive(Copy, Clone, Debug, clap::ValueEnum)]
enum SymmetryArg {
    None,
    #[value(name = "180")]
    Rotational180,
    #[value(name = "90")]
    Rotational90,
    Diagonal,
    Antidiagonal,
    Mirror,
    Flip,
}

impl From<SymmetryArg> for Symmetry {
    fn from(arg: SymmetryArg) -> Symmetry {
        match arg {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotational180 => Symmetry::Rotational180,
            SymmetryArg::Rotational90 => Symmetry::Rotational90,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
            SymmetryArg::Antidiagonal => Symmetry::AntiDiagonal,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Flip => Symmetry::Flip,
        }
    }
}

/// Where the puzzles go.
enum PuzzleSink {
    Stdout,
    File(BufWriter<File>),
}

impl PuzzleSink {
    fn write_line(&mut self, line: &str) -> io::Result<()> {
        match self {
            PuzzleSink::Stdout => super::print(format!("{line}\n").as_bytes()),
            PuzzleSink::File(file) => writeln!(file, "{line}"),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            PuzzleSink::Stdout => Ok(()),
            PuzzleSink::File(file) => file.flush(),
        }
    }
}

/// The rungs of `grader` a --hardest, --needs or --without list names: HoDoKu's
/// techniques (names, codes, presets) along a ladder, SE's rules along SE's path. A name
/// of the other grader only is refused, saying which.
fn rungs(option: &'static str, spec: &str, grader: Grader) -> anyhow::Result<Vec<Rung>> {
    let mut rungs = Vec::new();
    for name in spec.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match grader {
            Grader::Hodoku => {
                let named = Filter::parse_techniques(option, name)?;
                let before = rungs.len();
                rungs.extend(named.into_iter().filter(|r| r.grader() == Grader::Hodoku));
                if rungs.len() == before {
                    bail!(
                        "--{option} {name}: a rule of SE's path, not a HoDoKu technique; \
                         grade along SE's path with --ladder se"
                    );
                }
            }
            Grader::Se => match SeRule::from_name(&name.to_ascii_lowercase()) {
                Some(rule) => rungs.push(Rung::Se(rule)),
                None => {
                    let rules = SeRule::all().map(|r| (r.name(), r.name().to_string()));
                    let hint = match crate::suggest::closest(name, rules) {
                        Some(rule) => format!("did you mean {rule}?"),
                        None => "SE's rules are named in kebab-case, as in x-wing".into(),
                    };
                    bail!(
                        "--{option} {name}: not a rule of SE's path, which --ladder se grades \
                         along; {hint}"
                    )
                }
            },
        }
    }
    if rungs.is_empty() {
        bail!("--{option} names no technique");
    }
    Ok(rungs)
}

impl GenerateArgs {
    /// The target these options ask for, for rows with `columns` made along the path
    /// `ladder` names; refused when no puzzle can meet it.
    fn target(
        &self,
        columns: &Columns,
        ladder: &str,
        scores: &ScoreTable,
    ) -> anyhow::Result<Target> {
        let techniques = |option, spec: &Option<String>| {
            spec.as_deref()
                .map(|spec| rungs(option, spec, columns.grader))
                .transpose()
        };
        let target = Target {
            levels: self
                .level
                .as_deref()
                .map(Filter::parse_levels)
                .transpose()?,
            score: self.score,
            hardest: techniques("hardest", &self.hardest)?,
            needs: techniques("needs", &self.needs)?.unwrap_or_default(),
            without: techniques("without", &self.without)?.unwrap_or_default(),
            givens: self.givens,
            er: self.er,
        };
        target
            .check(columns, ladder, !self.not_minimal, |t| scores.level(t))
            .context("no puzzle can meet this target")?;
        Ok(target)
    }

    /// The evaluator `run` would grade with for these options, and the name of its path.
    fn evaluator(&self) -> (Evaluator, String, ScoreTable) {
        match &self.ladder {
            LadderArg::Hodoku(config) => {
                let (ladder, policy) = hodoku_path(config);
                let name = ladder.to_string();
                let evaluator = Evaluator::new(ladder, policy, false, config.scores.clone(), false)
                    .rating_se(self.er.is_some());
                (evaluator, name, config.scores.clone())
            }
            LadderArg::Se(path) => {
                // The ladder plays no part along SE's path.
                let evaluator = Evaluator::new(
                    Ladder::all(),
                    Default::default(),
                    false,
                    ScoreTable::default(),
                    false,
                )
                .along_se(Some(*path));
                (evaluator, path.name(), ScoreTable::default())
            }
        }
    }
}

/// The ladder (its fallback rung included) and policy a ladder configuration grades with.
fn hodoku_path(config: &LadderConfig) -> (Ladder, Policy) {
    let fallback = config.fallback.unwrap_or(Fallback::None);
    (
        config.ladder.with_fallback(fallback),
        config.policy.unwrap_or_default(),
    )
}

pub fn execute(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    let (evaluator, ladder, scores) = args.evaluator();
    let evaluator = evaluator.se_time_limit(args.se_timeout);
    let columns = evaluator.columns().clone();
    let target = args.target(&columns, &ladder, &scores)?;
    overwrite::check(&args.out, args.force, &[], "")?;
    if let Some(rows) = &args.rows {
        overwrite::check(rows, args.force, &[], "")?;
        if rows == &args.out {
            bail!("--rows and --out name the same file");
        }
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    if args.seed.is_none() {
        super::eprint(&format!(
            "sudolab: seed {seed} (repeat with --seed {seed})\n"
        ));
    }
    let stop_at = match args.not_minimal {
        true => args.givens.and_then(|g| g.high).unwrap_or(0) as usize,
        false => 0,
    };
    let screen = match &args.ladder {
        LadderArg::Hodoku(config) => {
            let (ladder, policy) = hodoku_path(config);
            Screen::new(&ladder, policy, &config.scores, &target)
        }
        LadderArg::Se(_) => None,
    };
    let config = GenerateConfig {
        count: args.count,
        seed,
        threads: args.threads.map_or(0, |n| n as usize),
        recipe: Recipe {
            digging: Digging {
                orbits: Symmetry::from(args.symmetry).orbits(),
                stop_at,
                only_filled: screen.as_ref().is_some_and(Screen::keeps_only_singles),
            },
            screen,
            target,
            evaluator,
            walk: args.walk,
        },
        max_tries: args.max_tries,
        timeout: args.timeout,
    };

    let mut puzzles = match args.out.as_os_str() == "-" {
        true => PuzzleSink::Stdout,
        false => PuzzleSink::File(BufWriter::new(
            File::create(&args.out)
                .with_context(|| format!("cannot write {}", args.out.display()))?,
        )),
    };
    let source = OutputTarget::from_arg(&args.out).name();
    let mut rows = match &args.rows {
        Some(path) => Some(CsvOutput::create(&OutputTarget::from_arg(path), columns)?),
        None => None,
    };
    let progress = GenerateProgress::new(args.count, !args.quiet);
    let mut failure: Option<anyhow::Error> = None;
    let outcome = generate::generate(
        &config,
        &mut |mut record: Record| {
            let written = puzzles
                .write_line(&record.puzzle)
                .map_err(anyhow::Error::from);
            let written = written.and_then(|()| {
                if let Some(rows) = rows.as_mut() {
                    record.source = source.clone();
                    rows.write(&record);
                    rows.flush()?;
                }
                Ok(())
            });
            match written {
                Ok(()) => true,
                Err(error) => {
                    failure = Some(error);
                    false
                }
            }
        },
        &mut |tally| progress.update(tally),
    )?;
    progress.finish();
    puzzles
        .flush()
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    if let Some(error) = failure {
        let broken_pipe = error
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe);
        if broken_pipe {
            return Ok(ExitCode::SUCCESS);
        }
        return Err(error.context(format!("cannot write {}", source)));
    }
    if !args.quiet || outcome.stopped.is_some() {
        super::eprint(&summary(&outcome, args.count, seed));
    }
    Ok(match outcome.stopped {
        None => ExitCode::SUCCESS,
        Some(_) => ExitCode::from(1),
    })
}

/// The closing lines on stderr: what was made, how fast, how often a graded puzzle was
/// kept, and why the run ended early if it did.
fn summary(outcome: &Outcome, asked: u64, seed: u64) -> String {
    let tally = &outcome.tally;
    let seconds = outcome.elapsed.as_secs_f64().max(1e-9);
    let mut text = format!(
        "{} puzzles in {seconds:.2} s: {:.1} puzzles/s on {} threads; {} attempts, {} puzzles \
         graded, {:.2}% accepted; seed {seed}\n",
        tally.found,
        tally.found as f64 / seconds,
        outcome.threads,
        tally.tries,
        tally.graded,
        100.0 * tally.acceptance(),
    );
    let why = match outcome.stopped {
        Some(Stop::MaxTries) => "--max-tries",
        Some(Stop::Timeout) => "--timeout",
        Some(Stop::Caller) | None => return text,
    };
    text += &format!(
        "sudolab: {why} reached with {} of the {asked} puzzles asked: the target is rare or \
         out of reach with this ladder\n",
        tally.found
    );
    text
}
