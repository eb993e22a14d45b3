//! HoDoKu's queues of singles: where, under the `single` policy, the next Full House, Naked
//! Single or Hidden Single comes from.
//!
//! HoDoKu does not scan the grid for singles. Its grid keeps two first-in first-out queues
//! of (cell, digit) entries, fed as candidates disappear (`Sudoku2.setCandidate`,
//! `setCell`): a cell left with one candidate queues a naked single, a house left with one
//! place for a digit queues that place as a hidden single. Which single comes next, and so
//! whether it is a Naked Single (4 points) or a Hidden Single (14), depends on the order in
//! which candidates went, step by step and within each step. [`SinglesQueues`] replays that
//! bookkeeping as the solver's grid changes, so the solver takes HoDoKu's single at every
//! turn and scores what HoDoKu scores. Every change to the grid goes through it
//! ([`SinglesQueues::place`], [`SinglesQueues::eliminate`], [`SinglesQueues::apply`]), which
//! works out from the grid as it is before the change what HoDoKu queues, then makes it.
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
//!   with none drops the first pending hidden single of that digit in that house.
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

use crate::bitset::{CellSet, DigitSet, nine_bit_count};
use crate::candidates::Candidates;
use crate::catalogue::Technique;
use crate::geometry::{Cell, Digit, House};
use crate::step::{Effect, Step};

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

    /// Drops the first pending entry of `digit` in `house`.
    fn remove_first_in(&mut self, house: House, digit: Digit) {
        if let Some(i) = self
            .pending()
            .iter()
            .position(|&(cell, d)| d == digit && cell.houses().contains(&house))
        {
            self.entries.remove(self.head + i);
        }
    }
}

/// HoDoKu's two queues of singles for one grid, fed by every change made to it.
#[derive(Clone, Default, Debug)]
pub struct SinglesQueues {
    naked: Queue,
    hidden: Queue,
}

