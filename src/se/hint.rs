//! What an SE rule reports: the rule (SE's name and base difficulty, in one table), the
//! difficulty of this instance, and what applying it does (candidates removed, then a cell
//! set, as SE's `IndirectHint.apply` does).

use crate::bitset::CellSet;
use crate::geometry::{Cell, Digit};
use crate::se::difficulty::Difficulty;
use std::fmt;

/// SE's rules, each under the name its hints print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The last empty cell of a house (SE's `HiddenSingleHint` with `isAlone`).
    HiddenSingleAlone,
    /// In a box.
    HiddenSingleBox,
    /// In a row or a column.
    HiddenSingleLine,
    /// SE's Direct Pointing: a pointing that leaves a hidden single.
    DirectPointing,
    /// SE's Direct Claiming: a claiming that leaves a hidden single.
    DirectClaiming,
    /// A hidden pair that leaves a hidden single.
    DirectHiddenPair,
    /// A hidden triplet that leaves a hidden single.
    DirectHiddenTriplet,
    /// A cell with one candidate left.
    NakedSingle,
    /// A box's candidates of a digit all in one line.
    Pointing,
    /// A line's candidates of a digit all in one box.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Three cells of a house with three candidates between them.
    NakedTriplet,
    /// Four cells of a house with four candidates between them.
    NakedQuad,
    /// Two digits confined to the same two cells of a house.
    HiddenPair,
    /// Three digits confined to three cells of a house.
    HiddenTriplet,
    /// Four digits confined to four cells of a house.
    HiddenQuad,
    /// A digit's candidates in two lines confined to two cross lines.
    XWing,
    /// The same with three lines.
    Swordfish,
    /// The same with four lines.
    Jellyfish,
    /// Three bivalue cells: a pivot and two pincers.
    XyWing,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing,
    /// A unique rectangle (4 cells) or loop (6 and more) of SE's type 1 to 4.
    UniqueLoop {
        /// Cells in the loop: 4 for a rectangle.
        cells: u8,
        /// SE's type, 1 to 4.
        kind: u8,
    },
    /// Bivalue Universal Grave type 1.
    Bug1,
    /// BUG type 2.
    Bug2,
    /// BUG type 3.
    Bug3,
    /// BUG type 4.
    Bug4,
    /// Two cells that see each other cannot take every pair of digits left.
    AlignedPairExclusion,
    /// The same with three cells.
    AlignedTripletExclusion,
    /// A hint of SE's chaining family, under the name the chaining module gives it.
    Chaining(&'static str),
}

impl Rule {
    /// The rules with no parameter (all but unique loops and the chaining family), by
    /// family.
    pub const FIXED: [Rule; 27] = {
        use Rule::*;
        [
            HiddenSingleAlone,
            HiddenSingleBox,
            HiddenSingleLine,
            DirectPointing,
            DirectClaiming,
            DirectHiddenPair,
            DirectHiddenTriplet,
            NakedSingle,
            Pointing,
            Claiming,
            NakedPair,
            NakedTriplet,
            NakedQuad,
            HiddenPair,
            HiddenTriplet,
            HiddenQuad,
            XWing,
            Swordfish,
            Jellyfish,
            XyWing,
            XyzWing,
            Bug1,
            Bug2,
            Bug3,
            Bug4,
            AlignedPairExclusion,
            AlignedTripletExclusion,
        ]
    };

    /// SE's name and base difficulty of the rules whose name does not depend on the
    /// instance; the facts of every rule are here.
    pub const fn facts(self) -> (&'static str, f64) {
        match self {
            Rule::HiddenSingleAlone => ("Hidden Single", 1.0),
            Rule::HiddenSingleBox => ("Hidden Single", 1.2),
            Rule::HiddenSingleLine => ("Hidden Single", 1.5),
            Rule::DirectPointing => ("Direct Pointing", 1.7),
            Rule::DirectClaiming => ("Direct Claiming", 1.9),
            Rule::DirectHiddenPair => ("Direct Hidden Pair", 2.0),
            Rule::DirectHiddenTriplet => ("Direct Hidden Triplet", 2.5),
            Rule::NakedSingle => ("Naked Single", 2.3),
            Rule::Pointing => ("Pointing", 2.6),
            Rule::Claiming => ("Claiming", 2.8),
            Rule::NakedPair => ("Naked Pair", 3.0),
            Rule::NakedTriplet => ("Naked Triplet", 3.6),
            Rule::NakedQuad => ("Naked Quad", 5.0),
            Rule::HiddenPair => ("Hidden Pair", 3.4),
            Rule::HiddenTriplet => ("Hidden Triplet", 4.0),
            Rule::HiddenQuad => ("Hidden Quad", 5.4),
            Rule::XWing => ("X-Wing", 3.2),
            Rule::Swordfish => ("Swordfish", 3.8),
            Rule::Jellyfish => ("Jellyfish", 5.2),
            Rule::XyWing => ("XY-Wing", 4.2),
            Rule::XyzWing => ("XYZ-Wing", 4.4),
            // The name adds the size and type (see Display); the base grows with the size.
            Rule::UniqueLoop { .. } => ("Unique Loop", 4.5),
            Rule::Bug1 => ("BUG type 1", 5.6),
            Rule::Bug2 => ("BUG type 2", 5.7),
            Rule::Bug3 => ("BUG type 3", 5.7),
            Rule::Bug4 => ("BUG type 4", 5.7),
            Rule::AlignedPairExclusion => ("Aligned Pair Exclusion", 6.2),
            Rule::AlignedTripletExclusion => ("Aligned Triplet Exclusion", 7.5),
            Rule::Chaining(name) => (name, 0.0),
        }
    }

