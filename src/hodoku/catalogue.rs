//! The technique catalogue: the facts about every technique, one line each in `catalogue!`
//! below: its stable kebab-case name, its HoDoKu code, its label, HoDoKu's level and base
//! score, whether it is in the `standard` preset, and how its steps are written. The order
//! of the lines is HoDoKu's default solving order.
//!
//! Only facts live here; the finder that searches a grid for each technique is in
//! [`crate::technique`], which maps every [`Technique`] to its finder.

use crate::hodoku::level::Level;
use std::fmt;

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
}

macro_rules! catalogue {
    ($($variant:ident: $name:literal, $code:literal, $label:literal, $level:ident, $score:literal,
       $standard:literal, $notation:ident;)*) => {
        /// A solving technique. Declaration order is HoDoKu's default order.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub enum Technique {
            $(#[doc = $label] $variant,)*
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
            },)*
        ];

        impl Technique {
            /// Every technique, in catalogue order.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];
        }
    };
}

catalogue! {
    // variant: name, HoDoKu code, label, level, base score, in `standard`, notation
    FullHouse: "full-house", "fh", "Full House", Easy, 4, true, Placement;
    NakedSingle: "naked-single", "n1", "Naked Single", Easy, 4, true, Placement;
    HiddenSingle: "hidden-single", "h1", "Hidden Single", Easy, 14, true, Placement;
    LockedPair: "locked-pair", "l2", "Locked Pair", Medium, 40, true, Cells;
    LockedTriple: "locked-triple", "l3", "Locked Triple", Medium, 60, true, Cells;
    LockedCandidatesPointing: "locked-candidates-pointing", "lc1", "Locked Candidates Type 1 (Pointing)", Medium, 50, true, Houses;
    LockedCandidatesClaiming: "locked-candidates-claiming", "lc2", "Locked Candidates Type 2 (Claiming)", Medium, 50, true, Houses;
    NakedPair: "naked-pair", "n2", "Naked Pair", Medium, 60, true, Cells;
    NakedTriple: "naked-triple", "n3", "Naked Triple", Medium, 80, true, Cells;
    HiddenPair: "hidden-pair", "h2", "Hidden Pair", Medium, 70, true, Cells;
    HiddenTriple: "hidden-triple", "h3", "Hidden Triple", Medium, 100, true, Cells;
    NakedQuad: "naked-quad", "n4", "Naked Quadruple", Hard, 120, true, Cells;
    HiddenQuad: "hidden-quad", "h4", "Hidden Quadruple", Hard, 150, true, Cells;
    XWing: "x-wing", "bf2", "X-Wing", Hard, 140, true, Fish;
    Swordfish: "swordfish", "bf3", "Swordfish", Hard, 150, true, Fish;
    Jellyfish: "jellyfish", "bf4", "Jellyfish", Hard, 160, true, Fish;
    Squirmbag: "squirmbag", "bf5", "Squirmbag", Unfair, 470, false, Fish;
    Whale: "whale", "bf6", "Whale", Unfair, 470, false, Fish;
    Leviathan: "leviathan", "bf7", "Leviathan", Unfair, 470, false, Fish;
    RemotePair: "remote-pair", "rp", "Remote Pair", Hard, 110, true, RemotePair;
    BugPlusOne: "bug-plus-1", "bug1", "Bivalue Universal Grave + 1", Hard, 100, true, Cells;
    Skyscraper: "skyscraper", "sk", "Skyscraper", Hard, 130, true, Connected;
    TwoStringKite: "two-string-kite", "2sk", "2-String Kite", Hard, 150, true, Connected;
    TurbotFish: "turbot-fish", "tf", "Turbot Fish", Hard, 120, true, XChain;
    EmptyRectangle: "empty-rectangle", "er", "Empty Rectangle", Hard, 120, true, BoxLink;
    WWing: "w-wing", "w", "W-Wing", Hard, 150, true, WWing;
    XyWing: "xy-wing", "xy", "XY-Wing", Hard, 160, true, Cells;
    XyzWing: "xyz-wing", "xyz", "XYZ-Wing", Hard, 180, true, Cells;
    UniquenessTest1: "uniqueness-test-1", "u1", "Uniqueness Test 1", Hard, 100, true, Rectangle;
    UniquenessTest2: "uniqueness-test-2", "u2", "Uniqueness Test 2", Hard, 100, true, Rectangle;
    UniquenessTest3: "uniqueness-test-3", "u3", "Uniqueness Test 3", Hard, 100, true, RectangleSubset;
    UniquenessTest4: "uniqueness-test-4", "u4", "Uniqueness Test 4", Hard, 100, true, Rectangle;
    UniquenessTest5: "uniqueness-test-5", "u5", "Uniqueness Test 5", Hard, 100, true, Rectangle;
    UniquenessTest6: "uniqueness-test-6", "u6", "Uniqueness Test 6", Hard, 100, true, Rectangle;
    HiddenRectangle: "hidden-rectangle", "hr", "Hidden Rectangle", Hard, 100, true, Rectangle;
    AvoidableRectangle1: "avoidable-rectangle-1", "ar1", "Avoidable Rectangle Type 1", Hard, 100, true, Rectangle;
    AvoidableRectangle2: "avoidable-rectangle-2", "ar2", "Avoidable Rectangle Type 2", Hard, 100, true, Rectangle;
    FinnedXWing: "finned-x-wing", "fbf2", "Finned X-Wing", Hard, 130, true, Fish;
    SashimiXWing: "sashimi-x-wing", "sbf2", "Sashimi X-Wing", Hard, 150, true, Fish;
    FinnedSwordfish: "finned-swordfish", "fbf3", "Finned Swordfish", Unfair, 200, true, Fish;
    SashimiSwordfish: "sashimi-swordfish", "sbf3", "Sashimi Swordfish", Unfair, 240, true, Fish;
    FinnedJellyfish: "finned-jellyfish", "fbf4", "Finned Jellyfish", Unfair, 250, true, Fish;
    SashimiJellyfish: "sashimi-jellyfish", "sbf4", "Sashimi Jellyfish", Unfair, 260, true, Fish;
    FinnedSquirmbag: "finned-squirmbag", "fbf5", "Finned Squirmbag", Unfair, 470, false, Fish;
    SashimiSquirmbag: "sashimi-squirmbag", "sbf5", "Sashimi Squirmbag", Unfair, 470, false, Fish;
    FinnedWhale: "finned-whale", "fbf6", "Finned Whale", Unfair, 470, false, Fish;
    SashimiWhale: "sashimi-whale", "sbf6", "Sashimi Whale", Unfair, 470, false, Fish;
    FinnedLeviathan: "finned-leviathan", "fbf7", "Finned Leviathan", Unfair, 470, false, Fish;
    SashimiLeviathan: "sashimi-leviathan", "sbf7", "Sashimi Leviathan", Unfair, 470, false, Fish;
    SueDeCoq: "sue-de-coq", "sdc", "Sue de Coq", Unfair, 250, true, SueDeCoq;
    SimpleColors: "simple-colors", "sc", "Simple Colors", Hard, 150, true, Colors;
    MultiColors: "multi-colors", "mc", "Multi Colors", Hard, 200, true, Colors;
    XChain: "x-chain", "x", "X-Chain", Unfair, 260, true, XChain;
    XyChain: "xy-chain", "xyc", "XY-Chain", Unfair, 260, true, Chain;
    NiceLoop: "nice-loop", "nl", "Nice Loop/AIC", Unfair, 280, true, Chain;
    GroupedNiceLoop: "grouped-nice-loop", "gnl", "Grouped Nice Loop/AIC", Unfair, 300, true, Chain;
    AlsXz: "als-xz", "axz", "Almost Locked Set XZ-Rule", Unfair, 300, true, Als;
    AlsXyWing: "als-xy-wing", "axy", "Almost Locked Set XY-Wing", Unfair, 320, true, Als;
    AlsChain: "als-chain", "ach", "Almost Locked Set Chain", Unfair, 340, true, AlsChain;
    DeathBlossom: "death-blossom", "db", "Death Blossom", Unfair, 360, false, DeathBlossom;
    FrankenXWing: "franken-x-wing", "ff2", "Franken X-Wing", Unfair, 300, true, Fish;
    FrankenSwordfish: "franken-swordfish", "ff3", "Franken Swordfish", Unfair, 350, true, Fish;
    FrankenJellyfish: "franken-jellyfish", "ff4", "Franken Jellyfish", Unfair, 370, false, Fish;
    FrankenSquirmbag: "franken-squirmbag", "ff5", "Franken Squirmbag", Extreme, 470, false, Fish;
    FrankenWhale: "franken-whale", "ff6", "Franken Whale", Extreme, 470, false, Fish;
    FrankenLeviathan: "franken-leviathan", "ff7", "Franken Leviathan", Extreme, 470, false, Fish;
    FinnedFrankenXWing: "finned-franken-x-wing", "fff2", "Finned Franken X-Wing", Unfair, 390, true, Fish;
    FinnedFrankenSwordfish: "finned-franken-swordfish", "fff3", "Finned Franken Swordfish", Unfair, 410, true, Fish;
    FinnedFrankenJellyfish: "finned-franken-jellyfish", "fff4", "Finned Franken Jellyfish", Unfair, 430, false, Fish;
    FinnedFrankenSquirmbag: "finned-franken-squirmbag", "fff5", "Finned Franken Squirmbag", Extreme, 470, false, Fish;
    FinnedFrankenWhale: "finned-franken-whale", "fff6", "Finned Franken Whale", Extreme, 470, false, Fish;
    FinnedFrankenLeviathan: "finned-franken-leviathan", "fff7", "Finned Franken Leviathan", Extreme, 470, false, Fish;
    MutantXWing: "mutant-x-wing", "mf2", "Mutant X-Wing", Extreme, 450, false, Fish;
    MutantSwordfish: "mutant-swordfish", "mf3", "Mutant Swordfish", Extreme, 450, false, Fish;
    MutantJellyfish: "mutant-jellyfish", "mf4", "Mutant Jellyfish", Extreme, 450, false, Fish;
    MutantSquirmbag: "mutant-squirmbag", "mf5", "Mutant Squirmbag", Extreme, 470, false, Fish;
    MutantWhale: "mutant-whale", "mf6", "Mutant Whale", Extreme, 470, false, Fish;
    MutantLeviathan: "mutant-leviathan", "mf7", "Mutant Leviathan", Extreme, 470, false, Fish;
    FinnedMutantXWing: "finned-mutant-x-wing", "fmf2", "Finned Mutant X-Wing", Extreme, 470, false, Fish;
    FinnedMutantSwordfish: "finned-mutant-swordfish", "fmf3", "Finned Mutant Swordfish", Extreme, 470, false, Fish;
    FinnedMutantJellyfish: "finned-mutant-jellyfish", "fmf4", "Finned Mutant Jellyfish", Extreme, 470, false, Fish;
    FinnedMutantSquirmbag: "finned-mutant-squirmbag", "fmf5", "Finned Mutant Squirmbag", Extreme, 470, false, Fish;
    FinnedMutantWhale: "finned-mutant-whale", "fmf6", "Finned Mutant Whale", Extreme, 470, false, Fish;
    FinnedMutantLeviathan: "finned-mutant-leviathan", "fmf7", "Finned Mutant Leviathan", Extreme, 470, false, Fish;
    KrakenFish: "kraken-fish", "kf", "Kraken Fish", Extreme, 500, false, Kraken;
    ForcingChain: "forcing-chain", "fc", "Forcing Chain", Extreme, 500, true, Forcing;
    ForcingNet: "forcing-net", "fn", "Forcing Net", Extreme, 700, true, Forcing;
    TemplateSet: "template-set", "ts", "Template Set", Extreme, 10000, false, Placement;
    TemplateDelete: "template-delete", "td", "Template Delete", Extreme, 10000, false, Digit;
    BruteForce: "brute-force", "bf", "Brute Force", Extreme, 10000, false, Placement;
}

