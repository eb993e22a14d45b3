//! CLI tests of `sudolab generate`: every puzzle has one solution and is minimal, meets its
//! target when `sudolab run` grades it again, the same seed gives the same file at one and
//! two threads, symmetry holds, and impossible targets and bad flags end plainly.

mod common;

use assert_cmd::Command;
use common::csv_rows;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use sudolab::generate::dig::{is_minimal, is_unique};
use sudolab::generate::symmetry::Symmetry;
use sudolab::puzzle::Puzzle;

type Row = HashMap<String, String>;

fn sudolab() -> Command {
    Command::cargo_bin("sudolab").expect("the binary is built")
}

/// The puzzles `generate` writes to stdout with `args`, which must succeed.
fn generate(args: &[&str]) -> Vec<String> {
    let output = sudolab().arg("generate").args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn values(puzzle: &str) -> [u8; 81] {
    *Puzzle::parse_line(puzzle).expect("a puzzle line").values()
}

/// `sudolab run FILE` with `extra` options, its rows.
fn regrade(file: &Path, extra: &[&str]) -> Vec<Row> {
    let out = file.with_extension("regraded.csv");
    sudolab()
        .args(["run", file.to_str().unwrap(), "-q", "--force", "-o"])
        .arg(&out)
        .args(extra)
        .assert()
        .success();
    csv_rows(&out)
}

/// Generates into a file in `dir` and returns its path and puzzles.
fn generate_file(dir: &Path, name: &str, args: &[&str]) -> (std::path::PathBuf, Vec<String>) {
    let path = dir.join(name);
    sudolab()
        .args(["generate", "-q", "-o"])
        .arg(&path)
        .args(args)
        .assert()
        .success();
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text.lines().map(str::to_string).collect())
}

#[test]
fn puzzles_are_unique_minimal_new_and_meet_their_level_when_run_grades_them() {
    let dir = tempfile::tempdir().unwrap();
    let (file, puzzles) = generate_file(
        dir.path(),
        "hard.txt",
        &["-n", "12", "--level", "hard", "--seed", "5"],
    );
    assert_eq!(puzzles.len(), 12);
    let distinct: HashSet<_> = puzzles.iter().collect();
    assert_eq!(distinct.len(), 12, "new within the run");
    for puzzle in &puzzles {
        let v = values(puzzle);
        assert!(is_unique(&v), "{puzzle}");
        assert!(is_minimal(&v), "{puzzle}");
    }
    for row in regrade(&file, &[]) {
        assert_eq!(row["status"], "solved", "{row:?}");
        assert_eq!(row["level"], "hard", "{row:?}");
    }
}

#[test]
fn the_rows_are_those_run_writes_for_the_puzzle_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    let rows_path = dir.path().join("rows.csv");
    sudolab()
        .args([
            "generate",
            "-q",
            "-n",
            "8",
            "--seed",
            "9",
            "--score",
            "600..1200",
        ])
        .arg("-o")
        .arg(&file)
        .arg("--rows")
        .arg(&rows_path)
        .assert()
        .success();
    let mut ours = csv_rows(&rows_path);
    let mut theirs = regrade(&file, &[]);
    assert_eq!(ours.len(), 8);
    for row in ours.iter_mut().chain(theirs.iter_mut()) {
        row.remove("micros");
        let score: u32 = row["score"].parse().unwrap();
        assert!((600..=1200).contains(&score), "{row:?}");
    }
    assert_eq!(ours, theirs);
}

