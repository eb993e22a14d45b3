//! What each technique last searched in vain, so that the ladder's next pass can skip it.
//!
//! Many finders search the grid part by part: hidden subsets house by house, fish and the
//! single digit patterns digit by digit, Sue de Coq intersection by intersection, Remote
//! Pairs pair by pair. What such a finder reports in a part depends on that part's
//! candidates alone. After every step the ladder starts again from its first rung, and
//! each rung then searches a grid whose parts are mostly as they were when the same rung
//! last found nothing in them.
//! A [`Memo`] keeps, per technique and part, a copy of the part's candidates from the last
//! search that found nothing there; a part holding exactly those candidates again is
//! skipped ([`super::sink::StepSink::search_part`]).
//!
//! A record is a copy of candidates, not a time or a version: it is true of any grid that
//! holds them, so one memo serves every solve of a thread, and a record left by an earlier
//! grid or puzzle can only fail to match.
//!
//! Some finders cannot be split into parts, but what they find is monotone: a pattern
//! whose cells hold the same candidates as in a grid where it removed nothing removes
//! nothing in any grid that holds fewer candidates (its targets can only have gone). For
//! those (the ALS finders, naked and locked subsets) the memo keeps the whole grid of the
//! last search that found nothing ([`Memo::changed_since_nothing`]): in a grid holding no
//! candidate that grid did not, only the patterns meeting a cell whose candidates changed
//! need a search. This too is true of any grid, whatever the puzzle.

use crate::bitset::CellSet;
use crate::candidates::{Candidates, Snapshot};
use crate::hodoku::catalogue::Technique;

/// Parts per technique: houses, digits in two orientations, Sue de Coq's 54 line/box
/// intersections, or the 36 pairs of digits.
const PARTS: usize = 54;

/// A record no part matches: every kind of snapshot leaves some bits of its words clear.
const NOTHING: Snapshot = [u64::MAX; 3];

/// Per technique and part, the part's candidates when the technique last found nothing in it;
/// per technique, the whole grid's (per digit, its candidate cells) for monotone finders.
pub struct Memo {
    records: Vec<Snapshot>,
    grids: Vec<Option<[CellSet; 9]>>,
}

impl Default for Memo {
    fn default() -> Self {
        Memo {
            records: vec![NOTHING; Technique::ALL.len() * PARTS],
            grids: vec![None; Technique::ALL.len()],
        }
    }
}

impl Memo {
    fn index(technique: Technique, part: usize) -> usize {
        assert!(part < PARTS, "a technique searches at most {PARTS} parts");
        technique as usize * PARTS + part
    }

    /// Whether `technique` last searched `part` when it held `snapshot`, and found nothing.
    #[inline]
    pub fn found_nothing_in(&self, technique: Technique, part: usize, snapshot: &Snapshot) -> bool {
        self.records[Memo::index(technique, part)] == *snapshot
    }

    /// Records that `technique` found nothing in `part` holding `snapshot`.
    #[inline]
    pub fn record_nothing_in(&mut self, technique: Technique, part: usize, snapshot: Snapshot) {
        self.records[Memo::index(technique, part)] = snapshot;
    }

    /// For a monotone finder searching part by part: when `technique` last found nothing in
    /// `part` holding every candidate `snapshot` holds, what the part has lost since (all
    /// clear: nothing); `None` when there is no such record.
    pub fn lost_since_nothing_in(
        &self,
        technique: Technique,
        part: usize,
        snapshot: &Snapshot,
    ) -> Option<Snapshot> {
        let record = &self.records[Memo::index(technique, part)];
        let holds_no_more = snapshot
            .iter()
            .zip(record)
            .all(|(now, then)| now & !then == 0);
        (*record != NOTHING && holds_no_more)
            .then(|| std::array::from_fn(|w| record[w] & !snapshot[w]))
    }

    /// When `technique` last found nothing in a grid holding every candidate `grid` holds,
    /// the cells whose candidates differ between the two (a cell set since counts as
    /// changed); `None` when there is no such record.
    pub fn changed_since_nothing(
        &self,
        technique: Technique,
        grid: &Candidates,
    ) -> Option<CellSet> {
        grid.changes_since(self.grids[technique as usize].as_ref()?)
    }

    /// Records that `technique`, a monotone finder, found nothing in `grid`.
    pub fn record_nothing_on(&mut self, technique: Technique, grid: &Candidates) {
        self.grids[technique as usize] = Some(grid.digit_cells());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, Digit};

    #[test]
    fn a_part_record_tells_what_a_part_holding_no_more_lost() {
        let mut memo = Memo::default();
        let then = [0b1011, 0b1, 0];
        assert_eq!(
            memo.lost_since_nothing_in(Technique::FinnedFrankenSwordfish, 3, &then),
            None
        );
        memo.record_nothing_in(Technique::FinnedFrankenSwordfish, 3, then);
        let lost =
            |snapshot| memo.lost_since_nothing_in(Technique::FinnedFrankenSwordfish, 3, &snapshot);
        assert_eq!(lost(then), Some([0; 3]));
        assert_eq!(lost([0b0010, 0b1, 0]), Some([0b1001, 0, 0]));
        assert_eq!(lost([0b0100, 0b1, 0]), None);
        assert_eq!(
            memo.lost_since_nothing_in(Technique::FinnedFrankenSwordfish, 4, &then),
            None
        );
    }

    #[test]
    fn a_grid_record_tells_the_cells_changed_in_a_grid_holding_no_more() {
        let mut memo = Memo::default();
        let then = Candidates::empty();
        assert_eq!(memo.changed_since_nothing(Technique::AlsXz, &then), None);
        memo.record_nothing_on(Technique::AlsXz, &then);
        assert_eq!(
            memo.changed_since_nothing(Technique::AlsXz, &then),
            Some(CellSet::EMPTY)
        );
        assert_eq!(memo.changed_since_nothing(Technique::AlsChain, &then), None);
        // Fewer candidates: the cells that lost some, a cell set since among them.
        let mut now = then.clone();
        let (a, b, c) = (
            Cell::from_index(0),
            Cell::from_index(40),
            Cell::from_index(80),
        );
        now.eliminate(a, Digit::from_index(3));
        now.eliminate(b, Digit::from_index(0));
        now.eliminate(b, Digit::from_index(8));
        now.place(c, Digit::from_index(5));
        let changed = memo.changed_since_nothing(Technique::AlsXz, &now).unwrap();
        // Setting c takes its digit from its peers.
        assert_eq!(changed, c.peers() | CellSet::from_iter([a, b, c]));
        // A grid holding a candidate the record's did not: no answer.
        memo.record_nothing_on(Technique::AlsXz, &now);
        assert_eq!(memo.changed_since_nothing(Technique::AlsXz, &then), None);
    }

    #[test]
    fn a_record_matches_only_its_own_technique_part_and_content() {
        let mut memo = Memo::default();
        let content = [1, 2, 3];
        assert!(!memo.found_nothing_in(Technique::NakedPair, 4, &content));
        memo.record_nothing_in(Technique::NakedPair, 4, content);
        assert!(memo.found_nothing_in(Technique::NakedPair, 4, &content));
        assert!(!memo.found_nothing_in(Technique::NakedPair, 4, &[1, 2, 4]));
        assert!(!memo.found_nothing_in(Technique::NakedPair, 5, &content));
        assert!(!memo.found_nothing_in(Technique::HiddenPair, 4, &content));
        let last = *Technique::ALL.last().unwrap();
        memo.record_nothing_in(last, PARTS - 1, content);
        assert!(memo.found_nothing_in(last, PARTS - 1, &content));
    }
}
