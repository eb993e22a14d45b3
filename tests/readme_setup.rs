//! The README's two set-up commands: the test command it shows is the one CI runs
//! (`.ci/run`), and the first command grades the bundled sample the README names.

use std::path::PathBuf;

fn read(path: &str) -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The lines of the README's "Set up" section's first ```sh block.
fn setup_commands(readme: &str) -> Vec<String> {
    let section = readme
        .split("\n## Set up\n")
        .nth(1)
        .expect("the README has a \"Set up\" section");
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the Set up section shows its commands in a sh block");
    block.lines().map(str::to_string).collect()
}

#[test]
fn the_readme_test_command_is_the_one_ci_runs() {
    let commands = setup_commands(&read("README.md"));
    assert_eq!(
        commands,
        [
            "cargo run --release -- run data/sudoku_exchange_4k.txt --out results.csv",
            "cargo test --release --all-targets --locked && cargo test --release --doc --locked",
        ]
    );
    let ci = read(".ci/run");
    for part in commands[1].split(" && ") {
        assert!(
            ci.lines().any(|line| line.starts_with(part)),
            ".ci/run does not run {part:?}, part of the README's test command"
        );
    }
}

#[test]
fn the_readme_first_command_grades_a_bundled_file() {
    let commands = setup_commands(&read("README.md"));
    let input = commands[0]
        .split_whitespace()
        .find(|word| word.starts_with("data/"))
        .expect("the first command grades a file of data/");
    assert!(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(input)
            .is_file(),
        "{input} is not bundled"
    );
}