impl Technique {
    /// How many techniques the catalogue holds.
    pub const COUNT: usize = Technique::ALL.len();

    /// Whether this is an avoidable rectangle (type 1 or 2): the one technique that tells
    /// givens from the cells the solver set.
    pub fn is_avoidable_rectangle(self) -> bool {
        matches!(
            self,
            Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2
        )
    }

    /// Whether this is one of the singles (Full House, Naked and Hidden Single).
    pub fn is_single(self) -> bool {
        matches!(
            self,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        )
    }

    /// Whether the technique's eliminations hold only if the puzzle has one solution
    /// (HoDoKu's uniqueness techniques and BUG+1): a solve that used one proves nothing
    /// about uniqueness.
    pub fn assumes_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniquenessTest1
                | UniquenessTest2
                | UniquenessTest3
                | UniquenessTest4
                | UniquenessTest5
                | UniquenessTest6
                | HiddenRectangle
                | AvoidableRectangle1
                | AvoidableRectangle2
                | BugPlusOne
        )
    }

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
    /// The stable kebab-case name (`x-wing`), used on the command line and as CSV column.
    pub fn name(self) -> &'static str {
        self.info().name
    }
    /// HoDoKu's code (`bf2`), accepted as an alias of the name.
    pub fn code(self) -> &'static str {
        self.info().code
    }
    /// The label HoDoKu prints (`X-Wing`).
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
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a technique's pattern is written, between its label and `=>`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Notation {
    /// Nothing: `Hidden Single: r8c6=1`.
    Placement,
    /// Digits in cells, the pivot first when there is one: `1,2 in r1c2,r1c5`.
    Cells,
    /// The digit alone: `7`.
    Digit,
    /// The stem, then each petal with its stem digit: `r5c5, -1- r5c1 {1,3}, -2- r1c5 {2,3}`.
    DeathBlossom,
    /// Digit, base sets, cover sets, then fins: `4 r2,r7 c3,c8`.
    Fish,
    /// Digits in the houses of `base`: `4 in b1`.
    Houses,
    /// Digit in the free ends (`cells`) of two strong links and the cells (`links`) that
    /// connect them: `1 in r3c1,r7c2 (connected by r3c6,r7c6)`.
    Connected,
    /// Digit in a box (`base`) and the conjugate pair (`links`) it works with:
    /// `5 in b4 (r3c2,r3c7)`.
    BoxLink,
    /// The eliminated digit and the link digit, the two bivalue cells, then the strong
    /// link: `5/9 in r2c1,r6c6 connected by 9 in r4c1,r4c6`.
    WWing,
    /// A single-digit chain, strong and weak links alternating from a strong one:
    /// `5 r2c4 =5= r2c9 -5- r7c9 =5= r7c4`.
    XChain,
    /// The digits removed, then the chain: an AIC or an XY-Chain between its end digits,
    /// `4 4- r2c1 -7- r2c6 -2- r5c6 -4`; a continuous loop between its closing digits,
    /// `3 8= r1c7 =3= r4c7 ... =8= r1c7 =3`; a discontinuous loop as it is,
    /// `5 r3c2 =5= r3c8 -5- r7c8 =5= r7c2 -5- r3c2`. The shape comes from the step's
    /// [`Subtype`] (none: open).
    Chain,
    /// The pair and the chain of bivalue cells, each weak link with its digit:
    /// `3/8 r1c2 -8- r1c7 -3- r5c7 -8- r5c3`.
    RemotePair,
    /// The two digits of a unique rectangle and its corners: `1/3 in r2c6,r2c8,r3c6,r3c8`.
    Rectangle,
    /// A unique rectangle, then the naked subset its roof completes: the subset's digits
    /// and its cells outside the rectangle:
    /// `1/5 in r2c7,r2c8,r9c7,r9c8 with 3,4,6 in r9c1,r9c2`.
    RectangleSubset,
    /// Digit and color classes, opposite colors joined by `/`, clusters by `,`:
    /// `6 (r2c2,r3c4) / (r2c6,r8c9)`.
    Colors,
    /// The ALS (A, B, then C for a wing), each its cells and digits, the restricted
    /// common digits (X, or X and Y) and the digits removed (Z) when they are other digits:
    /// `A=r1c1,r1c2 {1,2,3}, B=r5c2 {1,4}, X=1, Z=3`.
    Als,
    /// The digits removed, then the ALS from first to last, each with its digits, joined by
    /// the RC digits of each link: `5 r1c1,r1c2 {1,2,5} -1- r5c2 {1,4} -4- ...`.
    AlsChain,
    /// Where a forcing chain's conclusion comes from: its negation leading to a
    /// contradiction, or every case of a choice leading to it: `r3c3=7 and r3c3<>7`,
    /// `each candidate of r2c1`, `each place of 4 in r2`.
    Forcing,
    /// A Kraken Fish's fish, named as HoDoKu names it, then as a fish:
    /// `Finned X-Wing: 1 r1,r5 c1,c2` (its fins follow).
    Kraken,
    /// The intersection cells and their digits, then the line set and the box set with
    /// theirs: `r7c4,r7c5 - {1,2,3,6,8,9} (r7c1,r7c2,r7c8 - {2,3,8,9}, r9c6 - {1,6})`.
    SueDeCoq,
}

