//! HoDoKu's queues of singles: where, under the `single` policy, the next Full House, Naked
//! Single or Hidden Single comes from.
//!
//! HoDoKu does not scan the grid for singles. Its grid keeps two first-in first-out queues
//! of (cell, digit) entries, fed as candidates disappear (`Sudoku2.setCandidate`,
//! `setCell`): a cell left with one candidate queues a naked single, a house left with one
//! place for a digit queues that place as a hidden single. Which single comes next, and so
//! whether it is a Naked Single (4 points) or a Hidden Single (14), depends on the order in
//! which candidates went, step by step and within each step. [`SinglesQueues`] follows
//! that bookkeeping as the solver's grid changes, so the solver takes HoDoKu's single at
//! every turn and scores what HoDoKu scores. Every change to the grid goes through it
//! ([`SinglesQueues::place`], [`SinglesQueues::eliminate`], [`SinglesQueues::apply`]): the
//! grid reports what a placement removes as it removes it, in HoDoKu's order
//! ([`Candidates::place_reporting`]), and an elimination is noted before it is made. The naked singles are queued as HoDoKu queues them; the hidden singles are
//! worked out only when the Hidden Single rung asks, from the turn each candidate left
//! (`queues/hidden.rs`): the same single, without testing three houses at every removal.
//! HoDoKu's counts of places (`free`) are the grid's own, but for two moments: while a cell
//! is being set it still counts as a place for its candidates, and a cell left with no
//! candidate stops HoDoKu's bookkeeping (the grid has no solution); the first is followed
//! exactly, the second only matters in grids without a solution, whose solves no row
//! shows.
//!
//! The rules, from HoDoKu 2.2 (`sudoku/Sudoku2.java`, `sudoku/SudokuSinglesQueue.java`,
//! `solver/SimpleSolver.java`):
//! - Removing a candidate: a cell left with one candidate queues it as a naked single; then
//!   in the cell's row, column and box, in that order, a house left with one place for the
//!   digit queues its first such cell (house order) as a hidden single, and a house left
//!   with none (no solution) drops the first pending hidden single of that digit there.
//! - Setting a cell: its candidates are cleared at once, but it still counts as a place for
//!   them in its houses while the digit leaves its peers, in cell order, each removal as
//!   above (so no hidden single of that digit is queued in the cell's own houses); then for
//!   each of its former candidates in turn, a house of the cell left with one place for
//!   another digit queues it.
//! - Loading a puzzle: an empty grid, then every given set in reading order.
//! - A step's eliminations go in the order HoDoKu lists them ([`Step::for_each_deletion`]).
//! - Full House: the first queued naked single (entries stay) whose cell is the last empty
//!   one of one of its houses. Naked Single: the next queued naked single whose cell is
//!   still empty (entries are consumed). Hidden Single: the next queued hidden single whose
//!   cell is still empty, if one of its houses has that one place for the digit; if none
//!   has, the entry is consumed and nothing is found.

use crate::bitset::{CellSet, DigitSet};
use crate::candidates::{Candidates, PlacementObserver};
use crate::geometry::{Cell, Digit, House};
use crate::hodoku::catalogue::Technique;
use crate::step::{Effect, Step};
use hidden::HiddenQueue;

mod hidden;

/// A first-in first-out list of (cell, digit) entries. Like HoDoKu's, it forgets its
/// consumed entries only when it runs empty.
#[derive(Clone, Default, Debug)]
struct Queue {
    entries: Vec<(Cell, Digit)>,
    head: usize,
}

impl Queue {
    fn clear(&mut self) {
        self.entries.clear();
        self.head = 0;
    }

    fn push(&mut self, cell: Cell, digit: Digit) {
        self.entries.push((cell, digit));
    }

    /// The entries not consumed yet, oldest first.
    fn pending(&self) -> &[(Cell, Digit)] {
        &self.entries[self.head..]
    }

