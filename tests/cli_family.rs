//! The subcommands as one family: shell completions and man pages generated from the same
//! definitions as `--help`, and a top-level help that lists each subcommand on one line.

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
        "completions",
        "man",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
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
