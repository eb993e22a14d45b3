//! A step: what one pattern instance found. It names its technique, the cell it sets (if
//! any), the candidates it removes, and the pattern that justifies them, and it renders in
//! the forum notation, e.g. `Naked Pair: 1,2 in r1c2,r1c5 => r1c7<>2` ([`StepDisplay`]).
//!
//! Steps are plain `Copy` values with no heap: eliminations are a bitboard per digit, and
//! a chain's links live in a [`Chains`] arena beside the steps, which the step refers to
//! ([`chain`]). Whoever keeps steps keeps their arena: rendering a step takes both.

mod apply;
pub mod chain;
mod deletion;
mod notation;

use crate::bitset::{CellSet, DigitSet, HouseSet};
use crate::geometry::{Cell, Digit};
use crate::hodoku::catalogue::{Subtype, Technique};
pub use apply::Effect;
pub use chain::{ChainRef, Chains, Link, Node};
pub use notation::{StepDisplay, branch_texts};
use std::fmt;

/// Candidates to remove: for each digit, the cells that lose it.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Eliminations([CellSet; 9]);

impl Eliminations {
    /// No elimination.
    pub const NONE: Eliminations = Eliminations([CellSet::EMPTY; 9]);

    /// Removes `digit` from `cell`.
    #[inline]
    pub fn insert(&mut self, cell: Cell, digit: Digit) {
        self.0[digit.index()].insert(cell);
    }

    /// Removes `digit` from every cell of `cells`.
    #[inline]
    pub fn insert_cells(&mut self, cells: CellSet, digit: Digit) {
        self.0[digit.index()] |= cells;
    }

    /// The cells that lose `digit`.
    #[inline]
    pub fn cells(&self, digit: Digit) -> CellSet {
        self.0[digit.index()]
    }

    /// Whether `digit` is removed from `cell`.
    #[inline]
    pub fn contains(&self, cell: Cell, digit: Digit) -> bool {
        self.0[digit.index()].contains(cell)
    }

    /// Whether nothing is removed.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|s| s.is_empty())
    }

    /// How many candidates.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|s| s.len()).sum()
    }

    /// Keeps, for each digit, only the cells of `cells_with(digit)`.
    pub fn retain(&mut self, cells_with: impl Fn(Digit) -> CellSet) {
        for digit in Digit::all() {
            self.0[digit.index()] &= cells_with(digit);
        }
    }

    /// The digits removed somewhere.
    pub fn digits(&self) -> DigitSet {
        Digit::all()
            .filter(|d| !self.0[d.index()].is_empty())
            .collect()
    }

    /// Every (cell, digit), by digit then cell.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        Digit::all().flat_map(move |d| self.0[d.index()].iter().map(move |c| (c, d)))
    }
}

impl fmt::Display for Eliminations {
    /// `r1c7,r3c8<>2, r2c1<>5`: grouped by digit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups = Digit::all().filter(|d| !self.cells(*d).is_empty());
        for (i, digit) in groups.enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}<>{digit}", self.cells(digit))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Eliminations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Eliminations({self})")
    }
}

/// The pattern that justifies a step. Each technique fills what it uses:
/// - `digits`: the digits of the pattern (a subset's digits, a fish's digit);
/// - `cells`: the pattern's cells (a subset, a wing, a locked pair);
/// - `base` and `cover`: fish base and cover sets; the house a locked candidate is
///   confined to is `base` alone;
/// - `fins`: fins of finned fish;
/// - `pivot`: the pivot cell of a wing;
/// - `links` and `link_digit`: the cells (and, when it is not the pattern's only digit,
///   the digit) of the strong link that ties the pattern together: the connecting cells
///   of a skyscraper or a kite, the conjugate pair of an empty rectangle or a W-Wing;
/// - `chain`: the links of a chain in order, kept in a [`Chains`] arena (see [`chain`]);
/// - `groups` and `group_digits`: groups of cells, with their digits where they matter:
///   the color classes of coloring, in pairs of opposite colors (0/1, 2/3); Sue de Coq's
///   intersection cells, line cells and box cells with the digits of each;
/// - `subset` and `links`: the digits of the naked subset a unique rectangle's roof
///   completes (Uniqueness Test 3), and its cells outside the rectangle.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct Pattern {
    /// The pattern's digits.
    pub digits: DigitSet,
    /// The pattern's cells.
    pub cells: CellSet,
    /// The digits of the naked subset a unique rectangle's roof completes.
    pub subset: DigitSet,
    /// A fish's base houses.
    pub base: HouseSet,
    /// A fish's cover houses.
    pub cover: HouseSet,
    /// A fish's fin cells.
    pub fins: CellSet,
    /// A wing's pivot cell.
    pub pivot: Option<Cell>,
    /// The cells of the strong link that ties the pattern together.
    pub links: CellSet,
    /// The strong link's digit, when it is not the pattern's only one.
    pub link_digit: Option<Digit>,
    /// A chain's links, in the step list's arena.
    pub chain: ChainRef,
    /// Groups of cells: color classes, Sue de Coq's parts.
    pub groups: [CellSet; 4],
    /// The digits of each group, where they matter.
    pub group_digits: [DigitSet; 4],
}

/// What a step sets: one digit in one cell, or, for Template Set alone, in every cell the
/// digit holds in all of its templates.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Placement {
    /// The cells set.
    pub cells: CellSet,
    /// The digit they are set to.
    pub digit: Digit,
}

