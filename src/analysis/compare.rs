//! `compare`: two results files matched puzzle by puzzle, and what changed between them:
//! status, hardest technique and level transitions, technique usage, and speed as the
//! median of per-puzzle time ratios with a bootstrap confidence interval.
//!
//! Rows match by normalised puzzle and, for a puzzle that occurs several times in a file,
//! by occurrence (the first with the first, and so on). A puzzle's verdict is its status,
//! hardest technique and level; it changed when any of them differs. Speed uses the pairs
//! that have a time on both sides and are puzzles on both sides.

use super::results::ResultSet;
use super::stats::{self, Interval};
use crate::catalogue::Technique;
use crate::record::{Record, Status};
use crate::rung::Rung;
use crate::se::named::SeRule;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Confidence of the speed interval, and bootstrap resamples.
pub const CONFIDENCE: f64 = 0.95;
pub const RESAMPLES: usize = 2000;
/// Examples kept per status transition.
pub const EXAMPLES: usize = 3;

/// Where a row is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowRef {
    pub source: String,
    pub line: u64,
    pub puzzle: String,
}

impl RowRef {
    fn of(r: &Record) -> RowRef {
        RowRef {
            source: r.source.clone(),
            line: r.line,
            puzzle: r.puzzle.clone(),
        }
    }
}

/// Counts of (BASE label, NEW label) pairs; rows are BASE, columns NEW.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Matrix {
    pub labels: Vec<String>,
    pub counts: Vec<Vec<usize>>,
}

impl Matrix {
    /// From label pairs; labels keep the order of `order` (then any others, sorted).
    fn of(pairs: &[(String, String)], order: &[String]) -> Matrix {
        let present: BTreeSet<&String> = pairs.iter().flat_map(|(a, b)| [a, b]).collect();
        let mut labels: Vec<String> = order
            .iter()
            .filter(|l| present.contains(l))
            .cloned()
            .collect();
        labels.extend(present.into_iter().filter(|l| !order.contains(l)).cloned());
        let index: HashMap<&str, usize> = labels
            .iter()
            .enumerate()
            .map(|(i, l)| (l.as_str(), i))
            .collect();
        let mut counts = vec![vec![0; labels.len()]; labels.len()];
        for (a, b) in pairs {
            counts[index[a.as_str()]][index[b.as_str()]] += 1;
        }
        Matrix { labels, counts }
    }

    /// Pairs off the diagonal.
    pub fn changes(&self) -> usize {
        let all: usize = self.counts.iter().flatten().sum();
        all - (0..self.labels.len())
            .map(|i| self.counts[i][i])
            .sum::<usize>()
    }
}

/// Puzzles that went from one status to another, with a few of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatusChange {
    pub from: String,
    pub to: String,
    pub count: usize,
    pub examples: Vec<RowRef>,
}

/// One technique's use on both sides, over the matched puzzles each side ran the ladder on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UsageDelta {
    pub technique: String,
    /// Puzzles using it at least once; `None` when the file has no column for it.
    pub base_puzzles: Option<usize>,
    pub new_puzzles: Option<usize>,
    pub base_uses: Option<u64>,
    pub new_uses: Option<u64>,
}

/// NEW's time relative to BASE's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Speed {
    /// Puzzles timed on both sides.
    pub pairs: usize,
    /// Median of NEW time / BASE time per puzzle: above 1 is slower.
    pub median_ratio: f64,
    pub interval: Interval,
    pub confidence: f64,
    /// Total NEW time / total BASE time over the same puzzles.
    pub total_ratio: f64,
}

/// One matched puzzle on both sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair<'a> {
    pub base: &'a Record,
    pub new: &'a Record,
}

impl Pair<'_> {
    /// Whether status, hardest technique or level differ.
    pub fn changed(&self) -> bool {
        self.base.status != self.new.status
            || hardest_label(self.base) != hardest_label(self.new)
            || level_label(self.base) != level_label(self.new)
    }
}

/// A file's identity in the comparison.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Side {
    pub path: String,
    pub rows: usize,
    pub ladder: Option<String>,
    pub policy: Option<String>,
    pub version: Option<String>,
}

impl Side {
    fn of(set: &ResultSet) -> Side {
        let run = set.run.as_ref();
        Side {
            path: set.path.clone(),
            rows: set.records.len(),
            ladder: run.and_then(|r| r.ladder()),
            policy: run.and_then(|r| r.policy()),
            version: run.and_then(|r| r.version()),
        }
    }
}

/// Everything `compare` reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    pub base: Side,
    pub new: Side,
    pub matched: usize,
    pub only_in_base: Vec<RowRef>,
    pub only_in_new: Vec<RowRef>,
    pub status: Matrix,
    pub status_changes: Vec<StatusChange>,
    pub hardest: Matrix,
    pub level: Matrix,
    pub usage: Vec<UsageDelta>,
    pub speed: Option<Speed>,
    /// Matched puzzles whose verdict changed, in NEW's order.
    pub changed: Vec<RowRef>,
}

