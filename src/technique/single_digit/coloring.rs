//! Coloring: for one digit, conjugate pairs (houses where it has exactly two places) link
//! cells into clusters; colouring each cluster with two alternating colors, one color
//! holds the digit everywhere and the other nowhere.
//!
//! - Simple Colors, within one cluster: *wrap*, two cells of one color see each other, so
//!   that color is false and loses the digit everywhere; *trap*, a cell seeing both
//!   colors loses it. `Simple Colors Trap: 6 (r1c1,r7c3) / (r3c3,r7c8) => r1c8<>6`.
//! - Multi Colors, across two clusters: when a color of the first sees both colors of the
//!   second, it is false (HoDoKu's type 2); when a color of one sees a color of the other,
//!   one of their opposites is true, and a cell seeing both opposites loses the digit
//!   (type 1). `Multi Colors 2: 6 (r2c2,r6c3) / (r5c2), (r2c9) / (r6c9) => r2c2,r6c3<>6`.
//!
//! As in HoDoKu 2.2: clusters are numbered from their lowest cell, which gets the first
//! color; each cluster gives a wrap step and then a trap step, each ordered pair of
//! clusters a type 2 step, and each unordered pair a type 1 step (HoDoKu reports it for
//! both orders, with the same eliminations).

use crate::bitset::{CellSet, DigitSet, HouseSet, has_two_bits};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};
use crate::hodoku::catalogue::{Subtype, Technique};
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use crate::technique::templates;
use std::ops::ControlFlow;

/// At most 40 clusters of two or more cells fit in 81 cells.
const MAX_CLUSTERS: usize = 40;

/// The two colors of one cluster, and the cells that see each.
#[derive(Clone, Copy, Default)]
struct Cluster {
    colors: [CellSet; 2],
    seen: [CellSet; 2],
}

/// The clusters of one digit.
struct Clusters {
    list: [Cluster; MAX_CLUSTERS],
    len: usize,
}

impl Clusters {
    fn of(grid: &Candidates, digit: Digit) -> Clusters {
        let with_digit = grid.cells_with(digit);
        // The houses where the digit has exactly two places, and the cells they link.
        let mut conjugate = HouseSet::EMPTY;
        let mut linked = CellSet::EMPTY;
        for house in House::all() {
            if has_two_bits(grid.positions(house, digit)) {
                conjugate.insert(house);
                linked |= with_digit & house.cell_set();
            }
        }
        // The conjugate partners of a cell.
        let partners = |cell: Cell| {
            let houses = cell.houses().into_iter().filter(|&h| conjugate.contains(h));
            let cells = houses.fold(CellSet::EMPTY, |acc, house| acc | house.cell_set());
            (cells & with_digit) - CellSet::single(cell)
        };
        let mut clusters = Clusters {
            list: [Cluster::default(); MAX_CLUSTERS],
            len: 0,
        };
        while let Some(start) = linked.first() {
            let mut cluster = Cluster::default();
            // Cells to colour, with their colour (two bytes each: the stack is set up
            // for every cluster).
            let mut stack = [(start, 0u8); 81];
            let mut depth = 1;
            linked.remove(start);
            while depth > 0 {
                depth -= 1;
                let (cell, color) = stack[depth];
                cluster.colors[usize::from(color)].insert(cell);
                for next in (partners(cell) & linked).iter() {
                    linked.remove(next);
                    stack[depth] = (next, 1 - color);
                    depth += 1;
                }
            }
            for color in 0..2 {
                cluster.seen[color] = cluster.colors[color]
                    .iter()
                    .fold(CellSet::EMPTY, |acc, c| acc | c.peers());
            }
            if clusters.len < MAX_CLUSTERS {
                clusters.list[clusters.len] = cluster;
                clusters.len += 1;
            }
        }
        clusters
    }

    fn iter(&self) -> impl Iterator<Item = &Cluster> {
        self.list[..self.len].iter()
    }
}