    fn pop(&mut self) -> Option<(Cell, Digit)> {
        let entry = *self.entries.get(self.head)?;
        self.head += 1;
        if self.head == self.entries.len() {
            self.clear();
        }
        Some(entry)
    }
}

/// HoDoKu's two queues of singles for one grid, fed by every change made to it.
#[derive(Clone, Default, Debug)]
pub struct SinglesQueues {
    naked: Queue,
    hidden: HiddenQueue,
}

impl SinglesQueues {
    /// The queues HoDoKu has after loading `grid`: from an empty grid, every set cell in
    /// reading order; then, for a grid in the middle of a solve, the other candidates it
    /// lacks, removed cell by cell.
    pub fn load(&mut self, grid: &Candidates) {
        if self.set_all_at_once(grid) {
            return;
        }
        // Replay the removals on the grid the set cells leave.
        let mut replay = Candidates::empty();
        for cell in Cell::all() {
            if let Some(digit) = grid.value(cell) {
                replay.place(cell, digit);
            }
        }
        for cell in grid.unsolved().iter() {
            let lacking = replay.candidates(cell) - grid.candidates(cell);
            for digit in lacking.iter() {
                self.eliminate(&mut replay, cell, digit);
            }
        }
    }

    /// The naked singles that setting `grid`'s set cells one by one in reading order
    /// ([`SinglesQueues::place`]) from an empty grid leaves to take, each queued at the
    /// moment the replay would queue it, and the hidden queue started from that replay;
    /// whether `grid` holds the candidates its set cells leave (else the caller replays
    /// the rest).
    ///
    /// What the replay would queue besides is left out: naked singles whose cell gets set
    /// later in the replay. They are never taken (the queue skips set cells).
    fn set_all_at_once(&mut self, grid: &Candidates) -> bool {
        self.naked.clear();
        self.hidden.start();
        // The cells each digit has left.
        let mut seen = [CellSet::EMPTY; 9];
        for cell in (!grid.unsolved()).iter() {
            let digit = grid.value(cell).expect("a set cell");
            seen[digit.index()] |= cell.peers();
            self.hidden.set_at_load(cell, digit);
        }
        let empty = grid.unsolved();
        let places: [CellSet; 9] = std::array::from_fn(|digit| empty & !seen[digit]);
        let fresh = (0..9).all(|digit| grid.cells_with(Digit::from_index(digit)) == places[digit]);

        // Naked singles, by when the replay left their cell one candidate: at the set peer
        // (reading order) that took its eighth digit, then in cell order.
        let mut naked = [(0u16, Cell::from_index(0), Digit::from_index(0)); 81];
        let mut n = 0;
        for cell in empty.iter() {
            let left = if fresh {
                grid.candidates(cell)
            } else {
                (0..9)
                    .filter(|&digit| places[digit].contains(cell))
                    .map(Digit::from_index)
                    .collect()
            };
            let Some(digit) = left.single_member() else {
                continue;
            };
            let mut taken = 0u16;
            let setter = (cell.peers() & !empty)
                .iter()
                .find(|peer| {
                    taken |= 1 << grid.value(*peer).expect("a set cell").index();
                    taken.count_ones() == 8
                })
                .expect("eight set peers took eight digits");
            let when = setter.index() as u16 * 81 + cell.index() as u16;
            naked[n] = (when, cell, digit);
            n += 1;
        }
        naked[..n].sort_unstable_by_key(|&(when, ..)| when);
        for &(_, cell, digit) in &naked[..n] {
            self.naked.push(cell, digit);
        }
        fresh
    }

