//! Completeness of the chain finders on real grids: each must find exactly what a plain,
//! slow search by the definition finds (every chain up to the length limit), so that a
//! missed chain fails a test and not only a wrong one.
//!
//! The definitions are HoDoKu's, as the finders' module docs state them, written again
//! here without the finders' machinery (no link tables, no literal numbering):
//! - X-Chain: one digit; from a start cell, links to cells sharing a house, strong when
//!   the first house (row, column, box) they share holds the digit twice, the odd links
//!   strong; no cell twice (but the start, which ends the chain); at most 20 links; a
//!   chain of three links or more ending on a strong link removes the digit from the cells
//!   seeing both ends.
//! - XY-Chain: bivalue cells, each seeing the next and holding the digit the previous one
//!   does not take; the last cell's other digit is the first cell's start digit.
//! - Nice loops and AICs: the consequences of each premise, breadth first in HoDoKu's
//!   order, each with the shortest chain to it, then HoDoKu's loop and AIC rules.
//!
//! Grids: every grid along the standard ladder's solves (of a slice of the bundled Sudoku
//! Exchange sample) at which the ladder reaches the chains: there no simpler technique
//! applies, as when HoDoKu searches for chains.

mod common;

use std::collections::{BTreeSet, HashMap, VecDeque};
use sudolab::bitset::CellSet;
use sudolab::candidates::Candidates;
use sudolab::geometry::{Cell, Digit, House, HouseKind};
use sudolab::hodoku::catalogue::{Subtype, Technique};
use sudolab::ladder::Ladder;
use sudolab::oracle::{self, Uniqueness};
use sudolab::puzzle::Puzzle;
use sudolab::solver::{Policy, Solver};

/// What a chain step does: its kind (a sub-type's code, or the technique's) and the
/// candidates it removes, as sorted (cell, digit) pairs.
type Effect = (String, Vec<(usize, u8)>);

fn effect(kind: &str, eliminations: &BTreeSet<(usize, u8)>) -> Effect {
    (kind.to_string(), eliminations.iter().copied().collect())
}

fn found(t: Technique, grid: &Candidates) -> BTreeSet<Effect> {
    t.find_all(grid, None)
        .iter()
        .map(|step| {
            let kind = step.subtype.map_or(t.code(), Subtype::code);
            let eliminations = step
                .eliminations
                .iter()
                .map(|(c, d)| (c.index(), d.get()))
                .collect();
            effect(kind, &eliminations)
        })
        .collect()
}

/// The cells holding `digit` that see every cell of `cells`.
fn seeing(grid: &Candidates, cells: &[Cell], digit: Digit) -> BTreeSet<(usize, u8)> {
    Cell::all()
        .filter(|c| grid.has(*c, digit) && cells.iter().all(|o| o.sees(*c)))
        .map(|c| (c.index(), digit.get()))
        .collect()
}

fn holding(grid: &Candidates, house: House, digit: Digit) -> Vec<Cell> {
    house
        .cells()
        .iter()
        .copied()
        .filter(|&c| grid.has(c, digit))
        .collect()
}

fn x_chains(grid: &Candidates) -> BTreeSet<Effect> {
    fn extend(grid: &Candidates, digit: Digit, path: &mut Vec<Cell>, out: &mut BTreeSet<Effect>) {
        let (start, last) = (path[0], *path.last().unwrap());
        let links = path.len() - 1;
        if links == 20 {
            return;
        }
        let strong_next = links.is_multiple_of(2);
        for next in Cell::all().filter(|&c| c != last && grid.has(c, digit)) {
            let Some(shared) = last
                .houses()
                .into_iter()
                .find(|h| h.cell_set().contains(next))
            else {
                continue;
            };
            if strong_next && holding(grid, shared, digit).len() != 2 {
                continue;
            }
            if path[1..].contains(&next) {
                continue;
            }
            path.push(next);
            if strong_next && links + 1 >= 3 {
                let targets = seeing(grid, &[start, next], digit);
                if !targets.is_empty() {
                    out.insert(effect("x", &targets));
                }
            }
            if next != start {
                extend(grid, digit, path, out);
            }
            path.pop();
        }
    }
    let mut out = BTreeSet::new();
    for digit in Digit::all() {
        for start in Cell::all().filter(|&c| grid.has(c, digit)) {
            extend(grid, digit, &mut vec![start], &mut out);
        }
    }
    out
}

