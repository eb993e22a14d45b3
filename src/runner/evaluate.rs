//! One puzzle line in, one [`Record`] out: parse the line, run the ladder, grade the
//! solve, and know from the brute-force oracle whether the puzzle has exactly one solution
//! and that the solve agrees with it.
//!
//! The oracle gate: a solve that completes the grid with techniques that do not assume
//! uniqueness has proved the puzzle has exactly one solution (every step held in every
//! solution, and the grid it ends in is one), so the oracle is not asked. It is asked for
//! every other puzzle: stuck ones, solves that used a uniqueness technique, grids that end
//! in a contradiction, and every puzzle under `--verify` or with the brute-force rung
//! (which needs the solution). Rows are the same either way.
//!
//! A stuck solve by such techniques asks the oracle about the grid it stopped in, not
//! about the givens: every step held in every solution of the puzzle, and every solution
//! of that grid is one of the puzzle (it keeps the givens), so the two have the same
//! solutions, and the grid leaves the search less to try. Only a wrong step could set
//! them apart: a grid left with no solution sends the question back to the givens (whose
//! unique solution then names the wrong step); a wrong step that left exactly one of a
//! puzzle's several solutions would go unseen, as any step of a puzzle without a unique
//! solution does (`--verify` asks about the givens first).
//!
//! A line may also be a position (a HoDoKu library line, [`crate::position`]): the solve
//! starts from its grid, and the oracle counts the position's solutions; all of the above
//! holds with the position in the place of the puzzle.
//!
//! Every line gives a row, whatever its bytes: text that is not UTF-8 is read with
//! replacement characters, which the parser then reports as bad characters; the row keeps
//! the line with its control characters shown as control pictures (`␀`), never raw. A solve is
//! always checked against the unique solution at its end (cheap: one pass over the grid);
//! when that check fails, or when `--verify` checks every step as it is taken, the row is
//! `unsound` and names the first wrong step. This module reads no files and writes nothing.
//!
//! Along SE's path (`--ladder se`, [`Evaluator::along_se`]) the same holds with SE's rules
//! in the place of the ladder: a path that fills the grid without Unique Loops or BUG
//! proves the puzzle unique; every other puzzle asks the oracle, and the end grid is
//! checked against the solution. Such a row has SE's rules as its counts and `hardest`,
//! and always its rating.

use crate::candidates::Candidates;
use crate::geometry::Cell;
use crate::hodoku::catalogue::Technique;
use crate::hodoku::grade::ScoreTable;
use crate::ladder::Ladder;
use crate::oracle::{self, Uniqueness};
use crate::position::{Position, PositionError};
use crate::puzzle::{Solution, one_line};
use crate::record::{Columns, Record, SeGrade, Status};
use crate::rung::{Grader, Rung};
use crate::se;
use crate::se::chaining_seam::with_deadline;
use crate::se::ladder::SeLadder;
use crate::se::path::{PathSummary, walk};
use crate::se::rating::Ending;
use crate::solver::{Outcome, Policy, Scratch, Solver, Summary, UnsoundStep};
use std::fmt;
use std::time::{Duration, Instant};

/// Turns puzzle lines into records; one instance serves every thread.
#[derive(Clone, Debug)]
pub struct Evaluator {
    solver: Solver,
    /// The same ladder checking every step, to name the step behind a failed end check.
    checker: Solver,
    scores: ScoreTable,
    columns: Columns,
    /// Whether the ladder runs before the oracle, which a completed logic solve makes
    /// needless (not when verifying, nor with the brute-force rung).
    logic_first: bool,
    /// Check every step against the solution.
    verify: bool,
    /// Grade along SE's path (its rules up to a producer) instead of the ladder's.
    along_se: Option<SeLadder>,
    /// How long an SE rating may take before it ends with lower bounds.
    se_limit: Option<Duration>,
}

/// A record, and the wrong step when the solve was unsound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    pub record: Record,
    pub unsound: Option<WrongStep>,
}

/// The step that contradicted the solution: the ladder's, or one of SE's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrongStep {
    Ladder(Box<UnsoundStep>),
    /// SE's hint as `se::path::WrongHint` writes it, with its grid.
    Se(String),
}

impl fmt::Display for WrongStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrongStep::Ladder(step) => write!(f, "{step}"),
            WrongStep::Se(text) => f.write_str(text),
        }
    }
}

/// Where a puzzle line came from and what it holds.
#[derive(Clone, Copy, Debug)]
pub struct LineRef<'a> {
    /// The input's name, as rows carry it.
    pub source: &'a str,
    /// 1-based line number within the source.
    pub number: u64,
    /// The line's text without its line end (possibly cut, see `length`).
    pub text: &'a [u8],
    /// The full length of the line in bytes.
    pub length: usize,
}

/// What a row's `puzzle` column holds for a line: the puzzle as sudolab writes it, or the
/// line's text when it is not one (a resume compares kept rows with their lines by it).
pub fn puzzle_column(text: &[u8]) -> String {
    read_position(text, false).1
}

