//! The run's aggregate: puzzles by status and solved puzzles by hardest technique. Totals
//! add up with `+=`, so chunks (or whole runs) combine in any grouping to the same result.
//! Formatting them is the summary's and the metadata's job.

use crate::record::{Record, Status};
use crate::rung::Rung;
use std::ops::AddAssign;

/// Counts over a set of records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Totals {
    /// Records seen.
    pub puzzles: u64,
    by_status: [u64; Status::ALL.len()],
    /// Solved puzzles by their hardest technique.
    by_hardest: [u64; Rung::COUNT],
    /// Solved puzzles that needed no step (every cell given).
    solved_without_steps: u64,
    /// Sum of the records' `micros`.
    pub micros: u64,
}

impl Default for Totals {
    fn default() -> Self {
        Totals {
            puzzles: 0,
            by_status: [0; Status::ALL.len()],
            by_hardest: [0; Rung::COUNT],
            solved_without_steps: 0,
            micros: 0,
        }
    }
}

impl Totals {
    /// Counts one record.
    pub fn add(&mut self, record: &Record) {
        self.puzzles += 1;
        self.by_status[record.status as usize] += 1;
        if record.status == Status::Solved {
            match record.hardest {
                Some(t) => self.by_hardest[t.index()] += 1,
                None => self.solved_without_steps += 1,
            }
        }
        self.micros = self.micros.saturating_add(record.micros);
    }

    /// Records with `status`.
    pub fn status(&self, status: Status) -> u64 {
        self.by_status[status as usize]
    }

    /// Every status with its count, in [`Status::ALL`] order.
    pub fn by_status(&self) -> impl Iterator<Item = (Status, u64)> + '_ {
        Status::ALL.into_iter().map(|s| (s, self.status(s)))
    }

    /// Solved puzzles by hardest technique (or SE rule), catalogue order then SE's,
    /// rungs never hardest left out.
    pub fn by_hardest(&self) -> impl Iterator<Item = (Rung, u64)> + '_ {
        self.by_hardest
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(i, &n)| (Rung::from_index(i), n))
    }

    /// Solved puzzles that needed no step.
    pub fn solved_without_steps(&self) -> u64 {
        self.solved_without_steps
    }
}

impl AddAssign<&Totals> for Totals {
    fn add_assign(&mut self, rhs: &Totals) {
        self.puzzles += rhs.puzzles;
        for (a, b) in self.by_status.iter_mut().zip(rhs.by_status) {
            *a += b;
        }
        for (a, b) in self.by_hardest.iter_mut().zip(rhs.by_hardest) {
            *a += b;
        }
        self.solved_without_steps += rhs.solved_without_steps;
        self.micros = self.micros.saturating_add(rhs.micros);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Technique;

    fn record(status: Status, hardest: Option<Technique>) -> Record {
        Record {
            status,
            hardest: hardest.map(Rung::Hodoku),
            micros: 5,
            ..Record::new("x", 1, 0)
        }
    }

    #[test]
    fn counts_statuses_and_the_hardest_technique_of_solved_puzzles() {
        let records = [
            record(Status::Solved, Some(Technique::HiddenSingle)),
            record(Status::Solved, Some(Technique::HiddenSingle)),
            record(Status::Solved, Some(Technique::XWing)),
            record(Status::Solved, None),
            record(Status::Stuck, Some(Technique::XWing)),
            record(Status::Invalid, None),
        ];
        let mut all = Totals::default();
        records.iter().for_each(|r| all.add(r));
        assert_eq!(all.puzzles, 6);
        assert_eq!(all.status(Status::Solved), 4);
        assert_eq!(all.status(Status::Stuck), 1);
        assert_eq!(all.status(Status::Unsound), 0);
        assert_eq!(all.by_status().map(|(_, n)| n).sum::<u64>(), 6);
        assert_eq!(
            all.by_hardest().collect::<Vec<_>>(),
            vec![
                (Rung::Hodoku(Technique::HiddenSingle), 2),
                (Rung::Hodoku(Technique::XWing), 1)
            ]
        );
        assert_eq!(all.solved_without_steps(), 1);
        assert_eq!(all.micros, 30);

        // Any split into parts adds up to the same totals.
        for split in 0..=records.len() {
            let (mut left, mut right) = (Totals::default(), Totals::default());
            records[..split].iter().for_each(|r| left.add(r));
            records[split..].iter().for_each(|r| right.add(r));
            left += &right;
            assert_eq!(left, all);
        }
    }
}
