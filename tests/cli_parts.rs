//! Runs graded in parts: `--shard K/N` and `merge`, `--resume` after an interruption, and
//! the refusal to write over results without `--force`. Every check compares with one
//! uninterrupted run of the same configuration, the `micros` column aside.

mod common;

use assert_cmd::Command;
use common::data_file;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

fn sudolab() -> Command {
    Command::cargo_bin("sudolab").expect("the binary is built")
}

fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `sudolab ARGS` and returns its output, whatever its exit code.
fn run(args: &[&str]) -> Output {
    sudolab().args(args).output().unwrap()
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A results file's header and rows, each without its `micros` field (a timing).
fn rows_without_timing(path: &Path) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(path)
        .unwrap();
    let mut rows = Vec::new();
    for row in reader.records() {
        let row = row.unwrap();
        let mut fields: Vec<String> = row.iter().map(str::to_string).collect();
        assert_eq!(
            fields[11].parse::<u64>().is_ok(),
            !rows.is_empty(),
            "{fields:?}"
        );
        fields.remove(11);
        rows.push(fields);
    }
    rows
}

fn sidecar(path: &Path) -> serde_json::Value {
    let mut name = path.as_os_str().to_owned();
    name.push(".meta.json");
    serde_json::from_str(&std::fs::read_to_string(PathBuf::from(name)).unwrap()).unwrap()
}

/// Two real inputs, one with lines that are not puzzles, graded by the default ladder.
fn inputs() -> [PathBuf; 2] {
    [data_file("tdoku_test_puzzles.txt"), data_file("blog.txt")]
}

fn run_whole(dir: &Path, extra: &[&str]) -> PathBuf {
    run_part(dir, "whole.csv", extra)
}

fn run_part(dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let out = dir.join(name);
    let [a, b] = inputs();
    let mut args = vec![
        "run",
        path_str(&a),
        path_str(&b),
        "-q",
        "-o",
        path_str(&out),
    ];
    args.extend_from_slice(extra);
    let output = run(&args);
    assert!(output.status.success(), "{}", stderr_of(&output));
    out
}

fn merge(parts: &[PathBuf], out: &Path) -> Output {
    let mut args = vec!["merge".to_string()];
    args.extend(parts.iter().map(|p| path_str(p).to_string()));
    args.extend(["-o".into(), path_str(out).into()]);
    sudolab().args(&args).output().unwrap()
}

#[test]
fn shards_merged_give_the_whole_run_for_any_number_of_shards() {
    let dir = tempfile::tempdir().unwrap();
    let whole = run_whole(dir.path(), &[]);
    let expected = rows_without_timing(&whole);
    let puzzles = expected.len() - 1;
    let whole_meta = sidecar(&whole);
    // More shards than puzzle lines leaves some shards empty.
    for n in [1, 2, 3, 7, puzzles + 5] {
        let mut parts: Vec<PathBuf> = (1..=n)
            .map(|k| {
                run_part(
                    dir.path(),
                    &format!("part{k}of{n}.csv"),
                    &["--shard", &format!("{k}/{n}")],
                )
            })
            .collect();
        let part_rows: usize = parts.iter().map(|p| rows_without_timing(p).len() - 1).sum();
        assert_eq!(part_rows, puzzles, "{n} shards share the lines out");
        parts.reverse(); // any order
        let merged = dir.path().join(format!("merged{n}.csv"));
        let output = merge(&parts, &merged);
        assert!(output.status.success(), "{}", stderr_of(&output));
        assert_eq!(rows_without_timing(&merged), expected, "{n} shards");
        let meta = sidecar(&merged);
        assert_eq!(meta["totals"], whole_meta["totals"], "{n} shards");
        assert_eq!(meta["shard"], serde_json::Value::Null);
        assert_eq!(meta["complete"], true);
        assert_eq!(meta["parts"].as_array().unwrap().len(), n);
        for key in [
            "ladder", "grading", "inputs", "policy", "fallback", "skip", "limit",
        ] {
            assert_eq!(meta[key], whole_meta[key], "{key}");
        }
    }
    // `report` takes the merged file like any other.
    let report = dir.path().join("report");
    let output = run(&[
        "report",
        path_str(&dir.path().join("merged3.csv")),
        "--out",
        path_str(&report),
    ]);
    assert!(output.status.success(), "{}", stderr_of(&output));
}