impl Placement {
    /// `digit` in `cell`.
    pub fn single(cell: Cell, digit: Digit) -> Placement {
        Placement {
            cells: CellSet::single(cell),
            digit,
        }
    }

    /// The first (for every technique but Template Set, the only) cell set.
    pub fn cell(self) -> Cell {
        self.cells.first().expect("a placement sets a cell")
    }

    /// Every (cell, digit) set, by cell.
    pub fn iter(self) -> impl Iterator<Item = (Cell, Digit)> {
        self.cells.iter().map(move |cell| (cell, self.digit))
    }
}

/// One pattern instance and its consequences.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Step {
    /// The technique that found it.
    pub technique: Technique,
    /// The kind of step HoDoKu names apart within the technique (a continuous or a
    /// discontinuous nice loop, an AIC), if any.
    pub subtype: Option<Subtype>,
    /// The cells set by this step, and their digit.
    pub placement: Option<Placement>,
    /// The candidates it removes.
    pub eliminations: Eliminations,
    /// The pattern that justifies it.
    pub pattern: Pattern,
}

impl Step {
    /// A step that sets `cell` to `digit`.
    pub fn placing(technique: Technique, cell: Cell, digit: Digit, pattern: Pattern) -> Step {
        Step {
            technique,
            subtype: None,
            placement: Some(Placement::single(cell, digit)),
            eliminations: Eliminations::NONE,
            pattern,
        }
    }

    /// A step that sets `digit` in every cell of `cells` (Template Set).
    pub fn placing_all(
        technique: Technique,
        cells: CellSet,
        digit: Digit,
        pattern: Pattern,
    ) -> Step {
        Step {
            technique,
            subtype: None,
            placement: Some(Placement { cells, digit }),
            eliminations: Eliminations::NONE,
            pattern,
        }
    }

    /// A step that removes candidates.
    pub fn eliminating(technique: Technique, pattern: Pattern, eliminations: Eliminations) -> Step {
        Step {
            technique,
            subtype: None,
            placement: None,
            eliminations,
            pattern,
        }
    }

    /// The same step, of HoDoKu's sub-type `subtype`.
    pub fn with_subtype(mut self, subtype: Subtype) -> Step {
        self.subtype = Some(subtype);
        self
    }

    /// The label HoDoKu prints: the sub-type's when there is one, else the technique's.
    pub fn label(&self) -> &'static str {
        self.subtype.map_or(self.technique.label(), Subtype::label)
    }

    /// The step in the forum notation, its chain read from `chains`, the arena it was
    /// recorded in (any arena, for steps without a chain).
    pub fn display<'a>(&'a self, chains: &'a Chains) -> StepDisplay<'a> {
        StepDisplay::new(self, chains)
    }
}

/// Steps in order, with the arena their chains lie in: what a search found, or a solve's
/// log. It reads as a slice of steps.
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub struct StepList {
    steps: Vec<Step>,
    chains: Chains,
}

impl StepList {
    /// An empty list.
    pub fn new() -> StepList {
        StepList::default()
    }

    /// Forgets every step (keeping the room they took).
    pub fn clear(&mut self) {
        self.steps.clear();
        self.chains.clear();
    }

    /// The arena the steps' chains lie in; finders store a chain here before pushing the
    /// step that refers to it.
    pub fn chains(&self) -> &Chains {
        &self.chains
    }

    /// The arena of the steps' chains, to add to.
    pub fn chains_mut(&mut self) -> &mut Chains {
        &mut self.chains
    }

    /// Appends a step whose chain (if any) lies in this list's arena.
    pub fn push(&mut self, step: Step) {
        self.steps.push(step);
    }

    /// Appends a copy of `step`, whose chain lies in `chains`.
    pub fn push_from(&mut self, step: &Step, chains: &Chains) {
        let mut copy = *step;
        copy.pattern.chain = self.chains.copy_from(chains, step.pattern.chain);
        self.steps.push(copy);
    }

    /// Appends copies of every step of `other`.
    pub fn append(&mut self, other: &StepList) {
        for step in other.iter() {
            self.push_from(step, &other.chains);
        }
    }

    /// The steps, for in-place work, beside the arena their chains lie in.
    pub fn steps_and_chains_mut(&mut self) -> (&mut [Step], &Chains) {
        (&mut self.steps, &self.chains)
    }

    /// Step `index` in the forum notation.
    pub fn display(&self, index: usize) -> StepDisplay<'_> {
        self.steps[index].display(&self.chains)
    }

    /// Every step in the forum notation.
    pub fn texts(&self) -> Vec<String> {
        (0..self.len())
            .map(|i| self.display(i).to_string())
            .collect()
    }
}

impl<'a> IntoIterator for &'a StepList {
    type Item = &'a Step;
    type IntoIter = std::slice::Iter<'a, Step>;
    fn into_iter(self) -> Self::IntoIter {
        self.steps.iter()
    }
}

impl std::ops::Deref for StepList {
    type Target = [Step];
    fn deref(&self) -> &[Step] {
        &self.steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_eliminations_by_digit() {
        let mut e = Eliminations::NONE;
        e.insert(Cell::at(2, 7), Digit::new(2));
        e.insert(Cell::at(0, 6), Digit::new(2));
        e.insert(Cell::at(1, 0), Digit::new(5));
        assert_eq!(e.to_string(), "r1c7,r3c8<>2, r2c1<>5");
        assert_eq!(e.len(), 3);
    }
}
