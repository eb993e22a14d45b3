//! `scripts/spark-grade` on a local Spark master (`local[2]`) over a real shared corpus and a
//! bundled one: its results file must be a plain `sudolab run`'s (the micros column aside),
//! with the same totals in its sidecar. Needs PySpark and Java: `.ci/run` installs PySpark
//! into `target/spark-venv` (from `scripts/spark-requirements.txt`); elsewhere the test
//! looks for `$SUDOLAB_SPARK_PYTHON`, then that venv, and skips, saying so, without one.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// A Python that imports pyspark, if there is one.
fn spark_python() -> Option<PathBuf> {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/spark-venv/bin/python");
    let candidates = std::env::var_os("SUDOLAB_SPARK_PYTHON")
        .map(PathBuf::from)
        .into_iter()
        .chain([venv]);
    for python in candidates {
        let imports = Command::new(&python)
            .args(["-c", "import pyspark"])
            .output()
            .is_ok_and(|o| o.status.success());
        if imports {
            return Some(python);
        }
    }
    common::skip::skip_unless_ci("no Python with pyspark (see scripts/spark-requirements.txt)");
    None
}

/// The rows of a results file, each without its `micros` field.
fn rows_without_timing(path: &Path) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(path)
        .unwrap();
    reader
        .records()
        .map(|row| {
            let mut fields: Vec<String> = row.unwrap().iter().map(str::to_string).collect();
            fields.remove(11);
            fields
        })
        .collect()
}

fn sidecar(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(format!("{}.meta.json", path.display())).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_spark_script_writes_what_a_plain_run_writes() {
    let Some(python) = spark_python() else {
        return;
    };
    // Section headings, solution paths and blank lines among the puzzles: rows of lines
    // that are not puzzles, and line numbers that count every line.
    let Some(shared) = common::shared_corpus("hodoku_exemplars.txt") else {
        return;
    };
    let bundled = common::data_file("tdoku_test_puzzles.txt");
    let dir = tempfile::tempdir().unwrap();
    let sudolab = assert_cmd::cargo::cargo_bin("sudolab");
    let plain = dir.path().join("plain.csv");
    let status = Command::new(&sudolab)
        .arg("run")
        .args([&shared, &bundled])
        .args(["--quiet", "--solution", "--out"])
        .arg(&plain)
        .status()
        .unwrap();
    assert!(status.success());

    let spark = dir.path().join("spark.csv");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/spark-grade");
    let output = Command::new(&python)
        .arg(&script)
        .args([&shared, &bundled])
        .args(["--master", "local[2]", "--partitions", "3", "--sudolab"])
        .arg(&sudolab)
        .arg("-o")
        .arg(&spark)
        .args(["--", "--solution"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("rows into"), "{stderr}");

    assert_eq!(rows_without_timing(&spark), rows_without_timing(&plain));
    let (ours, theirs) = (sidecar(&spark), sidecar(&plain));
    for key in ["totals", "ladder", "grading", "inputs", "solution", "limit"] {
        assert_eq!(ours[key], theirs[key], "{key}");
    }
    assert_eq!(ours["complete"], true);
    assert_eq!(ours["spark"]["master"], "local[2]");
}
