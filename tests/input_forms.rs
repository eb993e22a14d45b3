//! CLI tests of the input forms people paste: puzzle lines with spaced cells, pencil-mark
//! grids (for `explain` and `explain --next`) and HoDoKu library lines (for `run` and
//! `explain`).

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

/// The numbered steps of an explanation, without their numbers.
fn steps(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim_start().split_once(". "))
        .filter(|(n, _)| n.parse::<u32>().is_ok())
        .map(|(_, step)| step.to_string())
        .collect()
}

#[test]
fn a_grid_explain_draws_gives_the_hint_the_path_takes_from_there() {
    let spec = format!(
        "{}:24",
        common::data_file("sudoku_exchange_4k.txt").display()
    );
    let out = sudolab(&["explain", &spec, "--grid"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    // The third grid drawn (13 lines, a blank one, then the step it comes before):
    // candidates have been struck out by the steps before it.
    let mut starts = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].starts_with("+-") {
            starts.push(i);
            i += 15;
        } else {
            i += 1;
        }
    }
    assert!(starts.len() >= 3, "{text}");
    let at = starts[2];
    let grid = lines[at..at + 13].join("\n");
    let step = lines[at + 14].trim_start().split_once(". ").unwrap().1;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("grid.txt");
    std::fs::write(&file, format!("{grid}\n")).unwrap();
    let hint = sudolab(&["explain", file.to_str().unwrap(), "--next"]);
    assert_eq!(hint.status.code(), Some(0), "{:?}", hint);
    let hint = stdout(&hint);
    assert!(hint.contains(&format!("Next     {step}")), "{hint}\n{step}");
    assert!(hint.contains("candidates struck out"), "{hint}");
    // Given whole on the command line, the same.
    let inline = sudolab(&["explain", &grid, "--next"]);
    assert!(stdout(&inline).contains(&format!("Next     {step}")));
    // The whole explanation from there goes on as the puzzle's did.
    let from_grid = stdout(&sudolab(&["explain", file.to_str().unwrap()]));
    let rest = steps(&from_grid);
    let all = steps(&text);
    assert!(all.ends_with(&rest), "{from_grid}");
}

#[test]
fn run_grades_spaced_lines_and_library_lines_and_names_bad_ones() {
    let puzzle =
        ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";
    let spaced: String = puzzle
        .as_bytes()
        .chunks(3)
        .map(|g| std::str::from_utf8(g).unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    // A Uniqueness Test 4 line of HoDoKu's regression library.
    let library = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::";
    let bad_library = ":0603:3:14+8..+9::::";
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    std::fs::write(
        &input,
        format!("{puzzle}\n{spaced}\n{library}\n{bad_library}\n"),
    )
    .unwrap();
    let out_csv = dir.path().join("out.csv");
    let out = sudolab(&[
        "run",
        input.to_str().unwrap(),
        "-o",
        out_csv.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let rows = common::csv_rows(&out_csv);
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["puzzle"], puzzle);
    assert_eq!(
        rows[1]["puzzle"], puzzle,
        "spaced cells are the same puzzle"
    );
    assert_eq!(rows[1]["status"], "solved");
    assert_eq!(rows[1]["steps"], rows[0]["steps"]);
    assert_eq!(rows[2]["status"], "solved", "{:?}", rows[2]);
    assert_eq!(
        rows[2]["puzzle"],
        library.split(':').nth(3).unwrap().replace('+', "")
    );
    assert_eq!(rows[3]["status"], "invalid");
    assert_eq!(
        rows[3]["error"],
        "HoDoKu library line: givens (field 3): too short: 6 cells, a puzzle has 81"
    );
    // explain takes the library line too, and starts from its position.
    let explained = stdout(&sudolab(&["explain", library, "--ladder", "u4"]));
    // The step the line names: 3 in r6c4 and r6c5 to go.
    assert!(
        explained.contains("\n1. Uniqueness Test 4: 3/6 in r1c4,r1c5,r6c4,r6c5 => r6c4,r6c5<>3\n"),
        "{explained}"
    );
    assert!(explained.contains("candidates struck out"), "{explained}");
}

#[test]
fn a_broken_pencil_mark_grid_is_named_by_file_line_and_column() {
    let out = sudolab(&[
        "explain",
        &format!(
            "{}:24",
            common::data_file("sudoku_exchange_4k.txt").display()
        ),
        "--grid",
        "--ladder",
        "singles,lc1,lc2",
    ]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("+-"))
        .expect("a grid is drawn");
    let mut grid: Vec<String> = lines[at..at + 13].iter().map(|l| l.to_string()).collect();
    grid[2] = grid[2].replacen(" | ", " | 1?", 1);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("grid.txt");
    std::fs::write(&file, grid.join("\n")).unwrap();
    let out = sudolab(&["explain", file.to_str().unwrap(), "--next"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&format!(
            "{}: pencil-mark grid: bad character '?' at line 3",
            file.display()
        )),
        "{err}"
    );
}
