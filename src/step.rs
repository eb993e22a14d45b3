//! A step: what one pattern instance found. It names its technique, the cell it sets (if
//! any), the candidates it removes, and the pattern that justifies them, and it renders in
//! the forum notation, e.g. `Naked Pair: 1,2 in r1c2,r1c5 => r1c7<>2`.
//!
//! Steps are plain `Copy` values with no heap: eliminations are a bitboard per digit.

use crate::bitset::{CellSet, DigitSet, HouseSet, write_joined};
use crate::catalogue::{Notation, Technique};
use crate::geometry::{Cell, Digit};
use std::fmt;

/// Candidates to remove: for each digit, the cells that lose it.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Eliminations([CellSet; 9]);

impl Eliminations {
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

    #[inline]
    pub fn contains(&self, cell: Cell, digit: Digit) -> bool {
        self.0[digit.index()].contains(cell)
    }

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
/// - `chain`: the nodes of a chain in order (turbot fish, remote pair);
/// - `colors`: the color classes of coloring, in pairs of opposite colors (0/1, 2/3);
/// - `subset` and `links`: the digits of the naked subset a unique rectangle's roof
///   completes (Uniqueness Test 3), and its cells outside the rectangle.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct Pattern {
    pub digits: DigitSet,
    pub cells: CellSet,
    pub subset: DigitSet,
    pub base: HouseSet,
    pub cover: HouseSet,
    pub fins: CellSet,
    pub pivot: Option<Cell>,
    pub links: CellSet,
    pub link_digit: Option<Digit>,
    pub chain: Chain,
    pub colors: [CellSet; 4],
}

/// The cells of a chain in order, stored inline (no heap) so that steps stay `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Chain {
    len: u8,
    cells: [u8; Chain::CAPACITY],
}

impl Chain {
    /// The longest chain a step can hold.
    pub const CAPACITY: usize = 32;

    /// A chain through `cells`, in that order (at most [`Chain::CAPACITY`]).
    pub fn from_cells(cells: &[Cell]) -> Chain {
        assert!(cells.len() <= Chain::CAPACITY, "chain too long");
        let mut chain = Chain::default();
        for (slot, cell) in chain.cells.iter_mut().zip(cells) {
            *slot = cell.index() as u8;
        }
        chain.len = cells.len() as u8;
        chain
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cells in chain order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells[..self.len()]
            .iter()
            .map(|&i| Cell::from_index(i as usize))
    }
}

impl fmt::Debug for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.cells().map(|c| c.to_string()))
            .finish()
    }
}

/// One pattern instance and its consequences.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Step {
    pub technique: Technique,
    /// The cell set by this step, and its digit.
    pub placement: Option<(Cell, Digit)>,
    pub eliminations: Eliminations,
    pub pattern: Pattern,
}

impl Step {
    /// A step that sets `cell` to `digit`.
    pub fn placing(technique: Technique, cell: Cell, digit: Digit, pattern: Pattern) -> Step {
        Step {
            technique,
            placement: Some((cell, digit)),
            eliminations: Eliminations::NONE,
            pattern,
        }
    }

    /// A step that removes candidates.
    pub fn eliminating(technique: Technique, pattern: Pattern, eliminations: Eliminations) -> Step {
        Step {
            technique,
            placement: None,
            eliminations,
            pattern,
        }
    }
}

impl fmt::Display for Step {
    /// `Label: pattern => consequence`, the pattern written in the technique's [`Notation`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.technique.label())?;
        let p = &self.pattern;
        let notation = self.technique.info().notation;
        if notation != Notation::Placement {
            write_pattern(f, notation, p)?;
            if !p.fins.is_empty() {
                write!(f, " fins {}", p.fins)?;
            }
            f.write_str(" => ")?;
        }
        if let Some((cell, digit)) = self.placement {
            write!(f, "{cell}={digit}")?;
            if !self.eliminations.is_empty() {
                f.write_str(", ")?;
            }
        }
        if !self.eliminations.is_empty() {
            write!(f, "{}", self.eliminations)?;
        }
        Ok(())
    }
}