    /// The difficulty of the rules that have one whatever the instance.
    pub const fn base(self) -> Difficulty {
        Difficulty(self.facts().1)
    }
}

impl fmt::Display for Rule {
    /// SE's hint name (`getName()`): `Unique Rectangle type 1`, `Unique Loop 8 type 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Rule::UniqueLoop { cells, kind } => {
                let shape = if cells == 4 { "Rectangle" } else { "Loop" };
                if cells > 6 {
                    write!(f, "Unique {shape} {cells} type {kind}")
                } else {
                    write!(f, "Unique {shape} type {kind}")
                }
            }
            rule => f.write_str(rule.facts().0),
        }
    }
}

/// Candidates to remove, digit by digit.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Removals([CellSet; 9]);

impl Removals {
    /// No removal.
    pub const NONE: Removals = Removals([CellSet::EMPTY; 9]);

    /// Adds the removal of `digit` from `cell`.
    #[inline]
    pub fn add(&mut self, cell: Cell, digit: Digit) {
        self.0[digit.index()].insert(cell);
    }

    /// Adds the removal of `digit` from every cell of `cells`.
    #[inline]
    pub fn add_cells(&mut self, digit: Digit, cells: CellSet) {
        self.0[digit.index()] |= cells;
    }

    /// The cells losing `digit`.
    #[inline]
    pub fn cells(&self, digit: Digit) -> CellSet {
        self.0[digit.index()]
    }

    /// Whether nothing is removed.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|cells| cells.is_empty())
    }

    /// Every removed candidate, digit by digit, cells in order.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        Digit::all().flat_map(|digit| self.cells(digit).iter().map(move |cell| (cell, digit)))
    }
}

/// One hint as SE applies it: removals first, then the placement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hint {
    /// The rule that found it.
    pub rule: Rule,
    /// This instance's difficulty (the rule's base plus its length adders).
    pub difficulty: Difficulty,
    /// The cell set and its digit, when SE's hint has a cell (`Hint.getCell()`): the
    /// singles, and the direct hints, whose removals SE shows but does not apply.
    pub placement: Option<(Cell, Digit)>,
    /// The candidates it removes.
    pub removals: Removals,
}

impl Hint {
    /// A hint that sets `cell` to `digit` and removes nothing.
    pub fn placing(rule: Rule, cell: Cell, digit: Digit) -> Hint {
        Hint {
            rule,
            difficulty: rule.base(),
            placement: Some((cell, digit)),
            removals: Removals::NONE,
        }
    }

    /// A hint that removes candidates, at its rule's base difficulty.
    pub fn removing(rule: Rule, removals: Removals) -> Hint {
        Hint {
            rule,
            difficulty: rule.base(),
            placement: None,
            removals,
        }
    }
}

impl fmt::Display for Hint {
    /// `Naked Pair (3.0): r1c2-5, r1c7-5` or `Hidden Single (1.2): r4c5=7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.rule, self.difficulty)?;
        let mut sep = ": ";
        for (cell, digit) in self.removals.iter() {
            write!(f, "{sep}{cell}-{digit}")?;
            sep = ", ";
        }
        if let Some((cell, digit)) = self.placement {
            write!(f, "{sep}{cell}={digit}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_loop_names_say_shape_size_and_type() {
        let name = |cells, kind| Rule::UniqueLoop { cells, kind }.to_string();
        assert_eq!(name(4, 1), "Unique Rectangle type 1");
        assert_eq!(name(6, 3), "Unique Loop type 3");
        assert_eq!(name(8, 2), "Unique Loop 8 type 2");
        assert_eq!(Rule::XyzWing.to_string(), "XYZ-Wing");
    }

    #[test]
    fn removals_list_digit_by_digit() {
        let mut removals = Removals::NONE;
        assert!(removals.is_empty());
        removals.add(Cell::at(4, 4), Digit::new(9));
        removals.add(Cell::at(0, 1), Digit::new(2));
        let listed: Vec<String> = removals
            .iter()
            .map(|(cell, digit)| format!("{cell}-{digit}"))
            .collect();
        assert_eq!(listed, ["r1c2-2", "r5c5-9"]);
        assert!(!removals.is_empty());
    }
}
