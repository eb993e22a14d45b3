//! The order in which a step's eliminations are carried out: HoDoKu's, which lists them
//! per technique as its finders build them (`SolutionStep.candidatesToDelete`) and deletes
//! them in that order (`SudokuStepFinder.doStep`). The order decides which cells and
//! houses run down to a single first, and so which single HoDoKu takes next
//! ([`crate::technique::SinglesQueues`]).
//!
//! - Naked subsets, Locked Pairs and Triples, and Uniqueness Test 3 (a naked subset with
//!   the rectangle's roof): house by house, for each house the subset's cells share (row,
//!   column, box), its cells in order, each cell's digits ascending
//!   (`SimpleSolver.createSubsetStep`, `UniquenessSolver.checkUniqueness3Recursive`).
//! - Chains and loops (X-Chain, XY-Chain, Remote Pair, Nice Loop/AIC and grouped): by
//!   digit, then cell, as HoDoKu sorts them when it names the step
//!   (`SolutionStep.getCandidateString`).
//! - Multi Colors 1: check by check, each check's cells in order
//!   (`ColoringSolver.findMultiColorStepsForCandidate`).
//! - Sue de Coq: the rest of the box first, then the rest of the line, each by cell
//!   (`MiscellaneousSolver.checkHouses`).
//! - ALS-XZ: by digit, then cell, pass by pass when doubly linked: the digits the two ALS
//!   share but the first RC digit, then the first RC digit, then the first ALS's other
//!   digits, then the second's (`AlsSolver.getAlsXZInt`). Telling the passes apart takes the
//!   ALS's places, read from the grid the step was found in. ALS-XY-Wing, ALS Chain and
//!   Death Blossom: by digit, then cell.
//! - Everything else: by cell, each cell's digits ascending. Hidden subsets and BUG+1 list
//!   their eliminations so; the other techniques remove one digit, for which by cell and
//!   by digit agree.

use super::Step;
use crate::bitset::CellSet;
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};
use crate::hodoku::catalogue::{Subtype, Technique};

/// How HoDoKu lists a technique's eliminations.
enum Listing {
    /// By cell, each cell's digits ascending.
    Cells,
    /// By digit, then cell.
    Digits,
    /// By the houses shared by the subset's cells.
    SubsetHouses(CellSet),
    /// Multi Colors 1: by the four checks of `ColoringSolver.checkCandidateToDelete`.
    ColorChecks,
    /// A doubly linked ALS-XZ: its four passes.
    AlsPasses,
    /// The cells of one house first, then the others, each part by cell.
    HouseFirst(CellSet),
}

impl Step {
    /// Whether [`Step::for_each_deletion`] needs the grid the step was found in.
    pub fn deletion_needs_grid(&self) -> bool {
        matches!(self.listing(), Listing::AlsPasses)
    }

    /// Calls `delete` with each of the step's eliminations, in HoDoKu's order; `found_in`,
    /// the grid the step was found in, is read only where
    /// [`Step::deletion_needs_grid`] says so.
    pub fn for_each_deletion(
        &self,
        found_in: Option<&Candidates>,
        mut delete: impl FnMut(Cell, Digit),
    ) {
        match self.listing() {
            Listing::AlsPasses => {
                let grid = found_in.expect("a doubly linked ALS-XZ is listed from its grid");
                let mut listed = crate::step::Eliminations::NONE;
                for pass in als_passes(self, grid) {
                    for (cell, digit) in pass.iter() {
                        if self.eliminations.contains(cell, digit) && !listed.contains(cell, digit)
                        {
                            listed.insert(cell, digit);
                            delete(cell, digit);
                        }
                    }
                }
                // Nothing is left for a true ALS-XZ; kept so that no elimination is lost.
                for (cell, digit) in self.eliminations.iter() {
                    if !listed.contains(cell, digit) {
                        delete(cell, digit);
                    }
                }
            }
            Listing::Digits => self.eliminations.iter().for_each(|(c, d)| delete(c, d)),
            Listing::Cells => self.eliminations_in(CellSet::ALL, &mut delete),
            Listing::ColorChecks => {
                // For each color k of the first cluster seeing color l of the second (k, l
                // in order), the cells seeing both other colors.
                let colors = self.pattern.groups.map(seen_by);
                let mut listed = CellSet::EMPTY;
                for k in 0..2 {
                    for l in 0..2 {
                        if colors[k].intersects(self.pattern.groups[2 + l]) {
                            let cells = (colors[1 - k] & colors[3 - l]) - listed;
                            self.eliminations_in(cells, &mut delete);
                            listed |= cells;
                        }
                    }
                }
                self.eliminations_in(CellSet::ALL - listed, &mut delete);
            }
            Listing::HouseFirst(house) => {
                self.eliminations_in(house, &mut delete);
                self.eliminations_in(CellSet::ALL - house, &mut delete);
            }
            Listing::SubsetHouses(subset) => {
                let mut listed = CellSet::EMPTY;
                for house in shared_houses(subset) {
                    let cells = house.cell_set() - listed;
                    self.eliminations_in(cells, &mut delete);
                    listed |= cells;
                }
                // Nothing is left for a true subset; kept so that no elimination is lost.
                self.eliminations_in(CellSet::ALL - listed, &mut delete);
            }
        }
    }

