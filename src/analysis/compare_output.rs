//! What `compare` prints: a readable report for the terminal, the same as JSON, or one CSV
//! row per puzzle (matched or not) with both sides' verdicts and times.

use super::compare::{Comparison, Matrix, hardest_label, level_label, match_rows};
use super::results::ResultSet;
use super::table::Table;
use crate::record::Record;
use serde::Serialize;
use std::fmt::Write;
use std::io;

/// The gates a CI job acts on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    /// Any verdict changed, or a row has no partner.
    pub changed: bool,
    /// `--max-slowdown`, in percent, when given.
    pub max_slowdown: Option<f64>,
    /// NEW slower than allowed (only when a limit is given).
    pub slower: Option<bool>,
}

impl Verdict {
    pub fn of(c: &Comparison, max_slowdown: Option<f64>) -> Verdict {
        Verdict {
            changed: c.has_changes(),
            max_slowdown,
            slower: max_slowdown.map(|pct| c.slower_than(pct)),
        }
    }
}

fn side(name: &str, s: &super::compare::Side) -> String {
    let known: Vec<String> = [
        s.ladder.as_ref().map(|l| format!("ladder {l}")),
        s.policy.as_ref().map(|p| format!("policy {p}")),
        s.version.as_ref().map(|v| format!("sudolab {v}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    let run = if known.is_empty() {
        "no sidecar".to_string()
    } else {
        known.join(", ")
    };
    format!("{name:<4} {} ({} rows; {run})\n", s.path, s.rows)
}

/// The transition matrix, restricted to the labels that take part in a change: with a
/// few dozen techniques the full matrix is too wide to read, and its unchanged labels
/// only repeat the diagonal.
fn matrix(out: &mut String, title: &str, m: &Matrix) {
    let changes = m.changes();
    if changes == 0 {
        writeln!(out, "{title}: no change.\n").unwrap();
        return;
    }
    writeln!(out, "{title}: {changes} changed (rows BASE, columns NEW)").unwrap();
    let n = m.labels.len();
    let involved: Vec<usize> = (0..n)
        .filter(|&i| (0..n).any(|j| j != i && (m.counts[i][j] > 0 || m.counts[j][i] > 0)))
        .collect();
    let mut header = vec!["BASE \\ NEW".to_string()];
    header.extend(involved.iter().map(|&j| m.labels[j].clone()));
    let mut table = Table::new(header);
    for &i in &involved {
        let mut row = vec![m.labels[i].clone()];
        row.extend(involved.iter().map(|&j| match m.counts[i][j] {
            0 => "-".to_string(),
            count => count.to_string(),
        }));
        table.push(row);
    }
    writeln!(out, "{}", table.to_text()).unwrap();
    let unchanged = n - involved.len();
    if unchanged > 0 {
        writeln!(out, "({unchanged} values without a change not shown)\n").unwrap();
    }
}

fn ratio(r: f64) -> String {
    format!("{r:.3}x")
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// The readable report.
pub fn to_text(c: &Comparison, verdict: &Verdict) -> String {
    let mut out = String::new();
    out.push_str(&side("BASE", &c.base));
    out.push_str(&side("NEW", &c.new));
    writeln!(
        out,
        "\n{} puzzles matched; {} only in BASE, {} only in NEW.\n",
        c.matched,
        c.only_in_base.len(),
        c.only_in_new.len()
    )
    .unwrap();
    matrix(&mut out, "Status", &c.status);
    for change in &c.status_changes {
        writeln!(out, "  {} -> {}: {}", change.from, change.to, change.count).unwrap();
        for e in &change.examples {
            writeln!(out, "    {}:{}  {}", e.source, e.line, e.puzzle).unwrap();
        }
    }
    if !c.status_changes.is_empty() {
        out.push('\n');
    }
    matrix(&mut out, "Hardest technique", &c.hardest);
    matrix(&mut out, "Level", &c.level);

    let mut usage = Table::new([
        "technique",
        "BASE puzzles",
        "NEW puzzles",
        "change",
        "BASE uses",
        "NEW uses",
        "change",
    ]);
    let opt = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
    for u in &c.usage {
        let (bp, np) = (
            u.base_puzzles.map(|v| v as u64),
            u.new_puzzles.map(|v| v as u64),
        );
        if bp.unwrap_or(0) + np.unwrap_or(0) == 0 {
            continue;
        }
        let delta =
            |b: Option<u64>, n: Option<u64>| signed(n.unwrap_or(0) as i64 - b.unwrap_or(0) as i64);
        usage.push([
            u.technique.clone(),
            opt(bp),
            opt(np),
            delta(bp, np),
            opt(u.base_uses),
            opt(u.new_uses),
            delta(u.base_uses, u.new_uses),
        ]);
    }
    if !usage.is_empty() {
        writeln!(
            out,
            "Technique usage (matched puzzles, solved or stuck)\n{}",
            usage.to_text()
        )
        .unwrap();
    }

    match &c.speed {
        Some(s) => writeln!(
            out,
            "Speed: NEW takes {} the time of BASE per puzzle (median of {} per-puzzle ratios; \
             {:.0}% CI {} to {}); total time ratio {}.",
            ratio(s.median_ratio),
            s.pairs,
            s.confidence * 100.0,
            ratio(s.interval.low),
            ratio(s.interval.high),
            ratio(s.total_ratio)
        )
        .unwrap(),
        None => writeln!(out, "Speed: no puzzle is timed on both sides.").unwrap(),
    }
    if let (Some(pct), Some(slower)) = (verdict.max_slowdown, verdict.slower) {
        let limit = ratio(1.0 + pct / 100.0);
        let text = if slower {
            format!("SLOWER: the whole interval is above {limit}")
        } else {
            format!("within the limit ({limit})")
        };
        writeln!(out, "Slowdown limit {pct}%: {text}.").unwrap();
    }
    let unmatched = c.only_in_base.len() + c.only_in_new.len();
    if verdict.changed {
        writeln!(
            out,
            "Verdicts: {} puzzles changed status, hardest technique or level; {unmatched} rows \
             have no partner.",
            c.changed.len()
        )
        .unwrap();
    } else {
        writeln!(out, "Verdicts: no change.").unwrap();
    }
    out
}

/// The JSON document: the comparison and the verdict.
pub fn to_json(c: &Comparison, verdict: &Verdict) -> serde_json::Result<String> {
    #[derive(Serialize)]
    struct Document<'a> {
        comparison: &'a Comparison,
        verdict: &'a Verdict,
    }
    let mut text = serde_json::to_string_pretty(&Document {
        comparison: c,
        verdict,
    })?;
    text.push('\n');
    Ok(text)
}

/// One row per puzzle: matched pairs in NEW's order, then BASE's rows without a partner.
/// Columns: `puzzle`, each side's `source` and `line`, `status`, `hardest`, `level` and
/// `micros`, the time `ratio` (NEW/BASE) and `changed` (1 when the verdict differs).
pub fn write_csv(out: impl io::Write, base: &ResultSet, new: &ResultSet) -> csv::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record([
        "puzzle",
        "base_source",
        "base_line",
        "new_source",
        "new_line",
        "base_status",
        "new_status",
        "base_hardest",
        "new_hardest",
        "base_level",
        "new_level",
        "base_micros",
        "new_micros",
        "ratio",
        "changed",
    ])?;
    let fields = |r: Option<&Record>| -> [String; 6] {
        match r {
            Some(r) => [
                r.source.clone(),
                r.line.to_string(),
                r.status.to_string(),
                hardest_label(r),
                level_label(r),
                r.micros.to_string(),
            ],
            None => Default::default(),
        }
    };
    let (pairs, only_base, only_new) = match_rows(&base.records, &new.records);
    let mut rows: Vec<(&str, Option<&Record>, Option<&Record>, bool)> = pairs
        .iter()
        .map(|p| {
            (
                p.new.puzzle.as_str(),
                Some(p.base),
                Some(p.new),
                p.changed(),
            )
        })
        .collect();
    rows.extend(
        only_new
            .iter()
            .map(|r| (r.puzzle.as_str(), None, Some(*r), true)),
    );
    rows.extend(
        only_base
            .iter()
            .map(|r| (r.puzzle.as_str(), Some(*r), None, true)),
    );
    for (puzzle, b, n, changed) in rows {
        let [bs, bl, bst, bh, blv, bm] = fields(b);
        let [ns, nl, nst, nh, nlv, nm] = fields(n);
        let ratio = match (b, n) {
            (Some(b), Some(n)) if b.micros > 0 => {
                format!("{:.4}", n.micros as f64 / b.micros as f64)
            }
            _ => String::new(),
        };
        let changed = if changed { "1" } else { "0" };
        w.write_record([
            puzzle, &bs, &bl, &ns, &nl, &bst, &nst, &bh, &nh, &blv, &nlv, &bm, &nm, &ratio, changed,
        ])?;
    }
    w.flush()?;
    Ok(())
}
