//! Sue de Coq: two or three cells where a line meets a box, holding at least two digits more
//! than cells, completed by a set of cells from the rest of the line and a set from the rest
//! of the box.
//!
//! Let the intersection cells I hold the digits DI, |DI| = |I| + n with n >= 2. A set L of
//! other line cells holds VL (some of DI, and |VL - DI| "extra" digits, fewer than its
//! cells); a set B of other box cells holds VB, none of the DI digits L holds. When
//! (|L| - |VL - DI|) + (|B| - |VB - DI|) = n, the line part I+L and the box part I+B together
//! hold every digit of DI exactly once, L every one of its extra digits and B every one of
//! its own. So the rest of the box loses (DI | VB) - VL, the rest of the line loses
//! (DI | VL) - VB, and both lose the extra digits L and B share.
//!
//! Everything as HoDoKu 2.2 does it (`MiscellaneousSolver.getSueDeCoqInt`, `checkIntersection`,
//! `checkHouses`); the first instance found is the one applied:
//! - rows against boxes (row outer), then columns against boxes, intersections with at
//!   least two unsolved cells;
//! - subsets of the intersection: each pair, followed by the triples that extend it;
//! - then subsets of the other unsolved line cells, then of the other unsolved box cells,
//!   both depth first in lexicographic order ({0}, {0,1}, {0,1,2}, ..., {0,2}, ...). The line
//!   cells include an intersection cell the subset leaves out; the box cells include it too
//!   unless the line set took it. A line set needs a digit of DI and more cells than extra
//!   digits, but fewer DI cells than n; the box set must make up exactly the rest;
//! - eliminations: the rest of the box (cells ascending, each cell's digits ascending), then
//!   the rest of the line, so that an intersection cell in neither set is listed under the
//!   box ([`crate::step`]'s deletion order).
//!
//! Each intersection is searched as a part of the grid ([`StepSink::search_part`]): one
//! that held nothing is skipped while its line and box keep their candidates. No heap:
//! each source's subsets and their digits are listed once per intersection subset, on the
//! stack, and walked in HoDoKu's order from a table.

use crate::bitset::{CellSet, DigitSet, nine_bit_count};
use crate::candidates::{Candidates, Snapshot};
use crate::geometry::{Cell, House, HouseKind};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

