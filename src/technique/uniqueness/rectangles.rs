//! Unique rectangles: the search for them, and Uniqueness Tests 1, 2, 4, 5 and 6.
//!
//! **These assume the puzzle has exactly one solution** (sudolab checks that with the
//! oracle before any logic runs): they remove candidates whose presence would leave a
//! pattern that could be completed two ways. On a puzzle with several solutions they can
//! remove a solution's digit.
//!
//! - Unique rectangle: four unsolved cells in two rows, two columns and two boxes. If
//!   they held the digits x,y crosswise, swapping x and y in them would give a second
//!   solution (no given is involved), so that never happens.
//!   - Test 1: three corners hold only x,y; the fourth loses x and y.
//!     `Uniqueness Test 1: 1/3 in r2c6,r2c8,r3c6,r3c8 => r3c6<>1, r3c6<>3`.
//!   - Test 2: two corners hold only x,y, the other two (in one row or column) only x,y
//!     and one same extra digit z: one of them is z, so z leaves the cells seeing both.
//!   - Test 4: two corners hold only x,y; in the houses shared by the other two, x has no
//!     other place: one of them is x, so neither can be y.
//!   - Test 5: as test 2, with the two corners holding z across a diagonal, or with three
//!     corners holding z: z leaves the cells seeing all of them.
//!   - Test 6: two corners across a diagonal hold only x,y; in the rectangle's two rows and
//!     two columns x has no place but the corners. Were x in one of the other two corners
//!     it would be in both, and the rectangle would be deadly: they lose x.
//!
//! Test 3 (a naked subset, [`super::roof_subsets`]) and the hidden rectangle
//! ([`super::hidden_rectangle`]) have modules of their own; they use the same search.
//!
//! Definitions as in HoDoKu 2.2 with its defaults: a rectangle is searched from a corner
//! holding only x,y, each rectangle once, with the digits of its first such corner in cell
//! order (so where two corners hold different pairs, a transposed grid can take the same
//! rectangle with the other pair); the other corners may miss x or y as candidates as long
//! as no set digit in their houses rules it out ("missing candidates" allowed); test 4
//! wants x absent from every cell that sees both roof corners.
//!
//! HoDoKu's test 6 tries the lower digit first and, when that one qualifies, never the
//! higher, even if the lower is not in the two corners to clear (so nothing is found).
//! Kept, though it cannot show on a grid that agrees with the puzzle's one solution: both
//! digits confined to the corners would make the rectangle deadly.
//!
//! HoDoKu tests the far corner in the start's line for the lower digit only. Its box and
//! its other line are the next corner's, tested for both digits, and a set digit in the
//! line it shares with the start would rule that digit out of the start, a candidate
//! there: testing both digits finds the same rectangles.
//! HoDoKu also remembers at most 400 rectangles per grid and searches those past that
//! again from later corners; real grids stay far below it (at most 38 along the solves of
//! the shared corpora, measured), so one search each is enough.

use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::cell::RefCell;
use std::ops::ControlFlow;

pub fn uniqueness_test_1(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let [extra] = rect.extra_cells::<1>()?;
        let mut eliminations = Eliminations::NONE;
        for digit in rect.digits.iter().filter(|&d| grid.has(extra, d)) {
            eliminations.insert(extra, digit);
        }
        rect.step(Technique::UniquenessTest1, eliminations)
    })
    .run(sink)
}

pub fn uniqueness_test_2(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let [a, b] = rect.extra_cells::<2>()?;
        if !aligned(a, b) {
            return None;
        }
        rect.step(Technique::UniquenessTest2, rect.single_extra_digit()?)
    })
    .run(sink)
}

pub fn uniqueness_test_4(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let [a, b] = rect.extra_cells::<2>()?;
        if !aligned(a, b) {
            return None;
        }
        let shared = a.peers() & b.peers();
        let [x, y] = rect.pair();
        // The digit confined to the roof stays; the other goes from both roof cells.
        let removed = if !shared.intersects(grid.cells_with(x)) {
            y
        } else if !shared.intersects(grid.cells_with(y)) {
            x
        } else {
            return None;
        };
        let mut eliminations = Eliminations::NONE;
        eliminations.insert_cells(
            grid.cells_with(removed) & (CellSet::single(a) | CellSet::single(b)),
            removed,
        );
        rect.step(Technique::UniquenessTest4, eliminations)
    })
    .run(sink)
}

