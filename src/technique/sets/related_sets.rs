//! Related sets: naked and hidden subsets and basic fish as one search.
//!
//! A house gives a 9x9 bit array digit x position; a digit gives a 9x9 bit array row x
//! column. In such an array, k lines (k = 2 to 4; for fish up to 7) whose marks together fall in exactly k
//! cross-lines are a closed set: the k lines must take those k cross-lines between them,
//! so every other mark in the k cross-lines can go. Read with lines = digits of a house,
//! that is a hidden subset; with lines = cells (the transpose), a naked subset; with
//! lines = rows of a digit, a row-based fish (X-Wing, Swordfish, Jellyfish, and HoDoKu's
//! Squirmbag, Whale and Leviathan of 5 to 7 lines, off by default there); with lines =
//! columns, a column-based fish. [`closed_sets`] is that one search; the finders below
//! only choose the array, its orientation and k, and turn each closed set into a step.
//! Both orientations of each array come straight from the grid's synchronised views
//! ([`Candidates::positions`] and [`Candidates::candidates`]), which is cheaper than
//! transposing; the tests check that they are indeed transposes of each other.
//!
//! Search order (which step comes first under the one-instance policy): subsets by house,
//! rows then columns then boxes; fish by digit 1-9, row-based before column-based; within
//! an array, combinations of lines in lexicographic order. A naked subset eliminates only
//! in the house where it was found; one lying in a box/line intersection is found again,
//! as its own step, in the other house (Locked Pair/Triple is an intersections technique).

use crate::bitset::{CellSet, DigitSet, HouseSet, nine_bit_count};
use crate::candidates::{Candidates, Snapshot};
use crate::geometry::{Digit, House, HouseKind};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use crate::technique::templates;
use std::ops::ControlFlow;

/// A 9x9 bit array: bit `x` of `array[line]` is set when `line` has a mark in cross-line `x`.
type BitArray = [u16; 9];

/// The most lines a closed set has: a Leviathan's seven.
const MAX_LINES: usize = 7;

