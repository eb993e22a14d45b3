//! CLI tests of `sudolab explain` on the blog's puzzles.

mod common;

use std::process::{Command, Output};

fn sudolab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn explains_file_line_and_the_same_puzzle_given_inline_alike() {
    let blog = common::data_file("blog.txt");
    let spec = format!("{}:1", blog.display());
    let by_line = sudolab(&["explain", &spec, "--ladder", "singles"]);
    assert_eq!(by_line.status.code(), Some(0));
    let line = &common::puzzle_lines(&blog)[0];
    let inline = sudolab(&["explain", line, "--ladder", "singles"]);
    let strip_label = |o: &Output| stdout(o).lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(strip_label(&by_line), strip_label(&inline));
    assert!(stdout(&inline).contains("Verdict  solved in"));
}

#[test]
fn next_prints_one_step_and_grid_draws_pencil_marks() {
    let blog = common::data_file("blog.txt");
    let spec = format!("{}:11", blog.display());
    let out = sudolab(&["explain", &spec, "--next", "--grid"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(text.lines().filter(|l| l.starts_with("Next ")).count(), 1);
    assert_eq!(text.lines().filter(|l| l.starts_with("+-")).count(), 4);
    assert!(!text.contains("Verdict"));
}

#[test]
fn bad_input_names_the_file_and_line_and_exits_2() {
    let blog = common::data_file("blog.txt");
    let spec = format!("{}:99", blog.display());
    let out = sudolab(&["explain", &spec]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&format!("{spec}: no puzzle on that line")),
        "{err}"
    );
    let out = sudolab(&["explain", "12.4"]);
    assert_eq!(out.status.code(), Some(2));
    let out = sudolab(&["explain", &".".repeat(81)]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "an empty grid has many solutions"
    );
}
