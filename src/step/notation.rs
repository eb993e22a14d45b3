//! Steps in the forum notation, as HoDoKu prints them: `Label: pattern => consequence`,
//! the pattern written in the technique's [`Notation`], e.g.
//! `Naked Pair: 1,2 in r1c2,r1c5 => r1c7<>2` or
//! `XY-Chain: 4 4- r2c1 -7- r2c6 -2- r5c6 -4 => r5c1<>4`.

use super::{Chains, Link, Node, Pattern, Placement, Step};
use crate::bitset::{CellSet, DigitSet, write_joined};
use crate::geometry::{Digit, HouseKind};
use crate::hodoku::catalogue::{ChainShape, Notation, Subtype};
use std::fmt;

/// A step with the arena its chain lies in, ready to print.
pub struct StepDisplay<'a> {
    step: &'a Step,
    chains: &'a Chains,
}

impl<'a> StepDisplay<'a> {
    pub(super) fn new(step: &'a Step, chains: &'a Chains) -> Self {
        StepDisplay { step, chains }
    }
}

impl fmt::Display for StepDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = self.step;
        write!(f, "{}: ", step.label())?;
        let p = &step.pattern;
        let notation = step.technique.info().notation;
        if notation != Notation::Placement {
            let links = self.chains.get(p.chain);
            write_pattern(f, notation, step, links)?;
            if !p.fins.is_empty() {
                write!(f, " fins {}", p.fins)?;
            }
            f.write_str(" => ")?;
        }
        if let Some(placement) = step.placement {
            write!(f, "{}={}", placement.cells, placement.digit)?;
            if !step.eliminations.is_empty() {
                f.write_str(", ")?;
            }
        }
        if !step.eliminations.is_empty() {
            write!(f, "{}", step.eliminations)?;
        }
        Ok(())
    }
}

/// The name HoDoKu gives a finned fish of a Kraken step (`createFishStep`): by its size,
/// Franken if a box is among its houses, sashimi if a base line holds one non-fin
/// candidate or none.
struct FishName<'a>(&'a Pattern);

impl fmt::Display for FishName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        let size = [
            "X-Wing",
            "Swordfish",
            "Jellyfish",
            "Squirmbag",
            "Whale",
            "Leviathan",
        ][(p.base.len() as usize).clamp(2, 7) - 2];
        let houses = p.base | p.cover;
        if houses.iter().any(|h| h.kind() == HouseKind::Box) {
            return write!(f, "Finned Franken {size}");
        }
        let sashimi = p
            .base
            .iter()
            .any(|house| (house.cell_set() & p.cells).len() <= 1);
        let kind = if sashimi { "Sashimi" } else { "Finned" };
        write!(f, "{kind} {size}")
    }
}