#[test]
fn consecutive_ranges_and_shards_of_a_range_merge_into_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let expected = rows_without_timing(&run_whole(dir.path(), &["--skip", "3", "--limit", "40"]));
    let first = run_part(dir.path(), "first.csv", &["--skip", "3", "--limit", "10"]);
    let second: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let shard = format!("{k}/2");
            run_part(
                dir.path(),
                &format!("second{k}.csv"),
                &["--skip", "13", "--limit", "30", "--shard", &shard],
            )
        })
        .collect();
    let merged = dir.path().join("merged.csv");
    let output = merge(
        &[second[1].clone(), first.clone(), second[0].clone()],
        &merged,
    );
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(rows_without_timing(&merged), expected);
    let meta = sidecar(&merged);
    assert_eq!(
        (meta["skip"].as_u64(), meta["limit"].as_u64()),
        (Some(3), Some(40))
    );

    // A gap between ranges is named.
    let late = run_part(dir.path(), "late.csv", &["--skip", "14"]);
    let output = merge(&[first, late], &dir.path().join("gap.csv"));
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("late.csv") && stderr.contains("missing"),
        "{stderr}"
    );
}

#[test]
fn a_merge_names_the_part_missing_repeated_unfinished_or_from_another_run() {
    let dir = tempfile::tempdir().unwrap();
    let parts: Vec<PathBuf> = (1..=3)
        .map(|k| {
            run_part(
                dir.path(),
                &format!("p{k}.csv"),
                &["--shard", &format!("{k}/3")],
            )
        })
        .collect();
    let out = dir.path().join("out.csv");
    let refused = |parts: &[PathBuf], says: &[&str]| {
        let output = merge(parts, &out);
        assert_eq!(output.status.code(), Some(2), "{parts:?}");
        let stderr = stderr_of(&output);
        for word in says {
            assert!(stderr.contains(word), "{word:?} in {stderr}");
        }
        assert!(!out.exists(), "nothing written");
    };
    refused(&parts[..2], &["shard 3/3", "missing"]);
    let copy = dir.path().join("copy-of-p2.csv");
    std::fs::copy(&parts[1], &copy).unwrap();
    std::fs::copy(
        dir.path().join("p2.csv.meta.json"),
        dir.path().join("copy-of-p2.csv.meta.json"),
    )
    .unwrap();
    refused(
        &[parts[0].clone(), parts[1].clone(), copy, parts[2].clone()],
        &["p2.csv", "copy-of-p2.csv", "2/3"],
    );
    let other = run_part(
        dir.path(),
        "other-ladder.csv",
        &["--shard", "2/3", "--ladder", "singles"],
    );
    refused(
        &[parts[0].clone(), other, parts[2].clone()],
        &["other-ladder.csv", "ladder"],
    );
    let four = run_part(dir.path(), "four.csv", &["--shard", "2/4"]);
    refused(
        &[parts[0].clone(), four, parts[2].clone()],
        &["four.csv", "2/4"],
    );

    // A part whose sidecar says it did not finish, or whose rows lost one line.
    let meta_path = dir.path().join("p2.csv.meta.json");
    let meta = std::fs::read_to_string(&meta_path).unwrap();
    std::fs::write(
        &meta_path,
        meta.replace("\"complete\": true", "\"complete\": false"),
    )
    .unwrap();
    refused(&parts, &["p2.csv", "did not finish", "--resume"]);
    std::fs::write(&meta_path, &meta).unwrap();
    let text = std::fs::read_to_string(&parts[1]).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.remove(3);
    std::fs::write(&parts[1], lines.join("\n") + "\n").unwrap();
    refused(&parts, &["p2.csv"]);
    std::fs::write(&parts[1], &text).unwrap();
    std::fs::remove_file(dir.path().join("p3.csv.meta.json")).unwrap();
    refused(&parts, &["p3.csv.meta.json"]);
}

