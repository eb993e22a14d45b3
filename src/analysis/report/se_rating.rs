//! The report's sections on Sudoku Explainer's rating, for the files that have it (`er`,
//! `ep`, `ed` columns): ER by band beside the other files, HoDoKu's level by ER band, and
//! the puzzles where the two scales disagree most ([`crate::analysis::er_bands`]). Nothing
//! when no file has the rating; a file without HoDoKu's levels (a run along SE's own path)
//! gets its ER distribution and a sentence saying there is no level to set it beside.

use super::charts::BarChart;
use super::markdown::{Chart, Column, chart_of, counts_table, section};
use crate::analysis::er_bands::{ErBand, disagreement};
use crate::analysis::table::Table;
use crate::hodoku::level::Level;
use crate::record::{Record, SeGrade, Status};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// How many of the puzzles the scales disagree on most each file lists.
const DISAGREEMENTS: usize = 20;
/// The least disagreement, in levels, worth listing.
const LISTED_FROM: i32 = 2;
/// Disagreements run from -4 (HoDoKu extreme, ER easy) to +4.
const SPAN: i32 = Level::Extreme as i32;

/// A puzzle solved or stuck (one solution), with its rating if it has one.
fn attempted(r: &Record) -> bool {
    matches!(r.status, Status::Solved | Status::Stuck)
}

/// A rated puzzle with HoDoKu's level beside its ER.
struct Both<'a> {
    record: &'a Record,
    level: Level,
    grade: SeGrade,
}

fn both<'a>(c: &Column<'a>) -> Vec<Both<'a>> {
    c.set
        .records
        .iter()
        .filter_map(|r| match (r.status, r.level, r.se) {
            (Status::Solved, Some(level), Some(grade)) => Some(Both {
                record: r,
                level,
                grade,
            }),
            _ => None,
        })
        .collect()
}

