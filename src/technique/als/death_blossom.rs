//! Death Blossom: a *stem* cell and, for each of its candidates d, an ALS (a *petal*) whose
//! places of d all see the stem. The stem holds one of its digits, d; then petal d loses d
//! and is locked. So a digit z that every petal holds, and the stem does not, is true in
//! some petal, on one of its places of z: a cell outside the petals that sees every place of
//! z in every petal loses z.
//!
//! `Death Blossom: r5c5, -1- r5c1 {1,3}, -2- r1c5,r2c5 {2,3,4} => r1c1<>3`.
//!
//! As HoDoKu 2.2 does it (`AlsSolver.getAlsDeathBlossomInt`,
//! `checkAlsDeathBlossomRecursive`), off in its default configuration: stems in cell order,
//! a cell being a stem only when each of its candidates has a petal; the petals chosen
//! depth first, stem digits ascending, each digit's ALS in list order ([`super::sets`]);
//! a petal may not overlap the petals before it (HoDoKu's default forbids ALS overlap) and
//! must share a digit with all of them. The first combination that removes something is
//! taken; its eliminations by digit, then cell.

use super::sets::Als;
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Link, Node, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

pub fn death_blossoms(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    super::with_alses(grid, |lists| {
        let alses = lists.alses;
        for stem in grid.unsolved().iter() {
            let digits = grid.candidates(stem);
            let has_petal = |d: Digit| alses.iter().any(|als| als.seers(d).contains(stem));
            if !digits.iter().all(has_petal) {
                continue;
            }
            let mut stem_digits = [Digit::from_index(0); 9];
            let mut n = 0;
            for digit in digits.iter() {
                stem_digits[n] = digit;
                n += 1;
            }
            let mut blossom = Blossom {
                grid,
                alses,
                stem,
                stem_set: digits,
                stem_digits: &stem_digits[..n],
                petals: [0; 9],
            };
            blossom.petal(0, DigitSet::ALL, CellSet::EMPTY, sink)?;
        }
        ControlFlow::Continue(())
    })
}

/// One stem's search.
struct Blossom<'a> {
    grid: &'a Candidates,
    alses: &'a [Als],
    stem: Cell,
    stem_set: DigitSet,
    stem_digits: &'a [Digit],
    /// The ALS chosen for each stem digit so far.
    petals: [usize; 9],
}

impl Blossom<'_> {
    /// Chooses the petal of the `k`-th stem digit, the petals before holding `common`
    /// between them and taking the cells `used`.
    fn petal(
        &mut self,
        k: usize,
        common: DigitSet,
        used: CellSet,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        let digit = self.stem_digits[k];
        for (i, als) in self.alses.iter().enumerate() {
            if !als.seers(digit).contains(self.stem) || als.cells.intersects(used) {
                continue;
            }
            let common = common & als.digits;
            // Only a digit of every petal but the stem's can go (searching on without one
            // finds nothing, so the first found stays the same).
            if (common - self.stem_set).is_empty() {
                continue;
            }
            self.petals[k] = i;
            let used = used | als.cells;
            if k + 1 < self.stem_digits.len() {
                self.petal(k + 1, common, used, sink)?;
            } else if let Some(step) = self.step(common, used, sink) {
                sink.push(step)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The step of the chosen petals, if they remove something.
    fn step(&self, common: DigitSet, used: CellSet, sink: &mut StepSink<'_>) -> Option<Step> {
        let petals = || {
            self.petals[..self.stem_digits.len()]
                .iter()
                .map(|&i| &self.alses[i])
        };
        let mut eliminations = Eliminations::NONE;
        for z in (common - self.stem_set).iter() {
            let places = petals().fold(CellSet::EMPTY, |all, als| all | als.places(z));
            let outside = used | CellSet::single(self.stem);
            let targets = places.common_peers() & (self.grid.cells_with(z) - outside);
            eliminations.insert_cells(targets, z);
        }
        if eliminations.is_empty() {
            return None;
        }
        let links = self
            .stem_digits
            .iter()
            .zip(petals())
            .map(|(&digit, als)| Link {
                node: Node::Als(als.cells, als.digits),
                digit,
                on: true,
            });
        let chain = sink.chains().push(links);
        let pattern = Pattern {
            digits: eliminations.digits(),
            cells: used | CellSet::single(self.stem),
            pivot: Some(self.stem),
            chain,
            ..Pattern::default()
        };
        Some(Step::eliminating(
            Technique::DeathBlossom,
            pattern,
            eliminations,
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::hodoku::catalogue::Technique;
    use crate::technique::test_grids::*;

    #[test]
    fn a_stem_with_a_petal_for_each_digit_clears_what_sees_every_petals_common_digit() {
        // Stem r5c5 {1,2}; petal of 1: r5c1 {1,3}; petal of 2: r1c5 {2,3}. Whichever the
        // stem holds, one petal holds 3: r1c1, seeing both 3s, loses it.
        let mut grid = crate::candidates::Candidates::empty();
        restrict(&mut grid, rc(5, 5), &[1, 2]);
        restrict(&mut grid, rc(5, 1), &[1, 3]);
        restrict(&mut grid, rc(1, 5), &[2, 3]);
        let found = texts(Technique::DeathBlossom, &grid);
        assert!(
            found.contains(
                &"Death Blossom: r5c5, -1- r5c1 {1,3}, -2- r1c5 {2,3} => r1c1<>3".to_string()
            ),
            "{found:?}"
        );
        // Without a petal for 2 (r1c5 holds 2 and 4 and 5: no ALS there), no blossom on r5c5.
        let mut grid = crate::candidates::Candidates::empty();
        restrict(&mut grid, rc(5, 5), &[1, 2]);
        restrict(&mut grid, rc(5, 1), &[1, 3]);
        let found = texts(Technique::DeathBlossom, &grid);
        assert!(
            found.iter().all(|t| !t.starts_with("Death Blossom: r5c5,")),
            "{found:?}"
        );
    }
}
