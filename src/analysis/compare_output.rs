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

/// How wide the readable report's tables may be.
const WIDTH: usize = 100;

/// The transition matrix, restricted to what holds a change: the rows of the values
/// something changed from and the columns of those something changed to (with a few
/// dozen techniques the full matrix is hundreds of columns wide, and its unchanged values
/// only repeat the diagonal). Columns are headed by HoDoKu code; the matrix is turned
/// round when that is narrower, and when it still does not fit in [`WIDTH`] columns the
/// columns with the fewest changes are left out, and it says so and where the whole is.
fn matrix(out: &mut String, title: &str, m: &Matrix) {
    let changes = m.changes();
    if changes == 0 {
        writeln!(out, "{title}: no change.\n").unwrap();
        return;
    }
    let n = m.labels.len();
    let changed = |i: usize, j: usize| i != j && m.counts[i][j] > 0;
    let from: Vec<usize> = (0..n).filter(|&i| (0..n).any(|j| changed(i, j))).collect();
    let to: Vec<usize> = (0..n).filter(|&j| (0..n).any(|i| changed(i, j))).collect();
    let as_is = Layout::of(m, &from, &to, false);
    let turned = Layout::of(m, &to, &from, true);
    let layout = match (turned.hidden.0, turned.width) < (as_is.hidden.0, as_is.width) {
        true => turned,
        false => as_is,
    };
    let (rows, columns) = match layout.transposed {
        false => ("BASE", "NEW"),
        true => ("NEW", "BASE"),
    };
    writeln!(
        out,
        "{title}: {changes} changed (rows {rows}, columns {columns})"
    )
    .unwrap();
    out.push_str(&layout.text);
    let mut notes = Vec::new();
    if layout.coded {
        notes.push("columns by HoDoKu code: `sudolab techniques` names them".to_string());
    }
    let (hidden, hidden_changes) = layout.hidden;
    if hidden > 0 {
        let rows = match layout.hidden_rows {
            0 => String::new(),
            n => format!(" (and {n} rows)"),
        };
        notes.push(format!(
            "{hidden} columns{rows} with {hidden_changes} changes left out to fit {WIDTH} \
             columns;\n `--format json` has the whole matrix, `--format csv` every puzzle"
        ));
    }
    let unchanged = n - from
        .iter()
        .chain(&to)
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    if unchanged > 0 {
        notes.push(format!("{unchanged} values without a change not shown"));
    }
    for note in notes {
        writeln!(out, "({note})").unwrap();
    }
    out.push('\n');
}

/// One way to lay out a transition matrix as text.
struct Layout {
    text: String,
    /// The widest line.
    width: usize,
    /// Columns left out to fit, and the changes in them.
    hidden: (usize, usize),
    /// Rows left out with them, all their changes being in those columns.
    hidden_rows: usize,
    /// Rows are NEW and columns BASE.
    transposed: bool,
    /// Some column is headed by a technique's code.
    coded: bool,
}

impl Layout {
    /// `rows` down and `columns` across (label indices of `m`; NEW down when
    /// `transposed`), leaving out the columns with the fewest changes until it fits.
    fn of(m: &Matrix, rows: &[usize], columns: &[usize], transposed: bool) -> Layout {
        let count = |row: usize, column: usize| match transposed {
            false => m.counts[row][column],
            true => m.counts[column][row],
        };
        let changes = |column: usize| -> usize {
            rows.iter()
                .filter(|&&row| row != column)
                .map(|&row| count(row, column))
                .sum()
        };
        let mut shown = columns.to_vec();
        let mut hidden = (0, 0);
        loop {
            let mut header = vec![
                if transposed {
                    "NEW \\ BASE"
                } else {
                    "BASE \\ NEW"
                }
                .to_string(),
            ];
            header.extend(shown.iter().map(|&j| short(&m.labels[j])));
            let mut table = Table::new(header);
            // Rows whose counts are all in columns left out hold nothing to show.
            let filled: Vec<usize> = rows
                .iter()
                .copied()
                .filter(|&i| shown.iter().any(|&j| count(i, j) > 0))
                .collect();
            for &i in &filled {
                let mut row = vec![m.labels[i].clone()];
                row.extend(shown.iter().map(|&j| match count(i, j) {
                    0 => "-".to_string(),
                    n => n.to_string(),
                }));
                table.push(row);
            }
            let text = table.to_text();
            let width = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
            if width <= WIDTH || shown.len() <= 1 {
                return Layout {
                    text,
                    width,
                    hidden,
                    hidden_rows: rows.len() - filled.len(),
                    transposed,
                    coded: shown.iter().any(|&j| short(&m.labels[j]) != m.labels[j]),
                };
            }
            // Leave out the column with the fewest changes (the last of equals).
            let (at, _) = shown
                .iter()
                .enumerate()
                .rev()
                .min_by_key(|&(_, &j)| changes(j))
                .expect("more than one column");
            hidden = (hidden.0 + 1, hidden.1 + changes(shown.remove(at)));
        }
    }
}

