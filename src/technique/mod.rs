//! The technique catalogue: one line per technique in `catalogue!` below gives its stable
//! kebab-case name, its HoDoKu code, its label, HoDoKu's level and base score, whether it
//! is in the `standard` preset, and the finder function that searches a grid for it.
//! The order of the lines is HoDoKu's default solving order.
//!
//! Adding a technique means writing its finder in a file of this folder and adding one
//! line below. A finder reads a [`Candidates`] grid, never changes it, and reports each
//! pattern instance as a [`Step`] into a [`StepSink`], stopping when the sink says so.

mod brute_force;
mod coloring;
mod finned_fish;
mod intersections;
pub mod memo;
mod related_sets;
mod remote_pair;
mod single_digit;
mod singles;
#[cfg(test)]
mod test_grids;
mod uniqueness;
mod w_wing;
mod wings;

use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::grade::Level;
use crate::puzzle::Solution;
use crate::step::{Notation, Step};
use memo::{Memo, Snapshot};
use std::fmt;
use std::ops::ControlFlow;

/// What every technique's finder looks like.
pub type Finder = fn(&Candidates, &mut StepSink<'_>) -> ControlFlow<()>;

/// The catalogue's facts about one technique.
#[derive(Debug)]
pub struct TechniqueInfo {
    /// Stable kebab-case name, used on the command line and as CSV column name.
    pub name: &'static str,
    /// HoDoKu's code, accepted as an alias.
    pub code: &'static str,
    /// Human label, as HoDoKu prints it.
    pub label: &'static str,
    /// HoDoKu's level for the technique.
    pub level: Level,
    /// HoDoKu's base score for one step.
    pub score: u32,
    /// Whether HoDoKu's default ladder (our `standard` preset) uses it.
    pub standard: bool,
    /// How its steps write their pattern.
    pub notation: Notation,
    finder: Finder,
}

macro_rules! catalogue {
    ($($variant:ident: $name:literal, $code:literal, $label:literal, $level:ident, $score:literal,
       $standard:literal, $notation:ident, $finder:path;)*) => {
        /// A solving technique. Declaration order is HoDoKu's default order.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub enum Technique {
            $($variant,)*
        }

        static CATALOGUE: &[TechniqueInfo] = &[
            $(TechniqueInfo {
                name: $name,
                code: $code,
                label: $label,
                level: Level::$level,
                score: $score,
                standard: $standard,
                notation: Notation::$notation,
                finder: $finder,
            },)*
        ];

        impl Technique {
            /// Every technique, in catalogue order.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];
        }
    };
}

