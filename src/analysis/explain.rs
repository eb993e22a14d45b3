//! `explain`: the path a ladder takes through one puzzle, step by step in the forum
//! notation, optionally with the pencil-mark grid drawn before every step that is not a
//! single, then the verdict and HoDoKu's grade; or just the next step, as a hint.
//!
//! Every step is checked against the oracle's solution, so an explanation never shows a
//! wrong deduction without saying so. The solve starts from a puzzle's givens or from a
//! position with cells placed and candidates struck out (a pencil-mark grid, a HoDoKu
//! library line), whose own solution the steps are checked against.

use super::step_json;
use crate::candidates::Candidates;
use crate::hodoku::grade::ScoreTable;
use crate::oracle::Uniqueness;
use crate::position::Position;
use crate::puzzle::Solution;
use crate::record::Status;
use crate::solver::{Outcome, Report, Solver};
use crate::step::branch_texts;
use std::fmt::Write;

/// The position's solution, or the status that says why there is no single one.
pub(super) fn unique_solution(start: &Position) -> Result<Solution, Status> {
    match start.uniqueness() {
        Uniqueness::Unique(solution) => Ok(solution),
        Uniqueness::NoSolution => Err(Status::NoSolution),
        Uniqueness::Multiple(_) => Err(Status::MultipleSolutions),
    }
}

fn status_of(outcome: &Outcome) -> Status {
    match outcome {
        Outcome::Solved => Status::Solved,
        Outcome::Stuck => Status::Stuck,
        // With the solution known and every step verified, a contradiction is a wrong step.
        Outcome::Contradiction | Outcome::Unsound(_) => Status::Unsound,
    }
}

fn header(text: &mut String, label: &str, start: &Position, solver: &Solver) {
    writeln!(text, "Puzzle   {}  ({label})", start.puzzle()).unwrap();
    let ladder = super::ladder_label(solver.ladder());
    writeln!(text, "Ladder   {ladder}, policy {}", solver.policy()).unwrap();
    write!(text, "Givens   {}", start.given_count()).unwrap();
    if !start.is_puzzle() {
        write!(
            text,
            " (then {} cells placed and {} candidates struck out before the first step)",
            start.placed().len(),
            start.removed().count()
        )
        .unwrap();
    }
    text.push('\n');
}

pub(super) fn no_unique_solution(text: &mut String, status: Status, start: &Position) {
    let why = match status {
        Status::NoSolution if start.is_puzzle() => "no solution: the givens contradict each other",
        Status::NoSolution => {
            "no solution: the position contradicts itself (a digit or a struck-out candidate is wrong)"
        }
        _ => "several solutions: logic cannot decide between them",
    };
    writeln!(text, "Verdict  {status}: {why}").unwrap();
}

/// The header of an explanation or a hint, and the puzzle's solution; or, when the puzzle
/// has no single solution, the whole text and its status.
fn start(
    label: &str,
    position: &Position,
    solver: &Solver,
) -> Result<(String, Solution), (String, Status)> {
    let mut text = String::new();
    header(&mut text, label, position, solver);
    match unique_solution(position) {
        Ok(solution) => Ok((text, solution)),
        Err(status) => {
            no_unique_solution(&mut text, status, position);
            Err((text, status))
        }
    }
}

/// The solve from `start`, every step checked against its `solution`, and its status:
/// what the text and the JSON explanation both show.
fn solve_checked(start: &Position, solver: &Solver, solution: &Solution) -> (Report, Status) {
    let report = solver
        .clone()
        .verifying(true)
        .solve_grid(start.grid(), Some(solution));
    let status = status_of(&report.summary.outcome);
    (report, status)
}

/// The full explanation of the solve from `position` under `solver`, and its verdict,
/// graded with `scores`. With `grid`, the pencil-mark grid is drawn before every step that
/// is not a single.
pub fn explain(
    label: &str,
    position: &Position,
    solver: &Solver,
    scores: &ScoreTable,
    grid: bool,
) -> (String, Status) {
    let (mut text, solution) = match start(label, position, solver) {
        Ok(started) => started,
        Err(done) => return done,
    };
    let (report, status) = solve_checked(position, solver, &solution);
    text.push('\n');
    write_steps(&mut text, position, &report, grid);
    text.push('\n');
    write_verdict(&mut text, &report, status, scores);
    (text, status)
}

