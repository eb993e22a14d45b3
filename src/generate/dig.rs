//! Taking givens away while the puzzle keeps exactly one solution (proved by the oracle
//! each time), an orbit of the symmetry at a time, in random order.
//!
//! Taking one given away, the oracle only looks for a solution with another digit in its
//! cell (the one solution known puts it there), and stops at the first it finds.
//! A removal whose cells the remaining givens force (each sees eight different digits, or
//! is the last place for its digit in a house) keeps the one solution without asking the
//! oracle; most of the first removals are such. A removal that leaves one of the grid's
//! small unavoidable sets ([`UnavoidableSets`]) without a given leaves a second solution,
//! and is turned down without asking the oracle either. Where more digs of the grid
//! follow (a walk), the catalogue also learns the sets the oracle's second solutions show
//! ([`UnavoidableSets::learn`]): each was the only set left to a given, and stays so in a
//! neighbour unless the orbit added back holds one of its cells, so most of a neighbour's
//! givens are kept without asking.
//! One pass over the orbits leaves a minimal puzzle: an orbit that could not go when it
//! was tried cannot go later either, since taking more givens away only adds solutions.
//! With a symmetry, minimal means that no orbit can go (a single given might, at the cost
//! of the symmetry). A dig may instead stop as soon as the puzzle has no more than a given
//! number of givens (`stop_at`), for puzzles that are not minimal.
//!
//! A dig for a target only puzzles filled by the oracle's propagation can meet (an easy
//! one: [`Digging::only_filled`]) gives up as soon as its puzzle is no longer such: taking
//! more givens away cannot make it one again. The removals the remaining givens force keep
//! it such, so the oracle, which propagates the givens anyway, tells each time.
//!
//! The oracle's board of the givens ([`GivensBoard`]) is built at a dig's first question
//! and kept: each removal after it, asked or forced, opens one cell of it.
//!
//! [`Digging::neighbour`] is the move of the neighbourhood search: one orbit of the
//! solution added back, then a dig that tries that orbit last, which gives another minimal
//! puzzle with the same solution, most of the same givens and as many of them.

use super::unavoidable::UnavoidableSets;
use crate::bitset::CellSet;
use crate::geometry::Cell;
use crate::oracle::{self, GivensBoard, Removal};
use crate::puzzle::{Puzzle, count_givens};
use rand::Rng;
use rand::seq::SliceRandom;

/// Whether the givens `values` (0 for blank) have exactly one solution.
pub fn is_unique(values: &[u8; 81]) -> bool {
    Puzzle::from_values(*values).is_ok_and(|p| oracle::count_solutions(&p, 2) == 1)
}

/// Whether every given of a puzzle with one solution is needed: without any single one of
/// them, it has several.
pub fn is_minimal(values: &[u8; 81]) -> bool {
    (0..81).filter(|&c| values[c] != 0).all(|cell| {
        let mut fewer = *values;
        fewer[cell] = 0;
        !is_unique(&fewer)
    })
}

/// The oracle's questions of one dig, with the oracle's board of the dig's givens
/// ([`GivensBoard`]) once a question has needed it: the next question starts from it.
#[derive(Default)]
struct Questions {
    board: Option<GivensBoard>,
}

impl Questions {
    /// Whether `fewer` (whose givens are `left`), the puzzle of givens `present` whose
    /// one solution is `solution` without the givens in `cells`, still has one, and if so
    /// whether the oracle's propagation alone fills its grid (asked only when
    /// `only_filled`). For a single cell the oracle looks only for a solution with another
    /// digit there, which is all a second solution can differ in, trying the known
    /// solution's digits first. The removal is taken to be kept when it leaves one
    /// solution: the board kept is then that of `left`.
    fn removal(
        &mut self,
        present: &Givens,
        left: &Givens,
        fewer: &[u8; 81],
        cells: &[u8],
        solution: &[u8; 81],
        only_filled: bool,
    ) -> Removal {
        let &[cell] = cells else {
            self.board = None;
            return match is_unique(fewer) {
                true => Removal::Unique {
                    filled: only_filled && oracle::propagation_fills(fewer),
                },
                false => Removal::SecondSolution { found: None },
            };
        };
        let cell = usize::from(cell);
        let kept = self.board.get_or_insert_with(|| {
            GivensBoard::new(&present.of_digit).expect("the givens of a grid do not clash")
        });
        let board = left.opened(kept, cell, solution[cell]);
        let removal = match only_filled {
            true => board.removal_from_filled(cell, solution),
            false => match board.solution_without(cell, solution) {
                Some(found) => Removal::SecondSolution { found: Some(found) },
                None => Removal::Unique { filled: false },
            },
        };
        if !matches!(removal, Removal::SecondSolution { .. }) {
            self.board = Some(board);
        }
        removal
    }