pub fn sue_de_coq(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let unsolved = grid.unsolved();
    // Each cell's part of a snapshot, read once rather than once per intersection it is in.
    let codes: [u64; 81] = std::array::from_fn(|i| {
        let cell = Cell::from_index(i);
        u64::from(grid.candidates(cell).bits()) | u64::from(grid.value(cell).is_some()) << 9
    });
    for (kind, first_part) in [(HouseKind::Row, 0), (HouseKind::Column, 27)] {
        for line in House::all_of(kind) {
            let line_cells = line.cell_set() & unsolved;
            for (nth, block) in crossing_boxes(line).into_iter().enumerate() {
                let box_cells = block.cell_set() & unsolved;
                let intersection = line_cells & box_cells;
                if intersection.len() < 2 {
                    continue;
                }
                // What an intersection yields depends on its line's and box's cells alone.
                let part = first_part + line.number() * 3 + nth;
                sink.search_part(part, snapshot(&codes, line, block), |sink| {
                    search_intersection(grid, line_cells, box_cells, intersection, sink)
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The three boxes `line` crosses, in box order.
fn crossing_boxes(line: House) -> [House; 3] {
    let n = line.number();
    match line.kind() {
        HouseKind::Row => [0, 1, 2].map(|j| House::box_(n / 3 * 3 + j)),
        _ => [0, 3, 6].map(|j| House::box_(n / 3 + j)),
    }
}

/// The candidates of the fifteen cells of `line` and `block`, ten bits a cell (the
/// candidates, and whether it is set: `codes`), six cells a word.
fn snapshot(codes: &[u64; 81], line: House, block: House) -> Snapshot {
    let mut words = [0u64; 3];
    let mut cells = (line.cell_set() | block.cell_set()).iter();
    for word in &mut words {
        for shift in [0, 10, 20, 30, 40, 50] {
            if let Some(cell) = cells.next() {
                *word |= codes[cell.index()] << shift;
            }
        }
    }
    words
}

/// Where the search stands: one line and one box, and the subset of their intersection.
struct Core {
    line_cells: CellSet,
    box_cells: CellSet,
    cells: CellSet,
    digits: DigitSet,
}

/// Tries each pair of intersection cells, then each triple extending it.
fn search_intersection(
    grid: &Candidates,
    line_cells: CellSet,
    box_cells: CellSet,
    intersection: CellSet,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let mut cells = [Cell::from_index(0); 3];
    let mut n = 0;
    for cell in intersection.iter() {
        cells[n] = cell;
        n += 1;
    }
    let cells = &cells[..n];
    for (i, &first) in cells.iter().enumerate() {
        for (j, &second) in cells.iter().enumerate().skip(i + 1) {
            let pair = CellSet::single(first) | CellSet::single(second);
            let digits = grid.candidates(first) | grid.candidates(second);
            let core = |cells, digits| Core {
                line_cells,
                box_cells,
                cells,
                digits,
            };
            if digits.len() >= 4 {
                search_parts(grid, &core(pair, digits), sink)?;
            }
            for &third in &cells[j + 1..] {
                let digits = digits | grid.candidates(third);
                if digits.len() >= 5 {
                    search_parts(grid, &core(pair | CellSet::single(third), digits), sink)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Tries every line set and, for each that qualifies, every box set.
fn search_parts(grid: &Candidates, core: &Core, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let surplus = core.digits.len() - core.cells.len();
    let core_digits = core.digits.bits();
    let line = Source::new(grid, core, core.line_cells - core.cells);
    // The box cells include an intersection cell the subset leaves out; a line set that
    // takes it leaves the box sets without it. Listed once a line set qualifies.
    let mut boxes = None;
    let order = lex_order(line.len);
    let mut next = 0;
    while let Some(&line_mask) = order.get(next) {
        next += 1;
        let line_digits = line.digits[usize::from(line_mask)];
        let size = nine_bit_count(line_mask.into()) as i32;
        let extra = nine_bit_count(line_digits & !core_digits) as i32;
        if size - extra + (extensions_of_size(line_mask, line.len) as i32) < 1 {
            // Each cell added can raise size - extra by one at most: no extension qualifies.
            next += extensions(line_mask, line.len);
            continue;
        }
        if line_digits & core_digits == 0 || size <= extra || size - extra >= surplus as i32 {
            continue;
        }
        let boxes =
            boxes.get_or_insert_with(|| Source::new(grid, core, core.box_cells - core.cells));
        // The one cell both sources can hold: the intersection cell the subset leaves out.
        let taken = if line_mask & line.in_box != 0 {
            boxes.in_line
        } else {
            0
        };
        let forbidden = line_digits & core_digits;
        let wanted = surplus - (size - extra) as u32;
        // A box set can only hold cells free of the forbidden digits.
        if nine_bit_count(boxes.cells_free_of(forbidden, taken).into()) < wanted {
            continue;
        }
        let order = lex_order(boxes.len);
        let mut next = 0;
        while let Some(&box_mask) = order.get(next) {
            next += 1;
            let box_digits = boxes.digits[usize::from(box_mask)];
            if box_mask & taken != 0 || box_digits & forbidden != 0 {
                // Neither can any extension: skip them all.
                next += extensions(box_mask, boxes.len);
                continue;
            }
            if box_digits & core_digits == 0
                || nine_bit_count(box_mask.into())
                    != wanted + nine_bit_count(box_digits & !core_digits)
            {
                continue;
            }
            let parts = [
                (line.cells_of(line_mask), DigitSet::from_bits(line_digits)),
                (boxes.cells_of(box_mask), DigitSet::from_bits(box_digits)),
            ];
            if let Some(step) = step(grid, core, parts) {
                sink.push(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The cells a line or box set is drawn from (at most seven: a house less two intersection
/// cells), and the digits of each of their subsets, by subset mask.
struct Source {
    cells: [Cell; 7],
    len: usize,
    digits: [u16; 1 << 7],
    /// The mask of its cells that lie in the box, the line.
    in_box: u8,
    in_line: u8,
}

impl Source {
    fn new(grid: &Candidates, core: &Core, cells: CellSet) -> Source {
        let mut source = Source {
            cells: [Cell::from_index(0); 7],
            len: 0,
            digits: [0; 1 << 7],
            in_box: 0,
            in_line: 0,
        };
        let (line, block) = (core.line_cells, core.box_cells);
        for cell in cells.iter() {
            source.in_box |= u8::from(block.contains(cell)) << source.len;
            source.in_line |= u8::from(line.contains(cell)) << source.len;
            source.cells[source.len] = cell;
            source.len += 1;
        }
        // The subsets holding cell k are those without it, plus it: one doubling per cell,
        // a straight loop the compiler vectorises.
        for k in 0..source.len {
            let digits = grid.candidates(source.cells[k]).bits();
            let (without, with) = source.digits.split_at_mut(1 << k);
            for (to, from) in with[..1 << k].iter_mut().zip(without.iter()) {
                *to = from | digits;
            }
        }
        source
    }

    fn cells_of(&self, mask: u8) -> CellSet {
        (0..self.len)
            .filter(|i| mask & 1 << i != 0)
            .map(|i| self.cells[i])
            .collect()
    }

    /// The mask of the source's cells outside `taken` that hold none of `digits`.
    fn cells_free_of(&self, digits: u16, taken: u8) -> u8 {
        (0..self.len)
            .filter(|&i| self.digits[1 << i] & digits == 0)
            .fold(0, |mask, i| mask | 1 << i)
            & !taken
    }
}

/// The non-empty subsets of `n` items (n <= 7) as bit masks, depth first in lexicographic
/// order of the items, as HoDoKu walks them: {0}, {0,1}, {0,1,2}, ..., {0,2}, ...
fn lex_order(n: usize) -> &'static [u8] {
    &LEX_ORDERS[n][..(1 << n) - 1]
}

/// How many subsets follow `mask` in [`lex_order`]`(n)` as its extensions: those that add
/// items after its last one.
fn extensions(mask: u8, n: usize) -> usize {
    (1 << extensions_of_size(mask, n)) - 1
}

/// How many items an extension of `mask` in [`lex_order`]`(n)` can add.
fn extensions_of_size(mask: u8, n: usize) -> usize {
    n - 1 - (7 - mask.leading_zeros() as usize)
}

static LEX_ORDERS: [[u8; 127]; 8] = {
    let mut orders = [[0u8; 127]; 8];
    let mut n = 1;
    while n < 8 {
        // From a subset to the next: add the item after its last one, or, when that was the
        // last item, drop it and move the new last item one on.
        let mut mask: u8 = 1;
        let mut i = 0;
        loop {
            orders[n][i] = mask;
            i += 1;
            let last = 7 - mask.leading_zeros() as usize;
            if last + 1 < n {
                mask |= 1 << (last + 1);
                continue;
            }
            mask &= !(1 << last);
            if mask == 0 {
                break;
            }
            let last = 7 - mask.leading_zeros() as usize;
            mask = mask & !(1 << last) | 1 << (last + 1);
        }
        n += 1;
    }
    orders
};

/// The step of a complete Sue de Coq, if it removes anything.
fn step(grid: &Candidates, core: &Core, parts: [(CellSet, DigitSet); 2]) -> Option<Step> {
    let [(line_set, line_digits), (box_set, box_digits)] = parts;
    let shared = line_digits & box_digits;
    let box_rest = core.box_cells - box_set - core.cells;
    let line_rest = core.line_cells - line_set - core.cells;
    let mut eliminations = Eliminations::NONE;
    for (rest, digits) in [
        (
            box_rest,
            ((core.digits | box_digits) - line_digits) | shared,
        ),
        (
            line_rest,
            ((core.digits | line_digits) - box_digits) | shared,
        ),
    ] {
        for digit in digits.iter() {
            eliminations.insert_cells(rest & grid.cells_with(digit), digit);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let pattern = Pattern {
        digits: core.digits,
        cells: core.cells,
        groups: [core.cells, line_set, box_set, CellSet::EMPTY],
        group_digits: [core.digits, line_digits, box_digits, DigitSet::EMPTY],
        ..Pattern::default()
    };
    Some(Step::eliminating(
        Technique::SueDeCoq,
        pattern,
        eliminations,
    ))
}

#[cfg(test)]
mod tests {
    use crate::candidates::Candidates;
    use crate::hodoku::catalogue::Technique;
    use crate::technique::test_grids::*;

    /// An empty grid with the cells of `cells` (row, column, digits) restricted, each
    /// placed as given or, when `transposed`, mirrored about the main diagonal.
    fn grid(transposed: bool, cells: &[((usize, usize), &[u8])]) -> Candidates {
        let mut grid = Candidates::empty();
        for &((row, col), digits) in cells {
            restrict(&mut grid, rc_transposed_if(transposed, row, col), digits);
        }
        grid
    }

    /// The classic form: r1c1,r1c2 hold {1,2,3,4}; r1c5 {1,2} takes two of them in the
    /// row, r2c1 {3,4} the other two in the box.
    const CLASSIC: &[((usize, usize), &[u8])] = &[
        ((1, 1), &[1, 2, 3]),
        ((1, 2), &[1, 2, 4]),
        ((1, 5), &[1, 2]),
        ((2, 1), &[3, 4]),
    ];

    #[test]
    fn subsets_are_walked_depth_first_in_lexicographic_order() {
        assert_eq!(
            super::lex_order(3),
            [0b001, 0b011, 0b111, 0b101, 0b010, 0b110, 0b100]
        );
        for n in 0..=7 {
            let mut seen: Vec<u8> = super::lex_order(n).to_vec();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), (1 << n) - 1, "{n} items");
        }
    }

    #[test]
    fn the_classic_form_clears_the_rest_of_the_row_and_the_box_in_either_orientation() {
        for transposed in [false, true] {
            let grid = grid(transposed, CLASSIC);
            let steps = Technique::SueDeCoq.find_all(&grid, None);
            assert_eq!(steps.len(), 1, "{:?}", steps.texts());
            let step = &steps[0];
            let at = |cells: &[(usize, usize)]| -> crate::bitset::CellSet {
                cells
                    .iter()
                    .map(|&(row, col)| rc_transposed_if(transposed, row, col))
                    .collect()
            };
            let line_rest = at(&[(1, 3), (1, 4), (1, 6), (1, 7), (1, 8), (1, 9)]);
            let box_rest = at(&[(1, 3), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]);
            for digit in 1..=9 {
                let expected = match digit {
                    1 | 2 => line_rest,
                    3 | 4 => box_rest,
                    _ => crate::bitset::CellSet::EMPTY,
                };
                assert_eq!(step.eliminations.cells(d(digit)), expected, "digit {digit}");
            }
            if !transposed {
                assert_eq!(
                    steps.texts()[0],
                    "Sue de Coq: r1c1,r1c2 - {1,2,3,4} (r1c5 - {1,2}, r2c1 - {3,4}) => \
                     r1c3,r1c4,r1c6,r1c7,r1c8,r1c9<>1, r1c3,r1c4,r1c6,r1c7,r1c8,r1c9<>2, \
                     r1c3,r2c2,r2c3,r3c1,r3c2,r3c3<>3, r1c3,r2c2,r2c3,r3c1,r3c2,r3c3<>4"
                );
            }
        }
    }

    #[test]
    fn extra_digits_of_the_line_set_leave_the_rest_of_the_line_too() {
        // r1c5 {1,5} and r1c6 {2,5}: two cells, one digit (5) outside the intersection.
        let grid = grid(
            false,
            &[
                ((1, 1), &[1, 2, 3]),
                ((1, 2), &[1, 2, 4]),
                ((1, 5), &[1, 5]),
                ((1, 6), &[2, 5]),
                ((2, 1), &[3, 4]),
            ],
        );
        let steps = Technique::SueDeCoq.find_all(&grid, None);
        assert!(!steps.is_empty());
        let step = &steps[0];
        assert_eq!(
            step.pattern.groups[1],
            [rc(1, 5), rc(1, 6)].into_iter().collect()
        );
        assert!(step.eliminations.contains(rc(1, 9), d(5)));
        assert!(!step.eliminations.contains(rc(3, 3), d(5)));
    }

    #[test]
    fn an_extra_digit_both_sets_hold_leaves_both_houses() {
        let grid = grid(
            false,
            &[
                ((1, 1), &[1, 2, 3]),
                ((1, 2), &[1, 2, 4]),
                ((1, 5), &[1, 5]),
                ((1, 6), &[2, 5]),
                ((2, 1), &[3, 5]),
                ((3, 1), &[4, 5]),
            ],
        );
        let step = &Technique::SueDeCoq.find_all(&grid, None)[0];
        assert!(step.eliminations.contains(rc(1, 9), d(5)));
        assert!(step.eliminations.contains(rc(3, 3), d(5)));
    }

    #[test]
    fn three_intersection_cells_with_five_digits_make_one_too() {
        let grid = grid(
            false,
            &[
                ((1, 1), &[1, 2, 3]),
                ((1, 2), &[1, 2, 4]),
                ((1, 3), &[3, 4, 5]),
                ((1, 5), &[1, 2]),
                ((2, 1), &[3, 4]),
            ],
        );
        let steps = Technique::SueDeCoq.find_all(&grid, None);
        let triple: crate::bitset::CellSet = [rc(1, 1), rc(1, 2), rc(1, 3)].into_iter().collect();
        let step = steps
            .iter()
            .find(|s| s.pattern.cells == triple)
            .expect("the triple");
        // The fifth digit, 5, is the intersection's own: it leaves both houses.
        assert!(step.eliminations.contains(rc(1, 9), d(5)));
        assert!(step.eliminations.contains(rc(3, 3), d(5)));
    }

    #[test]
    fn nothing_when_the_box_set_shares_a_digit_with_the_line_set() {
        let mut cells = CLASSIC.to_vec();
        cells[3] = ((2, 1), &[1, 3, 4]);
        assert!(texts(Technique::SueDeCoq, &grid(false, &cells)).is_empty());
    }

    #[test]
    fn nothing_when_the_line_set_brings_as_many_extra_digits_as_cells() {
        let mut cells = CLASSIC.to_vec();
        cells[2] = ((1, 5), &[1, 5]);
        assert!(texts(Technique::SueDeCoq, &grid(false, &cells)).is_empty());
    }

    #[test]
    fn nothing_when_the_intersection_has_only_one_digit_more_than_cells() {
        let mut cells = CLASSIC.to_vec();
        cells[1] = ((1, 2), &[1, 2, 3]);
        cells[3] = ((2, 1), &[3]);
        assert!(texts(Technique::SueDeCoq, &grid(false, &cells)).is_empty());
    }
}
