//! The subcommands as one family: shell completions and man pages generated from the same
//! definitions as `--help`, and a top-level help that lists each subcommand on one line.

mod common;

use assert_cmd::Command;

fn sudolab() -> Command {
    Command::cargo_bin("sudolab").expect("the binary is built")
}

/// The subcommands, as the top-level help lists them.
fn subcommands() -> Vec<String> {
    let output = sudolab().arg("--help").output().unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(|l| {
            assert!(l.len() <= 100, "one short line per subcommand: {l:?}");
            l.split_whitespace().next().unwrap().to_string()
        })
        .filter(|name| name != "help")
        .collect()
}

#[test]
fn the_top_level_help_lists_every_subcommand_in_one_short_line() {
    let names = subcommands();
    for name in [
        "run",
        "merge",
        "techniques",
        "report",
        "compare",
        "unlock",
        "explain",
        "generate",
        "completions",
        "man",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
}

/// Every subcommand's help teaches by example: two or three command lines, each of its
/// own subcommand.
#[test]
fn every_subcommands_help_has_examples_of_itself() {
    for name in subcommands() {
        let output = sudolab().args([name.as_str(), "--help"]).output().unwrap();
        let help = String::from_utf8(output.stdout).unwrap();
        let examples: Vec<&str> = help
            .lines()
            .skip_while(|l| *l != "Examples:")
            .skip(1)
            .take_while(|l| !l.is_empty())
            .collect();
        assert!((2..=8).contains(&examples.len()), "{name}: {help}");
        let own = format!("sudolab {name} ");
        assert!(
            examples.iter().any(|l| l.contains(&own)),
            "{name}: {examples:?}"
        );
    }
    // The blanks the parser takes are the ones the help names.
    let output = sudolab().args(["run", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(
        help.contains("'.' or '0' (also '-', '_', 'x') for"),
        "{help}"
    );
}

#[test]
fn completions_cover_every_subcommand_and_their_options_in_each_shell() {
    let names = subcommands();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let output = sudolab().args(["completions", shell]).output().unwrap();
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell}: {name}");
        }
        for option in ["shard", "resume", "ladder", "max-slowdown"] {
            assert!(script.contains(option), "{shell}: --{option}");
        }
    }
    let output = sudolab().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(2),
        "an unknown shell is a usage error"
    );
}