/// Writes the pattern part of a step (between the label and `=>`, fins aside).
fn write_pattern(
    f: &mut fmt::Formatter<'_>,
    notation: Notation,
    step: &Step,
    links: &[Link],
) -> fmt::Result {
    let p: &Pattern = &step.pattern;
    match notation {
        Notation::Placement => Ok(()),
        Notation::Cells => {
            write!(f, "{} in ", p.digits)?;
            if let Some(pivot) = p.pivot {
                write!(f, "{pivot}")?;
                let others = p.cells - CellSet::single(pivot);
                if !others.is_empty() {
                    write!(f, ",{others}")?;
                }
                Ok(())
            } else {
                write!(f, "{}", p.cells)
            }
        }
        Notation::Fish => {
            write!(f, "{} {} {}", p.digits, p.base, p.cover)?;
            // A Franken fish's endo fins (candidates in two base houses).
            if !p.links.is_empty() {
                write!(f, " endo fins {}", p.links)?;
            }
            Ok(())
        }
        Notation::Houses => write!(f, "{} in {}", p.digits, p.base),
        Notation::Connected => write!(f, "{} in {} (connected by {})", p.digits, p.cells, p.links),
        Notation::BoxLink => write!(f, "{} in {} ({})", p.digits, p.base, p.links),
        Notation::WWing => {
            let link = p.link_digit.map_or(DigitSet::EMPTY, DigitSet::single);
            write_joined(f, (p.digits - link).iter().chain(link.iter()), "/")?;
            write!(f, " in {} connected by {link} in {}", p.cells, p.links)
        }
        Notation::XChain => {
            write!(f, "{} ", p.digits)?;
            write_links(f, links)
        }
        Notation::Chain => {
            write_eliminated_digits(f, step)?;
            f.write_str(" ")?;
            write_chain(f, step.subtype, links)
        }
        Notation::RemotePair => {
            write_joined(f, p.digits.iter(), "/")?;
            // Weak links only, each written with its digit.
            for (i, link) in links.iter().enumerate() {
                if i > 0 {
                    write!(f, " -{}-", link.digit)?;
                }
                write!(f, " {}", NodeText(link.node))?;
            }
            Ok(())
        }
        Notation::Rectangle => {
            write_joined(f, p.digits.iter(), "/")?;
            write!(f, " in {}", p.cells)
        }
        Notation::RectangleSubset => {
            write_joined(f, p.digits.iter(), "/")?;
            write!(f, " in {} with {} in {}", p.cells, p.subset, p.links)
        }
        Notation::Als => {
            let names = ["A", "B", "C"];
            let sets = p
                .groups
                .iter()
                .zip(p.group_digits)
                .take_while(|(c, _)| !c.is_empty());
            for (i, (cells, digits)) in sets.enumerate() {
                let sep = if i == 0 { "" } else { ", " };
                write!(f, "{sep}{}={cells} {{{digits}}}", names[i])?;
            }
            let links = if p.groups[2].is_empty() { "X" } else { "X,Y" };
            write!(f, ", {links}={}", p.subset)?;
            if !p.digits.is_empty() {
                write!(f, ", Z={}", p.digits)?;
            }
            Ok(())
        }
        Notation::Forcing => {
            if matches!(
                step.subtype,
                Some(Subtype::ForcingChainContradiction | Subtype::ForcingNetContradiction)
            ) {
                return match step.placement {
                    Some(Placement { cells, digit }) => {
                        write!(f, "{cells}<>{digit} leads to a contradiction")
                    }
                    None => {
                        let (cell, digit) = step.eliminations.iter().next().expect("a conclusion");
                        write!(f, "{cell}={digit} leads to a contradiction")
                    }
                };
            }
            match (p.cells.first(), p.digits.first(), p.base.first()) {
                (Some(cell), Some(digit), _) => {
                    write!(f, "{cell}={digit} and {cell}<>{digit} both lead there")
                }
                (Some(cell), None, _) => write!(f, "each candidate of {cell} leads there"),
                (None, Some(digit), Some(house)) => {
                    write!(f, "each place of {digit} in {house} leads there")
                }
                _ => Ok(()),
            }
        }
        Notation::Digit => write!(f, "{}", p.digits),
        Notation::Kraken => write!(f, "{}: {} {} {}", FishName(p), p.digits, p.base, p.cover),
        Notation::DeathBlossom => {
            write!(f, "{}", p.pivot.expect("a Death Blossom has a stem"))?;
            for link in links {
                if let Node::Als(cells, digits) = link.node {
                    write!(f, ", -{}- {cells} {{{digits}}}", link.digit)?;
                }
            }
            Ok(())
        }
        Notation::AlsChain => {
            // Consecutive links into one ALS are its RC digits.
            write!(f, "{}", p.digits)?;
            let mut at = 0;
            while let Some(link) = links.get(at) {
                let same = links[at..]
                    .iter()
                    .take_while(|l| l.node == link.node)
                    .count();
                if at > 0 {
                    f.write_str(" -")?;
                    write_joined(f, links[at..at + same].iter().map(|l| l.digit), "/")?;
                    f.write_str("-")?;
                }
                write!(f, " {}", NodeText(link.node))?;
                at += same;
            }
            Ok(())
        }
        Notation::SueDeCoq => {
            let [core, line, box_, _] = p.groups;
            let [core_digits, line_digits, box_digits, _] = p.group_digits;
            write!(
                f,
                "{core} - {{{core_digits}}} ({line} - {{{line_digits}}}, {box_} - {{{box_digits}}})"
            )
        }
        Notation::Colors => {
            write!(f, "{}", p.digits)?;
            for (i, class) in p.groups.iter().enumerate() {
                let sep = match i {
                    0 => " ",
                    _ if i % 2 == 1 => " / ",
                    _ => ", ",
                };
                if !class.is_empty() {
                    write!(f, "{sep}({class})")?;
                }
            }
            Ok(())
        }
    }
}

/// The digits a step removes, ascending, joined by `/` (HoDoKu's chain steps open so).
fn write_eliminated_digits(f: &mut fmt::Formatter<'_>, step: &Step) -> fmt::Result {
    let digits: DigitSet = Digit::all()
        .filter(|&d| !step.eliminations.cells(d).is_empty())
        .collect();
    write_joined(f, digits.iter(), "/")
}