/// A row's hardest-technique label: the technique for a solved puzzle, else its status.
pub fn hardest_label(r: &Record) -> String {
    match (r.status, r.hardest) {
        (Status::Solved, Some(t)) => t.name().to_string(),
        (Status::Solved, None) => "(none)".to_string(),
        (status, _) => status.name().to_string(),
    }
}

/// A row's level label: the level for a solved puzzle, else its status.
pub fn level_label(r: &Record) -> String {
    match (r.status, r.level) {
        (Status::Solved, Some(l)) => l.name().to_string(),
        (status, _) => status.name().to_string(),
    }
}

/// Matches rows by puzzle and occurrence: the pairs in NEW's order, and the rows of each
/// side that have no partner.
pub fn match_rows<'a>(
    base: &'a [Record],
    new: &'a [Record],
) -> (Vec<Pair<'a>>, Vec<&'a Record>, Vec<&'a Record>) {
    let mut by_key: HashMap<(&str, usize), usize> = HashMap::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, r) in base.iter().enumerate() {
        let n = seen.entry(&r.puzzle).or_default();
        by_key.insert((&r.puzzle, *n), i);
        *n += 1;
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut matched = vec![false; base.len()];
    let mut pairs = Vec::new();
    let mut only_new = Vec::new();
    for r in new {
        let n = seen.entry(&r.puzzle).or_default();
        match by_key.get(&(r.puzzle.as_str(), *n)) {
            Some(&i) => {
                matched[i] = true;
                pairs.push(Pair {
                    base: &base[i],
                    new: r,
                });
            }
            None => only_new.push(r),
        }
        *n += 1;
    }
    let only_base = base
        .iter()
        .zip(matched)
        .filter(|(_, m)| !m)
        .map(|(r, _)| r)
        .collect();
    (pairs, only_base, only_new)
}

fn timed(r: &Record) -> bool {
    r.micros > 0 && r.status != Status::Invalid
}

