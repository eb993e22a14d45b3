//! Every subcommand in a pipeline: the ones that read a results file read it from stdin
//! (`-`).

mod common;

use common::data_file;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn sudolab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudolab"))
}

fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `sudolab ARGS` with `stdin` as its standard input.
fn run_with_stdin(args: &[&str], stdin: &Path) -> Output {
    sudolab()
        .args(args)
        .stdin(std::fs::File::open(stdin).unwrap())
        .output()
        .unwrap()
}

/// The two shards of a run of the blog puzzles, in `dir`: (part 1, part 2).
fn two_shards(dir: &Path) -> (PathBuf, PathBuf) {
    let blog = data_file("blog.txt");
    let parts = (dir.join("part1.csv"), dir.join("part2.csv"));
    for (k, part) in [(1, &parts.0), (2, &parts.1)] {
        let output = sudolab()
            .arg("run")
            .arg(&blog)
            .args(["--shard", &format!("{k}/2"), "-q", "-o"])
            .arg(part)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    }
    parts
}

#[test]
fn the_merge_help_example_pipes_into_report() {
    let dir = tempfile::tempdir().unwrap();
    let (part1, part2) = two_shards(dir.path());
    let report = dir.path().join("report");
    // `sudolab merge a.csv b.csv -o - | sudolab report -`, as merge's help shows it.
    let mut merge = sudolab()
        .arg("merge")
        .args([&part1, &part2])
        .args(["-o", "-", "-q"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let output = sudolab()
        .args(["report", "-", "-q", "-o"])
        .arg(&report)
        .stdin(merge.stdout.take().unwrap())
        .output()
        .unwrap();
    assert!(merge.wait().unwrap().success());
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let markdown = std::fs::read_to_string(report.join("report.md")).unwrap();
    // All 19 puzzles of the blog, read from the pipe, and named as stdin.
    assert!(markdown.contains("| stdin |"), "{markdown}");
    assert!(markdown.contains("| solved | 19 |"), "{markdown}");
}

#[test]
fn compare_reads_either_file_from_stdin_but_not_both() {
    let dir = tempfile::tempdir().unwrap();
    let (part1, _) = two_shards(dir.path());
    let part1 = part1.to_str().unwrap();
    let output = run_with_stdin(&["compare", "-", part1], Path::new(part1));
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("BASE - (10 rows; no sidecar)"), "{text}");

    let output = run_with_stdin(&["compare", "-", "-"], Path::new(part1));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_of(&output).contains("standard input ('-') is named 2 times"),
        "{}",
        stderr_of(&output)
    );
}

#[test]
fn merge_says_why_a_part_cannot_be_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let (part1, part2) = two_shards(dir.path());
    let out = dir.path().join("all.csv");
    let output = sudolab()
        .args(["merge", "-"])
        .arg(&part2)
        .arg("-o")
        .arg(&out)
        .stdin(std::fs::File::open(&part1).unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("a part cannot be standard input ('-')") && stderr.contains("sidecar"),
        "{stderr}"
    );
    assert!(!out.exists(), "nothing written");
}
