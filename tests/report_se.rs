//! The report's Sudoku Explainer sections: on a real run of bundled puzzles with
//! `--grade hodoku,se` (bands, cross table and disagreements counted again here from the
//! results file's columns), on a crafted file with lower bounds (`>=9.5`), on one without
//! HoDoKu's levels, and their absence from a file without the rating.

mod common;

use std::collections::BTreeMap;
use std::process::Command;
use sudolab::analysis::report::Report;
use sudolab::analysis::report::charts::series_fill;
use sudolab::analysis::results::ResultSet;

const STANDARD: &str = "tests/fixtures/report/standard.csv";
const SE: &str = "tests/fixtures/report/se.csv";
const SE_BOUNDS: &str = "tests/fixtures/report/se-bounds.csv";
const SE_PATH: &str = "tests/fixtures/report/se-path.csv";

fn report(paths: &[&str]) -> Report {
    let sets: Vec<ResultSet> = paths.iter().map(|p| ResultSet::load(p).unwrap()).collect();
    Report::new(&sets).unwrap()
}

fn chart<'a>(report: &'a Report, file: &str) -> Option<&'a str> {
    report
        .charts
        .iter()
        .find(|(c, _)| c.file == file)
        .map(|(_, svg)| svg.as_str())
}

/// Bars of series `j` in an SVG chart: filled rectangles of the series' colour.
fn bars(svg: &str, j: usize) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("the chart is well-formed XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some(series_fill(j).as_str()))
        .count()
}

/// The Markdown table rows of section `title` (up to the next `## `), as cells.
fn section_rows(markdown: &str, title: &str) -> Vec<Vec<String>> {
    markdown
        .lines()
        .skip_while(|l| *l != format!("## {title}"))
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with("| ") && !l.starts_with("|---"))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// An ER as a results file writes it, in its half-point band, worked out here from the
/// text: `7.2` -> `7.0-7.4`, `>=9.5` -> its own class.
fn band_of(er: &str) -> String {
    if let Some(bound) = er.strip_prefix(">=") {
        return format!(">={bound} (not rated)");
    }
    let tenths = (er.parse::<f64>().unwrap() * 10.0).round() as u32;
    let start = tenths / 5 * 5;
    let decimal = |t: u32| format!("{}.{}", t / 10, t % 10);
    format!("{}-{}", decimal(start), decimal(start + 4))
}

#[test]
fn a_real_run_with_se_gets_er_bands_and_a_cross_table_as_its_columns_say() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("exchange.csv");
    let status = Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(["run", "--grade", "hodoku,se", "--limit", "300", "-q", "-o"])
        .arg(&results)
        .arg(common::data_file("sudoku_exchange_4k.txt"))
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let out = dir.path().join("report");
    let status = Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(["report", "-q", "-o"])
        .arg(&out)
        .arg(&results)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let markdown = std::fs::read_to_string(out.join("report.md")).unwrap();
    let rows = common::csv_rows(&results);
    let rated: Vec<_> = rows.iter().filter(|r| !r["er"].is_empty()).collect();
    assert!(rated.len() > 250, "{} rated", rated.len());

    let mut by_band: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_level_band: BTreeMap<(String, String), usize> = BTreeMap::new();
    for r in &rated {
        *by_band.entry(band_of(&r["er"])).or_default() += 1;
        let level = match r["level"].as_str() {
            "" => "(stuck)".to_string(),
            level => level.to_string(),
        };
        *by_level_band.entry((level, band_of(&r["er"]))).or_default() += 1;
    }
    let distribution = section_rows(&markdown, "SE rating (ER)");
    for (band, n) in &by_band {
        let row = distribution
            .iter()
            .find(|r| &r[0] == band)
            .unwrap_or_else(|| panic!("no band {band}: {distribution:?}"));
        assert_eq!(&row[1], &n.to_string(), "{band}");
    }
    let shown: usize = distribution[1..]
        .iter()
        .filter(|r| r[0] != "(not rated)")
        .map(|r| r[1].parse::<usize>().unwrap())
        .sum();
    assert_eq!(shown, rated.len(), "every rated puzzle in one band");
    let svg = std::fs::read_to_string(out.join("er.svg")).unwrap();
    assert_eq!(
        bars(&svg, 0),
        by_band.len(),
        "one bar per band that has a puzzle"
    );

    let cross = section_rows(&markdown, "HoDoKu level by ER band");
    let header = &cross[0];
    for ((level, band), n) in &by_level_band {
        let row = cross.iter().find(|r| &r[0] == level).unwrap();
        let column = header.iter().position(|h| h == band).unwrap();
        assert_eq!(&row[column], &n.to_string(), "{level} x {band}");
    }

    // Disagreements: each listed puzzle's row matches its line, at two levels or more.
    let listed = section_rows(&markdown, "Where the scales disagree");
    let table = listed
        .iter()
        .skip_while(|r| r[0] != "line")
        .skip(1)
        .collect::<Vec<_>>();
    assert!(
        !table.is_empty(),
        "the bank has puzzles the scales disagree on"
    );
    for row in table {
        let line = row[0].rsplit(':').next().unwrap();
        let r = rows.iter().find(|r| r["line"] == line).unwrap();
        assert_eq!(row[2], r["level"]);
        assert_eq!(row[4], r["er"]);
        let d: i32 = row[6].trim_start_matches('+').parse().unwrap();
        assert!(d.abs() >= 2, "{row:?}");
    }
}