fn speed(pairs: &[Pair<'_>]) -> Option<Speed> {
    let timed: Vec<&Pair<'_>> = pairs
        .iter()
        .filter(|p| timed(p.base) && timed(p.new))
        .collect();
    let ratios: Vec<f64> = timed
        .iter()
        .map(|p| p.new.micros as f64 / p.base.micros as f64)
        .collect();
    let median_ratio = stats::median(&ratios)?;
    let interval = stats::bootstrap_median(&ratios, CONFIDENCE, RESAMPLES, stats::BOOTSTRAP_SEED)?;
    let total = |f: fn(&Pair<'_>) -> u64| timed.iter().map(|p| f(p) as f64).sum::<f64>();
    Some(Speed {
        pairs: timed.len(),
        median_ratio,
        interval,
        confidence: CONFIDENCE,
        total_ratio: total(|p| p.new.micros) / total(|p| p.base.micros),
    })
}

fn usage(base: &ResultSet, new: &ResultSet, pairs: &[Pair<'_>]) -> Vec<UsageDelta> {
    let techniques: BTreeSet<Rung> = base
        .columns
        .techniques
        .iter()
        .chain(&new.columns.techniques)
        .copied()
        .collect();
    let attempted = |r: &Record| matches!(r.status, Status::Solved | Status::Stuck);
    techniques
        .into_iter()
        .map(|t| {
            let side = |set: &ResultSet, of_base: bool| {
                set.columns.techniques.contains(&t).then(|| {
                    let counts = pairs
                        .iter()
                        .map(|p| if of_base { p.base } else { p.new })
                        .filter(|r| attempted(r))
                        .filter_map(|r| r.count(&set.columns, t));
                    counts.fold((0usize, 0u64), |(p, u), n| {
                        (p + usize::from(n > 0), u + u64::from(n))
                    })
                })
            };
            let b = side(base, true);
            let n = side(new, false);
            UsageDelta {
                technique: t.name().to_string(),
                base_puzzles: b.map(|x| x.0),
                new_puzzles: n.map(|x| x.0),
                base_uses: b.map(|x| x.1),
                new_uses: n.map(|x| x.1),
            }
        })
        .collect()
}

/// Compares NEW with BASE.
pub fn compare(base: &ResultSet, new: &ResultSet) -> Comparison {
    let (pairs, only_base, only_new) = match_rows(&base.records, &new.records);
    let status_order: Vec<String> = Status::ALL.iter().map(|s| s.name().to_string()).collect();
    let status_pairs: Vec<(String, String)> = pairs
        .iter()
        .map(|p| {
            (
                p.base.status.name().to_string(),
                p.new.status.name().to_string(),
            )
        })
        .collect();
    let mut changes: BTreeMap<(Status, Status), StatusChange> = BTreeMap::new();
    for p in pairs.iter().filter(|p| p.base.status != p.new.status) {
        let change = changes
            .entry((p.base.status, p.new.status))
            .or_insert_with(|| StatusChange {
                from: p.base.status.name().to_string(),
                to: p.new.status.name().to_string(),
                count: 0,
                examples: Vec::new(),
            });
        change.count += 1;
        if change.examples.len() < EXAMPLES {
            change.examples.push(RowRef::of(p.new));
        }
    }
    let mut technique_order: Vec<String> = vec!["(none)".to_string()];
    technique_order.extend(Technique::ALL.iter().map(|t| t.name().to_string()));
    // SE's rules after HoDoKu's techniques, each name once (some are the same words).
    for rule in SeRule::all() {
        if !technique_order.iter().any(|name| name == rule.name()) {
            technique_order.push(rule.name().to_string());
        }
    }
    technique_order.extend(status_order.iter().skip(1).cloned());
    let mut level_order: Vec<String> = crate::level::Level::ALL
        .iter()
        .map(|l| l.name().to_string())
        .collect();
    level_order.extend(status_order.iter().skip(1).cloned());
    let labels = |f: fn(&Record) -> String| -> Vec<(String, String)> {
        pairs.iter().map(|p| (f(p.base), f(p.new))).collect()
    };
    Comparison {
        base: Side::of(base),
        new: Side::of(new),
        matched: pairs.len(),
        only_in_base: only_base.into_iter().map(RowRef::of).collect(),
        only_in_new: only_new.into_iter().map(RowRef::of).collect(),
        status: Matrix::of(&status_pairs, &status_order),
        status_changes: changes.into_values().collect(),
        hardest: Matrix::of(&labels(hardest_label), &technique_order),
        level: Matrix::of(&labels(level_label), &level_order),
        usage: usage(base, new, &pairs),
        speed: speed(&pairs),
        changed: pairs
            .iter()
            .filter(|p| p.changed())
            .map(|p| RowRef::of(p.new))
            .collect(),
    }
}

impl Comparison {
    /// Whether any matched verdict changed or any row has no partner.
    pub fn has_changes(&self) -> bool {
        !self.changed.is_empty() || !self.only_in_base.is_empty() || !self.only_in_new.is_empty()
    }

    /// Whether NEW is slower than BASE by more than `percent`, judged on the interval: even
    /// its low end is above the allowed ratio.
    pub fn slower_than(&self, percent: f64) -> bool {
        self.speed
            .as_ref()
            .is_some_and(|s| s.interval.low > 1.0 + percent / 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(puzzle: &str, line: u64, status: Status, micros: u64) -> Record {
        Record {
            puzzle: puzzle.into(),
            givens: Some(30),
            status,
            micros,
            ..Record::new("x", line, 0)
        }
    }

    #[test]
    fn duplicates_match_by_occurrence() {
        let base = [
            record("a", 1, Status::Solved, 10),
            record("b", 2, Status::Solved, 10),
            record("a", 3, Status::Stuck, 10),
            record("c", 4, Status::Solved, 10),
        ];
        let new = [
            record("a", 1, Status::Solved, 10),
            record("a", 2, Status::Solved, 10),
            record("d", 3, Status::Solved, 10),
            record("b", 4, Status::Solved, 10),
        ];
        let (pairs, only_base, only_new) = match_rows(&base, &new);
        let lines: Vec<(u64, u64)> = pairs.iter().map(|p| (p.base.line, p.new.line)).collect();
        assert_eq!(lines, [(1, 1), (3, 2), (2, 4)]);
        assert_eq!(only_base.iter().map(|r| r.line).collect::<Vec<_>>(), [4]);
        assert_eq!(only_new.iter().map(|r| r.line).collect::<Vec<_>>(), [3]);
        assert!(pairs[1].changed(), "stuck -> solved");
        assert!(!pairs[0].changed());
    }

    #[test]
    fn matrix_counts_pairs_in_label_order() {
        let pairs = [
            ("solved", "stuck"),
            ("solved", "solved"),
            ("stuck", "solved"),
            ("solved", "solved"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()));
        let order = [
            "solved".to_string(),
            "stuck".to_string(),
            "invalid".to_string(),
        ];
        let m = Matrix::of(&pairs, &order);
        assert_eq!(m.labels, ["solved", "stuck"]);
        assert_eq!(m.counts, [[2, 1], [1, 0]]);
        assert_eq!(m.changes(), 2);
    }

    #[test]
    fn speed_is_the_median_ratio_with_an_interval_and_skips_untimed_rows() {
        let base: Vec<Record> = (0..50)
            .map(|i| record(&format!("p{i}"), i, Status::Solved, 100))
            .chain([record("bad", 99, Status::Invalid, 5)])
            .collect();
        let new: Vec<Record> = (0..50)
            .map(|i| record(&format!("p{i}"), i, Status::Solved, 200 + i))
            .chain([record("bad", 99, Status::Invalid, 50)])
            .collect();
        let (pairs, _, _) = match_rows(&base, &new);
        let s = speed(&pairs).unwrap();
        assert_eq!(s.pairs, 50);
        assert!((s.median_ratio - 2.245).abs() < 1e-9, "{s:?}");
        assert!(s.interval.low <= s.median_ratio && s.median_ratio <= s.interval.high);
        assert!(s.interval.low > 2.0 && s.interval.high < 2.5, "{s:?}");
        let total_new: f64 = (0..50).map(|i| 200.0 + i as f64).sum();
        assert!((s.total_ratio - total_new / 5000.0).abs() < 1e-9);
    }
}
