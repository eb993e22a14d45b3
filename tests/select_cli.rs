//! CLI tests of `sudolab select`: each filter, their combination, stdin, whole rows, and
//! names it does not know. The expected selection is worked out here from the results
//! file's own columns.

mod common;

use assert_cmd::Command;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

type Row = HashMap<String, String>;

/// A ladder that solves some of the sample and leaves the rest stuck.
const SIMPLE: &str = "singles,lc1,lc2,n2,h2";

fn sudolab() -> Command {
    Command::cargo_bin("sudolab").expect("the binary is built")
}

/// The first 400 puzzles of the bundled Sudoku Exchange sample under `ladder`, graded once
/// per ladder into `dir`.
fn results(dir: &Path, ladder: &str) -> PathBuf {
    let out = dir.join(format!("{ladder}.csv"));
    let corpus = common::data_file("sudoku_exchange_4k.txt");
    sudolab()
        .args([
            "run",
            corpus.to_str().unwrap(),
            "--limit",
            "400",
            "-q",
            "-l",
            ladder,
        ])
        .args(["-o", out.to_str().unwrap()])
        .assert()
        .success();
    out
}

/// The puzzles `select` writes to stdout with `args`, and its exit code.
fn select(args: &[&str]) -> Vec<String> {
    let output = sudolab().arg("select").args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn puzzles_where(rows: &[Row], keep: impl Fn(&Row) -> bool) -> Vec<String> {
    rows.iter()
        .filter(|r| keep(r))
        .map(|r| r["puzzle"].clone())
        .collect()
}

#[test]
fn status_selects_the_stuck_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let file = results(dir.path(), SIMPLE);
    let rows = common::csv_rows(&file);
    let expected = puzzles_where(&rows, |r| r["status"] == "stuck");
    assert!(!expected.is_empty() && expected.len() < rows.len());
    let path = file.to_str().unwrap();
    assert_eq!(select(&[path, "--status", "stuck"]), expected);
    // Written to a file, it is a puzzle file `run` takes, one row a puzzle.
    let out = dir.path().join("stuck.txt");
    select(&[path, "--status", "Stuck", "-o", out.to_str().unwrap()]);
    assert_eq!(common::puzzle_lines(&out), expected);
    let rerun = sudolab()
        .args(["run", out.to_str().unwrap(), "-l", SIMPLE, "-q"])
        .output()
        .unwrap();
    let text = String::from_utf8(rerun.stdout).unwrap();
    assert_eq!(text.matches(",stuck,").count(), expected.len());
}

#[test]
fn hardest_level_and_uses_select_by_their_columns_and_combine_with_and() {
    let dir = tempfile::tempdir().unwrap();
    let file = results(dir.path(), "standard");
    let rows = common::csv_rows(&file);
    let path = file.to_str().unwrap();
    let uses = |r: &Row, t: &str| r[t].parse::<u32>().unwrap() > 0;

    let hardest = puzzles_where(&rows, |r| r["hardest"] == "x-wing");
    assert!(!hardest.is_empty());
    assert_eq!(select(&[path, "--hardest", "x-wing"]), hardest);
    // Codes and lists: any of them.
    let either = puzzles_where(&rows, |r| {
        ["x-wing", "swordfish"].contains(&r["hardest"].as_str())
    });
    assert!(either.len() > hardest.len());
    assert_eq!(select(&[path, "--hardest", "bf2,bf3"]), either);

    let level = puzzles_where(&rows, |r| r["level"] == "hard");
    assert!(!level.is_empty());
    assert_eq!(select(&[path, "--level", "hard"]), level);

    let used = puzzles_where(&rows, |r| uses(r, "x-wing"));
    assert!(
        used.len() > hardest.len(),
        "x-wing is used below harder techniques too"
    );
    assert_eq!(select(&[path, "--uses", "x-wing"]), used);
    // Repeated, each --uses is one more condition.
    let both = puzzles_where(&rows, |r| uses(r, "x-wing") && uses(r, "naked-pair"));
    assert!(!both.is_empty() && both.len() < used.len());
    assert_eq!(select(&[path, "--uses", "x-wing", "--uses", "n2"]), both);

    let and = puzzles_where(&rows, |r| r["level"] == "hard" && uses(r, "hidden-pair"));
    assert!(!and.is_empty() && and.len() < level.len());
    assert_eq!(
        select(&[path, "--level", "hard", "--uses", "hidden-pair"]),
        and
    );
}

#[test]
fn reads_stdin_and_writes_whole_rows() {
    let dir = tempfile::tempdir().unwrap();
    let file = results(dir.path(), SIMPLE);
    let text = std::fs::read_to_string(&file).unwrap();
    let expected: Vec<&str> = text
        .lines()
        .enumerate()
        .filter(|(i, l)| *i == 0 || l.contains(",stuck,"))
        .map(|(_, l)| l)
        .collect();
    for args in [
        &["-", "--status", "stuck", "--rows"][..],
        &["--status", "stuck", "--rows"],
    ] {
        let output = sudolab()
            .arg("select")
            .args(args)
            .write_stdin(text.clone())
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}");
        let rows = String::from_utf8(output.stdout).unwrap();
        assert_eq!(rows.lines().collect::<Vec<_>>(), expected, "{args:?}");
        let said = String::from_utf8(output.stderr).unwrap();
        assert!(
            said.contains(&format!("selected {} of 400 rows", expected.len() - 1)),
            "{said}"
        );
    }
    // Nothing selected: the header alone, still a results file.
    let output = sudolab()
        .args(["select", "-", "--status", "unsound", "--rows", "-q"])
        .write_stdin(text.clone())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 1);
}

#[test]
fn unknown_names_get_the_name_meant_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = results(dir.path(), SIMPLE);
    let path = file.to_str().unwrap();
    for (args, meant) in [
        (&["--status", "stuk"][..], "did you mean stuck?"),
        (
            &["--hardest", "hiden-single"],
            "did you mean hidden-single (h1)?",
        ),
        (&["--level", "extrem"], "did you mean extreme?"),
        (&["--uses", "x-wing"], "no x-wing column"),
    ] {
        let output = sudolab()
            .arg("select")
            .arg(path)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(meant), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
    }
    let not_results = common::data_file("blog.txt");
    let output = sudolab()
        .args(["select", not_results.to_str().unwrap(), "--status", "stuck"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("not a sudolab results file"), "{stderr}");
}

#[test]
fn an_out_file_that_holds_something_is_kept_without_force_and_the_input_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = results(dir.path(), SIMPLE);
    let path = file.to_str().unwrap();
    let out = dir.path().join("chosen.txt");
    std::fs::write(&out, "someone's puzzles\n").unwrap();
    let out_arg = out.to_str().unwrap();

    let refused = sudolab()
        .args(["select", path, "--status", "stuck", "-o", out_arg])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(stderr.contains("already holds something"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "someone's puzzles\n"
    );

    select(&[path, "--status", "stuck", "-o", out_arg, "--force"]);
    let rows = common::csv_rows(&file);
    let stuck = puzzles_where(&rows, |r| r["status"] == "stuck");
    assert_eq!(common::puzzle_lines(&out), stuck);

    let before = std::fs::read(&file).unwrap();
    let onto_input = sudolab()
        .args(["select", path, "--rows", "--force", "-o", path])
        .output()
        .unwrap();
    assert_eq!(onto_input.status.code(), Some(2));
    let stderr = String::from_utf8(onto_input.stderr).unwrap();
    assert!(stderr.contains("is also an input"), "{stderr}");
    assert_eq!(std::fs::read(&file).unwrap(), before);
}
