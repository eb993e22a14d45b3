//! SE's rules as a results file and the command line name them: one kebab-case name per
//! hint name SE prints (`Naked Pair` is `naked-pair`, `Dynamic Cell Forcing Chains (+)`
//! is `dynamic-cell-forcing-chains-plus`), in SE's producer order. The three hidden
//! singles (by house type, three difficulties) share SE's one name; unique loops of six
//! cells and more are named by type whatever their size (`Unique Loop 8 type 2` counts as
//! `unique-loop-type-2`). The list is fixed, so an SE run's header is stable.

use crate::se::hint::Rule;
use std::fmt;

macro_rules! named {
    ($($column:literal = $hint:literal,)*) => {
        /// The names, in SE's order: (column, SE's hint name).
        static NAMES: &[(&str, &str)] = &[$(($column, $hint),)*];
    };
}

named! {
    "hidden-single" = "Hidden Single",
    "direct-pointing" = "Direct Pointing",
    "direct-claiming" = "Direct Claiming",
    "direct-hidden-pair" = "Direct Hidden Pair",
    "naked-single" = "Naked Single",
    "direct-hidden-triplet" = "Direct Hidden Triplet",
    "pointing" = "Pointing",
    "claiming" = "Claiming",
    "naked-pair" = "Naked Pair",
    "x-wing" = "X-Wing",
    "hidden-pair" = "Hidden Pair",
    "naked-triplet" = "Naked Triplet",
    "swordfish" = "Swordfish",
    "hidden-triplet" = "Hidden Triplet",
    "xy-wing" = "XY-Wing",
    "xyz-wing" = "XYZ-Wing",
    "unique-rectangle-type-1" = "Unique Rectangle type 1",
    "unique-rectangle-type-2" = "Unique Rectangle type 2",
    "unique-rectangle-type-3" = "Unique Rectangle type 3",
    "unique-rectangle-type-4" = "Unique Rectangle type 4",
    "unique-loop-type-1" = "Unique Loop type 1",
    "unique-loop-type-2" = "Unique Loop type 2",
    "unique-loop-type-3" = "Unique Loop type 3",
    "unique-loop-type-4" = "Unique Loop type 4",
    "naked-quad" = "Naked Quad",
    "jellyfish" = "Jellyfish",
    "hidden-quad" = "Hidden Quad",
    "bug-type-1" = "BUG type 1",
    "bug-type-2" = "BUG type 2",
    "bug-type-3" = "BUG type 3",
    "bug-type-4" = "BUG type 4",
    "aligned-pair-exclusion" = "Aligned Pair Exclusion",
    "generalized-x-wing" = "Generalized X-Wing",
    "bidirectional-x-cycle" = "Bidirectional X-Cycle",
    "bidirectional-y-cycle" = "Bidirectional Y-Cycle",
    "turbot-fish" = "Turbot Fish",
    "forcing-x-chain" = "Forcing X-Chain",
    "bidirectional-cycle" = "Bidirectional Cycle",
    "forcing-chain" = "Forcing Chain",
    "aligned-triplet-exclusion" = "Aligned Triplet Exclusion",
    "nishio-forcing-chains" = "Nishio Forcing Chains",
    "cell-forcing-chains" = "Cell Forcing Chains",
    "region-forcing-chains" = "Region Forcing Chains",
    "dynamic-contradiction-forcing-chains" = "Dynamic Contradiction Forcing Chains",
    "dynamic-double-forcing-chains" = "Dynamic Double Forcing Chains",
    "dynamic-cell-forcing-chains" = "Dynamic Cell Forcing Chains",
    "dynamic-region-forcing-chains" = "Dynamic Region Forcing Chains",
    "dynamic-contradiction-forcing-chains-plus" = "Dynamic Contradiction Forcing Chains (+)",
    "dynamic-double-forcing-chains-plus" = "Dynamic Double Forcing Chains (+)",
    "dynamic-cell-forcing-chains-plus" = "Dynamic Cell Forcing Chains (+)",
    "dynamic-region-forcing-chains-plus" = "Dynamic Region Forcing Chains (+)",
    "dynamic-contradiction-forcing-chains-plus-forcing-chains" = "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
    "dynamic-double-forcing-chains-plus-forcing-chains" = "Dynamic Double Forcing Chains (+ Forcing Chains)",
    "dynamic-cell-forcing-chains-plus-forcing-chains" = "Dynamic Cell Forcing Chains (+ Forcing Chains)",
    "dynamic-region-forcing-chains-plus-forcing-chains" = "Dynamic Region Forcing Chains (+ Forcing Chains)",
    "dynamic-contradiction-forcing-chains-plus-multiple-forcing-chains" = "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
    "dynamic-double-forcing-chains-plus-multiple-forcing-chains" = "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
    "dynamic-cell-forcing-chains-plus-multiple-forcing-chains" = "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
    "dynamic-region-forcing-chains-plus-multiple-forcing-chains" = "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    "dynamic-contradiction-forcing-chains-plus-dynamic-forcing-chains" = "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
    "dynamic-double-forcing-chains-plus-dynamic-forcing-chains" = "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
    "dynamic-cell-forcing-chains-plus-dynamic-forcing-chains" = "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
    "dynamic-region-forcing-chains-plus-dynamic-forcing-chains" = "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
}

