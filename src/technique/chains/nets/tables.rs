//! Forcing Net tables, as HoDoKu builds them (`TablingSolver.fillTables` with nets,
//! `getTableEntry`, `setCell`, `fillTablesWithGroupNodes`, `expandTables`; entries as its
//! `TableEntry`).
//!
//! A candidate's table is filled by trying the premise on a [`LookaheadGrid`]: the digit set
//! (or removed, setting the cell if one candidate is left), then four rounds of every
//! naked and hidden single the grid's queues hold. Each entry records what it came from:
//! an "off" entry the placement that removed it; a placement by a single every "off"
//! entry it needed (the cell's other candidates, or the digit's other places in the house
//! with the fewest places), up to five. An entry with two or more makes the derivation a
//! net. Group nodes link as in chains. Then every table is expanded: each entry's own
//! table is copied in (its direct entries only), breadth first, keeping the shorter way to
//! an entry already there, to at most [`CAPACITY`] entries. Expansion reads only direct
//! entries, so each table is expanded when it is first asked for; the direct entries are
//! also the edges ([`Successors`]) along which [`crate::technique::chains::engine::reach`] finds
//! what an expanded table holds without expanding it.
//!
//! Distances, the order of the five origins and the limits on their values follow HoDoKu's
//! packing, because which way to an entry is kept, and so which chain is printed and how
//! long it is, depends on them.

use super::lookahead::LookaheadGrid;
use crate::bitset::CellSet;
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::technique::chains::engine::implications::Implications;
use crate::technique::chains::engine::literal::{GroupNodes, Lit};
use crate::technique::chains::engine::reach::Successors;

/// HoDoKu's limit on a table's entries (`Options.maxTableEntryLength`).
pub const CAPACITY: usize = 1000;
/// HoDoKu's look-ahead rounds (`Options.anzTableLookAhead`).
const LOOKAHEAD_ROUNDS: usize = 4;
/// Distances are kept in nine bits.
const DISTANCE_MASK: u32 = 0x1ff;
const NONE: u16 = u16::MAX;

/// One consequence in a table.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    pub lit: Lit,
    /// The entries (of this table) it came from, the largest first (HoDoKu's packing);
    /// 0 for the premise or for none.
    pub origins: [u16; 5],
    /// HoDoKu's distance from the premise (the premise has 1).
    pub distance: u16,
    /// For an entry copied in by expansion, the premise of the table it came from.
    pub copied_from: Option<Lit>,
}

/// The consequences of one premise.
#[derive(Default)]
pub struct NetTable {
    entries: Vec<Entry>,
    /// How many entries it may hold.
    capacity: usize,
    /// How many entries were found before expansion.
    direct: usize,
    /// Whether the entries of its entries' tables were copied in.
    expanded: bool,
    /// Per literal, its entry (`NONE` if absent); sized on first use.
    position: Vec<u16>,
    /// Per digit, the cells the table turns on and off.
    pub on: [CellSet; 9],
    pub off: [CellSet; 9],
}