#[test]
fn man_pages_are_written_for_the_tool_and_each_subcommand() {
    let output = sudolab().arg("man").output().unwrap();
    assert!(output.status.success());
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.contains(".TH sudolab 1"), "{page}");
    assert!(page.contains("merge"), "the subcommands are listed");

    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("man1");
    sudolab().arg("man").arg(&folder).assert().success();
    let mut run_page = String::new();
    for name in subcommands() {
        let path = folder.join(format!("sudolab-{name}.1"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        if name == "run" {
            run_page = text;
        }
    }
    // The run page documents its options as --help does (roff escapes the dashes).
    for option in ["resume", "shard", "ladder", "fallback"] {
        assert!(run_page.contains(option), "{option}");
    }
}

/// The lines of a man page that `man` prints as written (between `.nf` and `.fi`), roff's
/// escapes undone.
fn unfilled_lines(page: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut unfilled = false;
    for line in page.lines() {
        match line {
            ".nf" => unfilled = true,
            ".fi" => unfilled = false,
            _ if unfilled => lines.push(
                line.replace(r"\-", "-")
                    .replace(r"\*(Aq", "'")
                    .replace(r"\&", "")
                    .replace(r"\\", r"\"),
            ),
            _ => {}
        }
    }
    lines
}

/// `man` fills and hyphenates prose; an example it reflowed would no longer run. Every
/// example of every subcommand's help is a line of its page kept as written.
#[test]
fn man_pages_keep_the_examples_as_written() {
    let dir = tempfile::tempdir().unwrap();
    sudolab().arg("man").arg(dir.path()).assert().success();
    for name in subcommands() {
        let page = std::fs::read_to_string(dir.path().join(format!("sudolab-{name}.1"))).unwrap();
        let kept = unfilled_lines(&page);
        let output = sudolab().args([name.as_str(), "--help"]).output().unwrap();
        let help = String::from_utf8(output.stdout).unwrap();
        let examples: Vec<&str> = help
            .lines()
            .skip_while(|l| *l != "Examples:")
            .skip(1)
            .take_while(|l| !l.is_empty())
            .collect();
        assert!(!examples.is_empty(), "{name}");
        for example in examples {
            assert!(
                kept.iter().any(|line| line == example),
                "{name}: {example:?} not kept as written in {kept:#?}"
            );
        }
    }
}

/// Runs `sudolab ARGS`, asserting success, and returns (stdout, stderr).
fn ok(args: &[&str]) -> (String, String) {
    let output = sudolab().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{args:?}: {stderr}");
    (String::from_utf8(output.stdout).unwrap(), stderr)
}

/// The same option means the same thing in every subcommand that has it: `-l/--ladder`,
/// `-q/--quiet`, `-o/--out`, `--fallback`, `-j/--threads`, `--format json`.
#[test]
fn shared_options_work_alike_in_every_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let blog = common::data_file("blog.txt");
    let blog = blog.to_str().unwrap();
    let puzzle = &common::puzzle_lines(std::path::Path::new(blog))[0][..81];
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (a, b) = (path("a.csv"), path("b.csv"));

    // run: -l, --fallback, -j, -q, -o.
    let (_, said) = ok(&[
        "run",
        blog,
        "-l",
        "singles",
        "--fallback",
        "brute-force",
        "-j",
        "2",
        "-q",
        "-o",
        &a,
    ]);
    assert!(said.is_empty(), "{said}");
    ok(&["run", blog, "-l", "standard", "-j", "1", "-q", "-o", &b]);
    // merge: -q, -o.
    let (_, said) = ok(&["merge", &a, "-q", "-o", &path("merged.csv")]);
    assert!(said.is_empty(), "{said}");
    // report: -q, -o.
    let (_, said) = ok(&["report", &a, &b, "-q", "-o", &path("report")]);
    assert!(said.is_empty(), "{said}");
    assert!(dir.path().join("report/report.html").is_file());
    let (_, said) = ok(&["report", &a, "-o", &path("report2")]);
    assert_eq!(
        said.lines().count(),
        1,
        "one line for the files written: {said}"
    );
    // compare: -o, -q, --format json.
    let (shown, _) = ok(&[
        "compare",
        &a,
        &b,
        "-o",
        &path("cmp.json"),
        "--format",
        "json",
    ]);
    assert!(shown.is_empty());
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path("cmp.json")).unwrap()).unwrap();
    assert!(json.is_object());
    let (shown, said) = ok(&["compare", &a, &b, "-q"]);
    assert!(shown.is_empty() && said.is_empty(), "{shown}{said}");
    // unlock: -l, -j, -q, -o.
    let (shown, said) = ok(&[
        "unlock",
        blog,
        "-l",
        "singles",
        "-j",
        "2",
        "-q",
        "-o",
        &path("unlock.csv"),
    ]);
    assert!(shown.is_empty() && said.is_empty(), "{shown}{said}");
    assert!(
        std::fs::read_to_string(path("unlock.csv"))
            .unwrap()
            .lines()
            .count()
            > 1
    );
    // explain: -l, --fallback, --format json.
    let (shown, _) = ok(&[
        "explain",
        puzzle,
        "-l",
        "singles",
        "--fallback",
        "brute-force",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(json["status"], "solved");
    let steps = json["steps"].as_array().unwrap();
    assert_eq!(steps.len() as u64, 81 - json["givens"].as_u64().unwrap());
    assert!(
        steps
            .iter()
            .all(|s| s["text"].as_str().unwrap().contains('='))
    );
    let (shown, _) = ok(&["explain", puzzle, "-l", "singles"]);
    assert!(shown.contains("Verdict"), "{shown}");
    // techniques: --format json.
    let (shown, _) = ok(&["techniques", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&shown).unwrap();
    let techniques = json.as_array().unwrap();
    assert_eq!(
        techniques.len(),
        sudolab::hodoku::catalogue::Technique::ALL.len()
    );
    assert_eq!(techniques[0]["name"], "full-house");
    assert!(techniques[0]["score"].is_u64() && techniques[0]["presets"].is_array());
}

/// Every subcommand that reads puzzles reads stdin given `-` or no file (stdin not being a
/// terminal); `-` named twice is an error, not a silent empty read.
#[test]
fn puzzles_come_from_stdin_with_a_dash_or_no_file() {
    let blog = common::data_file("blog.txt");
    let text = std::fs::read_to_string(&blog).unwrap();
    let first = common::puzzle_lines(&blog)[0][..81].to_string();
    for args in [
        &["unlock", "-l", "singles"][..],
        &["unlock", "-", "-l", "singles"],
    ] {
        let output = sudolab()
            .args(args)
            .write_stdin(text.clone())
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}");
        let summary = String::from_utf8(output.stdout).unwrap();
        let count = common::puzzle_lines(&blog).len();
        assert!(summary.contains(&format!("{count} puzzles:")), "{summary}");
    }
    for args in [&["explain"][..], &["explain", "-"]] {
        let output = sudolab()
            .args(args)
            .write_stdin(format!("{first}\n"))
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains(&first) && text.contains("Verdict"), "{text}");
    }
    for args in [&["unlock", "-", "-"][..], &["run", "-", "-"]] {
        let output = sudolab()
            .args(args)
            .write_stdin(text.clone())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("named 2 times"), "{stderr}");
    }
}

