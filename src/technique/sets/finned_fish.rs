//! Finned and Sashimi fish (X-Wing, Swordfish, Jellyfish, and HoDoKu's Squirmbag, Whale and
//! Leviathan of 5, 6 and 7 lines, off in its default configuration): n rows (or columns) whose
//! candidates of a digit lie in n columns (rows), except for a few *fins* in one box.
//! Either a fin holds the digit, or the fish does and the cover lines lose it outside the
//! base; so the cover candidates outside the base that see every fin are removed.
//!
//! `Finned X-Wing: 4 r2,r7 c3,c8 fins r7c9 => r8c8,r9c8<>4`: rows 2 and 7 hold 4 only in
//! c3, c8 and the fin r7c9; r8c8 and r9c8 see the fin and are in the cover.
//!
//! HoDoKu 2.2's split: the fish is *sashimi* when some base line holds at most one
//! candidate besides the fins (it would not be a fish without them), *finned* otherwise.
//! Cover lines must each hold a base candidate, as in HoDoKu; any number of fins is
//! allowed (HoDoKu's default caps them at five, which a one-box fin set reaches only in
//! a jellyfish with six fins or more).
//!
//! What a fish removes, no template of its digit covers ([`templates::unfit_candidates`]):
//! a digit without such candidates is not searched. An exact prune (the fish found first
//! is the same), and a large one: where the ladder reaches these rungs, most digits have
//! nothing to give.

use crate::bitset::{CellSet, DigitSet, HouseSet, nine_bit_count};
use crate::candidates::Candidates;
use crate::geometry::{Digit, House, HouseKind};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use crate::technique::templates;
use std::ops::ControlFlow;

pub fn finned_x_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 2, Shape::Finned)
}
pub fn sashimi_x_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 2, Shape::Sashimi)
}
pub fn finned_swordfish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 3, Shape::Finned)
}
pub fn sashimi_swordfish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 3, Shape::Sashimi)
}
pub fn finned_jellyfish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 4, Shape::Finned)
}
pub fn sashimi_jellyfish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 4, Shape::Sashimi)
}
pub fn finned_squirmbags(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 5, Shape::Finned)
}
pub fn sashimi_squirmbags(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 5, Shape::Sashimi)
}
pub fn finned_whales(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 6, Shape::Finned)
}
pub fn sashimi_whales(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 6, Shape::Sashimi)
}
pub fn finned_leviathans(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 7, Shape::Finned)
}
pub fn sashimi_leviathans(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 7, Shape::Sashimi)
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Shape {
    Finned,
    Sashimi,
}

fn technique(size: usize, shape: Shape) -> Technique {
    use Technique::*;
    match (size, shape) {
        (2, Shape::Finned) => FinnedXWing,
        (2, Shape::Sashimi) => SashimiXWing,
        (3, Shape::Finned) => FinnedSwordfish,
        (3, Shape::Sashimi) => SashimiSwordfish,
        (4, Shape::Finned) => FinnedJellyfish,
        (4, Shape::Sashimi) => SashimiJellyfish,
        (5, Shape::Finned) => FinnedSquirmbag,
        (5, Shape::Sashimi) => SashimiSquirmbag,
        (6, Shape::Finned) => FinnedWhale,
        (6, Shape::Sashimi) => SashimiWhale,
        (7, Shape::Finned) => FinnedLeviathan,
        (7, Shape::Sashimi) => SashimiLeviathan,
        _ => unreachable!("finned fish have 2 to 7 base lines, not {size}"),
    }
}

