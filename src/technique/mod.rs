//! The finders: for every technique of the [`crate::catalogue`], the function that searches
//! a grid for it. A finder reads a [`Candidates`] grid, never changes it, and reports each
//! pattern instance as a [`Step`](crate::step::Step) into a [`StepSink`], stopping when the sink says so.
//!
//! Finders live in folders by family, as HoDoKu groups them: singles, intersections, sets
//! (subsets and fish), Sue de Coq, single-digit patterns and coloring, wings, uniqueness, chains, and
//! the last resort. Adding a technique means one line in the catalogue, its finder in the
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
#[cfg(test)]
mod test_grids;
mod uniqueness;
mod wings;

use crate::candidates::Candidates;
use crate::catalogue::Technique;
use crate::geometry::{Cell, Digit};
use crate::puzzle::Solution;
use crate::step::StepList;
pub use singles::queues::SinglesQueues;
pub use singles::single_step;
pub use sink::StepSink;
use std::ops::ControlFlow;

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
        RemotePair => chains::simple_chains::remote_pairs,
        BugPlusOne => uniqueness::bug::bug_plus_one,
        Skyscraper => single_digit::patterns::skyscrapers,
        TwoStringKite => single_digit::patterns::two_string_kites,
        TurbotFish => chains::simple_chains::turbot_fish,
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
        SueDeCoq => sue_de_coq::sue_de_coq,
        SimpleColors => single_digit::coloring::simple_colors,
        MultiColors => single_digit::coloring::multi_colors,
        XChain => chains::simple_chains::x_chains,
        XyChain => chains::simple_chains::xy_chains,
        NiceLoop => chains::nice_loops::nice_loops,
        GroupedNiceLoop => chains::nice_loops::grouped_nice_loops,
        AlsXz => als::xz::als_xz,
        AlsXyWing => als::xy_wing::als_xy_wings,
        AlsChain => als::chain::als_chains,
        FrankenXWing => sets::franken_fish::franken_x_wings,
        FrankenSwordfish => sets::franken_fish::franken_swordfish,
        FinnedFrankenXWing => sets::franken_fish::finned_franken_x_wings,
        FinnedFrankenSwordfish => sets::franken_fish::finned_franken_swordfish,
        ForcingChain => chains::forcing::forcing_chains,
        ForcingNet => chains::nets::forcing_nets,
        BruteForce => brute_force::brute_force,
    }
}

impl Technique {
    /// Searches `grid` for this technique and reports into `sink`.
    #[inline]
    pub fn find(self, grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        finder(self)(grid, sink)
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
