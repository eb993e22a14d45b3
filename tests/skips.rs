//! Skips show: a test that skips says so on the stderr `cargo test` prints (not in the
//! output libtest keeps for failures), and under `CI=true` a missing dependency that CI
//! installs fails the test. Each check runs an ignored test of this binary in a child
//! process, as `cargo test` would, and reads what it printed.

mod common;

use std::process::{Command, Output};

/// Runs the ignored test `name` of this binary alone, without `--nocapture`.
fn run_alone(name: &str, ci: Option<&str>) -> Output {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.args(["--exact", name, "--ignored", "--test-threads", "1"]);
    match ci {
        Some(value) => command.env("CI", value),
        None => command.env_remove("CI"),
    };
    command.output().unwrap()
}

#[test]
#[ignore = "run by a_skip_is_written_where_cargo_test_shows_it"]
fn child_that_skips() {
    common::skip::skip("the thing it needs is not here");
}

#[test]
#[ignore = "run by a_missing_dependency_that_ci_installs_fails_under_ci"]
fn child_that_misses_what_ci_installs() {
    common::skip::skip_unless_ci("no widget in /usr/bin");
}

#[test]
fn a_skip_is_written_where_cargo_test_shows_it() {
    let output = run_alone("child_that_skips", None);
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("SKIPPED child_that_skips: the thing it needs is not here"),
        "{stderr}"
    );
}

#[test]
fn a_missing_dependency_that_ci_installs_fails_under_ci_and_skips_elsewhere() {
    let elsewhere = run_alone("child_that_misses_what_ci_installs", None);
    assert!(elsewhere.status.success(), "{elsewhere:?}");
    assert!(String::from_utf8_lossy(&elsewhere.stderr).contains("SKIPPED"));
    let under_ci = run_alone("child_that_misses_what_ci_installs", Some("true"));
    assert!(!under_ci.status.success(), "{under_ci:?}");
    let stdout = String::from_utf8_lossy(&under_ci.stdout);
    assert!(
        stdout.contains("no widget in /usr/bin, and CI=true"),
        "{stdout}"
    );
}
