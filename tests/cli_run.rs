//! `sudolab run` and `sudolab techniques` as a user meets them: the real binary on real
//! files, checked through the CSV schema the analysis commands read back.

mod common;

use assert_cmd::Command;
use common::{data_file, puzzle_lines};
use predicates::prelude::*;
use proptest::prelude::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use sudolab::record::{Columns, Record, Status};

const VERY_EASY: &str =
    ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";

fn sudolab() -> Command {
    Command::cargo_bin("sudolab").expect("the binary is built")
}

/// The rows of a results file, read back through the schema.
fn read_rows(csv: &[u8]) -> (Columns, Vec<Record>) {
    let mut reader = csv::Reader::from_reader(csv);
    let columns = Columns::from_header(reader.headers().unwrap()).unwrap();
    let rows = reader
        .records()
        .map(|row| Record::from_row(&columns, &row.unwrap()).unwrap())
        .collect();
    (columns, rows)
}

/// Runs `sudolab run ARGS` to stdout and returns its rows.
fn run_rows(args: &[&str]) -> (Columns, Vec<Record>) {
    let output = sudolab()
        .arg("run")
        .args(args)
        .arg("--quiet")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    read_rows(&output.stdout)
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn every_puzzle_line_of_a_mixed_file_gets_one_row_saying_what_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.txt");
    let mut text = Vec::new();
    text.extend_from_slice(b"# a comment line: no row\n");
    text.extend_from_slice(format!("{VERY_EASY}\n").as_bytes()); // line 2
    text.extend_from_slice(b"\n   \n"); // blank lines 3, 4
    text.extend_from_slice(format!("{}\n", &VERY_EASY[..80]).as_bytes()); // 5: short
    text.extend_from_slice(format!("{}a{}\r\n", &VERY_EASY[..9], &VERY_EASY[10..]).as_bytes()); // 6
    text.extend_from_slice(format!("77{}\n", &VERY_EASY[2..]).as_bytes()); // 7: clash
    text.extend_from_slice(b"12\xff\xfe not utf-8\n"); // 8
    text.extend_from_slice(format!("{}\n", ".".repeat(81)).as_bytes()); // 9: many solutions
    text.extend_from_slice(format!("{VERY_EASY} # rated 1.2").as_bytes()); // 10, no final newline
    std::fs::write(&path, &text).unwrap();

    let (columns, rows) = run_rows(&[path.to_str().unwrap()]);
    assert_eq!(rows.len(), 7, "one row per puzzle line");
    assert_eq!(
        columns.techniques,
        sudolab::ladder::Ladder::default()
            .rungs()
            .iter()
            .map(|&t| sudolab::rung::Rung::Hodoku(t))
            .collect::<Vec<_>>(),
        "the standard ladder's columns"
    );
    let lines: Vec<u64> = rows.iter().map(|r| r.line).collect();
    assert_eq!(lines, [2, 5, 6, 7, 8, 9, 10]);
    let statuses: Vec<Status> = rows.iter().map(|r| r.status).collect();
    use Status::*;
    assert_eq!(
        statuses,
        [
            Solved,
            Invalid,
            Invalid,
            Invalid,
            Invalid,
            MultipleSolutions,
            Solved
        ]
    );
    assert!(rows.iter().all(|r| r.source == path.to_str().unwrap()));
    assert_eq!(rows[1].error, "too short: 80 cells, a puzzle has 81");
    assert_eq!(rows[2].error, "bad character 'a' at position 10");
    assert_eq!(
        rows[3].error,
        "clashing givens: 7 at r1c1 and r1c2, both in r1"
    );
    assert!(rows[4].error.contains("position 3"), "{}", rows[4].error);
    assert_eq!(
        rows[1].puzzle,
        &VERY_EASY[..80],
        "invalid rows keep the raw line"
    );
    assert_eq!(rows[6].puzzle, VERY_EASY, "valid rows are normalised");
    assert_eq!(rows[0].level.map(|l| l.name()), Some("easy"));
}

#[test]
fn output_is_identical_for_one_and_two_threads_timing_aside() {
    let input = data_file("sudoku_exchange_4k.txt");
    let run = |threads: &str| {
        let output = sudolab()
            .args(["run", "--quiet", "--solution", "--fallback", "brute-force"])
            .args(["--threads", threads])
            .arg(&input)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        let (columns, mut rows) = read_rows(&output.stdout);
        rows.iter_mut().for_each(|r| r.micros = 0);
        (columns, rows, output.stdout)
    };
    let (columns, one, bytes_one) = run("1");
    let (_, two, bytes_two) = run("2");
    assert_eq!(one.len(), puzzle_lines(&input).len());
    assert_eq!(one, two);
    // Byte for byte, once the micros column is blanked.
    let micros = columns
        .header()
        .iter()
        .position(|&h| h == "micros")
        .unwrap();
    let blank = |bytes: &[u8]| -> Vec<String> {
        let mut reader = csv::Reader::from_reader(bytes);
        reader
            .records()
            .map(|r| {
                let mut fields: Vec<String> = r.unwrap().iter().map(str::to_string).collect();
                fields[micros].clear();
                fields.join(",")
            })
            .collect()
    };
    assert_eq!(blank(&bytes_one), blank(&bytes_two));
    assert!(
        one.iter().all(|r| r.status == Status::Solved),
        "every puzzle has one solution"
    );
    assert!(
        one.iter()
            .all(|r| r.solution.as_ref().is_some_and(|s| s.len() == 81))
    );
}