/// A chain as HoDoKu writes a step's chain: the links of an AIC or an XY-Chain between
/// the start digit (`4- `) and the end digit (` -4`), those of a continuous loop between
/// the digits that close it (`2= ... =5`), the others as they are.
fn write_chain(
    f: &mut fmt::Formatter<'_>,
    subtype: Option<Subtype>,
    links: &[Link],
) -> fmt::Result {
    let (Some(first), Some(last)) = (links.first(), links.last()) else {
        return Ok(());
    };
    match subtype.map(Subtype::shape) {
        Some(ChainShape::Open) | None => {
            write!(f, "{}- ", first.digit)?;
            write_links(f, links)?;
            write!(f, " -{}", last.digit)
        }
        Some(ChainShape::Continuous) => {
            // The digit of the link that comes back into the start cell, and of the link
            // that first leaves it.
            let start = first.node.first_cell();
            let leaving = links.iter().find(|l| l.node.first_cell() != start);
            let back = links
                .iter()
                .rev()
                .take_while(|l| l.node.first_cell() == start)
                .last();
            if let Some(back) = back {
                write!(f, "{}= ", back.digit)?;
            }
            write_links(f, links)?;
            if let Some(leaving) = leaving {
                write!(f, " ={}", leaving.digit)?;
            }
            Ok(())
        }
        Some(ChainShape::Discontinuous) => write_links(f, links),
    }
}

/// Links in HoDoKu's chain notation: `r2c4 =5= r2c9 -5- r7c9`, a strong link into an `on`
/// link, a weak one into an `off` link, each written with the digit of the link it enters;
/// a link that stays in the cell of the link before it is not written.
fn write_links(f: &mut fmt::Formatter<'_>, links: &[Link]) -> fmt::Result {
    let mut last = None;
    for (i, link) in links.iter().enumerate() {
        let cell = link.node.first_cell();
        if last == Some(cell) {
            continue;
        }
        last = Some(cell);
        if i > 0 {
            let sign = if link.on { '=' } else { '-' };
            write!(f, " {sign}{}{sign} ", link.digit)?;
        }
        write!(f, "{}", NodeText(link.node))?;
    }
    Ok(())
}

/// The branches of a forcing chain or net or a Kraken Fish step, one line each, as
/// HoDoKu's step text lists them under the step: every link's node holding (`=`) or not
/// holding (`<>`) its digit, premise first, `r1c5=1 r2c5<>1 r2c3=1`. None for other steps.
pub fn branch_texts(step: &Step, chains: &Chains) -> Vec<String> {
    if !matches!(
        step.technique.info().notation,
        Notation::Forcing | Notation::Kraken
    ) {
        return Vec::new();
    }
    chains
        .branches(step.pattern.chain)
        .map(|branch| {
            let entries: Vec<String> = branch
                .iter()
                .map(|link| {
                    let sign = if link.on { "=" } else { "<>" };
                    format!("{}{sign}{}", NodeText(link.node), link.digit)
                })
                .collect();
            entries.join(" ")
        })
        .collect()
}

/// A node as HoDoKu writes it: `r3c2`, or a group compactly, `r1c23` or `r23c1`.
struct NodeText(Node);

