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
//! which meet the target. Only what is turned away is never graded. A screen that keeps
//! the brute-force rung solves with the puzzle's solution, as a grade does: the rung
//! copies its cells. (Under the `queue` policy the order of the rungs depends on the
//! whole ladder, so there is no screen.)
//!
//! A candidate the screen lets through is graded in full, unless the screen's solve is
//! the full ladder's: when every rung left out comes, in the ladder, after every rung the
//! solve used ([`Screened::Solved`]). Then the full ladder takes the very same steps:
//! from the same grid, each pass of it tries the same rungs in the same order as the
//! screened ladder up to the rung that gives the step (the rungs before it are all kept,
//! as it comes before every rung left out), so it finds the same step(s) there and never
//! reaches a rung left out; and the screen's solve ended solved, never stopped by its
//! score limit. So its summary and end grid (steps, placements, eliminations, counts,
//! hardest technique, hence score and level) are the full solve's, and the row is built
//! from them without solving again ([`Evaluator::evaluate_values_solved`]). On `standard`,
//! `--level easy`, `medium` and `unfair` leave out a tail of the ladder (for `unfair` the
//! forcing chains and nets only), so every candidate that passes is graded so.
//!
//! [`Evaluator::evaluate_values_solved`]: crate::runner::evaluate::Evaluator::evaluate_values_solved

use super::target::Target;
use crate::candidates::Candidates;
use crate::hodoku::catalogue::Technique;
use crate::hodoku::grade::ScoreTable;
use crate::hodoku::level::Level;
use crate::ladder::Ladder;
use crate::policy::Policy;
use crate::puzzle::{Puzzle, Solution};
use crate::record::{Columns, Record, Status};
use crate::rung::{Grader, Rung};
use crate::solver::{Outcome, Scratch, Solver, Summary};

/// The ladder without the rungs a puzzle meeting the target cannot use, and the target
/// less what the screen's solve cannot tell (SE's rating).
#[derive(Clone, Debug)]
pub struct Screen {
    solver: Solver,
    scores: ScoreTable,
    columns: Columns,
    target: Target,
    /// How many rungs the ladder has before its first one left out (all of them kept, so
    /// the first as many of the screened ladder): a solve whose hardest rung is among
    /// them is the full ladder's.
    leading: usize,
}

