//! `report` links each puzzle it lists to its explained page, written beside it: every
//! link of the report resolves to a page that explains that very puzzle.

use std::process::Command;

const SINGLES: &str = "tests/fixtures/report/singles.csv";
const STANDARD: &str = "tests/fixtures/report/standard.csv";
const SE_PATH: &str = "tests/fixtures/report/se-path.csv";

#[test]
fn each_listed_puzzle_links_to_its_explained_page() {
    let (_out, pages) = report(&[SINGLES, STANDARD]);
    // Both files list their slowest puzzles.
    assert!(pages.len() >= 2, "{pages:?}");
    assert!(pages.iter().all(|page| page.contains("policy single")));
}

#[test]
fn a_run_along_ses_path_gets_ses_path_drawn() {
    let (_out, pages) = report(&[SE_PATH]);
    assert!(!pages.is_empty());
    for page in &pages {
        assert!(page.contains("se: Sudoku Explainer&#39;s path"), "{page}");
        assert!(page.contains("<dt>Grade</dt><dd>ER "), "{page}");
    }
}

/// Writes the report of `files`; checks that every listed puzzle links to a page that
/// explains that very puzzle and draws its steps; returns the report's folder and the pages.
fn report(files: &[&str]) -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let status = Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .arg("report")
        .args(files)
        .args(["-q", "--out", out.to_str().unwrap()])
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let markdown = std::fs::read_to_string(out.join("report.md")).unwrap();
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    let slowest = markdown.split("## Slowest puzzles").nth(1).unwrap();
    let mut pages = Vec::new();
    for row in slowest.lines().filter(|l| l.starts_with("| [")) {
        // | [source:line](explained/N-lineL.html) | `puzzle` | ...
        let target = row.split("](").nth(1).unwrap().split(')').next().unwrap();
        let puzzle = row.split('`').nth(1).unwrap();
        let page =
            std::fs::read_to_string(out.join(target)).unwrap_or_else(|e| panic!("{target}: {e}"));
        assert!(page.contains(puzzle), "{target} explains {puzzle}");
        assert!(
            page.contains("<section class=\"step\""),
            "{target} draws its steps"
        );
        assert!(html.contains(&format!("href=\"{target}\"")), "{target}");
        pages.push(page);
    }
    (dir, pages)
}
