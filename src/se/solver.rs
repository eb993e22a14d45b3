//! SE's producer order (`Solver`'s direct, indirect and chaining lists) and how a hint is
//! applied: the first hint of the first producer that has one is the step. As in SE,
//! where each producer is a technique the user may turn off, a path may ask only some
//! producers ([`Producers`], [`next_hint_with`]), in the same order.

use crate::candidates::Candidates;
use crate::se::chaining_seam::{ChainingAnswer, ChainingStage, first_chaining_hint};
use crate::se::difficulty::Difficulty;
use crate::se::hint::Hint;
use crate::se::named::SeRule;
use crate::se::rules::{aligned_exclusion, bug, fish, locking, sets, singles, unique_loops, wings};

/// What SE would do next on a grid.
#[derive(Debug)]
pub enum Next {
    Step(Hint),
    /// A chaining stage ran past the deadline; the step would be at least this difficult.
    TimedOut(Difficulty),
    /// No producer has a hint (SE rates such a grid 20.0).
    Stuck,
}

/// A producer of SE's direct and indirect lists.
type Find = fn(&Candidates) -> Option<Hint>;

/// SE's direct and indirect producers, in `Solver`'s order.
const PRODUCERS: [Find; 20] = [
    singles::hidden_single,
    locking::direct_locking,
    |g| sets::hidden_set(g, 2, true),
    singles::naked_single,
    |g| sets::hidden_set(g, 3, true),
    locking::locking,
    |g| sets::naked_set(g, 2),
    |g| fish::fish(g, 2),
    |g| sets::hidden_set(g, 2, false),
    |g| sets::naked_set(g, 3),
    |g| fish::fish(g, 3),
    |g| sets::hidden_set(g, 3, false),
    |g| wings::xy_wing(g, false),
    |g| wings::xy_wing(g, true),
    unique_loops::unique_loop,
    |g| sets::naked_set(g, 4),
    |g| fish::fish(g, 4),
    |g| sets::hidden_set(g, 4, false),
    bug::bug,
    aligned_exclusion::aligned_pair_exclusion,
];

/// SE's producers, in `Solver`'s order: the first twenty are [`PRODUCERS`], then the
/// chaining list (Aligned Triplet Exclusion sitting among it).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Producer {
    HiddenSingle,
    DirectLocking,
    DirectHiddenPair,
    NakedSingle,
    DirectHiddenTriplet,
    Locking,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriplet,
    Swordfish,
    HiddenTriplet,
    XyWing,
    XyzWing,
    UniqueLoops,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    Bug,
    AlignedPair,
    Cycles,
    AlignedTriplet,
    Nishio,
    Multiple,
    Dynamic,
    DynamicPlus,
    Nested,
}

/// The producers in order, and SE's name for each (`SolvingTechnique`), kebab-case.
const PRODUCER_NAMES: [(Producer, &str); 27] = {
    use Producer::*;
    [
        (HiddenSingle, "hidden-single"),
        (DirectLocking, "direct-pointing"),
        (DirectHiddenPair, "direct-hidden-pair"),
        (NakedSingle, "naked-single"),
        (DirectHiddenTriplet, "direct-hidden-triplet"),
        (Locking, "pointing-claiming"),
        (NakedPair, "naked-pair"),
        (XWing, "x-wing"),
        (HiddenPair, "hidden-pair"),
        (NakedTriplet, "naked-triplet"),
        (Swordfish, "swordfish"),
        (HiddenTriplet, "hidden-triplet"),
        (XyWing, "xy-wing"),
        (XyzWing, "xyz-wing"),
        (UniqueLoops, "unique-rectangle-loop"),
        (NakedQuad, "naked-quad"),
        (Jellyfish, "jellyfish"),
        (HiddenQuad, "hidden-quad"),
        (Bug, "bivalue-universal-grave"),
        (AlignedPair, "aligned-pair-exclusion"),
        (Cycles, "forcing-chains-cycles"),
        (AlignedTriplet, "aligned-triplet-exclusion"),
        (Nishio, "nishio-forcing-chains"),
        (Multiple, "multiple-forcing-chains"),
        (Dynamic, "dynamic-forcing-chains"),
        (DynamicPlus, "dynamic-forcing-chains-plus"),
        (Nested, "nested-forcing-chains"),
    ]
};