pub fn uniqueness_test_5(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        if !rect.extra_across() {
            return None;
        }
        rect.step(Technique::UniquenessTest5, rect.single_extra_digit()?)
    })
    .run(sink)
}

pub fn uniqueness_test_6(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let [a, b] = rect.extra_cells::<2>()?;
        if aligned(a, b) {
            return None;
        }
        let lines = [a.row(), b.row()]
            .map(House::row)
            .into_iter()
            .chain([a.col(), b.col()].map(House::column))
            .fold(CellSet::EMPTY, |cells, line| cells | line.cell_set())
            - rect.corners;
        // HoDoKu's order: the lower digit, and the higher only when the lower fails.
        let digit = rect
            .pair()
            .into_iter()
            .find(|&d| !lines.intersects(grid.cells_with(d)))?;
        let mut eliminations = Eliminations::NONE;
        eliminations.insert_cells(rect.extra & grid.cells_with(digit), digit);
        rect.step(Technique::UniquenessTest6, eliminations)
    })
    .run(sink)
}

/// A unique rectangle candidate: four corners and the pair of digits.
pub(super) struct Rectangle<'g> {
    pub(super) grid: &'g Candidates,
    pub(super) corners: CellSet,
    pub(super) digits: DigitSet,
    /// The corners with candidates besides the pair.
    pub(super) extra: CellSet,
}

impl<'g> Rectangle<'g> {
    fn new(grid: &'g Candidates, corners: CellSet, digits: DigitSet) -> Self {
        let extra = corners
            .iter()
            .filter(|&c| !grid.candidates(c).is_subset_of(digits))
            .collect();
        Rectangle {
            grid,
            corners,
            digits,
            extra,
        }
    }

    /// The pair, lower digit first.
    pub(super) fn pair(&self) -> [Digit; 2] {
        let mut digits = self.digits.iter();
        let x = digits.next().expect("a pair");
        [x, digits.next().expect("a pair")]
    }

    /// The corners with candidates besides the pair, in cell order, when there are
    /// exactly `N`.
    pub(super) fn extra_cells<const N: usize>(&self) -> Option<[Cell; N]> {
        if self.extra.len() as usize != N {
            return None;
        }
        let mut cells = self.extra.iter();
        Some(std::array::from_fn(|_| cells.next().expect("N cells")))
    }

    /// Whether the corners with extra candidates are three, or two across a diagonal: a
    /// corner holding only the pair then has its opposite corner among them.
    pub(super) fn extra_across(&self) -> bool {
        self.extra.len() == 3 || matches!(self.extra_cells::<2>(), Some([a, b]) if !aligned(a, b))
    }

    /// The corner across the diagonal from `corner`.
    pub(super) fn opposite(&self, corner: Cell) -> Cell {
        self.corners
            .iter()
            .find(|&c| c.row() != corner.row() && c.col() != corner.col())
            .expect("a rectangle has a corner across from each")
    }

    /// A step of `technique` for this rectangle, when `eliminations` remove something.
    pub(super) fn step(&self, technique: Technique, eliminations: Eliminations) -> Option<Step> {
        self.step_with(technique, Pattern::default(), eliminations)
    }

    /// [`Rectangle::step`] with more of the pattern than the pair and the corners.
    pub(super) fn step_with(
        &self,
        technique: Technique,
        pattern: Pattern,
        eliminations: Eliminations,
    ) -> Option<Step> {
        if eliminations.is_empty() {
            return None;
        }
        let pattern = Pattern {
            digits: self.digits,
            cells: self.corners,
            ..pattern
        };
        Some(Step::eliminating(technique, pattern, eliminations))
    }

    /// Tests 2 and 5: when the corners with extra candidates all have the same single
    /// one, z, one of them is z: z leaves the cells that see them all.
    fn single_extra_digit(&self) -> Option<Eliminations> {
        let grid = self.grid;
        let extras = self
            .extra
            .iter()
            .fold(DigitSet::EMPTY, |digits, c| digits | grid.candidates(c))
            - self.digits;
        let z = extras.single_member()?;
        let targets = self
            .extra
            .iter()
            .fold(grid.cells_with(z), |cells, c| cells & c.peers());
        let mut eliminations = Eliminations::NONE;
        eliminations.insert_cells(targets, z);
        Some(eliminations)
    }
}

