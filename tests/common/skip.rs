//! Skipping a test, said where it shows. libtest keeps what a passing test prints to itself,
//! so a skip is written straight to the process's stderr, which `cargo test` shows as the
//! tests run (`.ci/run` lists every skip again at the end). What CI installs (Chromium,
//! PySpark) may not be missing under `CI=true`: there the test fails instead of skipping.

use std::io::Write;

/// Whether this is a CI run (`CI=true`, as CI services set it, or `CI=1`).
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Says on stderr that the running test skips (all of it or a part), and why.
pub fn skip(reason: &str) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {reason}");
}

/// Skips for want of something `.ci/run` installs: under CI its absence is a failure.
pub fn skip_unless_ci(reason: &str) {
    if under_ci() {
        panic!("{reason}, and CI=true: .ci/run installs it, so a CI run may not skip this");
    }
    skip(reason);
}