fn xy_chains(grid: &Candidates) -> BTreeSet<Effect> {
    let other = |cell: Cell, digit: Digit| grid.candidates(cell).iter().find(|&d| d != digit);
    fn bivalue(grid: &Candidates, cell: Cell) -> bool {
        grid.candidates(cell).len() == 2
    }
    let mut out = BTreeSet::new();
    // (path of cells, the digit the last cell takes when the first is not its start digit)
    let mut stack: Vec<(Vec<Cell>, Digit, Digit)> = Vec::new();
    for start in Cell::all().filter(|&c| bivalue(grid, c)) {
        for digit in grid.candidates(start).iter() {
            stack.push((vec![start], digit, other(start, digit).unwrap()));
        }
    }
    while let Some((path, start_digit, on)) = stack.pop() {
        let last = *path.last().unwrap();
        // A chain of n cells has 2n - 1 links: at most 20 allows 10 cells.
        if path.len() == 10 {
            continue;
        }
        for next in Cell::all().filter(|&c| bivalue(grid, c) && c.sees(last) && grid.has(c, on)) {
            if path.contains(&next) {
                continue;
            }
            let next_on = other(next, on).unwrap();
            let mut longer = path.clone();
            longer.push(next);
            if next_on == start_digit {
                let targets = seeing(grid, &[path[0], next], start_digit);
                if !targets.is_empty() {
                    out.insert(effect("xyc", &targets));
                }
            }
            stack.push((longer, start_digit, next_on));
        }
    }
    out
}

/// A node of the nice-loop search: a candidate, or a group of cells of one digit in a
/// box/line intersection (two or three cells), on or off.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Node {
    cells: CellSet,
    digit: Digit,
    on: bool,
}

impl Node {
    fn first(self) -> Cell {
        self.cells.first().unwrap()
    }
    fn cell(cell: Cell, digit: Digit, on: bool) -> Node {
        Node {
            cells: CellSet::single(cell),
            digit,
            on,
        }
    }
}

/// Every group node: rows then columns, digits, boxes; the line's and box's cells
/// holding the digit when there are two or three.
fn group_nodes(grid: &Candidates) -> Vec<(CellSet, Digit, House, House)> {
    let mut out = Vec::new();
    for kind in [HouseKind::Row, HouseKind::Column] {
        for line in House::all_of(kind) {
            for digit in Digit::all() {
                for b in House::all_of(HouseKind::Box) {
                    let cells = grid.cells_with(digit) & line.cell_set() & b.cell_set();
                    if cells.len() >= 2 {
                        out.push((cells, digit, line, b));
                    }
                }
            }
        }
    }
    out
}

/// What follows at once from `node`, in HoDoKu's order (the nice loops' module doc).
fn implied(grid: &Candidates, groups: &[(CellSet, Digit, House, House)], node: Node) -> Vec<Node> {
    let mut out: Vec<Node> = Vec::new();
    let mut push = |n: Node| {
        if !out.contains(&n) {
            out.push(n)
        }
    };
    let sees_all =
        |cell: Cell, cells: CellSet| !cells.contains(cell) && cells.iter().all(|c| c.sees(cell));
    let digit = node.digit;
    let places = |house: House| -> CellSet { grid.cells_with(digit) & house.cell_set() };
    if node.cells.len() == 1 {
        let cell = node.first();
        if node.on {
            for other in grid.candidates(cell).iter().filter(|&o| o != digit) {
                push(Node::cell(cell, other, false));
            }
            for house in cell.houses() {
                for mate in (places(house) - node.cells).iter() {
                    push(Node::cell(mate, digit, false));
                }
            }
            for &(cells, d, ..) in groups {
                if d == digit && sees_all(cell, cells) {
                    push(Node {
                        cells,
                        digit,
                        on: false,
                    });
                }
            }
        } else {
            if grid.candidates(cell).len() == 2 {
                let other = grid.candidates(cell).iter().find(|&o| o != digit).unwrap();
                push(Node::cell(cell, other, true));
            }
            for house in cell.houses() {
                let rest = places(house) - node.cells;
                if rest.len() == 1 {
                    push(Node::cell(rest.first().unwrap(), digit, true));
                }
            }
            for &(cells, d, line, b) in groups {
                let outside = |house: House| {
                    (places(house) - cells)
                        .iter()
                        .filter(|&c| sees_all(c, cells))
                        .collect::<Vec<_>>()
                };
                if d == digit && (outside(b) == [cell] || outside(line) == [cell]) {
                    push(Node {
                        cells,
                        digit,
                        on: true,
                    });
                }
            }
        }
    } else {
        let &(cells, _, line, b) = groups
            .iter()
            .find(|g| g.0 == node.cells && g.1 == digit)
            .unwrap();
        let others = groups
            .iter()
            .filter(|g| g.1 == digit && g.0 != cells && !g.0.intersects(cells));
        if node.on {
            for c in Cell::all().filter(|&c| grid.has(c, digit) && sees_all(c, cells)) {
                push(Node::cell(c, digit, false));
            }
            for g in others.filter(|g| g.2 == line || g.3 == b) {
                push(Node {
                    cells: g.0,
                    digit,
                    on: false,
                });
            }
        } else {
            for house in [b, line] {
                let rest = places(house) - cells;
                if rest.len() == 1 {
                    push(Node::cell(rest.first().unwrap(), digit, true));
                }
            }
            for house in [line, b] {
                let in_house: Vec<_> = others
                    .clone()
                    .filter(|g| g.2 == house || g.3 == house)
                    .collect();
                if let [g] = in_house[..]
                    && places(house).is_subset_of(cells | g.0)
                {
                    push(Node {
                        cells: g.0,
                        digit,
                        on: true,
                    });
                }
            }
        }
    }
    out
}

