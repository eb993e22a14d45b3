//! `explain --format json --grid` checked against itself on real solves of every family
//! the bundled Sudoku Exchange sample meets: each step's removed and placed candidates are
//! in the grid it is taken in and gone (or set) in the next one, every cell its pattern
//! names is among its `cells`, and each kind of pattern has the roles
//! docs/explain-json.md promises.

mod common;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

fn sudolab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// One line of the sample per hardest technique of its first 1,600 puzzles.
fn one_line_per_hardest_technique() -> Vec<String> {
    let sample = common::data_file("sudoku_exchange_4k.txt");
    let out = sudolab(&["run", sample.to_str().unwrap(), "--limit", "1600", "-q"]);
    assert_eq!(out.status.code(), Some(0));
    let mut reader = csv::Reader::from_reader(out.stdout.as_slice());
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (hardest, line) = (column("hardest"), column("line"));
    let mut first: BTreeMap<String, String> = BTreeMap::new();
    for row in reader.records() {
        let row = row.unwrap();
        first
            .entry(row[hardest].to_string())
            .or_insert_with(|| format!("{}:{}", sample.display(), &row[line]));
    }
    first.into_values().collect()
}

/// `(cell, digit)` pairs of a `[{"cell", "digit"}]` array.
fn candidates(value: &Value) -> Vec<(String, u64)> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["cell"].as_str().unwrap().into(),
                c["digit"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// The index (0-80) of a cell named `rRcC`.
fn index(cell: &str) -> usize {
    let b = cell.as_bytes();
    assert_eq!((b[0], b[2]), (b'r', b'c'), "{cell}");
    usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
}

/// Every string in `value` that names a cell.
fn named_cells(value: &Value, into: &mut BTreeSet<String>) {
    match value {
        Value::String(s) if s.len() == 4 && s.starts_with('r') && s.as_bytes()[2] == b'c' => {
            into.insert(s.clone());
        }
        Value::Array(items) => items.iter().for_each(|v| named_cells(v, into)),
        Value::Object(map) => map.values().for_each(|v| named_cells(v, into)),
        _ => {}
    }
}

fn has_candidate(cell: &Value, digit: u64) -> bool {
    cell["candidates"]
        .as_array()
        .is_some_and(|c| c.iter().any(|d| d.as_u64() == Some(digit)))
}

#[test]
fn every_step_carries_what_a_drawing_needs_and_it_agrees_with_the_grids() {
    let mut kinds = BTreeSet::new();
    for spec in one_line_per_hardest_technique() {
        let out = sudolab(&["explain", &spec, "--format", "json", "--grid"]);
        assert_eq!(out.status.code(), Some(0), "{spec}");
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        let steps = json["steps"].as_array().unwrap();
        for (i, step) in steps.iter().enumerate() {
            let grid = step["grid"].as_array().unwrap();
            assert_eq!(grid.len(), 81);
            let removed = candidates(&step["removed"]);
            let placed = candidates(&step["placed"]);
            assert!(!removed.is_empty() || !placed.is_empty(), "{step}");
            for (cell, digit) in removed.iter().chain(&placed) {
                assert!(has_candidate(&grid[index(cell)], *digit), "{spec} {step}");
            }
            if let Some(next) = steps.get(i + 1) {
                let next = next["grid"].as_array().unwrap();
                for (cell, digit) in &removed {
                    assert!(!has_candidate(&next[index(cell)], *digit), "{step}");
                }
                for (cell, digit) in &placed {
                    assert_eq!(next[index(cell)]["value"].as_u64(), Some(*digit));
                    assert_eq!(next[index(cell)]["given"], false);
                }
            }
            let cells: BTreeSet<String> = step["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect();
            let mut named = BTreeSet::new();
            named_cells(&step["pattern"], &mut named);
            assert!(named.is_subset(&cells), "{step}");
            check_roles(&step["pattern"], step);
            kinds.insert(step["pattern"]["kind"].as_str().unwrap().to_string());
        }
    }
    for kind in [
        "single",
        "cells",
        "fish",
        "houses",
        "connected",
        "box-link",
        "w-wing",
        "chain",
        "x-chain",
        "remote-pair",
        "rectangle",
        "colors",
        "als",
        "als-chain",
        "forcing",
        "sue-de-coq",
    ] {
        assert!(kinds.contains(kind), "no step of kind {kind}: {kinds:?}");
    }
}

/// The roles each kind of pattern must have.
fn check_roles(pattern: &Value, step: &Value) {
    let len = |role: &str| pattern[role].as_array().map_or(0, Vec::len);
    match pattern["kind"].as_str().unwrap() {
        "fish" => {
            assert!(len("base") >= 2 && len("base") == len("cover"), "{step}");
            let finned = step["technique"].as_str().unwrap().contains("finned")
                || step["technique"].as_str().unwrap().contains("sashimi");
            assert_eq!(len("fins") > 0, finned, "{step}");
        }
        "als" => {
            assert!(len("sets") >= 2, "{step}");
            assert!(len("restricted_commons") >= 1, "{step}");
        }
        "sue-de-coq" => {
            for part in ["intersection", "line", "box"] {
                assert!(pattern[part]["cells"].as_array().is_some(), "{step}");
            }
        }
        "colors" => assert!(len("colors") >= 1, "{step}"),
        "rectangle" => assert_eq!(len("corners"), 4, "{step}"),
        "w-wing" => assert!(pattern["link_digit"].is_u64(), "{step}"),
        "chain" | "x-chain" | "remote-pair" | "als-chain" => {
            let links = pattern["chain"].as_array().unwrap();
            assert!(links.len() >= 2, "{step}");
            for (i, link) in links.iter().enumerate() {
                let kind = &link["link"];
                match (i, link["on"].as_bool().unwrap()) {
                    (0, _) => assert!(kind.is_null(), "{step}"),
                    (_, true) => assert_eq!(kind, "strong", "{step}"),
                    (_, false) => assert_eq!(kind, "weak", "{step}"),
                }
            }
        }
        _ => {}
    }
}

#[test]
fn a_position_s_start_is_in_the_json() {
    let library = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::";
    let out = sudolab(&["explain", library, "--format", "json", "--ladder", "u4"]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["start"]["placed"].as_array().unwrap().len(), 15);
    assert_eq!(json["start"]["removed"].as_array().unwrap().len(), 18);
    let step = &json["steps"][0];
    assert_eq!(step["pattern"]["kind"], "rectangle");
    assert_eq!(
        candidates(&step["removed"]),
        [("r6c4".to_string(), 3), ("r6c5".to_string(), 3)]
    );
    // Without --grid, no grids.
    assert!(step.get("grid").is_none());
}