impl Producer {
    /// The last producer: SE's whole order.
    pub const LAST: Producer = Producer::Nested;

    /// Every producer, in SE's order.
    pub fn all() -> impl Iterator<Item = Producer> {
        PRODUCER_NAMES.iter().map(|&(p, _)| p)
    }

    /// SE's name for the technique this producer finds (`SolvingTechnique`), in
    /// kebab-case: `pointing-claiming`, `unique-rectangle-loop`.
    pub fn name(self) -> &'static str {
        PRODUCER_NAMES[self as usize].1
    }

    /// The producer named `name`: SE's technique name, or the name of a rule it gives.
    pub fn from_name(name: &str) -> Option<Producer> {
        let name = name.trim().to_ascii_lowercase();
        PRODUCER_NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map(|&(p, _)| p)
            .or_else(|| SeRule::from_name(&name).map(Producer::of))
    }

    /// The producer whose hints carry `rule`'s name.
    pub fn of(rule: SeRule) -> Producer {
        use Producer::*;
        // SE's rule names come in producer order (`named`), so ranges of them map.
        const BY_NAME: [Producer; SeRule::COUNT] = {
            let mut table = [Nested; SeRule::COUNT];
            let ranges: [(Producer, usize); 27] = [
                (HiddenSingle, 1),
                (DirectLocking, 2),
                (DirectHiddenPair, 1),
                (NakedSingle, 1),
                (DirectHiddenTriplet, 1),
                (Locking, 2),
                (NakedPair, 1),
                (XWing, 1),
                (HiddenPair, 1),
                (NakedTriplet, 1),
                (Swordfish, 1),
                (HiddenTriplet, 1),
                (XyWing, 1),
                (XyzWing, 1),
                (UniqueLoops, 8),
                (NakedQuad, 1),
                (Jellyfish, 1),
                (HiddenQuad, 1),
                (Bug, 4),
                (AlignedPair, 1),
                (Cycles, 7),
                (AlignedTriplet, 1),
                (Nishio, 1),
                (Multiple, 2),
                (Dynamic, 4),
                (DynamicPlus, 4),
                (Nested, 12),
            ];
            let (mut at, mut r) = (0, 0);
            while r < ranges.len() {
                let mut n = 0;
                while n < ranges[r].1 {
                    table[at] = ranges[r].0;
                    at += 1;
                    n += 1;
                }
                r += 1;
            }
            assert!(at == SeRule::COUNT, "every name has its producer");
            table
        };
        BY_NAME[rule.index()]
    }
}

/// A set of SE's producers: those a path asks, in SE's order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Producers(u32);

impl Producers {
    /// Every producer: SE's whole order.
    pub const ALL: Producers = Producers((1 << 27) - 1);

    /// No producer.
    pub const NONE: Producers = Producers(0);

    /// The producers up to and including `last`.
    pub fn upto(last: Producer) -> Producers {
        Producers((2 << last as u32) - 1)
    }

    #[inline]
    pub fn has(self, producer: Producer) -> bool {
        self.0 & 1 << producer as u32 != 0
    }

    /// These and `producer`.
    pub fn with(self, producer: Producer) -> Producers {
        Producers(self.0 | 1 << producer as u32)
    }

    /// The producers in SE's order.
    pub fn iter(self) -> impl Iterator<Item = Producer> {
        Producer::all().filter(move |&p| self.has(p))
    }
}

/// SE's first hint on `grid`, asking its producers in SE's order.
pub fn next_hint(grid: &Candidates) -> Next {
    next_hint_with(grid, Producers::ALL)
}

