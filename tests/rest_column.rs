//! CLI tests of `run --keep-rest`: what follows each puzzle on its line (a bank's own
//! rating) kept in a last column `rest`, only with the flag, and results files with it
//! read by `merge`, `report` and `compare` like any other.

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn sudolab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `sudolab` and checks that it exits 0.
fn ok(args: &[&str]) -> Output {
    let out = sudolab(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
    out
}

fn header(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn a_rated_list_keeps_its_ratings_beside_the_grade() {
    let rated = common::data_file("sudoku_exchange_rated_sample.tsv");
    let rated = rated.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let with = dir.path().join("with.csv");
    let without = dir.path().join("without.csv");
    let with_path = with.to_str().unwrap();
    let common_args = ["--skip", "1", "--limit", "40", "-q"];
    ok(&[
        &["run", rated, "--keep-rest", "-o", with_path][..],
        &common_args,
    ]
    .concat());
    ok(&[
        &["run", rated, "-o", without.to_str().unwrap()][..],
        &common_args,
    ]
    .concat());
    assert!(header(&with).ends_with(",rest"), "{}", header(&with));
    assert!(!header(&without).contains("rest"), "{}", header(&without));
    let lines = common::puzzle_lines(&common::data_file("sudoku_exchange_rated_sample.tsv"));
    let rows = common::csv_rows(&with);
    assert_eq!(rows.len(), 40);
    for (row, line) in rows.iter().zip(&lines[1..]) {
        let rating = line.split('\t').nth(1).unwrap();
        assert_eq!(row["rest"], rating, "{line}");
    }
    // The other columns are those of a run without the flag.
    let plain = common::csv_rows(&without);
    for (a, b) in rows.iter().zip(&plain) {
        for (name, value) in b {
            if name != "micros" {
                assert_eq!(&a[name], value, "{name}");
            }
        }
    }
    let meta = std::fs::read_to_string(format!("{with_path}.meta.json")).unwrap();
    assert!(meta.contains("\"keep_rest\": true"), "{meta}");

    // Read by report and compare like any results file.
    let report = dir.path().join("report");
    ok(&["report", with_path, "-o", report.to_str().unwrap(), "-q"]);
    assert!(report.join("report.md").is_file());
    ok(&["compare", with_path, without.to_str().unwrap(), "-q"]);

    // A resume must keep the column as it was: a run without the flag is refused.
    let out = sudolab(
        &[
            &["run", rated, "-o", with_path, "--resume"][..],
            &common_args,
        ]
        .concat(),
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("keep_rest: true vs false"), "{err}");
}

#[test]
fn shards_with_the_rest_column_merge_into_the_whole_run() {
    let rated = common::data_file("sudoku_exchange_rated_sample.tsv");
    let rated = rated.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let args = ["--skip", "1", "--limit", "30", "--keep-rest", "-q"];
    ok(&[&["run", rated, "-o", &path("whole.csv")][..], &args].concat());
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let part = path(&format!("part{k}.csv"));
        ok(&[&["run", rated, "--shard", &shard, "-o", &part][..], &args].concat());
    }
    ok(&[
        "merge",
        &path("part1.csv"),
        &path("part2.csv"),
        &path("part3.csv"),
        "-o",
        &path("merged.csv"),
        "-q",
    ]);
    let strip_micros = |file: &str| {
        common::csv_rows(file)
            .into_iter()
            .map(|mut row| {
                row.remove("micros");
                row
            })
            .collect::<Vec<_>>()
    };
    let merged = strip_micros(&path("merged.csv"));
    assert_eq!(merged, strip_micros(&path("whole.csv")));
    assert!(merged.iter().all(|row| !row["rest"].is_empty()));
}
