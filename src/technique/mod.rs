//! The finders: for every technique of the [`crate::hodoku::catalogue`], the function that searches
//! a grid for it. A finder reads a [`Candidates`] grid, never changes it, and reports each
//! pattern instance as a [`Step`](crate::step::Step) into a [`StepSink`], stopping when the sink says so.
//!
//! Finders live in folders by family, as HoDoKu groups them: singles, intersections, sets
//! (subsets and fish), Sue de Coq, single-digit patterns and coloring, wings, uniqueness, chains, and
//! the last resort (templates, brute force). Adding a technique means one line in the catalogue, its finder in the
//! family's folder, and one arm in [`finder`] below (the compiler asks for it).

mod als;
mod brute_force;
mod chains;
#[cfg(test)]
mod choice_rules;
mod intersections;
pub mod memo;
mod sets;
mod single_digit;
mod singles;
pub mod sink;
mod sue_de_coq;
mod templates;
#[cfg(test)]
pub(crate) mod test_grids;
mod uniqueness;
mod wings;

use crate::bitset::HouseSet;
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House, HouseKind};
use crate::hodoku::catalogue::Technique;
use crate::puzzle::Solution;
use crate::step::StepList;
pub use singles::queues::SinglesQueues;
pub use singles::single_step;
pub use sink::StepSink;
use std::ops::ControlFlow;
pub use uniqueness::avoidable::rectangles_givens_may_hide;

