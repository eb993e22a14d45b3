//! Tests of the chaining producers on real grids of SE's path: each producer's first hint
//! as SE 1.2.1 (serate 1.2.1.3) gives it, found or not, for every kind of hint; and, for
//! every hint, that its chains follow SE's implication rules from their assumption.

use super::*;
use crate::bitset::DigitSet;
use crate::geometry::{Cell, Digit, House};
use crate::puzzle::Puzzle;

/// A grid of SE's path through a top95 puzzle (as the instrumented serate wrote it: `=d`
/// for a set cell, else the candidates), and each producer's first hint there, as SE
/// gave it: name, difficulty (the double's bits), complexity, removals (`cell:digits`
/// by cell index), placement (`cell:digit` or `-`); `None` where it gave none.
struct Case {
    path: &'static str,
    grid: &'static str,
    first: &'static [(Chainer, Option<Expected>)],
}

type Expected = (&'static str, u64, u32, &'static str, &'static str);

const CASES: &[Case] = &[
    Case {
        path: "top95 #4, step 36",
        grid: "=4,=8,=7,=3,12,12,56,=9,56,59,59,=3,=6,48,48,=2,=7,=1,=1,=2,=6,57,=9,57,=3,=8,=4,=7,34,=5,89,348,489,=1,=6,=2,69,13469,49,=2,1346,57,=8,34,57,28,1346,28,57,1346,14,57,34,=9,58,45,=1,48,=7,=6,=9,=2,=3,=3,67,89,=1,28,289,=4,=5,67,26,4679,249,49,=5,=3,67,=1,=8",
        first: &[
            (
                Chainer::Cycles,
                Some(("Forcing Chain", 0x401c666666666666, 8, "37:4", "-")),
            ),
            (Chainer::Nishio, None),
            (
                Chainer::Multiple,
                Some(("Region Forcing Chains", 0x4020333333333333, 8, "37:4", "-")),
            ),
            (
                Chainer::Dynamic,
                Some((
                    "Dynamic Cell Forcing Chains",
                    0x4021333333333333,
                    8,
                    "38:9",
                    "38:4",
                )),
            ),
            (
                Chainer::DynamicPlus,
                Some((
                    "Dynamic Double Forcing Chains (+)",
                    0x4022333333333333,
                    8,
                    "74:4",
                    "-",
                )),
            ),
        ],
    },
    Case {
        path: "top95 #5, step 31",
        grid: "59,=6,=2,=3,=1,=4,=8,59,=7,14589,=3,4589,58,6789,5679,=2,16,59,1589,=7,589,=2,689,569,=4,16,=3,4578,2458,4578,=9,24678,12567,57,=3,16,=6,589,=1,58,378,357,579,=4,=2,34579,2459,34579,14,2467,12567,579,=8,16,=2,58,578,=6,39,39,=1,57,=4,347,49,3479,14,=5,12,=6,279,=8,459,=1,=6,=7,24,=8,=3,259,59",
        first: &[
            (
                Chainer::Cycles,
                Some(("Turbot Fish", 0x401a666666666666, 6, "45:4", "-")),
            ),
            (
                Chainer::Nishio,
                Some(("Nishio Forcing Chains", 0x401e666666666666, 8, "45:4", "-")),
            ),
            (
                Chainer::Multiple,
                Some(("Region Forcing Chains", 0x4020000000000000, 6, "45:4", "-")),
            ),
        ],
    },
    Case {
        path: "top95 #69, step 76",
        grid: "15,=3,1568,267,12,=9,267,=4,68,=9,68,=2,68,37,=4,=5,37,=1,14,=7,48,236,=5,168,23,=9,268,12,18,=3,458,=9,=7,46,125,456,1257,=4,1578,35,=6,58,239,12,579,=6,=9,57,=1,234,23,=8,37,457,=3,=2,69,467,47,56,=1,=8,579,=8,=5,147,=9,123,13,47,=6,24,47,16,679,2567,=8,126,49,25,=3",
        first: &[
            (
                Chainer::Cycles,
                Some(("Bidirectional X-Cycle", 0x401a000000000000, 6, "57:7", "-")),
            ),
            (
                Chainer::Nishio,
                Some(("Nishio Forcing Chains", 0x401e666666666666, 7, "57:7", "-")),
            ),
            (
                Chainer::Multiple,
                Some(("Region Forcing Chains", 0x4020000000000000, 6, "57:7", "-")),
            ),
        ],
    },
    Case {
        path: "top95 #14, step 46",
        grid: "=3,=5,=6,18,=7,18,=2,=9,=4,29,=7,29,36,=4,36,=8,=5,=1,=8,=4,=1,=9,=5,=2,=7,=3,=6,26,=1,23,=4,36,=5,=9,=8,=7,=7,39,=4,38,=1,389,=6,=2,=5,569,89,58,=2,69,=7,=4,=1,=3,19,=2,3789,167,39,169,=5,=4,89,1459,69,579,17,=8,149,=3,67,=2,49,368,789,=5,=2,349,=1,67,89",
        first: &[
            (
                Chainer::Cycles,
                Some((
                    "Bidirectional Y-Cycle",
                    0x401b333333333333,
                    12,
                    "41:3 46:9 57:1 65:7",
                    "-",
                )),
            ),
            (Chainer::Nishio, None),
            (
                Chainer::Multiple,
                Some(("Region Forcing Chains", 0x4020333333333333, 8, "56:7", "-")),
            ),
        ],
    },
    Case {
        path: "top95 #31, step 37",
        grid: "=3,=8,=5,=6,27,=1,247,2479,479,=1,67,=9,=5,278,=4,368,27,368,47,=2,46,789,=3,89,=5,=1,68,4678,679,12468,237,6789,=5,23478,2479,134789,59,=3,248,278,=1,28,2478,=6,59,678,5679,1268,=4,6789,2368,2378,2579,135789,29,=1,=7,239,=5,239,46,=8,46,28,=4,=3,=1,68,268,=9,57,57,5689,59,68,89,=4,=7,=1,=3,=2",
        first: &[
            (
                Chainer::Cycles,
                Some((
                    "Bidirectional Cycle",
                    0x401c666666666666,
                    8,
                    "29:4 30:7",
                    "-",
                )),
            ),
            (Chainer::Nishio, None),
            (
                Chainer::Multiple,
                Some(("Region Forcing Chains", 0x4020333333333333, 8, "27:6", "-")),
            ),
        ],
    },
    Case {
        path: "top95 #7, step 17",
        grid: "=6,4789,=2,14789,=5,479,1389,179,39,1789,5789,15789,1789,169,=3,1689,=4,=2,13789,4789,134789,14789,1469,=2,1689,15679,569,=4,=3,5679,1579,=2,=8,169,1569,569,789,=1,56789,34579,349,45679,=2,3569,48,289,25689,5689,13459,1349,4569,=7,13569,48,=5,4689,134689,=2,=7,149,3469,69,369,279,24679,4679,3459,349,459,4569,=8,=1,139,49,1349,=6,=8,1459,3459,=2,=7",
        first: &[
            (
                Chainer::Cycles,
                Some(("Forcing X-Chain", 0x401acccccccccccc, 8, "20:7", "-")),
            ),
            (
                Chainer::Nishio,
                Some(("Nishio Forcing Chains", 0x401ecccccccccccd, 9, "20:7", "-")),
            ),
            (
                Chainer::Multiple,
                Some(("Region Forcing Chains", 0x4020333333333333, 8, "20:7", "-")),
            ),
        ],
    },
    Case {
        path: "top95 #20, step 15",
        grid: "25,1267,=8,=4,257,2569,1269,=3,19,245,1267,147,=3,257,2569,12689,1689,189,=9,236,23,268,28,=1,=5,=7,=4,=7,=9,256,1256,1245,=8,136,146,13,238,238,236,126,1234,=7,169,1469,=5,=1,=4,356,=9,35,356,78,=2,78,348,1378,=9,1578,=6,345,1378,18,=2,=6,=5,17,1278,1238,23,=4,189,13789,2348,12378,147,178,=9,34,1378,=5,=6",
        first: &[
            (Chainer::Cycles, None),
            (Chainer::Nishio, None),
            (
                Chainer::Multiple,
                Some(("Cell Forcing Chains", 0x402099999999999a, 12, "67:3", "-")),
            ),
            (
                Chainer::Dynamic,
                Some((
                    "Dynamic Cell Forcing Chains",
                    0x402199999999999a,
                    12,
                    "67:3",
                    "-",
                )),
            ),
        ],
    },
    Case {
        path: "top95 #12, step 16",
        grid: "3478,=6,3478,=5,28,=1,478,=9,24,=1,=2,78,46,=9,46,78,=5,=3,=9,=5,48,23,238,=7,1468,12468,1246,2356,=4,2359,=8,136,239,16,=7,126,367,39,2379,12349,1346,2349,=5,1246,=8,26,=8,=1,=7,246,=5,469,=3,2469,348,139,3489,13469,=5,3469,=2,1468,=7,23458,139,23589,123469,=7,23469,134689,1468,14569,2345,=7,=6,12349,1234,=8,1349,14,1459",
        first: &[
            (Chainer::Cycles, None),
            (Chainer::Nishio, None),
            (Chainer::Multiple, None),
            (
                Chainer::Dynamic,
                Some((
                    "Dynamic Contradiction Forcing Chains",
                    0x4021cccccccccccd,
                    16,
                    "65:3",
                    "-",
                )),
            ),
            (
                Chainer::DynamicPlus,
                Some((
                    "Dynamic Double Forcing Chains (+)",
                    0x4022666666666666,
                    9,
                    "65:3",
                    "-",
                )),
            ),
        ],
    },
    Case {
        path: "top95 #35, step 21",
        grid: "57,24,=8,=3,=9,24,=1,67,567,139,=6,179,=5,1478,148,4789,=2,38,139,1249,2579,248,1278,=6,45789,349,358,689,=3,269,=1,2468,=7,468,=5,268,1568,128,57,2468,=3,2458,4678,146,=9,1567,128,=4,2689,2568,589,=3,167,1268,4689,=5,1369,4689,1468,1489,=2,13679,1367,1469,=7,169,2469,12456,=3,569,=8,156,=2,189,1369,=7,1568,1589,56,1369,=4",
        first: &[
            (Chainer::Cycles, None),
            (Chainer::Nishio, None),
            (Chainer::Multiple, None),
            (
                Chainer::Dynamic,
                Some((
                    "Dynamic Double Forcing Chains",
                    0x4021cccccccccccd,
                    18,
                    "42:8",
                    "-",
                )),
            ),
            (
                Chainer::DynamicPlus,
                Some((
                    "Dynamic Double Forcing Chains (+)",
                    0x4022333333333333,
                    8,
                    "73:1",
                    "-",
                )),
            ),
        ],
    },
    Case {
        path: "top95 #7, step 18",
        grid: "=6,4789,=2,14789,=5,479,1389,179,39,1789,5789,15789,1789,169,=3,1689,=4,=2,13789,4789,13489,14789,1469,=2,1689,15679,569,=4,=3,5679,1579,=2,=8,169,1569,569,789,=1,56789,34579,349,45679,=2,3569,48,289,25689,5689,13459,1349,4569,=7,13569,48,=5,4689,134689,=2,=7,149,3469,69,369,279,24679,4679,3459,349,459,4569,=8,=1,139,49,1349,=6,=8,1459,3459,=2,=7",
        first: &[
            (Chainer::Cycles, None),
            (Chainer::Nishio, None),
            (
                Chainer::Multiple,
                Some(("Region Forcing Chains", 0x4021000000000000, 22, "46:6", "-")),
            ),
            (
                Chainer::Dynamic,
                Some((
                    "Dynamic Region Forcing Chains",
                    0x4022000000000000,
                    20,
                    "64:4",
                    "-",
                )),
            ),
            (
                Chainer::DynamicPlus,
                Some((
                    "Dynamic Region Forcing Chains (+)",
                    0x402299999999999a,
                    14,
                    "56:6",
                    "-",
                )),
            ),
        ],
    },
    Case {
        path: "top95 #8, step 24",
        grid: "69,=5,=2,=4,=8,=1,79,3679,367,489,346,348,69,=7,569,=1,24569,24568,4689,17,17,=3,=2,569,4589,4569,4568,456,1467,1457,=8,1469,=2,4579,134579,13457,=3,124,1458,17,149,47,=6,12459,12458,2468,=9,1478,=5,146,=3,2478,1247,12478,=1,248,=6,79,=3,4789,2457,2457,2457,245,234,345,167,14,46,2347,=8,=9,=7,348,=9,=2,=5,48,34,16,16",
        first: &[
            (
                Chainer::Cycles,
                Some(("Forcing Chain", 0x401ccccccccccccd, 10, "10:6", "-")),
            ),
            (Chainer::Nishio, None),
            (
                Chainer::Multiple,
                Some(("Region Forcing Chains", 0x4020666666666666, 10, "49:1", "-")),
            ),
            (
                Chainer::Dynamic,
                Some((
                    "Dynamic Cell Forcing Chains",
                    0x4021666666666666,
                    10,
                    "10:6",
                    "-",
                )),
            ),
            (
                Chainer::DynamicPlus,
                Some((
                    "Dynamic Cell Forcing Chains (+)",
                    0x4022666666666666,
                    9,
                    "66:7",
                    "-",
                )),
            ),
        ],
    },
    Case {
        path: "top95 #69, step 14",
        grid: "159,136,15689,23678,12379,1289,23567,=4,25678,59,368,=2,3678,379,=4,3567,3578,=1,14,=7,1468,2368,=5,12368,236,=9,268,125,18,=3,2458,249,=7,4569,125,4569,1257,=4,1578,2358,=6,3589,23579,12357,2579,=6,=9,57,=1,234,235,=8,237,2457,=3,=2,4679,4567,47,56,=1,58,45789,=8,=5,147,=9,123,13,247,=6,247,1479,16,14679,24567,=8,1256,24579,257,=3",
        first: &[
            (Chainer::Cycles, None),
            (Chainer::Nishio, None),
            (Chainer::Multiple, None),
            (
                Chainer::Dynamic,
                Some((
                    "Dynamic Region Forcing Chains",
                    0x4022666666666666,
                    40,
                    "53:2",
                    "-",
                )),
            ),
            (
                Chainer::DynamicPlus,
                Some((
                    "Dynamic Contradiction Forcing Chains (+)",
                    0x4023333333333333,
                    32,
                    "31:2",
                    "-",
                )),
            ),
        ],
    },
];

fn grid_of(text: &str) -> Candidates {
    let fields: Vec<&str> = text.split(',').collect();
    let mut values = [0u8; 81];
    for (i, f) in fields.iter().enumerate() {
        if let Some(v) = f.strip_prefix('=') {
            values[i] = v.parse().unwrap();
        }
    }
    let mut grid = Candidates::from_puzzle(&Puzzle::from_values(values).unwrap());
    for (i, f) in fields.iter().enumerate() {
        if !f.starts_with('=') {
            for digit in Digit::all() {
                if !f.contains(char::from(b'0' + digit.get())) {
                    grid.eliminate(Cell::from_index(i), digit);
                }
            }
        }
    }
    grid
}

/// Removals as SE's dump writes them.
fn removals_text(removals: &[(Cell, Digit)]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for &(cell, digit) in removals {
        let d = char::from(b'0' + digit.get());
        match parts.last_mut() {
            Some(last) if last.starts_with(&format!("{}:", cell.index())) => last.push(d),
            _ => parts.push(format!("{}:{d}", cell.index())),
        }
    }
    parts.join(" ")
}

fn placement_text(placement: Option<(Cell, Digit)>) -> String {
    placement.map_or("-".into(), |(c, d)| format!("{}:{}", c.index(), d.get()))
}

#[test]
fn first_hints_are_se_s() {
    let mut scratch = ChainingScratch::default();
    for case in CASES {
        let grid = grid_of(case.grid);
        for &(chainer, expected) in case.first {
            let hint = first_hint(&grid, chainer, &mut scratch);
            let got = hint.as_ref().map(|h| {
                (
                    h.name,
                    h.difficulty.0.to_bits(),
                    h.complexity,
                    removals_text(&h.removals),
                    placement_text(h.placement),
                )
            });
            let want = expected.map(|(n, d, c, r, p)| (n, d, c, r.to_string(), p.to_string()));
            assert_eq!(got, want, "{chainer:?} on {}", case.path);
        }
    }
}

#[test]
fn the_cases_cover_every_kind_found_and_not_found() {
    let mut names: Vec<&str> = CASES
        .iter()
        .flat_map(|c| c.first.iter().filter_map(|(_, e)| e.map(|e| e.0)))
        .collect();
    names.sort();
    names.dedup();
    for name in [
        "Bidirectional X-Cycle",
        "Bidirectional Y-Cycle",
        "Bidirectional Cycle",
        "Forcing X-Chain",
        "Turbot Fish",
        "Forcing Chain",
        "Nishio Forcing Chains",
        "Cell Forcing Chains",
        "Region Forcing Chains",
        "Dynamic Contradiction Forcing Chains",
        "Dynamic Double Forcing Chains",
        "Dynamic Cell Forcing Chains",
        "Dynamic Region Forcing Chains",
        "Dynamic Contradiction Forcing Chains (+)",
        "Dynamic Double Forcing Chains (+)",
        "Dynamic Cell Forcing Chains (+)",
        "Dynamic Region Forcing Chains (+)",
    ] {
        assert!(names.contains(&name), "no case of {name}");
    }
    for chainer in [Chainer::Cycles, Chainer::Nishio, Chainer::Multiple] {
        let none = CASES
            .iter()
            .any(|c| c.first.iter().any(|&(ch, e)| ch == chainer && e.is_none()));
        assert!(none, "no grid without a hint of {chainer:?}");
    }
}

/// Whether `imp` follows from `parents` by one of SE's rules on `grid`: "on" implies
/// "off" for the cell's other digits and the digit's other places in the houses; "off"
/// implies "on" where the parents leave the cell one digit, or a house one place for the
/// digit (the first parent and the others, in dynamic chains, taken off together).
fn follows(grid: &Candidates, imp: &Implication, parents: &[&Implication]) -> bool {
    let (cell, digit) = (imp.cell, imp.digit);
    if !imp.on {
        if let [parent] = parents
            && parent.on
        {
            return (parent.cell == cell && parent.digit != digit)
                || (parent.digit == digit && parent.cell != cell && parent.cell.sees(cell));
        }
        // SE's basic rules inside Dynamic (+) chains: the parents are all "off".
        return parents.iter().all(|p| !p.on);
    }
    if parents.is_empty() || parents.iter().any(|p| p.on) {
        return false;
    }
    let gone = |c: Cell, d: Digit| parents.iter().any(|p| p.cell == c && p.digit == d);
    let left_in_cell: DigitSet = grid
        .candidates(cell)
        .iter()
        .filter(|&d| !gone(cell, d))
        .collect();
    if left_in_cell == DigitSet::single(digit) {
        return true;
    }
    cell.houses().into_iter().any(|house: House| {
        let places: Vec<Cell> = house
            .cells()
            .iter()
            .copied()
            .filter(|&c| grid.has(c, digit) && !gone(c, digit))
            .collect();
        places == [cell]
    })
}

#[test]
fn every_chain_follows_se_s_rules_from_its_assumption() {
    let mut scratch = ChainingScratch::default();
    for case in CASES {
        let grid = grid_of(case.grid);
        for &(chainer, _) in case.first {
            let Some(hint) = first_hint(&grid, chainer, &mut scratch) else {
                continue;
            };
            for chain in &hint.chains {
                let imps = &chain.implications;
                for imp in imps {
                    if imp.parents.is_empty() {
                        continue;
                    }
                    let parents: Vec<&Implication> =
                        imp.parents.iter().map(|&k| &imps[usize::from(k)]).collect();
                    assert!(
                        follows(&grid, imp, &parents),
                        "{chainer:?} on {}: {imp:?} does not follow from {parents:?}",
                        case.path
                    );
                }
                let assumptions = imps.iter().filter(|i| i.parents.is_empty()).count();
                assert_eq!(assumptions, 1, "one assumption per chain");
            }
            let complexity: usize = hint.chains.iter().map(|c| c.implications.len()).sum();
            if !matches!(
                hint.kind,
                ChainKind::XCycle | ChainKind::YCycle | ChainKind::XyCycle
            ) {
                // A chain lists each potential once; a cycle lists its source twice.
                assert_eq!(
                    complexity as u32, hint.complexity,
                    "{chainer:?} on {}",
                    case.path
                );
            }
        }
    }
}