/// A line read as a position (with what follows it on the line, when `with_rest`), and
/// its `puzzle` column either way.
type ReadLine = Result<(Position, Option<String>), PositionError>;
fn read_position(text: &[u8], with_rest: bool) -> (ReadLine, String) {
    let text = String::from_utf8_lossy(text);
    let parsed = match with_rest {
        true => Position::parse_line_and_rest(&text).map(|(start, rest)| (start, Some(rest))),
        false => Position::parse_line(&text).map(|start| (start, None)),
    };
    match parsed {
        Ok((start, rest)) => {
            let column = start.puzzle().to_string();
            (Ok((start, rest)), column)
        }
        // The line as read, its control characters shown, never raw.
        Err(error) => (Err(error), crate::visible::line(&text).into_owned()),
    }
}

impl Evaluator {
    /// An evaluator for `ladder` (its fallback rung included), grading with `scores`,
    /// checking every step when `verify`, and keeping solutions when `with_solution`.
    pub fn new(
        ladder: Ladder,
        policy: Policy,
        verify: bool,
        scores: ScoreTable,
        with_solution: bool,
    ) -> Evaluator {
        let columns = Columns {
            grader: Grader::Hodoku,
            techniques: ladder.rungs().iter().copied().map(Rung::Hodoku).collect(),
            solution: with_solution,
            se: false,
            rest: false,
        };
        let logic_first = !verify && !ladder.contains(Technique::BruteForce);
        let solver = Solver::new(ladder, policy);
        Evaluator {
            logic_first,
            checker: solver.clone().verifying(true),
            solver: solver.verifying(verify),
            scores,
            columns,
            verify,
            along_se: None,
            se_limit: None,
        }
    }

    /// Grades along SE's path (`ladder`: its rules in its order, up to a producer) instead
    /// of the ladder's: SE's rules as count columns, no HoDoKu score or level, and SE's
    /// rating on every row of a puzzle with one solution.
    pub fn along_se(mut self, ladder: Option<SeLadder>) -> Evaluator {
        if let Some(ladder) = ladder {
            self.columns.grader = Grader::Se;
            self.columns.techniques = ladder.rules().map(Rung::Se).collect();
            self.columns.se = true;
        }
        self.along_se = ladder;
        self
    }

    /// Ends an SE rating that runs longer than `limit` with lower bounds (`>=x`) and says
    /// so in the row's `error`.
    pub fn se_time_limit(mut self, limit: Option<Duration>) -> Evaluator {
        self.se_limit = limit;
        self
    }

    /// Adds Sudoku Explainer's rating (`er`, `ep`, `ed`) to every row of a puzzle with
    /// exactly one solution and a sound solve (SE's own path, beside the ladder's).
    pub fn rating_se(mut self, on: bool) -> Evaluator {
        self.columns.se = on || self.along_se.is_some();
        self
    }

    /// Keeps what follows each puzzle on its line in a `rest` column, when `keep`.
    pub fn keeping_rest(mut self, keep: bool) -> Evaluator {
        self.columns.rest = keep;
        self
    }

    /// The layout of the rows this evaluator makes.
    pub fn columns(&self) -> &Columns {
        &self.columns
    }

    /// Evaluates the puzzle of 81 `values` (0 for blank, 1-9 for givens) as the line of
    /// its [one-line form](crate::puzzle::one_line), with no source: the row `run` writes
    /// for that line, but for its source and line number.
    pub fn evaluate_values(&self, values: &[u8; 81], scratch: &mut Scratch) -> Evaluation {
        self.evaluate_values_solved(values, None, scratch)
    }

    /// [`Evaluator::evaluate_values`] for a puzzle whose ladder solve the caller has
    /// already made, when `solved` holds it: the summary and the end grid of this
    /// evaluator's ladder and policy solving the puzzle (given its solution when the
    /// ladder has the brute-force rung), or of a solve known to take the very same steps.
    /// The row is then the one `evaluate_values` writes without a second solve (its
    /// `micros` leave that solve out). Along SE's path, or when verifying (every step
    /// checked), the evaluator solves as usual.
    pub fn evaluate_values_solved(
        &self,
        values: &[u8; 81],
        solved: Option<(Summary, Candidates)>,
        scratch: &mut Scratch,
    ) -> Evaluation {
        let text = one_line(values);
        let line = LineRef {
            source: "",
            number: 0,
            text: &text,
            length: text.len(),
        };
        self.evaluate_solved(line, solved.filter(|_| !self.verify), scratch)
    }

    /// Evaluates one line, reusing the thread's `scratch`.
    pub fn evaluate(&self, line: LineRef<'_>, scratch: &mut Scratch) -> Evaluation {
        self.evaluate_solved(line, None, scratch)
    }

