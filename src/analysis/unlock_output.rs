//! What `unlock` and `--ablate` print and write: summary tables for the terminal, and the
//! per-puzzle CSV. CSV cannot hold a list, so each technique tried (or each rung ablated)
//! gets its own column, named by the technique: `1` yes, `0` no, empty when the puzzle was
//! not a case for it (not stuck under the base, or not solved by the full ladder).
//!
//! Rows are written as they come and the summary is a running tally, so a corpus of any
//! size streams through in flat memory.

use super::stats::percent;
use super::table::Table;
use super::unlock::{Ablation, Ablator, Unlock, Unlocker};
use super::unlock_se::{Alone, SeUnlock, SeUnlocker};
use crate::catalogue::Technique;
use crate::record::Status;
use crate::runner::pipeline::LineJob;
use crate::se::solver::Producer;

/// What the `unlock` command needs of each of its studies (unlock, ablate): the work on a
/// line, the CSV layout of its result, and a running tally for the summary.
pub trait Study: LineJob {
    type Tally: Default + Send;
    /// The CSV header.
    fn header(&self) -> Vec<&'static str>;
    /// A result's CSV fields, in header order.
    fn fields(&self, result: &Self::Output) -> Vec<String>;
    /// Counts a result into the tally.
    fn add(&self, tally: &mut Self::Tally, result: &Self::Output);
    /// The summary's first line, known before any puzzle is read.
    fn heading(&self) -> String;
    /// The rest of the summary, from the tally of every result.
    fn summary(&self, tally: &Self::Tally) -> String;
    /// Where the line is and why it is not a puzzle, if it is not.
    fn invalid(result: &Self::Output) -> Option<(&str, u64, &str)>;
}

/// Puzzles by status, in [`Status::ALL`] order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatusCounts([u64; Status::ALL.len()]);

impl StatusCounts {
    fn add(&mut self, status: Status) {
        self.0[Status::ALL.iter().position(|&s| s == status).unwrap()] += 1;
    }

    /// `12 puzzles: 10 solved, 2 stuck` and any other statuses that occur.
    fn line(&self) -> String {
        let total: u64 = self.0.iter().sum();
        let parts: Vec<String> = Status::ALL
            .iter()
            .zip(self.0)
            .filter(|&(s, n)| n > 0 || matches!(s, Status::Solved | Status::Stuck))
            .map(|(s, n)| format!("{n} {s}"))
            .collect();
        let noun = if total == 1 { "puzzle" } else { "puzzles" };
        format!("{total} {noun}: {}", parts.join(", "))
    }
}

/// The unlock summary's counts so far.
#[derive(Clone, Debug, Default)]
pub struct UnlockTally {
    statuses: StatusCounts,
    /// Puzzles stuck under the base.
    stuck: u64,
    /// Per try, the stuck puzzles it unlocks alone, and those that need it at least.
    alone: Vec<u64>,
    needs: Vec<u64>,
    /// Stuck puzzles no single try unlocks, and those not even all of them do.
    no_single: u64,
    beyond: u64,
}

impl Study for Unlocker {
    type Tally = UnlockTally;

