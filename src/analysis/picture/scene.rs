//! What a drawing of one step shows, read from the step's JSON ([`super::super::step_json`],
//! with its grid): the grid's givens, set digits and candidates, then the marks the step
//! brings (cells and candidates coloured by their role in the pattern, houses outlined,
//! candidates struck out or placed, a chain's links and boxed nodes). The JSON is the one
//! source of truth: the SVG ([`super::svg`]) draws a scene and nothing else.

use serde_json::Value;
use std::fmt;
use thiserror::Error;

/// A step's JSON that cannot be drawn.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("cannot draw the step: {0}")]
pub struct SceneError(String);

fn bad(what: impl fmt::Display) -> SceneError {
    SceneError(what.to_string())
}

/// A cell, 0-80 in reading order.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct At(pub u8);

impl At {
    /// `r1c2`.
    pub fn parse(name: &str) -> Result<At, SceneError> {
        match name.as_bytes() {
            [b'r', r @ b'1'..=b'9', b'c', c @ b'1'..=b'9'] => Ok(At((r - b'1') * 9 + (c - b'1'))),
            _ => Err(bad(format_args!("`{name}` is not a cell"))),
        }
    }

    pub fn row(self) -> usize {
        usize::from(self.0 / 9)
    }

    pub fn col(self) -> usize {
        usize::from(self.0 % 9)
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A house as the JSON names it: `r1`, `c3`, `b5`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct HouseName {
    pub kind: u8,
    /// 0-8.
    pub number: u8,
}

impl HouseName {
    pub fn parse(name: &str) -> Result<HouseName, SceneError> {
        match name.as_bytes() {
            [kind @ (b'r' | b'c' | b'b'), n @ b'1'..=b'9'] => Ok(HouseName {
                kind: *kind,
                number: n - b'1',
            }),
            _ => Err(bad(format_args!("`{name}` is not a house"))),
        }
    }

    /// The first row and column of the house and how many rows and columns it spans.
    pub fn span(self) -> (usize, usize, usize, usize) {
        let n = usize::from(self.number);
        match self.kind {
            b'r' => (n, 0, 1, 9),
            b'c' => (0, n, 9, 1),
            _ => (n / 3 * 3, n % 3 * 3, 3, 3),
        }
    }
}

impl fmt::Display for HouseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(self.kind), self.number + 1)
    }
}

/// What a cell or a candidate is in the pattern; each role has its colour.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Role {
    /// A cell the pattern names without a finer role.
    Pattern,
    Base,
    Cover,
    Fin,
    EndoFin,
    Pivot,
    Pincer,
    /// The cells of a strong link that tie the pattern together (kite, empty rectangle,
    /// W-Wing).
    Link,
    Corner,
    /// A naked subset that completes a rectangle's roof.
    Subset,
    /// A colour class of colouring, 0-3 (0/1 and 2/3 are opposite colours).
    Color(u8),
    /// One set of an ALS move, or a part of Sue de Coq, 0-3.
    Set(u8),
    /// A restricted common of an ALS move.
    Rc,
    /// A chain's candidate that is true ("on") or false ("off") on the chain.
    On,
    Off,
    /// A house a single is found in, or that a pattern is confined to.
    House,
}

impl Role {
    /// The role's name, as CSS classes and the SVG's `data-role` give it.
    pub fn name(self) -> &'static str {
        match self {
            Role::Pattern => "pattern",
            Role::Base => "base",
            Role::Cover => "cover",
            Role::Fin => "fin",
            Role::EndoFin => "endo-fin",
            Role::Pivot => "pivot",
            Role::Pincer => "pincer",
            Role::Link => "link",
            Role::Corner => "corner",
            Role::Subset => "subset",
            Role::Color(0) => "color-0",
            Role::Color(1) => "color-1",
            Role::Color(2) => "color-2",
            Role::Color(_) => "color-3",
            Role::Set(0) => "set-0",
            Role::Set(1) => "set-1",
            Role::Set(2) => "set-2",
            Role::Set(_) => "set-3",
            Role::Rc => "rc",
            Role::On => "on",
            Role::Off => "off",
            Role::House => "house",
        }
    }

    /// Every role, for the style sheet and the legend.
    pub const ALL: [Role; 22] = [
        Role::Pattern,
        Role::Base,
        Role::Cover,
        Role::Fin,
        Role::EndoFin,
        Role::Pivot,
        Role::Pincer,
        Role::Link,
        Role::Corner,
        Role::Subset,
        Role::Color(0),
        Role::Color(1),
        Role::Color(2),
        Role::Color(3),
        Role::Set(0),
        Role::Set(1),
        Role::Set(2),
        Role::Set(3),
        Role::Rc,
        Role::On,
        Role::Off,
        Role::House,
    ];
}