fn nice_loops(grid: &Candidates, grouped: bool) -> BTreeSet<Effect> {
    let groups = if grouped {
        group_nodes(grid)
    } else {
        Vec::new()
    };
    let mut out = BTreeSet::new();
    let mut keep = |kind: &str, elims: BTreeSet<(usize, u8)>, chain: &[Node]| {
        if !elims.is_empty() {
            let grouped_chain = chain.iter().any(|n| n.cells.len() > 1);
            let kind = if grouped_chain {
                format!("g{kind}")
            } else {
                kind.to_string()
            };
            out.insert(effect(&kind, &elims));
        }
    };
    for on in [true, false] {
        for start in Cell::all() {
            for digit in grid.candidates(start).iter() {
                let premise = Node::cell(start, digit, on);
                // Breadth first, each node once, with its parent (at most 1000 entries).
                let mut entries = vec![(premise, 0usize, 0usize)];
                let mut index: HashMap<Node, usize> = HashMap::from([(premise, 0)]);
                let mut queue = VecDeque::from([0]);
                while let Some(i) = queue.pop_front() {
                    for n in implied(grid, &groups, entries[i].0) {
                        if entries.len() < 1000 && !index.contains_key(&n) {
                            index.insert(n, entries.len());
                            queue.push_back(entries.len());
                            entries.push((n, i, entries[i].2 + 1));
                        }
                    }
                }
                let chain_to = |mut i: usize| {
                    let mut chain = vec![entries[i].0];
                    while i != 0 {
                        i = entries[i].1;
                        chain.push(entries[i].0);
                    }
                    chain.reverse();
                    chain
                };
                // A chain may not come back to a cell it has left: a cell is barred once the
                // chain has moved past it (a loop's start cell never is).
                let lasso = |chain: &[Node], aic: bool| {
                    let mut barred = CellSet::EMPTY;
                    for w in chain.windows(2) {
                        if barred.contains(w[1].first()) {
                            return true;
                        }
                        if aic || w[0].first() != start {
                            barred |= w[0].cells;
                        }
                    }
                    false
                };
                let first_strong = implied(grid, &groups, premise)
                    .first()
                    .is_some_and(|n| n.on);
                for (i, &(end, _, depth)) in entries.iter().enumerate().skip(1) {
                    if end.cells.len() > 1 || depth < 2 {
                        continue;
                    }
                    let chain = chain_to(i);
                    let last = chain.len() - 1;
                    if end.first() == start {
                        if chain[last - 1].first() == start
                            || chain[1].first() == start
                            || lasso(&chain, false)
                        {
                            continue;
                        }
                        let (a, b) = (digit, end.digit);
                        let others = |keep: &[Digit]| -> BTreeSet<(usize, u8)> {
                            grid.candidates(start)
                                .iter()
                                .filter(|d| !keep.contains(d))
                                .map(|d| (start.index(), d.get()))
                                .collect()
                        };
                        let (kind, elims) = match (first_strong, end.on) {
                            (false, false) if a == b => {
                                ("dnl", BTreeSet::from([(start.index(), a.get())]))
                            }
                            (true, true) if a == b => ("dnl", others(&[a])),
                            (f, l) if f != l && a != b => (
                                "dnl",
                                BTreeSet::from([(start.index(), if f { b } else { a }.get())]),
                            ),
                            (false, false) if grid.candidates(start).len() != 2 => continue,
                            _ => ("cnl", continuous(grid, &chain, first_strong && end.on)),
                        };
                        keep(kind, elims, &chain);
                    } else if !on && end.on {
                        let (a, b) = (digit, end.digit);
                        let cell = end.first();
                        let elims = if a == b {
                            let targets = seeing(grid, &[start, cell], a);
                            if targets.len() < 2 {
                                continue;
                            }
                            targets
                        } else if start.sees(cell) && grid.has(cell, a) && grid.has(start, b) {
                            BTreeSet::from([(start.index(), b.get()), (cell.index(), a.get())])
                        } else {
                            continue;
                        };
                        if !lasso(&chain, true) {
                            keep("aic", elims, &chain);
                        }
                    }
                }
            }
        }
    }
    out
}