/// What the screen made of a candidate.
#[derive(Clone, Debug)]
pub enum Screened {
    /// No grade of it meets the target.
    Out,
    /// It may meet the target: grade it.
    In,
    /// It may meet the target, and the screen's solve (its summary and end grid) is the
    /// one the full ladder makes: grade it from that solve.
    Solved(Box<(Summary, Candidates)>),
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
        let leading = rungs
            .iter()
            .enumerate()
            .take_while(|&rung| usable(rung))
            .count();
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
            leading,
        })
    }

    /// Whether the screen's ladder holds singles only (Full House, Naked and Hidden
    /// Single): then only a puzzle whose grid the oracle's propagation fills from its
    /// givens can pass it ([`Digging::only_filled`]): that propagation places every naked
    /// and hidden single, and so makes every step of the screen's solve (it only does
    /// more with fewer candidates), filling the grid of any puzzle that solve finishes.
    ///
    /// [`Digging::only_filled`]: super::dig::Digging::only_filled
    pub fn keeps_only_singles(&self) -> bool {
        self.solver.ladder().rungs().iter().all(|t| t.is_single())
    }

    /// Whether `puzzle` (one solution, `solution`) may meet the target ([`Screened::Out`]
    /// only when no grade of it can), with the screen's solve when it is the full
    /// ladder's.
    pub fn judge(&self, puzzle: &[u8; 81], solution: &[u8; 81], scratch: &mut Scratch) -> Screened {
        let Ok(puzzle) = Puzzle::from_values(*puzzle) else {
            return Screened::In;
        };
        // The brute-force rung copies the solution's cells, as in a grade.
        let solution = match self.solver.ladder().contains(Technique::BruteForce) {
            true => Solution::from_values(*solution),
            false => None,
        };
        let mut grid = Candidates::from_puzzle(&puzzle);
        let summary = self
            .solver
            .solve_counts(&mut grid, solution.as_ref(), scratch);
        if summary.outcome != Outcome::Solved {
            return Screened::Out;
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
        if !self.target.meets(&record, &self.columns) {
            return Screened::Out;
        }
        // The hardest rung is the latest used (none: nothing to place).
        let full = match summary.hardest {
            None => true,
            Some(t) => self
                .solver
                .ladder()
                .position(t)
                .is_some_and(|rung| rung < self.leading),
        };
        match full {
            true => Screened::Solved(Box::new((summary, grid))),
            false => Screened::In,
        }
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
        let puzzles: Vec<([u8; 81], [u8; 81])> = (0..150)
            .map(|_| {
                let solution = random_solution(&mut rng);
                (dig(&solution, &orbits, &mut rng), solution)
            })
            .collect();
        let mut scratch = Scratch::default();
        for target in &targets {
            let screen = Screen::new(&ladder, Policy::Single, &scores, target)
                .expect("each target leaves rungs out");
            let (mut kept, mut turned_away, mut solved) = (0, 0, 0);
            for (puzzle, solution) in &puzzles {
                let screened = screen.judge(puzzle, solution, &mut scratch);
                let record = evaluator.evaluate_values(puzzle, &mut scratch).record;
                let passes = !matches!(screened, Screened::Out);
                if target.meets(&record, evaluator.columns()) {
                    assert!(passes, "{target:?} turned away {}", record.puzzle);
                    kept += 1;
                }
                turned_away += usize::from(!passes);
                if let Screened::Solved(solve) = screened {
                    let mut from_screen = evaluator
                        .evaluate_values_solved(puzzle, Some(*solve), &mut scratch)
                        .record;
                    from_screen.micros = record.micros;
                    assert_eq!(from_screen, record, "{target:?}");
                    solved += 1;
                }
            }
            assert!(kept > 0, "{target:?} keeps some");
            assert!(turned_away > 0, "{target:?} turns some away");
            assert!(solved > 0, "{target:?} grades some from the screen's solve");
        }
    }

    /// Only a screen of singles lets the dig give up on puzzles propagation does not fill.
    #[test]
    fn only_a_screen_of_singles_keeps_only_singles() {
        let ladder = Ladder::default();
        let scores = ScoreTable::default();
        let screen_of = |target: Target| {
            Screen::new(&ladder, Policy::Single, &scores, &target).expect("rungs left out")
        };
        let level = |level| Target {
            levels: Some(vec![level]),
            ..Target::default()
        };
        assert!(screen_of(level(Level::Easy)).keeps_only_singles());
        assert!(!screen_of(level(Level::Medium)).keeps_only_singles());
        let hidden_single = Target {
            hardest: Some(vec![hodoku("hidden-single")]),
            ..Target::default()
        };
        assert!(screen_of(hidden_single).keeps_only_singles());
    }

    /// Where a rung left out comes before the hardest the screen's solve used, the full
    /// ladder may take other steps: the screen does not pass its solve on. `--without
    /// hidden-pair` leaves out a rung early in the ladder.
    #[test]
    fn the_screen_passes_its_solve_on_only_when_it_is_the_full_ladder_s() {
        let ladder = Ladder::default();
        let scores = ScoreTable::default();
        let target = Target {
            without: vec![hodoku("hidden-pair")],
            ..Target::default()
        };
        let screen = Screen::new(&ladder, Policy::Single, &scores, &target).unwrap();
        let hidden_pair = ladder.position(Technique::HiddenPair).unwrap();
        assert_eq!(screen.leading, hidden_pair);
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let orbits = Symmetry::None.orbits();
        let mut scratch = Scratch::default();
        let (mut solved, mut graded) = (0, 0);
        for _ in 0..100 {
            let solution = random_solution(&mut rng);
            let puzzle = dig(&solution, &orbits, &mut rng);
            match screen.judge(&puzzle, &solution, &mut scratch) {
                Screened::Out => {}
                Screened::In => graded += 1,
                Screened::Solved(solve) => {
                    let hardest = solve.0.hardest.unwrap();
                    assert!(ladder.position(hardest).unwrap() < hidden_pair);
                    solved += 1;
                }
            }
        }
        assert!(solved > 0 && graded > 0, "{solved} {graded}");
    }

    /// A screen that keeps the brute-force rung solves with the solution, as a grade does:
    /// without it the rung finds nothing, and every candidate that needs it would be
    /// turned away.
    #[test]
    fn a_screen_keeping_brute_force_keeps_what_needs_it() {
        let ladder = Ladder::parse("fh,n1,h1,lc1,lc2,x-wing")
            .unwrap()
            .with(Technique::BruteForce);
        let scores = ScoreTable::default();
        let evaluator =
            Evaluator::new(ladder.clone(), Policy::Single, false, scores.clone(), false);
        let target = Target {
            needs: vec![hodoku("brute-force")],
            without: vec![hodoku("x-wing")],
            ..Target::default()
        };
        let screen = Screen::new(&ladder, Policy::Single, &scores, &target).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let orbits = Symmetry::None.orbits();
        let mut scratch = Scratch::default();
        let mut kept = 0;
        for _ in 0..30 {
            let solution = random_solution(&mut rng);
            let puzzle = dig(&solution, &orbits, &mut rng);
            let record = evaluator.evaluate_values(&puzzle, &mut scratch).record;
            if target.meets(&record, evaluator.columns()) {
                // Graded again: X-Wing, left out, comes before brute force, used.
                let screened = screen.judge(&puzzle, &solution, &mut scratch);
                assert!(matches!(screened, Screened::In), "{}", record.puzzle);
                kept += 1;
            }
        }
        assert!(kept > 0);
    }

    /// Under either policy that screens: the sweep applies every instance a rung finds,
    /// so one rung may add its score several times over.
    #[test]
    fn a_solve_gives_up_once_its_score_must_pass_the_limit() {
        let scores = ScoreTable::default();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let puzzle = dig(
            &random_solution(&mut rng),
            &Symmetry::None.orbits(),
            &mut rng,
        );
        let puzzle = Puzzle::from_values(puzzle).unwrap();
        let solve = |solver: &Solver| {
            let mut grid = Candidates::from_puzzle(&puzzle);
            solver.solve_counts(&mut grid, None, &mut Scratch::default())
        };
        for policy in [Policy::Single, Policy::Sweep] {
            let plain = Solver::new(Ladder::default(), policy);
            let full = solve(&plain);
            assert_eq!(full.outcome, Outcome::Solved);
            let score = scores.grade(&full.counts).score;
            let at_score = solve(&plain.clone().giving_up_past(scores.clone(), score));
            assert_eq!(at_score.outcome, Outcome::Solved, "{policy}");
            assert_eq!(at_score.counts, full.counts, "{policy}");
            let below = solve(&plain.clone().giving_up_past(scores.clone(), score - 1));
            assert_eq!(below.outcome, Outcome::Stuck, "{policy}");
            // The last steps, singles, add the least score of any rung: the solve gives
            // up before them, without searching, as they would pass the limit.
            let least = scores.score(Technique::FullHouse);
            assert!(
                plain
                    .ladder()
                    .rungs()
                    .iter()
                    .all(|&t| scores.score(t) >= least)
            );
            assert!(below.steps < full.steps, "{policy}");
            assert!(
                scores.grade(&below.counts).score + least <= score,
                "{policy}"
            );
        }
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