/// One cell of the grid as the step finds it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Square {
    Given(u8),
    /// Set by an earlier step (or before the first one).
    Set(u8),
    /// Open, with its candidates as bits 1-9.
    Open(u16),
}

/// A candidate: a cell and a digit.
pub type Candidate = (At, u8);

/// A node of a chain: its cells (one, a group, or an ALS) and the digit the link is about.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChainNode {
    pub cells: Vec<At>,
    pub digit: u8,
    /// A group of cells or an ALS: drawn boxed.
    pub boxed: bool,
}

impl fmt::Display for ChainNode {
    /// `r1c2,r1c3:5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cell) in self.cells.iter().enumerate() {
            let sep = if i == 0 { "" } else { "," };
            write!(f, "{sep}{cell}")?;
        }
        write!(f, ":{}", self.digit)
    }
}

/// A link of a chain, drawn as an arrow from one node to the next.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Arrow {
    pub from: ChainNode,
    pub to: ChainNode,
    pub strong: bool,
    /// Which branch of a forcing chain or net it belongs to (0 for a plain chain).
    pub branch: usize,
}

/// Everything a drawing of one step (or one run of singles) shows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Scene {
    pub grid: Vec<Square>,
    /// Coloured cells, each once.
    pub cells: Vec<(At, Role)>,
    /// Coloured candidates, each once.
    pub candidates: Vec<(Candidate, Role)>,
    /// Outlined houses.
    pub houses: Vec<(HouseName, Role)>,
    pub removed: Vec<Candidate>,
    pub placed: Vec<Candidate>,
    pub arrows: Vec<Arrow>,
    /// Group and ALS nodes of the chains, each once.
    pub boxes: Vec<ChainNode>,
}

fn array(value: &Value) -> &[Value] {
    value.as_array().map_or(&[], Vec::as_slice)
}

fn cells_of(value: &Value) -> Result<Vec<At>, SceneError> {
    array(value)
        .iter()
        .map(|c| At::parse(c.as_str().unwrap_or_default()))
        .collect()
}

fn digits_of(value: &Value) -> Vec<u8> {
    array(value)
        .iter()
        .filter_map(Value::as_u64)
        .filter_map(|d| u8::try_from(d).ok())
        .collect()
}

fn houses_of(value: &Value) -> Result<Vec<HouseName>, SceneError> {
    array(value)
        .iter()
        .map(|h| HouseName::parse(h.as_str().unwrap_or_default()))
        .collect()
}

fn candidates_of(value: &Value) -> Result<Vec<Candidate>, SceneError> {
    array(value)
        .iter()
        .map(|c| {
            let cell = At::parse(c["cell"].as_str().unwrap_or_default())?;
            let digit = c["digit"]
                .as_u64()
                .ok_or_else(|| bad("a candidate without a digit"))?;
            Ok((cell, digit as u8))
        })
        .collect()
}

/// The 81 cells of a JSON grid.
fn grid_of(value: &Value) -> Result<Vec<Square>, SceneError> {
    let cells = array(value);
    if cells.len() != 81 {
        return Err(bad(
            "the step has no grid of 81 cells (explain with --grid)",
        ));
    }
    Ok(cells
        .iter()
        .map(|cell| match cell["value"].as_u64() {
            Some(v) if cell["given"] == true => Square::Given(v as u8),
            Some(v) => Square::Set(v as u8),
            None => Square::Open(
                digits_of(&cell["candidates"])
                    .iter()
                    .fold(0, |m, d| m | 1 << d),
            ),
        })
        .collect())
}

impl Scene {
    /// The drawing of one step: `step` as `explain --format json --grid` gives it.
    pub fn of_step(step: &Value) -> Result<Scene, SceneError> {
        let mut scene = Scene::bare(&step["grid"])?;
        scene.add_step(step)?;
        Ok(scene)
    }