/// The kinds of step that HoDoKu names (and codes) apart within one catalogue technique.
/// They count, and score, as their technique; `explain` prints their own label.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Subtype {
    /// A nice loop that starts and ends at one candidate, with a weak or strong link.
    DiscontinuousNiceLoop,
    /// A nice loop closed all the way round: every weak link eliminates.
    ContinuousNiceLoop,
    /// An alternating inference chain whose two ends see the eliminations.
    Aic,
    /// A discontinuous nice loop with group nodes.
    GroupedDiscontinuousNiceLoop,
    /// A continuous nice loop with group nodes.
    GroupedContinuousNiceLoop,
    /// An AIC with group nodes.
    GroupedAic,
    /// Simple Colors: a cell sees both colors of a cluster.
    SimpleColorsTrap,
    /// Simple Colors: a color sees itself.
    SimpleColorsWrap,
    /// Multi Colors: a color of one cluster sees a color of another.
    MultiColors1,
    /// Multi Colors: a color of one cluster sees both colors of another.
    MultiColors2,
    /// Forcing Chain: a premise leads to a contradiction.
    ForcingChainContradiction,
    /// Forcing Chain: every case of a choice leads to the conclusion.
    ForcingChainVerity,
    /// Forcing Net: a premise leads to a contradiction.
    ForcingNetContradiction,
    /// Forcing Net: every case of a choice leads to the conclusion.
    ForcingNetVerity,
    /// Kraken Fish: every fin turns the candidate off.
    KrakenFishType1,
    /// Kraken Fish: every base candidate and fin of a cover house turns the candidate off.
    KrakenFishType2,
}

