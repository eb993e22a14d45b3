//! Issue 2's and issue 9's acceptance test on HoDoKu's technique exemplars
//! (`../shared/corpora/hodoku_exemplars.txt`, GPL, so read in place and skipped when absent):
//! every section whose technique sudolab implements has exemplars that HoDoKu 2.2 solves
//! with that technique as its hardest, and the `standard` ladder (HoDoKu's default order
//! restricted to sudolab's techniques) solves each of them with the same hardest technique.
//!
//! A section's technique is the step code most of its exemplars' paths use (`s lc1(6) s`),
//! compared with `Technique::code()` (sub-types such as `cnl` count as their technique), so
//! techniques added to the catalogue later are picked up without editing this file. The
//! paths in the file come from older HoDoKu versions and several are not what HoDoKu 2.2
//! does (an earlier technique of its order removes the same candidate first); what 2.2
//! does is in `../shared/reference/hodoku/hodoku_exemplars.tsv`, which this test takes as
//! the truth. `tests/hodoku_reference.rs` holds every other exemplar to it too.

mod common;

use common::hodoku::{self, Verdict};
use std::collections::BTreeMap;
use sudolab::hodoku::catalogue::Technique;
use sudolab::ladder::Ladder;
use sudolab::oracle::{self, Uniqueness};
use sudolab::puzzle::Puzzle;
use sudolab::solver::{Outcome, Policy, Solver};

/// A section of the exemplar file: `#0100: Locked Candidate Type 1` and its puzzles.
struct Section {
    header: String,
    exemplars: Vec<Exemplar>,
    /// Lines in HoDoKu's regression-library format (`:0604:1:grid:eliminations:...`): a
    /// position with pencil marks and no solution path, so nothing to compare with.
    library_entries: usize,
}

/// A puzzle line: `puzzle # path [comment]`.
struct Exemplar {
    line: usize,
    puzzle: Puzzle,
    path: Vec<PathToken>,
}

/// One token of HoDoKu's solution path.
#[derive(Clone, PartialEq, Eq, Debug)]
enum PathToken {
    /// `s`: singles only.
    Singles,
    /// `ssts`: steps of the Simple Sudoku Technique Set.
    Ssts,
    /// `x`: steps of any technique.
    Any,
    /// `lc1(6)`: one step of the technique with that code, removing that many candidates.
    Step(String),
}

/// Reads the path tokens after `#`; the first word that is not a path token starts a comment.
fn parse_path(text: &str) -> Vec<PathToken> {
    let mut path = Vec::new();
    for word in text.split_whitespace() {
        let token = match word {
            "s" => PathToken::Singles,
            "ssts" => PathToken::Ssts,
            "x" => PathToken::Any,
            _ => match word.split_once('(') {
                Some((code, rest))
                    if !code.is_empty()
                        && code.chars().all(|c| c.is_ascii_alphanumeric())
                        && rest
                            .strip_suffix(')')
                            .is_some_and(|n| n.parse::<u32>().is_ok()) =>
                {
                    PathToken::Step(code.to_string())
                }
                _ => break,
            },
        };
        path.push(token);
    }
    path
}

fn parse_exemplars(text: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(header) = line.strip_prefix('#') {
            sections.push(Section {
                header: header.trim().to_string(),
                exemplars: Vec::new(),
                library_entries: 0,
            });
            continue;
        }
        let section = sections
            .last_mut()
            .unwrap_or_else(|| panic!("line {line_number}: puzzle before any section"));
        if line.starts_with(':') {
            section.library_entries += 1;
            continue;
        }
        let (grid, path) = line
            .split_once('#')
            .unwrap_or_else(|| panic!("line {line_number}: no solution path: {line:?}"));
        let puzzle = Puzzle::parse_line(grid).unwrap_or_else(|e| panic!("line {line_number}: {e}"));
        let path = parse_path(path);
        assert!(!path.is_empty(), "line {line_number}: empty path {line:?}");
        section.exemplars.push(Exemplar {
            line: line_number,
            puzzle,
            path,
        });
    }
    sections
}

