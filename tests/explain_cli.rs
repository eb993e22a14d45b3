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

/// Whether a numbered step line is a single (full house, naked or hidden single).
fn is_single(step: &str) -> bool {
    ["Full House:", "Naked Single:", "Hidden Single:"]
        .iter()
        .any(|s| step.starts_with(s))
}

/// The numbered step lines of an explanation, without their numbers.
fn steps(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let (n, rest) = l.trim_start().split_once(". ")?;
            n.parse::<u32>().ok().map(|_| rest.to_string())
        })
        .collect()
}

/// `r3c7` as (row, column), 0-based.
fn cell(text: &str) -> (usize, usize) {
    let b = text.as_bytes();
    assert!(b.len() == 4 && b[0] == b'r' && b[2] == b'c', "{text}");
    ((b[1] - b'1') as usize, (b[3] - b'1') as usize)
}

/// The candidates of the 81 cells of a drawn pencil-mark grid (13 lines).
fn grid_cells(lines: &[&str]) -> Vec<Vec<String>> {
    lines
        .iter()
        .filter(|l| l.starts_with('|'))
        .map(|l| {
            l.split(|c: char| c == '|' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .inspect(|row| assert_eq!(row.len(), 9, "{row:?}"))
        .collect()
}

#[test]
fn grid_draws_the_candidates_before_each_step_that_is_not_a_single() {
    // A Sudoku Exchange puzzle the standard ladder solves with a dozen steps beyond
    // singles: locked candidates, a 2-string kite, XY- and XYZ-wings, a W-wing.
    let spec = format!(
        "{}:24",
        common::data_file("sudoku_exchange_4k.txt").display()
    );
    let plain = stdout(&sudolab(&["explain", &spec]));
    let out = sudolab(&["explain", &spec, "--grid"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(steps(&text), steps(&plain), "--grid only adds grids");
    let non_singles = steps(&plain).iter().filter(|s| !is_single(s)).count();
    assert!(non_singles >= 10, "{plain}");
    assert!(text.contains("Verdict  solved in"), "{text}");
    assert!(text.contains("Grade    "), "{text}");

    let lines: Vec<&str> = text.lines().collect();
    let mut grids = 0;
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("+-") {
            i += 1;
            continue;
        }
        // A grid: 13 lines and a blank one, then the step it comes before, no single.
        let cells = grid_cells(&lines[i..i + 13]);
        assert_eq!(cells.len(), 9);
        assert_eq!(lines[i + 13], "");
        let step = lines[i + 14].trim_start().split_once(". ").unwrap().1;
        assert!(!is_single(step), "a grid before a single: {step}");
        // Every candidate the step removes is still in the grid drawn before it.
        let consequence = step.split_once(" => ").unwrap().1;
        for group in consequence.split(", ") {
            if let Some((cells_text, digit)) = group.split_once("<>") {
                for c in cells_text.split(',') {
                    let (r, k) = cell(c);
                    assert!(cells[r][k].contains(digit), "{c}<>{digit} in\n{step}");
                }
            } else {
                let (c, digit) = group
                    .split_once('=')
                    .unwrap_or_else(|| panic!("{group:?} in {step:?}"));
                let (r, k) = cell(c);
                assert!(cells[r][k].contains(digit), "{group} in\n{step}");
            }
        }
        grids += 1;
        i += 15;
    }
    assert_eq!(grids, non_singles, "{text}");
}

#[test]
fn next_from_a_partly_solved_grid_is_the_first_step_of_its_own_explanation() {
    // A hint reads the grid as a puzzle, as HoDoKu loads one: which single comes first
    // depends on the order in which candidates went, and a grid keeps no history, so the
    // hint is the first step of the grid's own explanation (not always the next step of
    // the puzzle's).
    let exchange = common::data_file("sudoku_exchange_4k.txt");
    let puzzle = common::puzzle_lines(&exchange)[23].clone();
    let full = steps(&stdout(&sudolab(&["explain", &puzzle])));
    let placements = full.iter().take_while(|s| is_single(s)).count();
    assert!(placements >= 5, "{full:?}");
    let mut grid: Vec<u8> = puzzle.bytes().collect();
    for step in full.iter().take(placements) {
        let text = std::str::from_utf8(&grid).unwrap();
        let hint = stdout(&sudolab(&["explain", text, "--next"]));
        let next = hint
            .lines()
            .find_map(|l| l.strip_prefix("Next     "))
            .unwrap_or_else(|| panic!("{hint}"));
        let own = steps(&stdout(&sudolab(&["explain", text])));
        assert_eq!(next, own[0], "from {text}");
        let (c, digit) = step.rsplit_once(' ').unwrap().1.split_once('=').unwrap();
        let (r, col) = cell(c);
        grid[r * 9 + col] = digit.as_bytes()[0];
    }
}

#[test]
fn a_ladder_file_sets_the_techniques_policy_fallback_and_scores() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ladder.toml");
    std::fs::write(
        &file,
        "techniques = [\"naked-single\", \"hidden-single\"]\n\
         fallback = \"brute-force\"\n\
         [scores]\n\
         hidden-single = 1000\n",
    )
    .unwrap();
    let blog = common::data_file("blog.txt");
    // The blog's first intermediate puzzle: singles alone do not solve it.
    let spec = format!("{}:11", blog.display());
    let with_file = stdout(&sudolab(&[
        "explain",
        &spec,
        "--ladder",
        file.to_str().unwrap(),
    ]));
    let by_list = stdout(&sudolab(&["explain", &spec, "--ladder", "n1,h1,bf"]));
    let used = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("Used "))
            .map(str::to_string)
    };
    assert!(with_file.contains("Verdict  solved in"), "{with_file}");
    assert!(
        with_file.contains("Brute Force"),
        "the fallback applies: {with_file}"
    );
    assert_eq!(used(&with_file), used(&by_list), "the same steps");
    // The grade takes the file's score for hidden singles: 1000 each instead of 14.
    let score = |text: &str| -> u64 {
        let line = text.lines().find(|l| l.starts_with("Grade ")).unwrap();
        let digits = line.rsplit("score ").next().unwrap().trim_end_matches(')');
        digits.parse().unwrap()
    };
    let used_line = used(&with_file).unwrap();
    let hidden: u64 = used_line
        .trim_start_matches("Used")
        .split(", ")
        .find_map(|u| u.trim().strip_prefix("hidden-single "))
        .expect("hidden singles are used")
        .parse()
        .unwrap();
    assert_eq!(score(&with_file) - score(&by_list), hidden * (1000 - 14));
    // --policy on the command line still wins over a file's.
    let swept = sudolab(&[
        "explain",
        &spec,
        "--ladder",
        file.to_str().unwrap(),
        "--policy",
        "sweep",
    ]);
    assert_eq!(swept.status.code(), Some(0));
}

#[test]
fn an_output_file_that_holds_something_is_kept_without_force_and_the_puzzle_file_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles.txt");
    std::fs::copy(common::data_file("blog.txt"), &puzzles).unwrap();
    let spec = format!("{}:1", puzzles.display());
    let out = dir.path().join("path.txt");
    std::fs::write(&out, "someone's notes\n").unwrap();
    let o = out.to_str().unwrap();

    let refused = sudolab(&["explain", &spec, "-o", o]);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(stderr.contains("already holds something"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "someone's notes\n");

    let forced = sudolab(&["explain", &spec, "-o", o, "--force"]);
    assert_eq!(forced.status.code(), Some(0));
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains("Verdict  solved in")
    );

    let before = std::fs::read(&puzzles).unwrap();
    for spec in [spec.as_str(), puzzles.to_str().unwrap()] {
        let p = puzzles.to_str().unwrap();
        let onto_input = sudolab(&["explain", spec, "-o", p, "--force"]);
        assert_eq!(onto_input.status.code(), Some(2), "{spec}");
        let stderr = String::from_utf8(onto_input.stderr).unwrap();
        assert!(stderr.contains("is also an input"), "{stderr}");
        assert_eq!(std::fs::read(&puzzles).unwrap(), before);
    }
}