/// One of SE's rules by the name a results file gives it (a count column, `hardest`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct SeRule(u8);

impl SeRule {
    /// How many names there are.
    pub const COUNT: usize = NAMES.len();

    /// Every name, in SE's order.
    pub fn all() -> impl Iterator<Item = SeRule> {
        (0..NAMES.len() as u8).map(SeRule)
    }

    /// The position in SE's order.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The kebab-case name.
    pub fn name(self) -> &'static str {
        NAMES[self.index()].0
    }

    /// SE's hint name (the unique loops' without their size).
    pub fn hint_name(self) -> &'static str {
        NAMES[self.index()].1
    }

    /// The rule named `name` (kebab-case, as written in a results file).
    pub fn from_name(name: &str) -> Option<SeRule> {
        NAMES
            .iter()
            .position(|(column, _)| *column == name)
            .map(|i| SeRule(i as u8))
    }

    fn by_hint_name(hint: &str) -> Option<SeRule> {
        NAMES
            .iter()
            .position(|(_, name)| *name == hint)
            .map(|i| SeRule(i as u8))
    }

    /// The name of a hint's rule. Every hint name SE's producers give is listed (a test
    /// holds it for the chaining family's names).
    pub fn of(rule: Rule) -> SeRule {
        let hint = match rule {
            Rule::HiddenSingleAlone | Rule::HiddenSingleBox | Rule::HiddenSingleLine => {
                "Hidden Single"
            }
            Rule::UniqueLoop { cells, kind } => {
                let index = usize::from(kind.clamp(1, 4)) - 1;
                return match cells {
                    4 => SeRule::UNIQUE_RECTANGLES[index],
                    _ => SeRule::UNIQUE_LOOPS[index],
                };
            }
            Rule::Chaining(name) => name,
            rule => rule.facts().0,
        };
        SeRule::by_hint_name(hint)
            .unwrap_or_else(|| unreachable!("SE's hint name {hint:?} has no column"))
    }

    const UNIQUE_RECTANGLES: [SeRule; 4] = [SeRule(16), SeRule(17), SeRule(18), SeRule(19)];
    const UNIQUE_LOOPS: [SeRule; 4] = [SeRule(20), SeRule(21), SeRule(22), SeRule(23)];

    /// Whether the rule is a hidden or naked single.
    pub fn is_single(self) -> bool {
        matches!(self.name(), "hidden-single" | "naked-single")
    }

    /// Whether the rule assumes the puzzle has one solution (Unique Loops and BUG): a
    /// solve that used one does not prove it.
    pub fn assumes_uniqueness(self) -> bool {
        (16..=23).contains(&self.0) || (27..=30).contains(&self.0)
    }
}

impl fmt::Display for SeRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::se::chaining::Chainer;
    use crate::se::chaining::hint::ChainKind;

    #[test]
    fn names_are_the_hint_names_in_kebab_case() {
        for rule in SeRule::all() {
            let kebab = rule
                .hint_name()
                .to_lowercase()
                .replace("(+)", "plus")
                .replace("(+ ", "plus ")
                .replace(')', "")
                .replace(' ', "-");
            assert_eq!(rule.name(), kebab);
            assert_eq!(SeRule::from_name(rule.name()), Some(rule));
        }
        assert_eq!(SeRule::from_name("score"), None);
    }

    #[test]
    fn the_uniqueness_rules_are_the_loops_and_bug() {
        let assuming: Vec<&str> = SeRule::all()
            .filter(|r| r.assumes_uniqueness())
            .map(|r| r.hint_name())
            .collect();
        assert_eq!(assuming.len(), 12);
        assert!(
            assuming
                .iter()
                .all(|n| n.starts_with("Unique") || n.starts_with("BUG"))
        );
    }

    #[test]
    fn every_rule_of_se_has_a_name() {
        use Rule::*;
        for rule in Rule::FIXED {
            assert_eq!(SeRule::of(rule).hint_name(), rule.facts().0);
        }
        assert_eq!(
            SeRule::of(UniqueLoop { cells: 8, kind: 2 }).name(),
            "unique-loop-type-2"
        );
        assert_eq!(
            SeRule::of(UniqueLoop { cells: 4, kind: 3 }).name(),
            "unique-rectangle-type-3"
        );
        let kinds = [
            ChainKind::XCycle,
            ChainKind::YCycle,
            ChainKind::XyCycle,
            ChainKind::XChain,
            ChainKind::XyChain,
        ];
        for kind in kinds {
            for (cells, complexity) in [(4, 6), (6, 8)] {
                let name = kind.name(Chainer::Cycles, cells, complexity);
                assert_eq!(SeRule::of(Chaining(name)).hint_name(), name);
            }
        }
        let multiple = [
            ChainKind::CellForcing,
            ChainKind::RegionForcing,
            ChainKind::Contradiction,
            ChainKind::Double,
        ];
        for chainer in [
            Chainer::Nishio,
            Chainer::Multiple,
            Chainer::Dynamic,
            Chainer::DynamicPlus,
        ] {
            for kind in multiple {
                let name = kind.name(chainer, 0, 20);
                assert_eq!(SeRule::of(Chaining(name)).hint_name(), name);
            }
        }
    }
}