/// The report's SE sections over the files in `cols` that have the rating.
pub(super) fn sections(md: &mut String, charts: &mut Vec<Chart>, cols: &[Column<'_>]) {
    let rated: Vec<Column<'_>> = cols
        .iter()
        .filter(|c| c.set.columns.se)
        .map(|c| Column {
            name: c.name.clone(),
            set: c.set,
            summary: c.summary.clone(),
        })
        .collect();
    if rated.is_empty() {
        return;
    }
    distribution(md, charts, &rated);
    let (leveled, unleveled): (Vec<&Column<'_>>, Vec<&Column<'_>>) =
        rated.iter().partition(|c| !both(c).is_empty());
    md.push_str("## HoDoKu level by ER band\n\n");
    for c in &unleveled {
        writeln!(
            md,
            "No HoDoKu level in {}: its rows carry SE's rating without HoDoKu's grade (a run \
             along SE's own path), so there is nothing to set the ER beside.\n",
            c.name
        )
        .unwrap();
    }
    if leveled.is_empty() {
        return;
    }
    md.push_str(
        "Solved puzzles by HoDoKu's level (rows) and ER band (columns); stuck puzzles have no \
         level and are counted apart.\n\n",
    );
    for c in &leveled {
        cross_table(md, c, leveled.len() > 1);
    }
    disagreements(md, charts, &leveled);
}

/// ER by band, a column per file: the rated bands from 1.0 to the highest present, each
/// lower bound as a class of its own, and the puzzles with one solution left unrated.
fn distribution(md: &mut String, charts: &mut Vec<Chart>, cols: &[Column<'_>]) {
    let bands_of = |c: &Column<'_>| -> BTreeMap<ErBand, usize> {
        let mut bands = BTreeMap::new();
        for r in c.set.records.iter().filter(|r| attempted(r)) {
            if let Some(g) = r.se {
                *bands.entry(ErBand::of(g.er)).or_insert(0) += 1;
            }
        }
        bands
    };
    let counted: Vec<BTreeMap<ErBand, usize>> = cols.iter().map(bands_of).collect();
    let present: BTreeSet<ErBand> = counted.iter().flat_map(|b| b.keys().copied()).collect();
    let highest_rated = present
        .iter()
        .copied()
        .filter(|b| matches!(b, ErBand::Rated(_)))
        .max();
    let mut bands = highest_rated.map_or_else(Vec::new, ErBand::rated_up_to);
    bands.extend(
        present
            .iter()
            .copied()
            .filter(|b| matches!(b, ErBand::AtLeast(_))),
    );
    let mut rows: Vec<(String, Vec<(usize, usize)>)> = bands
        .iter()
        .map(|band| {
            let cells = cols
                .iter()
                .zip(&counted)
                .map(|(c, n)| (n.get(band).copied().unwrap_or(0), c.summary.attempted()))
                .collect();
            (band.to_string(), cells)
        })
        .collect();
    let unrated: Vec<(usize, usize)> = cols
        .iter()
        .map(|c| {
            let n = c
                .set
                .records
                .iter()
                .filter(|r| attempted(r) && r.se.is_none())
                .count();
            (n, c.summary.attempted())
        })
        .collect();
    if unrated.iter().any(|&(n, _)| n > 0) {
        rows.push(("(not rated)".into(), unrated));
    }
    section(
        md,
        charts,
        "SE rating (ER)",
        "Sudoku Explainer's rating of each puzzle with one solution (solved or stuck), as \
         serate prints it: the hardest step of SE's own path, in bands of half a point. A \
         lower bound (`>=9.5`: the rating's time ran out, `run --se-timeout`) is a class of its own. \
         Shares are of the puzzles with one solution.",
        Chart {
            file: "er.svg",
            chart: chart_of("ER by band", "ER band", cols, &rows, true),
        },
        counts_table("ER", cols, &rows),
    );
}

/// One file's solved puzzles by HoDoKu level and ER band, and its stuck ones by band.
fn cross_table(md: &mut String, c: &Column<'_>, titled: bool) {
    let mut cells: BTreeMap<(Option<Level>, ErBand), usize> = BTreeMap::new();
    for r in c.set.records.iter().filter(|r| attempted(r)) {
        if let Some(g) = r.se {
            let level = match r.status {
                Status::Solved => r.level,
                _ => None,
            };
            *cells.entry((level, ErBand::of(g.er))).or_insert(0) += 1;
        }
    }
    let bands: BTreeSet<ErBand> = cells.keys().map(|&(_, b)| b).collect();
    let levels: BTreeSet<Option<Level>> = cells.keys().map(|&(l, _)| l).collect();
    let mut header = vec!["level \\ ER".to_string()];
    header.extend(bands.iter().map(ErBand::to_string));
    header.push("total".into());
    let mut table = Table::new(header);
    // Levels easiest first, the puzzles without one (stuck) last.
    let order = Level::ALL.iter().map(|&l| Some(l)).chain([None]);
    for level in order.filter(|l| levels.contains(l)) {
        let mut row = vec![level.map_or("(stuck)", Level::name).to_string()];
        let counts: Vec<usize> = bands
            .iter()
            .map(|&b| cells.get(&(level, b)).copied().unwrap_or(0))
            .collect();
        row.extend(counts.iter().map(|&n| match n {
            0 => "-".to_string(),
            n => n.to_string(),
        }));
        row.push(counts.iter().sum::<usize>().to_string());
        table.push(row);
    }
    if titled {
        writeln!(md, "### {}\n", c.name).unwrap();
    }
    md.push_str(&table.to_markdown());
    md.push('\n');
}

/// The signed disagreement as a chart category.
fn disagreement_label(d: i32) -> String {
    match d {
        0 => "0 (agree)".into(),
        d if d > 0 => format!("+{d}"),
        d => d.to_string(),
    }
}

/// Shares of solved puzzles by disagreement, a series per file, and each file's puzzles
/// the scales disagree on most.
fn disagreements(md: &mut String, charts: &mut Vec<Chart>, cols: &[&Column<'_>]) {
    let per_file: Vec<Vec<(Both<'_>, i32)>> = cols
        .iter()
        .map(|c| {
            both(c)
                .into_iter()
                .map(|b| {
                    let d = disagreement(b.level, b.grade.er);
                    (b, d)
                })
                .collect()
        })
        .collect();
    let rows: Vec<(String, Vec<(usize, usize)>)> = (-SPAN..=SPAN)
        .map(|d| {
            let cells = per_file
                .iter()
                .map(|f| (f.iter().filter(|(_, e)| *e == d).count(), f.len()))
                .collect();
            (disagreement_label(d), cells)
        })
        .collect();
    let owned: Vec<Column<'_>> = cols
        .iter()
        .map(|c| Column {
            name: c.name.clone(),
            set: c.set,
            summary: c.summary.clone(),
        })
        .collect();
    let chart: BarChart = chart_of(
        "Where the scales disagree",
        "ER's counterpart level minus HoDoKu's level",
        &owned,
        &rows,
        false,
    );
    let text = "Each ER band has a counterpart level, the HoDoKu level of the rules SE rates \
                there: below 2.5 singles and SE's direct rules (easy), to 3.9 intersections, \
                pairs and triples (medium), to 6.9 wings, fish, uniqueness, BUG and short \
                cycles (hard), to 7.9 forcing chains (unfair), from 8.0 multiple, dynamic and \
                nested forcing chains (extreme). A puzzle's disagreement is its ER's \
                counterpart level minus its HoDoKu level, in levels: +3 is HoDoKu \"easy\" with \
                ER 7.0 or more, -2 HoDoKu \"extreme\" with ER below 7.0; a lower bound counts \
                at its bound. Shares are of the solved puzzles with both a level and an ER.";
    section(
        md,
        charts,
        "Where the scales disagree",
        text,
        Chart {
            file: "er-disagreement.svg",
            chart,
        },
        counts_table("disagreement", &owned, &rows),
    );
    for (c, mut found) in cols.iter().zip(per_file) {
        if cols.len() > 1 {
            writeln!(md, "### {}\n", c.name).unwrap();
        }
        found.retain(|(_, d)| d.abs() >= LISTED_FROM);
        if found.is_empty() {
            md.push_str("No puzzle is two levels or more apart.\n\n");
            continue;
        }
        // Farthest apart first; then the ER farthest to the side it disagrees on (higher
        // when ER says harder, lower when easier); then in file order.
        let outlying = |b: &Both<'_>, d: i32| f64::from(d.signum()) * b.grade.er.difficulty().0;
        found.sort_by(|(a, da), (b, db)| {
            db.abs()
                .cmp(&da.abs())
                .then(outlying(b, *db).total_cmp(&outlying(a, *da)))
        });
        writeln!(
            md,
            "{} puzzles two levels or more apart{}:\n",
            found.len(),
            match found.len() > DISAGREEMENTS {
                true => format!("; the {DISAGREEMENTS} farthest"),
                false => String::new(),
            }
        )
        .unwrap();
        let mut table = Table::new([
            "line",
            "puzzle",
            "level",
            "score",
            "ER",
            "ER's level",
            "disagreement",
        ]);
        for (b, d) in found.iter().take(DISAGREEMENTS) {
            table.push([
                format!("{}:{}", b.record.source, b.record.line),
                format!("`{}`", b.record.puzzle),
                b.level.name().to_string(),
                b.record.score.to_string(),
                b.grade.er.to_string(),
                ErBand::of(b.grade.er).counterpart().name().to_string(),
                disagreement_label(*d),
            ]);
        }
        md.push_str(&table.to_markdown());
        md.push('\n');
    }
}
