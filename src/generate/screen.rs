//! A cheap screen before a candidate is graded: most candidates miss the target, and a
//! full grade of a miss often walks the whole ladder (chains, ALS, fish) before its first
//! hard step. The screen solves with the ladder less the rungs no puzzle meeting the
//! target can use, gives up once the score passes what the target allows or must pass it
//! (a score only grows; see [`Solver::giving_up_past`]), and turns a candidate away when
//! that solve misses the target.
//!
//! Why it never turns away a puzzle that meets the target: a rung such a puzzle uses
//! would put it out of the target (a rung excluded, or whose level is above every level
//! asked, or whose base score alone passes the top of the score range, or which comes
//! after every allowed hardest technique in the ladder). So its solve never applies one:
//! each time the ladder tried one of them, it found nothing and went on. Under the
//! `single` and `sweep` policies the ladder without those rungs therefore takes the very
//! same steps, and its solve has the same counts, score, level and hardest technique,
//! which meet the target. A candidate the screen lets through is graded in full, as
//! before; only what is turned away is never graded. (Under the `queue` policy the order
//! of the rungs depends on the whole ladder, so there is no screen.)

use super::target::Target;
use crate::candidates::Candidates;
use crate::hodoku::catalogue::Technique;
use crate::hodoku::grade::ScoreTable;
use crate::hodoku::level::Level;
use crate::ladder::Ladder;
use crate::policy::Policy;
use crate::puzzle::Puzzle;
use crate::record::{Columns, Record, Status};
use crate::rung::{Grader, Rung};
use crate::solver::{Outcome, Scratch, Solver};

/// The ladder without the rungs a puzzle meeting the target cannot use, and the target
/// less what the screen's solve cannot tell (SE's rating).
#[derive(Clone, Debug)]
pub struct Screen {
    solver: Solver,
    scores: ScoreTable,
    columns: Columns,
    target: Target,
}

impl Screen {
    /// The screen for `target` along `ladder` (its fallback rung included) under `policy`,
    /// graded with `scores`; `None` when it would turn nothing away that a grade would not
    /// as cheaply: no rung to leave out and no SE rating to spare, or the `queue` policy.
    pub fn new(
        ladder: &Ladder,
        policy: Policy,
        scores: &ScoreTable,
        target: &Target,
    ) -> Option<Screen> {
        if policy == Policy::Queue {
            return None;
        }
        let rungs = ladder.rungs();
        let highest_level = target.levels.as_ref().and_then(|l| l.iter().max().copied());
        let top_score = target.score.and_then(|range| range.high);
        let last_hardest = target.hardest.as_ref().map(|hardest| {
            hardest
                .iter()
                .filter_map(|r| r.technique().and_then(|t| ladder.position(t)))
                .max()
        });
        let usable = |(position, &t): (usize, &Technique)| {
            !target.without.contains(&Rung::Hodoku(t))
                && highest_level.is_none_or(|level: Level| scores.level(t) <= level)
                && top_score.is_none_or(|top| scores.score(t) <= top)
                && last_hardest.is_none_or(|last| last.is_some_and(|last| position <= last))
        };
        let kept: Vec<Technique> = rungs
            .iter()
            .enumerate()
            .filter(|&rung| usable(rung))
            .map(|(_, &t)| t)
            .collect();
        if kept.len() == rungs.len() && target.er.is_none() {
            return None;
        }
        // No rung left: no candidate can meet the target, which a grade shows as well.
        let kept = Ladder::new(kept).ok()?;
        let columns = Columns {
            grader: Grader::Hodoku,
            techniques: kept.rungs().iter().copied().map(Rung::Hodoku).collect(),
            solution: false,
            se: false,
            rest: false,
        };
        // A score past the top of the range, or past the most the highest level asked
        // allows, rules a puzzle out whatever its solve does next.
        let level_top = highest_level.and_then(Level::max_score);
        let top = match (top_score, level_top) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut solver = Solver::new(kept, policy);
        if let Some(top) = top {
            solver = solver.giving_up_past(scores.clone(), top);
        }
        Some(Screen {
            solver,
            scores: scores.clone(),
            columns,
            target: Target {
                er: None,
                ..target.clone()
            },
        })
    }

