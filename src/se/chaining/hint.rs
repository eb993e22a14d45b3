//! SE's chaining hints: their names, difficulties, complexities and sort keys, and the
//! choice among them.
//!
//! A chaining producer sorts its hints by difficulty (a Java double), then complexity
//! (how many potentials its chains hold), then a sort key per kind; the sort is stable, so
//! ties keep the order the hints were found in. The first of that order is what SE
//! applies, so `Best` keeps the least hint offered, the earliest among equals.

use super::Chainer;
use crate::geometry::{Cell, Digit};
use crate::se::difficulty::Difficulty;

/// The kind of a chaining hint (SE's hint classes and their flavours).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ChainKind {
    /// A bidirectional cycle (`CycleHint`) with house links only, cell links only, or both.
    XCycle,
    YCycle,
    XyCycle,
    /// A forcing chain from one candidate to its own negation (`ForcingChainHint`).
    XChain,
    XyChain,
    /// A candidate whose assumption (on or off) leads to a contradiction
    /// (`BinaryChainingHint`, absurd; Nishio's hints are these).
    Contradiction,
    /// A potential implied by both states of a candidate (`BinaryChainingHint`).
    Double,
    /// A potential implied by every candidate of a cell (`CellChainingHint`).
    CellForcing,
    /// A potential implied by every place of a digit in a house (`RegionChainingHint`).
    RegionForcing,
}

impl ChainKind {
    /// SE's sort key among hints of equal difficulty and complexity.
    pub fn sort_key(self) -> u8 {
        match self {
            ChainKind::Double => 1,
            ChainKind::XCycle | ChainKind::XChain => 2,
            ChainKind::YCycle => 3,
            ChainKind::XyCycle | ChainKind::XyChain => 4,
            ChainKind::CellForcing => 5,
            ChainKind::RegionForcing => 6,
            ChainKind::Contradiction => 7,
        }
    }

    /// The base difficulty before the length adder.
    pub fn base(self, chainer: Chainer) -> f64 {
        match self {
            ChainKind::XCycle | ChainKind::YCycle => 6.5,
            ChainKind::XChain => 6.6,
            ChainKind::XyCycle | ChainKind::XyChain => 7.0,
            _ => match chainer {
                Chainer::Nishio => 7.5,
                Chainer::Multiple => 8.0,
                Chainer::Dynamic => 8.5,
                // 8.5 + 0.5 * level, level 1.
                Chainer::DynamicPlus => 8.5 + 0.5,
                Chainer::Cycles => unreachable!("cycles make no multiple chains"),
            },
        }
    }

    /// SE's hint name. `cells` is how many cells a cycle goes through; `complexity` is
    /// the hint's complexity (a Turbot Fish is an X-chain of six potentials).
    pub fn name(self, chainer: Chainer, cells: u32, complexity: u32) -> &'static str {
        let plus = chainer == Chainer::DynamicPlus;
        match self {
            ChainKind::XCycle if cells == 4 => "Generalized X-Wing",
            ChainKind::XCycle => "Bidirectional X-Cycle",
            ChainKind::YCycle => "Bidirectional Y-Cycle",
            ChainKind::XyCycle => "Bidirectional Cycle",
            ChainKind::XChain if complexity == 6 => "Turbot Fish",
            ChainKind::XChain => "Forcing X-Chain",
            ChainKind::XyChain => "Forcing Chain",
            _ if chainer == Chainer::Nishio => "Nishio Forcing Chains",
            ChainKind::Contradiction if plus => "Dynamic Contradiction Forcing Chains (+)",
            ChainKind::Contradiction => "Dynamic Contradiction Forcing Chains",
            ChainKind::Double if plus => "Dynamic Double Forcing Chains (+)",
            ChainKind::Double => "Dynamic Double Forcing Chains",
            ChainKind::CellForcing if plus => "Dynamic Cell Forcing Chains (+)",
            ChainKind::CellForcing if chainer == Chainer::Dynamic => "Dynamic Cell Forcing Chains",
            ChainKind::CellForcing => "Cell Forcing Chains",
            ChainKind::RegionForcing if plus => "Dynamic Region Forcing Chains (+)",
            ChainKind::RegionForcing if chainer == Chainer::Dynamic => {
                "Dynamic Region Forcing Chains"
            }
            ChainKind::RegionForcing => "Region Forcing Chains",
        }
    }
}