catalogue! {
    // variant: name, HoDoKu code, label, level, base score, in `standard`, notation, finder
    FullHouse: "full-house", "fh", "Full House", Easy, 4, true, Placement, singles::full_houses;
    NakedSingle: "naked-single", "n1", "Naked Single", Easy, 4, true, Placement, singles::naked_singles;
    HiddenSingle: "hidden-single", "h1", "Hidden Single", Easy, 14, true, Placement, singles::hidden_singles;
    LockedPair: "locked-pair", "l2", "Locked Pair", Medium, 40, true, Cells, intersections::locked_pairs;
    LockedTriple: "locked-triple", "l3", "Locked Triple", Medium, 60, true, Cells, intersections::locked_triples;
    LockedCandidatesPointing: "locked-candidates-pointing", "lc1",
        "Locked Candidates Type 1 (Pointing)", Medium, 50, true, Houses, intersections::pointing;
    LockedCandidatesClaiming: "locked-candidates-claiming", "lc2",
        "Locked Candidates Type 2 (Claiming)", Medium, 50, true, Houses, intersections::claiming;
    NakedPair: "naked-pair", "n2", "Naked Pair", Medium, 60, true, Cells, related_sets::naked_pairs;
    NakedTriple: "naked-triple", "n3", "Naked Triple", Medium, 80, true, Cells, related_sets::naked_triples;
    HiddenPair: "hidden-pair", "h2", "Hidden Pair", Medium, 70, true, Cells, related_sets::hidden_pairs;
    HiddenTriple: "hidden-triple", "h3", "Hidden Triple", Medium, 100, true, Cells, related_sets::hidden_triples;
    NakedQuad: "naked-quad", "n4", "Naked Quadruple", Hard, 120, true, Cells, related_sets::naked_quads;
    HiddenQuad: "hidden-quad", "h4", "Hidden Quadruple", Hard, 150, true, Cells, related_sets::hidden_quads;
    XWing: "x-wing", "bf2", "X-Wing", Hard, 140, true, Fish, related_sets::x_wings;
    Swordfish: "swordfish", "bf3", "Swordfish", Hard, 150, true, Fish, related_sets::swordfish;
    Jellyfish: "jellyfish", "bf4", "Jellyfish", Hard, 160, true, Fish, related_sets::jellyfish;
    RemotePair: "remote-pair", "rp", "Remote Pair", Hard, 110, true, RemotePair, remote_pair::remote_pairs;
    BugPlusOne: "bug-plus-1", "bug1", "Bivalue Universal Grave + 1",
        Hard, 100, true, Cells, uniqueness::bug_plus_one;
    Skyscraper: "skyscraper", "sk", "Skyscraper", Hard, 130, true, Connected, single_digit::skyscrapers;
    TwoStringKite: "two-string-kite", "2sk", "2-String Kite", Hard, 150, true, Connected,
        single_digit::two_string_kites;
    TurbotFish: "turbot-fish", "tf", "Turbot Fish", Hard, 120, true, XChain, single_digit::turbot_fish;
    EmptyRectangle: "empty-rectangle", "er", "Empty Rectangle", Hard, 120, true, BoxLink,
        single_digit::empty_rectangles;
    WWing: "w-wing", "w", "W-Wing", Hard, 150, true, WWing, w_wing::w_wings;
    XyWing: "xy-wing", "xy", "XY-Wing", Hard, 160, true, Cells, wings::xy_wings;
    XyzWing: "xyz-wing", "xyz", "XYZ-Wing", Hard, 180, true, Cells, wings::xyz_wings;
    UniquenessTest1: "uniqueness-test-1", "u1", "Uniqueness Test 1", Hard, 100, true, Rectangle,
        uniqueness::uniqueness_test_1;
    UniquenessTest2: "uniqueness-test-2", "u2", "Uniqueness Test 2", Hard, 100, true, Rectangle,
        uniqueness::uniqueness_test_2;
    UniquenessTest4: "uniqueness-test-4", "u4", "Uniqueness Test 4", Hard, 100, true, Rectangle,
        uniqueness::uniqueness_test_4;
    FinnedXWing: "finned-x-wing", "fbf2", "Finned X-Wing", Hard, 130, true, Fish, finned_fish::finned_x_wings;
    SashimiXWing: "sashimi-x-wing", "sbf2", "Sashimi X-Wing", Hard, 150, true, Fish,
        finned_fish::sashimi_x_wings;
    FinnedSwordfish: "finned-swordfish", "fbf3", "Finned Swordfish", Unfair, 200, true, Fish,
        finned_fish::finned_swordfish;
    SashimiSwordfish: "sashimi-swordfish", "sbf3", "Sashimi Swordfish", Unfair, 240, true, Fish,
        finned_fish::sashimi_swordfish;
    FinnedJellyfish: "finned-jellyfish", "fbf4", "Finned Jellyfish", Unfair, 250, true, Fish,
        finned_fish::finned_jellyfish;
    SashimiJellyfish: "sashimi-jellyfish", "sbf4", "Sashimi Jellyfish", Unfair, 260, true, Fish,
        finned_fish::sashimi_jellyfish;
    SimpleColors: "simple-colors", "sc", "Simple Colors", Hard, 150, true, Colors, coloring::simple_colors;
    MultiColors: "multi-colors", "mc", "Multi Colors", Hard, 200, true, Colors, coloring::multi_colors;
    BruteForce: "brute-force", "bf", "Brute Force", Extreme, 10000, false, Placement, brute_force::brute_force;
}

impl Technique {
    /// How many techniques the catalogue holds.
    pub const COUNT: usize = Technique::ALL.len();

