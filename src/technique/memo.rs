//! What each technique last searched in vain, so that the ladder's next pass can skip it.
//!
//! Many finders search the grid part by part: hidden subsets house by house, fish and the
//! single digit patterns digit by digit, Sue de Coq intersection by intersection, Remote
//! Pairs pair by pair. What such a finder reports in a part depends on that part's
//! candidates alone. (Naked subsets and
//! the locked ones do without: a house's snapshot costs more than their search.) After
//! every step the ladder starts again from its first rung, and each rung then searches a
//! grid whose parts are mostly as they were when the same rung last found nothing in them.
//! A [`Memo`] keeps, per technique and part, a copy of the part's candidates from the last
//! search that found nothing there; a part holding exactly those candidates again is
//! skipped ([`super::sink::StepSink::search_part`]).
//!
//! A record is a copy of candidates, not a time or a version: it is true of any grid that
//! holds them, so one memo serves every solve of a thread, and a record left by an earlier
//! grid or puzzle can only fail to match.

use crate::candidates::Snapshot;
use crate::catalogue::Technique;

/// Parts per technique: houses, digits in two orientations, Sue de Coq's 54 line/box
/// intersections, or the 36 pairs of digits.
const PARTS: usize = 54;

/// A record no part matches: every kind of snapshot leaves some bits of its words clear.
const NOTHING: Snapshot = [u64::MAX; 3];

/// Per technique and part, the part's candidates when the technique last found nothing in it.
pub struct Memo {
    records: Vec<Snapshot>,
}

impl Default for Memo {
    fn default() -> Self {
        Memo {
            records: vec![NOTHING; Technique::ALL.len() * PARTS],
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
