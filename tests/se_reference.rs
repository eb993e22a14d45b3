//! serate 1.2.1.3's ratings of the shared corpora (`../shared/reference/se/*.tsv`: line,
//! puzzle, er, ep, ed) held against SE's grader. Every puzzle serate rates below 6.5
//! needs no chaining and must get exactly serate's ER, EP and ED; the others must get
//! a rating that does not contradict serate's (exact and equal, or a lower bound at or
//! below it). The shares are printed per file.
//!
//! The files are read in place and the test skips, saying so, when they are absent.

use rayon::prelude::*;
use std::path::PathBuf;
use sudolab::puzzle::Puzzle;
use sudolab::se::{self, Bound};

struct Reference {
    line: usize,
    puzzle: Puzzle,
    text: String,
    er: String,
    ep: String,
    ed: String,
}

fn references(path: &PathBuf) -> Vec<Reference> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .map(|row| {
            let fields: Vec<&str> = row.split('\t').collect();
            assert_eq!(fields.len(), 5, "{}: {row}", path.display());
            Reference {
                line: fields[0].parse().unwrap(),
                puzzle: Puzzle::parse_line(fields[1]).unwrap(),
                text: fields[1].to_string(),
                er: fields[2].to_string(),
                ep: fields[3].to_string(),
                ed: fields[4].to_string(),
            }
        })
        .collect()
}

/// Whether a bound agrees with serate's printed value: equal when exact, at or below it
/// when a lower bound.
fn agrees(bound: Bound, serate: &str) -> bool {
    let tenths = |s: &str| -> u32 {
        let (w, p) = s.split_once('.').unwrap();
        w.parse::<u32>().unwrap() * 10 + p.parse::<u32>().unwrap()
    };
    match bound {
        Bound::Exact(d) => d.to_string() == serate,
        Bound::AtLeast(d) => d.tenths() <= tenths(serate),
    }
}

fn tenths(s: &str) -> u32 {
    let (w, p) = s.split_once('.').unwrap();
    w.parse::<u32>().unwrap() * 10 + p.parse::<u32>().unwrap()
}

#[test]
fn ratings_below_6_5_are_serate_s_and_the_rest_do_not_contradict_it() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/reference/se");
    if !dir.is_dir() {
        eprintln!("skipping: {} is not present", dir.display());
        return;
    }
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tsv"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let refs = references(path);
        let results: Vec<(bool, bool, bool, Option<String>)> = refs
            .par_iter()
            .map(|r| {
                let rating = se::rate(&r.puzzle);
                let below = tenths(&r.er) < 65;
                let exact = [rating.er, rating.ep, rating.ed]
                    .iter()
                    .zip([&r.er, &r.ep, &r.ed])
                    .all(|(b, s)| matches!(b, Bound::Exact(_)) && agrees(*b, s));
                let consistent = [rating.er, rating.ep, rating.ed]
                    .iter()
                    .zip([&r.er, &r.ep, &r.ed])
                    .all(|(b, s)| agrees(*b, s));
                let failure = (!consistent || (below && !exact)).then(|| {
                    format!(
                        "{name}:{}: {} serate {}/{}/{}, ours {}/{}/{}",
                        r.line, r.text, r.er, r.ep, r.ed, rating.er, rating.ep, rating.ed
                    )
                });
                (below, exact, consistent, failure)
            })
            .collect();
        let below = results.iter().filter(|r| r.0).count();
        let below_exact = results.iter().filter(|r| r.0 && r.1).count();
        let exact = results.iter().filter(|r| r.1).count();
        let consistent = results.iter().filter(|r| r.2).count();
        println!(
            "{name}: ER<6.5 exact {below_exact}/{below}; all puzzles exact {exact}/{}, consistent {consistent}/{}",
            results.len(),
            results.len()
        );
        failures.extend(results.into_iter().filter_map(|r| r.3));
    }
    for failure in failures.iter().take(40) {
        println!("{failure}");
    }
    assert!(
        failures.is_empty(),
        "{} puzzles differ from serate",
        failures.len()
    );
}