/// Reports, in lexicographic order of their lines, every set of `k` lines of `array` whose
/// marks fall in exactly `k` cross-lines while some other line has a mark in those
/// cross-lines (something to eliminate), as `found(lines, cross_lines)`, both 9-bit masks.
///
/// Only lines with 2 to `k` marks take part: an empty line is no constraint, a line with one
/// mark is a single (left to the singles), and a line with more than `k` marks cannot fit
/// in `k` cross-lines.
fn closed_sets(
    array: &BitArray,
    k: u32,
    found: &mut impl FnMut(u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut eligible = 0u16;
    let mut nonempty = 0;
    for (line, &marked) in array.iter().enumerate() {
        let n = nine_bit_count(marked);
        nonempty += u32::from(n > 0);
        if (2..=k).contains(&n) {
            eligible |= 1 << line;
        }
    }
    // A closed set needs k lines, and something to eliminate needs a non-empty line outside it.
    if nine_bit_count(eligible) < k || nonempty <= k {
        return ControlFlow::Continue(());
    }
    // Depth-first over combinations, lowest lines first, without recursion: level `depth`
    // has chosen `lines[depth]` (whose marks span `union[depth]`) and may still try the lines
    // of `rest[depth]`. A branch is dropped as soon as its marks span more than k
    // cross-lines, or too few lines are left to complete it.
    debug_assert!(
        (2..=MAX_LINES).contains(&(k as usize)),
        "related sets have 2 to 7 lines"
    );
    let k = k as usize;
    let mut rest = [0u16; MAX_LINES];
    let mut lines = [0u16; MAX_LINES];
    let mut union = [0u16; MAX_LINES];
    rest[0] = eligible;
    let mut depth = 0;
    loop {
        if nine_bit_count(rest[depth]) < (k - depth) as u32 {
            if depth == 0 {
                return ControlFlow::Continue(());
            }
            depth -= 1;
            continue;
        }
        let line = rest[depth].trailing_zeros() as usize;
        rest[depth] &= rest[depth] - 1;
        let spanned = union[depth] | array[line];
        let width = nine_bit_count(spanned) as usize;
        if width > k {
            continue;
        }
        let chosen = lines[depth] | 1 << line;
        if depth + 1 == k {
            if width == k && eliminates(array, chosen, spanned) {
                found(chosen, spanned)?;
            }
        } else {
            rest[depth + 1] = rest[depth];
            lines[depth + 1] = chosen;
            union[depth + 1] = spanned;
            depth += 1;
        }
    }
}

/// Whether a line outside `lines` has a mark in `cross`.
#[inline]
fn eliminates(array: &BitArray, lines: u16, cross: u16) -> bool {
    array
        .iter()
        .enumerate()
        .any(|(line, &marks)| lines >> line & 1 == 0 && marks & cross != 0)
}

/// A digit's array over the rows (`line = House::row`: row x column) or over the columns
/// (`line = House::column`: column x row).
fn digit_lines(grid: &Candidates, digit: Digit, line: LineKind) -> BitArray {
    std::array::from_fn(|i| grid.positions(line(i), digit))
}

/// The cells of `house` at the positions of the 9-bit mask `positions`.
fn cells_at(house: House, positions: u16) -> CellSet {
    house
        .cells()
        .iter()
        .enumerate()
        .filter(|&(p, _)| positions >> p & 1 != 0)
        .map(|(_, &cell)| cell)
        .collect()
}

/// Hidden subsets of size `k`: `k` digits confined to the same `k` cells of a house; the
/// other digits leave those cells.
fn hidden_subsets(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    k: u32,
    technique: Technique,
) -> ControlFlow<()> {
    // HoDoKu's order: boxes, then rows, then columns.
    let houses = [HouseKind::Box, HouseKind::Row, HouseKind::Column]
        .into_iter()
        .flat_map(House::all_of);
    let searched = sink.houses();
    for house in houses.filter(|&h| searched.contains(h)) {
        // Something to remove needs a digit besides the k with a place in the house, and
        // only the digits of its empty cells have places.
        if grid.empty_cells_in(house) <= k {
            continue;
        }
        let snapshot = grid.house_snapshot(house);
        sink.search_part(house.index(), snapshot, |sink| {
            hidden_subsets_in(grid, sink, k, technique, house, &snapshot)
        })?;
    }
    ControlFlow::Continue(())
}

/// [`hidden_subsets`] in one house: they depend on its candidates alone, which `snapshot`
/// (its [`Candidates::house_snapshot`]) holds already.
fn hidden_subsets_in(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    k: u32,
    technique: Technique,
    house: House,
    snapshot: &Snapshot,
) -> ControlFlow<()> {
    let by_digit = Candidates::house_snapshot_positions(snapshot);
    closed_sets(&by_digit, k, &mut |digits, positions| {
        let digits = DigitSet::from_bits(digits);
        let cells = cells_at(house, positions);
        let mut eliminations = Eliminations::NONE;
        for digit in (!digits).iter() {
            eliminations.insert_cells(cells & grid.cells_with(digit), digit);
        }
        sink.push(subset_step(technique, house, digits, cells, eliminations))
    })
}

/// The step of a naked or hidden subset: `digits` in `cells` of `house`.
fn subset_step(
    technique: Technique,
    house: House,
    digits: DigitSet,
    cells: CellSet,
    eliminations: Eliminations,
) -> Step {
    let pattern = Pattern {
        digits,
        cells,
        base: HouseSet::single(house),
        ..Pattern::default()
    };
    Step::eliminating(technique, pattern, eliminations)
}

/// A kind of line: `House::row` or `House::column`.
type LineKind = fn(usize) -> House;

/// Base and cover lines of the row-based fish, then of the column-based ones.
const FISH_ORIENTATIONS: [(LineKind, LineKind); 2] =
    [(House::row, House::column), (House::column, House::row)];

/// Basic fish of size `k`: `k` base lines (rows, or columns) in which a digit's candidates
/// all lie in the same `k` cover lines (columns, or rows); the digit leaves the cover lines'
/// other cells.
fn fish(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    k: u32,
    technique: Technique,
) -> ControlFlow<()> {
    templates::search_single_digit(grid, sink, |sink, digit| {
        // Something to remove needs a line besides the k base lines with the digit, and
        // only the lines still missing it have places for it.
        if grid.rows_missing(digit) <= k {
            return ControlFlow::Continue(());
        }
        fish_of(grid, sink, k, technique, digit)
    })
}

/// [`fish`] of one digit: they depend on its candidates alone.
fn fish_of(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    k: u32,
    technique: Technique,
    digit: Digit,
) -> ControlFlow<()> {
    for (base_house, cover_house) in FISH_ORIENTATIONS {
        let array = digit_lines(grid, digit, base_house);
        closed_sets(&array, k, &mut |base_lines, cover_lines| {
            let houses = |mask: u16, house: LineKind| -> HouseSet {
                (0..9).filter(|&i| mask >> i & 1 != 0).map(house).collect()
            };
            let base = houses(base_lines, base_house);
            let cover = houses(cover_lines, cover_house);
            let cells_of =
                |set: HouseSet| set.iter().fold(CellSet::EMPTY, |acc, h| acc | h.cell_set());
            let with_digit = grid.cells_with(digit);
            let cells = with_digit & cells_of(base);
            let mut eliminations = Eliminations::NONE;
            eliminations.insert_cells((with_digit & cells_of(cover)) - cells, digit);
            let pattern = Pattern {
                digits: DigitSet::single(digit),
                cells,
                base,
                cover,
                ..Pattern::default()
            };
            sink.push(Step::eliminating(technique, pattern, eliminations))
        })?;
    }
    ControlFlow::Continue(())
}

/// Hidden Pair (h2).
pub fn hidden_pairs(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hidden_subsets(grid, sink, 2, Technique::HiddenPair)
}

/// Hidden Triple (h3).
pub fn hidden_triples(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hidden_subsets(grid, sink, 3, Technique::HiddenTriple)
}

/// Hidden Quadruple (h4).
pub fn hidden_quads(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hidden_subsets(grid, sink, 4, Technique::HiddenQuad)
}

/// X-Wing (bf2).
pub fn x_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    fish(grid, sink, 2, Technique::XWing)
}

