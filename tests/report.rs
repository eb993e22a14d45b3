//! Report tests on fixed results files (tests/fixtures/report): snapshots of the Markdown,
//! the chart SVGs parsed and their bars counted, the HTML page self-contained, and the CLI.

mod common;

use std::collections::BTreeSet;
use sudolab::analysis::report::Report;
use sudolab::analysis::report::charts::series_fill;
use sudolab::analysis::results::ResultSet;

const SINGLES: &str = "tests/fixtures/report/singles.csv";
const STANDARD: &str = "tests/fixtures/report/standard.csv";

fn load(paths: &[&str]) -> Vec<ResultSet> {
    paths.iter().map(|p| ResultSet::load(p).unwrap()).collect()
}

/// The values of one column of a results file, read with the csv crate alone.
fn column(path: &str, name: &str) -> Vec<String> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let index = reader
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == name)
        .unwrap();
    reader
        .records()
        .map(|r| r.unwrap()[index].to_string())
        .collect()
}

/// Bars of series `j` in an SVG chart: filled rectangles of the series' colour.
fn bars(svg: &str, j: usize) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("the chart is well-formed XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some(series_fill(j).as_str()))
        .count()
}

fn chart<'a>(report: &'a Report, file: &str) -> &'a str {
    &report
        .charts
        .iter()
        .find(|(c, _)| c.file == file)
        .unwrap()
        .1
}

#[test]
fn markdown_of_one_file() {
    let report = Report::new(&load(&[STANDARD])).unwrap();
    insta::assert_snapshot!("one_file", report.markdown);
}

#[test]
fn markdown_of_two_files_side_by_side() {
    let report = Report::new(&load(&[SINGLES, STANDARD])).unwrap();
    insta::assert_snapshot!("two_files", report.markdown);
}

#[test]
fn charts_show_one_bar_per_non_zero_value() {
    let report = Report::new(&load(&[SINGLES])).unwrap();
    let statuses: BTreeSet<String> = column(SINGLES, "status").into_iter().collect();
    assert_eq!(bars(chart(&report, "status.svg"), 0), statuses.len());
    // Hardest technique: one bar per technique that is some solved puzzle's hardest, and
    // one for the stuck puzzles.
    let hardest: BTreeSet<String> = column(SINGLES, "hardest")
        .into_iter()
        .zip(column(SINGLES, "status"))
        .filter(|(_, s)| s == "solved")
        .map(|(h, _)| h)
        .collect();
    let stuck = column(SINGLES, "status").iter().any(|s| s == "stuck");
    assert_eq!(
        bars(chart(&report, "hardest.svg"), 0),
        hardest.len() + usize::from(stuck)
    );
    // One series only: nothing in the second colour.
    assert_eq!(bars(chart(&report, "hardest.svg"), 1), 0);
}

#[test]
fn two_files_draw_two_series_with_a_legend() {
    let report = Report::new(&load(&[SINGLES, STANDARD])).unwrap();
    let svg = chart(&report, "levels.svg");
    for (j, path) in [SINGLES, STANDARD].into_iter().enumerate() {
        let levels: BTreeSet<String> = column(path, "level")
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect();
        let stuck = column(path, "status").iter().any(|s| s == "stuck");
        // One bar per level present, one for stuck, and the legend's swatch.
        assert_eq!(
            bars(svg, j),
            levels.len() + usize::from(stuck) + 1,
            "{path}"
        );
    }
}

#[test]
fn the_html_page_is_self_contained() {
    let report = Report::new(&load(&[SINGLES, STANDARD])).unwrap();
    assert_eq!(report.html.matches("<svg").count(), report.charts.len());
    assert!(!report.html.contains("<img"), "charts are inline");
    assert!(report.html.contains("<table>"));
    assert!(report.html.starts_with("<!DOCTYPE html>"));
}

#[test]
fn the_cli_writes_the_report_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("nested/report");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(["report", SINGLES, STANDARD, "--out", out.to_str().unwrap()])
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let expected = Report::new(&load(&[SINGLES, STANDARD])).unwrap();
    let written = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert_eq!(written, expected.markdown, "same input, same report");
    for (c, svg) in &expected.charts {
        assert_eq!(&std::fs::read_to_string(out.join(c.file)).unwrap(), svg);
    }
    let missing = std::process::Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(["report", "/no/such.csv", "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/no/such.csv"));
}

/// The 1-2-5 bin of a time in µs: 0 for [1, 2), 1 for [2, 5), 2 for [5, 10), 3 for
/// [10, 20), ... (times under 1 µs in bin 0).
fn time_bin(micros: u64) -> usize {
    // The lower edges from 2 µs on: 2, 5, 10, 20, 50, ...; the bin is how many are reached.
    (1..)
        .map(|k: u32| [1, 2, 5][k as usize % 3] * 10u64.pow(k / 3))
        .take_while(|&edge| edge <= micros)
        .count()
}