/// Writes the pattern part of a step (between the label and `=>`, fins aside).
fn write_pattern(f: &mut fmt::Formatter<'_>, notation: Notation, p: &Pattern) -> fmt::Result {
    match notation {
        Notation::Placement => Ok(()),
        Notation::Cells => {
            write!(f, "{} in ", p.digits)?;
            if let Some(pivot) = p.pivot {
                write!(f, "{pivot}")?;
                let others = p.cells - CellSet::single(pivot);
                if !others.is_empty() {
                    write!(f, ",{others}")?;
                }
                Ok(())
            } else {
                write!(f, "{}", p.cells)
            }
        }
        Notation::Fish => write!(f, "{} {} {}", p.digits, p.base, p.cover),
        Notation::Houses => write!(f, "{} in {}", p.digits, p.base),
        Notation::Connected => write!(f, "{} in {} (connected by {})", p.digits, p.cells, p.links),
        Notation::BoxLink => write!(f, "{} in {} ({})", p.digits, p.base, p.links),
        Notation::WWing => {
            let link = p.link_digit.map_or(DigitSet::EMPTY, DigitSet::single);
            write_joined(f, (p.digits - link).iter().chain(link.iter()), "/")?;
            write!(f, " in {} connected by {link} in {}", p.cells, p.links)
        }
        Notation::XChain => {
            write!(f, "{}", p.digits)?;
            for (i, cell) in p.chain.cells().enumerate() {
                if i > 0 {
                    let link = if i % 2 == 1 { '=' } else { '-' };
                    write!(f, " {link}{}{link}", p.digits)?;
                }
                write!(f, " {cell}")?;
            }
            Ok(())
        }
        Notation::RemotePair => {
            write_joined(f, p.digits.iter(), "/")?;
            // Weak links, their digits alternating from the higher one.
            let low = p.digits.first().map_or(DigitSet::EMPTY, DigitSet::single);
            let digits = [p.digits - low, low];
            for (i, cell) in p.chain.cells().enumerate() {
                if i > 0 {
                    write!(f, " -{}-", digits[(i - 1) % 2])?;
                }
                write!(f, " {cell}")?;
            }
            Ok(())
        }
        Notation::Rectangle => {
            write_joined(f, p.digits.iter(), "/")?;
            write!(f, " in {}", p.cells)
        }
        Notation::RectangleSubset => {
            write_joined(f, p.digits.iter(), "/")?;
            write!(f, " in {} with {} in {}", p.cells, p.subset, p.links)
        }
        Notation::Colors => {
            write!(f, "{}", p.digits)?;
            for (i, class) in p.colors.iter().enumerate() {
                let sep = match i {
                    0 => " ",
                    _ if i % 2 == 1 => " / ",
                    _ => ", ",
                };
                if !class.is_empty() {
                    write!(f, "{sep}({class})")?;
                }
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::House;

    #[test]
    fn renders_the_forum_notation() {
        let mut elims = Eliminations::NONE;
        elims.insert(Cell::at(0, 6), Digit::new(2));
        let pair = Step::eliminating(
            Technique::NakedPair,
            Pattern {
                digits: [Digit::new(1), Digit::new(2)].into_iter().collect(),
                cells: [Cell::at(0, 1), Cell::at(0, 4)].into_iter().collect(),
                base: HouseSet::single(House::row(0)),
                ..Pattern::default()
            },
            elims,
        );
        assert_eq!(pair.to_string(), "Naked Pair: 1,2 in r1c2,r1c5 => r1c7<>2");

        let single = Step::placing(
            Technique::HiddenSingle,
            Cell::at(7, 5),
            Digit::new(1),
            Pattern::default(),
        );
        assert_eq!(single.to_string(), "Hidden Single: r8c6=1");

        let mut elims = Eliminations::NONE;
        elims.insert(Cell::at(4, 2), Digit::new(4));
        let xwing = Step::eliminating(
            Technique::XWing,
            Pattern {
                digits: DigitSet::single(Digit::new(4)),
                base: [House::row(1), House::row(6)].into_iter().collect(),
                cover: [House::column(2), House::column(7)].into_iter().collect(),
                ..Pattern::default()
            },
            elims,
        );
        assert_eq!(xwing.to_string(), "X-Wing: 4 r2,r7 c3,c8 => r5c3<>4");
    }

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
