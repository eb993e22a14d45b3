//! A step as JSON, for other tools and for drawings: the cells it sets and the candidates
//! it removes, every cell of its pattern, and the pattern by role, as the step's notation
//! reads it (the base and cover sets and fins of a fish, the sets of an ALS move and their
//! restricted commons, the corners of a rectangle, the pivot of a wing, the colours of a
//! colouring, a chain's links with their strong or weak kind), and the grid a step is
//! taken in. `docs/explain-json.md` is the schema.
//!
//! Cells are written `r1c2`, houses `r1`, `c3`, `b5`, digits as numbers.

use crate::bitset::{CellSet, DigitSet, HouseSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::hodoku::catalogue::Notation;
use crate::step::{Chains, Link, Node, Pattern, Step};
use serde_json::{Map, Value, json};

/// `step` (its chain in `chains`) as a JSON object: `placed`, `removed`, `cells` and
/// `pattern`.
pub fn step_fields(step: &Step, chains: &Chains) -> Map<String, Value> {
    let links = chains.get(step.pattern.chain);
    let placed: Vec<Value> = step
        .placement
        .iter()
        .flat_map(|p| p.iter())
        .map(|(cell, digit)| candidate(cell, digit))
        .collect();
    let removed: Vec<Value> = step
        .eliminations
        .iter()
        .map(|(cell, digit)| candidate(cell, digit))
        .collect();
    let mut fields = Map::new();
    fields.insert("placed".into(), placed.into());
    fields.insert("removed".into(), removed.into());
    fields.insert("cells".into(), cells(pattern_cells(step, links)));
    let branches: Vec<&[Link]> = chains.branches(step.pattern.chain).collect();
    fields.insert("pattern".into(), pattern(step, links, &branches).into());
    fields
}

/// The grid as 81 cells in reading order: `{"value": 5, "given": true}` for a set cell,
/// `{"candidates": [1, 4]}` for an empty one.
pub fn grid(grid: &Candidates) -> Value {
    Cell::all()
        .map(|cell| match grid.value(cell) {
            Some(value) => json!({"value": value.get(), "given": grid.givens().contains(cell)}),
            None => json!({"candidates": digits(grid.candidates(cell))}),
        })
        .collect::<Vec<_>>()
        .into()
}

/// Every cell the step's pattern names, and the cells it sets.
fn pattern_cells(step: &Step, links: &[Link]) -> CellSet {
    let p = &step.pattern;
    let mut all = p.cells | p.fins | p.links;
    all |= p.pivot.map_or(CellSet::EMPTY, CellSet::single);
    for group in p.groups {
        all |= group;
    }
    for link in links {
        all |= link.node.cells();
    }
    if let Some(placement) = step.placement {
        all |= placement.cells;
    }
    all
}

/// The notation's name, which says which roles the pattern has.
fn kind(notation: Notation) -> &'static str {
    match notation {
        Notation::Placement => "single",
        Notation::Cells => "cells",
        Notation::Digit => "digit",
        Notation::DeathBlossom => "death-blossom",
        Notation::Fish => "fish",
        Notation::Houses => "houses",
        Notation::Connected => "connected",
        Notation::BoxLink => "box-link",
        Notation::WWing => "w-wing",
        Notation::XChain => "x-chain",
        Notation::Chain => "chain",
        Notation::RemotePair => "remote-pair",
        Notation::Rectangle => "rectangle",
        Notation::RectangleSubset => "rectangle-subset",
        Notation::Colors => "colors",
        Notation::Als => "als",
        Notation::AlsChain => "als-chain",
        Notation::Forcing => "forcing",
        Notation::Kraken => "kraken",
        Notation::SueDeCoq => "sue-de-coq",
    }
}