/// Every fish of `size` base lines and `shape`, digit by digit (HoDoKu's
/// `FishSolver.getAnyFish`), row-based first, then column-based, base lines in
/// lexicographic order.
///
/// Only fish whose fins share a box can remove anything: the fins then lie in one stack
/// of cross lines (one band for column-based fish), so the cover takes every base cross
/// line outside that stack and the rest from the stack's three, and the fins' base lines
/// lie in one band. What they remove is the digit in that box, in the cover, off the base.
fn search(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    size: usize,
    shape: Shape,
) -> ControlFlow<()> {
    let technique = technique(size, shape);
    let sibling = match shape {
        Shape::Finned => self::technique(size, Shape::Sashimi),
        Shape::Sashimi => self::technique(size, Shape::Finned),
    };
    for digit in Digit::all() {
        for (k, kind) in [HouseKind::Row, HouseKind::Column].into_iter().enumerate() {
            // Targets lie off the base lines, in lines still missing the digit.
            if grid.rows_missing(digit) as usize <= size {
                continue;
            }
            // One digit's fish in one orientation depend on its candidates alone.
            let (part, snapshot) = (k * 9 + digit.index(), grid.digit_snapshot(digit));
            sink.search_part(part, snapshot, |sink| {
                // What a fish removes, no template of the digit covers: a digit without
                // such candidates has no fish of either shape.
                if templates::unfit_candidates(grid, digit).is_empty() {
                    sink.record_nothing_for(sibling, part, snapshot);
                    return ControlFlow::Continue(());
                }
                let search = Search {
                    grid,
                    technique,
                    shape,
                    size,
                    kind,
                    digit,
                    masks: std::array::from_fn(|i| grid.positions(line(kind, i), digit)),
                    other_shape_seen: std::cell::Cell::new(false),
                };
                search.bases(0, 0, 0, 0, sink)?;
                // The other shape's rung tries the same bases and covers: it would find
                // nothing here either.
                if !search.other_shape_seen.get() {
                    sink.record_nothing_for(sibling, part, snapshot);
                }
                ControlFlow::Continue(())
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// How many lines a set of lines holds.
#[inline]
fn lines_in(set: u16) -> usize {
    nine_bit_count(set) as usize
}

/// The three cross lines of stack (or band) `stack`, as bits of a line set.
#[inline]
fn stack_lines(stack: usize) -> u16 {
    0b111 << (3 * stack)
}

/// Line `i` of `kind` (rows or columns).
fn line(kind: HouseKind, i: usize) -> House {
    match kind {
        HouseKind::Row => House::row(i),
        _ => House::column(i),
    }
}

/// The lines of `kind` in the bit set `set`, as houses and as cells.
fn houses(kind: HouseKind, set: u16) -> (HouseSet, CellSet) {
    (0..9)
        .filter(|i| set >> i & 1 == 1)
        .map(|i| line(kind, i))
        .fold((HouseSet::EMPTY, CellSet::EMPTY), |(h, c), l| {
            (h | HouseSet::single(l), c | l.cell_set())
        })
}

struct Search<'g> {
    grid: &'g Candidates,
    technique: Technique,
    shape: Shape,
    size: usize,
    kind: HouseKind,
    digit: Digit,
    /// Per base line, the cross positions of the digit.
    masks: [u16; 9],
    /// Whether a fish of the other shape that removes something has turned up.
    other_shape_seen: std::cell::Cell<bool>,
}

impl Search<'_> {
    /// Extends a base of `count` lines (bit set `base`, cross positions `union`) with
    /// lines from `from` on. Fins in one box lie in one stack of cross lines, and the cover
    /// needs at least one of that stack's lines, so a base is only worth extending while
    /// its positions outside some stack span fewer than `size` cross lines: adding lines
    /// never shrinks that span.
    fn bases(
        &self,
        from: usize,
        count: usize,
        base: u16,
        union: u16,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        if count == self.size {
            return self.covers(base, union, sink);
        }
        for i in from..9 {
            if self.masks[i] == 0 {
                continue;
            }
            let union = union | self.masks[i];
            let fits_beside_a_stack =
                (0..3).any(|stack| lines_in(union & !stack_lines(stack)) < self.size);
            if fits_beside_a_stack {
                self.bases(i + 1, count + 1, base | 1 << i, union, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Every cover of `size` cross lines for a complete base: for each stack, the base's
    /// cross lines outside it plus a part of those inside it, leaving the rest as fins.
    fn covers(&self, base: u16, union: u16, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        for stack in 0..3 {
            let required = union & !stack_lines(stack);
            let optional = union & stack_lines(stack);
            // How many of the stack's lines the cover takes: at least one (a cover that
            // misses the fins' box removes nothing), and not all (no fins: a basic fish).
            let Some(wanted) = self.size.checked_sub(lines_in(required)) else {
                continue;
            };
            if wanted == 0 || wanted >= lines_in(optional) {
                continue;
            }
            for taken in 1u16..=0b111 {
                let taken = taken << (3 * stack);
                if taken & !optional == 0
                    && lines_in(taken) == wanted
                    && let Some(step) = self.fish(base, required | taken, taken)
                {
                    sink.push(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The step for base lines `base` and cover cross lines `cover`, of which `inside`
    /// cross the fins' stack, if its fins share a box, it removes something and it has
    /// the wanted shape.
    fn fish(&self, base: u16, cover: u16, inside: u16) -> Option<Step> {
        let in_base = |i: usize| base >> i & 1 == 1;
        // The fins' lines must share a band, and some other line of that band must hold
        // the digit where it crosses the cover inside the stack: that is the target set.
        let mut fin_lines = (0..9).filter(|&i| in_base(i) && self.masks[i] & !cover != 0);
        let band = fin_lines.next()? / 3;
        if fin_lines.any(|i| i / 3 != band) {
            return None;
        }
        let target_lines = (band * 3..band * 3 + 3).filter(|&i| !in_base(i));
        if !target_lines.clone().any(|i| self.masks[i] & inside != 0) {
            return None;
        }
        let sashimi = (0..9).any(|i| in_base(i) && (self.masks[i] & cover).count_ones() <= 1);
        if sashimi != (self.shape == Shape::Sashimi) {
            self.other_shape_seen.set(true);
            return None;
        }
        let cross_kind = match self.kind {
            HouseKind::Row => HouseKind::Column,
            _ => HouseKind::Row,
        };
        let (_, inside_cells) = houses(cross_kind, inside);
        let (_, target_cells) = houses(self.kind, target_lines.fold(0, |acc, i| acc | 1 << i));
        let with_digit = self.grid.cells_with(self.digit);
        let targets = with_digit & inside_cells & target_cells;
        let (base_houses, base_cells) = houses(self.kind, base);
        let (cover_houses, cover_cells) = houses(cross_kind, cover);
        let mut eliminations = Eliminations::NONE;
        eliminations.insert_cells(targets, self.digit);
        let base_cells = with_digit & base_cells;
        let pattern = Pattern {
            digits: DigitSet::single(self.digit),
            cells: base_cells & cover_cells,
            base: base_houses,
            cover: cover_houses,
            fins: base_cells - cover_cells,
            ..Pattern::default()
        };
        Some(Step::eliminating(self.technique, pattern, eliminations))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    /// `digit` everywhere except in the given rows, which keep only the given columns.
    fn rows(digit: u8, kept: &[(usize, &[usize])]) -> Candidates {
        let cells: Vec<_> = kept
            .iter()
            .flat_map(|&(row, cols)| row_except(row, cols))
            .collect();
        without(d(digit), &cells)
    }

    /// The same with columns keeping rows.
    fn cols(digit: u8, kept: &[(usize, &[usize])]) -> Candidates {
        let cells: Vec<_> = kept
            .iter()
            .flat_map(|&(col, rows)| col_except(col, rows))
            .collect();
        without(d(digit), &cells)
    }

    #[test]
    fn finned_x_wing_in_rows_and_in_columns() {
        // Rows 2 and 7 hold 4 in c3, c8, plus r7c9: if r7c9 is not 4 this is an X-Wing
        // and column 8 loses 4 elsewhere; if it is, box 9 does. r8c8, r9c8 lose it.
        let grid = rows(4, &[(2, &[3, 8]), (7, &[3, 8, 9])]);
        assert_eq!(
            texts(Technique::FinnedXWing, &grid),
            ["Finned X-Wing: 4 r2,r7 c3,c8 fins r7c9 => r8c8,r9c8<>4"]
        );
        assert!(texts(Technique::SashimiXWing, &grid).is_empty());
        let grid = cols(4, &[(2, &[3, 8]), (7, &[3, 8, 9])]);
        assert_eq!(
            texts(Technique::FinnedXWing, &grid),
            ["Finned X-Wing: 4 c2,c7 r3,r8 fins r9c7 => r8c8,r8c9<>4"]
        );
    }

    #[test]
    fn sashimi_x_wing() {
        // Row 7 lacks r7c8: with the fin r7c9 its only other 4 is r7c3. Read with cover
        // c3,c8 (fin r7c9) it clears r8c8, r9c8; read with cover c3,c9 (fin r2c8, row 2
        // then holds only r2c3 besides it) it clears r1c9, r3c9 (box 3).
        let grid = rows(4, &[(2, &[3, 8]), (7, &[3, 9])]);
        assert_eq!(
            texts(Technique::SashimiXWing, &grid),
            [
                "Sashimi X-Wing: 4 r2,r7 c3,c8 fins r7c9 => r8c8,r9c8<>4",
                "Sashimi X-Wing: 4 r2,r7 c3,c9 fins r2c8 => r1c9,r3c9<>4",
            ]
        );
        assert!(texts(Technique::FinnedXWing, &grid).is_empty());
    }

    #[test]
    fn finned_and_sashimi_swordfish() {
        // Rows 1, 5, 9 in c2, c5, c8 (two each) and the fin r9c9: c8 loses 7 in box 9.
        let grid = rows(7, &[(1, &[2, 5]), (5, &[5, 8]), (9, &[2, 8, 9])]);
        assert_eq!(
            texts(Technique::FinnedSwordfish, &grid),
            ["Finned Swordfish: 7 r1,r5,r9 c2,c5,c8 fins r9c9 => r7c8,r8c8<>7"]
        );
        // Without r9c8, row 9 holds only r9c2 besides the fin: sashimi. As with the
        // X-Wing, the fin can also be r5c8 against cover c2,c5,c9 (box 6 loses r4c9,r6c9).
        let grid = rows(7, &[(1, &[2, 5]), (5, &[5, 8]), (9, &[2, 9])]);
        assert_eq!(
            texts(Technique::SashimiSwordfish, &grid),
            [
                "Sashimi Swordfish: 7 r1,r5,r9 c2,c5,c8 fins r9c9 => r7c8,r8c8<>7",
                "Sashimi Swordfish: 7 r1,r5,r9 c2,c5,c9 fins r5c8 => r4c9,r6c9<>7",
            ]
        );
        assert!(texts(Technique::FinnedSwordfish, &grid).is_empty());
    }

    #[test]
    fn finned_and_sashimi_jellyfish() {
        // Rows 2, 4, 6, 8 in c1, c3, c5, c7 (a cycle of pairs) and the fin r8c9.
        let grid = rows(
            2,
            &[(2, &[1, 3]), (4, &[3, 5]), (6, &[5, 7]), (8, &[7, 1, 9])],
        );
        assert_eq!(
            texts(Technique::FinnedJellyfish, &grid),
            ["Finned Jellyfish: 2 r2,r4,r6,r8 c1,c3,c5,c7 fins r8c9 => r7c7,r9c7<>2"]
        );
        // Without r8c7, row 8 holds only r8c1 besides the fin r8c9.
        let grid = rows(2, &[(2, &[1, 3]), (4, &[3, 5]), (6, &[5, 7]), (8, &[1, 9])]);
        assert_eq!(
            texts(Technique::SashimiJellyfish, &grid)[0],
            "Sashimi Jellyfish: 2 r2,r4,r6,r8 c1,c3,c5,c7 fins r8c9 => r7c7,r9c7<>2"
        );
        // The column-based finned jellyfish, transposed.
        let grid = cols(
            2,
            &[(2, &[1, 3]), (4, &[3, 5]), (6, &[5, 7]), (8, &[7, 1, 9])],
        );
        assert_eq!(
            texts(Technique::FinnedJellyfish, &grid),
            ["Finned Jellyfish: 2 c2,c4,c6,c8 r1,r3,r5,r7 fins r9c8 => r7c7,r7c9<>2"]
        );
    }

    /// Base lines `lines` (the last in band 3) holding `digit` in a cycle of pairs of the
    /// cross lines `crosses` (the last in stack 3), the last line also at the fin, cross
    /// line 9, unless `sashimi` takes its cover pair down to one.
    fn cycle(lines: &[usize], crosses: &[usize], sashimi: bool) -> Vec<(usize, Vec<usize>)> {
        let k = lines.len();
        (0..k)
            .map(|i| {
                let mut kept = vec![crosses[i], crosses[(i + 1) % k]];
                if i + 1 == k {
                    if sashimi {
                        kept.remove(0);
                    }
                    kept.push(9);
                }
                (lines[i], kept)
            })
            .collect()
    }

    #[test]
    fn finned_and_sashimi_squirmbags_whales_and_leviathans() {
        let lines = [1, 2, 3, 4, 5, 6, 8];
        for (k, finned, sashimi) in [
            (5, Technique::FinnedSquirmbag, Technique::SashimiSquirmbag),
            (6, Technique::FinnedWhale, Technique::SashimiWhale),
            (7, Technique::FinnedLeviathan, Technique::SashimiLeviathan),
        ] {
            // k lines: the first k - 1 of 1-6, then 8; cross lines likewise, 7 last.
            let base: Vec<usize> = lines[..k - 1].iter().chain(&[8]).copied().collect();
            let cover: Vec<usize> = lines[..k - 1].iter().chain(&[7]).copied().collect();
            let join = |v: &[usize], p: char| {
                v.iter()
                    .map(|i| format!("{p}{i}"))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let mut sorted_cover = cover.clone();
            sorted_cover.sort();
            let label = finned.label();
            let kept = cycle(&base, &cover, false);
            let kept: Vec<(usize, &[usize])> =
                kept.iter().map(|(l, c)| (*l, c.as_slice())).collect();
            // Box 9 loses 2 in the cover's column 7 off the base: r7c7 and r9c7. (The empty
            // rest of the grid holds other fish of this size, with other fins.)
            let found = texts(finned, &rows(2, &kept));
            let expected = format!(
                "{label}: 2 {} {} fins r8c9 => r7c7,r9c7<>2",
                join(&base, 'r'),
                join(&sorted_cover, 'c')
            );
            assert!(found.contains(&expected), "{finned}: {found:?}");
            assert!(
                texts(sashimi, &rows(2, &kept))
                    .iter()
                    .all(|t| !t.contains("fins r8c9"))
            );
            // Transposed: columns over rows.
            let found = texts(finned, &cols(2, &kept));
            let transposed = format!(
                "{label}: 2 {} {} fins r9c8 => r7c7,r7c9<>2",
                join(&base, 'c'),
                join(&sorted_cover, 'r')
            );
            assert!(
                found.contains(&transposed),
                "{finned} in columns: {found:?}"
            );
            // The last line down to one cover candidate besides the fin: sashimi.
            let thin = cycle(&base, &cover, true);
            let thin: Vec<(usize, &[usize])> =
                thin.iter().map(|(l, c)| (*l, c.as_slice())).collect();
            let found = texts(sashimi, &rows(2, &thin));
            let expected = format!(
                "{}: 2 {} {} fins r8c9 => r7c7,r9c7<>2",
                sashimi.label(),
                join(&base, 'r'),
                join(&sorted_cover, 'c')
            );
            assert!(found.contains(&expected), "{sashimi}: {found:?}");
            assert!(
                texts(finned, &rows(2, &thin))
                    .iter()
                    .all(|t| !t.contains("fins r8c9"))
            );
        }
    }

    #[test]
    fn no_finned_fish_with_fins_apart_or_nothing_to_remove() {
        // Fins r7c9 and r2c6 in two boxes: nothing sees both in the cover.
        let grid = rows(4, &[(2, &[3, 6, 8]), (7, &[3, 8, 9])]);
        assert!(texts(Technique::FinnedXWing, &grid).is_empty());
        // The first finned X-Wing with its targets gone.
        let mut grid = rows(4, &[(2, &[3, 8]), (7, &[3, 8, 9])]);
        remove(&mut grid, d(4), &[rc(8, 8), rc(9, 8)]);
        assert!(texts(Technique::FinnedXWing, &grid).is_empty());
        // A plain X-Wing has no fins.
        let grid = rows(4, &[(2, &[3, 8]), (7, &[3, 8])]);
        assert!(texts(Technique::FinnedXWing, &grid).is_empty());
        assert!(texts(Technique::SashimiXWing, &grid).is_empty());
    }

    /// The search skips a digit that no template leaves a candidate to remove: searched
    /// in full on real grids, such a digit has no finned or sashimi fish of any size.
    #[test]
    fn a_digit_templates_leave_nothing_to_remove_has_no_fish() {
        use crate::ladder::Ladder;
        use crate::solver::{Policy, Solver};
        let solver = Solver::new(Ladder::default(), Policy::Single);
        let stride = crate::technique::test_grids::sample_stride(40);
        let (mut digits, mut searched) = (0, 0);
        for SampleSolve { puzzle, report, .. } in sample_solves(&solver, stride) {
            let mut grid = Candidates::from_puzzle(&puzzle);
            for step in report.steps.iter() {
                step.apply_to(&mut grid);
                if step.technique.is_single() {
                    continue;
                }
                for digit in Digit::all() {
                    if !templates::unfit_candidates(&grid, digit).is_empty() {
                        continue;
                    }
                    digits += 1;
                    for size in 2..=4 {
                        for shape in [Shape::Finned, Shape::Sashimi] {
                            for kind in [HouseKind::Row, HouseKind::Column] {
                                let mut found = crate::step::StepList::new();
                                let mut sink = StepSink::new(&grid, None, &mut found, usize::MAX);
                                let search = Search {
                                    grid: &grid,
                                    technique: technique(size, shape),
                                    shape,
                                    size,
                                    kind,
                                    digit,
                                    masks: std::array::from_fn(|i| {
                                        grid.positions(line(kind, i), digit)
                                    }),
                                    other_shape_seen: std::cell::Cell::new(false),
                                };
                                let _ = search.bases(0, 0, 0, 0, &mut sink);
                                assert!(found.is_empty(), "{digit} in\n{grid}");
                                searched += 1;
                            }
                        }
                    }
                }
            }
        }
        let least = crate::technique::test_grids::sample_least;
        assert!(
            digits > least(1_000) && searched > least(10_000),
            "{digits} {searched}"
        );
    }
}