/// Whether two cells share a row or a column.
fn aligned(a: Cell, b: Cell) -> bool {
    a.row() == b.row() || a.col() == b.col()
}

/// The second corners of the rectangles with `start` as a corner, in HoDoKu's order: the
/// cells of `start`'s box in its row or column, in box order.
pub(super) fn mates(start: Cell) -> impl Iterator<Item = Cell> {
    House::box_(start.box_index())
        .cells()
        .iter()
        .copied()
        .filter(move |&mate| mate != start && aligned(start, mate))
}

/// The other two corners of the rectangles with corners `start` and `mate` (a cell of
/// [`mates`]), in HoDoKu's order: in the lines through `start` and `mate` that leave their
/// box, the cells outside it paired by position, in line order; `start`'s first.
pub(super) fn far_corners(start: Cell, mate: Cell) -> impl Iterator<Item = [Cell; 2]> {
    let along_column = mate.row() == start.row();
    (0..9)
        .map(move |offset| {
            if along_column {
                [Cell::at(offset, start.col()), Cell::at(offset, mate.col())]
            } else {
                [Cell::at(start.row(), offset), Cell::at(mate.row(), offset)]
            }
        })
        .filter(move |[far_start, _]| far_start.box_index() != start.box_index())
}

/// The rectangles of `grid`, each once, and the steps `check` makes of them.
pub(super) fn rectangles<'g, F, S>(grid: &'g Candidates, check: F) -> Rectangles<'g, F>
where
    F: FnMut(&Rectangle<'g>) -> S,
    S: IntoIterator<Item = Step>,
{
    // The cells a set digit rules out, per digit: its houses' other cells.
    let mut ruled_out = [CellSet::EMPTY; 9];
    for cell in (!grid.unsolved()).iter() {
        if let Some(digit) = grid.value(cell) {
            ruled_out[digit.index()] |= cell.peers();
        }
    }
    Rectangles {
        grid,
        ruled_out,
        check,
    }
}

/// The rectangles of the last grid listed, kept per thread: the uniqueness rungs run one
/// after the other on the same grid. The key (each digit's candidates, the cells set
/// digits rule it out of, the unsolved cells) is all the listing reads.
#[derive(Default)]
struct Listed {
    key: Option<([CellSet; 9], [CellSet; 9], CellSet)>,
    rectangles: Vec<(CellSet, DigitSet)>,
}

thread_local! {
    static LISTED: RefCell<Listed> = RefCell::new(Listed::default());
}

pub(super) struct Rectangles<'g, F> {
    grid: &'g Candidates,
    ruled_out: [CellSet; 9],
    check: F,
}

