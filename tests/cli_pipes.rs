//! Every subcommand in a pipeline: the ones that read a results file read it from stdin
//! (`-`), `explain` takes a line of stdin as it suggests (`-:LINE`), and the ones that write to stdout end quietly with exit code 0 when the reader
//! goes away (`| head -1`), as `run` does.

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

/// Runs `sudolab ARGS` with a stdout nobody reads (the reader closed before the first
/// write, as `| head -1` is after its line) and returns its output.
fn with_closed_stdout(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    sudolab().args(args).stdout(writer).output().unwrap()
}

#[test]
fn every_subcommand_that_writes_to_stdout_ends_quietly_when_its_reader_goes() {
    let dir = tempfile::tempdir().unwrap();
    let (part1, part2) = two_shards(dir.path());
    let (part1, part2) = (part1.to_str().unwrap(), part2.to_str().unwrap());
    let blog = data_file("blog.txt");
    let blog = blog.to_str().unwrap();
    let puzzle = format!("{blog}:1");
    let commands: Vec<Vec<&str>> = vec![
        vec!["run", blog, "-o", "-"],
        vec!["merge", part1, part2, "-o", "-"],
        vec!["techniques"],
        vec!["techniques", "--format", "json"],
        vec!["compare", part1, part1],
        vec!["compare", part1, part1, "--format", "csv"],
        vec!["explain", &puzzle],
        vec!["explain", &puzzle, "--format", "json"],
        vec!["unlock", blog],
        vec!["completions", "bash"],
        vec!["man"],
    ];
    for args in commands {
        let output = with_closed_stdout(&args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "sudolab {}: {}",
            args.join(" "),
            stderr_of(&output)
        );
        assert!(
            output.stderr.is_empty(),
            "sudolab {} quietly: {}",
            args.join(" "),
            stderr_of(&output)
        );
    }
    // `unlock --format csv` puts its summary on stderr, by design, whatever becomes of stdout.
    let output = with_closed_stdout(&["unlock", blog, "--format", "csv"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
}

#[test]
fn explain_takes_a_line_of_a_stream_as_it_suggests() {
    let blog = data_file("blog.txt");
    let output = run_with_stdin(&["explain", "-"], &blog);
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert!(stderr.contains("name one as -:LINE"), "{stderr}");

    // What it suggests works, and explains the puzzle the file's own line 3 holds.
    let output = run_with_stdin(&["explain", "-:3"], &blog);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let from_stdin = String::from_utf8(output.stdout).unwrap();
    let blog = blog.to_str().unwrap();
    let output = sudolab()
        .args(["explain", &format!("{blog}:3")])
        .output()
        .unwrap();
    let from_file = String::from_utf8(output.stdout).unwrap();
    assert!(from_stdin.contains("(-:3)"), "{from_stdin}");
    assert_eq!(
        from_stdin.replace("(-:3)", ""),
        from_file.replace(&format!("({blog}:3)"), "")
    );
    let output = run_with_stdin(&["explain", "-:999"], Path::new(blog));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_of(&output).contains("-:999: no puzzle on that line"),
        "{}",
        stderr_of(&output)
    );
    // Taking `-:LINE` does not make a mistyped option a puzzle.
    let output = run_with_stdin(&["explain", "--nxt"], Path::new(blog));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_of(&output).contains("a similar argument exists: '--next'"),
        "{}",
        stderr_of(&output)
    );
}
