//! The Turbot Fish search: the chains of exactly three links that [`super::search`] would
//! find over the X-Chain [`super::links::Links`], found directly from the grid's digit
//! boards, in the same order and with the same chains.
//!
//! For each start candidate (cells ascending, digits ascending) the chain goes by a strong
//! link to `b` (a house of the start with two places for the digit), by any link of the
//! digit to `c` (never back to the start), and by a strong link to the end `e` (never back
//! to `b`; back to the start it may, as HoDoKu allows). Each cell's links are listed as
//! [`super::links::Links`] lists them: its row, column and box in turn, each house's other
//! places in cell order, a place listed once. A chain whose end sees a cell holding the
//! digit that also sees the start removes the digit there.

use crate::bitset::{CellSet, DigitSet, HouseSet, nine_bit_count};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};
use crate::step::Eliminations;
use crate::technique::chains::choice::Findings;
use crate::technique::chains::engine::literal::Lit;

/// Every digit's [`Board`], kept between searches so that a search writes only what it
/// reads.
pub struct Boards([Board; 9]);

impl Default for Boards {
    fn default() -> Boards {
        Boards(std::array::from_fn(|_| Board {
            places: CellSet::EMPTY,
            pairs: HouseSet::EMPTY,
            paired: CellSet::EMPTY,
            strong: [CellSet::EMPTY; 81],
        }))
    }
}

/// Offers `findings` every Turbot Fish on `digits` that removes something.
pub fn search(grid: &Candidates, digits: DigitSet, boards: &mut Boards, findings: &mut Findings) {
    let boards = &mut boards.0;
    let mut any_start = CellSet::EMPTY;
    for digit in digits.iter() {
        let board = &mut boards[digit.index()];
        board.set(grid, digit);
        any_start |= board.paired;
    }
    for start in any_start.iter() {
        for digit in digits.iter() {
            if boards[digit.index()].paired.contains(start) {
                boards[digit.index()].from(start, digit, findings);
            }
        }
    }
}

/// One digit's places and strong links.
struct Board {
    places: CellSet,
    /// The houses where the digit has exactly two places.
    pairs: HouseSet,
    /// The places in those houses: where strong links start and end.
    paired: CellSet,
    /// Per paired place, the places its strong links go to (other entries are left over
    /// from earlier grids, and never read).
    strong: [CellSet; 81],
}

impl Board {
    /// The board of `digit` in `grid`.
    fn set(&mut self, grid: &Candidates, digit: Digit) {
        self.places = grid.cells_with(digit);
        self.pairs = HouseSet::EMPTY;
        self.paired = CellSet::EMPTY;
        for house in House::all() {
            if nine_bit_count(grid.positions(house, digit)) == 2 {
                self.pairs.insert(house);
                self.paired |= self.places & house.cell_set();
            }
        }
        for cell in self.paired.iter() {
            self.strong[cell.index()] = self
                .mates(cell, true)
                .fold(CellSet::EMPTY, |set, mate| set | CellSet::single(mate));
        }
    }

    /// The Turbot Fish starting at `digit` (this board's) in `start`.
    fn from(&self, start: Cell, digit: Digit, findings: &mut Findings) {
        let seeing_start = start.peers() & self.places;
        // Only an end that sees a cell seeing the start removes something, and an end is
        // reached by a strong link: the chain's third cell has one to such an end.
        let ends = seeing_start
            .iter()
            .fold(CellSet::EMPTY, |seen, cell| seen | cell.peers())
            & self.paired;
        let before_ends = ends.iter().fold(CellSet::EMPTY, |cells, end| {
            cells | self.strong[end.index()]
        });
        if before_ends.is_empty() {
            return;
        }
        for b in self.mates(start, true) {
            if !b.peers().intersects(before_ends) {
                continue;
            }
            for c in self.mates(b, false) {
                if c == start || !before_ends.contains(c) {
                    continue;
                }
                for end in self.mates(c, true) {
                    if end == b {
                        continue;
                    }
                    let targets = seeing_start & end.peers();
                    if targets.is_empty() {
                        continue;
                    }
                    let mut eliminations = Eliminations::NONE;
                    eliminations.insert_cells(targets, digit);
                    let chain = [
                        Lit::candidate(start, digit, false),
                        Lit::candidate(b, digit, true),
                        Lit::candidate(c, digit, false),
                        Lit::candidate(end, digit, true),
                    ];
                    findings.offer(None, eliminations, &chain);
                }
            }
        }
    }

    /// The places `cell` links to, in link order: row, column, box, each in cell order, a
    /// place listed once (in the first of its houses, whether or not that house's link is
    /// strong); only through houses with two places when `strong_only`.
    fn mates(&self, cell: Cell, strong_only: bool) -> impl Iterator<Item = Cell> {
        let mut listed = CellSet::single(cell);
        let mut found = [CellSet::EMPTY; 3];
        for (i, house) in cell.houses().into_iter().enumerate() {
            let in_house = self.places & house.cell_set();
            if !strong_only || self.pairs.contains(house) {
                found[i] = in_house - listed;
            }
            listed |= in_house;
        }
        found.into_iter().flat_map(CellSet::iter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ladder::Ladder;
    use crate::puzzle::Puzzle;
    use crate::solver::{Policy, Solver};
    use crate::technique::chains::simple::links::{ChainKind, Links};

    /// What a search offered, in order: each chain kept and what it removes.
    fn offered(findings: &Findings) -> Vec<(Eliminations, Vec<Lit>)> {
        let found = findings.iter();
        found
            .map(|f| (f.eliminations, findings.chain(f).to_vec()))
            .collect()
    }

    /// The same chains, in the same order, as the depth-first search over the links of
    /// X-Chains stopped at three links, on the grids where singles leave 400 real puzzles,
    /// and where locked candidates leave them.
    #[test]
    fn finds_what_the_depth_first_search_finds_in_its_order() {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data/sudoku_exchange_4k.txt");
        let text = std::fs::read_to_string(data).unwrap();
        let singles = Solver::new(Ladder::parse("fh,n1,h1").unwrap(), Policy::Single);
        let locked = Solver::new(Ladder::parse("fh,n1,h1,lc1,lc2").unwrap(), Policy::Single);
        let (mut grids, mut chains) = (0, 0);
        let mut links = Links::default();
        for (i, line) in text.lines().step_by(11).enumerate() {
            let puzzle = Puzzle::parse_line(line).unwrap();
            let solver = if i % 2 == 0 { &singles } else { &locked };
            let grid = solver.solve(&puzzle, None).grid;
            if grid.is_solved() {
                continue;
            }
            let (mut direct, mut by_links) = (Findings::default(), Findings::default());
            search(&grid, DigitSet::ALL, &mut Boards::default(), &mut direct);
            links.build(&grid, ChainKind::Turbot, DigitSet::ALL, CellSet::ALL);
            super::super::search::search(&grid, &links, DigitSet::ALL, &mut by_links);
            let direct = offered(&direct);
            assert_eq!(direct, offered(&by_links), "{line}");
            grids += 1;
            chains += direct.len();
        }
        assert!(
            grids > 100 && chains > 100,
            "{grids} grids, {chains} chains"
        );
    }
}