impl NetTable {
    fn reset(&mut self, literals: usize, capacity: usize) {
        self.capacity = capacity;
        self.expanded = false;
        if self.position.len() < literals {
            self.position.resize(literals, NONE);
        }
        for entry in &self.entries {
            if let Some(slot) = self.position.get_mut(entry.lit.index()) {
                *slot = NONE;
            }
        }
        self.entries.clear();
        self.direct = 0;
        self.on = [CellSet::EMPTY; 9];
        self.off = [CellSet::EMPTY; 9];
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry of `lit`, if the table holds it.
    pub fn position(&self, lit: Lit) -> Option<usize> {
        match self.position.get(lit.index()) {
            Some(&p) if p != NONE => Some(usize::from(p)),
            _ => None,
        }
    }

    /// `TableEntry.getEntryIndex`: the entry of a candidate literal, 0 if absent.
    fn origin_of(&self, cell: Cell, digit: Digit, on: bool) -> u16 {
        self.position(Lit::candidate(cell, digit, on))
            .map_or(0, |p| p as u16)
    }

    /// Whether `lit` (a candidate literal) is in the table.
    fn has_candidate(&self, lit: Lit) -> bool {
        let (cell, digit) = lit.as_candidate().expect("a candidate literal");
        let side = if lit.is_on() { &self.on } else { &self.off };
        side[digit.index()].contains(cell)
    }

    /// `TableEntry.addEntry`: a candidate literal once, a group literal every time; the
    /// distance one more than that of the first origin given.
    fn add(&mut self, lit: Lit, origins: [u16; 5]) -> Option<usize> {
        if self.entries.len() >= self.capacity {
            return None;
        }
        let candidate = lit.as_candidate();
        if candidate.is_some() && self.has_candidate(lit) {
            return None;
        }
        let first = usize::from(origins[0]);
        let before = self.entries.get(first).map_or(0, |e| u32::from(e.distance));
        let at = self.entries.len();
        self.entries.push(Entry {
            lit,
            origins: packed(origins),
            distance: ((before + 1) & DISTANCE_MASK) as u16,
            copied_from: None,
        });
        if let Some((cell, digit)) = candidate {
            let side = if lit.is_on() {
                &mut self.on
            } else {
                &mut self.off
            };
            side[digit.index()].insert(cell);
        }
        self.position[lit.index()] = at as u16;
        Some(at)
    }
}

/// HoDoKu's `makeSRetIndex`: the first origin must fit twelve bits, the others ten (else
/// they count as none); then the largest is moved first by swaps.
pub(super) fn packed(mut origins: [u16; 5]) -> [u16; 5] {
    if origins[0] > 4096 {
        origins[0] = 0;
    }
    for o in &mut origins[1..] {
        if *o > 1023 {
            *o = 0;
        }
    }
    for i in 1..5 {
        if origins[i] > origins[0] {
            origins.swap(0, i);
        }
    }
    origins
}

/// Every table of a grid: one per candidate literal and per group literal, indexed by the
/// premise's literal number.
pub struct NetTables {
    /// How many entries a table may hold.
    capacity: usize,
    tables: Vec<NetTable>,
    /// The premises filled, in HoDoKu's table order (candidates' "on", then "off").
    premises: Vec<Lit>,
    base: LookaheadGrid,
    look: LookaheadGrid,
    singles: Vec<(Cell, Digit, bool)>,
}

impl Default for NetTables {
    fn default() -> Self {
        NetTables::with_capacity(CAPACITY)
    }
}

impl Successors for NetTables {
    /// What expanding `lit`'s table copies in: its direct entries after the premise
    /// (none for a literal whose table this grid did not fill).
    #[inline]
    fn of(&self, lit: Lit) -> impl Iterator<Item = Lit> + '_ {
        let direct = self
            .tables
            .get(lit.index())
            .map_or(&[][..], |table| &table.entries[..table.direct]);
        direct.iter().skip(1).map(|entry| entry.lit)
    }
}

impl NetTables {
    /// Tables of at most `capacity` entries each.
    pub fn with_capacity(capacity: usize) -> NetTables {
        NetTables {
            capacity,
            tables: Vec::new(),
            premises: Vec::new(),
            base: LookaheadGrid::default(),
            look: LookaheadGrid::default(),
            singles: Vec::new(),
        }
    }

    /// How many entries a table may hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The table of `premise` (expanded only if [`NetTables::expand`] was asked to).
    pub fn get(&self, premise: Lit) -> &NetTable {
        &self.tables[premise.index()]
    }

    /// Fills and expands the tables of every candidate of `grid` (with `groups` and their
    /// `implications`, built by the caller).
    pub fn build(&mut self, grid: &Candidates, groups: &GroupNodes, implications: &Implications) {
        let literals = groups.literal_count();
        if self.tables.len() < literals {
            self.tables.resize_with(literals, NetTable::default);
        }
        for &premise in &self.premises {
            self.tables[premise.index()].reset(literals, self.capacity);
        }
        self.premises.clear();
        self.base.load(grid);
        for on in [true, false] {
            for cell in grid.unsolved().iter() {
                for digit in grid.candidates(cell).iter() {
                    let premise = Lit::candidate(cell, digit, on);
                    self.premises.push(premise);
                    self.fill(grid, premise, literals);
                }
            }
        }
        // Group links, after every candidate's look-ahead (`fillTablesWithGroupNodes`).
        for (g, _) in groups.iter() {
            for on in [true, false] {
                let premise = Lit::group(g, on);
                self.premises.push(premise);
                let table = &mut self.tables[premise.index()];
                table.reset(literals, self.capacity);
                table.add(premise, [0; 5]);
                for &implied in implications.of(premise) {
                    table.add(implied, [0; 5]);
                }
                table.direct = table.entries.len();
            }
        }
        let candidates = self.premises.len() - 2 * groups.len();
        for &premise in &self.premises[..candidates] {
            let table = &mut self.tables[premise.index()];
            for &implied in implications.of(premise) {
                if implied.as_group().is_some() {
                    table.add(implied, [0; 5]);
                }
            }
            table.direct = table.entries.len();
        }
        // HoDoKu then expands every table; that reads only direct entries, so a table
        // is expanded when it is asked for.
    }

