//! The tool's version and the git commit it was built from (stamped by `build.rs`;
//! "unknown" when built outside a git checkout, e.g. from a source tarball).

/// The crate version, e.g. `0.1.0`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The short git commit hash, or `unknown`.
pub const COMMIT: &str = env!("SUDOLAB_COMMIT");

/// What `sudolab --version` prints after the name: `0.1.0 (commit 1a2b3c4d5e6f)`.
pub const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("SUDOLAB_COMMIT"),
    ")"
);