#[test]
fn usage_levels_and_time_charts_show_one_bar_per_non_zero_value() {
    for path in [SINGLES, STANDARD] {
        let report = Report::new(&load(&[path])).unwrap();
        let rows = common::csv_rows(path);
        let attempted: Vec<_> = rows
            .iter()
            .filter(|r| r["status"] == "solved" || r["status"] == "stuck")
            .collect();
        // Usage: one bar per technique column some solved or stuck puzzle uses.
        let header = csv::Reader::from_path(path)
            .unwrap()
            .headers()
            .unwrap()
            .clone();
        let first_technique = header.iter().position(|h| h == "error").unwrap() + 1;
        let used = header
            .iter()
            .skip(first_technique)
            .filter(|t| attempted.iter().any(|r| r[*t] != "0"))
            .count();
        assert!(used > 0);
        assert_eq!(bars(chart(&report, "usage.svg"), 0), used, "{path}");
        // Levels: one bar per level some solved puzzle has, one for the stuck ones.
        let levels: BTreeSet<&str> = attempted
            .iter()
            .filter(|r| r["status"] == "solved")
            .map(|r| r["level"].as_str())
            .collect();
        let stuck = attempted.iter().any(|r| r["status"] == "stuck");
        assert_eq!(
            bars(chart(&report, "levels.svg"), 0),
            levels.len() + usize::from(stuck),
            "{path}"
        );
        // Time: one bar per 1-2-5 bin that holds a puzzle (invalid lines have no time).
        let bins: BTreeSet<usize> = rows
            .iter()
            .filter(|r| r["status"] != "invalid")
            .map(|r| time_bin(r["micros"].parse().unwrap()))
            .collect();
        assert!(bins.len() > 1, "{path}: {bins:?}");
        assert_eq!(bars(chart(&report, "time.svg"), 0), bins.len(), "{path}");
    }
}

/// The numbers along a chart's axes (its text elements that are numbers).
fn tick_values(svg: &str) -> Vec<f64> {
    let doc = roxmltree::Document::parse(svg).expect("the chart is well-formed XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text()?.trim().parse::<f64>().ok())
        .collect()
}

/// Every chart shows shares of puzzles: its value axis stops at 100%, even with a bar at
/// 100% and a legend to make room for; and both axes have titles.
#[test]
fn shares_never_run_past_100_percent_and_axes_are_titled() {
    let report = Report::new(&load(&[SINGLES, STANDARD])).unwrap();
    for (chart, svg) in &report.charts {
        let ticks = tick_values(svg);
        assert!(!ticks.is_empty(), "{}", chart.file);
        let top = ticks.iter().copied().fold(0.0, f64::max);
        assert!(top <= 100.0, "{}: an axis runs to {top}", chart.file);
        assert!(svg.contains("share of puzzles (%)"), "{}", chart.file);
    }
    let time = chart(&report, "time.svg");
    assert!(
        time.contains("time per puzzle"),
        "the histogram's axis title"
    );
}

#[test]
fn in_figures_gives_each_files_solved_share_steps_and_times_side_by_side() {
    let report = Report::new(&load(&[SINGLES, STANDARD])).unwrap();
    let section: Vec<&str> = report
        .markdown
        .lines()
        .skip_while(|l| *l != "## In figures")
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with("| "))
        .collect();
    let row = |label: &str| -> Vec<String> {
        let line = section
            .iter()
            .find(|l| l.starts_with(&format!("| {label} |")))
            .unwrap_or_else(|| panic!("no row {label:?} in {section:?}"));
        line.trim_matches('|')
            .split('|')
            .skip(1)
            .map(|c| c.trim().to_string())
            .collect()
    };
    for (j, path) in [SINGLES, STANDARD].iter().enumerate() {
        let status = column(path, "status");
        let steps = column(path, "steps");
        let mut solved_steps: Vec<u32> = status
            .iter()
            .zip(&steps)
            .filter(|(s, _)| *s == "solved")
            .map(|(_, n)| n.parse().unwrap())
            .collect();
        let solved = solved_steps.len();
        let attempted = status
            .iter()
            .filter(|s| *s == "solved" || *s == "stuck")
            .count();
        assert_eq!(row("puzzles with one solution")[j], attempted.to_string());
        assert!(
            row("solved")[j].starts_with(&format!("{solved} (")),
            "{path}: {:?}",
            row("solved")
        );
        if solved > 0 {
            solved_steps.sort_unstable();
            let mean = solved_steps.iter().sum::<u32>() as f64 / solved as f64;
            assert!(
                row("steps per solved puzzle, median (mean)")[j].ends_with(&format!("({mean:.1})")),
                "{path}"
            );
        }
        assert!(row("time per puzzle, median (mean)")[j].contains("µs"));
    }
    // Neither file has Brute Force, so there is no "by logic alone" row.
    assert!(!section.iter().any(|l| l.contains("by logic alone")));
}