    /// `source,line,puzzle,status,error,needs`, then one column per technique tried.
    fn header(&self) -> Vec<&'static str> {
        let fixed = ["source", "line", "puzzle", "status", "error", "needs"];
        let tries = self.tries().iter().map(|t| t.name());
        fixed.into_iter().chain(tries).collect()
    }

    fn fields(&self, r: &Unlock) -> Vec<String> {
        let mut row = vec![
            r.source.clone(),
            r.line.to_string(),
            r.puzzle.clone(),
            r.status.to_string(),
            r.error.clone(),
            r.needs.map(Technique::name).unwrap_or_default().to_string(),
        ];
        row.extend(flags(r.alone.as_ref(), self.tries().len()));
        row
    }

    fn add(&self, tally: &mut UnlockTally, r: &Unlock) {
        let tries = self.tries();
        tally.statuses.add(r.status);
        tally.alone.resize(tries.len(), 0);
        tally.needs.resize(tries.len(), 0);
        let Some(flags) = r.alone.as_deref() else {
            return;
        };
        tally.stuck += 1;
        for (count, &a) in tally.alone.iter_mut().zip(flags) {
            *count += u64::from(a);
        }
        tally.no_single += u64::from(!flags.contains(&true));
        match r.needs.and_then(|t| tries.iter().position(|&x| x == t)) {
            Some(i) => tally.needs[i] += 1,
            None => tally.beyond += 1,
        }
    }

    fn heading(&self) -> String {
        format!(
            "Base ladder {}; trying {} techniques in this order.",
            super::ladder_label(self.base()),
            self.tries().len()
        )
    }

    /// Per technique tried, how many stuck puzzles it unlocks alone and how many need it
    /// at least; then the puzzles nothing single (or nothing at all) unlocks.
    fn summary(&self, tally: &UnlockTally) -> String {
        let stuck = tally.stuck as usize;
        let count = |counts: &[u64], i: usize| counts.get(i).copied().unwrap_or(0) as usize;
        let mut table = Table::new([
            "technique",
            "unlocks alone",
            "share of stuck",
            "needs at least",
        ]);
        for (i, t) in self.tries().iter().enumerate() {
            let alone = count(&tally.alone, i);
            table.push([
                t.name().to_string(),
                alone.to_string(),
                percent(alone, stuck),
                count(&tally.needs, i).to_string(),
            ]);
        }
        table.push([
            "(no single technique)".to_string(),
            tally.no_single.to_string(),
            percent(tally.no_single as usize, stuck),
            String::new(),
        ]);
        table.push([
            "(not even all together)".to_string(),
            String::new(),
            String::new(),
            tally.beyond.to_string(),
        ]);
        format!("{}\n\n{}", tally.statuses.line(), table.to_text())
    }

    fn invalid(r: &Unlock) -> Option<(&str, u64, &str)> {
        (r.status == Status::Invalid).then_some((r.source.as_str(), r.line, r.error.as_str()))
    }
}

/// The ablation summary's counts so far.
#[derive(Clone, Debug, Default)]
pub struct AblateTally {
    statuses: StatusCounts,
    /// Puzzles the full ladder solves.
    solved: u64,
    /// Per rung, the solved puzzles that are stuck without it.
    essential: Vec<u64>,
}

impl Study for Ablator {
    type Tally = AblateTally;

    /// `source,line,puzzle,status,error`, then one column per rung (`1`: stuck without it).
    fn header(&self) -> Vec<&'static str> {
        let fixed = ["source", "line", "puzzle", "status", "error"];
        let rungs = self.ladder().rungs().iter().map(|t| t.name());
        fixed.into_iter().chain(rungs).collect()
    }

    fn fields(&self, r: &Ablation) -> Vec<String> {
        let mut row = vec![
            r.source.clone(),
            r.line.to_string(),
            r.puzzle.clone(),
            r.status.to_string(),
            r.error.clone(),
        ];
        row.extend(flags(r.essential.as_ref(), self.ladder().rungs().len()));
        row
    }

    fn add(&self, tally: &mut AblateTally, r: &Ablation) {
        tally.statuses.add(r.status);
        tally.essential.resize(self.ladder().rungs().len(), 0);
        if let Some(essential) = &r.essential {
            tally.solved += 1;
            for (count, &e) in tally.essential.iter_mut().zip(essential) {
                *count += u64::from(e);
            }
        }
    }

    fn heading(&self) -> String {
        format!(
            "Ladder {}, each technique removed in turn.",
            super::ladder_label(self.ladder())
        )
    }

    /// Per rung, how many puzzles the full ladder solves become stuck without it.
    fn summary(&self, tally: &AblateTally) -> String {
        let mut table = Table::new(["technique", "stuck without it", "share of solved"]);
        for (i, t) in self.ladder().rungs().iter().enumerate() {
            let n = tally.essential.get(i).copied().unwrap_or(0) as usize;
            table.push([
                t.name().to_string(),
                n.to_string(),
                percent(n, tally.solved as usize),
            ]);
        }
        format!("{}\n\n{}", tally.statuses.line(), table.to_text())
    }

    fn invalid(r: &Ablation) -> Option<(&str, u64, &str)> {
        (r.status == Status::Invalid).then_some((r.source.as_str(), r.line, r.error.as_str()))
    }
}