#[test]
fn tdoku_awkward_cases_split_as_the_corpus_says() {
    let (_, rows) = run_rows(&[data_file("tdoku_test_puzzles.txt").to_str().unwrap()]);
    let count = |status| rows.iter().filter(|r| r.status == status).count();
    assert_eq!(rows.len(), 43);
    assert_eq!(count(Status::NoSolution), 10);
    assert_eq!(count(Status::MultipleSolutions), 15);
    assert_eq!(count(Status::Solved) + count(Status::Stuck), 18);
    assert_eq!(count(Status::Invalid) + count(Status::Unsound), 0);
}

#[test]
fn a_bad_option_exits_2_naming_it() {
    let output = sudolab().args(["run", "--frobnicate"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("--frobnicate"));
    let output = sudolab()
        .args(["run", "--threads", "0"])
        .arg(data_file("blog.txt"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("--threads"));
}

#[test]
fn an_unknown_technique_exits_2_naming_it_and_where_the_names_are() {
    let output = sudolab()
        .args(["run", "--ladder", "n1,h1,wibble"])
        .arg(data_file("blog.txt"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert!(stderr.contains("--ladder"), "{stderr}");
    assert!(stderr.contains("\"wibble\""), "{stderr}");
    assert!(
        !stderr.contains("x-wing (bf2)"),
        "no list of every name: {stderr}"
    );
    assert!(
        stderr.contains("`sudolab techniques` lists them"),
        "{stderr}"
    );
    assert!(
        stderr.contains("presets: singles, blog, lcm, related-sets, standard"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty(), "nothing runs");
}

#[test]
fn an_unknown_option_is_named_without_the_tip_to_pass_it_as_a_value() {
    for args in [
        &["report", "--threadz", "2", "x.csv"][..],
        &["explain", "--bogus", "x"],
    ] {
        let output = sudolab().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = stderr_of(&output);
        assert!(
            stderr.contains(&format!("unexpected argument '{}'", args[1])),
            "{stderr}"
        );
        assert!(!stderr.contains("use '-- "), "{stderr}");
        assert!(stderr.contains("Usage: sudolab"), "{stderr}");
    }
    // clap's own suggestion of a near option stays.
    let output = sudolab()
        .args(["run", "--thread", "2", "x.txt"])
        .output()
        .unwrap();
    assert!(stderr_of(&output).contains("a similar argument exists: '--threads'"));
}

#[test]
fn a_misspelt_technique_gets_the_name_meant() {
    let output = sudolab()
        .args(["run", "--ladder", "n1,h1,xwing"])
        .arg(data_file("blog.txt"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert!(stderr.contains("did you mean x-wing (bf2)?"), "{stderr}");
    assert!(
        !stderr.contains("naked-single (n1)"),
        "not the whole list: {stderr}"
    );
    assert!(output.stdout.is_empty(), "nothing runs");
}

#[test]
fn a_missing_file_is_named_and_the_other_files_still_run() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.csv");
    let output = sudolab()
        .arg("run")
        .arg(data_file("blog.txt"))
        .arg("no-such-puzzles.txt")
        .arg(dir.path())
        .arg(data_file("tdoku_test_puzzles.txt"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("cannot read no-such-puzzles.txt"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "cannot read {}: is a directory",
            dir.path().display()
        )),
        "{stderr}"
    );
    let (_, rows) = read_rows(&std::fs::read(&out).unwrap());
    assert_eq!(rows.len(), 19 + 43);
    let meta: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("out.csv.meta.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(meta["totals"]["input_errors"], 2);
    assert_eq!(meta["inputs"][1]["path"], "no-such-puzzles.txt");
    assert!(meta["inputs"][1]["error"].is_string());
}

#[test]
fn a_binary_input_is_named_as_not_text_and_the_other_files_still_run() {
    let binary = assert_cmd::cargo::cargo_bin("sudolab");
    let output = sudolab()
        .arg("run")
        .arg(&binary)
        .arg(data_file("blog.txt"))
        .args(["--ladder", "singles"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains(&format!("cannot read {}: not text", binary.display())),
        "{stderr}"
    );
    let (_, rows) = read_rows(&output.stdout);
    assert_eq!(rows.len(), 19, "only the text file's rows");
}

#[test]
fn no_control_character_reaches_the_csv_raw_and_messages_name_them_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("late-nul.txt");
    // More than the 64 KiB whose NUL bytes would refuse the file as binary, then lines with
    // control characters, as a file damaged past its start has them.
    let mut text = format!("{VERY_EASY}\n").repeat(1000).into_bytes();
    text.extend_from_slice(b"12\x00\x00\x003\n"); // line 1001
    text.extend_from_slice(b"456\x7f\x1b[31m\xc2\x85\n"); // 1002: DEL, ESC, C1 NEL
    std::fs::write(&path, &text).unwrap();
    for command in [
        &["run", "-q", "-l", "singles"][..],
        &["unlock", "--format", "csv"],
    ] {
        let output = sudolab().args(command).arg(&path).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
        let csv = String::from_utf8(output.stdout.clone()).unwrap();
        assert!(
            csv.chars().all(|ch| !ch.is_control() || ch == '\n'),
            "{:?}",
            &csv[csv.len().saturating_sub(600)..]
        );
        let stderr = stderr_of(&output);
        assert!(
            stderr.chars().all(|ch| !ch.is_control() || ch == '\n'),
            "{stderr:?}"
        );
        let rows = csv.lines().rev().take(2).collect::<Vec<_>>().join("\n");
        assert!(rows.contains("12␀␀␀3"), "{rows}");
        assert!(rows.contains("456␡␛[31m"), "{rows}");
        assert!(
            rows.contains("a control character (U+0000 NUL) at position 3"),
            "{rows}"
        );
        assert!(
            rows.contains("a control character (U+007F DEL) at position 4"),
            "{rows}"
        );
    }
}

#[test]
fn invalid_rows_leave_their_counts_empty_and_every_reader_takes_them() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("mixed.txt");
    std::fs::write(&input, format!("{VERY_EASY}\n12345\n{VERY_EASY}\nxyz\n")).unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let input = input.to_str().unwrap();
    let ok = |args: &[&str]| {
        let output = sudolab().args(args).output().unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr_of(&output)
        );
        output
    };
    ok(&["run", input, "-q", "-l", "singles", "-o", &path("all.csv")]);
    let rows = common::csv_rows(path("all.csv"));
    for row in &rows {
        let invalid = row["status"] == "invalid";
        for column in [
            "steps",
            "placements",
            "eliminations",
            "score",
            "naked-single",
        ] {
            assert_eq!(row[column].is_empty(), invalid, "{column} of {row:?}");
        }
    }
    assert_eq!(rows.iter().filter(|r| r["status"] == "invalid").count(), 2);

    // merge, report, compare and resume read such rows.
    for k in 1..=2 {
        let part = path(&format!("part{k}.csv"));
        let shard = format!("{k}/2");
        ok(&[
            "run", input, "-q", "-l", "singles", "--shard", &shard, "-o", &part,
        ]);
    }
    ok(&[
        "merge",
        &path("part1.csv"),
        &path("part2.csv"),
        "-q",
        "-o",
        &path("merged.csv"),
    ]);
    ok(&["report", &path("merged.csv"), "-q", "-o", &path("report")]);
    ok(&[
        "compare",
        &path("all.csv"),
        &path("merged.csv"),
        "--fail-on-changes",
    ]);
    ok(&[
        "run",
        input,
        "-q",
        "-l",
        "singles",
        "--resume",
        "-o",
        &path("all.csv"),
    ]);
    assert_eq!(common::csv_rows(path("all.csv")), rows);
}

/// The sidecar's `inputs` entries and `totals.input_errors` of a results file.
fn input_errors_in_sidecar(csv: &Path) -> (Vec<serde_json::Value>, u64) {
    let mut name = csv.as_os_str().to_owned();
    name.push(".meta.json");
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(name).unwrap()).unwrap();
    let inputs = meta["inputs"].as_array().unwrap().clone();
    (inputs, meta["totals"]["input_errors"].as_u64().unwrap())
}

#[test]
fn the_sidecar_says_why_an_input_that_is_not_text_was_refused() {
    let dir = tempfile::tempdir().unwrap();
    let utf16 = dir.path().join("utf16.txt");
    std::fs::write(&utf16, b"\xff\xfe1\x002\x00").unwrap();
    let binary = dir.path().join("binary.txt");
    std::fs::write(&binary, b"12\x0034\n").unwrap();
    let out = dir.path().join("out.csv");
    let output = sudolab()
        .arg("run")
        .args([&utf16, &data_file("blog.txt"), &binary])
        .args(["-q", "--ladder", "singles", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let (inputs, count) = input_errors_in_sidecar(&out);
    let error = |i: usize| inputs[i]["error"].as_str().unwrap_or("").to_string();
    assert!(error(0).starts_with("not text: UTF-16"), "{inputs:?}");
    assert!(inputs[1]["error"].is_null(), "{inputs:?}");
    assert!(error(2).starts_with("not text: it holds NUL"), "{inputs:?}");
    assert_eq!(count, 2, "input_errors counts the inputs with an error");

    // Stdin is checked as it is read, and recorded all the same.
    let output = sudolab()
        .args(["run", "-", "-q", "-o"])
        .arg(&out)
        .arg("--force")
        .write_stdin(std::fs::read(&utf16).unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let (inputs, count) = input_errors_in_sidecar(&out);
    assert!(
        inputs[0]["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("not text: UTF-16")),
        "{inputs:?}"
    );
    assert_eq!(count, 1);
}

#[test]
fn a_bad_output_path_fails_before_any_work() {
    let output = sudolab()
        .arg("run")
        .arg(data_file("blog.txt"))
        .args(["--out", "/no/such/folder/out.csv"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("/no/such/folder/out.csv"));
}

#[test]
fn standard_input_named_twice_is_refused() {
    sudolab()
        .args(["run", "-", "-", "--out", "-"])
        .write_stdin(format!("{VERY_EASY}\n"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "standard input ('-') is named 2 times; it can be read once",
        ));
}

#[test]
fn the_output_may_not_overwrite_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzles.txt");
    std::fs::write(&path, format!("{VERY_EASY}\n")).unwrap();
    sudolab()
        .arg("run")
        .arg(&path)
        .arg("--out")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is also an input"));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!("{VERY_EASY}\n")
    );
}

#[test]
fn skip_and_limit_count_puzzle_lines_across_files() {
    let blog = data_file("blog.txt");
    let tdoku = data_file("tdoku_test_puzzles.txt");
    let (_, rows) = run_rows(&[
        blog.to_str().unwrap(),
        tdoku.to_str().unwrap(),
        "--skip",
        "17",
        "--limit",
        "4",
    ]);
    let places: Vec<(String, u64)> = rows.iter().map(|r| (r.source.clone(), r.line)).collect();
    let blog_name = blog.to_str().unwrap().to_string();
    let tdoku_name = tdoku.to_str().unwrap().to_string();
    let tdoku_lines = first_puzzle_line_numbers(&tdoku, 2);
    assert_eq!(
        places,
        [
            (blog_name.clone(), 18),
            (blog_name, 19),
            (tdoku_name.clone(), tdoku_lines[0]),
            (tdoku_name, tdoku_lines[1]),
        ]
    );
}

/// The 1-based numbers of the first `n` puzzle lines of a file.
fn first_puzzle_line_numbers(path: &Path, n: usize) -> Vec<u64> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .take(n)
        .map(|(i, _)| i as u64 + 1)
        .collect()
}

#[test]
fn reads_stdin_and_writes_stdout_with_dashes() {
    let input = format!("{VERY_EASY}\n{}\n", &VERY_EASY[..10]);
    let output = sudolab()
        .args(["run", "-", "--out", "-", "--quiet", "--ladder", "singles"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(output.stderr.is_empty(), "quiet: {}", stderr_of(&output));
    let (columns, rows) = read_rows(&output.stdout);
    assert_eq!(
        columns.header()[13..],
        ["full-house", "naked-single", "hidden-single"]
    );
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].source, "-");
    assert_eq!(
        (rows[0].status, rows[1].status),
        (Status::Solved, Status::Invalid)
    );
}

#[test]
fn the_summary_and_the_sidecar_describe_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("blog.csv");
    let output = sudolab()
        .arg("run")
        .arg(data_file("blog.txt"))
        .args([
            "--ladder",
            "singles",
            "--fallback",
            "brute-force",
            "-j",
            "2",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = stderr_of(&output);
    assert!(stderr.contains("19 puzzles in "), "{stderr}");
    assert!(stderr.contains("puzzles/s on 2 threads"), "{stderr}");
    assert!(stderr.contains("by status: solved 19"), "{stderr}");
    assert!(stderr.contains("brute-force"), "{stderr}");

    let meta: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("blog.csv.meta.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(meta["tool"], "sudolab");
    assert_eq!(meta["version"], env!("CARGO_PKG_VERSION"));
    assert!(meta["commit"].as_str().is_some_and(|c| !c.is_empty()));
    assert_eq!(
        meta["ladder"],
        serde_json::json!(["full-house", "naked-single", "hidden-single"])
    );
    assert_eq!(
        (&meta["policy"], &meta["fallback"]),
        (&"single".into(), &"brute-force".into())
    );
    assert_eq!(meta["threads"], 2);
    assert_eq!(meta["complete"], true);
    assert_eq!(
        meta["inputs"][0]["bytes"],
        std::fs::metadata(data_file("blog.txt")).unwrap().len()
    );
    assert_eq!(meta["totals"]["puzzles"], 19);
    assert_eq!(meta["totals"]["by_status"]["solved"], 19);
    assert_eq!(meta["grading"][3]["technique"], "brute-force");
    assert!(
        meta["command_line"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a == "--fallback")
    );
    for key in ["started", "finished"] {
        let time = meta[key].as_str().unwrap();
        assert!(
            time.len() >= 20 && time.ends_with('Z') && time.contains('T'),
            "{time}"
        );
    }
}

#[test]
fn a_ladder_file_sets_policy_fallback_and_scores_and_the_command_line_wins() {
    let dir = tempfile::tempdir().unwrap();
    let ladder = dir.path().join("mine.toml");
    std::fs::write(
        &ladder,
        "techniques = [\"n1\", \"h1\"]\npolicy = \"sweep\"\nfallback = \"brute-force\"\n\
         [scores]\nnaked-single = 1000\n[levels]\nh1 = \"hard\"\n",
    )
    .unwrap();
    let out = dir.path().join("out.csv");
    sudolab()
        .arg("run")
        .arg(data_file("blog.txt"))
        .arg("--ladder")
        .arg(&ladder)
        .args(["--policy", "single", "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    let (columns, rows) = read_rows(&std::fs::read(&out).unwrap());
    assert_eq!(
        columns.header()[13..],
        ["naked-single", "hidden-single", "brute-force"]
    );
    for row in &rows {
        assert_eq!(row.status, Status::Solved, "the file's fallback applies");
        let expected = 1000 * row.counts[0] + 14 * row.counts[1] + 10_000 * row.counts[2];
        assert_eq!(row.score, expected, "the file's scores apply");
    }
    let meta = std::fs::read_to_string(dir.path().join("out.csv.meta.json")).unwrap();
    assert!(
        meta.contains("\"policy\": \"single\""),
        "the command line wins: {meta}"
    );
    assert!(meta.contains("mine.toml"));

    std::fs::write(&ladder, "techniques = [\"n1\"]\ncolour = \"red\"\n").unwrap();
    sudolab()
        .arg("run")
        .arg(data_file("blog.txt"))
        .arg("--ladder")
        .arg(&ladder)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("mine.toml").and(predicate::str::contains("colour")));
}

#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudolab"))
        .args(["run", "--ladder", "singles"])
        .arg(data_file("sudoku_exchange_4k.txt"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut header = String::new();
    stdout.read_line(&mut header).unwrap();
    assert!(header.starts_with("source,line,puzzle"));
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "quietly: {stderr}");
}

#[test]
fn version_names_the_commit() {
    let output = sudolab().arg("--version").output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let commit = text
        .strip_prefix(&format!("sudolab {} (commit ", env!("CARGO_PKG_VERSION")))
        .and_then(|rest| rest.trim_end().strip_suffix(')'))
        .unwrap_or_else(|| panic!("{text}"));
    // In a git checkout of this crate, the commit checked out; outside one (a tarball),
    // "unknown".
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let top = git(&["rev-parse", "--show-toplevel"]).map(std::path::PathBuf::from);
    let here = Path::new(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .unwrap();
    match top.and_then(|t| t.canonicalize().ok()) {
        Some(top) if top == here => {
            assert_eq!(
                Some(commit.to_string()),
                git(&["rev-parse", "--short=12", "HEAD"])
            );
        }
        _ => assert_eq!(commit, "unknown"),
    }
}

#[test]
fn techniques_lists_the_catalogue_as_a_table_and_as_csv() {
    let output = sudolab().arg("techniques").output().unwrap();
    assert!(output.status.success());
    let table = String::from_utf8(output.stdout).unwrap();
    let x_wing = table.lines().find(|l| l.starts_with("x-wing ")).unwrap();
    assert!(
        x_wing.contains("bf2")
            && x_wing.contains("X-Wing")
            && x_wing.contains("blog related-sets standard")
    );
    let output = sudolab()
        .args(["techniques", "--format", "csv"])
        .output()
        .unwrap();
    let mut reader = csv::Reader::from_reader(output.stdout.as_slice());
    assert_eq!(
        reader.headers().unwrap(),
        vec!["name", "code", "label", "level", "score", "presets"]
    );
    let names: Vec<String> = reader
        .records()
        .map(|r| r.unwrap()[0].to_string())
        .collect();
    let known: Vec<&str> = sudolab::catalogue::Technique::ALL
        .iter()
        .map(|t| t.name())
        .collect();
    assert_eq!(names, known);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Whatever the bytes, the run succeeds and every puzzle line gets exactly one row;
    /// unless they are not text (a NUL byte, or a UTF-16 byte order mark, at the start), and
    /// then the file is named as such, with no row and exit code 2.
    #[test]
    fn any_file_gives_one_row_per_puzzle_line(
        lines in proptest::collection::vec(
            prop_oneof![
                proptest::collection::vec(any::<u8>(), 0..100),
                "[.1-9]{79,83}( #.*)?".prop_map(String::into_bytes),
                Just(VERY_EASY.as_bytes().to_vec()),
            ],
            0..12,
        ),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fuzz.txt");
        std::fs::write(&path, lines.join(&b'\n')).unwrap();
        let output = sudolab().arg("run").arg(&path).args(["--quiet", "--ladder", "singles"]).output().unwrap();
        let bytes = lines.join(&b'\n');
        if bytes.contains(&0) || bytes.starts_with(b"\xff\xfe") || bytes.starts_with(b"\xfe\xff") {
            prop_assert_eq!(output.status.code(), Some(2));
            prop_assert!(stderr_of(&output).contains("not text"), "{}", stderr_of(&output));
            prop_assert_eq!(read_rows(&output.stdout).1.len(), 0);
            return Ok(());
        }
        prop_assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
        let (_, rows) = read_rows(&output.stdout);
        let expected = lines
            .iter()
            .flat_map(|l| l.split(|&b| b == b'\n'))
            .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
            .filter(|l| {
                let blank = std::str::from_utf8(l).is_ok_and(|s| s.trim().is_empty());
                !blank && l.first() != Some(&b'#')
            })
            .count();
        prop_assert_eq!(rows.len(), expected);
    }
}

/// A command-line word: an option of `run`, a plausible value, or anything.
fn cli_word() -> impl Strategy<Value = String> {
    let words = [
        "--ladder",
        "-l",
        "--policy",
        "--fallback",
        "--out",
        "-o",
        "--threads",
        "-j",
        "--skip",
        "--limit",
        "--verify",
        "--solution",
        "--quiet",
        "-q",
        "-",
        "--",
        "singles",
        "blog",
        "n1,h1,zz",
        "x.toml",
        "single",
        "sweep",
        "none",
        "brute-force",
        "0",
        "1",
        "-1",
        "99999999999999999999999",
        "",
        "puzzles.txt",
    ];
    prop_oneof![
        proptest::sample::select(words.to_vec()).prop_map(str::to_string),
        any::<String>().prop_filter("no NUL in arguments", |s| !s.contains('\0')),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the arguments, `run` answers with 0, 1 or 2 and never panics.
    #[test]
    fn any_command_line_exits_cleanly(args in proptest::collection::vec(cli_word(), 0..6)) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("puzzles.txt"), format!("{VERY_EASY}\nnot a puzzle\n")).unwrap();
        let output = sudolab().current_dir(dir.path()).arg("run").args(&args).output().unwrap();
        let stderr = stderr_of(&output);
        prop_assert!(matches!(output.status.code(), Some(0..=2)), "{args:?}: {output:?}");
        prop_assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// Waits up to a minute for `path` to hold `lines` lines; false if it never does.
fn wait_for_lines(path: &Path, lines: usize) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
        if std::fs::read(path)
            .is_ok_and(|bytes| bytes.iter().filter(|&&b| b == b'\n').count() >= lines)
        {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    false
}

#[test]
fn rows_follow_a_slow_pipe_and_an_interrupted_run_keeps_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.csv");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudolab"))
        .args(["run", "-", "--ladder", "singles", "--quiet", "--out"])
        .arg(&out)
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Three puzzle lines, far fewer than a chunk, and the pipe stays open.
    write!(
        stdin,
        "{VERY_EASY}\n# note\n{}\n{VERY_EASY}\n",
        &VERY_EASY[..9]
    )
    .unwrap();
    stdin.flush().unwrap();
    let arrived = wait_for_lines(&out, 4);
    // The sidecar follows the rows on disk.
    let sidecar = dir.path().join("out.csv.meta.json");
    let counted = |path: &std::path::Path| {
        std::fs::read_to_string(path)
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .and_then(|meta| meta["totals"]["puzzles"].as_u64())
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while counted(&sidecar) != Some(3) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // Interrupt the run as Ctrl-C or a crash would, before its input ends.
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    assert!(arrived, "the rows came while stdin was still open");
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.ends_with(b"\n"), "no half row");
    let (_, rows) = read_rows(&bytes);
    let lines: Vec<(u64, Status)> = rows.iter().map(|r| (r.line, r.status)).collect();
    assert_eq!(
        lines,
        [
            (1, Status::Solved),
            (3, Status::Invalid),
            (4, Status::Solved)
        ]
    );
    let meta: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("out.csv.meta.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        meta["complete"], false,
        "the sidecar says the run did not end"
    );
    assert!(meta["finished"].is_null());
    assert_eq!(
        meta["totals"]["puzzles"], 3,
        "and how many rows are on disk"
    );
    assert_eq!(meta["totals"]["by_status"]["invalid"], 1);
}

#[test]
fn a_stdout_closed_before_the_header_ends_the_run_quietly() {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader); // nobody will ever read: the very first write fails
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudolab"))
        .arg("run")
        .arg(data_file("blog.txt"))
        .stdout(writer)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert!(output.stderr.is_empty(), "quietly: {}", stderr_of(&output));
}

#[test]
fn a_closed_stderr_is_no_panic() {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.csv");
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudolab"))
        .arg("run")
        .arg(data_file("blog.txt"))
        .arg("no-such-file.txt")
        .arg("--out")
        .arg(&out)
        .stderr(writer)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(2),
        "the missing file, not a panic (101)"
    );
    let (_, rows) = read_rows(&std::fs::read(&out).unwrap());
    assert_eq!(rows.len(), 19);
}

#[test]
fn lines_that_are_not_puzzles_are_named_on_stderr_unless_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    let mut text = format!("{VERY_EASY}\n");
    for i in 0..12 {
        text += &format!("{}\n", &VERY_EASY[..60 + i]);
    }
    std::fs::write(&path, text).unwrap();
    let output = sudolab()
        .arg("run")
        .arg(&path)
        .args(["--ladder", "singles"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "invalid lines are data");
    let stderr = stderr_of(&output);
    let name = path.to_str().unwrap();
    assert!(
        stderr.contains(&format!(
            "sudolab: {name}:2: not a puzzle: too short: 60 cells, a puzzle has 81\n"
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{name}:11: not a puzzle")),
        "{stderr}"
    );
    assert!(
        !stderr.contains(&format!("{name}:12:")),
        "ten named at most: {stderr}"
    );
    assert!(
        stderr.contains("10 of the 12 invalid lines are named above"),
        "{stderr}"
    );
    assert!(
        stderr.contains("by status: solved 1, invalid 12"),
        "{stderr}"
    );
    assert_eq!(read_rows(&output.stdout).1.len(), 13);
    let quiet = sudolab()
        .arg("run")
        .arg(&path)
        .args(["--ladder", "singles", "--quiet"])
        .output()
        .unwrap();
    assert!(quiet.stderr.is_empty(), "{}", stderr_of(&quiet));
}

#[test]
fn help_teaches_every_option_of_the_issue() {
    let output = sudolab().args(["run", "--help"]).output().unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    for needle in [
        "[FILE]...",
        "--ladder",
        "--policy",
        "--fallback",
        "--out",
        "--threads",
        "--skip",
        "--limit",
        "--verify",
        "--solution",
        "--quiet",
        "singles",
        "blog",
        "standard",
        "n1,h1,lc1,n2",
        "FILE.csv.meta.json",
        "Exit codes",
        "multiple-solutions",
        "[scores]",
        "Examples",
    ] {
        assert!(help.contains(needle), "{needle:?} missing from run --help");
    }
    let short = sudolab().args(["run", "-h"]).output().unwrap();
    let short = String::from_utf8(short.stdout).unwrap();
    assert!(
        short.lines().count() < help.lines().count() / 2,
        "-h is a summary"
    );
}

/// Runs `command` under `script`, which gives it a terminal, and returns what the terminal
/// showed; `None` (saying so) where `script` is not installed.
fn on_a_terminal(command: &str) -> Option<String> {
    let script = Path::new("/usr/bin/script");
    if !script.exists() {
        common::skip::skip("/usr/bin/script is not installed");
        return None;
    }
    let output = std::process::Command::new(script)
        .args(["-qec", command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn the_progress_bar_shows_on_a_terminal_only_and_not_when_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let command = format!(
        "'{}' run '{}' --ladder singles --out '{}'",
        assert_cmd::cargo::cargo_bin("sudolab").display(),
        data_file("sudoku_exchange_4k.txt").display(),
        dir.path().join("out.csv").display()
    );
    let Some(shown) = on_a_terminal(&command) else {
        return;
    };
    assert!(shown.contains("ETA"), "a bar with an ETA: {shown}");
    assert!(shown.contains("puzzles/s"), "{shown}");
    let quiet = on_a_terminal(&(command.clone() + " --quiet --force")).unwrap();
    assert!(
        !quiet.contains("ETA") && !quiet.contains("puzzles/s"),
        "{quiet}"
    );
    // Not a terminal: the summary, and no bar.
    let output = sudolab()
        .arg("run")
        .arg(data_file("tdoku_test_puzzles.txt"))
        .args(["--ladder", "singles"])
        .output()
        .unwrap();
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("puzzles/s") && !stderr.contains("ETA"),
        "{stderr}"
    );
}

#[test]
fn stdin_from_a_file_has_a_known_size() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.csv");
    let input = data_file("tdoku_test_puzzles.txt");
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudolab"))
        .args(["run", "-", "--quiet", "--ladder", "singles", "--out"])
        .arg(&out)
        .stdin(std::fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let meta: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("out.csv.meta.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(meta["inputs"][0]["path"], "-");
    assert_eq!(
        meta["inputs"][0]["bytes"],
        std::fs::metadata(&input).unwrap().len(),
        "the size the progress bar's ETA needs"
    );
    assert_eq!(read_rows(&std::fs::read(&out).unwrap()).1.len(), 43);
}

#[test]
fn the_header_is_the_issues_column_list() {
    let output = sudolab()
        .args([
            "run",
            "-",
            "--quiet",
            "--ladder",
            "n1,h1,x-wing",
            "--solution",
        ])
        .args(["--fallback", "brute-force"])
        .write_stdin(format!("{VERY_EASY}\n"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        text.lines().next().unwrap(),
        "source,line,puzzle,givens,status,steps,placements,eliminations,hardest,score,level,\
         micros,error,naked-single,hidden-single,x-wing,brute-force,solution"
    );
}

#[test]
fn a_skip_past_the_end_of_the_input_warns() {
    let blog = data_file("blog.txt");
    let lines = puzzle_lines(&blog).len();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.csv");
    sudolab()
        .arg("run")
        .arg(&blog)
        .args(["--skip", &(lines + 5).to_string(), "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "--skip {} passes the end of the input, which holds {lines} puzzle lines",
            lines + 5
        )));
    // A skip that leaves lines to grade says nothing of the kind.
    sudolab()
        .arg("run")
        .arg(&blog)
        .args([
            "--skip",
            &(lines - 1).to_string(),
            "--quiet",
            "--force",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains("passes the end").not());
}

#[test]
fn grade_se_adds_serate_s_rating_to_puzzles_with_one_solution_only() {
    let (columns, rows) = run_rows(&[
        data_file("tdoku_test_puzzles.txt").to_str().unwrap(),
        data_file("blog.txt").to_str().unwrap(),
        "--grade",
        "hodoku,se",
    ]);
    assert!(columns.se);
    let header = columns.header();
    assert_eq!(&header[header.len() - 3..], ["er", "ep", "ed"]);
    for row in &rows {
        let unique = matches!(row.status, Status::Solved | Status::Stuck);
        assert_eq!(row.se.is_some(), unique, "{row:?}");
    }
    assert!(rows.iter().any(|r| r.se.is_none()) && rows.iter().any(|r| r.se.is_some()));
    // The blog's puzzles against serate 1.2.1.3's own ratings of them.
    let reference =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/reference/se/sdjmchattie_blog.tsv");
    let Ok(text) = std::fs::read_to_string(&reference) else {
        common::skip::skip(&format!(
            "the comparison: {} is not present",
            reference.display()
        ));
        return;
    };
    let mut compared = 0;
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let puzzle = sudolab::puzzle::Puzzle::parse_line(fields[1])
            .unwrap()
            .to_string();
        let Some(row) = rows.iter().find(|r| r.puzzle == puzzle) else {
            continue;
        };
        let grade = row.se.expect("rated");
        let ours = [grade.er, grade.ep, grade.ed].map(|b| b.to_string());
        assert_eq!(ours, fields[2..5], "{puzzle}");
        compared += 1;
    }
    assert!(compared >= 15, "{compared} blog puzzles compared");
    // Without --grade se the rows carry no such columns.
    let (columns, rows) = run_rows(&[data_file("blog.txt").to_str().unwrap()]);
    assert!(!columns.se && rows.iter().all(|r| r.se.is_none()));
}

#[test]
fn se_timeout_ends_a_long_rating_with_lower_bounds_and_says_so() {
    let (_, rows) = run_rows(&[
        data_file("tdoku_test_puzzles.txt").to_str().unwrap(),
        "--grade",
        "hodoku,se",
        "--se-timeout",
        "0.001",
    ]);
    let mut stopped = 0;
    for row in rows.iter().filter(|r| r.se.is_some()) {
        let grade = row.se.unwrap();
        let bounded = matches!(grade.er, sudolab::se::Bound::AtLeast(_));
        assert_eq!(
            bounded,
            row.error
                .contains("SE rating stopped at the time limit (0.001 s)"),
            "{row:?}"
        );
        stopped += usize::from(bounded);
    }
    assert!(
        stopped > 0,
        "the nested chains of the hardest puzzles take longer"
    );
    sudolab()
        .args(["run", "--grade", "hodoku,se", "--se-timeout", "0"])
        .arg(data_file("blog.txt"))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "is not a positive number of seconds",
        ));
}