/// What every technique's finder looks like.
pub type Finder = fn(&Candidates, &mut StepSink<'_>) -> ControlFlow<()>;

/// The finder of `technique`.
pub fn finder(technique: Technique) -> Finder {
    use Technique::*;
    match technique {
        FullHouse => singles::full_houses,
        NakedSingle => singles::naked_singles,
        HiddenSingle => singles::hidden_singles,
        LockedPair => sets::naked_subsets::locked_pairs,
        LockedTriple => sets::naked_subsets::locked_triples,
        LockedCandidatesPointing => intersections::pointing,
        LockedCandidatesClaiming => intersections::claiming,
        NakedPair => sets::naked_subsets::naked_pairs,
        NakedTriple => sets::naked_subsets::naked_triples,
        HiddenPair => sets::related_sets::hidden_pairs,
        HiddenTriple => sets::related_sets::hidden_triples,
        NakedQuad => sets::naked_subsets::naked_quads,
        HiddenQuad => sets::related_sets::hidden_quads,
        XWing => sets::related_sets::x_wings,
        Swordfish => sets::related_sets::swordfish,
        Jellyfish => sets::related_sets::jellyfish,
        Squirmbag => sets::related_sets::squirmbags,
        Whale => sets::related_sets::whales,
        Leviathan => sets::related_sets::leviathans,
        RemotePair => chains::simple::remote_pairs,
        BugPlusOne => uniqueness::bug::bug_plus_one,
        Skyscraper => single_digit::patterns::skyscrapers,
        TwoStringKite => single_digit::patterns::two_string_kites,
        TurbotFish => chains::simple::turbot_fish,
        EmptyRectangle => single_digit::patterns::empty_rectangles,
        WWing => wings::w_wing::w_wings,
        XyWing => wings::xy_wings::xy_wings,
        XyzWing => wings::xy_wings::xyz_wings,
        UniquenessTest1 => uniqueness::rectangles::uniqueness_test_1,
        UniquenessTest2 => uniqueness::rectangles::uniqueness_test_2,
        UniquenessTest3 => uniqueness::roof_subsets::uniqueness_test_3,
        UniquenessTest4 => uniqueness::rectangles::uniqueness_test_4,
        UniquenessTest5 => uniqueness::rectangles::uniqueness_test_5,
        UniquenessTest6 => uniqueness::rectangles::uniqueness_test_6,
        HiddenRectangle => uniqueness::hidden_rectangle::hidden_rectangles,
        AvoidableRectangle1 => uniqueness::avoidable::avoidable_rectangles_1,
        AvoidableRectangle2 => uniqueness::avoidable::avoidable_rectangles_2,
        FinnedXWing => sets::finned_fish::finned_x_wings,
        SashimiXWing => sets::finned_fish::sashimi_x_wings,
        FinnedSwordfish => sets::finned_fish::finned_swordfish,
        SashimiSwordfish => sets::finned_fish::sashimi_swordfish,
        FinnedJellyfish => sets::finned_fish::finned_jellyfish,
        SashimiJellyfish => sets::finned_fish::sashimi_jellyfish,
        FinnedSquirmbag => sets::finned_fish::finned_squirmbags,
        SashimiSquirmbag => sets::finned_fish::sashimi_squirmbags,
        FinnedWhale => sets::finned_fish::finned_whales,
        SashimiWhale => sets::finned_fish::sashimi_whales,
        FinnedLeviathan => sets::finned_fish::finned_leviathans,
        SashimiLeviathan => sets::finned_fish::sashimi_leviathans,
        SueDeCoq => sue_de_coq::sue_de_coq,
        SimpleColors => single_digit::coloring::simple_colors,
        MultiColors => single_digit::coloring::multi_colors,
        XChain => chains::simple::x_chains,
        XyChain => chains::simple::xy_chains,
        NiceLoop => chains::nice_loops::nice_loops,
        GroupedNiceLoop => chains::nice_loops::grouped_nice_loops,
        AlsXz => als::xz::als_xz,
        AlsXyWing => als::xy_wing::als_xy_wings,
        AlsChain => als::chain::als_chains,
        DeathBlossom => als::death_blossom::death_blossoms,
        FrankenXWing => sets::complex_fish::franken_x_wings,
        FrankenSwordfish => sets::complex_fish::franken_swordfish,
        FrankenJellyfish => sets::complex_fish::franken_jellyfish,
        FrankenSquirmbag => sets::complex_fish::franken_squirmbags,
        FrankenWhale => sets::complex_fish::franken_whales,
        FrankenLeviathan => sets::complex_fish::franken_leviathans,
        FinnedFrankenXWing => sets::complex_fish::finned_franken_x_wings,
        FinnedFrankenSwordfish => sets::complex_fish::finned_franken_swordfish,
        FinnedFrankenJellyfish => sets::complex_fish::finned_franken_jellyfish,
        FinnedFrankenSquirmbag => sets::complex_fish::finned_franken_squirmbags,
        FinnedFrankenWhale => sets::complex_fish::finned_franken_whales,
        FinnedFrankenLeviathan => sets::complex_fish::finned_franken_leviathans,
        MutantXWing => sets::complex_fish::mutant_x_wings,
        MutantSwordfish => sets::complex_fish::mutant_swordfish,
        MutantJellyfish => sets::complex_fish::mutant_jellyfish,
        MutantSquirmbag => sets::complex_fish::mutant_squirmbags,
        MutantWhale => sets::complex_fish::mutant_whales,
        MutantLeviathan => sets::complex_fish::mutant_leviathans,
        FinnedMutantXWing => sets::complex_fish::finned_mutant_x_wings,
        FinnedMutantSwordfish => sets::complex_fish::finned_mutant_swordfish,
        FinnedMutantJellyfish => sets::complex_fish::finned_mutant_jellyfish,
        FinnedMutantSquirmbag => sets::complex_fish::finned_mutant_squirmbags,
        FinnedMutantWhale => sets::complex_fish::finned_mutant_whales,
        FinnedMutantLeviathan => sets::complex_fish::finned_mutant_leviathans,
        KrakenFish => sets::complex_fish::kraken::kraken_fish,
        ForcingChain => chains::forcing::forcing_chains,
        ForcingNet => chains::nets::forcing_nets,
        TemplateSet => templates::template_sets,
        TemplateDelete => templates::template_deletes,
        BruteForce => brute_force::brute_force,
    }
}

impl Technique {
    /// Searches `grid` for this technique and reports into `sink`.
    #[inline]
    pub fn find(self, grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        finder(self)(grid, sink)
    }

    /// The houses this technique's finder searches one at a time, each on its own
    /// candidates, so that a search can be confined to some of them
    /// ([`StepSink::within`]): a subset, a hidden single or a full house in any house; a
    /// pointing digit or a locked pair or triple in a box; a claiming digit in a line. Empty
    /// for every technique that searches the whole grid at once.
    pub fn searched_houses(self) -> HouseSet {
        use Technique::*;
        let of = |kinds: &[HouseKind]| {
            kinds
                .iter()
                .flat_map(|&kind| House::all_of(kind))
                .collect::<HouseSet>()
        };
        match self {
            FullHouse | HiddenSingle | NakedPair | NakedTriple | NakedQuad | HiddenPair
            | HiddenTriple | HiddenQuad => HouseSet::ALL,
            LockedCandidatesPointing | LockedPair | LockedTriple => of(&[HouseKind::Box]),
            LockedCandidatesClaiming => of(&[HouseKind::Row, HouseKind::Column]),
            _ => HouseSet::EMPTY,
        }
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
    pub fn find_all(self, grid: &Candidates, solution: Option<&Solution>) -> StepList {
        let mut found = StepList::new();
        let mut sink = StepSink::new(grid, solution, &mut found, usize::MAX);
        let _ = self.find(grid, &mut sink);
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ladder::Ladder;
    use crate::oracle::{Uniqueness, analyse};
    use crate::puzzle::Puzzle;
    use crate::solver::{Outcome, Policy, Solver};
    use crate::technique::test_grids::*;

    /// What a search of `houses` only reports, rendered.
    fn texts_within(technique: Technique, grid: &Candidates, houses: HouseSet) -> Vec<String> {
        let mut found = StepList::new();
        let mut sink = StepSink::new(grid, None, &mut found, usize::MAX).within(houses);
        let _ = technique.find(grid, &mut sink);
        found.texts()
    }

    #[test]
    fn a_search_within_houses_reports_only_what_it_finds_there() {
        // Digit 5 has one place in row 1 (r1c4) and, elsewhere, one in box 9 (r8c8).
        let mut grid = without(d(5), &row_except(1, &[4]));
        remove(&mut grid, d(5), &box_except(9, &[rc(8, 8)]));
        let row_1 = HouseSet::single(House::row(0));
        let box_9 = HouseSet::single(House::box_(8));
        let in_row = texts_within(Technique::HiddenSingle, &grid, row_1);
        assert_eq!(in_row, ["Hidden Single: r1c4=5"]);
        let in_box = texts_within(Technique::HiddenSingle, &grid, box_9);
        assert_eq!(in_box, ["Hidden Single: r8c8=5"]);
        assert!(texts_within(Technique::HiddenSingle, &grid, HouseSet::EMPTY).is_empty());
        // A technique that searches the whole grid at once ignores the houses.
        assert_eq!(
            texts_within(Technique::XWing, &grid, HouseSet::EMPTY),
            texts(Technique::XWing, &grid)
        );
    }

    #[test]
    fn searches_house_by_house_add_up_to_the_whole_search_on_real_grids() {
        let scoped: Vec<Technique> = Technique::ALL
            .iter()
            .copied()
            .filter(|t| !t.searched_houses().is_empty())
            .collect();
        assert_eq!(scoped.len(), 12, "{scoped:?}");
        let solver = Solver::new(Ladder::default(), Policy::Single);
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/sudoku_exchange_4k.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let stride = sample_stride(40);
        let (mut grids, mut steps) = (0, 0);
        for line in text.lines().step_by(stride) {
            let puzzle = Puzzle::parse_line(line).unwrap();
            let Uniqueness::Unique(solution) = analyse(&puzzle) else {
                panic!("{line}: not unique")
            };
            let report = solver.solve(&puzzle, Some(&solution));
            assert_eq!(report.summary.outcome, Outcome::Solved, "{line}");
            let mut grid = Candidates::from_puzzle(&puzzle);
            for step in report.steps.iter() {
                for &t in &scoped {
                    let mut whole = texts(t, &grid);
                    let mut by_house: Vec<String> = t
                        .searched_houses()
                        .iter()
                        .flat_map(|h| texts_within(t, &grid, HouseSet::single(h)))
                        .collect();
                    whole.sort();
                    by_house.sort();
                    assert_eq!(whole, by_house, "{t} in\n{grid}");
                    steps += whole.len();
                }
                grids += 1;
                step.apply_to(&mut grid);
            }
        }
        assert!(
            grids > sample_least(1000) && steps > sample_least(1000),
            "{grids} grids, {steps} steps"
        );
    }
}
