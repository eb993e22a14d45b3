//! Helpers shared by the integration tests: where the bundled and the shared corpora are.
#![allow(dead_code)] // each test binary uses its own subset of these helpers

use std::collections::HashMap;
use std::path::PathBuf;

/// A file of the bundled `data/` folder.
pub fn data_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

/// A file of `../shared/corpora`, or `None` (with a note on stderr) when it is not there,
/// so that tests needing it skip cleanly on machines without the shared corpora.
pub fn shared_corpus(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora")
        .join(name);
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("skipping: {} is not present", path.display());
        None
    }
}

/// The puzzle lines of a corpus file (blank and `#` lines dropped).
pub fn puzzle_lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The rows of a CSV file as maps from column name to value, read with the csv crate alone.
pub fn csv_rows(path: impl AsRef<std::path::Path>) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}
