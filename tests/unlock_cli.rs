//! CLI tests of `sudolab unlock` and `--ablate` on real corpora.

mod common;

use std::process::{Command, Output};
use sudolab::ladder::Ladder;
use sudolab::puzzle::Puzzle;
use sudolab::solver::{Outcome, Policy, Solver};

fn sudolab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The numbers of a summary table row that starts with `name`.
fn summary_row(stdout: &str, name: &str) -> Vec<String> {
    let line = stdout
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no row {name} in\n{stdout}"));
    line.split_whitespace()
        .skip(1)
        .map(str::to_string)
        .collect()
}

fn solves(ladder: &Ladder, puzzle: &Puzzle) -> bool {
    let report = Solver::new(ladder.clone(), Policy::Single).solve(puzzle, None);
    report.summary.outcome == Outcome::Solved
}

#[test]
fn locked_candidates_unlock_the_blogs_locked_candidates_example() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("unlock.csv");
    let blog = common::data_file("blog.txt");
    let result = sudolab(&[
        "unlock",
        blog.to_str().unwrap(),
        "--ladder",
        "singles",
        "-o",
        out.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8(result.stdout).unwrap();
    assert_eq!(result.status.code(), Some(0), "{stdout}");
    let rows = common::csv_rows(&out);
    assert_eq!(rows.len(), common::puzzle_lines(&blog).len());
    let tsv = std::fs::read_to_string(common::data_file("blog.tsv")).unwrap();
    let labelled = tsv
        .lines()
        .find(|l| l.split('\t').nth(1) == Some("locked_candidates"))
        .and_then(|l| l.split('\t').nth(2))
        .expect("blog.tsv labels the locked-candidates example");
    let example = rows.iter().find(|r| r["puzzle"] == labelled).unwrap();
    assert_eq!(example["status"], "stuck");
    let locked = ["locked-candidates-pointing", "locked-candidates-claiming"];
    assert!(
        locked.iter().any(|t| example[*t] == "1"),
        "locked candidates alone unlock it: {example:?}"
    );
    assert!(locked.contains(&example["needs"].as_str()), "{example:?}");
    // Rows agree with the summary and with solving by hand.
    let singles = Ladder::parse("singles").unwrap();
    for row in &rows {
        let puzzle = Puzzle::parse_line(&row["puzzle"]).unwrap();
        assert_eq!(
            row["status"] == "stuck",
            !solves(&singles, &puzzle),
            "{row:?}"
        );
        if row["status"] == "stuck" {
            let technique = sudolab::hodoku::catalogue::Technique::from_name(locked[0]).unwrap();
            assert_eq!(
                row[locked[0]] == "1",
                solves(&singles.with(technique), &puzzle)
            );
        }
    }
    let alone = rows.iter().filter(|r| r[locked[0]] == "1").count();
    assert_eq!(summary_row(&stdout, locked[0])[0], alone.to_string());
}

#[test]
fn ablate_counts_match_running_the_reduced_ladders_by_hand() {
    let Some(expert) = common::shared_corpus("qqwing_expert.txt") else {
        return;
    };
    let result = sudolab(&[
        "unlock",
        "--ablate",
        "--ladder",
        "standard",
        expert.to_str().unwrap(),
    ]);
    assert_eq!(result.status.code(), Some(0));
    let stdout = String::from_utf8(result.stdout).unwrap();
    let puzzles: Vec<Puzzle> = common::puzzle_lines(&expert)
        .iter()
        .map(|l| Puzzle::parse_line(l).unwrap())
        .collect();
    let standard = Ladder::parse("standard").unwrap();
    let solved: Vec<&Puzzle> = puzzles.iter().filter(|p| solves(&standard, p)).collect();
    for &t in standard.rungs() {
        let reduced = standard.without(t);
        let stuck = solved.iter().filter(|p| !solves(&reduced, p)).count();
        assert_eq!(
            summary_row(&stdout, t.name())[0],
            stuck.to_string(),
            "{t}\n{stdout}"
        );
    }
}

#[test]
fn bad_lines_get_their_row_and_the_exit_code_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("mixed.txt");
    let blog = common::puzzle_lines(&common::data_file("blog.txt"));
    std::fs::write(
        &input,
        format!("{}\n# note\n{}z\n", blog[0], &blog[1][..80]),
    )
    .unwrap();
    let out = dir.path().join("u.csv");
    let result = sudolab(&[
        "unlock",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        result.status.code(),
        Some(0),
        "invalid lines are data, as for run"
    );
    let stderr = String::from_utf8(result.stderr).unwrap();
    assert!(
        stderr.contains(&format!(
            "{}:3: not a puzzle: bad character 'z'",
            input.display()
        )),
        "{stderr}"
    );
    let rows = common::csv_rows(&out);
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (rows[1]["line"].as_str(), rows[1]["status"].as_str()),
        ("3", "invalid")
    );

    let missing = sudolab(&["unlock", "/no/such/file"]);
    assert_eq!(missing.status.code(), Some(2));
    let tried_twice = sudolab(&["unlock", input.to_str().unwrap(), "--try", "n1"]);
    assert_eq!(tried_twice.status.code(), Some(2));
    let unwritable = sudolab(&[
        "unlock",
        input.to_str().unwrap(),
        "-o",
        "/no/such/dir/x.csv",
    ]);
    assert_eq!(unwritable.status.code(), Some(2));
}