#[test]
fn technique_targets_hold_when_graded_again() {
    let dir = tempfile::tempdir().unwrap();
    let (file, puzzles) = generate_file(
        dir.path(),
        "xw.txt",
        &["-n", "3", "--hardest", "x-wing", "--seed", "2"],
    );
    assert_eq!(puzzles.len(), 3);
    for row in regrade(&file, &[]) {
        assert_eq!(row["hardest"], "x-wing", "{row:?}");
    }
    let (file, _) = generate_file(
        dir.path(),
        "needs.txt",
        &[
            "-n",
            "4",
            "--needs",
            "skyscraper",
            "--without",
            "xy-wing,w-wing",
            "--givens",
            "22..25",
            "--seed",
            "3",
        ],
    );
    for row in regrade(&file, &[]) {
        assert_ne!(row["skyscraper"], "0", "{row:?}");
        assert_eq!(row["xy-wing"], "0", "{row:?}");
        assert_eq!(row["w-wing"], "0", "{row:?}");
        let givens: u32 = row["givens"].parse().unwrap();
        assert!((22..=25).contains(&givens), "{row:?}");
    }
    let (file, _) = generate_file(
        dir.path(),
        "singles.txt",
        &["-n", "4", "--ladder", "singles", "--seed", "4"],
    );
    for row in regrade(&file, &["--ladder", "singles"]) {
        assert_eq!(row["status"], "solved", "{row:?}");
    }
    let (file, _) = generate_file(
        dir.path(),
        "er.txt",
        &["-n", "3", "--er", "2.0..4.0", "--seed", "6"],
    );
    for row in regrade(&file, &["--grade", "hodoku,se"]) {
        let er: f64 = row["er"].parse().unwrap();
        assert!((2.0..=4.0).contains(&er), "{row:?}");
    }
}

#[test]
fn along_se_s_path_targets_name_se_s_rules_and_hold_when_run_grades_along_it() {
    let dir = tempfile::tempdir().unwrap();
    let rows_file = dir.path().join("se.csv");
    let (file, puzzles) = generate_file(
        dir.path(),
        "se.txt",
        &[
            "-n",
            "3",
            "--ladder",
            "se",
            "--hardest",
            "x-wing",
            "--needs",
            "direct-hidden-pair",
            "--er",
            "3.0..3.5",
            "--seed",
            "2",
            "--rows",
            rows_file.to_str().unwrap(),
        ],
    );
    assert_eq!(puzzles.len(), 3);
    let regraded = regrade(&file, &["--ladder", "se"]);
    for row in &regraded {
        assert_eq!(row["hardest"], "x-wing", "{row:?}");
        assert_ne!(row["direct-hidden-pair"], "0", "{row:?}");
        let er: f64 = row["er"].parse().unwrap();
        assert!((3.0..=3.5).contains(&er), "{row:?}");
        assert!(!row.contains_key("level"), "SE's path has no HoDoKu level");
    }
    let without_micros = |rows: Vec<Row>| -> Vec<Row> {
        rows.into_iter()
            .map(|mut r| {
                r.remove("micros");
                r
            })
            .collect()
    };
    assert_eq!(
        without_micros(csv_rows(&rows_file)),
        without_micros(regraded)
    );
}