    /// The givens at `cells` went without a question (the givens left, `left`, force
    /// them): the board kept, if any, loses them too.
    fn forced(&mut self, left: &Givens, cells: &[u8], solution: &[u8; 81]) {
        self.board = match (&self.board, cells) {
            (Some(board), &[cell]) => {
                let cell = usize::from(cell);
                Some(left.opened(board, cell, solution[cell]))
            }
            _ => None,
        };
    }
}

/// The givens of a puzzle as cell sets: all of them, and those of each digit.
#[derive(Clone, Copy)]
struct Givens {
    all: CellSet,
    of_digit: [CellSet; 9],
}

impl Givens {
    /// The givens `values` (0 for blank).
    fn of(values: &[u8; 81]) -> Givens {
        let mut givens = Givens {
            all: CellSet::EMPTY,
            of_digit: [CellSet::EMPTY; 9],
        };
        for (cell, &value) in values.iter().enumerate() {
            if value != 0 {
                givens.all.insert(Cell::from_index(cell));
                givens.of_digit[usize::from(value) - 1].insert(Cell::from_index(cell));
            }
        }
        givens
    }

    /// Takes away the given `digit` (1-9) at `cell`.
    fn remove(&mut self, cell: usize, digit: u8) {
        self.all.remove(Cell::from_index(cell));
        self.of_digit[usize::from(digit) - 1].remove(Cell::from_index(cell));
    }

    /// Whether the givens that see `cell` hold eight different digits, which leaves it
    /// one: a puzzle with one solution keeps it when such cells are emptied together,
    /// since the givens left put them back.
    fn is_naked_single(&self, cell: usize) -> bool {
        self.open_digits(cell).count_ones() == 1
    }

    /// `board`, the oracle's board of givens that held `digit` (1-9) at `cell`, without
    /// it: these givens are the ones left.
    fn opened(&self, board: &GivensBoard, cell: usize, digit: u8) -> GivensBoard {
        let own = self.of_digit[usize::from(digit) - 1];
        board.without(cell, digit, own, self.open_digits(cell))
    }

    /// The digits no given that sees `cell` holds (bit `d - 1` for digit `d`).
    fn open_digits(&self, cell: usize) -> u16 {
        let peers = Cell::from_index(cell).peers();
        (0..9)
            .filter(|&d| !self.of_digit[d].intersects(peers))
            .fold(0, |open, d| open | 1 << d)
    }

    /// Whether `digit` (1-9) can go nowhere else than `cell` in one of its houses: each
    /// other cell of the house holds a given or sees a given `digit`. A puzzle with one
    /// solution that puts `digit` in `cell` keeps it when such cells are emptied together,
    /// since the givens left put them back.
    fn is_hidden_single(&self, cell: usize, digit: u8) -> bool {
        let own = self.of_digit[usize::from(digit) - 1];
        let seen = own
            .iter()
            .fold(self.all, |seen, given| seen | given.peers());
        let cell = Cell::from_index(cell);
        let open = !seen - CellSet::single(cell);
        cell.houses()
            .iter()
            .any(|house| !house.cell_set().intersects(open))
    }
}

/// Removes the orbits of `order` from `values` (whose one solution is `solution`) one by
/// one, keeping each removal that leaves one solution, until the puzzle holds no more than
/// `stop_at` givens (0: never stops early, so the result is minimal over the orbits tried).
/// With `only_filled`, gives up (false) as soon as the oracle's propagation alone no longer
/// fills the grid from the givens left ([`Digging::only_filled`]); it also gives up as soon
/// as fewer than `least` givens are left. `unavoidable` holds sets of `solution`'s grid and
/// learns those the oracle's second solutions show.
fn dig_in_order(
    values: &mut [u8; 81],
    solution: &[u8; 81],
    digging: &Digging,
    order: &[usize],
    least: usize,
    unavoidable: &mut UnavoidableSets,
) -> bool {
    // The givens of a puzzle with one solution, as `unavoidable` asks.
    let mut present = Givens::of(values);
    let mut questions = Questions::default();
    for &orbit in order {
        if present.all.len() as usize <= digging.stop_at {
            return true;
        }
        let cells = &digging.orbits[orbit];
        if cells.iter().any(|&c| values[usize::from(c)] == 0) {
            continue;
        }
        let mut fewer = *values;
        let mut left = present;
        for &c in cells {
            fewer[usize::from(c)] = 0;
            left.remove(usize::from(c), solution[usize::from(c)]);
        }
        // Cells the remaining givens force are no question for the oracle, and the grid
        // the propagation filled it still fills.
        let forced = cells.iter().all(|&c| {
            let c = usize::from(c);
            left.is_naked_single(c) || left.is_hidden_single(c, solution[c])
        });
        // Givens that miss an unavoidable set leave a second solution.
        let filled = match forced {
            true => {
                questions.forced(&left, cells, solution);
                true
            }
            false if unavoidable.missed_without(present.all, cells) => continue,
            false => {
                let only_filled = digging.only_filled;
                match questions.removal(&present, &left, &fewer, cells, solution, only_filled) {
                    Removal::SecondSolution { found } => {
                        if let Some(found) = found {
                            unavoidable.learn(solution, &found);
                        }
                        continue;
                    }
                    Removal::Unique { filled } => filled,
                }
            }
        };
        *values = fewer;
        present = left;
        if (digging.only_filled && !filled) || (present.all.len() as usize) < least {
            return false;
        }
    }
    true
}