/// The code of a section's technique: the step code most of its exemplars' paths use.
fn section_code(section: &Section) -> Option<String> {
    let mut tally: BTreeMap<&str, usize> = BTreeMap::new();
    for exemplar in &section.exemplars {
        let mut codes: Vec<&str> = exemplar
            .path
            .iter()
            .filter_map(|t| match t {
                PathToken::Step(code) => Some(code.as_str()),
                _ => None,
            })
            .collect();
        codes.sort_unstable();
        codes.dedup();
        for code in codes {
            *tally.entry(code).or_default() += 1;
        }
    }
    tally
        .into_iter()
        .max_by_key(|&(_, n)| n)
        .map(|(code, _)| code.to_string())
}

#[test]
fn the_path_parser_reads_hodokus_notation() {
    use PathToken::*;
    let step = |c: &str| Step(c.to_string());
    assert_eq!(
        parse_path(" s n2(14) n2(2) s"),
        vec![Singles, step("n2"), step("n2"), Singles]
    );
    assert_eq!(
        parse_path(" ssts bf4(15) s 4x4 pure jellyfish collection"),
        vec![Ssts, step("bf4"), Singles]
    );
    assert_eq!(parse_path(" x axz(17) x"), vec![Any, step("axz"), Any]);
    assert_eq!(
        parse_path(" s h2(2) s the zoo"),
        vec![Singles, step("h2"), Singles]
    );
}

#[test]
fn every_section_s_technique_is_the_hardest_where_hodoku_2_2_s_is() {
    let (Some(path), Some(dir)) = (
        common::shared_corpus("hodoku_exemplars.txt"),
        hodoku::reference_dir(),
    ) else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let sections = parse_exemplars(&text);
    let reference: BTreeMap<usize, Verdict> = hodoku::verdicts(&dir.join("hodoku_exemplars.tsv"))
        .into_iter()
        .map(|v| (v.line, v))
        .collect();
    let ladder = Ladder::parse("standard").unwrap();
    let solver = Solver::new(ladder.clone(), Policy::Single).verifying(true);
    // Per section technique: exemplars, and those where it is HoDoKu 2.2's hardest and ours.
    let mut checked: BTreeMap<Technique, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for section in &sections {
        let Some(technique) = section_code(section)
            .and_then(|code| hodoku::technique_of(&code))
            .filter(|&t| ladder.contains(t))
        else {
            continue;
        };
        let entry = checked.entry(technique).or_default();
        for exemplar in &section.exemplars {
            entry.0 += 1;
            let verdict = &reference[&exemplar.line];
            assert_eq!(verdict.puzzle, exemplar.puzzle, "line {}", exemplar.line);
            if !verdict.solved_by_logic || verdict.hardest_on(&ladder) != Some(Some(technique)) {
                continue;
            }
            let Uniqueness::Unique(solution) = oracle::analyse(&exemplar.puzzle) else {
                panic!("line {}: no unique solution", exemplar.line);
            };
            let summary = solver.solve(&exemplar.puzzle, Some(&solution)).summary;
            if summary.outcome == Outcome::Solved && summary.hardest == Some(technique) {
                entry.1 += 1;
            } else {
                failures.push(format!(
                    "line {} (#{}): {} expected solved with hardest {technique}, got {:?} with \
                     hardest {:?}",
                    exemplar.line,
                    section.header,
                    exemplar.puzzle,
                    summary.outcome,
                    summary.hardest.map(Technique::name)
                ));
            }
        }
    }
    for (technique, (total, hardest)) in &checked {
        eprintln!("{technique}: {total} exemplars, {hardest} with it as the hardest");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The techniques of issues 2 and 9 have their sections, each with at least one
    // exemplar that the technique itself decides (Avoidable Rectangle Type 1's exemplars
    // are all decided by the Hidden Rectangle first in HoDoKu 2.2's order).
    for code in [
        "lc1", "lc2", "l2", "l3", "n2", "n3", "n4", "h2", "h3", "bf2", "bf3", "bf4", "xy", "xyz",
        "x", "xyc", "nl", "gnl", "u3", "u5", "u6", "hr", "ar2",
    ] {
        let t = hodoku::technique_of(code).expect("a catalogue code");
        let &(total, hardest) = checked
            .get(&t)
            .unwrap_or_else(|| panic!("no section of exemplars for {t}"));
        assert!(
            total > 0 && hardest > 0,
            "{t}: no exemplar it decides ({total} in its sections)"
        );
    }
}