fn step(subtype: Subtype, digit: Digit, colors: [CellSet; 4], targets: CellSet) -> Step {
    let technique = match subtype {
        Subtype::SimpleColorsTrap | Subtype::SimpleColorsWrap => Technique::SimpleColors,
        _ => Technique::MultiColors,
    };
    let mut eliminations = Eliminations::NONE;
    eliminations.insert_cells(targets, digit);
    let pattern = Pattern {
        digits: DigitSet::single(digit),
        cells: colors.iter().fold(CellSet::EMPTY, |acc, &c| acc | c),
        groups: colors,
        ..Pattern::default()
    };
    Step::eliminating(technique, pattern, eliminations).with_subtype(subtype)
}

pub fn simple_colors(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    templates::search_single_digit(grid, sink, |sink, digit| {
        simple_colors_of(grid, sink, digit)
    })
}

/// [`simple_colors`] of one digit: they depend on its candidates alone.
fn simple_colors_of(grid: &Candidates, sink: &mut StepSink<'_>, digit: Digit) -> ControlFlow<()> {
    let with_digit = grid.cells_with(digit);
    for cluster in Clusters::of(grid, digit).iter() {
        let [a, b] = cluster.colors;
        let colors = [a, b, CellSet::EMPTY, CellSet::EMPTY];
        // Wrap: a color with two cells that see each other.
        let wrap = [0, 1]
            .into_iter()
            .filter(|&k| cluster.colors[k].intersects(cluster.seen[k]))
            .fold(CellSet::EMPTY, |acc, k| acc | cluster.colors[k]);
        if !wrap.is_empty() {
            sink.push(step(Subtype::SimpleColorsWrap, digit, colors, wrap))?;
        }
        // Trap: cells that see both colors.
        let trap = with_digit & cluster.seen[0] & cluster.seen[1];
        if !trap.is_empty() {
            sink.push(step(Subtype::SimpleColorsTrap, digit, colors, trap))?;
        }
    }
    ControlFlow::Continue(())
}

pub fn multi_colors(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    templates::search_single_digit(grid, sink, |sink, digit| multi_colors_of(grid, sink, digit))
}