    /// Applies `step` to `grid` as HoDoKu applies it, queueing what it queues: its
    /// placement, then its eliminations in HoDoKu's order. What it changed, counted as
    /// [`Step::apply_to`] counts it.
    pub fn apply(&mut self, step: &Step, grid: &mut Candidates) -> Effect {
        let mut effect = Effect::default();
        if let Some(placement) = step.placement {
            for (cell, digit) in placement.iter() {
                if grid.value(cell).is_none() {
                    self.place(grid, cell, digit);
                    effect.placements += 1;
                }
            }
        }
        // The rare step whose order depends on the grid it was found in reads a copy.
        let found_in = step.deletion_needs_grid().then(|| grid.clone());
        step.for_each_deletion(found_in.as_ref(), |cell, digit| {
            if self.eliminate(grid, cell, digit) {
                effect.eliminations += 1;
            }
        });
        debug_assert!(
            step.eliminations
                .iter()
                .all(|(cell, digit)| !grid.has(cell, digit)),
            "HoDoKu's list holds every elimination"
        );
        effect
    }

    /// Sets `cell` of `grid` to `digit`, queueing what HoDoKu's `setCell` queues: the
    /// cell's candidates go at once but it still counts as a place for them while the
    /// digit leaves its peers, in cell order; then its houses stop counting it for its
    /// other candidates, in digit order.
    pub fn place(&mut self, grid: &mut Candidates, cell: Cell, digit: Digit) {
        if grid.value(cell).is_some() || grid.candidates(cell).is_empty() {
            grid.place(cell, digit);
            return;
        }
        grid.place_reporting(cell, digit, self);
    }

    /// Removes `digit` from `cell` of `grid`, if it is there (HoDoKu's `delCandidate`),
    /// queueing the cell if it is left with one candidate, and noting the removal for the
    /// hidden queue's next look. Whether it was there.
    pub fn eliminate(&mut self, grid: &mut Candidates, cell: Cell, digit: Digit) -> bool {
        if !grid.has(cell, digit) {
            return false;
        }
        self.lost(cell, digit, grid.candidates(cell) - DigitSet::single(digit));
        grid.eliminate(cell, digit);
        true
    }

    /// `cell` lost `digit` and keeps the candidates `left`: queued as a naked single if
    /// one is left, stamped for the hidden queue's next look.
    #[inline]
    fn lost(&mut self, cell: Cell, digit: Digit, left: DigitSet) {
        if let Some(only) = left.single_member() {
            self.naked.push(cell, only);
        }
        self.hidden.lost(cell, digit);
    }

    /// The next single of `technique` (a single) as HoDoKu takes it from `grid`: its house
    /// (for full houses and hidden singles), cell and digit. Naked and hidden singles
    /// consume what they pass over.
    pub fn next(
        &mut self,
        technique: Technique,
        grid: &Candidates,
    ) -> Option<(Option<House>, Cell, Digit)> {
        match technique {
            Technique::FullHouse => self
                .full_house(grid)
                .map(|(house, cell, digit)| (Some(house), cell, digit)),
            Technique::NakedSingle => self
                .naked_single(grid)
                .map(|(cell, digit)| (None, cell, digit)),
            Technique::HiddenSingle => self
                .hidden
                .next(grid)
                .map(|(house, cell, digit)| (Some(house), cell, digit)),
            _ => None,
        }
    }

    /// HoDoKu's Full House: the first pending naked single whose cell is empty and has no
    /// other digit left in one of its houses (row, column, box), with that house. The
    /// queue is left as it is.
    fn full_house(&self, grid: &Candidates) -> Option<(House, Cell, Digit)> {
        // The cell is the last empty one of the house (HoDoKu: no other digit has a place
        // left there, the same in a grid that has a solution).
        let last_empty = grid.houses_with_one_empty_cell();
        if last_empty.is_empty() {
            return None;
        }
        self.naked.pending().iter().find_map(|&(cell, digit)| {
            if grid.value(cell).is_some() {
                return None;
            }
            let house = cell
                .houses()
                .into_iter()
                .find(|&house| last_empty.contains(house))?;
            Some((house, cell, digit))
        })
    }

    /// HoDoKu's Naked Single: the next pending naked single whose cell is still empty;
    /// the entries up to it are consumed.
    fn naked_single(&mut self, grid: &Candidates) -> Option<(Cell, Digit)> {
        while let Some((cell, digit)) = self.naked.pop() {
            if grid.value(cell).is_none() {
                return Some((cell, digit));
            }
        }
        None
    }
}