/// SE's length adder (`getLengthDifficulty`) in tenths: one per step of the ceilings
/// 4, 6, 8, 12, 16, 24, ... that the complexity less two exceeds.
pub fn length_tenths(complexity: u32) -> u32 {
    let length = i64::from(complexity) - 2;
    let (mut ceil, mut odd, mut tenths) = (4i64, false, 0);
    while length > ceil {
        tenths += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    tenths
}

/// A hint's difficulty: its base plus the length adder, as SE adds them.
pub fn difficulty(kind: ChainKind, chainer: Chainer, complexity: u32) -> Difficulty {
    Difficulty::with_tenths(kind.base(chainer), length_tenths(complexity))
}

/// One implication of a chain: a candidate true (`on`) or false, implied by the
/// implications at `parents` (indices into the same chain; none for the assumption).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Implication {
    pub cell: Cell,
    pub digit: Digit,
    pub on: bool,
    pub parents: Vec<u16>,
}

/// The implications from one assumption to one conclusion: `implications[0]` is the
/// conclusion, then its ancestors as SE lists them (breadth first from the conclusion).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chain {
    pub implications: Vec<Implication>,
}

impl Chain {
    /// The assumption the chain starts from.
    pub fn assumption(&self) -> &Implication {
        self.implications
            .iter()
            .find(|i| i.parents.is_empty())
            .expect("a chain starts from an assumption")
    }
}

/// The hint a chaining producer gives first, as SE's `SingleHintAccumulator` gets it.
#[derive(Clone, PartialEq, Debug)]
pub struct ChainingHint {
    /// SE's hint name (`getName`).
    pub name: &'static str,
    pub kind: ChainKind,
    /// The difficulty (`getDifficulty`): the base plus the length adder.
    pub difficulty: Difficulty,
    /// SE's complexity: the potentials of all the hint's chains.
    pub complexity: u32,
    /// The candidates the hint removes, by cell then digit.
    pub removals: Vec<(Cell, Digit)>,
    /// The digit the hint sets, when SE's hint sets one (`Hint.getCell() != null`).
    pub placement: Option<(Cell, Digit)>,
    /// The chains the hint rests on: a cycle's two directions, a forcing chain, the two
    /// chains of a contradiction or a double implication, one chain per candidate of a
    /// cell or per place of a digit in a house.
    pub chains: Vec<Chain>,
}

impl ChainingHint {
    /// SE's sort key among hints of equal difficulty and complexity.
    pub fn sort_key(&self) -> u8 {
        self.kind.sort_key()
    }
}

/// The least hint offered so far, by SE's order; the first among equals.
#[derive(Default)]
pub(super) struct Best {
    pub hint: Option<ChainingHint>,
}

impl Best {
    /// Whether a hint of this difficulty, complexity and kind would come before the one
    /// kept (and so must be built and offered).
    #[inline]
    pub fn beaten_by(&self, difficulty: Difficulty, complexity: u32, kind: ChainKind) -> bool {
        match &self.hint {
            None => true,
            Some(best) => {
                if difficulty.0 != best.difficulty.0 {
                    return difficulty.0 < best.difficulty.0;
                }
                if complexity != best.complexity {
                    return complexity < best.complexity;
                }
                kind.sort_key() < best.kind.sort_key()
            }
        }
    }

    /// The most complexity a hint of a fixed base difficulty may have and still come
    /// first (hints whose difficulty grows with their complexity and nothing else).
    #[inline]
    pub fn complexity_limit(&self) -> u32 {
        self.hint.as_ref().map_or(u32::MAX, |best| best.complexity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_adder_steps_at_se_s_ceilings() {
        // length = complexity - 2 over 4, 6, 8, 12, 16, 24, 32 adds one tenth each.
        let steps: Vec<u32> = [6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35]
            .iter()
            .map(|&c| length_tenths(c))
            .collect();
        assert_eq!(steps, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]);
    }

    #[test]
    fn difficulty_is_the_base_plus_tenths_added_one_by_one() {
        let d = difficulty(ChainKind::XyChain, Chainer::Cycles, 10);
        assert_eq!(d.0, 7.0 + (0.1 + 0.1));
        assert_eq!(d.to_string(), "7.2");
        let plus = difficulty(ChainKind::Double, Chainer::DynamicPlus, 8);
        assert_eq!(plus.to_string(), "9.1");
    }

    #[test]
    fn names_follow_the_chainer() {
        assert_eq!(
            ChainKind::RegionForcing.name(Chainer::Multiple, 0, 9),
            "Region Forcing Chains"
        );
        assert_eq!(
            ChainKind::Contradiction.name(Chainer::Nishio, 0, 9),
            "Nishio Forcing Chains"
        );
        assert_eq!(
            ChainKind::XCycle.name(Chainer::Cycles, 4, 8),
            "Generalized X-Wing"
        );
        assert_eq!(ChainKind::XChain.name(Chainer::Cycles, 0, 6), "Turbot Fish");
    }
}
