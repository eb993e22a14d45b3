//! `sudolab compare` on Sudoku Explainer's rating: two real runs of bundled puzzles with
//! `--grade hodoku,se`, one of them then given other ratings (numbers and `>=9.5` lower
//! bounds) row by row, and what compare says of them in text, CSV and JSON, counted again
//! here from the files' columns.

mod common;

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Output};

fn sudolab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn run(ladder: &str, out: &Path) {
    let corpus = common::data_file("blog.txt");
    let output = sudolab(&[
        "run",
        corpus.to_str().unwrap(),
        "--ladder",
        ladder,
        "--grade",
        "hodoku,se",
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

/// A copy of results file `from` with the `er`, `ep` and `ed` of some lines replaced.
fn rerated(from: &Path, to: &Path, ratings: &HashMap<&str, [&str; 3]>) {
    let mut reader = csv::Reader::from_path(from).unwrap();
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (line, er) = (at("line"), at("er"));
    let mut writer = csv::Writer::from_path(to).unwrap();
    writer.write_record(&header).unwrap();
    for row in reader.records() {
        let mut row: Vec<String> = row.unwrap().iter().map(str::to_string).collect();
        if let Some(new) = ratings.get(row[line].as_str()) {
            for (i, value) in new.iter().enumerate() {
                row[er + i] = value.to_string();
            }
        }
        writer.write_record(&row).unwrap();
    }
}

#[test]
fn er_changes_between_two_real_runs_are_counted_as_the_columns_say() {
    let dir = tempfile::tempdir().unwrap();
    let (standard, singles, changed) = (
        dir.path().join("standard.csv"),
        dir.path().join("singles.csv"),
        dir.path().join("changed.csv"),
    );
    run("standard", &standard);
    run("singles", &singles);
    let path = |p: &Path| p.to_str().unwrap().to_string();

    // SE's path does not depend on the ladder: two ladders, the same ratings.
    let output = sudolab(&["compare", &path(&standard), &path(&singles)]);
    let text = String::from_utf8(output.stdout).unwrap();
    let rated = common::csv_rows(&standard)
        .iter()
        .filter(|r| !r["er"].is_empty())
        .count();
    assert!(
        text.contains(&format!(
            "SE rating: {rated} puzzles rated on both sides; ER up 0, down 0;"
        )),
        "{text}"
    );
    assert!(text.contains("ER band: no change."), "{text}");

    // The same run with other ratings on three lines: one up, one down (EP too), one a
    // lower bound now.
    let base = common::csv_rows(&standard);
    let er_of = |line: &str| {
        base.iter().find(|r| r["line"] == line).unwrap()["er"]
            .parse::<f64>()
            .unwrap()
    };
    let ratings = HashMap::from([
        ("1", ["8.3", "1.2", "1.2"]),
        ("2", ["1.0", "1.0", "1.2"]),
        ("3", [">=9.5", ">=9.5", ">=9.5"]),
    ]);
    assert!(er_of("1") < 8.3 && er_of("2") > 1.0, "edits that move ER");
    rerated(&standard, &changed, &ratings);
    let edited = common::csv_rows(&changed);
    let differs = |column: &str| {
        base.iter()
            .zip(&edited)
            .filter(|(b, n)| b[column] != n[column])
            .count()
    };
    let output = sudolab(&[
        "compare",
        &path(&standard),
        &path(&changed),
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let se = &json["comparison"]["se"];
    assert_eq!(se["rated"], rated);
    assert_eq!(
        (se["er_up"].as_u64(), se["er_down"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(se["er_now_bound"], 1);
    assert_eq!(se["ep_changed"].as_u64(), Some(differs("ep") as u64));
    assert_eq!(se["ed_changed"].as_u64(), Some(differs("ed") as u64));
    let largest: Vec<u64> = se["largest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["row"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(largest.len(), 2, "the bound is not a move between numbers");
    assert_eq!(json["comparison"]["changed"].as_array().unwrap().len(), 3);

    // Only ratings changed: --fail-on-changes fails on them.
    let gate = sudolab(&[
        "compare",
        &path(&standard),
        &path(&changed),
        "--fail-on-changes",
        "-q",
    ]);
    assert_eq!(gate.status.code(), Some(1));
    let same = sudolab(&[
        "compare",
        &path(&standard),
        &path(&standard),
        "--fail-on-changes",
        "-q",
    ]);
    assert_eq!(same.status.code(), Some(0));

    // CSV: each side's ratings beside the verdicts.
    let output = sudolab(&[
        "compare",
        &path(&standard),
        &path(&changed),
        "--format",
        "csv",
    ]);
    let mut reader = csv::Reader::from_reader(output.stdout.as_slice());
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    for row in reader.records() {
        let row = row.unwrap();
        let line = &row[at("new_line")];
        let b = base.iter().find(|r| r["line"] == line).unwrap();
        let n = edited.iter().find(|r| r["line"] == line).unwrap();
        for column in ["er", "ep", "ed"] {
            assert_eq!(&row[at(&format!("base_{column}"))], b[column].as_str());
            assert_eq!(&row[at(&format!("new_{column}"))], n[column].as_str());
        }
        let changed = b["er"] != n["er"] || b["ep"] != n["ep"] || b["ed"] != n["ed"];
        assert_eq!(
            &row[at("changed")],
            if changed { "1" } else { "0" },
            "{line}"
        );
    }
    assert_eq!(
        header.iter().next_back(),
        Some("new_band"),
        "bands last: {header:?}"
    );
}

#[test]
fn a_file_without_the_rating_is_named_and_nothing_is_compared() {
    let report = "tests/fixtures/report";
    let output = sudolab(&[
        "compare",
        &format!("{report}/standard.csv"),
        &format!("{report}/se.csv"),
    ]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("SE rating: in NEW only (BASE has no er column); not compared."),
        "{text}"
    );
    let output = sudolab(&[
        "compare",
        &format!("{report}/standard.csv"),
        &format!("{report}/se.csv"),
        "--format",
        "csv",
    ]);
    let header = String::from_utf8(output.stdout).unwrap();
    let first = header.lines().next().unwrap();
    assert!(!first.split(',').any(|h| h.ends_with("_er")), "{first}");
}

#[test]
fn a_run_along_ses_path_has_no_levels_to_compare_and_levels_do_not_count_as_changes() {
    let dir = tempfile::tempdir().unwrap();
    let (hodoku, se) = (dir.path().join("hodoku.csv"), dir.path().join("se.csv"));
    run("standard", &hodoku);
    run("se", &se);
    let (hodoku, se) = (hodoku.to_str().unwrap(), se.to_str().unwrap());

    let text = String::from_utf8(sudolab(&["compare", hodoku, se]).stdout).unwrap();
    assert!(text.contains("Level: not compared"), "{text}");

    // Same file on both sides: nothing changed, though SE's rows have no level.
    let text = String::from_utf8(sudolab(&["compare", se, se]).stdout).unwrap();
    assert!(text.contains("Verdicts: no change."), "{text}");

    let output = sudolab(&["compare", hodoku, se, "--format", "csv"]);
    let mut reader = csv::Reader::from_reader(output.stdout.as_slice());
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert!(!rows.is_empty());
    for row in &rows {
        if &row[at("new_status")] == "solved" {
            assert_eq!(&row[at("new_level")], "", "{row:?}");
            assert_ne!(&row[at("base_level")], "", "{row:?}");
        }
    }
}