#[test]
fn lower_bounds_are_a_class_of_their_own_and_count_at_their_bound() {
    let r = report(&[SE_BOUNDS]);
    let distribution = section_rows(&r.markdown, "SE rating (ER)");
    let nested = distribution
        .iter()
        .find(|row| row[0] == ">=9.5 (not rated)")
        .expect("a class for the bound");
    let bounds = common::csv_rows(SE_BOUNDS)
        .iter()
        .filter(|row| row["er"] == ">=9.5")
        .count();
    assert_eq!(nested[1], bounds.to_string());
    assert!(
        !distribution.iter().any(|row| row[0] == "9.5-9.9"),
        "a bound is not counted in the band it may not belong to"
    );
    // Lines 2 and 3 are HoDoKu "easy" with ER >=9.5 (+4), line 5 "easy" with 7.2 (+3).
    let listed = section_rows(&r.markdown, "Where the scales disagree");
    let table: Vec<(&str, &str)> = listed
        .iter()
        .skip_while(|row| row[0] != "line")
        .skip(1)
        .map(|row| (row[0].rsplit(':').next().unwrap(), row[6].as_str()))
        .collect();
    assert_eq!(table, [("2", "+4"), ("3", "+4"), ("5", "+3")]);
    let chart = chart(&r, "er-disagreement.svg").unwrap();
    // Bars at 0 (agreement), -1 (in the fixture), +3 and +4.
    let categories = section_rows(&r.markdown, "Where the scales disagree")
        .iter()
        .take_while(|row| row[0] != "line")
        .skip(1)
        .filter(|row| row[1] != "0")
        .count();
    assert_eq!(bars(chart, 0), categories);
}

#[test]
fn a_run_along_ses_path_gets_its_er_and_no_hodoku_levels() {
    let r = report(&[SE_PATH]);
    assert!(r.markdown.contains("## SE rating (ER)"));
    assert!(chart(&r, "er.svg").is_some());
    assert!(!r.markdown.contains("## Levels"), "{}", r.markdown);
    assert!(chart(&r, "levels.svg").is_none());
    assert!(
        r.markdown.contains("No HoDoKu level in se-path.csv"),
        "{}",
        r.markdown
    );
    assert!(!r.markdown.contains("## Where the scales disagree"));
    assert!(chart(&r, "er-disagreement.svg").is_none());
}

#[test]
fn a_file_without_the_rating_gets_no_se_section() {
    let r = report(&[STANDARD]);
    assert!(!r.markdown.contains("SE rating"));
    assert!(!r.markdown.contains("HoDoKu level by ER band"));
    assert!(chart(&r, "er.svg").is_none());
}

#[test]
fn markdown_with_and_without_the_rating_side_by_side() {
    insta::assert_snapshot!("with_se", report(&[STANDARD, SE]).markdown);
}
