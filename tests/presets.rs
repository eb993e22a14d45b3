//! The `blog` and `standard` presets, run by the real binary on the blog's puzzles, give
//! the verdicts the blog's labels promise: very easy puzzles fall to singles; easy and
//! intermediate ones to either preset; the locked-candidates example and the swordfish and
//! jellyfish examples need their technique: the preset cut just before it is stuck, the
//! preset cut just after it solves (later techniques of `standard` may do the same work by
//! other means, so "the preset without it" would not be a fair test).
//! Under both step policies, since solvability by a set of techniques does not depend on
//! order or policy.
//!
//! The seed solvers' presets, named alone, bring their policy and fallback (`lcm`: queue and
//! brute force; `blog`: sweep), which the command line overrides.
//!
//! One exception, found by these tests and checked by hand: `swordfish_05` needs a
//! Jellyfish, not a Swordfish. Where the blog ladder without Jellyfish stops, no X-Wing or
//! Swordfish exists in either orientation for any digit, and digit 8 has a Jellyfish in
//! rows 1, 4, 6 and 9 (columns 3, 5, 7, 8) that removes 12 candidates.

mod common;

use assert_cmd::Command;
use std::collections::HashMap;
use sudolab::hodoku::catalogue::Technique;
use sudolab::ladder::Ladder;
use sudolab::record::{Columns, Record, Status};

/// One puzzle of the blog, from blog.tsv.
struct BlogPuzzle {
    /// The blog's file name without folder and extension, e.g. `swordfish_05`.
    name: String,
    /// Its group: `very_easy`, `easy`, ..., `swordfish`, `jellyfish`.
    label: String,
    puzzle: String,
}

fn blog_puzzles() -> Vec<BlogPuzzle> {
    let text = std::fs::read_to_string(common::data_file("blog.tsv")).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let name = fields[0]
                .trim_start_matches("puzzles/")
                .trim_end_matches(".txt");
            BlogPuzzle {
                name: name.to_string(),
                label: fields[1].to_string(),
                puzzle: fields[2].to_string(),
            }
        })
        .collect()
}