#[test]
fn a_name_of_the_other_grader_is_refused_saying_which() {
    for (args, says) in [
        (
            &["--ladder", "se", "--hardest", "skyscraper"][..],
            "not a rule of SE's path",
        ),
        (
            &["--ladder", "se", "--needs", "x-wings"][..],
            "did you mean x-wing?",
        ),
        (
            &["--without", "direct-pointing"][..],
            "a rule of SE's path, not a HoDoKu technique",
        ),
    ] {
        let output = sudolab().arg("generate").args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

#[test]
fn the_same_seed_gives_the_same_file_at_one_and_two_threads() {
    for extra in [&["--level", "medium"][..], &["--hardest", "skyscraper"][..]] {
        let base = ["-n", "15", "--seed", "42", "-q"];
        let one = generate(&[&base[..], extra, &["-j", "1"]].concat());
        let two = generate(&[&base[..], extra, &["-j", "2"]].concat());
        assert_eq!(one.len(), 15);
        assert_eq!(one, two, "{extra:?}");
        let other = generate(&[&["-n", "15", "--seed", "43", "-q"][..], extra].concat());
        assert_ne!(one, other, "another seed, other puzzles");
    }
}

#[test]
fn a_drawn_seed_is_printed_and_repeats_the_run() {
    let output = sudolab()
        .args(["generate", "-n", "3", "-q"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    let seed = stderr
        .split("--seed ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("no seed printed: {stderr}"));
    let again = generate(&["-n", "3", "-q", "--seed", seed]);
    assert_eq!(
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .collect::<Vec<_>>(),
        again
    );
}

#[test]
fn symmetric_puzzles_keep_their_symmetry_and_not_minimal_ones_their_givens() {
    for (name, symmetry) in [
        ("180", Symmetry::Rotational180),
        ("90", Symmetry::Rotational90),
        ("diagonal", Symmetry::Diagonal),
        ("mirror", Symmetry::Mirror),
    ] {
        let puzzles = generate(&["-n", "5", "--symmetry", name, "--seed", "1", "-q"]);
        assert_eq!(puzzles.len(), 5);
        for puzzle in &puzzles {
            let v = values(puzzle);
            assert!(symmetry.holds(&v), "{name}: {puzzle}");
            assert!(is_unique(&v), "{name}: {puzzle}");
        }
    }
    let puzzles = generate(&[
        "-n",
        "5",
        "--givens",
        "32",
        "--not-minimal",
        "--seed",
        "1",
        "-q",
    ]);
    for puzzle in &puzzles {
        let v = values(puzzle);
        assert_eq!(v.iter().filter(|&&d| d != 0).count(), 32, "{puzzle}");
        assert!(is_unique(&v) && !is_minimal(&v), "{puzzle}");
    }
}

#[test]
fn impossible_targets_are_refused_plainly() {
    for (args, says) in [
        (
            &["--givens", "16"][..],
            "no puzzle with fewer than 17 givens",
        ),
        (
            &["--givens", "..12"][..],
            "no puzzle with fewer than 17 givens",
        ),
        (&["--givens", "50"][..], "--not-minimal"),
        (
            &["--hardest", "x-wing", "--level", "easy"][..],
            "above every level asked",
        ),
        (
            &["--needs", "x-wing", "--without", "bf2"][..],
            "both needed and excluded",
        ),
        (
            &["--ladder", "singles", "--needs", "x-wing"][..],
            "the ladder",
        ),
        (&["--ladder", "se", "--level", "hard"][..], "HoDoKu's grade"),
    ] {
        let output = sudolab().arg("generate").args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("no puzzle can meet this target"),
            "{stderr}"
        );
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_hopeless_search_ends_at_max_tries_with_what_it_found() {
    let output = sudolab()
        .args([
            "generate",
            "-n",
            "5",
            "--hardest",
            "jellyfish",
            "--walk",
            "0",
        ])
        .args(["--max-tries", "40", "--seed", "1", "-q"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("--max-tries reached with 0 of the 5"),
        "{stderr}"
    );
    assert!(stderr.contains("40 attempts"), "{stderr}");
}

#[test]
fn bad_flags_are_refused_with_exit_code_2() {
    for (args, says) in [
        (&["--symmetry", "45"][..], "invalid value '45'"),
        (&["--level", "hardd"][..], "did you mean hard"),
        (&["--hardest", "x-wong"][..], "x-wong"),
        (&["--score", "900..300"][..], "empty"),
        (&["--er", "seven"][..], "not a range"),
        (&["-n", "0"][..], "invalid value '0'"),
        (&["--timeout", "soon"][..], "--timeout"),
        (
            &["--se-timeout", "0"][..],
            "not a positive number of seconds",
        ),
    ] {
        let output = sudolab().arg("generate").args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("sudolab: "), "{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

#[test]
fn an_output_that_holds_something_is_kept_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kept.txt");
    std::fs::write(&file, "precious\n").unwrap();
    let output = sudolab()
        .args(["generate", "-n", "1", "--seed", "1", "-o"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious\n");
    sudolab()
        .args(["generate", "-n", "1", "--seed", "1", "-q", "--force", "-o"])
        .arg(&file)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 1);
}

#[test]
fn the_walk_takes_ten_steps_by_default_at_every_level() {
    let walked = |target: &[&str], walk: Option<&str>| {
        let mut args = vec!["-n", "12", "--seed", "4", "-j", "1", "-q"];
        args.extend_from_slice(target);
        if let Some(steps) = walk {
            args.extend(["--walk", steps]);
        }
        generate(&args)
    };
    for target in [&["--level", "extreme"][..], &["--level", "hard"][..]] {
        let by_default = walked(target, None);
        assert_eq!(by_default, walked(target, Some("10")), "{target:?}");
        assert_ne!(by_default, walked(target, Some("0")), "{target:?}");
    }
}