    /// The drawing of a run of singles: the grid of the first, every placement marked.
    pub fn of_singles(steps: &[Value]) -> Result<Scene, SceneError> {
        let first = steps.first().ok_or_else(|| bad("no step"))?;
        let mut scene = Scene::bare(&first["grid"])?;
        for step in steps {
            for (cell, digit) in candidates_of(&step["placed"])? {
                scene.placed.push((cell, digit));
                scene.color_cell(cell, Role::Pattern);
            }
        }
        Ok(scene)
    }

    fn bare(grid: &Value) -> Result<Scene, SceneError> {
        Ok(Scene {
            grid: grid_of(grid)?,
            cells: Vec::new(),
            candidates: Vec::new(),
            houses: Vec::new(),
            removed: Vec::new(),
            placed: Vec::new(),
            arrows: Vec::new(),
            boxes: Vec::new(),
        })
    }

    /// Whether `digit` is a candidate of `cell`.
    pub fn has_candidate(&self, (cell, digit): Candidate) -> bool {
        matches!(self.grid[usize::from(cell.0)], Square::Open(bits) if bits & 1 << digit != 0)
    }

    fn color_cell(&mut self, cell: At, role: Role) {
        if !self.cells.iter().any(|(c, _)| *c == cell) {
            self.cells.push((cell, role));
        }
    }

    /// Colours `cells` and their candidates among `digits`, with `role`; a cell or
    /// candidate already coloured keeps its first role.
    fn color(&mut self, cells: &[At], digits: &[u8], role: Role) {
        for &cell in cells {
            self.color_cell(cell, role);
            for &digit in digits {
                self.color_candidate((cell, digit), role);
            }
        }
    }

    fn color_candidate(&mut self, candidate: Candidate, role: Role) {
        if self.has_candidate(candidate) && !self.candidates.iter().any(|(c, _)| *c == candidate) {
            self.candidates.push((candidate, role));
        }
    }

    fn outline(&mut self, houses: &[HouseName], role: Role) {
        for &house in houses {
            if !self.houses.iter().any(|(h, _)| *h == house) {
                self.houses.push((house, role));
            }
        }
    }

    fn add_step(&mut self, step: &Value) -> Result<(), SceneError> {
        let p = &step["pattern"];
        let kind = p["kind"].as_str().unwrap_or_default();
        let digits = digits_of(&p["digits"]);
        self.removed = candidates_of(&step["removed"])?;
        self.placed = candidates_of(&step["placed"])?;
        // The chain first, its on and off candidates being what a chain step shows; but a
        // Kraken Fish shows its fish first, its chains starting from the fins.
        let kraken = kind == "kraken";
        if !kraken {
            self.add_chains(p)?;
        }
        if let Some(pivot) = p["pivot"].as_str() {
            self.color(&[At::parse(pivot)?], &digits, Role::Pivot);
        }
        let cells = cells_of(&p["cells"])?;
        match kind {
            "fish" | "kraken" => {
                self.color(&cells, &digits, Role::Base);
                self.color(&cells_of(&p["fins"])?, &digits, Role::Fin);
                self.color(&cells_of(&p["endo_fins"])?, &digits, Role::EndoFin);
                self.outline(&houses_of(&p["base"])?, Role::Base);
                self.outline(&houses_of(&p["cover"])?, Role::Cover);
            }
            "cells" if p["pivot"].is_string() => self.color(&cells, &digits, Role::Pincer),
            "rectangle" | "rectangle-subset" => {
                self.color(&cells_of(&p["corners"])?, &digits, Role::Corner);
                let subset = &p["subset"];
                self.color(
                    &cells_of(&subset["cells"])?,
                    &digits_of(&subset["digits"]),
                    Role::Subset,
                );
            }
            "w-wing" => {
                let link_digit = digits_of(&Value::Array(vec![p["link_digit"].clone()]));
                self.color(&cells_of(&p["links"])?, &link_digit, Role::Link);
                self.color(&cells, &digits, Role::Pattern);
            }
            "colors" => {
                for (i, class) in array(&p["colors"]).iter().flat_map(array).enumerate() {
                    self.color(&cells_of(class)?, &digits, Role::Color(i.min(3) as u8));
                }
            }
            "als" => {
                let commons = digits_of(&p["restricted_commons"]);
                for (i, set) in array(&p["sets"]).iter().enumerate() {
                    let set_cells = cells_of(&set["cells"])?;
                    self.color(&set_cells, &commons, Role::Rc);
                    self.color(&set_cells, &digits_of(&set["digits"]), Role::Set(i as u8));
                }
            }
            "sue-de-coq" => {
                for (i, part) in ["intersection", "line", "box"].into_iter().enumerate() {
                    let part = &p[part];
                    let part_cells = cells_of(&part["cells"])?;
                    self.color(&part_cells, &digits_of(&part["digits"]), Role::Set(i as u8));
                }
            }
            _ => {
                self.color(&cells_of(&p["ends"])?, &digits, Role::Pattern);
                self.color(&cells_of(&p["links"])?, &digits, Role::Link);
                self.color(&cells, &digits, Role::Pattern);
            }
        }
        if !matches!(kind, "fish" | "kraken") {
            self.outline(&houses_of(&p["houses"])?, Role::House);
        }
        if kraken {
            self.add_chains(p)?;
        }
        // Every other cell the step names (the cell a single sets among them).
        for cell in cells_of(&step["cells"])? {
            self.color_cell(cell, Role::Pattern);
        }
        Ok(())
    }