/// The queues' part of setting a cell, as the grid reports it: a peer's loss as an
/// elimination's; the cell's own to the hidden queue, which tests its houses at once.
impl PlacementObserver for SinglesQueues {
    #[inline]
    fn peer_lost(&mut self, peer: Cell, digit: Digit, left: DigitSet) {
        self.lost(peer, digit, left);
    }

    #[inline]
    fn cell_lost(&mut self, cell: Cell, digit: Digit, left: [u16; 3]) {
        self.hidden.cell_lost(cell, digit, left);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    /// A grid and its queues, changed together.
    struct Both {
        grid: Candidates,
        queues: SinglesQueues,
    }

    impl Both {
        fn empty() -> Both {
            let grid = Candidates::empty();
            let mut queues = SinglesQueues::default();
            queues.load(&grid);
            Both { grid, queues }
        }

        fn place(&mut self, cell: Cell, digit: u8) {
            self.queues.place(&mut self.grid, cell, d(digit));
        }

        fn eliminate(&mut self, cell: Cell, digits: &[u8]) {
            for &digit in digits {
                self.queues.eliminate(&mut self.grid, cell, d(digit));
            }
        }

        fn next(&mut self, technique: Technique) -> Option<(Option<House>, Cell, Digit)> {
            self.queues.next(technique, &self.grid)
        }
    }

    #[test]
    fn naked_singles_come_in_the_order_their_cells_ran_down_to_one_candidate() {
        for (first, second) in [(rc(5, 5), rc(1, 1)), (rc(1, 1), rc(5, 5))] {
            let mut both = Both::empty();
            both.eliminate(first, &[1, 2, 3, 4, 5, 6, 7, 8]);
            both.eliminate(second, &[2, 3, 4, 5, 6, 7, 8, 9]);
            assert_eq!(both.next(Technique::NakedSingle), Some((None, first, d(9))));
            assert_eq!(
                both.next(Technique::NakedSingle),
                Some((None, second, d(1)))
            );
            assert_eq!(both.next(Technique::NakedSingle), None);
        }
    }

    #[test]
    fn a_hidden_single_is_queued_with_the_first_house_that_has_one_place() {
        let mut both = Both::empty();
        // 4 leaves row 3 but for r3c7: then column 7 and box 9 still have other places.
        both.eliminate(rc(3, 1), &[4]);
        for col in [2, 3, 4, 5, 6, 8, 9] {
            both.eliminate(rc(3, col), &[4]);
        }
        assert_eq!(both.next(Technique::NakedSingle), None);
        assert_eq!(
            both.next(Technique::HiddenSingle),
            Some((Some(House::row(2)), rc(3, 7), d(4)))
        );
        // Consumed: not found again.
        assert_eq!(both.next(Technique::HiddenSingle), None);
    }

    #[test]
    fn a_full_house_is_looked_for_among_naked_singles_without_taking_them() {
        let mut both = Both::empty();
        // Row 6 set but for r6c9, which is left with 9 only.
        for col in 1..=8 {
            both.place(rc(6, col), col as u8);
        }
        let full = both.next(Technique::FullHouse);
        assert_eq!(full, Some((Some(House::row(5)), rc(6, 9), d(9))));
        // Still queued: the naked single rung would take it.
        assert_eq!(both.next(Technique::FullHouse), full);
        assert_eq!(
            both.next(Technique::NakedSingle),
            Some((None, rc(6, 9), d(9)))
        );
    }

    #[test]
    fn setting_a_cell_queues_the_last_place_its_other_digits_leave_in_its_houses() {
        let mut both = Both::empty();
        // 5 in row 1 only at r1c1 and r1c9; setting r1c1 to 3 leaves r1c9.
        for col in 2..=8 {
            both.eliminate(rc(1, col), &[5]);
        }
        assert_eq!(both.next(Technique::HiddenSingle), None);
        both.place(rc(1, 1), 3);
        assert_eq!(
            both.next(Technique::HiddenSingle),
            Some((Some(House::row(0)), rc(1, 9), d(5)))
        );
    }

    /// The pending entries a solve can still take: those of empty cells.
    fn live(queue: &Queue, grid: &Candidates) -> Vec<(Cell, Digit)> {
        let pending = queue.pending().iter().copied();
        pending
            .filter(|&(cell, _)| grid.value(cell).is_none())
            .collect()
    }

    /// Every hidden single the queue holds for `grid`, in the order it would take them.
    fn hidden_order(queues: &SinglesQueues, grid: &Candidates) -> Vec<(Cell, Digit)> {
        let mut queues = queues.clone();
        std::iter::from_fn(|| {
            queues
                .hidden
                .next(grid)
                .map(|(_, cell, digit)| (cell, digit))
        })
        .collect()
    }

    /// The same candidates, cell by cell.
    fn same_candidates(a: &Candidates, b: &Candidates) -> bool {
        Cell::all()
            .all(|cell| a.candidates(cell) == b.candidates(cell) && a.value(cell) == b.value(cell))
    }

    /// Loading at once leaves the singles that replaying the set cells in reading order
    /// leaves, in the same order, on every third puzzle of two real corpora (easy to hard,
    /// 17 to 40 givens); and so it does for such a grid with a candidate less, whose
    /// removal is replayed last.
    #[test]
    fn loading_a_grid_is_replaying_its_set_cells_in_reading_order() {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data/");
        let mut compared = 0;
        let (mut naked, mut hidden) = (0, 0);
        for file in ["sudoku_exchange_4k.txt", "sudoku17.txt"] {
            let text = std::fs::read_to_string(format!("{data}{file}")).unwrap();
            for line in text.lines().filter(|l| !l.starts_with('#')).step_by(3) {
                let puzzle = crate::puzzle::Puzzle::parse_line(line).unwrap();
                let grid = Candidates::from_puzzle(&puzzle);
                let mut loaded = SinglesQueues::default();
                loaded.load(&grid);
                let mut replayed = SinglesQueues::default();
                let mut replay = Candidates::empty();
                for cell in Cell::all() {
                    if let Some(digit) = grid.value(cell) {
                        replayed.place(&mut replay, cell, digit);
                    }
                }
                assert!(same_candidates(&replay, &grid), "{line}");
                let live_naked = live(&loaded.naked, &grid);
                let in_order = hidden_order(&loaded, &grid);
                assert_eq!(live_naked, live(&replayed.naked, &grid), "{line}");
                assert_eq!(in_order, hidden_order(&replayed, &grid), "{line}");
                // Nothing but live entries.
                assert_eq!(live_naked.len(), loaded.naked.pending().len());
                (naked, hidden) = (naked + live_naked.len(), hidden + in_order.len());

                let mut trimmed = grid.clone();
                let cell = trimmed.cells_with_at_least()[2].first().unwrap();
                let digit = trimmed.candidates(cell).iter().next().unwrap();
                trimmed.eliminate(cell, digit);
                let mut loaded = SinglesQueues::default();
                loaded.load(&trimmed);
                replayed.eliminate(&mut replay, cell, digit);
                let (a, b) = (&loaded.naked, &replayed.naked);
                assert_eq!(live(a, &trimmed), live(b, &trimmed), "{line}");
                let (a, b) = (&loaded, &replayed);
                assert_eq!(
                    hidden_order(a, &trimmed),
                    hidden_order(b, &trimmed),
                    "{line}"
                );
                compared += 1;
            }
        }
        assert!(
            compared > 1000 && naked > 1000 && hidden > 1000,
            "{compared} {naked} {hidden}"
        );
    }

    /// HoDoKu's queue of hidden singles as HoDoKu keeps it, by definition: a grid that
    /// loses candidates one at a time in HoDoKu's order (a cell being set still holds its
    /// candidates while the digit leaves its peers, then gives up the others in digit
    /// order), and after each removal every house newly left with one place queues that
    /// place. Entries are taken first in, first out, skipping set cells.
    #[derive(Clone)]
    struct EagerHiddenQueue {
        grid: Candidates,
        entries: Vec<(Cell, Digit)>,
        head: usize,
    }

    impl EagerHiddenQueue {
        fn loaded(puzzle: &crate::puzzle::Puzzle) -> EagerHiddenQueue {
            let mut queue = EagerHiddenQueue {
                grid: Candidates::empty(),
                entries: Vec::new(),
                head: 0,
            };
            for cell in Cell::all() {
                if let Some(digit) = puzzle.given(cell) {
                    queue.place(cell, digit);
                }
            }
            queue
        }

        fn remove(&mut self, cell: Cell, digit: Digit) {
            if !self.grid.has(cell, digit) {
                return;
            }
            let before = self.grid.houses_with_one_place(digit);
            self.grid.eliminate(cell, digit);
            let mut new = self.grid.houses_with_one_place(digit) & !before;
            while new != 0 {
                let house = House::from_index(new.trailing_zeros() as usize);
                new &= new - 1;
                let at = self.grid.positions(house, digit).trailing_zeros() as usize;
                self.entries.push((house.cells()[at], digit));
            }
        }

        fn place(&mut self, cell: Cell, digit: Digit) {
            for peer in (cell.peers() & self.grid.cells_with(digit)).iter() {
                self.remove(peer, digit);
            }
            for other in (self.grid.candidates(cell) - DigitSet::single(digit)).iter() {
                self.remove(cell, other);
            }
            self.grid.place(cell, digit);
        }

        fn next(&mut self) -> Option<(Cell, Digit)> {
            while let Some(&(cell, digit)) = self.entries.get(self.head) {
                self.head += 1;
                if self.grid.value(cell).is_none() {
                    return Some((cell, digit));
                }
            }
            None
        }
    }

    /// At every turn of real solves with the whole standard ladder (every technique's
    /// eliminations in HoDoKu's order), the hidden single the queue would take is the one
    /// HoDoKu's queue, kept entry by entry, would take.
    #[test]
    fn the_hidden_single_taken_is_the_one_hodoku_queued_first() {
        let solver = crate::solver::Solver::new(
            crate::ladder::Ladder::parse("standard").expect("a preset"),
            crate::solver::Policy::Single,
        );
        let (mut turns, mut taken) = (0, 0);
        for solve in crate::technique::test_grids::sample_solves(&solver, 9) {
            let mut eager = EagerHiddenQueue::loaded(&solve.puzzle);
            let mut grid = Candidates::from_puzzle(&solve.puzzle);
            let mut queues = SinglesQueues::default();
            queues.load(&grid);
            for step in solve.report.steps.iter() {
                let lazy_next = queues.clone().next(Technique::HiddenSingle, &grid);
                let eager_next = eager.clone().next();
                assert_eq!(
                    lazy_next.map(|(_, cell, digit)| (cell, digit)),
                    eager_next,
                    "{} before step {}",
                    solve.line,
                    step.technique
                );
                turns += 1;
                if step.technique.is_single() {
                    let (_, cell, digit) = queues.next(step.technique, &grid).expect("queued");
                    if step.technique == Technique::HiddenSingle {
                        assert_eq!(eager.next(), Some((cell, digit)), "{}", solve.line);
                        taken += 1;
                    }
                    queues.place(&mut grid, cell, digit);
                    eager.place(cell, digit);
                    continue;
                }
                let found_in = grid.clone();
                queues.apply(step, &mut grid);
                if let Some(placement) = step.placement {
                    for (cell, digit) in placement.iter() {
                        eager.place(cell, digit);
                    }
                }
                step.for_each_deletion(Some(&found_in), |cell, digit| eager.remove(cell, digit));
            }
            assert!(grid.is_solved(), "{}", solve.line);
        }
        assert!(
            turns > 10_000 && taken > 1_000,
            "{turns} turns, {taken} taken"
        );
    }
}