/// [`multi_colors`] of one digit: they depend on its candidates alone.
fn multi_colors_of(grid: &Candidates, sink: &mut StepSink<'_>, digit: Digit) -> ControlFlow<()> {
    let with_digit = grid.cells_with(digit);
    let clusters = Clusters::of(grid, digit);
    for (i, first) in clusters.iter().enumerate() {
        for (j, second) in clusters.iter().enumerate() {
            if i == j {
                continue;
            }
            let colors = [
                first.colors[0],
                first.colors[1],
                second.colors[0],
                second.colors[1],
            ];
            // Type 2: a color of the first sees both colors of the second.
            let false_color = [0, 1]
                .into_iter()
                .filter(|&k| {
                    first.seen[k].intersects(second.colors[0])
                        && first.seen[k].intersects(second.colors[1])
                })
                .fold(CellSet::EMPTY, |acc, k| acc | first.colors[k]);
            if !false_color.is_empty() {
                sink.push(step(Subtype::MultiColors2, digit, colors, false_color))?;
            }
            if i > j {
                continue;
            }
            // Type 1: colors k and l see each other, so one of their opposites holds.
            let mut targets = CellSet::EMPTY;
            for k in 0..2 {
                for l in 0..2 {
                    if first.seen[k].intersects(second.colors[l]) {
                        targets |= with_digit & first.seen[1 - k] & second.seen[1 - l];
                    }
                }
            }
            if !targets.is_empty() {
                sink.push(step(Subtype::MultiColors1, digit, colors, targets))?;
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    /// Digit 6 linked r1c1 = r3c3 (box 1) = r7c3 (column 3) = r7c8 (row 7).
    fn trap() -> Candidates {
        let mut cells = box_except(1, &[rc(1, 1), rc(3, 3)]);
        cells.extend(col_except(3, &[3, 7]));
        cells.extend(row_except(7, &[3, 8]));
        without(d(6), &cells)
    }

    #[test]
    fn simple_colors_trap() {
        // r1c1 or r3c3; r3c3 or r7c3 but not both; the same for r7c3, r7c8: so r1c1 and
        // r7c3 share a color, r3c3 and r7c8 the other. r1c8 sees r1c1 and r7c8.
        assert_eq!(
            texts(Technique::SimpleColors, &trap()),
            ["Simple Colors Trap: 6 (r1c1,r7c3) / (r3c3,r7c8) => r1c8<>6"]
        );
        assert!(texts(Technique::MultiColors, &trap()).is_empty());
    }

    #[test]
    fn simple_colors_wrap_then_trap() {
        // r2c1 = r2c5 (row 2) = r8c5 (column 5) = r8c2 (row 8) = r3c2 (column 2): r2c1
        // and r3c2 share a color and a box, so that color is false.
        let mut cells = row_except(2, &[1, 5]);
        cells.extend(col_except(5, &[2, 8]));
        cells.extend(row_except(8, &[2, 5]));
        cells.extend(col_except(2, &[3, 8]));
        let grid = without(d(6), &cells);
        // Then r3c4,r3c6 see r3c2 and r2c5 (box 2), r7c1,r9c1 see r2c1 and r8c2 (box 7),
        // and r2c1, r3c2 see one another and a cell of the other color.
        assert_eq!(
            texts(Technique::SimpleColors, &grid),
            [
                "Simple Colors Wrap: 6 (r2c1,r3c2,r8c5) / (r2c5,r8c2) => r2c1,r3c2,r8c5<>6",
                "Simple Colors Trap: 6 (r2c1,r3c2,r8c5) / (r2c5,r8c2) => r2c1,r3c2,r3c4,r3c6,r7c1,r9c1<>6",
            ]
        );
    }

    #[test]
    fn simple_colors_in_columns_and_nothing_to_remove() {
        // The trap grid transposed: r1c1 = r3c3 = r3c7 = r8c7, r8c1 sees r1c1 and r8c7.
        let mut cells = box_except(1, &[rc(1, 1), rc(3, 3)]);
        cells.extend(row_except(3, &[3, 7]));
        cells.extend(col_except(7, &[3, 8]));
        assert_eq!(
            texts(Technique::SimpleColors, &without(d(6), &cells)),
            ["Simple Colors Trap: 6 (r1c1,r3c7) / (r3c3,r8c7) => r8c1<>6"]
        );
        let mut grid = trap();
        remove(&mut grid, d(6), &[rc(1, 8)]);
        assert!(texts(Technique::SimpleColors, &grid).is_empty());
        assert!(texts(Technique::SimpleColors, &Candidates::empty()).is_empty());
    }

    /// Two clusters of 6: r2c2 = r5c2 (column 2) = r6c3 (box 4), and r2c9 = r6c9
    /// (column 9).
    fn two_clusters() -> Candidates {
        let mut cells = col_except(2, &[2, 5]);
        cells.extend(box_except(4, &[rc(5, 2), rc(6, 3)]));
        cells.extend(col_except(9, &[2, 6]));
        without(d(6), &cells)
    }

    #[test]
    fn multi_colors_both_types() {
        let grid = two_clusters();
        assert!(texts(Technique::SimpleColors, &grid).is_empty());
        let clusters = "6 (r2c2,r6c3) / (r5c2), (r2c9) / (r6c9)";
        assert_eq!(
            texts(Technique::MultiColors, &grid),
            [
                // Type 2: r2c2 sees r2c9 and r6c3 sees r6c9, one of which is 6.
                format!("Multi Colors 2: {clusters} => r2c2,r6c3<>6"),
                // Type 1: r2c2 and r2c9 see each other, so r5c2 or r6c9 is 6 (r6c3,
                // r5c7, r5c8 see both); r6c3 and r6c9 too, so r5c2 or r2c9 (r2c2 sees
                // both).
                format!("Multi Colors 1: {clusters} => r2c2,r5c7,r5c8,r6c3<>6"),
            ]
        );
    }

    #[test]
    fn no_multi_colors_for_clusters_apart() {
        // r1c1 = r3c3 (box 1) and r7c7 = r9c9 (box 9) see nothing of each other.
        let mut cells = box_except(1, &[rc(1, 1), rc(3, 3)]);
        cells.extend(box_except(9, &[rc(7, 7), rc(9, 9)]));
        assert!(texts(Technique::MultiColors, &without(d(2), &cells)).is_empty());
    }
}