impl fmt::Display for NodeText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Node::Cell(cell) => write!(f, "{cell}"),
            Node::Group(cells) => {
                let first = cells.first().expect("a group has cells");
                if cells.iter().all(|c| c.row() == first.row()) {
                    write!(f, "r{}c", first.row() + 1)?;
                    cells.iter().try_for_each(|c| write!(f, "{}", c.col() + 1))
                } else {
                    f.write_str("r")?;
                    cells
                        .iter()
                        .try_for_each(|c| write!(f, "{}", c.row() + 1))?;
                    write!(f, "c{}", first.col() + 1)
                }
            }
            Node::Als(cells, digits) => write!(f, "{cells} {{{digits}}}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitset::HouseSet;
    use crate::geometry::{Cell, House};
    use crate::hodoku::catalogue::Technique;
    use crate::step::{Eliminations, Link};

    fn text(step: &Step, chains: &Chains) -> String {
        step.display(chains).to_string()
    }

    #[test]
    fn renders_the_forum_notation() {
        let none = Chains::new();
        let mut elims = Eliminations::NONE;
        elims.insert(Cell::at(0, 6), Digit::new(2));
        let pair = Step::eliminating(
            Technique::NakedPair,
            Pattern {
                digits: [Digit::new(1), Digit::new(2)].into_iter().collect(),
                cells: [Cell::at(0, 1), Cell::at(0, 4)].into_iter().collect(),
                base: HouseSet::single(House::row(0)),
                ..Pattern::default()
            },
            elims,
        );
        assert_eq!(
            text(&pair, &none),
            "Naked Pair: 1,2 in r1c2,r1c5 => r1c7<>2"
        );

        let single = Step::placing(
            Technique::HiddenSingle,
            Cell::at(7, 5),
            Digit::new(1),
            Pattern::default(),
        );
        assert_eq!(text(&single, &none), "Hidden Single: r8c6=1");

        let mut elims = Eliminations::NONE;
        elims.insert(Cell::at(4, 2), Digit::new(4));
        let xwing = Step::eliminating(
            Technique::XWing,
            Pattern {
                digits: DigitSet::single(Digit::new(4)),
                base: [House::row(1), House::row(6)].into_iter().collect(),
                cover: [House::column(2), House::column(7)].into_iter().collect(),
                ..Pattern::default()
            },
            elims,
        );
        assert_eq!(text(&xwing, &none), "X-Wing: 4 r2,r7 c3,c8 => r5c3<>4");
    }

    fn cell(r: usize, c: usize, d: u8, on: bool) -> Link {
        Link::cell(Cell::at(r - 1, c - 1), Digit::new(d), on)
    }

    #[test]
    fn renders_chains_as_hodoku_does() {
        let mut chains = Chains::new();
        // XY-Chain: r2c1 (4 off, 7 on) -7- r2c6 (7 off, 2 on) -2- r5c6 (2 off, 4 on).
        let chain = chains.push([
            cell(2, 1, 4, false),
            cell(2, 1, 7, true),
            cell(2, 6, 7, false),
            cell(2, 6, 2, true),
            cell(5, 6, 2, false),
            cell(5, 6, 4, true),
        ]);
        let mut elims = Eliminations::NONE;
        elims.insert(Cell::at(4, 0), Digit::new(4));
        let pattern = Pattern {
            chain,
            ..Pattern::default()
        };
        let xy = Step::eliminating(Technique::XyChain, pattern, elims);
        assert_eq!(
            text(&xy, &chains),
            "XY-Chain: 4 4- r2c1 -7- r2c6 -2- r5c6 -4 => r5c1<>4"
        );

        // A discontinuous nice loop back into its start cell.
        let chain = chains.push([
            cell(3, 2, 5, false),
            cell(3, 8, 5, true),
            cell(7, 8, 5, false),
            cell(7, 2, 5, true),
            cell(3, 2, 5, false),
        ]);
        let mut elims = Eliminations::NONE;
        elims.insert(Cell::at(2, 1), Digit::new(5));
        let pattern = Pattern {
            chain,
            ..Pattern::default()
        };
        let loop_ = Step::eliminating(Technique::NiceLoop, pattern, elims)
            .with_subtype(Subtype::DiscontinuousNiceLoop);
        assert_eq!(
            text(&loop_, &chains),
            "Discontinuous Nice Loop: 5 r3c2 =5= r3c8 -5- r7c8 =5= r7c2 -5- r3c2 => r3c2<>5"
        );

        // A continuous loop through a group node, written between its closing digits.
        let group: CellSet = [Cell::at(4, 0), Cell::at(4, 1)].into_iter().collect();
        let chain = chains.push([
            cell(1, 7, 3, false),
            cell(4, 7, 3, true),
            cell(4, 7, 8, false),
            Link {
                node: Node::Group(group),
                digit: Digit::new(8),
                on: true,
            },
            cell(1, 2, 8, false),
            cell(1, 7, 8, true),
        ]);
        let mut elims = Eliminations::NONE;
        elims.insert(Cell::at(8, 6), Digit::new(3));
        let pattern = Pattern {
            chain,
            ..Pattern::default()
        };
        let grouped = Step::eliminating(Technique::GroupedNiceLoop, pattern, elims)
            .with_subtype(Subtype::GroupedContinuousNiceLoop);
        assert_eq!(
            text(&grouped, &chains),
            "Grouped Continuous Nice Loop: 3 8= r1c7 =3= r4c7 =8= r5c12 -8- r1c2 =8= r1c7 =3 \
             => r9c7<>3"
        );
    }
}