    /// Whether `puzzle` (one solution) may meet the target: false only when no grade of it
    /// can.
    pub fn passes(&self, puzzle: &[u8; 81], scratch: &mut Scratch) -> bool {
        let Ok(puzzle) = Puzzle::from_values(*puzzle) else {
            return true;
        };
        let mut grid = Candidates::from_puzzle(&puzzle);
        let summary = self.solver.solve_counts(&mut grid, None, scratch);
        if summary.outcome != Outcome::Solved {
            return false;
        }
        let grade = self.scores.grade(&summary.counts);
        let mut record = Record::new("", 0, self.columns.techniques.len());
        record.status = Status::Solved;
        record.givens = Some(puzzle.given_count() as u32);
        record.hardest = summary.hardest.map(Rung::Hodoku);
        record.score = grade.score;
        record.level = Some(grade.level);
        for (count, &t) in record.counts.iter_mut().zip(self.solver.ladder().rungs()) {
            *count = summary.counts[t];
        }
        self.target.meets(&record, &self.columns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::dig::dig;
    use crate::generate::grid::random_solution;
    use crate::generate::symmetry::Symmetry;
    use crate::runner::evaluate::Evaluator;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn hodoku(name: &str) -> Rung {
        Rung::from_name(Grader::Hodoku, name).unwrap()
    }

    #[test]
    fn the_screen_turns_away_only_puzzles_no_grade_keeps() {
        let ladder = Ladder::default();
        let scores = ScoreTable::default();
        let evaluator =
            Evaluator::new(ladder.clone(), Policy::Single, false, scores.clone(), false);
        let targets = [
            Target {
                levels: Some(vec![Level::Easy]),
                ..Target::default()
            },
            Target {
                levels: Some(vec![Level::Medium, Level::Hard]),
                ..Target::default()
            },
            Target {
                hardest: Some(vec![hodoku("x-wing"), hodoku("skyscraper")]),
                ..Target::default()
            },
            Target {
                levels: Some(vec![Level::Unfair]),
                ..Target::default()
            },
            Target {
                score: Some("..1200".parse().unwrap()),
                without: vec![hodoku("naked-pair")],
                ..Target::default()
            },
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let orbits = Symmetry::None.orbits();
        let puzzles: Vec<[u8; 81]> = (0..150)
            .map(|_| dig(&random_solution(&mut rng), &orbits, 0, &mut rng))
            .collect();
        let mut scratch = Scratch::default();
        for target in &targets {
            let screen = Screen::new(&ladder, Policy::Single, &scores, target)
                .expect("each target leaves rungs out");
            let (mut kept, mut turned_away) = (0, 0);
            for puzzle in &puzzles {
                let passes = screen.passes(puzzle, &mut scratch);
                let record = evaluator.evaluate_values(puzzle, &mut scratch).record;
                if target.meets(&record, evaluator.columns()) {
                    assert!(passes, "{target:?} turned away {}", record.puzzle);
                    kept += 1;
                }
                turned_away += usize::from(!passes);
            }
            assert!(kept > 0, "{target:?} keeps some");
            assert!(turned_away > 0, "{target:?} turns some away");
        }
    }

    #[test]
    fn a_solve_gives_up_once_its_score_must_pass_the_limit() {
        let scores = ScoreTable::default();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let puzzle = dig(
            &random_solution(&mut rng),
            &Symmetry::None.orbits(),
            0,
            &mut rng,
        );
        let puzzle = Puzzle::from_values(puzzle).unwrap();
        let solve = |solver: &Solver| {
            let mut grid = Candidates::from_puzzle(&puzzle);
            solver.solve_counts(&mut grid, None, &mut Scratch::default())
        };
        let plain = Solver::new(Ladder::default(), Policy::Single);
        let full = solve(&plain);
        assert_eq!(full.outcome, Outcome::Solved);
        let score = scores.grade(&full.counts).score;
        let at_score = solve(&plain.clone().giving_up_past(scores.clone(), score));
        assert_eq!(at_score.outcome, Outcome::Solved);
        assert_eq!(at_score.counts, full.counts);
        let below = solve(&plain.clone().giving_up_past(scores.clone(), score - 1));
        assert_eq!(below.outcome, Outcome::Stuck);
        // The last steps, singles, add the least score of any rung: the solve gives up
        // before them, without searching, as they would pass the limit.
        let least = scores.score(Technique::FullHouse);
        assert!(
            plain
                .ladder()
                .rungs()
                .iter()
                .all(|&t| scores.score(t) >= least)
        );
        assert!(below.steps < full.steps);
        assert!(scores.grade(&below.counts).score + least <= score);
    }

    #[test]
    fn there_is_no_screen_when_it_would_leave_nothing_out_or_under_the_queue() {
        let ladder = Ladder::default();
        let scores = ScoreTable::default();
        let givens = Target {
            givens: Some("20..30".parse().unwrap()),
            ..Target::default()
        };
        assert!(Screen::new(&ladder, Policy::Single, &scores, &givens).is_none());
        let easy = Target {
            levels: Some(vec![Level::Easy]),
            ..Target::default()
        };
        assert!(Screen::new(&ladder, Policy::Single, &scores, &easy).is_some());
        assert!(Screen::new(&ladder, Policy::Queue, &scores, &easy).is_none());
    }
}