/// The summary's counts so far along SE's path.
#[derive(Clone, Debug, Default)]
pub struct SeUnlockTally {
    statuses: StatusCounts,
    /// Puzzles stuck along the base.
    stuck: u64,
    /// Per try, the stuck puzzles it finishes alone, and those that need it at least.
    alone: Vec<u64>,
    needs: Vec<u64>,
    /// Stuck puzzles no single try finishes, and those not even all of them do.
    no_single: u64,
    beyond: u64,
}

impl Study for SeUnlocker {
    type Tally = SeUnlockTally;

    /// `source,line,puzzle,status,error,needs`, then one column per SE technique tried:
    /// `1`, `0`, or `?` where the path ran past a time limit and cannot tell.
    fn header(&self) -> Vec<&'static str> {
        let fixed = ["source", "line", "puzzle", "status", "error", "needs"];
        let tries = self.tries().iter().map(|t| t.name());
        fixed.into_iter().chain(tries).collect()
    }

    fn fields(&self, r: &SeUnlock) -> Vec<String> {
        let mut row = vec![
            r.source.clone(),
            r.line.to_string(),
            r.puzzle.clone(),
            r.status.to_string(),
            r.error.clone(),
            r.needs.map(Producer::name).unwrap_or_default().to_string(),
        ];
        row.extend((0..self.tries().len()).map(|i| {
            match r.alone.as_ref().map(|a| a[i]) {
                Some(Alone::Finishes) => "1",
                Some(Alone::Stuck) => "0",
                Some(Alone::Unknown) => "?",
                None => "",
            }
            .to_string()
        }));
        row
    }

    fn add(&self, tally: &mut SeUnlockTally, r: &SeUnlock) {
        let tries = self.tries();
        tally.statuses.add(r.status);
        tally.alone.resize(tries.len(), 0);
        tally.needs.resize(tries.len(), 0);
        let Some(flags) = r.alone.as_deref() else {
            return;
        };
        tally.stuck += 1;
        for (count, &a) in tally.alone.iter_mut().zip(flags) {
            *count += u64::from(a == Alone::Finishes);
        }
        tally.no_single += u64::from(!flags.contains(&Alone::Finishes));
        match r.needs.and_then(|t| tries.iter().position(|&x| x == t)) {
            Some(i) => tally.needs[i] += 1,
            None => tally.beyond += 1,
        }
    }

    fn heading(&self) -> String {
        format!(
            "Base ladder {} (Sudoku Explainer's order); trying {} SE techniques in SE's order.",
            self.base().name(),
            self.tries().len()
        )
    }

    /// Per SE technique tried, how many stuck puzzles it finishes alone and how many need
    /// it at least.
    fn summary(&self, tally: &SeUnlockTally) -> String {
        let stuck = tally.stuck as usize;
        let count = |counts: &[u64], i: usize| counts.get(i).copied().unwrap_or(0) as usize;
        let mut table = Table::new([
            "SE technique",
            "unlocks alone",
            "share of stuck",
            "needs at least",
        ]);
        for (i, t) in self.tries().iter().enumerate() {
            let alone = count(&tally.alone, i);
            table.push([
                t.name().to_string(),
                alone.to_string(),
                percent(alone, stuck),
                count(&tally.needs, i).to_string(),
            ]);
        }
        table.push([
            "(no single technique)".to_string(),
            tally.no_single.to_string(),
            percent(tally.no_single as usize, stuck),
            String::new(),
        ]);
        table.push([
            "(not even all together)".to_string(),
            String::new(),
            String::new(),
            tally.beyond.to_string(),
        ]);
        format!("{}\n\n{}", tally.statuses.line(), table.to_text())
    }

    fn invalid(r: &SeUnlock) -> Option<(&str, u64, &str)> {
        (r.status == Status::Invalid).then_some((r.source.as_str(), r.line, r.error.as_str()))
    }
}

fn flags(values: Option<&Vec<bool>>, len: usize) -> impl Iterator<Item = String> + '_ {
    (0..len).map(move |i| match values {
        Some(v) => if v[i] { "1" } else { "0" }.to_string(),
        None => String::new(),
    })
}