    /// Fills the direct entries of a candidate premise by look-ahead.
    fn fill(&mut self, grid: &Candidates, premise: Lit, literals: usize) {
        let (cell, digit) = premise.as_candidate().expect("a candidate premise");
        let mut table = std::mem::take(&mut self.tables[premise.index()]);
        table.reset(literals, self.capacity);
        self.look.copy_from(&self.base);
        if premise.is_on() {
            self.set_cell(grid, &mut table, cell, digit, None);
        } else {
            self.look.remove(cell, digit);
            table.add(premise, [0; 5]);
            if let Some(only) = self.look.candidates(cell).single_member() {
                self.set_cell(grid, &mut table, cell, only, None);
            }
        }
        for _ in 0..LOOKAHEAD_ROUNDS {
            let mut singles = std::mem::take(&mut self.singles);
            self.look.singles(&mut singles);
            for &(c, d, naked) in &singles {
                self.set_cell(grid, &mut table, c, d, Some(naked));
            }
            self.singles = singles;
        }
        self.tables[premise.index()] = table;
    }

    /// HoDoKu's `TablingSolver.setCell`: sets `digit` in `cell` on the look-ahead grid and
    /// records it, with its origins when it is a single (`naked` says which kind), then
    /// the candidates it removes: the digit from every peer that held it in `grid`, then
    /// the cell's other candidates.
    fn set_cell(
        &mut self,
        grid: &Candidates,
        table: &mut NetTable,
        cell: Cell,
        digit: Digit,
        single: Option<bool>,
    ) {
        let peers = grid.cells_with(digit) & cell.peers();
        let former = self.look.candidates(cell);
        // The house with the fewest places, before the cell is set (row, then column,
        // then box on ties).
        let [row, column, box_] = cell.houses();
        let mut fewest = row;
        for house in [column, box_] {
            if self.look.free(house, digit) < self.look.free(fewest, digit) {
                fewest = house;
            }
        }
        self.look.set(cell, digit);
        let cause = table.entries.len() as u16;
        let mut origins = [0u16; 5];
        match single {
            Some(true) => {
                let others = grid.candidates(cell).iter().filter(|&o| o != digit);
                for (slot, other) in origins.iter_mut().zip(others) {
                    *slot = table.origin_of(cell, other, false);
                }
            }
            Some(false) => {
                let places = (grid.cells_with(digit) & fewest.cell_set()) - CellSet::single(cell);
                for (slot, place) in origins.iter_mut().zip(places.iter()) {
                    *slot = table.origin_of(place, digit, false);
                }
            }
            None => {}
        }
        table.add(Lit::candidate(cell, digit, true), origins);
        for peer in peers.iter() {
            table.add(Lit::candidate(peer, digit, false), [cause, 0, 0, 0, 0]);
        }
        for other in former.iter().filter(|&o| o != digit) {
            table.add(Lit::candidate(cell, other, false), [cause, 0, 0, 0, 0]);
        }
    }

    /// HoDoKu's `expandTables` for one table (once): each entry's own table's direct
    /// entries are copied in, in order, with their distance added to the entry's; an entry
    /// already copied in takes the new way if it is shorter.
    pub fn expand(&mut self, premise: Lit) {
        if self.tables[premise.index()].expanded {
            return;
        }
        let mut dest = std::mem::take(&mut self.tables[premise.index()]);
        dest.expanded = true;
        let mut j = 1;
        while j < dest.entries.len() && dest.entries.len() < dest.capacity {
            let via = dest.entries[j];
            let src = &self.tables[via.lit.index()];
            let base = u32::from(via.distance);
            for found in src.entries.iter().take(src.direct).skip(1) {
                let distance = base + u32::from(found.distance);
                match dest.position(found.lit) {
                    Some(at) => {
                        let old = &mut dest.entries[at];
                        if old.copied_from.is_some() && u32::from(old.distance) > distance {
                            old.copied_from = Some(via.lit);
                            old.distance = (distance & DISTANCE_MASK) as u16;
                        }
                    }
                    None => {
                        if let Some(at) = dest.add(found.lit, [0; 5]) {
                            let new = &mut dest.entries[at];
                            new.copied_from = Some(via.lit);
                            new.distance = (distance & DISTANCE_MASK) as u16;
                        }
                    }
                }
            }
            j += 1;
        }
        self.tables[premise.index()] = dest;
    }
}