    /// [`Evaluator::evaluate`], taking the ladder's solve from `solved` when it holds one.
    fn evaluate_solved(
        &self,
        line: LineRef<'_>,
        solved: Option<(Summary, Candidates)>,
        scratch: &mut Scratch,
    ) -> Evaluation {
        let start = Instant::now();
        let mut record = Record::new(line.source, line.number, self.columns.techniques.len());
        let (parsed, column) = read_position(line.text, self.columns.rest);
        record.puzzle = column;
        let mut unsound = None;
        match parsed {
            Err(error) => {
                record.error = error.to_string();
                if line.length > line.text.len() {
                    record.error += &format!(
                        " (in the first {} of the line's {} bytes)",
                        line.text.len(),
                        line.length
                    );
                }
            }
            Ok((start, rest)) => {
                record.rest = rest.unwrap_or_default();
                record.givens = Some(start.puzzle().given_count() as u32);
                unsound = if let Some(ladder) = self.along_se {
                    self.along_se_path(ladder, &start, &mut record)
                } else if self.logic_first {
                    self.solve_then_ask(&start, solved, scratch, &mut record)
                } else {
                    self.ask_then_solve(&start, solved, scratch, &mut record)
                };
                // Solved and stuck puzzles have exactly one solution (proved by the solve
                // or by the oracle), which is what SE's rating assumes.
                if self.columns.se
                    && self.along_se.is_none()
                    && matches!(record.status, Status::Solved | Status::Stuck)
                {
                    let rating = se::rate_grid_within(start.grid(), self.se_limit, |_| {});
                    if let se::Ending::TimedOut(_) = rating.ending {
                        record.error = self.timed_out();
                    }
                    record.se = Some(SeGrade {
                        er: rating.er,
                        ep: rating.ep,
                        ed: rating.ed,
                    });
                }
            }
        }
        record.micros = start.elapsed().as_micros().try_into().unwrap_or(u64::MAX);
        Evaluation { record, unsound }
    }

    /// The oracle first, then the ladder on a puzzle with a unique solution (the solve in
    /// `solved`, when the caller made it).
    fn ask_then_solve(
        &self,
        start: &Position,
        solved: Option<(Summary, Candidates)>,
        scratch: &mut Scratch,
        record: &mut Record,
    ) -> Option<WrongStep> {
        let solution = self.ask_oracle(start, record)?;
        let (summary, grid) = solved.unwrap_or_else(|| {
            let mut grid = start.grid();
            let summary = self
                .solver
                .solve_counts(&mut grid, Some(&solution), scratch);
            (summary, grid)
        });
        self.check_and_fill(start, &solution, &grid, summary, scratch, record)
    }

    /// The ladder first (the solve in `solved`, when the caller made it); the oracle only
    /// when the solve did not prove the puzzle unique.
    fn solve_then_ask(
        &self,
        start: &Position,
        solved: Option<(Summary, Candidates)>,
        scratch: &mut Scratch,
        record: &mut Record,
    ) -> Option<WrongStep> {
        let (summary, grid) = solved.unwrap_or_else(|| {
            let mut grid = start.grid();
            let summary = self.solver.solve_counts(&mut grid, None, scratch);
            (summary, grid)
        });
        // Every step held in every solution, so the grid keeps them all.
        let sound_for_all = !summary.counts.used().any(|(t, _)| t.assumes_uniqueness());
        if summary.outcome == Outcome::Solved
            && sound_for_all
            && let Some(solution) = grid.solution()
        {
            self.fill(record, &summary, Status::Solved);
            if self.columns.solution {
                record.solution = Some(solution.to_string());
            }
            return None;
        }
        // Without verifying or brute force, the solution plays no part in a solve: the
        // summary is the one the oracle-first order would have made.
        let solution = if summary.outcome == Outcome::Stuck && sound_for_all {
            self.ask_oracle_from(start, &grid, record)?
        } else {
            self.ask_oracle(start, record)?
        };
        self.check_and_fill(start, &solution, &grid, summary, scratch, record)
    }

    /// [`Evaluator::ask_oracle`] from the grid a stuck solve left, whose solutions are the
    /// puzzle's (each step held in every solution) and which leaves the search less to
    /// try. A grid without a solution means a step went wrong, or the puzzle has none: the
    /// puzzle's own givens then say which.
    fn ask_oracle_from(
        &self,
        start: &Position,
        grid: &Candidates,
        record: &mut Record,
    ) -> Option<Solution> {
        match oracle::analyse_grid(&grid.places_of_digits(), grid.unsolved()) {
            Uniqueness::NoSolution => self.ask_oracle(start, record),
            verdict => self.take_verdict(verdict, record),
        }
    }

    /// The solution of the puzzle (or position), or `None` with the record's status saying
    /// why there is none.
    fn ask_oracle(&self, start: &Position, record: &mut Record) -> Option<Solution> {
        self.take_verdict(start.uniqueness(), record)
    }

