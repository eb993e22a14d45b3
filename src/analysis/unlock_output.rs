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
use crate::hodoku::catalogue::Technique;
use crate::record::Status;
use crate::runner::pipeline::LineJob;
use crate::se::solver::Producer;

/// What the `unlock` command needs of each of its studies (unlock, ablate): the work on a
/// line, the CSV layout of its result, and a running tally for the summary.
pub trait Study: LineJob {
    /// Serialisable so that an interrupted study's checkpoint can carry it.
    type Tally: Default + Clone + Send + serde::Serialize + serde::de::DeserializeOwned;
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
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
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

impl UnlockTally {
    /// Counts one result of `tries` techniques tried: its status and, for a stuck puzzle,
    /// which tries finish it alone and which try it needs at least (`None`: not even all).
    fn add(
        &mut self,
        tries: usize,
        status: Status,
        stuck: Option<(impl Iterator<Item = bool>, Option<usize>)>,
    ) {
        self.statuses.add(status);
        self.alone.resize(tries, 0);
        self.needs.resize(tries, 0);
        let Some((alone, needs)) = stuck else {
            return;
        };
        self.stuck += 1;
        let mut any = false;
        for (count, finishes) in self.alone.iter_mut().zip(alone) {
            *count += u64::from(finishes);
            any |= finishes;
        }
        self.no_single += u64::from(!any);
        match needs {
            Some(i) => self.needs[i] += 1,
            None => self.beyond += 1,
        }
    }

    /// Per technique tried (`names`, under the heading `column`), how many stuck puzzles it
    /// unlocks alone and how many need it at least; then the puzzles nothing single (or
    /// nothing at all) unlocks.
    fn summary<'a>(&self, column: &str, names: impl Iterator<Item = &'a str>) -> String {
        let stuck = self.stuck as usize;
        let count = |counts: &[u64], i: usize| counts.get(i).copied().unwrap_or(0) as usize;
        let mut table = Table::new([column, "unlocks alone", "share of stuck", "needs at least"]);
        for (i, name) in names.enumerate() {
            let alone = count(&self.alone, i);
            table.push([
                name.to_string(),
                alone.to_string(),
                percent(alone, stuck),
                count(&self.needs, i).to_string(),
            ]);
        }
        table.push([
            "(no single technique)".to_string(),
            self.no_single.to_string(),
            percent(self.no_single as usize, stuck),
            String::new(),
        ]);
        table.push([
            "(not even all together)".to_string(),
            String::new(),
            String::new(),
            self.beyond.to_string(),
        ]);
        format!("{}\n\n{}", self.statuses.line(), table.to_text())
    }
}

/// The columns every unlock row starts with, HoDoKu's or SE's; one per try follows.
const UNLOCK_COLUMNS: [&str; 6] = ["source", "line", "puzzle", "status", "error", "needs"];

/// The fields of [`UNLOCK_COLUMNS`].
fn leading_fields(
    source: &str,
    line: u64,
    puzzle: &str,
    status: Status,
    error: &str,
    needs: &str,
) -> Vec<String> {
    vec![
        source.to_string(),
        line.to_string(),
        puzzle.to_string(),
        status.to_string(),
        error.to_string(),
        needs.to_string(),
    ]
}

impl Study for Unlocker {
    type Tally = UnlockTally;

    /// `source,line,puzzle,status,error,needs`, then one column per technique tried.
    fn header(&self) -> Vec<&'static str> {
        let tries = self.tries().iter().map(|t| t.name());
        UNLOCK_COLUMNS.into_iter().chain(tries).collect()
    }

    fn fields(&self, r: &Unlock) -> Vec<String> {
        let needs = r.needs.map(Technique::name).unwrap_or_default();
        let mut row = leading_fields(&r.source, r.line, &r.puzzle, r.status, &r.error, needs);
        row.extend(flags(r.alone.as_ref(), self.tries().len()));
        row
    }

    fn add(&self, tally: &mut UnlockTally, r: &Unlock) {
        let tries = self.tries();
        let needs = |t: Technique| tries.iter().position(|&x| x == t);
        let stuck = r
            .alone
            .as_deref()
            .map(|alone| (alone.iter().copied(), r.needs.and_then(needs)));
        tally.add(tries.len(), r.status, stuck);
    }

    fn heading(&self) -> String {
        format!(
            "Base ladder {}; trying {} techniques in this order.",
            super::ladder_label(self.base()),
            self.tries().len()
        )
    }

    fn summary(&self, tally: &UnlockTally) -> String {
        tally.summary("technique", self.tries().iter().map(|t| t.name()))
    }

    fn invalid(r: &Unlock) -> Option<(&str, u64, &str)> {
        (r.status == Status::Invalid).then_some((r.source.as_str(), r.line, r.error.as_str()))
    }
}

/// The ablation summary's counts so far.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
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

impl Study for SeUnlocker {
    type Tally = UnlockTally;

    /// `source,line,puzzle,status,error,needs`, then one column per SE technique tried:
    /// `1`, `0`, or `?` where the path ran past a time limit and cannot tell.
    fn header(&self) -> Vec<&'static str> {
        let tries = self.tries().iter().map(|t| t.name());
        UNLOCK_COLUMNS.into_iter().chain(tries).collect()
    }

    fn fields(&self, r: &SeUnlock) -> Vec<String> {
        let needs = r.needs.map(Producer::name).unwrap_or_default();
        let mut row = leading_fields(&r.source, r.line, &r.puzzle, r.status, &r.error, needs);
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

    fn add(&self, tally: &mut UnlockTally, r: &SeUnlock) {
        let tries = self.tries();
        let needs = |p: Producer| tries.iter().position(|&x| x == p);
        let stuck = r.alone.as_deref().map(|alone| {
            let finishes = alone.iter().map(|&a| a == Alone::Finishes);
            (finishes, r.needs.and_then(needs))
        });
        tally.add(tries.len(), r.status, stuck);
    }

    fn heading(&self) -> String {
        format!(
            "Base ladder {} (Sudoku Explainer's order); trying {} SE techniques in SE's order.",
            self.base().name(),
            self.tries().len()
        )
    }

    fn summary(&self, tally: &UnlockTally) -> String {
        tally.summary("SE technique", self.tries().iter().map(|t| t.name()))
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
