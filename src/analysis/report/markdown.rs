//! The report's Markdown: a summary a reader takes in at a glance, the runs and their main
//! figures side by side, then one section per question (status, hardest technique needed,
//! technique usage, levels, solve time, the slowest puzzles), each with its chart and its
//! table, the files side by side.

use super::charts::{BarChart, Series};
use crate::analysis::results::ResultSet;
use crate::analysis::stats::{median, percent};
use crate::analysis::summary::Summary;
use crate::analysis::table::Table;
use crate::catalogue::Technique;
use crate::level::Level;
use crate::record::Status;
use crate::rung::Rung;
use std::collections::BTreeSet;
use std::fmt::Write;

/// A chart to be written next to the Markdown as `file`.
#[derive(Clone, Debug)]
pub struct Chart {
    pub file: &'static str,
    pub chart: BarChart,
}

/// One file's name in column titles, and its figures.
struct Column<'a> {
    name: String,
    set: &'a ResultSet,
    summary: Summary,
}

fn share(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// Microseconds in a readable unit: `412 µs`, `3.2 ms`, `1.25 s`.
pub fn format_micros(micros: f64) -> String {
    if micros < 1_000.0 {
        format!("{micros:.0} µs")
    } else if micros < 1_000_000.0 {
        format!("{:.1} ms", micros / 1_000.0)
    } else {
        format!("{:.2} s", micros / 1_000_000.0)
    }
}

/// Short column names: file names, or the paths when two files share a name.
fn columns(sets: &[ResultSet]) -> Vec<Column<'_>> {
    let names: Vec<String> = sets.iter().map(ResultSet::name).collect();
    let unique = names.iter().collect::<BTreeSet<_>>().len() == names.len();
    sets.iter()
        .zip(names)
        .map(|(set, name)| Column {
            name: if unique { name } else { set.path.clone() },
            set,
            summary: Summary::of(set),
        })
        .collect()
}