#[test]
fn results_are_not_written_over_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_whole(dir.path(), &["--ladder", "singles"]);
    let before = std::fs::read(&out).unwrap();
    let [a, b] = inputs();
    let again = [
        "run",
        path_str(&a),
        path_str(&b),
        "-q",
        "-o",
        path_str(&out),
    ];
    let output = run(&again);
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains(path_str(&out)) && stderr.contains("--force"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&out).unwrap(), before, "left alone");
    let forced = run(&[&again[..], &["--force"]].concat());
    assert!(forced.status.success(), "{}", stderr_of(&forced));
    assert_ne!(rows_without_timing(&out), {
        let mut reader = csv::Reader::from_reader(&before[..]);
        let header: Vec<String> = reader
            .headers()
            .unwrap()
            .iter()
            .map(str::to_string)
            .collect();
        vec![header]
    });
    // An empty file (say from mktemp) holds nothing to lose.
    let empty = dir.path().join("empty.csv");
    std::fs::write(&empty, "").unwrap();
    let output = run(&["run", path_str(&a), "-q", "-o", path_str(&empty)]);
    assert!(output.status.success(), "{}", stderr_of(&output));
}

#[test]
fn a_torn_results_file_resumes_to_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let whole = run_whole(dir.path(), &[]);
    let expected = rows_without_timing(&whole);
    let bytes = std::fs::read(&whole).unwrap();
    let meta = std::fs::read(dir.path().join("whole.csv.meta.json")).unwrap();
    let out = dir.path().join("torn.csv");
    let [a, b] = inputs();
    let resume = [
        "run",
        path_str(&a),
        path_str(&b),
        "-q",
        "--resume",
        "-o",
        path_str(&out),
    ];
    let mut rng = rand::rngs::StdRng::seed_from_u64(12);
    let header_end = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut cuts = vec![
        0,
        10,
        header_end,
        header_end + 1,
        bytes.len() - 1,
        bytes.len(),
    ];
    cuts.extend((0..12).map(|_| rng.gen_range(0..bytes.len())));
    for cut in cuts {
        std::fs::write(&out, &bytes[..cut]).unwrap();
        std::fs::write(dir.path().join("torn.csv.meta.json"), &meta).unwrap();
        let output = run(&resume);
        assert!(
            output.status.success(),
            "cut at {cut}: {}",
            stderr_of(&output)
        );
        assert_eq!(rows_without_timing(&out), expected, "cut at {cut}");
        let resumed = sidecar(&out);
        assert_eq!(resumed["totals"], sidecar(&whole)["totals"], "cut at {cut}");
        assert_eq!(resumed["complete"], true);
    }
    // Nothing there yet: --resume simply starts.
    std::fs::remove_file(&out).unwrap();
    let output = run(&resume);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(rows_without_timing(&out), expected);
}

#[test]
fn a_resume_with_another_configuration_is_refused_naming_the_difference() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_whole(dir.path(), &["--limit", "20"]);
    let before = std::fs::read(&out).unwrap();
    let [a, b] = inputs();
    let base = [
        "run",
        path_str(&a),
        path_str(&b),
        "-q",
        "--resume",
        "-o",
        path_str(&out),
    ];
    for (extra, says) in [
        (&["--limit", "20", "--ladder", "singles"][..], "ladder"),
        (&["--limit", "20", "--policy", "sweep"][..], "policy"),
        (&["--limit", "21"][..], "limit"),
        (&["--limit", "20", "--shard", "1/2"][..], "shard"),
    ] {
        let output = run(&[&base[..], extra].concat());
        assert_eq!(output.status.code(), Some(2), "{extra:?}");
        let stderr = stderr_of(&output);
        assert!(
            stderr.contains(says) && stderr.contains(path_str(&out)),
            "{extra:?}: {stderr}"
        );
        assert_eq!(std::fs::read(&out).unwrap(), before, "left alone");
    }
    // Other inputs, or the same one changed.
    let output = run(&[
        "run",
        path_str(&a),
        "-q",
        "--resume",
        "--limit",
        "20",
        "-o",
        path_str(&out),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_of(&output).contains("inputs"),
        "{}",
        stderr_of(&output)
    );
    // Rows but no sidecar: nothing says what made them.
    std::fs::remove_file(dir.path().join("whole.csv.meta.json")).unwrap();
    let output = run(&[&base[..], &["--limit", "20"]].concat());
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_of(&output).contains("no sidecar"),
        "{}",
        stderr_of(&output)
    );
    let output = run(&["run", path_str(&a), "--resume", "-o", "-"]);
    assert_eq!(output.status.code(), Some(2));
}