    /// The solution of an oracle's verdict, or `None` with the record's status saying why
    /// there is none.
    fn take_verdict(&self, verdict: Uniqueness, record: &mut Record) -> Option<Solution> {
        match verdict {
            Uniqueness::NoSolution => record.status = Status::NoSolution,
            Uniqueness::Multiple(_) => record.status = Status::MultipleSolutions,
            Uniqueness::Unique(solution) => {
                if self.columns.solution {
                    record.solution = Some(solution.to_string());
                }
                return Some(solution);
            }
        }
        None
    }

    /// Checks a solve of a puzzle with a unique solution against it (naming the wrong step
    /// when the end grid disagrees) and fills in the record.
    fn check_and_fill(
        &self,
        start: &Position,
        solution: &Solution,
        grid: &Candidates,
        mut summary: Summary,
        scratch: &mut Scratch,
        record: &mut Record,
    ) -> Option<WrongStep> {
        if !matches!(summary.outcome, Outcome::Unsound(_)) && !agrees(grid, solution) {
            // A step went wrong unseen: solve again checking every step, to name it.
            let mut grid = start.grid();
            summary = self
                .checker
                .solve_counts(&mut grid, Some(solution), scratch);
            if !matches!(summary.outcome, Outcome::Unsound(_)) {
                record.error = "the solve ended in a grid that contradicts the solution, \
                                but no single step did when solved again"
                    .to_string();
                self.fill(record, &summary, Status::Unsound);
                return None;
            }
        }
        let (status, unsound) = match summary.outcome {
            Outcome::Solved => (Status::Solved, None),
            Outcome::Stuck => (Status::Stuck, None),
            Outcome::Unsound(ref step) => {
                record.error = format!("step {}: {}", step.step_number, step.step_text());
                (Status::Unsound, Some(WrongStep::Ladder(step.clone())))
            }
            // Ruled out: a contradiction removes a solution digit, which the end check sees.
            Outcome::Contradiction => unreachable!("a contradiction fails the end check"),
        };
        self.fill(record, &summary, status);
        unsound
    }

    /// Copies a solve's counts and grade into the record.
    fn fill(&self, record: &mut Record, summary: &Summary, status: Status) {
        let grade = self.scores.grade(&summary.counts);
        record.status = status;
        record.steps = summary.steps;
        record.placements = summary.placements;
        record.eliminations = summary.eliminations;
        record.hardest = summary.hardest.map(Rung::Hodoku);
        record.score = grade.score;
        record.level = (status == Status::Solved).then_some(grade.level);
        for (count, &t) in record.counts.iter_mut().zip(&self.columns.techniques) {
            if let Rung::Hodoku(t) = t {
                *count = summary.counts[t];
            }
        }
    }

    /// Grades along SE's path up to `ladder`'s last producer, the oracle first: SE's nested
    /// forcing chains can search for minutes in a grid with no or several solutions before
    /// they give up, where the oracle answers in microseconds. Steps are checked against
    /// the solution when verifying; the end grid always is, and a failed check walks again
    /// checking every step.
    fn along_se_path(
        &self,
        ladder: SeLadder,
        start: &Position,
        record: &mut Record,
    ) -> Option<WrongStep> {
        let solution = self.ask_oracle(start, record)?;
        let mut grid = start.grid();
        let deadline = self.se_limit.map(|limit| Instant::now() + limit);
        let checked = self.verify.then_some(&solution);
        let mut path = with_deadline(deadline, || walk(&mut grid, ladder.producers(), checked));
        if path.wrong.is_none() && !agrees(&grid, &solution) {
            // A step went wrong unseen: walk again checking every step, to name it.
            path = walk(&mut start.grid(), ladder.producers(), Some(&solution));
            if path.wrong.is_none() {
                record.error = "SE's path ended in a grid that contradicts the solution, \
                                but no single step did when walked again"
                    .to_string();
                self.fill_se(record, &path, Status::Unsound);
                return None;
            }
        }
        if let Some(wrong) = &path.wrong {
            record.error = format!("step {}: {}", wrong.step_number, wrong.hint);
            self.fill_se(record, &path, Status::Unsound);
            return Some(WrongStep::Se(wrong.to_string()));
        }
        let status = match path.rating.ending {
            Ending::Solved => Status::Solved,
            Ending::TimedOut(_) => {
                record.error = self.timed_out();
                Status::Stuck
            }
            Ending::Stuck | Ending::Stopped => Status::Stuck,
        };
        self.fill_se(record, &path, status);
        record.se = Some(SeGrade {
            er: path.rating.er,
            ep: path.rating.ep,
            ed: path.rating.ed,
        });
        None
    }

    /// What a row says of an SE rating that ran past `--se-timeout`.
    fn timed_out(&self) -> String {
        let limit = self.se_limit.map_or(0.0, |limit| limit.as_secs_f64());
        format!(
            "SE rating stopped at the time limit ({limit} s): er, ep and ed marked >= are \
             lower bounds"
        )
    }