/// SE's first hint on `grid`, asking `producers` in SE's order: a grid none of them has
/// a hint for is [`Next::Stuck`].
pub fn next_hint_with(grid: &Candidates, producers: Producers) -> Next {
    for (i, find) in PRODUCERS.iter().enumerate() {
        if producers.0 & 1 << i == 0 {
            continue;
        }
        if let Some(hint) = find(grid) {
            return Next::Step(hint);
        }
    }
    // SE's chaining list: cycles, Aligned Triplet Exclusion, then the forcing chains.
    let chaining = |stage, producer: Producer| -> Option<Next> {
        if !producers.has(producer) {
            return None;
        }
        match first_chaining_hint(grid, stage) {
            ChainingAnswer::Found(hint) => Some(Next::Step(hint)),
            ChainingAnswer::TimedOut(least) => Some(Next::TimedOut(least)),
            ChainingAnswer::Nothing => None,
        }
    };
    if let Some(next) = chaining(ChainingStage::Cycles, Producer::Cycles) {
        return next;
    }
    if producers.has(Producer::AlignedTriplet)
        && let Some(hint) = aligned_exclusion::aligned_triplet_exclusion(grid)
    {
        return Next::Step(hint);
    }
    for (stage, producer) in [
        (ChainingStage::Nishio, Producer::Nishio),
        (ChainingStage::Multiple, Producer::Multiple),
        (ChainingStage::Dynamic, Producer::Dynamic),
        (ChainingStage::DynamicPlus, Producer::DynamicPlus),
        (ChainingStage::Nested, Producer::Nested),
    ] {
        if let Some(next) = chaining(stage, producer) {
            return next;
        }
    }
    Next::Stuck
}

/// Applies a hint as SE's `IndirectHint.apply` does: its removals, then its placement
/// (the cell's value set and cancelled from its peers).
pub fn apply(grid: &mut Candidates, hint: &Hint) {
    for digit in crate::geometry::Digit::all() {
        let cells = hint.removals.cells(digit);
        if !cells.is_empty() {
            grid.eliminate_all(digit, cells);
        }
    }
    if let Some((cell, digit)) = hint.placement {
        grid.place(cell, digit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_name_belongs_to_the_producer_that_gives_it() {
        let producer = |name| Producer::of(SeRule::from_name(name).unwrap());
        assert_eq!(producer("hidden-single"), Producer::HiddenSingle);
        assert_eq!(producer("direct-claiming"), Producer::DirectLocking);
        assert_eq!(producer("claiming"), Producer::Locking);
        assert_eq!(producer("xyz-wing"), Producer::XyzWing);
        assert_eq!(producer("unique-loop-type-4"), Producer::UniqueLoops);
        assert_eq!(producer("bug-type-4"), Producer::Bug);
        assert_eq!(producer("aligned-pair-exclusion"), Producer::AlignedPair);
        assert_eq!(producer("forcing-chain"), Producer::Cycles);
        assert_eq!(
            producer("aligned-triplet-exclusion"),
            Producer::AlignedTriplet
        );
        assert_eq!(producer("region-forcing-chains"), Producer::Multiple);
        assert_eq!(producer("dynamic-region-forcing-chains"), Producer::Dynamic);
        assert_eq!(
            producer("dynamic-cell-forcing-chains-plus"),
            Producer::DynamicPlus
        );
        assert_eq!(
            producer("dynamic-double-forcing-chains-plus-forcing-chains"),
            Producer::Nested
        );
        // In SE's order, never going back.
        let producers: Vec<Producer> = SeRule::all().map(Producer::of).collect();
        assert!(producers.windows(2).all(|w| w[0] <= w[1]));
        for (i, p) in Producer::all().enumerate() {
            assert_eq!(p as usize, i);
            assert_eq!(Producer::from_name(p.name()), Some(p));
        }
        assert_eq!(Producer::from_name("Claiming"), Some(Producer::Locking));
        assert_eq!(Producers::upto(Producer::LAST), Producers::ALL);
        assert_eq!(Producers::upto(Producer::XWing).iter().count(), 8);
    }

    #[test]
    fn a_cut_order_stops_where_the_whole_one_goes_on() {
        // top95's first: SE's path needs Pointing.
        let puzzle = crate::puzzle::Puzzle::parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let mut grid = Candidates::from_puzzle(&puzzle);
        loop {
            let Next::Step(hint) = next_hint(&grid) else {
                panic!("SE's path goes past the singles")
            };
            let producer = Producer::of(SeRule::of(hint.rule));
            let upto = Producers::upto(producer);
            assert!(matches!(next_hint_with(&grid, upto), Next::Step(h) if h == hint));
            let only = Producers::NONE.with(producer);
            assert!(matches!(next_hint_with(&grid, only), Next::Step(h) if h == hint));
            if producer > Producer::NakedSingle {
                let singles = Producers::upto(Producer::NakedSingle);
                assert!(matches!(next_hint_with(&grid, singles), Next::Stuck));
                break;
            }
            apply(&mut grid, &hint);
        }
    }
}