/// Numbered steps, replayed on a grid so that it can be drawn before non-singles.
fn write_steps(text: &mut String, start: &Position, report: &Report, grid: bool) {
    let width = report.steps.len().max(1).to_string().len();
    let mut replay = start.grid();
    for (i, step) in report.steps.iter().enumerate() {
        if grid && !step.technique.is_single() {
            writeln!(text, "{replay}").unwrap();
        }
        writeln!(text, "{:>width$}. {}", i + 1, report.steps.display(i)).unwrap();
        for branch in branch_texts(step, report.steps.chains()) {
            writeln!(text, "{:width$}    {branch}", "").unwrap();
        }
        step.apply_to(&mut replay);
    }
    if let Outcome::Unsound(unsound) = &report.summary.outcome {
        writeln!(text, "\n{unsound}").unwrap();
    }
}

fn write_verdict(text: &mut String, report: &Report, status: Status, scores: &ScoreTable) {
    let s = &report.summary;
    let counts = format!(
        "{} steps ({} placements, {} eliminations)",
        s.steps, s.placements, s.eliminations
    );
    match status {
        Status::Solved => writeln!(text, "Verdict  solved in {counts}").unwrap(),
        Status::Stuck => {
            writeln!(
                text,
                "Verdict  stuck after {counts}: no technique of the ladder applies"
            )
            .unwrap();
            writeln!(text, "{}", report.grid).unwrap();
        }
        _ => writeln!(
            text,
            "Verdict  unsound: a step contradicts the solution (a solver bug)"
        )
        .unwrap(),
    }
    let hardest = s.hardest.map_or("none", |t| t.name());
    writeln!(text, "Hardest  {hardest}").unwrap();
    let used: Vec<String> = s
        .counts
        .used()
        .map(|(t, n)| format!("{} {n}", t.name()))
        .collect();
    writeln!(text, "Used     {}", used.join(", ")).unwrap();
    let grade = scores.grade(&s.counts);
    match status {
        Status::Solved => {
            writeln!(text, "Grade    {} (score {})", grade.level, grade.score).unwrap()
        }
        _ => writeln!(
            text,
            "Grade    none: not solved (score so far {})",
            grade.score
        )
        .unwrap(),
    }
}

/// The explanation as JSON: the puzzle, ladder and policy, the status, and for a puzzle
/// with one solution its steps (number, technique name and code, the forums' notation,
/// the technique's level and base score, the cells placed and candidates removed, the pattern by role: [`step_json`]) and
/// verdict (hardest technique, counts, level and score when solved). With `grid`, each
/// step carries the grid it is taken in. A position's placed cells and struck-out
/// candidates are under `start`.
pub fn explain_json(
    label: &str,
    start: &Position,
    solver: &Solver,
    scores: &ScoreTable,
    grid: bool,
) -> (serde_json::Value, Status) {
    let mut json = serde_json::json!({
        "source": label,
        "puzzle": start.puzzle().to_string(),
        "ladder": super::ladder_label(solver.ladder()),
        "policy": solver.policy().to_string(),
        "givens": start.given_count(),
    });
    if !start.is_puzzle() {
        let removed: Vec<serde_json::Value> = start
            .removed()
            .map(
                |(cell, digit)| serde_json::json!({"cell": cell.to_string(), "digit": digit.get()}),
            )
            .collect();
        let placed: Vec<String> = start.placed().iter().map(|c| c.to_string()).collect();
        json["start"] = serde_json::json!({"placed": placed, "removed": removed});
    }
    let solution = match unique_solution(start) {
        Ok(solution) => solution,
        Err(status) => {
            json["status"] = status.to_string().into();
            return (json, status);
        }
    };
    let (report, status) = solve_checked(start, solver, &solution);
    let mut replay = start.grid();
    let steps: Vec<serde_json::Value> = report
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let mut fields = serde_json::json!({
                "number": i + 1,
                "technique": step.technique.name(),
                "code": step.technique.code(),
                "label": step.label(),
                "text": report.steps.display(i).to_string(),
                "level": scores.level(step.technique).to_string(),
                "score": scores.score(step.technique),
            });
            let object = fields.as_object_mut().expect("an object");
            object.extend(step_json::step_fields(step, report.steps.chains()));
            if grid {
                object.insert("grid".into(), step_json::grid(&replay));
            }
            step.apply_to(&mut replay);
            fields
        })
        .collect();
    let summary = &report.summary;
    let grade = scores.grade(&summary.counts);
    json["status"] = status.to_string().into();
    json["steps"] = steps.into();
    json["placements"] = summary.placements.into();
    json["eliminations"] = summary.eliminations.into();
    json["hardest"] = summary.hardest.map(|t| t.name()).into();
    json["score"] = grade.score.into();
    json["level"] = match status {
        Status::Solved => grade.level.to_string().into(),
        _ => serde_json::Value::Null,
    };
    (json, status)
}