/// Interrupts a run of the bundled sudoku17 corpus (12 chunks of rows) at random moments,
/// by SIGINT and SIGKILL, resuming after each, and checks the file ends as one run's.
#[test]
fn a_run_killed_again_and_again_and_resumed_gives_the_uninterrupted_result() {
    if !Path::new("/bin/kill").exists() && !Path::new("/usr/bin/kill").exists() {
        common::skip::skip("no kill command to send SIGINT");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let corpus = data_file("sudoku17.txt");
    let args = |out: &Path| -> Vec<String> {
        [
            "run",
            path_str(&corpus),
            "-q",
            "-j",
            "2",
            "--resume",
            "-o",
            path_str(out),
        ]
        .map(str::to_string)
        .to_vec()
    };
    let whole = dir.path().join("whole.csv");
    let output = sudolab().args(args(&whole)).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let expected = rows_without_timing(&whole);

    let out = dir.path().join("killed.csv");
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut rows_seen = Vec::new();
    for round in 0..6 {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudolab"))
            .args(args(&out))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(rng.gen_range(30..900)));
        if round % 2 == 0 {
            let sent = std::process::Command::new("kill")
                .args(["-INT", &child.id().to_string()])
                .status()
                .unwrap();
            assert!(sent.success());
        } else {
            let _ = child.kill(); // SIGKILL (it may have finished already)
        }
        child.wait().unwrap();
        let text = std::fs::read(&out).unwrap_or_default();
        rows_seen.push(text.iter().filter(|&&b| b == b'\n').count());
    }
    let output = sudolab().args(args(&out)).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    eprintln!("lines on disk after each interruption: {rows_seen:?}");
    assert_eq!(rows_without_timing(&out), expected);
    let (meta, whole_meta) = (sidecar(&out), sidecar(&whole));
    assert_eq!(meta["totals"], whole_meta["totals"]);
    assert_eq!(meta["complete"], true);
}

/// The path of `path`'s sidecar.
fn sidecar_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".meta.json");
    PathBuf::from(name)
}

/// Makes `out` what a run into `whole` leaves when it is stopped after `rows` rows (and a
/// few bytes of the next): its first rows and a sidecar saying the run did not finish.
fn interrupted(whole: &Path, out: &Path, rows: usize) {
    let bytes = std::fs::read(whole).unwrap();
    let mut ends = bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .map(|(i, _)| i + 1);
    let end = ends.nth(rows).unwrap();
    std::fs::write(out, &bytes[..end + 5]).unwrap();
    let mut meta = sidecar(whole);
    meta["complete"] = false.into();
    std::fs::write(sidecar_path(out), meta.to_string()).unwrap();
}

/// The results file and its sidecar, byte for byte.
fn on_disk(out: &Path) -> (Vec<u8>, Vec<u8>) {
    (
        std::fs::read(out).unwrap(),
        std::fs::read(sidecar_path(out)).unwrap(),
    )
}