/// What a continuous loop removes: the other digits of each cell entered and left by
/// strong links (and of the start when both its ends are strong), and each weak link's
/// digit from the cells outside the chain that see both its ends.
fn continuous(grid: &Candidates, chain: &[Node], strong_ends: bool) -> BTreeSet<(usize, u8)> {
    let start = chain[0].first();
    let last = chain.len() - 1;
    let on_chain = chain[..last]
        .iter()
        .fold(CellSet::EMPTY, |s, n| s | n.cells);
    let mut out = BTreeSet::new();
    let keep_only = |out: &mut BTreeSet<(usize, u8)>, cell: Cell, keep: [Digit; 2]| {
        for d in grid.candidates(cell).iter().filter(|d| !keep.contains(d)) {
            out.insert((cell.index(), d.get()));
        }
    };
    if strong_ends {
        keep_only(&mut out, start, [chain[0].digit, chain[last].digit]);
    }
    for i in 1..=last {
        let (prev, node) = (chain[i - 1], chain[i]);
        if i + 2 <= last
            && node.on
            && prev.first() != node.first()
            && !chain[i + 1].on
            && chain[i + 1].first() == node.first()
            && chain[i + 2].on
            && chain[i + 2].first() != node.first()
        {
            keep_only(&mut out, node.first(), [node.digit, chain[i + 2].digit]);
        }
        if !node.on && prev.first() != node.first() {
            let both: Vec<Cell> = prev.cells.iter().chain(node.cells.iter()).collect();
            for (cell, digit) in seeing(grid, &both, node.digit) {
                let cell = Cell::from_index(cell);
                if !on_chain.contains(cell) && cell != start {
                    out.insert((cell.index(), digit));
                }
            }
        }
    }
    out
}

/// The grids at which the standard ladder reaches the chains.
fn chain_grids() -> Vec<Candidates> {
    let ladder = Ladder::default();
    let first_chain = ladder.position(Technique::XChain).unwrap();
    let solver = Solver::new(ladder.clone(), Policy::Single);
    let lines = common::puzzle_lines(&common::data_file("sudoku_exchange_4k.txt"));
    let stride = if cfg!(debug_assertions) { 200 } else { 6 };
    let mut grids = Vec::new();
    for line in lines.iter().step_by(stride) {
        let puzzle = Puzzle::parse_line(line).unwrap();
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            panic!("{line}: not unique");
        };
        let report = solver.solve(&puzzle, Some(&solution));
        let mut grid = Candidates::from_puzzle(&puzzle);
        for step in report.steps.iter() {
            if ladder.position(step.technique) >= Some(first_chain) {
                grids.push(grid.clone());
            }
            step.apply_to(&mut grid);
        }
        if !grid.is_solved() {
            grids.push(grid);
        }
    }
    grids
}

#[test]
fn chain_finders_find_exactly_what_their_definitions_say() {
    type Definition = fn(&Candidates) -> BTreeSet<Effect>;
    let definitions: [(Technique, Definition); 4] = [
        (Technique::XChain, x_chains),
        (Technique::XyChain, xy_chains),
        (Technique::NiceLoop, |g| nice_loops(g, false)),
        (Technique::GroupedNiceLoop, |g| nice_loops(g, true)),
    ];
    let grids = chain_grids();
    assert!(grids.len() > 50, "only {} grids", grids.len());
    let mut instances = [0usize; 4];
    for grid in &grids {
        for (n, (technique, definition)) in definitions.iter().enumerate() {
            let expected = definition(grid);
            assert_eq!(found(*technique, grid), expected, "{technique} in\n{grid}");
            instances[n] += expected.len();
        }
    }
    for ((technique, _), count) in definitions.iter().zip(instances) {
        eprintln!("{technique}: {count} instances in {} grids", grids.len());
        assert!(count > 0, "{technique} never occurs");
    }
}