/// The pattern by role: `kind`, then the roles that kind has (empty ones left out). A
/// forcing chain's or Kraken Fish's chains are its `branches`.
fn pattern(step: &Step, links: &[Link], branches: &[&[Link]]) -> Map<String, Value> {
    let p: &Pattern = &step.pattern;
    let notation = step.technique.info().notation;
    let mut roles = Map::new();
    let mut put = |role: &str, value: Value| {
        let empty = matches!(&value, Value::Array(a) if a.is_empty()) || value.is_null();
        if !empty {
            roles.insert(role.to_string(), value);
        }
    };
    put("kind", kind(notation).into());
    put("digits", digits(p.digits));
    match notation {
        Notation::Placement => put("houses", houses(p.base)),
        Notation::Cells => {
            put("pivot", p.pivot.map(|c| c.to_string()).into());
            put("cells", cells(p.cells));
        }
        Notation::Fish | Notation::Kraken => {
            put("base", houses(p.base));
            put("cover", houses(p.cover));
            put("fins", cells(p.fins));
            put("endo_fins", cells(p.links));
            put("cells", cells(p.cells));
        }
        Notation::Houses => {
            put("houses", houses(p.base));
            put("cells", cells(p.cells));
        }
        Notation::Connected => {
            put("ends", cells(p.cells));
            put("links", cells(p.links));
        }
        Notation::BoxLink => {
            put("houses", houses(p.base));
            put("links", cells(p.links));
            put("cells", cells(p.cells));
        }
        Notation::WWing => {
            put("cells", cells(p.cells));
            put("link_digit", p.link_digit.map(Digit::get).into());
            put("links", cells(p.links));
        }
        Notation::Rectangle => put("corners", cells(p.cells)),
        Notation::RectangleSubset => {
            put("corners", cells(p.cells));
            put(
                "subset",
                json!({"digits": digits(p.subset), "cells": cells(p.links)}),
            );
        }
        Notation::Colors => {
            // Classes in pairs of opposite colours: 0/1, then 2/3.
            let classes: Vec<Value> = p
                .groups
                .chunks(2)
                .filter(|pair| pair.iter().any(|c| !c.is_empty()))
                .map(|pair| json!([cells(pair[0]), cells(pair[1])]))
                .collect();
            put("colors", classes.into());
        }
        Notation::Als => {
            let sets: Vec<Value> = p
                .groups
                .iter()
                .zip(p.group_digits)
                .take_while(|(c, _)| !c.is_empty())
                .map(|(&c, d)| json!({"cells": cells(c), "digits": digits(d)}))
                .collect();
            put("sets", sets.into());
            put("restricted_commons", digits(p.subset));
        }
        Notation::SueDeCoq => {
            let [core, line, box_, _] = p.groups;
            let [core_digits, line_digits, box_digits, _] = p.group_digits;
            put(
                "intersection",
                json!({"cells": cells(core), "digits": digits(core_digits)}),
            );
            put(
                "line",
                json!({"cells": cells(line), "digits": digits(line_digits)}),
            );
            put(
                "box",
                json!({"cells": cells(box_), "digits": digits(box_digits)}),
            );
        }
        Notation::Forcing => {
            put("cells", cells(p.cells));
            put("houses", houses(p.base));
        }
        Notation::DeathBlossom => put("pivot", p.pivot.map(|c| c.to_string()).into()),
        Notation::Digit
        | Notation::XChain
        | Notation::Chain
        | Notation::RemotePair
        | Notation::AlsChain => put("cells", cells(p.cells)),
    }
    match notation {
        Notation::Forcing | Notation::Kraken => {
            put("branches", branches.iter().map(|b| chain(b)).collect())
        }
        _ => put("chain", chain(links)),
    }
    roles
}

/// A chain's links in order: each node (a cell, a group of cells, or an ALS with its
/// digits), its digit, whether it holds the digit (`on`), and the kind of the link into it
/// (`strong` into an `on` link, `weak` into an `off` one; none for the first, the premise).
fn chain(links: &[Link]) -> Value {
    links
        .iter()
        .enumerate()
        .map(|(i, link)| {
            let node = match link.node {
                Node::Cell(cell) => json!({"kind": "cell", "cells": [cell.to_string()]}),
                Node::Group(group) => json!({"kind": "group", "cells": cells(group)}),
                Node::Als(set, set_digits) => {
                    json!({"kind": "als", "cells": cells(set), "digits": digits(set_digits)})
                }
            };
            let into = match (i, link.on) {
                (0, _) => Value::Null,
                (_, true) => "strong".into(),
                (_, false) => "weak".into(),
            };
            json!({"node": node, "digit": link.digit.get(), "on": link.on, "link": into})
        })
        .collect::<Vec<_>>()
        .into()
}

fn candidate(cell: Cell, digit: Digit) -> Value {
    json!({"cell": cell.to_string(), "digit": digit.get()})
}

fn cells(set: CellSet) -> Value {
    set.iter().map(|c| c.to_string()).collect::<Vec<_>>().into()
}

fn houses(set: HouseSet) -> Value {
    set.iter().map(|h| h.to_string()).collect::<Vec<_>>().into()
}

fn digits(set: DigitSet) -> Value {
    set.iter().map(Digit::get).collect::<Vec<_>>().into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::catalogue::Technique;
    use crate::step::Eliminations;

    #[test]
    fn a_fish_step_names_its_sets_fins_and_what_it_removes() {
        let four = Digit::new(4);
        let mut eliminations = Eliminations::NONE;
        eliminations.insert(Cell::at(4, 2), four);
        let pattern = Pattern {
            digits: DigitSet::single(four),
            base: [
                crate::geometry::House::row(1),
                crate::geometry::House::row(6),
            ]
            .into_iter()
            .collect(),
            cover: [
                crate::geometry::House::column(2),
                crate::geometry::House::column(7),
            ]
            .into_iter()
            .collect(),
            fins: CellSet::single(Cell::at(6, 0)),
            cells: [
                Cell::at(1, 2),
                Cell::at(1, 7),
                Cell::at(6, 2),
                Cell::at(6, 7),
            ]
            .into_iter()
            .collect(),
            ..Pattern::default()
        };
        let step = Step::eliminating(Technique::FinnedXWing, pattern, eliminations);
        let fields = step_fields(&step, &Chains::new());
        let p = &fields["pattern"];
        assert_eq!(p["kind"], "fish");
        assert_eq!(p["digits"], json!([4]));
        assert_eq!(p["base"], json!(["r2", "r7"]));
        assert_eq!(p["cover"], json!(["c3", "c8"]));
        assert_eq!(p["fins"], json!(["r7c1"]));
        assert!(p.get("endo_fins").is_none(), "empty roles are left out");
        assert_eq!(fields["removed"], json!([{"cell": "r5c3", "digit": 4}]));
        assert_eq!(fields["placed"], json!([]));
        assert_eq!(
            fields["cells"],
            json!(["r2c3", "r2c8", "r7c1", "r7c3", "r7c8"])
        );
    }
}