/// How a run digs its puzzles.
#[derive(Clone, Debug)]
pub struct Digging {
    /// The orbits of the symmetry of the givens, taken away together.
    pub orbits: Vec<Vec<u8>>,
    /// Digs stop once the puzzle has no more givens than this (0: minimal puzzles).
    pub stop_at: usize,
    /// Only puzzles whose grid the oracle's propagation (singles and box/line reasoning)
    /// fills from the givens can meet the target: a dig gives up as soon as its puzzle
    /// is no longer such, since one with fewer givens is not either (that propagation
    /// only does more with more givens).
    pub only_filled: bool,
}

impl Digging {
    /// Minimal puzzles with the symmetry of `orbits`, any target.
    pub fn minimal(orbits: Vec<Vec<u8>>) -> Digging {
        Digging {
            orbits,
            stop_at: 0,
            only_filled: false,
        }
    }

    /// A puzzle dug from the full grid `solution`: minimal over the orbits, or stopped at
    /// `stop_at` givens when that is not 0; `None` when the dig gave up
    /// ([`Digging::only_filled`]). `unavoidable` holds sets of the grid, and learns more.
    pub fn dig(
        &self,
        solution: &[u8; 81],
        unavoidable: &mut UnavoidableSets,
        rng: &mut impl Rng,
    ) -> Option<[u8; 81]> {
        let mut order: Vec<usize> = (0..self.orbits.len()).collect();
        order.shuffle(rng);
        let mut values = *solution;
        dig_in_order(&mut values, solution, self, &order, 0, unavoidable).then_some(values)
    }

    /// A neighbour of `puzzle` (whose unique solution is `solution`): one random empty
    /// orbit filled from the solution, then dug again with that orbit tried last. `None`
    /// when the puzzle has no empty orbit, `Some(None)` when the dig gave up or did not
    /// end where a neighbour must.
    ///
    /// A neighbour is another puzzle with as many givens. The dig can only end with as
    /// many or fewer (without a symmetry; it ends with `puzzle` again when only the orbit
    /// added can go), and a walk through neighbours with fewer would drift to sparser
    /// puzzles than fresh digs give, step after step; so the dig gives up as soon as it
    /// has taken away more than it added. Walks then give puzzles whose givens are those
    /// of the fresh puzzles they start from.
    ///
    /// `unavoidable` holds sets of the grid, those the digs before learned included: a
    /// given that was the only one of a set stays so unless the orbit added holds a cell
    /// of it, and is kept without a question.
    pub fn neighbour(
        &self,
        puzzle: &[u8; 81],
        solution: &[u8; 81],
        unavoidable: &mut UnavoidableSets,
        rng: &mut impl Rng,
    ) -> Option<Option<[u8; 81]>> {
        let orbits = &self.orbits;
        let empty: Vec<usize> = (0..orbits.len())
            .filter(|&o| orbits[o].iter().all(|&c| puzzle[usize::from(c)] == 0))
            .collect();
        let &added = empty.choose(rng)?;
        let givens = count_givens(puzzle);
        let mut values = *puzzle;
        for &c in &orbits[added] {
            values[usize::from(c)] = solution[usize::from(c)];
        }
        let mut order: Vec<usize> = (0..orbits.len()).filter(|&o| o != added).collect();
        order.shuffle(rng);
        order.push(added);
        let dug = dig_in_order(&mut values, solution, self, &order, givens, unavoidable);
        Some((dug && count_givens(&values) == givens && values != *puzzle).then_some(values))
    }
}