/// Swordfish (bf3).
pub fn swordfish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    fish(grid, sink, 3, Technique::Swordfish)
}

/// Jellyfish (bf4).
pub fn jellyfish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    fish(grid, sink, 4, Technique::Jellyfish)
}

/// Squirmbag (bf5).
pub fn squirmbags(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    fish(grid, sink, 5, Technique::Squirmbag)
}

/// Whale (bf6).
pub fn whales(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    fish(grid, sink, 6, Technique::Whale)
}

/// Leviathan (bf7).
pub fn leviathans(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    fish(grid, sink, 7, Technique::Leviathan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::ladder::Ladder;
    use crate::oracle::{Uniqueness, analyse};
    use crate::puzzle::{Puzzle, Solution};
    use crate::solver::{Outcome, Policy, Solver, is_sound};
    use crate::step::StepList;
    use crate::technique::test_grids::*;
    use Technique::*;

    /// The house's digit x position array, read from the grid: line `d` holds the
    /// positions of digit `d + 1`.
    fn digit_positions(grid: &Candidates, house: House) -> BitArray {
        std::array::from_fn(|d| grid.positions(house, Digit::from_index(d)))
    }

    const FINDERS: [Technique; 9] = [
        NakedPair,
        NakedTriple,
        NakedQuad,
        HiddenPair,
        HiddenTriple,
        HiddenQuad,
        XWing,
        Swordfish,
        Jellyfish,
    ];

    fn digit_set(values: &[u8]) -> DigitSet {
        values.iter().map(|&v| d(v)).collect()
    }

    /// Every step any related-sets finder reports in `grid`.
    fn all_steps(grid: &Candidates) -> StepList {
        let mut all = StepList::new();
        for t in FINDERS {
            all.append(&t.find_all(grid, None));
        }
        all
    }

    /// The same marks with lines and cross-lines swapped.
    fn transpose(array: &BitArray) -> BitArray {
        let mut transposed = [0u16; 9];
        for (line, &marks) in array.iter().enumerate() {
            for (cross, out) in transposed.iter_mut().enumerate() {
                *out |= (marks >> cross & 1) << line;
            }
        }
        transposed
    }

    fn sets(array: &BitArray, k: u32) -> Vec<(u16, u16)> {
        let mut out = Vec::new();
        let _ = closed_sets(array, k, &mut |lines, cross| {
            out.push((lines, cross));
            ControlFlow::Continue(())
        });
        out
    }

    /// The closed sets by their definition, with no pruning: every `k` lines of 2 to `k`
    /// marks whose marks fall in exactly `k` cross-lines, another line marking one of them;
    /// in lexicographic order of the lines.
    fn closed_sets_by_definition(array: &BitArray, k: u32) -> Vec<(u16, u16)> {
        let mut out: Vec<(u16, u16)> = (0u16..512)
            .filter(|lines| lines.count_ones() == k)
            .filter(|lines| {
                (0..9)
                    .filter(|l| lines >> l & 1 != 0)
                    .all(|l| (2..=k).contains(&array[l].count_ones()))
            })
            .filter_map(|lines| {
                let union = (0..9)
                    .filter(|l| lines >> l & 1 != 0)
                    .fold(0, |u, l| u | array[l]);
                let outside = (0..9)
                    .filter(|l| lines >> l & 1 == 0)
                    .any(|l| array[l] & union != 0);
                (union.count_ones() == k && outside).then_some((lines, union))
            })
            .collect();
        let indices = |m: u16| (0..9).filter(|l| m >> l & 1 != 0).collect::<Vec<_>>();
        out.sort_by_key(|&(lines, _)| indices(lines));
        out
    }

    #[test]
    fn transpose_swaps_lines_and_cross_lines() {
        let mut array = [0u16; 9];
        array[0] = 0b1_0000_0110; // line 0 marks cross-lines 1, 2, 8
        array[7] = 0b0_0000_0001; // line 7 marks cross-line 0
        let t = transpose(&array);
        assert_eq!(t[0], 1 << 7);
        assert_eq!(t[1], 1);
        assert_eq!(t[2], 1);
        assert_eq!(t[8], 1);
        assert_eq!(t.iter().map(|m| m.count_ones()).sum::<u32>(), 4);
        assert_eq!(transpose(&t), array);
        assert_eq!(transpose(&[0x1ff; 9]), [0x1ff; 9]);
    }

    #[test]
    fn closed_sets_come_in_lexicographic_order_and_need_exactly_k_cross_lines() {
        let mut array = [0u16; 9];
        array[0] = 0b0011; // {0,1}
        array[1] = 0b0011; // {0,1}
        array[2] = 0b0111; // {0,1,2}
        array[3] = 0b1100; // {2,3}
        array[4] = 0b1100; // {2,3}
        array[5] = 0x1ff; // everything
        // Pairs: lines 0,1 on {0,1} (line 2 and 5 lose marks) and lines 3,4 on {2,3}.
        assert_eq!(sets(&array, 2), vec![(0b11, 0b11), (0b11000, 0b1100)]);
        // Triples: only lines 0,1,2 on {0,1,2}; 0,1 with 3 or 4 spans {0,1,2,3}.
        assert_eq!(sets(&array, 3), vec![(0b111, 0b111)]);
        // Quads: any four of lines 0-4 span {0,1,2,3} (five lines on four cross-lines cannot
        // happen in a real grid, but the search does not care), and line 5 loses marks.
        let quads: Vec<(u16, u16)> = [0b0_1111, 0b1_0111, 0b1_1011, 0b1_1101, 0b1_1110]
            .into_iter()
            .map(|lines| (lines, 0b1111))
            .collect();
        assert_eq!(sets(&array, 4), quads);
        for k in 2..=7 {
            assert_eq!(sets(&array, k), closed_sets_by_definition(&array, k));
        }
    }

    #[test]
    fn singles_short_sets_and_sets_with_nothing_to_remove_are_not_reported() {
        // Line 0 is a single: lines 0 and 1 fall in cross-lines 0,1 but do not take part.
        let mut array = [0u16; 9];
        array[0] = 0b01;
        array[1] = 0b11;
        array[2] = 0x1ff;
        assert!(sets(&array, 2).is_empty());
        // Three lines on two cross-lines (a contradiction) are no triple.
        let mut array = [0u16; 9];
        array[..3].copy_from_slice(&[0b11; 3]);
        array[3] = 0x1ff;
        assert!(sets(&array, 3).is_empty());
        // Only two lines small enough for a triple.
        let mut array = [0x1ff; 9];
        array[0] = 0b111;
        array[1] = 0b111;
        assert!(sets(&array, 3).is_empty());
        // A closed pair whose cross-lines no other line marks: nothing to eliminate.
        let mut array = [0b1_1111_1100; 9];
        array[0] = 0b11;
        array[1] = 0b11;
        assert!(sets(&array, 2).is_empty());
        assert!(sets(&[0; 9], 2).is_empty());
    }

    /// The cells of `house` at `positions`, straight from the geometry table.
    fn cells_in(house: House, positions: &[usize]) -> CellSet {
        positions.iter().map(|&p| house.cells()[p]).collect()
    }

    /// An empty grid where the cells of `house` at `positions` hold only `values`.
    fn naked_grid(house: House, positions: &[usize], values: &[u8]) -> Candidates {
        let mut grid = Candidates::empty();
        for &p in positions {
            for v in (1..=9).filter(|v| !values.contains(v)) {
                grid.eliminate(house.cells()[p], d(v));
            }
        }
        grid
    }

    /// An empty grid where `values` are candidates in `house` only at `positions`.
    fn hidden_grid(house: House, positions: &[usize], values: &[u8]) -> Candidates {
        let mut grid = Candidates::empty();
        for (p, &cell) in house.cells().iter().enumerate() {
            if !positions.contains(&p) {
                for &v in values {
                    grid.eliminate(cell, d(v));
                }
            }
        }
        grid
    }

    /// An empty grid where `digit`, in the `base` houses, is a candidate only in `cover`.
    fn fish_grid(digit: Digit, base: &[House], cover: &[House]) -> Candidates {
        let mut grid = Candidates::empty();
        for house in base {
            for &cell in house.cells() {
                if !cover.iter().any(|c| c.cell_set().contains(cell)) {
                    grid.eliminate(cell, digit);
                }
            }
        }
        grid
    }

    /// Positions of a subset of size `k` in `house` that do not all lie in one other house.
    fn subset_positions(house: House, k: usize) -> &'static [usize] {
        match house.kind() {
            crate::geometry::HouseKind::Box => &[0, 4, 8, 5][..k],
            _ => &[1, 4, 7, 2][..k],
        }
    }

    const SUBSET_HOUSES: [House; 3] = [House::row(0), House::column(5), House::box_(4)];
    const VALUES: [u8; 4] = [3, 5, 7, 9];

    /// Checks that the related-sets finders report one step in `grid`, the `technique`
    /// subset on `values` at `positions` of `house`, removing `expected`: the `k * (9 - k)`
    /// candidates a subset of `k` cells and digits removes. Serves the naked and the hidden
    /// subsets, whose steps differ only in what they remove.
    fn assert_the_one_subset(
        grid: &Candidates,
        technique: Technique,
        (house, positions, values): (House, &[usize], &[u8]),
        expected: Eliminations,
    ) {
        let steps = all_steps(grid);
        assert_eq!(steps.len(), 1, "{technique} in {house}: {steps:?}");
        let step = steps[0];
        assert_eq!(step.technique, technique);
        assert_eq!(step.pattern.digits, digit_set(values));
        assert_eq!(step.pattern.cells, cells_in(house, positions));
        assert_eq!(step.pattern.base, HouseSet::single(house));
        assert_eq!(step.eliminations, expected, "{technique} in {house}");
        let k = values.len();
        assert_eq!(step.eliminations.len() as usize, k * (9 - k));
    }

    #[test]
    fn naked_subsets_of_each_size_in_a_row_a_column_and_a_box() {
        for (k, technique) in [(2, NakedPair), (3, NakedTriple), (4, NakedQuad)] {
            for house in SUBSET_HOUSES {
                let positions = subset_positions(house, k);
                let values = &VALUES[..k];
                // The values leave every other cell of the house, and nothing else goes.
                let mut expected = Eliminations::NONE;
                for (p, &cell) in house.cells().iter().enumerate() {
                    if !positions.contains(&p) {
                        for &v in values {
                            expected.insert(cell, d(v));
                        }
                    }
                }
                let grid = naked_grid(house, positions, values);
                assert_the_one_subset(&grid, technique, (house, positions, values), expected);
            }
        }
    }

    #[test]
    fn hidden_subsets_of_each_size_in_a_row_a_column_and_a_box() {
        for (k, technique) in [(2, HiddenPair), (3, HiddenTriple), (4, HiddenQuad)] {
            for house in SUBSET_HOUSES {
                let positions = subset_positions(house, k);
                let values = &VALUES[..k];
                // Every other digit leaves the subset's cells.
                let mut expected = Eliminations::NONE;
                for &p in positions {
                    for v in (1..=9).filter(|v| !values.contains(v)) {
                        expected.insert(house.cells()[p], d(v));
                    }
                }
                let grid = hidden_grid(house, positions, values);
                assert_the_one_subset(&grid, technique, (house, positions, values), expected);
            }
        }
    }

    /// A Squirmbag, Whale or Leviathan (5 to 7 base lines) is the complement of a smaller
    /// fish: the digit's other cross lines, which the base lines leave it, hold it only in
    /// the other lines, a fish of 9 - k lines in the other orientation removing the same
    /// candidates. That is why HoDoKu leaves them off: with the small fish before them they
    /// never fire. Each is still found, in both orientations.
    #[test]
    fn squirmbags_whales_and_leviathans_are_found_and_are_small_fish_read_across() {
        let lines_a = [1, 6, 3, 8, 0, 5, 2];
        let lines_b = [2, 7, 0, 4, 8, 1, 6];
        let digit = d(4);
        for (k, technique, small) in [
            (5, Squirmbag, Jellyfish),
            (6, Whale, Swordfish),
            (7, Leviathan, XWing),
        ] {
            let orientations: [(LineKind, LineKind); 2] =
                [(House::row, House::column), (House::column, House::row)];
            for (line, cross) in orientations {
                let base: Vec<House> = lines_a[..k].iter().map(|&i| line(i)).collect();
                let cover: Vec<House> = lines_b[..k].iter().map(|&i| cross(i)).collect();
                let grid = fish_grid(digit, &base, &cover);
                let steps = technique.find_all(&grid, None);
                assert_eq!(steps.len(), 1, "{technique} {base:?}: {steps:?}");
                let step = steps[0];
                assert_eq!(step.pattern.base, base.iter().copied().collect());
                assert_eq!(step.pattern.cover, cover.iter().copied().collect());
                assert_eq!(step.eliminations.len() as usize, k * (9 - k));
                assert!(
                    steps.texts()[0].starts_with(&format!("{}: 4 ", technique.label())),
                    "{:?}",
                    steps.texts()
                );
                // The small fish: the other cross lines over the other lines.
                let others = |used: &[usize], kind: LineKind| -> HouseSet {
                    (0..9).filter(|i| !used.contains(i)).map(kind).collect()
                };
                let across = small.find_all(&grid, None);
                assert_eq!(across.len(), 1, "{small}: {across:?}");
                assert_eq!(across[0].pattern.base, others(&lines_b[..k], cross));
                assert_eq!(across[0].pattern.cover, others(&lines_a[..k], line));
                assert_eq!(across[0].eliminations, step.eliminations);
                // With nothing left to remove, no fish.
                let mut bare = grid.clone();
                step.apply_to(&mut bare);
                assert!(technique.find_all(&bare, None).is_empty());
            }
        }
    }

    #[test]
    fn fish_of_each_size_row_based_and_column_based() {
        let lines_a = [1, 6, 3, 8];
        let lines_b = [2, 7, 0, 4];
        let digit = d(4);
        for (k, technique) in [(2, XWing), (3, Swordfish), (4, Jellyfish)] {
            let rows_over_columns = (
                lines_a[..k]
                    .iter()
                    .map(|&r| House::row(r))
                    .collect::<Vec<_>>(),
                lines_b[..k]
                    .iter()
                    .map(|&c| House::column(c))
                    .collect::<Vec<_>>(),
            );
            let columns_over_rows = (
                lines_a[..k].iter().map(|&c| House::column(c)).collect(),
                lines_b[..k].iter().map(|&r| House::row(r)).collect(),
            );
            for (base, cover) in [rows_over_columns, columns_over_rows] {
                let grid = fish_grid(digit, &base, &cover);
                let steps = all_steps(&grid);
                assert_eq!(steps.len(), 1, "{technique} {base:?}: {steps:?}");
                let step = steps[0];
                assert_eq!(step.technique, technique);
                assert_eq!(step.pattern.digits, DigitSet::single(digit));
                assert_eq!(step.pattern.base, base.iter().copied().collect());
                assert_eq!(step.pattern.cover, cover.iter().copied().collect());
                let in_any = |houses: &[House], cell: Cell| {
                    houses.iter().any(|h| h.cell_set().contains(cell))
                };
                let corners: CellSet = Cell::all()
                    .filter(|&c| in_any(&base, c) && in_any(&cover, c))
                    .collect();
                assert_eq!(step.pattern.cells, corners);
                assert_eq!(corners.len() as usize, k * k);
                // The digit leaves the cover lines outside the base lines.
                let mut expected = Eliminations::NONE;
                for cell in Cell::all().filter(|&c| in_any(&cover, c) && !in_any(&base, c)) {
                    expected.insert(cell, digit);
                }
                assert_eq!(step.eliminations, expected);
                assert_eq!(step.eliminations.len() as usize, k * (9 - k));
            }
        }
    }

    #[test]
    fn renders_each_kind_in_forum_notation() {
        // r1c2 and r1c5 hold only 1,2; 1 is gone from the rest of r1, 2 is left in r1c7.
        let mut grid = naked_grid(House::row(0), &[1, 4], &[1, 2]);
        for c in [0, 2, 3, 5, 6, 7, 8] {
            grid.eliminate(Cell::at(0, c), d(1));
            if c != 6 {
                grid.eliminate(Cell::at(0, c), d(2));
            }
        }
        let steps = all_steps(&grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(
            steps.display(0).to_string(),
            "Naked Pair: 1,2 in r1c2,r1c5 => r1c7<>2"
        );

        // 1 and 9 only in r3c4 and r3c6 of r3; r3c4 also holds 5, r3c6 nothing else.
        let mut grid = hidden_grid(House::row(2), &[3, 5], &[1, 9]);
        for v in [2, 3, 4, 6, 7, 8] {
            grid.eliminate(Cell::at(2, 3), d(v));
        }
        for v in 2..=8 {
            grid.eliminate(Cell::at(2, 5), d(v));
        }
        let steps = all_steps(&grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(
            steps.display(0).to_string(),
            "Hidden Pair: 1,9 in r3c4,r3c6 => r3c4<>5"
        );

        // 4 in r2 and r7 only in c3 and c8; in c3 and c8 only there and in r5c3.
        let mut grid = fish_grid(
            d(4),
            &[House::row(1), House::row(6)],
            &[House::column(2), House::column(7)],
        );
        for r in [0, 2, 3, 4, 5, 7, 8] {
            grid.eliminate(Cell::at(r, 7), d(4));
            if r != 4 {
                grid.eliminate(Cell::at(r, 2), d(4));
            }
        }
        let steps = all_steps(&grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(
            steps.display(0).to_string(),
            "X-Wing: 4 r2,r7 c3,c8 => r5c3<>4"
        );

        // The same turned: 6 in c2 and c9 only in r3 and r6; in r3 and r6 only there and r6c5.
        let mut grid = fish_grid(
            d(6),
            &[House::column(1), House::column(8)],
            &[House::row(2), House::row(5)],
        );
        for c in [0, 2, 3, 4, 5, 6, 7] {
            grid.eliminate(Cell::at(2, c), d(6));
            if c != 4 {
                grid.eliminate(Cell::at(5, c), d(6));
            }
        }
        let steps = all_steps(&grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(
            steps.display(0).to_string(),
            "X-Wing: 6 c2,c9 r3,r6 => r6c5<>6"
        );
    }

    #[test]
    fn nothing_found_in_an_empty_grid_or_where_a_pattern_has_nothing_to_remove() {
        assert!(all_steps(&Candidates::empty()).is_empty());

        // A naked pair (and hidden pair) 1,2 in r1c2,r1c5 with 1,2 already gone from r1.
        let mut grid = naked_grid(House::row(0), &[1, 4], &[1, 2]);
        for c in [0, 2, 3, 5, 6, 7, 8] {
            grid.eliminate(Cell::at(0, c), d(1));
            grid.eliminate(Cell::at(0, c), d(2));
        }
        assert!(all_steps(&grid).is_empty());

        // An X-Wing on 4 in r2,r7 x c3,c8 whose columns hold 4 nowhere else.
        let mut grid = fish_grid(
            d(4),
            &[House::row(1), House::row(6)],
            &[House::column(2), House::column(7)],
        );
        for r in [0, 2, 3, 4, 5, 7, 8] {
            grid.eliminate(Cell::at(r, 2), d(4));
            grid.eliminate(Cell::at(r, 7), d(4));
        }
        assert!(all_steps(&grid).is_empty());
    }

    #[test]
    fn no_subset_or_fish_of_any_size_or_orientation_when_nothing_is_left_to_remove() {
        for k in 2..=4 {
            let values = &VALUES[..k];
            // A subset whose digits are gone from the rest of its house: it is naked and
            // hidden at once, and neither removes anything.
            for house in SUBSET_HOUSES {
                let positions = subset_positions(house, k);
                let mut grid = naked_grid(house, positions, values);
                for (p, &cell) in house.cells().iter().enumerate() {
                    if !positions.contains(&p) {
                        for &v in values {
                            grid.eliminate(cell, d(v));
                        }
                    }
                }
                let steps = all_steps(&grid);
                assert!(steps.is_empty(), "k = {k} in {house}: {steps:?}");
            }
            // A fish whose cover lines hold the digit nowhere outside its base lines.
            let (a, b): (Vec<usize>, Vec<usize>) =
                ([1, 6, 3, 8][..k].to_vec(), [2, 7, 0, 4][..k].to_vec());
            let rows = |lines: &[usize]| lines.iter().map(|&i| House::row(i)).collect::<Vec<_>>();
            let cols =
                |lines: &[usize]| lines.iter().map(|&i| House::column(i)).collect::<Vec<_>>();
            for (base, cover) in [(rows(&a), cols(&b)), (cols(&a), rows(&b))] {
                let mut grid = fish_grid(d(4), &base, &cover);
                for house in &cover {
                    for &cell in house.cells() {
                        if !base.iter().any(|b| b.cell_set().contains(cell)) {
                            grid.eliminate(cell, d(4));
                        }
                    }
                }
                let steps = all_steps(&grid);
                assert!(steps.is_empty(), "k = {k}, base {base:?}: {steps:?}");
            }
        }
    }

    #[test]
    fn singles_do_not_make_subsets() {
        // r1c1 holds only 1 (a naked single), r1c2 holds 1,2: not a naked pair.
        let mut grid = naked_grid(House::row(0), &[1], &[1, 2]);
        for v in 2..=9 {
            grid.eliminate(Cell::at(0, 0), d(v));
        }
        assert!(all_steps(&grid).is_empty());
        // In r1, 1 only in r1c1,r1c2 and 2 only in r1c1 (a hidden single): not a hidden pair.
        let mut grid = hidden_grid(House::row(0), &[0, 1], &[1]);
        for c in 1..9 {
            grid.eliminate(Cell::at(0, c), d(2));
        }
        assert!(all_steps(&grid).is_empty());
        // 4 only in r2c3 (a single) and in r7 only in c3,c8: no X-Wing.
        let grid = fish_grid(
            d(4),
            &[House::row(1), House::row(6)],
            &[House::column(2), House::column(7)],
        );
        let mut grid = grid;
        grid.eliminate(Cell::at(1, 7), d(4));
        assert!(all_steps(&grid).is_empty());
    }

    fn data_lines(name: &str) -> Vec<String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(name);
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
            .lines()
            .map(str::to_string)
            .collect()
    }

    fn unique_solution(puzzle: &Puzzle) -> Solution {
        match analyse(puzzle) {
            Uniqueness::Unique(solution) => solution,
            other => panic!("not a unique puzzle: {other:?}"),
        }
    }

    /// Replays `steps` from the puzzle's grid and hands `check` every grid along the way,
    /// the final one included.
    fn for_each_grid(puzzle: &Puzzle, steps: &[Step], mut check: impl FnMut(&Candidates)) {
        let mut grid = Candidates::from_puzzle(puzzle);
        for step in steps {
            check(&grid);
            step.apply_to(&mut grid);
        }
        check(&grid);
    }

    #[test]
    fn blog_fish_puzzles_need_their_fish_and_every_step_is_sound() {
        let ladder = Ladder::parse("fh,n1,h1,lc1,lc2,n2,n3,h2,h3,bf2,bf3,bf4").unwrap();
        let solver = Solver::new(ladder, Policy::Single).verifying(true);
        let mut fish_puzzles = 0;
        for line in data_lines("blog.tsv").iter().skip(1) {
            let fields: Vec<&str> = line.split('\t').collect();
            let (label, text) = (fields[1], fields[2]);
            let wanted = match label {
                "swordfish" => Swordfish,
                "jellyfish" => Jellyfish,
                _ => continue,
            };
            fish_puzzles += 1;
            let puzzle = Puzzle::parse_line(text).unwrap();
            let solution = unique_solution(&puzzle);
            let report = solver.solve(&puzzle, Some(&solution));
            // Verifying, the solver stops at the first unsound step; it solves the puzzle
            // with the fish it is named for.
            assert_eq!(report.summary.outcome, Outcome::Solved, "{}", fields[0]);
            assert!(
                report.summary.counts[wanted] > 0,
                "{}: no {wanted} in {:?}",
                fields[0],
                report.summary
            );
            // Every step any related-sets finder reports along the solve is right.
            for_each_grid(&puzzle, &report.steps, |grid| {
                for step in &all_steps(grid) {
                    assert!(is_sound(step, &solution), "{}: {step:?}\n{grid}", fields[0]);
                }
            });
        }
        assert_eq!(fish_puzzles, 6);
    }

    /// A house's position x digit array: line `p` holds the candidates of the cell at `p`.
    fn cell_digits(grid: &Candidates, house: House) -> BitArray {
        std::array::from_fn(|p| grid.candidates(house.cells()[p]).bits())
    }

    /// Every array the finders search in `grid`, checking that each pair of orientations
    /// read from the grid's views are transposes of each other.
    fn arrays(grid: &Candidates) -> Vec<BitArray> {
        let mut out = Vec::new();
        for house in House::all() {
            let (by_digit, by_cell) = (digit_positions(grid, house), cell_digits(grid, house));
            assert_eq!(by_cell, transpose(&by_digit), "{house}");
            out.extend([by_digit, by_cell]);
        }
        for digit in Digit::all() {
            let by_row = digit_lines(grid, digit, House::row);
            let by_column = digit_lines(grid, digit, House::column);
            assert_eq!(by_column, transpose(&by_row), "{digit}");
            out.extend([by_row, by_column]);
        }
        out
    }

    #[test]
    fn on_a_real_corpus_every_step_is_sound_and_the_search_meets_its_definition() {
        // The whole corpus in release; a sample in debug. The pruned search is compared with
        // the definition on every tenth grid (every hundredth in debug).
        let (puzzle_stride, grid_stride) = if cfg!(debug_assertions) {
            (50, 100)
        } else {
            (1, 10)
        };
        let solver = Solver::new(Ladder::default().with(BruteForce), Policy::Single);
        let mut found = [0u32; 9];
        let mut grids = 0u32;
        let mut large_sets = 0usize;
        let lines = data_lines("sudoku_exchange_4k.txt");
        for line in lines.iter().step_by(puzzle_stride) {
            let puzzle = Puzzle::parse_line(line).unwrap();
            let solution = unique_solution(&puzzle);
            let report = solver.solve(&puzzle, Some(&solution));
            assert_eq!(report.summary.outcome, Outcome::Solved, "{line}");
            for_each_grid(&puzzle, &report.steps, |grid| {
                for (technique, count) in FINDERS.iter().zip(&mut found) {
                    for step in &technique.find_all(grid, None) {
                        assert!(is_sound(step, &solution), "{line}: {step:?}\n{grid}");
                        *count += 1;
                    }
                }
                if grids.is_multiple_of(grid_stride) {
                    for array in arrays(grid) {
                        // Subsets go up to 4; fish, up to a Leviathan's 7.
                        for k in 2..=7 {
                            let found = sets(&array, k);
                            assert_eq!(
                                found,
                                closed_sets_by_definition(&array, k),
                                "{array:?}, k = {k}"
                            );
                            if k >= 5 {
                                large_sets += found.len();
                            }
                        }
                    }
                }
                grids += 1;
            });
        }
        assert!(
            large_sets > 0,
            "no closed set of 5 to 7 lines in {grids} grids"
        );
        // Even the debug sample meets every kind of pattern, so the sweep checks all nine.
        for (technique, count) in FINDERS.iter().zip(found) {
            assert!(count > 0, "no {technique} in {grids} grids");
        }
    }
}