/// A column heading: a technique's HoDoKu code, anything else as it is.
fn short(label: &str) -> String {
    crate::catalogue::Technique::from_name(label)
        .map_or_else(|| label.to_string(), |t| t.code().to_string())
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
            "Speed: NEW takes {} the time of BASE per puzzle (median of {} per-puzzle ratios;\n       \
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Technique;

    /// A matrix over `labels` with `count` puzzles for each (from, to) index pair.
    fn matrix_of(labels: &[&str], pairs: &[(usize, usize, usize)]) -> Matrix {
        let mut counts = vec![vec![0; labels.len()]; labels.len()];
        for &(from, to, count) in pairs {
            counts[from][to] += count;
        }
        Matrix {
            labels: labels.iter().map(|l| l.to_string()).collect(),
            counts,
        }
    }

    fn shown(m: &Matrix) -> String {
        let mut out = String::new();
        matrix(&mut out, "Hardest technique", m);
        out
    }

    #[test]
    fn only_rows_changed_from_and_columns_changed_to_are_shown() {
        let labels = ["x-wing", "swordfish", "xy-wing", "stuck"];
        // stuck -> x-wing and stuck -> xy-wing; x-wing and swordfish unchanged.
        let m = matrix_of(&labels, &[(3, 0, 5), (3, 2, 2), (0, 0, 9), (1, 1, 4)]);
        let text = shown(&m);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].ends_with("7 changed (rows NEW, columns BASE)"),
            "{text}"
        );
        assert_eq!(
            lines[1].split_whitespace().collect::<Vec<_>>(),
            ["NEW", "\\", "BASE", "stuck"]
        );
        let rows: Vec<&str> = lines[3..5]
            .iter()
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        assert_eq!(rows, ["x-wing", "xy-wing"], "{text}");
        assert!(!text.contains("swordfish"), "{text}");
        assert!(
            text.contains("(1 values without a change not shown)"),
            "{text}"
        );
    }

    #[test]
    fn a_wide_matrix_fits_100_columns_and_says_where_the_rest_is() {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        let n = names.len();
        // Every technique changes to each of the next twenty: far too wide either way.
        let pairs: Vec<(usize, usize, usize)> = (0..n)
            .flat_map(|i| (1..=20).map(move |d| (i, (i + d) % n, 1 + (i + d) % 7)))
            .collect();
        let m = matrix_of(&names, &pairs);
        let text = shown(&m);
        for line in text.lines() {
            assert!(
                line.chars().count() <= WIDTH,
                "{} wide: {line}",
                line.chars().count()
            );
        }
        assert!(text.contains("columns by HoDoKu code"), "{text}");
        assert!(text.contains("left out to fit 100"), "{text}");
        assert!(
            text.contains("`--format json` has the whole matrix"),
            "{text}"
        );
        let header = text.lines().nth(1).unwrap();
        assert!(
            header
                .split_whitespace()
                .skip(3)
                .all(|code| Technique::from_name(code).is_some()),
            "{header}"
        );
        // Every count shown is the matrix's, in its row and column.
        let columns: Vec<usize> = header
            .split_whitespace()
            .skip(3)
            .map(|code| {
                names
                    .iter()
                    .position(|&l| Technique::from_name(code).unwrap().name() == l)
                    .unwrap()
            })
            .collect();
        let transposed = text.lines().next().unwrap().contains("rows NEW");
        for line in text.lines().skip(3).take_while(|l| !l.starts_with('(')) {
            let mut cells = line.split_whitespace();
            let name = cells.next().unwrap();
            let row = names.iter().position(|&l| l == name).unwrap();
            for (&column, cell) in columns.iter().zip(cells) {
                let count = if transposed {
                    m.counts[column][row]
                } else {
                    m.counts[row][column]
                };
                let expected = if count == 0 {
                    "-".to_string()
                } else {
                    count.to_string()
                };
                assert_eq!(cell, expected, "{line}");
            }
        }
    }
}