/// How many places `digit` has in `house` of `grid`.
#[inline]
fn places_in(grid: &Candidates, house: House, digit: Digit) -> u32 {
    nine_bit_count(grid.positions(house, digit))
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

    /// The singles that setting `grid`'s set cells one by one in reading order
    /// ([`SinglesQueues::place`]) from an empty grid leaves to take, each queued at the
    /// moment the replay would queue it; whether `grid` holds the candidates its set cells
    /// leave (else the caller replays the rest).
    ///
    /// What the replay would queue besides is left out: entries whose cell gets set later
    /// in the replay, and hidden singles of houses where the digit gets set later. Neither
    /// is ever taken (the queues skip set cells; a house whose digit is set has no single
    /// place left to name), and neither is ever dropped in the place of a live entry, which
    /// happens only in a grid with no solution.
    fn set_all_at_once(&mut self, grid: &Candidates) -> bool {
        self.naked.clear();
        self.hidden.clear();
        // The set cells of each digit, and the cells each digit has left.
        let mut set = [CellSet::EMPTY; 9];
        let mut seen = [CellSet::EMPTY; 9];
        for cell in (!grid.unsolved()).iter() {
            let digit = grid.value(cell).expect("a set cell").index();
            set[digit].insert(cell);
            seen[digit] |= cell.peers();
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

        // Hidden singles, by when the replay left their house one place: when the last
        // other cell of the house lost the digit.
        let mut hidden = [(0u32, Cell::from_index(0), Digit::from_index(0)); 243];
        let mut n = 0;
        // Each digit's set cells in reading order: the replay's setters of the digit.
        let mut setters = [[Cell::from_index(0); 9]; 9];
        let mut counts = [0usize; 9];
        for (digit, cells) in set.iter().enumerate() {
            for cell in cells.iter().take(9) {
                setters[digit][counts[digit]] = cell;
                counts[digit] += 1;
            }
        }
        let mut event = |house: House, digit: Digit, place: Cell| {
            if house.cell_set().intersects(set[digit.index()]) {
                return;
            }
            let d = digit.index();
            let when = left_house_when(house, d, place, &setters[d][..counts[d]], empty);
            hidden[n] = (when, place, digit);
            n += 1;
        };
        if fresh {
            // The grid's own lanes with one place left.
            for (house, digit, positions) in grid.hidden_singles() {
                event(
                    house,
                    digit,
                    house.cells()[positions.trailing_zeros() as usize],
                );
            }
        } else {
            for (digit, places) in places.iter().enumerate() {
                for house in House::all() {
                    if let Some(place) = (house.cell_set() & *places).single_member() {
                        event(house, Digit::from_index(digit), place);
                    }
                }
            }
        }
        hidden[..n].sort_unstable_by_key(|&(when, ..)| when);
        for &(_, cell, digit) in &hidden[..n] {
            self.hidden.push(cell, digit);
        }
        fresh
    }

    /// Applies `step` to `grid` as HoDoKu applies it, queueing what it queues: its
    /// placement, then its eliminations in HoDoKu's order. What it changed, counted as
    /// [`Candidates::apply`] counts it.
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
        let former = grid.candidates(cell);
        if grid.value(cell).is_none() && !former.is_empty() {
            self.queue_setting(grid, cell, digit, former);
        }
        grid.place(cell, digit);
    }

    /// What setting `cell` (holding `former`) to `digit` queues, from the grid before.
    fn queue_setting(&mut self, grid: &Candidates, cell: Cell, digit: Digit, former: DigitSet) {
        let own = cell
            .houses()
            .iter()
            .fold(0u32, |mask, house| mask | 1 << house.index());
        let holders = cell.peers() & grid.cells_with(digit);
        // Per house, the positions of the digit the peers done so far have lost.
        let mut lost = [0u16; 27];
        for peer in holders.iter() {
            let left = grid.candidates(peer) - DigitSet::single(digit);
            let Some(only) = left.single_member() else {
                if left.is_empty() {
                    // HoDoKu stops here: the grid has no solution.
                    continue;
                }
                self.queue_houses_of(grid, peer, digit, own, &mut lost);
                continue;
            };
            self.naked.push(peer, only);
            self.queue_houses_of(grid, peer, digit, own, &mut lost);
        }
        // Then its houses stop counting it for its other candidates (a house left with no
        // place drops nothing here).
        for other in (former - DigitSet::single(digit)).iter() {
            for house in cell.houses() {
                if places_in(grid, house, other) == 2 {
                    self.queue_hidden(grid, house, other, cell);
                }
            }
        }
    }

    /// After `peer` lost `digit` to a cell being set, whose houses are `own` (one bit per
    /// house index): in the
    /// peer's other houses, the places left, counting what peers before it lost (`lost`).
    fn queue_houses_of(
        &mut self,
        grid: &Candidates,
        peer: Cell,
        digit: Digit,
        own: u32,
        lost: &mut [u16; 27],
    ) {
        for (house, position) in peer.houses().into_iter().zip(peer.positions_in_houses()) {
            if own >> house.index() & 1 != 0 {
                // The cell being set still counts there.
                continue;
            }
            let gone = &mut lost[house.index()];
            *gone |= 1 << position;
            let left = grid.positions(house, digit) & !*gone;
            match nine_bit_count(left) {
                1 => {
                    let at = left.trailing_zeros() as usize;
                    self.hidden.push(house.cells()[at], digit);
                }
                0 => self.hidden.remove_first_in(house, digit),
                _ => {}
            }
        }
    }

    /// Removes `digit` from `cell` of `grid`, if it is there (HoDoKu's `delCandidate`),
    /// queueing the cell if it is left with one candidate, and each of its houses (row,
    /// column, box) left with one place for the digit; a house left with none drops the
    /// first pending hidden single of the digit there. Whether it was there.
    pub fn eliminate(&mut self, grid: &mut Candidates, cell: Cell, digit: Digit) -> bool {
        if !grid.has(cell, digit) {
            return false;
        }
        let left = grid.candidates(cell) - DigitSet::single(digit);
        if !left.is_empty() {
            if let Some(only) = left.single_member() {
                self.naked.push(cell, only);
            }
            for house in cell.houses() {
                match places_in(grid, house, digit) {
                    2 => self.queue_hidden(grid, house, digit, cell),
                    1 => self.hidden.remove_first_in(house, digit),
                    _ => {}
                }
            }
        }
        grid.eliminate(cell, digit);
        true
    }

    /// Queues the first cell of `house` (house order) holding `digit` but for `leaving`.
    fn queue_hidden(&mut self, grid: &Candidates, house: House, digit: Digit, leaving: Cell) {
        let cells = (house.cell_set() & grid.cells_with(digit)) - CellSet::single(leaving);
        if let Some(cell) = cells.first() {
            self.hidden.push(cell, digit);
        }
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
                .hidden_single(grid)
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

    /// HoDoKu's Hidden Single: the next pending hidden single whose cell is still empty,
    /// with the first of its houses where the digit has that one place. If no house has,
    /// the entry is consumed all the same and nothing is found.
    fn hidden_single(&mut self, grid: &Candidates) -> Option<(House, Cell, Digit)> {
        while let Some((cell, digit)) = self.hidden.pop() {
            if grid.value(cell).is_none() {
                let house = cell
                    .houses()
                    .into_iter()
                    .find(|&house| places_in(grid, house, digit) == 1)?;
                return Some((house, cell, digit));
            }
        }
        None
    }
}

/// When, in the replay of [`SinglesQueues::set_all_at_once`], `house` was left with
/// `place` alone for `digit` (an index): when the last of its other cells stopped counting
/// there, as a key that sorts in replay order. A cell stops counting while the first
/// `setters` cell (reading order) that sees it takes the digit from its peers (keyed by
/// that setter, then the cell, then the house's rank among the cell's houses); a set cell
/// that still held the digit then stops when it is set itself and gives up its other
/// digits (keyed by the cell, then the digit, then the house's rank).
fn left_house_when(
    house: House,
    digit: usize,
    place: Cell,
    setters: &[Cell],
    empty: CellSet,
) -> u32 {
    let cells = house.cells();
    let others = 0x1ff & !(1u16 << house.position_of(place).expect("a cell of the house"));
    let set_here = cells
        .iter()
        .enumerate()
        .filter(|(_, cell)| !empty.contains(**cell))
        .fold(0u16, |mask, (i, _)| mask | 1 << i);
    let taken = |setter: Cell, cell: Cell| (setter.index() as u32 * 2) * 81 + cell.index() as u32;
    let setting = |cell: Cell| (cell.index() as u32 * 2 + 1) * 81 + digit as u32;
    let mut covered = 0u16;
    let mut latest = 0;
    for &setter in setters {
        let group = SEEN_IN_HOUSE[setter.index()][house.index()] & others & !covered;
        covered |= group;
        // The group's empty cells lose the digit to this setter; the last in house (and
        // cell) order is the latest.
        let empties = group & !set_here;
        if empties != 0 {
            let last = cells[15 - empties.leading_zeros() as usize];
            latest = latest.max(taken(setter, last));
        }
        let mut givens = group & set_here;
        while givens != 0 {
            let cell = cells[givens.trailing_zeros() as usize];
            givens &= givens - 1;
            let key = if setter.index() < cell.index() {
                taken(setter, cell)
            } else {
                setting(cell)
            };
            latest = latest.max(key);
        }
    }
    // Set cells no setter sees stop counting when set.
    let mut unseen = others & set_here & !covered;
    while unseen != 0 {
        latest = latest.max(setting(cells[unseen.trailing_zeros() as usize]));
        unseen &= unseen - 1;
    }
    // A cell's houses are its row, column and box, in that order.
    latest * 4 + house.kind() as u32
}

/// Per cell and house, the positions in the house (bit `i`: its `i`-th cell) of the cells
/// the cell sees.
static SEEN_IN_HOUSE: [[u16; 27]; 81] = {
    let mut table = [[0u16; 27]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut house = 0;
        while house < 27 {
            let cells = House::from_index(house).cells();
            let mut i = 0;
            while i < 9 {
                if Cell::from_index(cell).sees(cells[i]) {
                    table[cell][house] |= 1 << i;
                }
                i += 1;
            }
            house += 1;
        }
        cell += 1;
    }
    table
};

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
                let live_hidden = live(&loaded.hidden, &grid);
                assert_eq!(live_naked, live(&replayed.naked, &grid), "{line}");
                assert_eq!(live_hidden, live(&replayed.hidden, &grid), "{line}");
                // Nothing but live entries.
                assert_eq!(live_naked.len(), loaded.naked.pending().len());
                assert_eq!(live_hidden.len(), loaded.hidden.pending().len());
                (naked, hidden) = (naked + live_naked.len(), hidden + live_hidden.len());

                let mut trimmed = grid.clone();
                let cell = trimmed.cells_with_at_least()[2].first().unwrap();
                let digit = trimmed.candidates(cell).iter().next().unwrap();
                trimmed.eliminate(cell, digit);
                let mut loaded = SinglesQueues::default();
                loaded.load(&trimmed);
                replayed.eliminate(&mut replay, cell, digit);
                for (a, b) in [
                    (&loaded.naked, &replayed.naked),
                    (&loaded.hidden, &replayed.hidden),
                ] {
                    assert_eq!(live(a, &trimmed), live(b, &trimmed), "{line}");
                }
                compared += 1;
            }
        }
        assert!(
            compared > 1000 && naked > 1000 && hidden > 1000,
            "{compared} {naked} {hidden}"
        );
    }
}