/// A table with a label column and, per file, a count and a share column.
fn counts_table(label: &str, cols: &[Column<'_>], rows: &[(String, Vec<(usize, usize)>)]) -> Table {
    let mut header = vec![label.to_string()];
    for c in cols {
        header.push(c.name.clone());
        header.push("share".into());
    }
    let mut table = Table::new(header);
    for (name, cells) in rows {
        let mut row = vec![name.clone()];
        for &(n, whole) in cells {
            row.push(n.to_string());
            row.push(percent(n, whole));
        }
        table.push(row);
    }
    table
}

/// A chart of shares of puzzles (the value axis runs to 100% at most), one category per
/// row, titled `title`, its categories being `category_label`.
fn chart_of(
    title: &str,
    category_label: &str,
    cols: &[Column<'_>],
    rows: &[(String, Vec<(usize, usize)>)],
    horizontal: bool,
) -> BarChart {
    BarChart {
        title: title.into(),
        value_label: "share of puzzles (%)".into(),
        category_label: category_label.into(),
        value_max: Some(100.0),
        categories: rows.iter().map(|(name, _)| name.clone()).collect(),
        series: cols
            .iter()
            .enumerate()
            .map(|(j, c)| Series {
                name: c.name.clone(),
                values: rows
                    .iter()
                    .map(|(_, cells)| share(cells[j].0, cells[j].1))
                    .collect(),
            })
            .collect(),
        horizontal,
    }
}

/// The report's Markdown and its charts, for one or more results files.
pub fn build(sets: &[ResultSet]) -> (String, Vec<Chart>) {
    let cols = columns(sets);
    let mut md = String::new();
    let mut charts = Vec::new();
    md.push_str("# sudolab report\n\n");
    at_a_glance(&mut md, &cols);
    runs(&mut md, &cols);
    in_figures(&mut md, &cols);

    let status_rows: Vec<(String, Vec<(usize, usize)>)> = Status::ALL
        .iter()
        .filter(|&&s| {
            matches!(s, Status::Solved | Status::Stuck)
                || cols.iter().any(|c| c.summary.count(s) > 0)
        })
        .map(|&s| {
            let cells = cols
                .iter()
                .map(|c| (c.summary.count(s), c.summary.puzzles))
                .collect();
            (s.name().to_string(), cells)
        })
        .collect();
    section(
        &mut md,
        &mut charts,
        "Puzzles by status",
        "`solved`: the ladder set every cell; `stuck`: it stopped before the end. Puzzles \
         with no or several solutions, and lines that are not puzzles, are not solved at all.",
        Chart {
            file: "status.svg",
            chart: chart_of("Puzzles by status", "status", &cols, &status_rows, false),
        },
        counts_table("status", &cols, &status_rows),
    );

    let techniques: BTreeSet<Rung> = cols
        .iter()
        .flat_map(|c| c.summary.hardest.keys().copied())
        .collect();
    let mut hardest_rows: Vec<(String, Vec<(usize, usize)>)> = techniques
        .iter()
        .map(|t| {
            let cells = cols
                .iter()
                .map(|c| {
                    (
                        c.summary.hardest.get(t).copied().unwrap_or(0),
                        c.summary.attempted(),
                    )
                })
                .collect();
            (t.name().to_string(), cells)
        })
        .collect();
    if cols.iter().any(|c| c.summary.solved_without_steps > 0) {
        hardest_rows.insert(
            0,
            (
                "(nothing: complete)".into(),
                cols.iter()
                    .map(|c| (c.summary.solved_without_steps, c.summary.attempted()))
                    .collect(),
            ),
        );
    }
    hardest_rows.push((
        "(stuck: beyond the ladder)".into(),
        cols.iter()
            .map(|c| (c.summary.count(Status::Stuck), c.summary.attempted()))
            .collect(),
    ));
    section(
        &mut md,
        &mut charts,
        "Hardest technique needed",
        "For each solved puzzle, the latest technique in ladder order that the solve used: \
         what a simplest-first solver needs to finish it. Shares are of the puzzles with one \
         solution (solved or stuck). `sudolab unlock FILE --ladder LADDER` says which \
         technique would unlock the stuck ones.",
        Chart {
            file: "hardest.svg",
            chart: chart_of(
                "Hardest technique needed",
                "hardest technique",
                &cols,
                &hardest_rows,
                true,
            ),
        },
        counts_table("hardest technique", &cols, &hardest_rows),
    );

    usage(&mut md, &mut charts, &cols);

    let mut level_rows: Vec<(String, Vec<(usize, usize)>)> = Level::ALL
        .iter()
        .map(|&l| {
            let cells = cols
                .iter()
                .map(|c| (c.summary.levels[l as usize], c.summary.attempted()))
                .collect();
            (l.name().to_string(), cells)
        })
        .collect();
    level_rows.push((
        "(stuck)".into(),
        cols.iter()
            .map(|c| (c.summary.count(Status::Stuck), c.summary.attempted()))
            .collect(),
    ));
    section(
        &mut md,
        &mut charts,
        "Levels",
        "HoDoKu's level of each solved puzzle: the highest level of the techniques used, \
         raised while the score exceeds the level's maximum.",
        Chart {
            file: "levels.svg",
            chart: chart_of("Levels", "level", &cols, &level_rows, false),
        },
        counts_table("level", &cols, &level_rows),
    );

    times(&mut md, &mut charts, &cols);
    slowest(&mut md, &cols);
    (md, charts)
}

fn section(
    md: &mut String,
    charts: &mut Vec<Chart>,
    title: &str,
    text: &str,
    chart: Chart,
    table: Table,
) {
    write!(
        md,
        "## {title}\n\n{text}\n\n![{title}]({})\n\n{}\n",
        chart.file,
        table.to_markdown()
    )
    .unwrap();
    charts.push(chart);
}

/// How many of the most common hardest techniques the summary names.
const GLANCE_TECHNIQUES: usize = 3;

/// A few sentences per file: how many puzzles, how many the ladder solves, how hard the
/// solved ones are (HoDoKu's levels) and what makes them so (the most common hardest
/// techniques beyond singles).
fn at_a_glance(md: &mut String, cols: &[Column<'_>]) {
    for c in cols {
        let s = &c.summary;
        let attempted = s.attempted();
        let ladder = c
            .set
            .run
            .as_ref()
            .and_then(|r| r.ladder())
            .map_or("The ladder".to_string(), |l| format!("The `{l}` ladder"));
        write!(
            md,
            "- **{}**: {} puzzles, {attempted} with one solution. ",
            c.name, s.puzzles
        )
        .unwrap();
        if attempted > 0 {
            write!(
                md,
                "{ladder} solves {} of them ({} stuck). ",
                percent(s.count(Status::Solved), attempted),
                percent(s.count(Status::Stuck), attempted)
            )
            .unwrap();
            match s.singles_only {
                0 => md.push_str("None falls to singles alone. "),
                n => write!(md, "{} fall to singles alone. ", percent(n, attempted)).unwrap(),
            }
            let levels: Vec<String> = Level::ALL
                .iter()
                .filter(|&&l| s.levels[l as usize] > 0)
                .map(|&l| format!("{} {}", l.name(), percent(s.levels[l as usize], attempted)))
                .collect();
            if !levels.is_empty() {
                write!(md, "Levels: {}. ", levels.join(", ")).unwrap();
            }
            let mut beyond: Vec<(Rung, usize)> = s
                .hardest
                .iter()
                .filter(|(t, _)| !t.is_single())
                .map(|(&t, &n)| (t, n))
                .collect();
            // Most common first; ties in ladder order.
            beyond.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            if !beyond.is_empty() {
                let named: Vec<String> = beyond
                    .iter()
                    .take(GLANCE_TECHNIQUES)
                    .map(|&(t, n)| format!("{} ({})", t.name(), percent(n, attempted)))
                    .collect();
                write!(
                    md,
                    "The hardest technique needed beyond singles is most often {}. ",
                    named.join(", ")
                )
                .unwrap();
            }
        }
        if let Some(t) = s.time_figures() {
            write!(md, "Median time {} a puzzle.", format_micros(t.p50)).unwrap();
        }
        md.push('\n');
    }
    md.push_str(
        "\nShares in this summary are of the puzzles with one solution (solved or stuck).\n\n",
    );
}

/// The figures that compare ladders and policies at a glance, a column per file: how many
/// puzzles each solves (and how many of those by logic alone, when Brute Force is a rung),
/// how many steps a solve takes, and how long a puzzle takes.
fn in_figures(md: &mut String, cols: &[Column<'_>]) {
    let mut header = vec![String::new()];
    header.extend(cols.iter().map(|c| c.name.clone()));
    let mut table = Table::new(header);
    let mut row = |label: &str, value: &dyn Fn(&Column<'_>) -> String| {
        let mut cells = vec![label.to_string()];
        cells.extend(cols.iter().map(value));
        table.push(cells);
    };
    let solved = |c: &Column<'_>| c.summary.count(Status::Solved);
    row("puzzles with one solution", &|c| {
        c.summary.attempted().to_string()
    });
    row("solved", &|c| {
        format!(
            "{} ({})",
            solved(c),
            percent(solved(c), c.summary.attempted())
        )
    });
    let guessing = |c: &Column<'_>| {
        c.summary
            .usage
            .get(&Rung::Hodoku(Technique::BruteForce))
            .map(|u| u.puzzles)
    };
    if cols.iter().any(|c| guessing(c).is_some()) {
        row("solved by logic alone", &|c| {
            let by_logic = solved(c) - guessing(c).unwrap_or(0);
            format!("{by_logic} ({})", percent(by_logic, c.summary.attempted()))
        });
    }
    row("steps per solved puzzle, median (mean)", &|c| {
        let steps: Vec<f64> = c
            .set
            .records
            .iter()
            .filter(|r| r.status == Status::Solved)
            .map(|r| f64::from(r.steps))
            .collect();
        match median(&steps) {
            // A median of an even count may fall halfway: 60.5.
            Some(m) => format!(
                "{m} ({:.1})",
                steps.iter().sum::<f64>() / steps.len() as f64
            ),
            None => "-".into(),
        }
    });
    row(
        "time per puzzle, median (mean)",
        &|c| match c.summary.time_figures() {
            Some(t) => format!("{} ({})", format_micros(t.p50), format_micros(t.mean)),
            None => "-".into(),
        },
    );
    md.push_str("## In figures\n\n");
    md.push_str(
        "Shares are of the puzzles with one solution; steps count every step of a solved \
         puzzle (a sweep's step is one pattern instance, as a single's); times are one run's, \
         on the machine that made it.\n\n",
    );
    md.push_str(&table.to_markdown());
    md.push('\n');
}

/// What made each file: the sidecar's ladder, policy, version and start time.
fn runs(md: &mut String, cols: &[Column<'_>]) {
    let mut header = vec![String::new()];
    header.extend(cols.iter().map(|c| c.name.clone()));
    let mut table = Table::new(header);
    type Field = fn(&crate::analysis::results::RunInfo) -> Option<String>;
    let fields: [(&str, Field); 6] = [
        ("ladder", |r| r.ladder()),
        ("policy", |r| r.policy()),
        ("fallback", |r| r.fallback()),
        ("version", |r| r.version()),
        ("threads", |r| r.threads()),
        ("started", |r| r.started()),
    ];
    let unknown: Vec<&str> = cols
        .iter()
        .filter(|c| c.set.run.is_none())
        .map(|c| c.name.as_str())
        .collect();
    let mut row = vec!["file".to_string()];
    row.extend(cols.iter().map(|c| format!("`{}`", c.set.path)));
    table.push(row);
    let mut row = vec!["puzzles".to_string()];
    row.extend(cols.iter().map(|c| c.summary.puzzles.to_string()));
    table.push(row);
    for (name, field) in fields {
        let values: Vec<String> = cols
            .iter()
            .map(|c| {
                c.set
                    .run
                    .as_ref()
                    .and_then(field)
                    .unwrap_or_else(|| "-".into())
            })
            .collect();
        if values.iter().all(|v| v == "-") {
            continue;
        }
        let mut row = vec![name.to_string()];
        row.extend(values);
        table.push(row);
    }
    let incomplete: Vec<&str> = cols
        .iter()
        .filter(|c| c.set.run.as_ref().and_then(|r| r.complete()) == Some(false))
        .map(|c| c.name.as_str())
        .collect();
    md.push_str("## Runs\n\n");
    if !incomplete.is_empty() {
        writeln!(
            md,
            "**Incomplete runs** (interrupted before the end): {}.\n",
            incomplete.join(", ")
        )
        .unwrap();
    }
    md.push_str(&table.to_markdown());
    md.push('\n');
    if !unknown.is_empty() {
        writeln!(
            md,
            "No sidecar (`FILE.csv.meta.json`) for {}: the run that made it is unknown.\n",
            unknown.join(", ")
        )
        .unwrap();
    }
}

fn usage(md: &mut String, charts: &mut Vec<Chart>, cols: &[Column<'_>]) {
    let (techniques, unused): (Vec<Rung>, Vec<Rung>) = cols
        .iter()
        .flat_map(|c| c.summary.techniques.iter().copied())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .partition(|t| {
            cols.iter()
                .any(|c| c.summary.usage.get(t).is_some_and(|u| u.puzzles > 0))
        });
    let mut header = vec!["technique".to_string()];
    for c in cols {
        header.push(c.name.clone());
        header.push("share".into());
        header.push("uses/puzzle".into());
    }
    let mut table = Table::new(header);
    let mut rows = Vec::new();
    for &t in &techniques {
        let mut row = vec![t.name().to_string()];
        let mut cells = Vec::new();
        for c in cols {
            let attempted = c.summary.attempted();
            match c.summary.usage.get(&t) {
                Some(u) => {
                    row.push(u.puzzles.to_string());
                    row.push(percent(u.puzzles, attempted));
                    row.push(if attempted == 0 {
                        "-".into()
                    } else {
                        format!("{:.2}", u.uses as f64 / attempted as f64)
                    });
                    cells.push((u.puzzles, attempted));
                }
                None => {
                    row.extend(["-".to_string(), "-".into(), "-".into()]);
                    cells.push((0, attempted));
                }
            }
        }
        table.push(row);
        rows.push((t.name().to_string(), cells));
    }
    let mut text = "How many puzzles (solved or stuck) use each technique at least once, and \
                    its mean number of uses per puzzle; `-` when the file's ladder does not have it."
        .to_string();
    if !unused.is_empty() {
        let names: Vec<&str> = unused.iter().map(|t| t.name()).collect();
        write!(text, " Never used: {}.", names.join(", ")).unwrap();
    }
    section(
        md,
        charts,
        "Technique usage",
        &text,
        Chart {
            file: "usage.svg",
            chart: chart_of(
                "Puzzles using each technique",
                "technique",
                cols,
                &rows,
                true,
            ),
        },
        table,
    );
}

/// Where time bin `k` starts, in µs, on the 1-2-5 scale: 1, 2, 5, 10, 20, 50, ...
fn bin_start(k: usize) -> f64 {
    [1.0, 2.0, 5.0][k % 3] * 10f64.powi((k / 3) as i32)
}

/// The time bin of `micros`; bin 0 also holds times under 1 µs.
fn bin_of(micros: f64) -> usize {
    let mut k = 0;
    while bin_start(k + 1) <= micros {
        k += 1;
    }
    k
}

/// A bin start as a short axis label: `50µs`, `2ms`, `1s`.
fn bin_label(micros: f64) -> String {
    if micros < 1_000.0 {
        format!("{micros}µs")
    } else if micros < 1_000_000.0 {
        format!("{}ms", micros / 1_000.0)
    } else {
        format!("{}s", micros / 1_000_000.0)
    }
}

fn times(md: &mut String, charts: &mut Vec<Chart>, cols: &[Column<'_>]) {
    let mut header = vec![String::new()];
    header.extend(cols.iter().map(|c| c.name.clone()));
    let mut table = Table::new(header);
    let figures: Vec<_> = cols.iter().map(|c| c.summary.time_figures()).collect();
    type Pick = fn(&crate::analysis::summary::Times) -> f64;
    let rows: [(&str, Pick); 6] = [
        ("p50", |t| t.p50),
        ("p90", |t| t.p90),
        ("p99", |t| t.p99),
        ("max", |t| t.max),
        ("mean", |t| t.mean),
        ("total", |t| t.total),
    ];
    for (name, pick) in rows {
        let mut row = vec![name.to_string()];
        row.extend(
            figures
                .iter()
                .map(|f| f.as_ref().map_or("-".into(), |f| format_micros(pick(f)))),
        );
        table.push(row);
    }
    let lowest = cols
        .iter()
        .filter_map(|c| c.summary.times.first())
        .map(|&t| bin_of(t))
        .min()
        .unwrap_or(0);
    let highest = cols
        .iter()
        .filter_map(|c| c.summary.times.last())
        .map(|&t| bin_of(t))
        .max()
        .unwrap_or(0);
    let bins: Vec<usize> = (lowest..=highest).collect();
    let histogram: Vec<(String, Vec<(usize, usize)>)> = bins
        .iter()
        .map(|&b| {
            let label = bin_label(bin_start(b));
            let cells = cols
                .iter()
                .map(|c| {
                    let n = c.summary.times.iter().filter(|&&t| bin_of(t) == b).count();
                    (n, c.summary.times.len())
                })
                .collect();
            (label, cells)
        })
        .collect();
    section(
        md,
        charts,
        "Solve time",
        "Time per puzzle, uniqueness check included, over every line that is a puzzle. The \
         histogram's bins follow the 1-2-5 scale; each is labelled with its lower edge.",
        Chart {
            file: "time.svg",
            chart: chart_of(
                "Solve time per puzzle",
                "time per puzzle (bins by lower edge, 1-2-5 scale)",
                cols,
                &histogram,
                false,
            ),
        },
        table,
    );
}

fn slowest(md: &mut String, cols: &[Column<'_>]) {
    md.push_str("## Slowest puzzles\n\n");
    md.push_str(
        "Each time is one measurement in one run, so a busy machine can make a puzzle look \
         slow: time it again (`sudolab run` on its line, or `sudolab explain FILE:LINE`, which \
         also shows how the ladder solves it) before calling it slow.\n\n",
    );
    for c in cols {
        if cols.len() > 1 {
            writeln!(md, "### {}\n", c.name).unwrap();
        }
        let mut table = Table::new(["line", "puzzle", "status", "hardest used", "time"]);
        for r in &c.summary.slowest {
            table.push([
                format!("{}:{}", r.source, r.line),
                format!("`{}`", r.puzzle),
                r.status.to_string(),
                r.hardest.map_or("-", |t| t.name()).to_string(),
                format_micros(r.micros as f64),
            ]);
        }
        md.push_str(&table.to_markdown());
        md.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_bins_follow_the_one_two_five_scale() {
        let starts: Vec<f64> = (0..7).map(bin_start).collect();
        assert_eq!(starts, [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0]);
        assert_eq!(bin_of(0.0), 0);
        assert_eq!(bin_of(1.99), 0);
        assert_eq!(bin_of(2.0), 1);
        assert_eq!(bin_of(49.0), 4);
        assert_eq!(bin_of(50.0), 5);
        let labels: Vec<String> = [50.0, 2_000.0, 1_000_000.0].map(bin_label).to_vec();
        assert_eq!(labels, ["50µs", "2ms", "1s"]);
        assert_eq!(format_micros(412.0), "412 µs");
        assert_eq!(format_micros(3_250.0), "3.2 ms");
    }
}
