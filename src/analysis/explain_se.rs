//! `explain --ladder se`: Sudoku Explainer's path through one puzzle, each step under SE's
//! hint name with its difficulty (`Naked Pair (3.0): r1c2-5, r1c7-5`), then the verdict,
//! the rules used and the rating (ER, EP, ED, as serate prints them); or SE's next hint.
//!
//! Every step is checked against the oracle's solution, as for a ladder's explanation,
//! the nested forcing chains of the hardest puzzles (ER 9.5 and up) included.

use super::explain::{hint_grid, no_unique_solution, stuck_hint, unique_solution};
use super::step_json;
use crate::candidates::Candidates;
use crate::position::Position;
use crate::record::Status;
use crate::se::Bound;
use crate::se::hint::Hint;
use crate::se::ladder::SeLadder;
use crate::se::named::SeRule;
use crate::se::path::{PathSummary, walk_showing};
use crate::se::rating::Ending;
use crate::se::solver::{Next, next_hint_with};
use serde_json::{Value, json};
use std::fmt::Write;

fn header(text: &mut String, label: &str, start: &Position, ladder: SeLadder) {
    writeln!(text, "Puzzle   {}  ({label})", start.puzzle()).unwrap();
    writeln!(
        text,
        "Ladder   {}: Sudoku Explainer's rules, order and choice (serate 1.2.1.3)",
        ladder.name()
    )
    .unwrap();
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

/// A step taken, with the grid it was found in.
struct Taken {
    hint: Hint,
    grid: Candidates,
}

/// SE's path from `start`, every step checked against the solution; `None` with the
/// status when the position has no single solution.
fn walk_checked(
    start: &Position,
    ladder: SeLadder,
) -> Result<(PathSummary, Vec<Taken>, Candidates, Status), Status> {
    let solution = unique_solution(start)?;
    let mut grid = start.grid();
    let mut taken = Vec::new();
    let path = walk_showing(
        &mut grid,
        ladder.producers(),
        Some(&solution),
        |grid, hint| {
            taken.push(Taken {
                hint: *hint,
                grid: grid.clone(),
            })
        },
    );
    let status = match (&path.wrong, path.rating.ending) {
        (Some(_), _) => Status::Unsound,
        (None, Ending::Solved) => Status::Solved,
        (None, _) => Status::Stuck,
    };
    Ok((path, taken, grid, status))
}

/// Why SE's path stopped short of the end.
fn why_stuck(ending: Ending) -> &'static str {
    match ending {
        Ending::TimedOut(_) => "the search for the next step ran past its time limit",
        _ => "no rule of the ladder applies",
    }
}

/// The full explanation of SE's path from `position`, and its verdict. With `grid`, the
/// pencil-mark grid is drawn before every step that is not a single.
pub fn explain(label: &str, position: &Position, ladder: SeLadder, grid: bool) -> (String, Status) {
    let mut text = String::new();
    header(&mut text, label, position, ladder);
    let (path, taken, end, status) = match walk_checked(position, ladder) {
        Ok(walked) => walked,
        Err(status) => {
            no_unique_solution(&mut text, status, position);
            return (text, status);
        }
    };
    text.push('\n');
    let width = taken.len().max(1).to_string().len();
    for (i, step) in taken.iter().enumerate() {
        if grid && !SeRule::of(step.hint.rule).is_single() {
            writeln!(text, "{}", step.grid).unwrap();
        }
        writeln!(text, "{:>width$}. {}", i + 1, step.hint).unwrap();
    }
    if let Some(wrong) = &path.wrong {
        writeln!(text, "\n{wrong}").unwrap();
    }
    text.push('\n');
    let counts = format!(
        "{} steps ({} placements, {} eliminations)",
        taken.len(),
        path.placements,
        path.eliminations
    );
    match status {
        Status::Solved => writeln!(text, "Verdict  solved in {counts}").unwrap(),
        Status::Stuck => {
            let why = why_stuck(path.rating.ending);
            writeln!(text, "Verdict  stuck after {counts}: {why}").unwrap();
            writeln!(text, "{end}").unwrap();
        }
        _ => writeln!(
            text,
            "Verdict  unsound: a step contradicts the solution (a solver bug)"
        )
        .unwrap(),
    }
    let hardest = path.hardest.map_or("none", SeRule::name);
    writeln!(text, "Hardest  {hardest}").unwrap();
    let used: Vec<String> = SeRule::all()
        .filter(|r| path.counts[r.index()] > 0)
        .map(|r| format!("{r} {}", path.counts[r.index()]))
        .collect();
    writeln!(text, "Used     {}", used.join(", ")).unwrap();
    if status != Status::Unsound {
        let r = &path.rating;
        writeln!(text, "Rating   ER {}, EP {}, ED {}", r.er, r.ep, r.ed).unwrap();
    }
    (text, status)
}

/// A bound as JSON: `"7.2"` or `">=9.5"`, as a results file writes it.
fn bound(bound: Bound) -> Value {
    bound.to_string().into()
}