/// A minimal puzzle dug from the full grid `solution` with the symmetry of `orbits`.
pub fn dig(solution: &[u8; 81], orbits: &[Vec<u8>], rng: &mut impl Rng) -> [u8; 81] {
    Digging::minimal(orbits.to_vec())
        .dig(solution, &mut UnavoidableSets::of(solution), rng)
        .expect("a dig for any target never gives up")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::grid::random_solution;
    use crate::generate::symmetry::Symmetry;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn a_dig_leaves_a_minimal_unique_puzzle_of_the_solution() {
        let orbits = Symmetry::None.orbits();
        let mut neighbours = 0;
        for seed in 1..6 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = random_solution(&mut rng);
            let puzzle = dig(&solution, &orbits, &mut rng);
            assert!(is_unique(&puzzle));
            assert!(is_minimal(&puzzle));
            assert!((0..81).all(|c| puzzle[c] == 0 || puzzle[c] == solution[c]));
            // A neighbour is another minimal puzzle with as many givens; the dig gives
            // up where it would take more away, or come back to the puzzle.
            let mut unavoidable = UnavoidableSets::of(&solution).learning();
            for _ in 0..20 {
                let next = Digging::minimal(orbits.clone()).neighbour(
                    &puzzle,
                    &solution,
                    &mut unavoidable,
                    &mut rng,
                );
                let Some(neighbour) = next.expect("blanks left") else {
                    continue;
                };
                assert!(is_unique(&neighbour) && is_minimal(&neighbour));
                assert_eq!(
                    count_givens(&neighbour),
                    count_givens(&puzzle),
                    "seed {seed}"
                );
                assert_ne!(neighbour, puzzle);
                neighbours += 1;
            }
        }
        assert!(neighbours > 0 && neighbours < 100, "{neighbours}");
    }

    /// A dig that gives up once fewer than `least` givens are left ends as the dig that
    /// does not, when that one keeps at least `least`: a dig only ever takes givens away.
    #[test]
    fn a_dig_gives_up_only_on_what_would_end_with_fewer_givens() {
        let digging = Digging::minimal(Symmetry::None.orbits());
        let (mut same, mut given_up) = (0, 0);
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = random_solution(&mut rng);
            let puzzle = dig(&solution, &digging.orbits, &mut rng);
            for _ in 0..10 {
                let blanks: Vec<usize> = (0..81).filter(|&c| puzzle[c] == 0).collect();
                let &added = blanks.choose(&mut rng).unwrap();
                let mut order: Vec<usize> = (0..81).filter(|&o| o != added).collect();
                order.shuffle(&mut rng);
                order.push(added);
                let mut start = puzzle;
                start[added] = solution[added];
                let least = count_givens(&puzzle);
                let dug = |least| {
                    let mut values = start;
                    let sets = &mut UnavoidableSets::of(&solution);
                    let kept = dig_in_order(&mut values, &solution, &digging, &order, least, sets);
                    kept.then_some(values)
                };
                let whole = dug(0).expect("a plain dig never gives up");
                match dug(least) {
                    Some(values) => {
                        assert_eq!(values, whole);
                        same += 1;
                    }
                    None => {
                        assert!(count_givens(&whole) < least);
                        given_up += 1;
                    }
                }
            }
        }
        assert!(same > 0 && given_up > 0);
    }

    /// A dig that gives up when propagation no longer fills the grid gives the plain
    /// dig's puzzle exactly when propagation fills that puzzle's grid (so it gives up only
    /// on puzzles a singles screen turns away), with or without a symmetry.
    #[test]
    fn a_dig_gives_up_exactly_on_the_puzzles_propagation_does_not_fill() {
        for symmetry in [Symmetry::None, Symmetry::Rotational180] {
            let plain = Digging::minimal(symmetry.orbits());
            let only_filled = Digging {
                only_filled: true,
                ..plain.clone()
            };
            let (mut kept, mut given_up) = (0, 0);
            for seed in 0..60 {
                let solution = random_solution(&mut ChaCha8Rng::seed_from_u64(seed));
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let sets = || UnavoidableSets::of(&solution);
                let puzzle = plain.dig(&solution, &mut sets(), &mut rng);
                let puzzle = puzzle.expect("never gives up");
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let dug = only_filled.dig(&solution, &mut sets(), &mut rng);
                let expected = oracle::propagation_fills(&puzzle).then_some(puzzle);
                assert_eq!(dug, expected, "seed {seed}, {symmetry:?}");
                match dug {
                    Some(_) => kept += 1,
                    None => given_up += 1,
                }
            }
            assert!(
                kept > 0 && given_up > 0,
                "{symmetry:?}: {kept} kept, {given_up} not"
            );
        }
    }

    #[test]
    fn a_dig_may_stop_at_a_number_of_givens_and_keeps_a_symmetry() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let solution = random_solution(&mut rng);
        let digging = Digging {
            stop_at: 40,
            ..Digging::minimal(Symmetry::None.orbits())
        };
        let sets = &mut UnavoidableSets::of(&solution);
        let puzzle = digging.dig(&solution, sets, &mut rng).unwrap();
        assert_eq!(Puzzle::from_values(puzzle).unwrap().given_count(), 40);
        assert!(is_unique(&puzzle) && !is_minimal(&puzzle));
        let symmetric = dig(&solution, &Symmetry::Rotational90.orbits(), &mut rng);
        assert!(is_unique(&symmetric) && Symmetry::Rotational90.holds(&symmetric));
    }

    #[test]
    fn a_cell_seeing_eight_digits_is_a_naked_single() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let solution = random_solution(&mut rng);
        let mut values = solution;
        values[40] = 0;
        assert!(Givens::of(&values).is_naked_single(40));
        // With its row, column and box emptied, r5c5 sees no digit at all.
        for i in 0..9 {
            values[4 * 9 + i] = 0;
            values[i * 9 + 4] = 0;
        }
        for c in [30, 31, 32, 48, 49, 50] {
            values[c] = 0;
        }
        assert!(
            !Givens::of(&values).is_naked_single(40),
            "an empty box, row and column"
        );
    }

    #[test]
    fn a_digit_with_one_cell_left_in_a_house_is_a_hidden_single() {
        // Digit 1 in r1c4 and r2c1 takes rows 1 and 2 from box 3 (r1-3, c7-9), in r4c8
        // and r5c9 columns 8 and 9: r3c7 is left the only place for 1 in box 3.
        let mut values = [0u8; 81];
        values[3] = 1; // r1c4
        values[9] = 1; // r2c1
        values[3 * 9 + 7] = 1; // r4c8
        values[4 * 9 + 8] = 1; // r5c9
        assert!(
            Givens::of(&values).is_hidden_single(2 * 9 + 6, 1),
            "r3c7 is 1's last cell in box 3"
        );
        assert!(
            !Givens::of(&values).is_hidden_single(2 * 9 + 6, 2),
            "2 has no given at all"
        );
        values[4 * 9 + 8] = 0;
        assert!(
            !Givens::of(&values).is_hidden_single(2 * 9 + 6, 1),
            "r3c9 is open to 1 too"
        );
        // A given in the way counts as ruled out, as a digit seen does.
        values[2 * 9 + 8] = 7;
        assert!(Givens::of(&values).is_hidden_single(2 * 9 + 6, 1));
    }

    #[test]
    fn minimality_sees_a_given_too_many() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let solution = random_solution(&mut rng);
        let mut puzzle = dig(&solution, &Symmetry::None.orbits(), &mut rng);
        let blank = (0..81)
            .find(|&c| puzzle[c] == 0)
            .expect("a minimal puzzle has blanks");
        puzzle[blank] = solution[blank];
        assert!(is_unique(&puzzle) && !is_minimal(&puzzle));
    }

    /// The sets digs learn from the oracle's second solutions change no answer: walks
    /// that keep them make the very puzzles of walks that start each dig from the grid's
    /// own sets, and they learn some.
    #[test]
    fn a_walk_that_learns_unavoidable_sets_takes_the_same_steps() {
        let digging = Digging::minimal(Symmetry::None.orbits());
        let mut learned_any = false;
        for seed in 0..12 {
            let solution = random_solution(&mut ChaCha8Rng::seed_from_u64(seed));
            let walk = |learn: bool| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut kept = UnavoidableSets::of(&solution).learning();
                let first = digging.dig(&solution, &mut kept, &mut rng).unwrap();
                let mut puzzles = vec![first];
                for _ in 0..10 {
                    let mut fresh = UnavoidableSets::of(&solution);
                    let sets = if learn { &mut kept } else { &mut fresh };
                    let last = puzzles.last().unwrap();
                    let next = digging.neighbour(last, &solution, sets, &mut rng);
                    if let Some(next) = next.unwrap() {
                        puzzles.push(next);
                    }
                }
                (puzzles, kept.len())
            };
            let (learning, sets) = walk(true);
            let (plain, _) = walk(false);
            assert_eq!(learning, plain, "seed {seed}");
            learned_any |= sets > UnavoidableSets::of(&solution).len();
        }
        assert!(learned_any);
    }
}