impl<'g, F, S> Rectangles<'g, F>
where
    F: FnMut(&Rectangle<'g>) -> S,
    S: IntoIterator<Item = Step>,
{
    /// Whether the four `corners` form a rectangle for the pair `digits`: unsolved, and
    /// neither digit ruled out in any of them by a set digit.
    fn fits(&self, corners: CellSet, digits: DigitSet) -> bool {
        corners.is_subset_of(self.grid.unsolved())
            && digits
                .iter()
                .all(|d| !corners.intersects(self.ruled_out[d.index()]))
    }

    /// The steps of every rectangle of the grid, in [`Self::list`]'s order.
    pub(super) fn run(mut self, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        LISTED.with_borrow_mut(|listed| {
            let grid = self.grid;
            let key = (
                std::array::from_fn(|i| grid.cells_with(Digit::from_index(i))),
                self.ruled_out,
                grid.unsolved(),
            );
            if listed.key != Some(key) {
                listed.rectangles.clear();
                self.list(&mut listed.rectangles);
                listed.key = Some(key);
            }
            for &(corners, digits) in &listed.rectangles {
                for step in (self.check)(&Rectangle::new(grid, corners, digits)) {
                    sink.push(step)?;
                }
            }
            ControlFlow::Continue(())
        })
    }

    /// From every bivalue corner in cell order, the rectangles of [`mates`] and
    /// [`far_corners`], with their pairs, into `out`. A rectangle is taken from its first
    /// bivalue corner for which it fits, as HoDoKu does.
    fn list(&self, out: &mut Vec<(CellSet, DigitSet)>) {
        let grid = self.grid;
        for start in grid.cells_with_exactly(2).iter() {
            let digits = grid.candidates(start);
            // Where a rectangle for these digits may have corners: see [`Self::fits`].
            let allowed = digits.iter().fold(grid.unsolved(), |cells, d| {
                cells - self.ruled_out[d.index()]
            });
            if !allowed.contains(start) {
                continue;
            }
            for mate in mates(start).filter(|&mate| allowed.contains(mate)) {
                for far in far_corners(start, mate) {
                    let corners: CellSet = [start, mate, far[0], far[1]].into_iter().collect();
                    if corners.is_subset_of(allowed) && !self.seen_before(start, corners) {
                        out.push((corners, digits));
                    }
                }
            }
        }
    }

    /// Whether a bivalue corner before `start` already took this rectangle.
    fn seen_before(&self, start: Cell, corners: CellSet) -> bool {
        corners.iter().take_while(|&c| c < start).any(|c| {
            let digits = self.grid.candidates(c);
            digits.len() == 2 && self.fits(corners, digits)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    #[test]
    fn uniqueness_test_1_across_a_band_and_across_a_stack() {
        // r2c6, r2c8, r3c8 hold only 1,3: r3c6 taking 1 or 3 would close the rectangle.
        let mut grid = Candidates::empty();
        for cell in [rc(2, 6), rc(2, 8), rc(3, 8)] {
            restrict(&mut grid, cell, &[1, 3]);
        }
        assert_eq!(
            texts(Technique::UniquenessTest1, &grid),
            ["Uniqueness Test 1: 1/3 in r2c6,r2c8,r3c6,r3c8 => r3c6<>1, r3c6<>3"]
        );
        // Boxes 1 and 7: r1c1, r1c2, r7c2 hold 4,9; r7c1 loses them.
        let mut grid = Candidates::empty();
        for cell in [rc(1, 1), rc(1, 2), rc(7, 2)] {
            restrict(&mut grid, cell, &[4, 9]);
        }
        assert_eq!(
            texts(Technique::UniquenessTest1, &grid),
            ["Uniqueness Test 1: 4/9 in r1c1,r1c2,r7c1,r7c2 => r7c1<>4, r7c1<>9"]
        );
    }

    #[test]
    fn uniqueness_test_1_with_a_missing_candidate_or_ruled_out() {
        let mut grid = Candidates::empty();
        for cell in [rc(2, 6), rc(2, 8), rc(3, 8)] {
            restrict(&mut grid, cell, &[1, 3]);
        }
        // r3c6 has lost 3 already: it only loses 1.
        grid.eliminate(rc(3, 6), d(3));
        assert_eq!(
            texts(Technique::UniquenessTest1, &grid),
            ["Uniqueness Test 1: 1/3 in r2c6,r2c8,r3c6,r3c8 => r3c6<>1"]
        );
        // It has lost both: nothing to do.
        grid.eliminate(rc(3, 6), d(1));
        assert!(texts(Technique::UniquenessTest1, &grid).is_empty());
        // A 3 set in column 6 rules the rectangle out: r2c6 keeps only 1, and without the
        // rule a rectangle from r2c8 would take r3c6 for its only extra corner.
        let mut grid = Candidates::empty();
        for cell in [rc(2, 6), rc(2, 8), rc(3, 8)] {
            restrict(&mut grid, cell, &[1, 3]);
        }
        grid.place(rc(9, 6), d(3));
        assert!(texts(Technique::UniquenessTest1, &grid).is_empty());
    }

    #[test]
    fn grids_alike_but_for_their_set_digits_have_their_own_rectangles() {
        // The same candidates and unsolved cells: r9c6 holds 3 (which rules 3 out of
        // r2c6 and r3c6) or 5, and 3 and 5 are gone from its houses either way.
        let grid_with = |set: u8| {
            let mut grid = Candidates::empty();
            for cell in [rc(2, 6), rc(2, 8), rc(3, 8)] {
                restrict(&mut grid, cell, &[1, 3]);
            }
            grid.place(rc(9, 6), d(set));
            let peers: Vec<Cell> = rc(9, 6).peers().iter().collect();
            for digit in [d(3), d(5)] {
                remove(&mut grid, digit, &peers);
            }
            grid
        };
        let (ruled_out, standing) = (grid_with(3), grid_with(5));
        assert_eq!(ruled_out.unsolved(), standing.unsolved());
        assert!(Cell::all().all(|c| ruled_out.candidates(c) == standing.candidates(c)));
        // Asked in turn on one thread, each gets its own answer.
        for _ in 0..2 {
            assert!(texts(Technique::UniquenessTest1, &ruled_out).is_empty());
            assert_eq!(
                texts(Technique::UniquenessTest1, &standing),
                ["Uniqueness Test 1: 1/3 in r2c6,r2c8,r3c6,r3c8 => r3c6<>1"]
            );
        }
    }

    #[test]
    fn uniqueness_test_2_in_a_row_and_across_boxes() {
        // Floor r1c1, r1c2 holds 2,5; the roof r7c1, r7c2 holds 2,5,8: one of the roof
        // cells is 8, so row 7 and box 7 lose 8 elsewhere.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[2, 5]);
        restrict(&mut grid, rc(1, 2), &[2, 5]);
        restrict(&mut grid, rc(7, 1), &[2, 5, 8]);
        restrict(&mut grid, rc(7, 2), &[2, 5, 8]);
        let targets = "r7c3,r7c4,r7c5,r7c6,r7c7,r7c8,r7c9,r8c1,r8c2,r8c3,r9c1,r9c2,r9c3";
        assert_eq!(
            texts(Technique::UniquenessTest2, &grid),
            [format!(
                "Uniqueness Test 2: 2/5 in r1c1,r1c2,r7c1,r7c2 => {targets}<>8"
            )]
        );
        // Floor r1c1, r1c4 (two boxes), roof r2c1, r2c4: only row 2 sees both.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[2, 5]);
        restrict(&mut grid, rc(1, 4), &[2, 5]);
        restrict(&mut grid, rc(2, 1), &[2, 5, 8]);
        restrict(&mut grid, rc(2, 4), &[2, 5, 8]);
        assert_eq!(
            texts(Technique::UniquenessTest2, &grid),
            [
                "Uniqueness Test 2: 2/5 in r1c1,r1c4,r2c1,r2c4 => r2c2,r2c3,r2c5,r2c6,r2c7,r2c8,r2c9<>8"
            ]
        );
        // Different extra digits in the roof: no test 2.
        grid.eliminate(rc(2, 4), d(8));
        assert!(texts(Technique::UniquenessTest2, &grid).is_empty());
    }

    #[test]
    fn uniqueness_test_4_in_a_row_and_in_a_column() {
        // Floor r1c1, r1c2 holds 2,5; row 7 and box 7 have 2 only in the roof r7c1,
        // r7c2: one of them is 2, so the other cannot be 5, and neither can.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[2, 5]);
        restrict(&mut grid, rc(1, 2), &[2, 5]);
        remove(&mut grid, d(2), &row_except(7, &[1, 2]));
        remove(&mut grid, d(2), &box_except(7, &[rc(7, 1), rc(7, 2)]));
        assert_eq!(
            texts(Technique::UniquenessTest4, &grid),
            ["Uniqueness Test 4: 2/5 in r1c1,r1c2,r7c1,r7c2 => r7c1,r7c2<>5"]
        );
        // Floor r1c1, r2c1; roof r1c7, r2c7 with 2 confined in column 7 and box 3.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[2, 5]);
        restrict(&mut grid, rc(2, 1), &[2, 5]);
        remove(&mut grid, d(2), &col_except(7, &[1, 2]));
        remove(&mut grid, d(2), &box_except(3, &[rc(1, 7), rc(2, 7)]));
        assert_eq!(
            texts(Technique::UniquenessTest4, &grid),
            ["Uniqueness Test 4: 2/5 in r1c1,r1c7,r2c1,r2c7 => r1c7,r2c7<>5"]
        );
        // With a 2 left in box 3, HoDoKu's test (every cell seeing both) fails.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[2, 5]);
        restrict(&mut grid, rc(2, 1), &[2, 5]);
        remove(&mut grid, d(2), &col_except(7, &[1, 2]));
        assert!(texts(Technique::UniquenessTest4, &grid).is_empty());
    }

    #[test]
    fn uniqueness_test_5_across_a_diagonal_and_with_three_corners() {
        // Boxes 1 and 7: r1c1 and r7c2, across the diagonal, hold 2,5,8; one of them is 8,
        // so 8 leaves the cells that see both.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[2, 5, 8]);
        restrict(&mut grid, rc(1, 2), &[2, 5]);
        restrict(&mut grid, rc(7, 1), &[2, 5]);
        restrict(&mut grid, rc(7, 2), &[2, 5, 8]);
        assert_eq!(
            texts(Technique::UniquenessTest5, &grid),
            ["Uniqueness Test 5: 2/5 in r1c1,r1c2,r7c1,r7c2 => r2c2,r3c2,r8c1,r9c1<>8"]
        );
        assert!(texts(Technique::UniquenessTest2, &grid).is_empty());
        // Boxes 1 and 3: three corners hold 2,5 and an extra digit; with 8 in all three,
        // only r3c8 and r3c9 see them all.
        let three_corners = |last_extra: u8| {
            let mut grid = Candidates::empty();
            restrict(&mut grid, rc(2, 1), &[2, 5]);
            restrict(&mut grid, rc(2, 7), &[2, 5, 8]);
            restrict(&mut grid, rc(3, 1), &[2, 5, 8]);
            restrict(&mut grid, rc(3, 7), &[2, 5, last_extra]);
            grid
        };
        let mut grid = three_corners(8);
        assert_eq!(
            texts(Technique::UniquenessTest5, &grid),
            ["Uniqueness Test 5: 2/5 in r2c1,r2c7,r3c1,r3c7 => r3c8,r3c9<>8"]
        );
        // Nothing left to remove, or another extra digit in one corner: no test 5.
        remove(&mut grid, d(8), &[rc(3, 8), rc(3, 9)]);
        assert!(texts(Technique::UniquenessTest5, &grid).is_empty());
        assert!(texts(Technique::UniquenessTest5, &three_corners(9)).is_empty());
    }

    #[test]
    fn uniqueness_test_5_takes_rectangles_by_their_first_bivalue_corner() {
        // r1c1,r1c4,r2c1,r2c4 starts at its bivalue corner r2c4; r1c8,r1c9,r4c8,r4c9 at
        // r1c8, earlier, though its first corner comes later: HoDoKu takes it first.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(2, 4), &[2, 5]);
        for cell in [rc(1, 1), rc(1, 4), rc(2, 1)] {
            restrict(&mut grid, cell, &[2, 5, 8]);
        }
        restrict(&mut grid, rc(1, 8), &[3, 6]);
        for cell in [rc(1, 9), rc(4, 8), rc(4, 9)] {
            restrict(&mut grid, cell, &[3, 6, 7]);
        }
        assert_eq!(
            texts(Technique::UniquenessTest5, &grid),
            [
                "Uniqueness Test 5: 3/6 in r1c8,r1c9,r4c8,r4c9 => r5c9,r6c9<>7",
                "Uniqueness Test 5: 2/5 in r1c1,r1c4,r2c1,r2c4 => r1c2,r1c3<>8",
            ]
        );
    }

    /// Corners `plain` hold only `pair`, corners `extra` (across the diagonal) the pair and
    /// more digits; `confined` has no place in the rectangle's rows and columns but the
    /// corners.
    fn test_6_grid(
        pair: [u8; 2],
        plain: [Cell; 2],
        extra: [(Cell, &[u8]); 2],
        confined: &[u8],
    ) -> Candidates {
        let mut grid = Candidates::empty();
        for cell in plain {
            restrict(&mut grid, cell, &pair);
        }
        for (cell, digits) in extra {
            restrict(&mut grid, cell, &[&pair[..], digits].concat());
        }
        let corners = [plain[0], plain[1], extra[0].0, extra[1].0];
        for &digit in confined {
            for corner in corners {
                let lines = [House::row(corner.row()), House::column(corner.col())];
                for cell in lines.iter().flat_map(|line| line.cells()) {
                    if !corners.contains(cell) {
                        grid.eliminate(*cell, d(digit));
                    }
                }
            }
        }
        grid
    }

    #[test]
    fn uniqueness_test_6_in_a_stack_and_in_a_band() {
        // Boxes 1 and 7: 2 is confined to the corners in rows 1, 7 and columns 1, 2.
        let grid = test_6_grid(
            [2, 5],
            [rc(1, 2), rc(7, 1)],
            [(rc(1, 1), &[8]), (rc(7, 2), &[9])],
            &[2],
        );
        assert_eq!(
            texts(Technique::UniquenessTest6, &grid),
            ["Uniqueness Test 6: 2/5 in r1c1,r1c2,r7c1,r7c2 => r1c1,r7c2<>2"]
        );
        // Boxes 1 and 3, the higher digit confined.
        let band = |confined: &[u8]| {
            test_6_grid(
                [4, 9],
                [rc(2, 7), rc(3, 1)],
                [(rc(2, 1), &[1]), (rc(3, 7), &[3])],
                confined,
            )
        };
        assert_eq!(
            texts(Technique::UniquenessTest6, &band(&[9])),
            ["Uniqueness Test 6: 4/9 in r2c1,r2c7,r3c1,r3c7 => r2c1,r3c7<>9"]
        );
        // A 9 left in row 3 outside the rectangle, at r3c5, breaks it.
        let mut broken = band(&[]);
        remove(&mut broken, d(9), &row_except(2, &[1, 7]));
        remove(&mut broken, d(9), &row_except(3, &[1, 5, 7]));
        remove(&mut broken, d(9), &col_except(1, &[2, 3]));
        remove(&mut broken, d(9), &col_except(7, &[2, 3]));
        assert!(texts(Technique::UniquenessTest6, &broken).is_empty());
    }

    #[test]
    fn uniqueness_test_6_tries_the_lower_digit_first_as_hodoku_does() {
        // Both 2 and 5 are confined to the corners. With a 2 in the corners across the
        // diagonal, they lose it; without, HoDoKu settles on 2 all the same and finds
        // nothing, never trying 5.
        let grid = test_6_grid(
            [2, 5],
            [rc(1, 2), rc(7, 1)],
            [(rc(1, 1), &[8, 9]), (rc(7, 2), &[8, 9])],
            &[2, 5],
        );
        assert_eq!(
            texts(Technique::UniquenessTest6, &grid),
            ["Uniqueness Test 6: 2/5 in r1c1,r1c2,r7c1,r7c2 => r1c1,r7c2<>2"]
        );
        let mut without_two = grid;
        remove(&mut without_two, d(2), &[rc(1, 1), rc(7, 2)]);
        assert!(texts(Technique::UniquenessTest6, &without_two).is_empty());
    }

    #[test]
    fn uniqueness_test_6_takes_rectangles_by_their_first_bivalue_corner() {
        // r1c1,r1c4,r2c1,r2c4 starts at r1c4; r1c3,r1c8,r2c3,r2c8 at r1c3, one cell
        // earlier, though its first corner comes later: HoDoKu takes it first.
        let mut grid = test_6_grid(
            [2, 5],
            [rc(1, 4), rc(2, 1)],
            [(rc(1, 1), &[8]), (rc(2, 4), &[9])],
            &[2],
        );
        restrict(&mut grid, rc(1, 3), &[3, 6]);
        restrict(&mut grid, rc(2, 8), &[3, 6]);
        restrict(&mut grid, rc(2, 3), &[3, 6, 7]);
        restrict(&mut grid, rc(1, 8), &[3, 6, 9]);
        let corners = [rc(1, 3), rc(1, 8), rc(2, 3), rc(2, 8)];
        let lines: Vec<Cell> = [row_except(1, &[]), row_except(2, &[]), col_except(3, &[])]
            .concat()
            .into_iter()
            .chain(col_except(8, &[]))
            .filter(|c| !corners.contains(c))
            .collect();
        remove(&mut grid, d(3), &lines);
        assert_eq!(
            texts(Technique::UniquenessTest6, &grid),
            [
                "Uniqueness Test 6: 3/6 in r1c3,r1c8,r2c3,r2c8 => r1c8,r2c3<>3",
                "Uniqueness Test 6: 2/5 in r1c1,r1c4,r2c1,r2c4 => r1c1,r2c4<>2",
            ]
        );
    }
}