/// The next step the ladder takes from `position` (a puzzle, a partly solved grid, a
/// pencil-mark grid), as a hint. With `grid`, the pencil-mark grid is drawn first.
pub fn hint(label: &str, position: &Position, solver: &Solver, grid: bool) -> (String, Status) {
    let (mut text, solution) = match start(label, position, solver) {
        Ok(started) => started,
        Err(done) => return done,
    };
    let Some(candidates) = hint_grid(&mut text, position, grid) else {
        return (text, Status::Solved);
    };
    let hint = solver.next_step(&candidates, Some(&solution));
    match hint.first() {
        Some(_) => {
            writeln!(text, "Next     {}", hint.display(0)).unwrap();
            (text, Status::Solved)
        }
        None => stuck_hint(text, "technique"),
    }
}

/// The grid a hint starts from, drawn into `text` first when `grid` asks for it; `None`
/// once the line saying there is nothing to do is written, when the grid is solved
/// already. The hints of both kinds of ladder (HoDoKu's and SE's) start so.
pub(super) fn hint_grid(text: &mut String, position: &Position, grid: bool) -> Option<Candidates> {
    let candidates = position.grid();
    if grid {
        writeln!(text, "\n{candidates}").unwrap();
    }
    if candidates.is_solved() {
        writeln!(text, "Next     nothing: the grid is solved").unwrap();
        return None;
    }
    Some(candidates)
}