/// Status of every puzzle of data/blog.txt under `ladder` and `policy`, by puzzle.
fn verdicts(ladder: &str, policy: &str) -> HashMap<String, Record> {
    let output = Command::cargo_bin("sudolab")
        .unwrap()
        .arg("run")
        .arg(common::data_file("blog.txt"))
        .args([
            "--ladder", ladder, "--policy", policy, "--verify", "--quiet",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{ladder}: {output:?}");
    let mut reader = csv::Reader::from_reader(output.stdout.as_slice());
    let columns = Columns::from_header(reader.headers().unwrap()).unwrap();
    reader
        .records()
        .map(|row| {
            let record = Record::from_row(&columns, &row.unwrap()).unwrap();
            (record.puzzle.clone(), record)
        })
        .collect()
}

/// The comma list of `preset`'s techniques up to `technique`, without it (`through`
/// false) or with it.
fn cut_at(preset: &str, technique: Technique, through: bool) -> String {
    let ladder = Ladder::parse(preset).unwrap();
    let at = ladder.position(technique).unwrap() + usize::from(through);
    let names: Vec<&str> = ladder.rungs()[..at].iter().map(|t| t.name()).collect();
    names.join(",")
}

/// Checks the status of the puzzles whose label or name is in `which`.
fn assert_verdict(
    verdicts: &HashMap<String, Record>,
    which: &[&str],
    expected: Status,
    what: &str,
) {
    let mut seen = 0;
    for p in blog_puzzles() {
        if which.contains(&p.label.as_str()) || which.contains(&p.name.as_str()) {
            let record = &verdicts[&p.puzzle];
            assert_eq!(
                record.status, expected,
                "{} {} with {what}",
                p.name, p.puzzle
            );
            seen += 1;
        }
    }
    assert!(seen > 0, "blog.tsv has {which:?} puzzles");
}

#[test]
fn very_easy_puzzles_solve_with_singles() {
    for policy in ["single", "sweep"] {
        let v = verdicts("singles", policy);
        assert_verdict(&v, &["very_easy"], Status::Solved, "singles");
    }
}

#[test]
fn blog_and_standard_solve_the_easy_and_intermediate_puzzles() {
    for preset in ["blog", "standard"] {
        for policy in ["single", "sweep"] {
            let v = verdicts(preset, policy);
            let what = format!("{preset}, {policy}");
            assert_verdict(
                &v,
                &["very_easy", "easy", "intermediate", "locked_candidates"],
                Status::Solved,
                &what,
            );
            assert_verdict(&v, &["swordfish", "jellyfish"], Status::Solved, &what);
            assert!(v.values().all(|r| r.status != Status::Unsound));
        }
    }
}

#[test]
fn the_locked_candidates_example_needs_locked_candidates() {
    for preset in ["blog", "standard"] {
        for policy in ["single", "sweep"] {
            let before = cut_at(preset, Technique::LockedCandidatesPointing, false);
            let v = verdicts(&before, policy);
            assert_verdict(&v, &["locked_candidates"], Status::Stuck, &before);
            let through = cut_at(preset, Technique::LockedCandidatesClaiming, true);
            let v = verdicts(&through, policy);
            assert_verdict(&v, &["locked_candidates"], Status::Solved, &through);
        }
    }
}

#[test]
fn the_fish_examples_need_their_fish() {
    let swordfish = [
        "swordfish_01",
        "swordfish_02",
        "swordfish_03",
        "swordfish_04",
    ];
    let jellyfish = ["jellyfish", "swordfish_05"];
    for preset in ["blog", "standard"] {
        for policy in ["single", "sweep"] {
            let before = cut_at(preset, Technique::Swordfish, false);
            let v = verdicts(&before, policy);
            assert_verdict(&v, &swordfish, Status::Stuck, &before);
            assert_verdict(&v, &jellyfish, Status::Stuck, &before);
            let through = cut_at(preset, Technique::Swordfish, true);
            let v = verdicts(&through, policy);
            assert_verdict(&v, &swordfish, Status::Solved, &through);
            assert_verdict(&v, &jellyfish, Status::Stuck, &through);
            let through = cut_at(preset, Technique::Jellyfish, true);
            let v = verdicts(&through, policy);
            assert_verdict(&v, &jellyfish, Status::Solved, &through);
        }
    }
}

/// The policy and fallback a run's sidecar records, and its rows' statuses.
fn run_settings(args: &[&str]) -> (String, String, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.csv");
    let output = Command::cargo_bin("sudolab")
        .unwrap()
        .arg("run")
        .arg(common::data_file("blog.txt"))
        .args(args)
        .args(["--quiet", "--verify", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    let meta: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("out.csv.meta.json")).unwrap(),
    )
    .unwrap();
    let statuses = common::csv_rows(&out)
        .into_iter()
        .map(|row| row["status"].clone())
        .collect();
    (
        meta["policy"].as_str().unwrap().to_string(),
        meta["fallback"].as_str().unwrap().to_string(),
        statuses,
    )
}

#[test]
fn a_seed_solvers_preset_named_alone_runs_under_its_own_policy_and_fallback() {
    let (policy, fallback, statuses) = run_settings(&["--ladder", "lcm"]);
    assert_eq!(
        (policy.as_str(), fallback.as_str()),
        ("queue", "brute-force")
    );
    assert_eq!(statuses.len(), 19);
    assert!(statuses.iter().all(|s| s == "solved"), "{statuses:?}");
    // The command line wins; so does a list that merely includes the preset.
    let (policy, fallback, statuses) = run_settings(&[
        "--ladder",
        "lcm",
        "--policy",
        "single",
        "--fallback",
        "none",
    ]);
    assert_eq!((policy.as_str(), fallback.as_str()), ("single", "none"));
    assert!(statuses.iter().any(|s| s == "stuck"), "{statuses:?}");
    let (policy, fallback, _) = run_settings(&["--ladder", "lcm,x-wing"]);
    assert_eq!((policy.as_str(), fallback.as_str()), ("single", "none"));
    let (policy, fallback, _) = run_settings(&["--ladder", "blog"]);
    assert_eq!((policy.as_str(), fallback.as_str()), ("sweep", "none"));
    let (policy, _, _) = run_settings(&["--ladder", "related-sets"]);
    assert_eq!(policy, "single");
}

/// What `run --help` and the preset list say is what the engine does: the oracle is asked
/// only about what a solve does not prove itself (the gate `runner::evaluate` documents and
/// the README and docs/ describe), and `standard` is HoDoKu's whole default configuration, every
/// technique of which sudolab has.
#[test]
fn the_help_describes_the_oracle_gate_and_the_standard_preset_as_they_are() {
    let help = Command::cargo_bin("sudolab")
        .unwrap()
        .args(["run", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap().replace('\n', " ");
    assert!(!help.contains("before logic runs"), "{help}");
    for said in [
        "a solve that fills the grid with techniques that do not assume uniqueness proves",
        "every other puzzle (stuck, solved with a uniqueness technique, and every puzzle",
        "under --verify or --fallback brute-force) is checked by a brute-force oracle",
    ] {
        assert!(help.contains(said), "{said:?} in {help}");
    }
    let presets = Command::cargo_bin("sudolab")
        .unwrap()
        .args(["techniques", "--presets", "--format", "json"])
        .output()
        .unwrap();
    let presets: serde_json::Value = serde_json::from_slice(&presets.stdout).unwrap();
    let standard = presets
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "standard")
        .unwrap();
    let description = standard["description"].as_str().unwrap();
    assert!(!description.contains("restricted"), "{description}");
    assert!(
        description.starts_with("HoDoKu 2.2's default configuration"),
        "{description}"
    );
}