    fn listing(&self) -> Listing {
        use Technique::*;
        match self.technique {
            LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuad => {
                Listing::SubsetHouses(self.pattern.cells)
            }
            UniquenessTest3 => Listing::SubsetHouses(self.roof_subset()),
            MultiColors if self.subtype == Some(Subtype::MultiColors1) => Listing::ColorChecks,
            SueDeCoq => {
                Listing::HouseFirst(self.pattern.cells.first().map_or(CellSet::EMPTY, |cell| {
                    House::box_(cell.box_index()).cell_set()
                }))
            }
            AlsXz if self.pattern.subset.len() == 2 => Listing::AlsPasses,
            // Cannibalistic eliminations of base candidates come last.
            FrankenXWing
            | FrankenSwordfish
            | FrankenJellyfish
            | FrankenSquirmbag
            | FrankenWhale
            | FrankenLeviathan
            | FinnedFrankenXWing
            | FinnedFrankenSwordfish
            | FinnedFrankenJellyfish
            | FinnedFrankenSquirmbag
            | FinnedFrankenWhale
            | FinnedFrankenLeviathan
            | MutantXWing
            | MutantSwordfish
            | MutantJellyfish
            | MutantSquirmbag
            | MutantWhale
            | MutantLeviathan
            | FinnedMutantXWing
            | FinnedMutantSwordfish
            | FinnedMutantJellyfish
            | FinnedMutantSquirmbag
            | FinnedMutantWhale
            | FinnedMutantLeviathan => Listing::HouseFirst(CellSet::ALL - self.pattern.groups[0]),
            XChain | XyChain | RemotePair | NiceLoop | GroupedNiceLoop | AlsXz | AlsXyWing
            | AlsChain | DeathBlossom => Listing::Digits,
            _ => Listing::Cells,
        }
    }

    /// A Uniqueness Test 3's naked subset: its cells outside the rectangle (the pattern's
    /// links) and the two corners (the roof) that share a house with them.
    fn roof_subset(&self) -> CellSet {
        let corners = self.pattern.cells;
        for a in corners.iter() {
            for b in corners.iter().filter(|&b| b > a) {
                let subset = self.pattern.links | CellSet::single(a) | CellSet::single(b);
                if shared_houses(subset).next().is_some() {
                    return subset;
                }
            }
        }
        self.pattern.links
    }

    /// The eliminations in `cells`, by cell, each cell's digits ascending.
    fn eliminations_in(&self, cells: CellSet, delete: &mut impl FnMut(Cell, Digit)) {
        let mut touched = CellSet::EMPTY;
        for digit in Digit::all() {
            touched |= self.eliminations.cells(digit);
        }
        for cell in (touched & cells).iter() {
            for digit in Digit::all() {
                if self.eliminations.contains(cell, digit) {
                    delete(cell, digit);
                }
            }
        }
    }
}

/// A doubly linked ALS-XZ's passes, each to be listed by digit, then cell: the cells that
/// see every place of a digit in both ALS, for the shared digits but the first RC digit and
/// then for that one; then, for each ALS in turn, the cells outside the other ALS that see
/// every place of one of its digits other than the RC digits.
fn als_passes(step: &Step, grid: &Candidates) -> [crate::step::Eliminations; 4] {
    use crate::step::Eliminations;
    let [a, b, ..] = step.pattern.groups;
    let [a_digits, b_digits, ..] = step.pattern.group_digits;
    let links = step.pattern.subset;
    let seers = |cells: CellSet, digit: Digit| {
        let places = cells & grid.cells_with(digit);
        let seeing = places.common_peers();
        seeing & (grid.cells_with(digit) - cells)
    };
    let mut passes = [Eliminations::NONE; 4];
    let first_link = links.first().expect("an ALS-XZ has a restricted common");
    for digit in (a_digits & b_digits).iter() {
        let pass = usize::from(digit == first_link);
        passes[pass].insert_cells(seers(a, digit) & seers(b, digit), digit);
    }
    for digit in (a_digits - links).iter() {
        passes[2].insert_cells(seers(a, digit) - b, digit);
    }
    for digit in (b_digits - links).iter() {
        passes[3].insert_cells(seers(b, digit) - a, digit);
    }
    passes
}

/// The cells that see some cell of `cells`.
fn seen_by(cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::EMPTY, |seen, cell| seen | cell.peers())
}

/// The houses every cell of `cells` lies in: row, column, box.
fn shared_houses(cells: CellSet) -> impl Iterator<Item = House> {
    let first = cells.first();
    first
        .into_iter()
        .flat_map(|cell| cell.houses())
        .filter(move |house| cells.is_subset_of(house.cell_set()))
}