    /// Copies a walk along SE's path into the record (SE has no score or level).
    fn fill_se(&self, record: &mut Record, path: &PathSummary, status: Status) {
        record.status = status;
        record.steps = path.steps;
        record.placements = path.placements;
        record.eliminations = path.eliminations;
        record.hardest = path.hardest.map(Rung::Se);
        for (count, &rule) in record.counts.iter_mut().zip(&self.columns.techniques) {
            if let Rung::Se(rule) = rule {
                *count = path.counts[rule.index()];
            }
        }
    }
}

impl super::pipeline::LineJob for Evaluator {
    type Output = Evaluation;
    fn evaluate(&self, line: LineRef<'_>, scratch: &mut Scratch) -> Evaluation {
        Evaluator::evaluate(self, line, scratch)
    }
}

/// Whether every set cell holds its solution digit and every empty cell still has it as a
/// candidate: no step so far has been wrong.
fn agrees(grid: &Candidates, solution: &Solution) -> bool {
    Cell::all().all(|cell| {
        let digit = solution.get(cell);
        match grid.value(cell) {
            Some(value) => value == digit,
            None => grid.has(cell, digit),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::level::Level;
    use proptest::prelude::*;

    const VERY_EASY: &str =
        ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";
    /// The blog's first intermediate puzzle: singles alone do not solve it.
    const INTERMEDIATE: &str =
        "....35.4.........2....4..9..56..3....1..9.25...8.6...46....18393...89.....1...6..";

    /// A verifying evaluator along `ladder`, under the single policy and HoDoKu's scores.
    fn evaluator(ladder: &str, with_solution: bool) -> Evaluator {
        evaluator_verifying(ladder, true, with_solution)
    }

    /// As `evaluator`, verifying or not as `verify` says.
    fn evaluator_verifying(ladder: &str, verify: bool, with_solution: bool) -> Evaluator {
        Evaluator::new(
            Ladder::parse(ladder).unwrap(),
            Policy::Single,
            verify,
            ScoreTable::default(),
            with_solution,
        )
    }

    fn evaluate(evaluator: &Evaluator, text: &[u8]) -> Evaluation {
        let line = LineRef {
            source: "test.txt",
            number: 7,
            text,
            length: text.len(),
        };
        evaluator.evaluate(line, &mut Scratch::default())
    }

    #[test]
    fn a_solved_puzzle_gets_its_counts_grade_and_solution() {
        let e = evaluator("singles", true);
        let Evaluation { record, unsound } = evaluate(&e, VERY_EASY.as_bytes());
        assert_eq!(unsound, None);
        assert_eq!(record.status, Status::Solved);
        assert_eq!((record.source.as_str(), record.line), ("test.txt", 7));
        assert_eq!(record.puzzle, VERY_EASY);
        let givens = VERY_EASY.bytes().filter(u8::is_ascii_digit).count() as u32;
        assert_eq!(record.givens, Some(givens));
        assert_eq!(record.placements, 81 - givens);
        assert_eq!(record.counts.iter().sum::<u32>(), record.steps);
        assert_eq!(e.columns().techniques.len(), record.counts.len());
        let expected_score: u32 = e
            .columns()
            .techniques
            .iter()
            .zip(&record.counts)
            .map(|(t, n)| t.technique().unwrap().info().score * n)
            .sum();
        assert_eq!(record.score, expected_score);
        assert_eq!(record.level, Some(Level::Easy));
        let solution = record.solution.expect("asked for");
        assert_eq!(solution.len(), 81);
        assert!(
            VERY_EASY
                .bytes()
                .zip(solution.bytes())
                .all(|(p, s)| p == b'.' || p == s)
        );
        assert!(record.error.is_empty());
    }

    #[test]
    fn logic_that_stops_is_stuck_unless_brute_force_is_the_fallback() {
        let stuck = evaluate(&evaluator("singles", false), INTERMEDIATE.as_bytes()).record;
        assert_eq!(stuck.status, Status::Stuck);
        assert_eq!(stuck.level, None);
        assert!(stuck.placements < 81 - stuck.givens.unwrap());
        assert_eq!(stuck.solution, None, "not asked for");
        let e = evaluator("fh,n1,h1,bf", false);
        let solved = evaluate(&e, INTERMEDIATE.as_bytes()).record;
        assert_eq!(solved.status, Status::Solved);
        assert_eq!(solved.placements, 81 - solved.givens.unwrap());
        assert_eq!(solved.hardest, Some(Rung::Hodoku(Technique::BruteForce)));
        assert!(solved.counts[3] > 0, "brute-force steps are counted");
        assert_eq!(solved.level, Some(Level::Extreme));
    }

    #[test]
    fn puzzles_without_one_solution_are_not_solved() {
        let e = evaluator("singles", true);
        let empty = evaluate(&e, ".".repeat(81).as_bytes()).record;
        assert_eq!(empty.status, Status::MultipleSolutions);
        assert_eq!(
            (empty.givens, empty.steps, empty.solution),
            (Some(0), 0, None)
        );
        // Consistent givens that leave r1c9 no digit.
        let none = "12345678.........9".to_string() + &".".repeat(63);
        let none = evaluate(&e, none.as_bytes()).record;
        assert_eq!(none.status, Status::NoSolution);
        assert_eq!(none.givens, Some(9));
    }

    #[test]
    fn invalid_lines_say_why_and_keep_the_raw_text() {
        let e = evaluator("singles", false);
        let short = evaluate(&e, &VERY_EASY.as_bytes()[..80]).record;
        assert_eq!(short.status, Status::Invalid);
        assert_eq!(short.error, "too short: 80 cells, a puzzle has 81");
        assert_eq!(short.puzzle, &VERY_EASY[..80]);
        assert_eq!(short.givens, None);
        let clash = "77".to_string() + &VERY_EASY[2..];
        let clash = evaluate(&e, clash.as_bytes()).record;
        assert_eq!(clash.status, Status::Invalid);
        assert!(
            clash
                .error
                .starts_with("clashing givens: 7 at r1c1 and r1c2"),
            "{}",
            clash.error
        );
        let mut latin1 = VERY_EASY.as_bytes()[..40].to_vec();
        latin1.push(0xe9);
        let latin1 = evaluate(&e, &latin1).record;
        assert_eq!(latin1.status, Status::Invalid);
        assert!(latin1.error.contains("position 41"), "{}", latin1.error);
        // Bytes that are not UTF-8 in a trailing comment do not spoil a puzzle.
        let mut commented = VERY_EASY.as_bytes().to_vec();
        commented.extend_from_slice(b" # caf\xe9");
        assert_eq!(evaluate(&e, &commented).record.status, Status::Solved);
    }

    #[test]
    fn a_cut_line_says_so() {
        let e = evaluator("singles", false);
        let text = vec![b'1'; 100];
        let line = LineRef {
            source: "-",
            number: 1,
            text: &text,
            length: 1_000_000,
        };
        let record = e.evaluate(line, &mut Scratch::default()).record;
        assert_eq!(record.status, Status::Invalid);
        assert!(record.error.contains("1000000 bytes"), "{}", record.error);
    }

    #[test]
    fn the_end_check_catches_a_wrong_grid() {
        let puzzle = crate::puzzle::Puzzle::parse_line(VERY_EASY).unwrap();
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            panic!("the blog puzzle is unique")
        };
        let mut grid = Candidates::from_puzzle(&puzzle);
        assert!(agrees(&grid, &solution));
        let cell = grid.unsolved().iter().next().unwrap();
        grid.eliminate(cell, solution.get(cell));
        assert!(!agrees(&grid, &solution));
    }

    /// The same row, timing aside, whether the ladder or the oracle goes first.
    fn assert_same_row_either_order(ladder: &str, text: &[u8]) {
        let logic_first = evaluator_verifying(ladder, false, true);
        assert!(logic_first.logic_first);
        let asking_first = evaluator(ladder, true);
        assert!(!asking_first.logic_first, "verifying asks the oracle first");
        let mut a = evaluate(&logic_first, text).record;
        let mut b = evaluate(&asking_first, text).record;
        (a.micros, b.micros) = (0, 0);
        assert_eq!(a, b, "{}", String::from_utf8_lossy(text));
    }

    /// Two solutions, yet the standard ladder fills the grid: a uniqueness technique
    /// chooses one (a puzzle of the bundled sample with one given taken away).
    const SEVERAL_FILLED_BY_UNIQUENESS: &str =
        "..7.....13..627.....25.........6..8.5.9.8.1.7.3..9.........28...9.148..57.....4..";

    #[test]
    fn a_solve_by_uniqueness_does_not_prove_uniqueness() {
        assert_same_row_either_order("standard", SEVERAL_FILLED_BY_UNIQUENESS.as_bytes());
        let e = evaluator("standard", false);
        let record = evaluate(&e, SEVERAL_FILLED_BY_UNIQUENESS.as_bytes()).record;
        assert_eq!(record.status, Status::MultipleSolutions);
    }

    /// The lines, comments left out, of tdoku's awkward cases (no solution, several, one)
    /// and of the blog's graded puzzles: what the tests that compare two ways of
    /// evaluating a row read.
    fn tdoku_and_blog_lines() -> Vec<String> {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data/");
        let mut lines = Vec::new();
        for file in ["tdoku_test_puzzles.txt", "blog.txt"] {
            let text = std::fs::read_to_string(format!("{data}{file}")).unwrap();
            lines.extend(
                text.lines()
                    .filter(|l| !l.starts_with('#'))
                    .map(String::from),
            );
        }
        lines
    }

    #[test]
    fn the_oracle_gate_changes_no_row() {
        for line in tdoku_and_blog_lines() {
            for ladder in ["singles", "standard", "fh,n1,h1,u1,bug1"] {
                assert_same_row_either_order(ladder, line.as_bytes());
            }
        }
    }

    #[test]
    fn brute_force_needs_the_oracle_first() {
        let e = evaluator_verifying("fh,n1,h1,bf", false, false);
        assert!(!e.logic_first);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn the_oracle_gate_changes_no_row_on_random_givens(
            cells in proptest::collection::vec(prop_oneof![Just('.'), Just('.'), proptest::char::range('1', '9')], 81),
        ) {
            let text: String = cells.into_iter().collect();
            assert_same_row_either_order("standard", text.as_bytes());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn any_bytes_give_exactly_one_consistent_row(text in proptest::collection::vec(any::<u8>(), 0..120)) {
            let e = evaluator("singles", true);
            let record = evaluate(&e, &text).record;
            prop_assert_eq!(record.counts.len(), 3);
            match record.status {
                Status::Invalid => prop_assert!(!record.error.is_empty()),
                _ => {
                    prop_assert!(record.error.is_empty());
                    prop_assert_eq!(record.puzzle.len(), 81);
                }
            }
        }

        #[test]
        fn puzzle_like_lines_never_panic(
            cells in proptest::collection::vec(prop_oneof![Just('.'), Just('0'), proptest::char::range('1', '9')], 75..88),
            tail in "[ #,;|a-z]{0,6}",
        ) {
            let text: String = cells.into_iter().collect::<String>() + &tail;
            let e = evaluator("singles", true);
            let record = evaluate(&e, text.as_bytes()).record;
            if record.status == Status::Solved {
                prop_assert_eq!(record.solution.as_ref().map(String::len), Some(81));
                prop_assert!(record.level.is_some());
            }
            prop_assert_ne!(record.status, Status::Unsound);
        }
    }

    fn along_se(spec: &str, verify: bool) -> Evaluator {
        let se_path = SeLadder::parse(spec).unwrap().unwrap();
        Evaluator::new(
            Ladder::default(),
            Policy::Single,
            verify,
            ScoreTable::default(),
            true,
        )
        .along_se(Some(se_path))
    }

    #[test]
    fn along_se_s_path_a_row_counts_se_s_rules_and_carries_its_rating() {
        let e = along_se("se", false);
        assert_eq!(e.columns().grader, Grader::Se);
        assert!(e.columns().se);
        assert_eq!(e.columns().techniques.len(), se::named::SeRule::COUNT);
        let record = evaluate(&e, INTERMEDIATE.as_bytes()).record;
        assert_eq!(record.status, Status::Solved, "{}", record.error);
        assert_eq!(record.counts.iter().sum::<u32>(), record.steps);
        assert_eq!(record.placements, 81 - record.givens.unwrap());
        assert_eq!((record.score, record.level), (0, None));
        let puzzle = crate::puzzle::Puzzle::parse_line(INTERMEDIATE).unwrap();
        let rating = se::rate(&puzzle);
        let grade = record.se.unwrap();
        assert_eq!(
            (grade.er, grade.ep, grade.ed),
            (rating.er, rating.ep, rating.ed)
        );
        // hardest: the rule of the first step as hard as ER.
        let mut steps = Vec::new();
        se::rate_recording(&puzzle, &mut steps);
        let er_step = steps
            .iter()
            .find(|h| h.difficulty == rating.er.difficulty())
            .unwrap();
        assert_eq!(
            record.hardest,
            Some(Rung::Se(se::named::SeRule::of(er_step.rule)))
        );
        assert_eq!(record.solution.map(|s| s.len()), Some(81));
    }

    #[test]
    fn along_se_s_path_a_cut_stops_where_its_producers_end() {
        let e = along_se("se:naked-single", false);
        assert_eq!(e.columns().techniques.len(), 5);
        // top95's first: SE's path needs Pointing.
        let top95 =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        assert_eq!(
            evaluate(&along_se("se", false), top95.as_bytes())
                .record
                .status,
            Status::Solved
        );
        let record = evaluate(&e, top95.as_bytes()).record;
        assert_eq!(record.status, Status::Stuck);
        assert_eq!(record.counts.len(), 5);
        let grade = record.se.unwrap();
        assert!(matches!(grade.er, se::Bound::AtLeast(_)), "{:?}", grade.er);
        assert!(record.placements < 81 - record.givens.unwrap());
    }

    #[test]
    fn along_se_s_path_a_fill_by_uniqueness_rules_does_not_prove_one_solution() {
        // Two solutions; SE's path fills the grid with a uniqueness rule and must not
        // call it solved.
        let puzzle = crate::puzzle::Puzzle::parse_line(SEVERAL_FILLED_BY_UNIQUENESS).unwrap();
        let mut grid = Candidates::from_puzzle(&puzzle);
        let walked = walk(&mut grid, se::solver::Producers::ALL, None);
        assert_eq!(walked.rating.ending, Ending::Solved);
        let assumed_uniqueness = crate::se::named::SeRule::all()
            .any(|rule| rule.assumes_uniqueness() && walked.counts[rule.index()] > 0);
        assert!(assumed_uniqueness, "the path uses Unique Loops or BUG");
        for verify in [false, true] {
            let record = evaluate(
                &along_se("se", verify),
                SEVERAL_FILLED_BY_UNIQUENESS.as_bytes(),
            )
            .record;
            assert_eq!(record.status, Status::MultipleSolutions);
            assert_eq!((record.se, record.hardest, record.steps), (None, None, 0));
        }
    }

    #[test]
    fn along_se_s_path_verifying_changes_no_row() {
        for line in tdoku_and_blog_lines() {
            let mut a = evaluate(&along_se("se", false), line.as_bytes()).record;
            let mut b = evaluate(&along_se("se", true), line.as_bytes()).record;
            (a.micros, b.micros) = (0, 0);
            assert_eq!(a, b, "{line}");
            assert_ne!(a.status, Status::Unsound, "{line}");
        }
    }

    /// A line of HoDoKu's regression library: a Uniqueness Test 4 for 3 in a position with
    /// placed cells (`+`) and candidates already struck out.
    const LIBRARY_UR4: &str = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::";

    #[test]
    fn a_library_line_is_graded_from_its_position() {
        let set_cells = LIBRARY_UR4.split(':').nth(3).unwrap().replace('+', "");
        for verify in [true, false] {
            let e = evaluator_verifying("u4", verify, false);
            let record = evaluate(&e, LIBRARY_UR4.as_bytes()).record;
            // The step the line names, r6c4,r6c5<>3, and then nothing more.
            assert_eq!(record.status, Status::Stuck, "{}", record.error);
            assert_eq!(record.puzzle, set_cells);
            assert_eq!((record.steps, record.eliminations), (1, 2));
            assert_eq!(
                record.hardest,
                Some(Rung::Hodoku(Technique::UniquenessTest4))
            );
        }
    }

    #[test]
    fn the_struck_out_candidates_of_a_library_line_are_where_the_solve_starts() {
        let puzzle = crate::puzzle::Puzzle::parse_line(INTERMEDIATE).unwrap();
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            panic!("one solution")
        };
        // Every wrong candidate struck out: naked singles alone then solve it.
        let grid = Candidates::from_puzzle(&puzzle);
        let deleted: Vec<String> = grid
            .unsolved()
            .iter()
            .flat_map(|cell| {
                let wrong =
                    grid.candidates(cell) - crate::bitset::DigitSet::single(solution.get(cell));
                wrong
                    .iter()
                    .map(move |d| format!("{d}{}{}", cell.row() + 1, cell.col() + 1))
            })
            .collect();
        let line = format!(":0000:x:{INTERMEDIATE}:{}:::", deleted.join(" "));
        for verify in [true, false] {
            let e = evaluator_verifying("n1", verify, false);
            let position = evaluate(&e, line.as_bytes()).record;
            assert_eq!(position.status, Status::Solved, "{}", position.error);
            assert_eq!(position.puzzle, INTERMEDIATE);
            assert_eq!(
                evaluate(&e, INTERMEDIATE.as_bytes()).record.status,
                Status::Stuck
            );
        }
        // The solution's digit struck out: the position has no solution.
        let r1c1 = Cell::at(0, 0);
        let line = format!(":0000:x:{INTERMEDIATE}:{}11:::", solution.get(r1c1));
        let record = evaluate(&evaluator("n1", false), line.as_bytes()).record;
        assert_eq!(record.status, Status::NoSolution);
    }

    #[test]
    fn cells_set_off_by_spaces_give_the_row_of_the_line() {
        let e = evaluator("singles", false);
        let spaced: String = VERY_EASY
            .chars()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let mut record = evaluate(&e, spaced.as_bytes()).record;
        let mut compact = evaluate(&e, VERY_EASY.as_bytes()).record;
        (record.micros, compact.micros) = (0, 0);
        assert_eq!(record, compact);
    }

    #[test]
    fn the_rest_of_a_line_is_kept_only_when_asked_for() {
        let rated = format!("{VERY_EASY}\t4.5\thard");
        let plain = evaluator("singles", false);
        assert_eq!(evaluate(&plain, rated.as_bytes()).record.rest, "");
        let keeping = evaluator("singles", false).keeping_rest(true);
        assert!(keeping.columns().rest);
        let record = evaluate(&keeping, rated.as_bytes()).record;
        assert_eq!(
            (record.status, record.rest.as_str()),
            (Status::Solved, "4.5\thard")
        );
        let comma = evaluate(&keeping, format!("{VERY_EASY},7.2").as_bytes()).record;
        assert_eq!(comma.rest, "7.2");
        let library = evaluate(&keeping, LIBRARY_UR4.as_bytes()).record;
        assert_eq!(library.rest, ":0603:3:::364 365::");
        let invalid = evaluate(&keeping, b"12345 rated 3").record;
        assert_eq!(
            (invalid.status, invalid.rest.as_str()),
            (Status::Invalid, "")
        );
    }
}
