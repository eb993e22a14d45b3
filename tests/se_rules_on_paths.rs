//! The unique loops, BUG and Aligned Pair Exclusion on real grids: a step of SE's path
//! for each type the shared corpora meet, as serate 1.2.1.3 took it (printed by a copy of
//! serate instrumented to trace its steps: rule name, difficulty as Java prints the
//! double, removals), must be the step sudolab takes at the same point of the path.

use sudolab::puzzle::Puzzle;
use sudolab::se::rate_recording;

/// (puzzle, 1-based step, SE's name, SE's difficulty, SE's removals).
const SE_STEPS: [(&str, usize, &str, f64, &str); 11] = [
    (
        "9..1...8..7.9.3.1.8......64.8..2....5....1.7...1....42.4.716..............7.92...",
        11,
        "Unique Rectangle type 4",
        4.5,
        "r8c7-3, r8c9-3",
    ),
    (
        "3..........862..13.......45.......7.5.783....2.1.7..8..6...9......71.86......39..",
        32,
        "Unique Loop type 1",
        4.6,
        "r7c9-1, r7c9-7",
    ),
    (
        "...........89....1..6..3..4.....9..53..65.....7.13...94......3.59.3164........192",
        13,
        "Unique Rectangle type 1",
        4.5,
        "r5c8-7, r5c8-8",
    ),
    (
        "32..479.6..6........5.9..3.....7.......9.1..5..28..7.........7.6.3..4....5..26143",
        31,
        "Unique Rectangle type 3",
        4.5,
        "r4c2-8, r4c2-9",
    ),
    (
        "...1.3.9..3..9..........5...5...7..26.7....3.14.2.....8.......79..514.......2.4..",
        32,
        "Aligned Pair Exclusion",
        6.2,
        "r2c8-4",
    ),
    (
        ".9...2...6..4....3..5..628....8....4.1...........27........341...65.43.2..9.1..76",
        16,
        "Unique Rectangle type 2",
        4.5,
        "r1c1-7, r1c3-7, r2c2-7, r2c3-7, r3c4-7, r3c9-7",
    ),
    (
        "541.............45...9....3......891.........6..397.....7..........536..3.4.26..7",
        37,
        "BUG type 2",
        5.7,
        "r4c4-2, r4c6-2, r5c2-2, r5c3-2",
    ),
    (
        "8..325...7.....9.........2..9327.5.1....3.8....6............13...49.7.566........",
        45,
        "BUG type 1",
        5.6,
        "r6c5-5, r6c5-9",
    ),
    (
        ".....1.....5.4....8..72.9.5...31.........96.293.5.4..8......17.15........43......",
        35,
        "Unique Loop type 4",
        4.6,
        "r8c3-6, r9c1-6",
    ),
    (
        "7..2................15..79247........92..7..61...52...2..18..63....3...95.......1",
        27,
        "Unique Loop type 2",
        4.6,
        "r1c3-3, r5c1-3",
    ),
    (
        "002000006000000000609000004200640000000200570105097000904010007080009060001002005",
        33,
        "Unique Loop type 3",
        4.6,
        "r1c1-4",
    ),
];

#[test]
fn each_loop_bug_and_exclusion_type_is_taken_where_and_as_serate_takes_it() {
    let mut steps = Vec::new();
    for (line, step, name, difficulty, removals) in SE_STEPS {
        rate_recording(&Puzzle::parse_line(line).unwrap(), &mut steps);
        let hint = steps[step - 1];
        let mut ours: Vec<String> = hint
            .removals
            .iter()
            .map(|(c, d)| format!("{c}-{d}"))
            .collect();
        ours.sort();
        assert_eq!(hint.rule.to_string(), name, "{line} step {step}");
        assert_eq!(hint.difficulty.0, difficulty, "{line} step {step}");
        assert_eq!(ours.join(", "), removals, "{line} step {step}");
        assert_eq!(hint.placement, None);
    }
}