    /// The catalogue's facts.
    #[inline]
    pub fn info(self) -> &'static TechniqueInfo {
        &CATALOGUE[self as usize]
    }
    /// Position in the catalogue, for per-technique arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        self.info().name
    }
    pub fn code(self) -> &'static str {
        self.info().code
    }
    pub fn label(self) -> &'static str {
        self.info().label
    }

    /// Looks a technique up by name or HoDoKu code, ignoring case.
    pub fn from_name(text: &str) -> Option<Technique> {
        let text = text.trim();
        Technique::ALL
            .iter()
            .copied()
            .find(|t| t.name().eq_ignore_ascii_case(text) || t.code().eq_ignore_ascii_case(text))
    }

    /// Searches `grid` for this technique and reports into `sink`.
    #[inline]
    pub fn find(self, grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        (self.info().finder)(grid, sink)
    }

    /// For a technique whose steps only place a digit (the singles), calls `each` with the
    /// placements its finder would report, in the same order, without building steps, and
    /// returns true; returns false for every other technique. The solver's path when it
    /// keeps neither a step log nor a check of each step.
    #[inline]
    pub fn placements(
        self,
        grid: &Candidates,
        mut each: impl FnMut(Cell, Digit) -> ControlFlow<()>,
    ) -> bool {
        let _ = match self {
            Technique::FullHouse => singles::full_house_placements(grid)
                .try_for_each(|(_, cell, digit)| each(cell, digit)),
            Technique::NakedSingle => singles::naked_single_placements(grid)
                .try_for_each(|(cell, digit)| each(cell, digit)),
            Technique::HiddenSingle => singles::hidden_single_placements(grid)
                .try_for_each(|(_, cell, digit)| each(cell, digit)),
            _ => return false,
        };
        true
    }

    /// Every step this technique finds in `grid`, in the finder's order. Convenient for
    /// tests, hints and explanations; the solver uses [`Technique::find`] with a reused buffer.
    pub fn find_all(self, grid: &Candidates, solution: Option<&Solution>) -> Vec<Step> {
        let mut steps = Vec::new();
        let mut sink = StepSink::new(grid, solution, &mut steps, usize::MAX);
        let _ = self.find(grid, &mut sink);
        steps
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where finders report steps. It drops what would change nothing in the grid (so a
/// pattern whose eliminations are already done never counts as progress) and tells the
/// finder to stop once the solver has as many steps as it wants. Given a [`Memo`], it also
/// lets finders skip the parts of the grid they searched in vain before
/// ([`StepSink::search_part`]).
pub struct StepSink<'a> {
    grid: &'a Candidates,
    solution: Option<&'a Solution>,
    steps: &'a mut Vec<Step>,
    limit: usize,
    memo: Option<(Technique, &'a mut Memo)>,
}

impl<'a> StepSink<'a> {
    /// A sink that collects up to `limit` productive steps for `grid` into `steps`.
    /// `solution`, when known, is what the brute-force rung copies cells from.
    pub fn new(
        grid: &'a Candidates,
        solution: Option<&'a Solution>,
        steps: &'a mut Vec<Step>,
        limit: usize,
    ) -> Self {
        StepSink {
            grid,
            solution,
            steps,
            limit,
            memo: None,
        }
    }

    /// The same sink, reading and keeping `technique`'s records in `memo`.
    pub fn remembering(mut self, technique: Technique, memo: &'a mut Memo) -> Self {
        self.memo = Some((technique, memo));
        self
    }

    /// Reports a step; `Break` when no more are wanted.
    #[inline]
    pub fn push(&mut self, mut step: Step) -> ControlFlow<()> {
        if self.grid.trim(&mut step) {
            self.steps.push(step);
        }
        if self.steps.len() >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Runs `search` over one part of the grid (`part`, a house or digit number, whose
    /// candidates are `snapshot`), unless the memo says this technique searched the same
    /// candidates before and found nothing; records it when `search` finds nothing now.
    /// Only for finders whose steps in a part depend on that part's candidates alone.
    #[inline]
    pub fn search_part(
        &mut self,
        part: usize,
        snapshot: Snapshot,
        search: impl FnOnce(&mut Self) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if let Some((technique, memo)) = &self.memo
            && memo.found_nothing_in(*technique, part, &snapshot)
        {
            return ControlFlow::Continue(());
        }
        let before = self.steps.len();
        search(self)?;
        if self.steps.len() == before
            && let Some((technique, memo)) = &mut self.memo
        {
            memo.record_nothing_in(*technique, part, snapshot);
        }
        ControlFlow::Continue(())
    }

    /// [`StepSink::search_part`] for each digit in turn, the part being the digit: for
    /// finders whose steps for one digit depend on that digit's candidates alone.
    #[inline]
    pub fn search_digits(
        &mut self,
        mut search: impl FnMut(&mut Self, Digit) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for digit in Digit::all() {
            self.search_part(digit.index(), self.grid.digit_snapshot(digit), |sink| {
                search(sink, digit)
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Records, for a technique whose search a finder has just done the work of (a sibling
    /// differing only in what it reports), that it would find nothing in `part` holding
    /// `snapshot`.
    pub fn record_nothing_for(&mut self, technique: Technique, part: usize, snapshot: Snapshot) {
        if let Some((_, memo)) = &mut self.memo {
            memo.record_nothing_in(technique, part, snapshot);
        }
    }

    /// The puzzle's solution, when the caller knows it.
    pub fn solution(&self) -> Option<&'a Solution> {
        self.solution
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn names_and_codes_are_unique_and_resolve() {
        let mut seen = HashSet::new();
        for &t in Technique::ALL {
            assert!(seen.insert(t.name()), "duplicate name {}", t.name());
            assert!(seen.insert(t.code()), "duplicate code {}", t.code());
            assert_eq!(Technique::from_name(t.name()), Some(t));
            assert_eq!(Technique::from_name(&t.code().to_uppercase()), Some(t));
            assert!(
                t.name()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{} is not kebab-case",
                t.name()
            );
            assert!(t.name().starts_with(|c: char| c.is_ascii_lowercase()));
        }
        assert_eq!(Technique::from_name("nope"), None);
        assert_eq!(
            Technique::from_name("lc1"),
            Some(Technique::LockedCandidatesPointing)
        );
    }
}
