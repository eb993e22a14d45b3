//! Stamps the git commit the binary is built from into `SUDOLAB_COMMIT`, read by
//! `sudolab --version` and the run metadata. Outside a git checkout of this crate (a source
//! tarball, a vendored copy) the commit is "unknown" and the build still succeeds.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let commit = commit(&dir).unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=SUDOLAB_COMMIT={commit}");
}

/// The short commit hash, if `dir` is the top of a git work tree and git is installed.
fn commit(dir: &Path) -> Option<String> {
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    // A tarball unpacked inside some other repository must not take that repository's commit.
    if Path::new(&top).canonicalize().ok()? != dir.canonicalize().ok()? {
        return None;
    }
    let hash = git(dir, &["rev-parse", "--short=12", "HEAD"])?;
    // Rebuild when HEAD moves: HEAD itself, the branch it points to, and packed refs.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    watched.extend(git(dir, &["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(dir, &["rev-parse", "--git-path", &name]) {
            let path = dir.join(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    Some(hash)
}

/// The trimmed output of a successful git command run in `dir`.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}