/// The explanation as JSON: the puzzle and ladder, the status, and for a puzzle with one
/// solution SE's steps (number, rule, SE's hint name, difficulty, the text as SE writes
/// it, the cells placed and candidates removed) and verdict (hardest rule, counts, `er`,
/// `ep`, `ed`). With `grid`, each step carries the grid it is taken in.
pub fn explain_json(
    label: &str,
    start: &Position,
    ladder: SeLadder,
    grid: bool,
) -> (Value, Status) {
    let mut json = json!({
        "source": label,
        "puzzle": start.puzzle().to_string(),
        "ladder": ladder.name(),
        "givens": start.given_count(),
    });
    let (path, taken, _, status) = match walk_checked(start, ladder) {
        Ok(walked) => walked,
        Err(status) => {
            json["status"] = status.to_string().into();
            return (json, status);
        }
    };
    let candidate = |(cell, digit): (crate::geometry::Cell, crate::geometry::Digit)| json!({"cell": cell.to_string(), "digit": digit.get()});
    let steps: Vec<Value> = taken
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let hint = &step.hint;
            let removed: Vec<Value> = hint.removals.iter().map(candidate).collect();
            let placed: Vec<Value> = hint.placement.into_iter().map(candidate).collect();
            let mut fields = json!({
                "number": i + 1,
                "rule": SeRule::of(hint.rule).name(),
                "name": hint.rule.to_string(),
                "difficulty": hint.difficulty.to_string(),
                "text": hint.to_string(),
                "placed": placed,
                "removed": removed,
            });
            if grid {
                fields["grid"] = step_json::grid(&step.grid);
            }
            fields
        })
        .collect();
    json["status"] = status.to_string().into();
    json["steps"] = steps.into();
    json["placements"] = path.placements.into();
    json["eliminations"] = path.eliminations.into();
    json["hardest"] = path.hardest.map(SeRule::name).into();
    if status != Status::Unsound {
        json["er"] = bound(path.rating.er);
        json["ep"] = bound(path.rating.ep);
        json["ed"] = bound(path.rating.ed);
    }
    if status == Status::Stuck {
        json["stuck"] = why_stuck(path.rating.ending).into();
    }
    (json, status)
}

/// SE's next hint from `position` (a puzzle, a partly solved grid, a pencil-mark grid).
/// With `grid`, the pencil-mark grid is drawn first.
pub fn hint(label: &str, position: &Position, ladder: SeLadder, grid: bool) -> (String, Status) {
    let mut text = String::new();
    header(&mut text, label, position, ladder);
    if let Err(status) = unique_solution(position) {
        no_unique_solution(&mut text, status, position);
        return (text, status);
    }
    let Some(candidates) = hint_grid(&mut text, position, grid) else {
        return (text, Status::Solved);
    };
    match next_hint_with(&candidates, ladder.producers()) {
        Next::Step(hint) => {
            writeln!(text, "Next     {hint}").unwrap();
            (text, Status::Solved)
        }
        Next::TimedOut(least) => {
            let why = why_stuck(Ending::TimedOut(least));
            writeln!(text, "Next     nothing yet: {why}").unwrap();
            (text, Status::Stuck)
        }
        Next::Stuck => stuck_hint(text, "rule"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::se;

    /// top95's first: SE's path needs Pointing (ER 2.6).
    const TOP95_1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// tdoku's line 12: SE's path needs the nested forcing chains.
    const NESTED: &str =
        "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2";

    fn position(line: &str) -> Position {
        Puzzle::parse_line(line).unwrap().into()
    }

    #[test]
    fn explains_se_s_path_with_hint_names_difficulties_and_the_rating() {
        let (text, status) = explain("test", &position(TOP95_1), SeLadder::FULL, false);
        assert_eq!(status, Status::Solved);
        let mut steps = Vec::new();
        let rating = se::rate_recording(&Puzzle::parse_line(TOP95_1).unwrap(), &mut steps);
        for (i, hint) in steps.iter().enumerate() {
            let line = format!("{:>2}. {hint}", i + 1);
            assert!(text.contains(&line), "{line} in {text}");
        }
        assert!(text.contains("Pointing (2.6): "), "{text}");
        assert!(text.contains("Hardest  pointing\n"), "{text}");
        let rated = format!(
            "Rating   ER {}, EP {}, ED {}\n",
            rating.er, rating.ep, rating.ed
        );
        assert!(text.ends_with(&rated), "{text}");
        let (json, _) = explain_json("test", &position(TOP95_1), SeLadder::FULL, false);
        assert_eq!(json["steps"].as_array().unwrap().len(), steps.len());
        assert_eq!(json["er"], "2.6");
        assert_eq!(json["steps"][0]["text"], steps[0].to_string());
        assert_eq!(
            json["steps"][0]["difficulty"],
            steps[0].difficulty.to_string()
        );
    }

    #[test]
    fn a_path_through_nested_chains_ends_solved_with_serate_s_kind_of_rating() {
        let (text, status) = explain("test", &position(NESTED), SeLadder::FULL, false);
        assert_eq!(status, Status::Solved);
        let rating = se::rate(&Puzzle::parse_line(NESTED).unwrap());
        assert!(
            rating.er.to_string().parse::<f64>().unwrap() >= 9.5,
            "{text}"
        );
        let rated = format!(
            "Rating   ER {}, EP {}, ED {}\n",
            rating.er, rating.ep, rating.ed
        );
        assert!(text.ends_with(&rated), "{text}");
        let (json, _) = explain_json("test", &position(NESTED), SeLadder::FULL, false);
        assert_eq!(json["er"], rating.er.to_string(), "{json}");
    }

    #[test]
    fn the_next_hint_is_the_first_step_and_a_cut_can_stop_it() {
        let (full, _) = explain("test", &position(TOP95_1), SeLadder::FULL, false);
        let first = full.lines().find(|l| l.starts_with(" 1. ")).unwrap();
        let (text, status) = hint("test", &position(TOP95_1), SeLadder::FULL, false);
        assert_eq!(status, Status::Solved);
        assert!(
            text.contains(&format!("Next     {}", &first[4..])),
            "{text}"
        );
        // Cut after the hidden singles, SE's path stops before its end.
        let stuck = SeLadder::parse("se:hidden-single").unwrap().unwrap();
        let (text, _) = explain("test", &position(TOP95_1), stuck, false);
        assert!(text.contains("Verdict  stuck after"), "{text}");
        assert!(text.contains("no rule of the ladder applies"), "{text}");
    }
}