#[test]
fn a_resume_that_would_mix_two_inputs_is_refused_and_leaves_the_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let [a, b] = inputs();
    let stream = [std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap()].concat();
    let lines: Vec<&[u8]> = stream.split_inclusive(|&b| b == b'\n').collect();
    let whole = dir.path().join("whole.csv");
    let from_stdin = |out: &Path, input: Vec<u8>| {
        sudolab()
            .args(["run", "-", "-q", "--resume", "-o", path_str(out)])
            .write_stdin(input)
            .output()
            .unwrap()
    };
    let output = from_stdin(&whole, stream.clone());
    assert!(output.status.success(), "{}", stderr_of(&output));
    let out = dir.path().join("stdin.csv");
    interrupted(&whole, &out, 20);
    let before = on_disk(&out);
    let refused = |input: Vec<u8>, says: &[&str]| {
        let output = from_stdin(&out, input);
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        for words in says {
            assert!(stderr.contains(words), "{words:?} in {stderr}");
        }
        assert_eq!(on_disk(&out), before, "left as it was");
    };
    // Another stream: its lines after the first few (the first row names line 1).
    refused(
        lines[3..].concat(),
        &["stdin.csv", "row 1", "-:1", "--force"],
    );
    // The same stream cut short of the kept rows.
    refused(lines[..10].concat(), &["holds 20 rows", "ends after"]);
    // The same stream with one kept puzzle changed in place, the size kept.
    let mut edited = stream.clone();
    let row_12 = lines[..11].concat().len() + 40;
    edited[row_12] = if edited[row_12] == b'.' { b'5' } else { b'.' };
    refused(edited, &["row 12", "-:12 now reads"]);
    // The very stream: the run goes on and ends as the uninterrupted one.
    let output = from_stdin(&out, stream.clone());
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(rows_without_timing(&out), rows_without_timing(&whole));
    assert_eq!(sidecar(&out)["complete"], true);

    // A file edited in place, its size kept, is refused the same way.
    let edited_file = dir.path().join("edited.txt");
    std::fs::write(&edited_file, &stream).unwrap();
    let file_run = |out: &Path| {
        run(&[
            "run",
            path_str(&edited_file),
            "-q",
            "--resume",
            "-o",
            path_str(out),
        ])
    };
    let whole_file = dir.path().join("whole_file.csv");
    assert!(file_run(&whole_file).status.success());
    let out = dir.path().join("file.csv");
    interrupted(&whole_file, &out, 20);
    let before = on_disk(&out);
    let row_5 = lines[..4].concat().len() + 7;
    let mut edited = stream.clone();
    edited[row_5] = if edited[row_5] == b'.' { b'5' } else { b'.' };
    std::fs::write(&edited_file, &edited).unwrap();
    let output = file_run(&out);
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("now reads"), "{stderr}");
    assert_eq!(on_disk(&out), before, "left as it was");
}

#[test]
fn a_resume_of_a_complete_file_writes_nothing_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_whole(dir.path(), &[]);
    let before = on_disk(&out);
    let [a, b] = inputs();
    let resume = [
        "run",
        path_str(&a),
        path_str(&b),
        "--resume",
        "-o",
        path_str(&out),
    ];
    let output = run(&resume);
    let stderr = stderr_of(&output);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("nothing to do"), "{stderr}");
    assert_eq!(on_disk(&out), before);
    // Its input with a line more is not the input the run finished.
    let longer = dir.path().join("longer.txt");
    let mut text = std::fs::read(&b).unwrap();
    text.extend_from_slice(&std::fs::read(&a).unwrap()[..82]);
    std::fs::write(&longer, text).unwrap();
    let stdin = sudolab()
        .args(["run", "-", "-q", "--resume", "-o"])
        .arg(dir.path().join("stdin.csv"))
        .write_stdin(std::fs::read(&b).unwrap())
        .output()
        .unwrap();
    assert!(stdin.status.success());
    let before = on_disk(&dir.path().join("stdin.csv"));
    let output = sudolab()
        .args(["run", "-", "-q", "--resume", "-o"])
        .arg(dir.path().join("stdin.csv"))
        .write_stdin(std::fs::read(&longer).unwrap())
        .output()
        .unwrap();
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("goes on at -:"), "{stderr}");
    assert_eq!(on_disk(&dir.path().join("stdin.csv")), before);
}

#[test]
fn a_resume_says_where_it_goes_on_and_rates_the_new_rows_only() {
    let dir = tempfile::tempdir().unwrap();
    let whole = run_whole(dir.path(), &[]);
    let out = dir.path().join("cut.csv");
    interrupted(&whole, &out, 20);
    let [a, b] = inputs();
    let output = run(&[
        "run",
        path_str(&a),
        path_str(&b),
        "--resume",
        "-o",
        path_str(&out),
    ]);
    let stderr = stderr_of(&output);
    assert!(output.status.success(), "{stderr}");
    let total = rows_without_timing(&whole).len() - 1;
    assert!(
        stderr.contains("resuming after the 20 rows kept")
            && stderr.contains(&format!(
                "{} new puzzles (after 20 kept rows, {total} in all)",
                total - 20
            )),
        "{stderr}"
    );
}