/// `unlock --format csv|json` prints the per-puzzle rows (as `--out` writes them), the
/// summary going to stderr.
#[test]
fn unlock_prints_its_rows_as_csv_or_json() {
    let dir = tempfile::tempdir().unwrap();
    let blog = common::data_file("blog.txt");
    let blog = blog.to_str().unwrap();
    let file = dir.path().join("rows.csv");
    let (_, said) = ok(&[
        "unlock",
        blog,
        "-l",
        "singles",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(said.is_empty());
    let written = std::fs::read_to_string(&file).unwrap();
    let (csv, summary) = ok(&["unlock", blog, "-l", "singles", "--format", "csv"]);
    assert_eq!(csv, written);
    assert!(
        summary.contains("puzzles:"),
        "the summary on stderr: {summary}"
    );
    let (json, _) = ok(&["unlock", blog, "-l", "singles", "--format", "json", "-q"]);
    let rows: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
    assert_eq!(rows.len(), written.lines().count() - 1);
    assert_eq!(rows[0]["line"], 1);
    assert!(rows[0]["status"].is_string());
}

/// A slip in a technique name gets the same suggestion wherever a name is read, and a name
/// nothing is near to gets a pointer to the list, not the list.
#[test]
fn an_unknown_name_gets_the_same_did_you_mean_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let ladder_file = dir.path().join("slip.toml");
    std::fs::write(&ladder_file, "techniques = [\"n1\", \"h1\", \"xwng\"]\n").unwrap();
    let scores_file = dir.path().join("scores.toml");
    std::fs::write(
        &scores_file,
        "techniques = \"singles\"\n[scores]\nxwng = 3\n",
    )
    .unwrap();
    let blog = common::data_file("blog.txt");
    let blog = blog.to_str().unwrap();
    let line = format!("{blog}:1");
    let cases: [&[&str]; 6] = [
        &["run", blog, "--ladder", "n1,xwng"],
        &["run", blog, "--ladder", ladder_file.to_str().unwrap()],
        &["run", blog, "--ladder", scores_file.to_str().unwrap()],
        &["explain", &line, "--ladder", "n1,xwng"],
        &["unlock", blog, "--try", "xwng"],
        &["unlock", blog, "--ablate", "--ladder", "xwng"],
    ];
    for args in cases {
        let output = sudolab().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("unknown technique \"xwng\"; did you mean x-wing (bf2)?"),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.len() < 400,
            "{args:?}: no list of every name: {stderr}"
        );
    }
    let output = sudolab()
        .args(["run", blog, "--ladder", "n1,zzzz"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("`sudolab techniques` lists them all"),
        "{stderr}"
    );
    assert!(stderr.len() < 400, "{stderr}");
}

/// `--ladder all` is every technique but brute force, as `unlock --try all` is.
#[test]
fn ladder_all_runs_every_technique_but_brute_force() {
    let blog = common::data_file("blog.txt");
    let output = sudolab()
        .args([
            "run",
            blog.to_str().unwrap(),
            "--ladder",
            "all",
            "--limit",
            "2",
            "-q",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let csv = String::from_utf8(output.stdout).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let techniques = &header[header.iter().position(|&c| c == "error").unwrap() + 1..];
    let expected: Vec<&str> = sudolab::hodoku::catalogue::Technique::ALL
        .iter()
        .filter(|&&t| t != sudolab::hodoku::catalogue::Technique::BruteForce)
        .map(|t| t.name())
        .collect();
    assert_eq!(techniques, expected);
    assert_eq!(csv.lines().count(), 3);
}