/// A hint's ending when nothing of the ladder applies, `what` naming what a ladder is made
/// of (a HoDoKu `technique`, an SE `rule`).
pub(super) fn stuck_hint(mut text: String, what: &str) -> (String, Status) {
    writeln!(
        text,
        "Next     nothing: no {what} of the ladder applies (stuck)"
    )
    .unwrap();
    (text, Status::Stuck)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ladder::Ladder;
    use crate::oracle;
    use crate::puzzle::Puzzle;
    use crate::solver::Policy;

    const VERY_EASY: &str =
        ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";
    /// The blog's "expert_01": singles get stuck on it.
    const EXPERT: &str =
        ".9825......3.9....26..7.84..3......8......2.6.7....53..8.3..6..........4624..8...";

    fn singles() -> Solver {
        Solver::new(Ladder::parse("singles").unwrap(), Policy::Single)
    }

    /// The explanation of `puzzle` along the singles, with HoDoKu's scores.
    fn explain_with_singles(puzzle: Puzzle, grid: bool) -> (String, Status) {
        explain(
            "test",
            &puzzle.into(),
            &singles(),
            &ScoreTable::default(),
            grid,
        )
    }

    #[test]
    fn explains_a_solved_puzzle_step_by_step_with_its_grade() {
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        let (text, status) = explain_with_singles(puzzle, false);
        assert_eq!(status, Status::Solved);
        let blanks = 81 - puzzle.given_count();
        let steps: Vec<&str> = text
            .lines()
            .filter(|l| {
                l.trim_start()
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
            })
            .collect();
        assert_eq!(steps.len(), blanks, "{text}");
        assert!(steps[0].trim_start().starts_with("1. "));
        assert!(text.contains(&format!(
            "Verdict  solved in {blanks} steps ({blanks} placements"
        )));
        assert!(text.contains("Grade    easy (score "), "{text}");
        // Only singles: no grid is drawn even when asked for.
        let (with_grid, _) = explain_with_singles(puzzle, true);
        assert_eq!(with_grid, text);
    }

    #[test]
    fn a_stuck_puzzle_shows_where_it_stopped() {
        let puzzle = Puzzle::parse_line(EXPERT).unwrap();
        let (text, status) = explain_with_singles(puzzle, false);
        assert_eq!(status, Status::Stuck);
        assert!(text.contains("Verdict  stuck after"), "{text}");
        assert!(text.contains("Grade    none: not solved"), "{text}");
        assert!(text.contains("+-"), "the stuck grid is drawn: {text}");
    }

    #[test]
    fn the_hint_is_the_first_step_of_the_explanation() {
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        let (full, _) = explain_with_singles(puzzle, false);
        let first = full.lines().find(|l| l.starts_with(" 1. ")).unwrap();
        let (text, status) = hint("test", &puzzle.into(), &singles(), false);
        assert_eq!(status, Status::Solved);
        let next = text
            .lines()
            .find_map(|l| l.strip_prefix("Next     "))
            .unwrap();
        assert_eq!(next, &first[4..]);
    }

    #[test]
    fn refuses_puzzles_without_one_solution() {
        let empty = Puzzle::from_values([0; 81]).unwrap();
        let (text, status) = explain_with_singles(empty, false);
        assert_eq!(status, Status::MultipleSolutions);
        assert!(text.contains("several solutions"));
        // A wrong digit entered in a partly solved grid: any candidate of r1c1 but the
        // solution's digit.
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            panic!("the blog puzzle has one solution");
        };
        let r1c1 = crate::geometry::Cell::at(0, 0);
        let digit = Candidates::from_puzzle(&puzzle)
            .candidates(r1c1)
            .iter()
            .find(|&d| d != solution.get(r1c1))
            .expect("r1c1 has two candidates or more");
        let mut wrong = *puzzle.values();
        wrong[0] = digit.get();
        let wrong = Puzzle::from_values(wrong).unwrap();
        let (text, status) = hint("test", &wrong.into(), &singles(), false);
        assert_eq!(status, Status::NoSolution, "{text}");
    }

    #[test]
    fn a_hint_from_a_pencil_mark_grid_is_the_step_the_path_takes_there() {
        let solver = Solver::new(Ladder::parse("standard").unwrap(), Policy::Single);
        let puzzle = Puzzle::parse_line(EXPERT).unwrap();
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            panic!("one solution");
        };
        let report = solver.solve(&puzzle, Some(&solution));
        // The grid before the second step that is not a single: the first one has struck
        // candidates out.
        let mut replay = Candidates::from_puzzle(&puzzle);
        let mut non_singles = 0;
        let mut at = None;
        for (i, step) in report.steps.iter().enumerate() {
            if !step.technique.is_single() {
                non_singles += 1;
                if non_singles == 2 {
                    at = Some(i);
                    break;
                }
            }
            step.apply_to(&mut replay);
        }
        let at = at.expect("two steps that are not singles");
        let drawn = replay.to_string();
        let position = Position::parse_text(&drawn).unwrap();
        assert!(position.removed().count() > 0);
        let (text, status) = hint("grid", &position, &solver, false);
        assert_eq!(status, Status::Solved);
        let next = text
            .lines()
            .find_map(|l| l.strip_prefix("Next     "))
            .unwrap();
        assert_eq!(next, report.steps.display(at).to_string(), "{text}");
        assert!(
            text.contains("candidates struck out before the first step"),
            "{text}"
        );
        // The explanation from there ends as the one from the puzzle does.
        let (full, status) = explain("grid", &position, &solver, &ScoreTable::default(), false);
        assert_eq!(status, Status::Solved);
        assert!(
            full.contains(&format!(" 1. {}", report.steps.display(at))),
            "{full}"
        );
        // A candidate struck out wrongly leaves the position without a solution.
        let cell = replay.cells_with_at_least()[1]
            .first()
            .expect("an open cell");
        replay.eliminate(cell, solution.get(cell));
        let wrong = Position::parse_text(&replay.to_string()).unwrap();
        let (text, status) = hint("grid", &wrong, &solver, false);
        assert_eq!(status, Status::NoSolution);
        assert!(text.contains("the position contradicts itself"), "{text}");
    }
}