/// Line 769 of the bundled Sudoku Exchange sample: singles plus finned swordfish solve
/// it, but singles plus every technique up to finned swordfish (HoDoKu's order) do not;
/// it takes sashimi swordfish too. Solvability does not grow with the technique set, so a
/// bisection over prefixes would name finned swordfish.
const NOT_MONOTONE_LINE: usize = 769;

#[test]
fn needs_at_least_and_alone_agree_with_solving_from_the_start() {
    let exchange = common::puzzle_lines(&common::data_file("sudoku_exchange_4k.txt"));
    let blog = common::puzzle_lines(&common::data_file("blog.txt"));
    let chosen: Vec<&String> = blog
        .iter()
        .chain(exchange.iter().step_by(40))
        .chain([&exchange[NOT_MONOTONE_LINE - 1]])
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("chosen.txt");
    let text: Vec<&str> = chosen.iter().map(|s| s.as_str()).collect();
    std::fs::write(&input, text.join("\n") + "\n").unwrap();
    let out = dir.path().join("unlock.csv");
    let result = sudolab(&[
        "unlock",
        input.to_str().unwrap(),
        "--ladder",
        "singles",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(result.status.code(), Some(0));
    let rows = common::csv_rows(&out);
    assert_eq!(rows.len(), chosen.len());

    let singles = Ladder::parse("singles").unwrap();
    let tries = sudolab::analysis::unlock::all_except(&singles);
    let mut stuck = 0;
    for row in &rows {
        let puzzle = Puzzle::parse_line(&row["puzzle"]).unwrap();
        if row["status"] != "stuck" {
            assert!(solves(&singles, &puzzle), "{row:?}");
            continue;
        }
        stuck += 1;
        for &t in &tries {
            let alone = solves(&singles.with(t), &puzzle);
            assert_eq!(row[t.name()] == "1", alone, "{t} alone: {row:?}");
        }
        // The first prefix of the try list that solves, each solved from the givens.
        let mut ladder = singles.clone();
        let needs = tries.iter().copied().find(|&t| {
            ladder = ladder.with(t);
            solves(&ladder, &puzzle)
        });
        assert_eq!(row["needs"], needs.map_or("", |t| t.name()), "{row:?}");
    }
    assert!(stuck > 100, "the sample has stuck puzzles: {stuck}");

    let odd = rows.last().unwrap();
    assert_eq!(odd["finned-swordfish"], "1", "{odd:?}");
    assert_eq!(odd["needs"], "sashimi-swordfish", "{odd:?}");
}

#[test]
fn a_ladder_file_gives_the_base_as_the_same_list_would() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("base.toml");
    std::fs::write(
        &file,
        "techniques = \"fh,n1,h1\"\npolicy = \"sweep\"\nfallback = \"brute-force\"\n",
    )
    .unwrap();
    let blog = common::data_file("blog.txt");
    let run = |ladder: &str, out: &std::path::Path| {
        let result = sudolab(&[
            "unlock",
            blog.to_str().unwrap(),
            "--ladder",
            ladder,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(result.status.code(), Some(0), "{ladder}");
        std::fs::read_to_string(out).unwrap()
    };
    let from_file = run(file.to_str().unwrap(), &dir.path().join("file.csv"));
    let from_list = run("fh,n1,h1", &dir.path().join("list.csv"));
    assert_eq!(
        from_file, from_list,
        "the file's policy and fallback do not apply"
    );
    assert!(from_file.lines().skip(1).any(|row| row.contains(",stuck,")));
}

/// Spawns `sudolab ARGS` with stdout piped; returns the child and a reader of its stdout.
fn spawn(
    args: &[&str],
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStdout>,
) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the binary runs");
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    (child, stdout)
}

/// Waits for `child` to end, at most `limit`; whether it did.
fn ends_within(child: &mut std::process::Child, limit: std::time::Duration) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed() < limit {
        if child.try_wait().unwrap().is_some() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    false
}

/// `--try all` on the whole bundled sample takes minutes; its first row comes at once,
/// and a reader that has what it wants (`| head`) ends the work.
#[test]
fn rows_stream_as_they_are_done_and_a_closed_pipe_ends_the_work() {
    use std::io::BufRead;
    let corpus = common::data_file("sudoku_exchange_4k.txt");
    let corpus = corpus.to_str().unwrap();
    let first = Puzzle::parse_line(&common::puzzle_lines(std::path::Path::new(corpus))[0])
        .unwrap()
        .to_string();
    let limit = std::time::Duration::from_secs(30);

    let (mut child, mut stdout) = spawn(&["unlock", corpus, "--format", "csv", "-j", "2"]);
    let start = std::time::Instant::now();
    let mut header = String::new();
    let mut row = String::new();
    stdout.read_line(&mut header).unwrap();
    stdout.read_line(&mut row).unwrap();
    assert!(
        header.starts_with("source,line,puzzle,status,error,needs,"),
        "{header}"
    );
    assert!(row.starts_with(&format!("{corpus},1,{first},")), "{row}");
    assert!(
        start.elapsed() < limit,
        "the first row took {:?}",
        start.elapsed()
    );
    drop(stdout);
    assert!(
        ends_within(&mut child, limit),
        "the work went on after the pipe closed"
    );

    // The table: its first line at once, and the work ends when nobody reads on.
    let (mut child, mut stdout) = spawn(&["unlock", corpus, "-j", "2"]);
    let mut heading = String::new();
    stdout.read_line(&mut heading).unwrap();
    assert!(
        heading.starts_with("Base ladder singles; trying "),
        "{heading}"
    );
    drop(stdout);
    assert!(
        ends_within(&mut child, limit),
        "the work went on after the pipe closed"
    );
}

/// The shards of an unlock are every Nth puzzle line, with the whole run's line numbers:
/// together they are the rows of the whole run, in input order.
#[test]
fn shards_take_every_nth_line_and_together_make_the_whole() {
    let blog = common::data_file("blog.txt");
    let blog = blog.to_str().unwrap();
    let rows = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["unlock", blog, "--format", "csv", "-q"];
        args.extend_from_slice(extra);
        let output = sudolab(&args);
        assert_eq!(output.status.code(), Some(0), "{extra:?}");
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .skip(1)
            .map(str::to_string)
            .collect()
    };
    let whole = rows(&[]);
    let shards: Vec<Vec<String>> = (1..=3)
        .map(|k| rows(&["--shard", &format!("{k}/3")]))
        .collect();
    for (k, shard) in shards.iter().enumerate() {
        let expected: Vec<String> = whole.iter().skip(k).step_by(3).cloned().collect();
        assert_eq!(shard, &expected, "shard {}/3", k + 1);
    }
    let bad = sudolab(&["unlock", blog, "--shard", "4/3"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// `unlock` of `input` (a file, or `-` with `stdin`) into `out`, with `extra` flags.
fn unlock_into(input: &str, stdin: Option<&[u8]>, out: &std::path::Path, extra: &[&str]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args([
            "unlock",
            input,
            "-l",
            "singles",
            "--try",
            "lc1,lc2,n2,h2,bf2,xy",
            "-j",
            "2",
        ])
        .args(["-o", out.to_str().unwrap()])
        .args(extra)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    // A study refused before it reads its input closes the pipe: no error of the test's.
    if let Err(error) = pipe.write_all(stdin.unwrap_or_default()) {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    drop(pipe);
    child.wait_with_output().unwrap()
}

/// The results file `out` as an interruption after `kept` rows leaves it: those rows, half
/// of the next, and a sidecar whose count and tally are those of the kept rows (taken from
/// a study of the first `kept` lines alone: `first`, a file of them, studied into `part`).
fn interrupt(out: &std::path::Path, kept: usize, part: &std::path::Path) {
    let sidecar =
        |p: &std::path::Path| std::path::PathBuf::from(format!("{}.meta.json", p.display()));
    let text = std::fs::read_to_string(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let next = lines[kept + 1];
    let cut = format!("{}\n{}", lines[..=kept].join("\n"), &next[..next.len() / 2]);
    std::fs::write(out, cut).unwrap();
    let part_meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(sidecar(part)).unwrap()).unwrap();
    let mut meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(sidecar(out)).unwrap()).unwrap();
    assert_eq!(part_meta["rows"], kept as u64);
    meta["rows"] = part_meta["rows"].clone();
    meta["tally"] = part_meta["tally"].clone();
    meta["complete"] = false.into();
    std::fs::write(sidecar(out), serde_json::to_string(&meta).unwrap()).unwrap();
}

#[test]
fn a_resume_goes_on_from_its_checkpoint_and_ends_as_an_uninterrupted_study() {
    let dir = tempfile::tempdir().unwrap();
    let sample = common::data_file("sudoku_exchange_4k.txt");
    let text = std::fs::read_to_string(&sample).unwrap();
    let lines: Vec<&str> = text.lines().take(300).collect();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, lines.join("\n") + "\n").unwrap();
    let first = dir.path().join("first.txt");
    std::fs::write(&first, lines[..120].join("\n") + "\n").unwrap();
    let (whole, out, part) = (
        dir.path().join("whole.csv"),
        dir.path().join("out.csv"),
        dir.path().join("part.csv"),
    );
    let input_arg = input.to_str().unwrap();
    let reference = unlock_into(input_arg, None, &whole, &[]);
    assert_eq!(reference.status.code(), Some(0));
    assert_eq!(
        unlock_into(input_arg, None, &out, &[]).status.code(),
        Some(0)
    );
    assert_eq!(
        unlock_into(first.to_str().unwrap(), None, &part, &[])
            .status
            .code(),
        Some(0)
    );
    // The first study's file and sidecar cut back to 120 rows, but the input is the whole.
    interrupt(&out, 120, &part);
    let resumed = unlock_into(input_arg, None, &out, &["--resume"]);
    let stderr = String::from_utf8_lossy(&resumed.stderr);
    assert_eq!(resumed.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("resuming") && stderr.contains("after its 120 rows"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&whole).unwrap());
    assert_eq!(
        resumed.stdout, reference.stdout,
        "the summary counts every row"
    );

    // Complete now: nothing to do, nothing written.
    let before = std::fs::read(&out).unwrap();
    let again = unlock_into(input_arg, None, &out, &["--resume"]);
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert_eq!(again.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("is complete") && stderr.contains("nothing written"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&out).unwrap(), before);
    assert_eq!(again.stdout, reference.stdout);
}

#[test]
fn a_resume_refuses_another_input_and_leaves_the_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let sample = common::data_file("sudoku_exchange_4k.txt");
    let text = std::fs::read_to_string(&sample).unwrap();
    let lines: Vec<&str> = text.lines().take(200).collect();
    let stream = lines.join("\n") + "\n";
    let first = dir.path().join("first.txt");
    std::fs::write(&first, lines[..80].join("\n") + "\n").unwrap();
    let (out, part) = (dir.path().join("out.csv"), dir.path().join("part.csv"));
    assert_eq!(
        unlock_into("-", Some(stream.as_bytes()), &out, &[])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        unlock_into(first.to_str().unwrap(), None, &part, &[])
            .status
            .code(),
        Some(0)
    );
    interrupt(&out, 80, &part);
    let sidecar = dir.path().join("out.csv.meta.json");
    let (csv_before, meta_before) = (
        std::fs::read(&out).unwrap(),
        std::fs::read(&sidecar).unwrap(),
    );

    // Another stream on stdin: the same lines from the 6th on.
    let other = lines[5..].join("\n") + "\n";
    let refused = unlock_into("-", Some(other.as_bytes()), &out, &["--resume"]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("row 1 ") && stderr.contains("not the input"),
        "{stderr}"
    );
    // A shorter one.
    let short = lines[..40].join("\n") + "\n";
    let refused = unlock_into("-", Some(short.as_bytes()), &out, &["--resume"]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("ends after 40 puzzle lines"), "{stderr}");
    // Another configuration.
    let refused = unlock_into(
        "-",
        Some(stream.as_bytes()),
        &out,
        &["--resume", "--shard", "1/2"],
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("another configuration"));
    assert_eq!(std::fs::read(&out).unwrap(), csv_before);
    assert_eq!(std::fs::read(&sidecar).unwrap(), meta_before);

    // The stream it started from goes on.
    let resumed = unlock_into("-", Some(stream.as_bytes()), &out, &["--resume"]);
    assert_eq!(
        resumed.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    assert_eq!(common::csv_rows(&out).len(), 200);
}

#[test]
fn an_out_file_that_holds_something_is_kept_without_force_and_an_input_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let sample = common::data_file("sudoku_exchange_4k.txt");
    let text = std::fs::read_to_string(&sample).unwrap();
    let input = dir.path().join("in.txt");
    std::fs::write(
        &input,
        text.lines().take(20).collect::<Vec<_>>().join("\n") + "\n",
    )
    .unwrap();
    let input_arg = input.to_str().unwrap();
    let out = dir.path().join("out.csv");
    std::fs::write(&out, "someone's results\n").unwrap();

    let refused = unlock_into(input_arg, None, &out, &[]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("already holds something") && stderr.contains("--force"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "someone's results\n"
    );

    let forced = unlock_into(input_arg, None, &out, &["--force"]);
    assert_eq!(forced.status.code(), Some(0));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.starts_with("source,line,puzzle,"), "{written}");
    assert_eq!(written.lines().count(), 21, "the header and a row a puzzle");

    let before = std::fs::read(&input).unwrap();
    let onto_input = unlock_into(input_arg, None, &input, &["--force"]);
    let stderr = String::from_utf8_lossy(&onto_input.stderr);
    assert_eq!(onto_input.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("is also an input"), "{stderr}");
    assert_eq!(std::fs::read(&input).unwrap(), before);
}