    /// The pattern's chain, or each of its branches.
    fn add_chains(&mut self, p: &Value) -> Result<(), SceneError> {
        self.add_chain(&p["chain"], 0)?;
        for (i, branch) in array(&p["branches"]).iter().enumerate() {
            self.add_chain(branch, i)?;
        }
        Ok(())
    }

    /// The links of `chain` as arrows of branch `branch`, its candidates coloured on or
    /// off, its group and ALS nodes boxed.
    fn add_chain(&mut self, chain: &Value, branch: usize) -> Result<(), SceneError> {
        let mut previous: Option<ChainNode> = None;
        for link in array(chain) {
            let node = &link["node"];
            let digit = link["digit"]
                .as_u64()
                .ok_or_else(|| bad("a link without a digit"))? as u8;
            let this = ChainNode {
                cells: cells_of(&node["cells"])?,
                digit,
                boxed: node["kind"] != "cell",
            };
            let role = if link["on"] == true {
                Role::On
            } else {
                Role::Off
            };
            self.color(&this.cells, &[digit], role);
            if this.boxed && !self.boxes.contains(&this) {
                self.boxes.push(this.clone());
            }
            if let Some(from) = previous.take() {
                self.arrows.push(Arrow {
                    from,
                    to: this.clone(),
                    strong: link["link"] == "strong",
                    branch,
                });
            }
            previous = Some(this);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn open_grid() -> Value {
        Value::Array(vec![json!({"candidates": [1, 2, 3, 4, 5, 6, 7, 8, 9]}); 81])
    }

    #[test]
    fn names_parse_back() {
        assert_eq!(At::parse("r2c3").unwrap().to_string(), "r2c3");
        assert_eq!(At::parse("r2c3").unwrap().0, 11);
        assert!(At::parse("r0c3").is_err());
        assert_eq!(HouseName::parse("b5").unwrap().span(), (3, 3, 3, 3));
        assert!(HouseName::parse("x5").is_err());
    }

    #[test]
    fn a_chain_becomes_arrows_and_boxed_groups() {
        let step = json!({
            "grid": open_grid(),
            "placed": [],
            "removed": [{"cell": "r1c1", "digit": 5}],
            "cells": ["r1c2", "r1c3", "r5c2"],
            "pattern": {"kind": "chain", "digits": [5], "chain": [
                {"node": {"kind": "cell", "cells": ["r5c2"]}, "digit": 5, "on": false, "link": null},
                {"node": {"kind": "group", "cells": ["r1c2", "r1c3"]}, "digit": 5, "on": true, "link": "strong"},
            ]},
        });
        let scene = Scene::of_step(&step).unwrap();
        assert_eq!(scene.arrows.len(), 1);
        assert!(scene.arrows[0].strong);
        assert_eq!(scene.arrows[0].to.to_string(), "r1c2,r1c3:5");
        assert_eq!(scene.boxes.len(), 1);
        assert_eq!(scene.cells.len(), 3);
        assert_eq!(scene.removed, [(At(0), 5)]);
    }

    #[test]
    fn a_step_without_its_grid_is_refused() {
        let step = json!({"placed": [], "removed": [], "cells": [], "pattern": {"kind": "single"}});
        assert!(Scene::of_step(&step).is_err());
    }
}