/// How a chain step's chain closes, which decides how it is written.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ChainShape {
    /// Not a loop: an AIC, written between its end digits.
    Open,
    /// A continuous nice loop, written between the digits that close it.
    Continuous,
    /// A discontinuous nice loop, written as it is.
    Discontinuous,
}

impl Subtype {
    /// HoDoKu's code, as its batch output counts it (`dnl`, `cnl`, `aic`, `gdnl`, ...).
    pub fn code(self) -> &'static str {
        match self {
            Subtype::DiscontinuousNiceLoop => "dnl",
            Subtype::ContinuousNiceLoop => "cnl",
            Subtype::Aic => "aic",
            Subtype::GroupedDiscontinuousNiceLoop => "gdnl",
            Subtype::GroupedContinuousNiceLoop => "gcnl",
            Subtype::GroupedAic => "gaic",
            Subtype::SimpleColorsTrap => "sc1",
            Subtype::SimpleColorsWrap => "sc2",
            Subtype::MultiColors1 => "mc1",
            Subtype::MultiColors2 => "mc2",
            Subtype::ForcingChainContradiction => "fcc",
            Subtype::ForcingChainVerity => "fcv",
            Subtype::ForcingNetContradiction => "fnc",
            Subtype::ForcingNetVerity => "fnv",
            Subtype::KrakenFishType1 => "kf1",
            Subtype::KrakenFishType2 => "kf2",
        }
    }

    /// HoDoKu's label.
    pub fn label(self) -> &'static str {
        match self {
            Subtype::DiscontinuousNiceLoop => "Discontinuous Nice Loop",
            Subtype::ContinuousNiceLoop => "Continuous Nice Loop",
            Subtype::Aic => "AIC",
            Subtype::GroupedDiscontinuousNiceLoop => "Grouped Discontinuous Nice Loop",
            Subtype::GroupedContinuousNiceLoop => "Grouped Continuous Nice Loop",
            Subtype::GroupedAic => "Grouped AIC",
            Subtype::SimpleColorsTrap => "Simple Colors Trap",
            Subtype::SimpleColorsWrap => "Simple Colors Wrap",
            Subtype::MultiColors1 => "Multi Colors 1",
            Subtype::MultiColors2 => "Multi Colors 2",
            Subtype::ForcingChainContradiction => "Forcing Chain Contradiction",
            Subtype::ForcingChainVerity => "Forcing Chain Verity",
            Subtype::ForcingNetContradiction => "Forcing Net Contradiction",
            Subtype::ForcingNetVerity => "Forcing Net Verity",
            Subtype::KrakenFishType1 => "Kraken Fish Type 1",
            Subtype::KrakenFishType2 => "Kraken Fish Type 2",
        }
    }

    /// The grouped kind of the same shape (a kind without one is its own).
    pub fn grouped(self) -> Subtype {
        match self {
            Subtype::DiscontinuousNiceLoop => Subtype::GroupedDiscontinuousNiceLoop,
            Subtype::ContinuousNiceLoop => Subtype::GroupedContinuousNiceLoop,
            Subtype::Aic => Subtype::GroupedAic,
            other => other,
        }
    }

    /// How its chain closes (a step without a chain counts as open).
    pub fn shape(self) -> ChainShape {
        match self {
            Subtype::DiscontinuousNiceLoop | Subtype::GroupedDiscontinuousNiceLoop => {
                ChainShape::Discontinuous
            }
            Subtype::ContinuousNiceLoop | Subtype::GroupedContinuousNiceLoop => {
                ChainShape::Continuous
            }
            Subtype::Aic
            | Subtype::GroupedAic
            | Subtype::SimpleColorsTrap
            | Subtype::SimpleColorsWrap
            | Subtype::MultiColors1
            | Subtype::MultiColors2
            | Subtype::ForcingChainContradiction
            | Subtype::ForcingChainVerity
            | Subtype::ForcingNetContradiction
            | Subtype::ForcingNetVerity
            | Subtype::KrakenFishType1
            | Subtype::KrakenFishType2 => ChainShape::Open,
        }
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
