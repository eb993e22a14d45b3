//! Puzzles in and solutions out: parsing the one-line and the 9-line grid formats into a
//! [`Puzzle`] of givens, with typed errors that say what is wrong and where, and the
//! [`Solution`] type the brute-force oracle returns.
//!
//! Parsing rejects clashing givens (the same digit twice in a house), so a `Puzzle` is
//! always a consistent set of givens. Whether it has one solution is the oracle's question.

use crate::bitset::DigitSet;
use crate::geometry::{Cell, Digit, House};
use crate::visible;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a text is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("empty line: no cells")]
    Empty,
    #[error(
        "no cells before {} at position {position}: a puzzle line starts with its 81 cells",
        visible::name(*character)
    )]
    NoCellsBefore { position: usize, character: char },
    /// Nine cells is one row of the 9-line grid layout, which only `explain` reads: said so.
    #[error(
        "too short: {}, a puzzle has 81{}",
        cells(*found),
        if *found == 9 {
            " (a row of a 9-line grid? a puzzle file has one puzzle a line)"
        } else {
            ""
        }
    )]
    TooShort { found: usize },
    #[error("too long: {found} cells, a puzzle has 81")]
    TooLong { found: usize },
    #[error("{} at position {position}", visible::bad_character(*character))]
    BadCharacter { position: usize, character: char },
    /// A character that is neither a cell nor decoration in the 9-line grid layout; `line`
    /// is the 1-based line of the text, `column` the 1-based character within it.
    #[error("{} at line {line}, column {column}", visible::bad_character(*character))]
    BadGridCharacter {
        line: usize,
        column: usize,
        character: char,
    },
    #[error("grid row {row} (line {line}) has {}, a row has 9", cells(*found))]
    BadRow {
        row: usize,
        line: usize,
        found: usize,
    },
    #[error("grid has {found} rows, a grid has 9")]
    RowCount { found: usize },
    #[error("clashing givens: {digit} at {first} and {second}, both in {house}")]
    Clash {
        digit: Digit,
        first: Cell,
        second: Cell,
        house: House,
    },
}

/// `1 cell`, `5 cells`.
fn cells(n: usize) -> String {
    match n {
        1 => "1 cell".to_string(),
        _ => format!("{n} cells"),
    }
}

/// A consistent set of givens: no digit twice in a house.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Puzzle {
    /// 0 for a blank, else the given digit.
    values: [u8; 81],
}

/// A completely filled, valid grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Solution {
    values: [u8; 81],
}

/// Characters that stand for a blank cell in the one-line format.
fn is_line_blank(ch: char) -> bool {
    matches!(ch, '.' | '0' | '-' | '_' | 'x' | 'X')
}

/// Characters that end the 81 cells of a line; what follows is ignored.
fn is_line_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '#' | ',' | ';' | '|')
}

impl Puzzle {
    /// Parses a puzzle written on one line: 81 cells, digits 1-9 for givens and one of
    /// `.0-_x` for blanks. Anything after the 81 cells must be set off by whitespace, `#`,
    /// `,`, `;` or `|`, and is ignored. Leading whitespace is skipped.
    pub fn parse_line(line: &str) -> Result<Puzzle, ParseError> {
        let mut values = [0u8; 81];
        let mut found = 0usize;
        let mut started = false;
        for (index, ch) in line.chars().enumerate() {
            let cell = match ch {
                '1'..='9' => Some(ch as u8 - b'0'),
                _ if is_line_blank(ch) => Some(0),
                _ => None,
            };
            match cell {
                Some(value) => {
                    started = true;
                    if found < 81 {
                        values[found] = value;
                    }
                    found += 1;
                }
                None if !started && ch.is_whitespace() => {}
                None if !started && is_line_separator(ch) => {
                    return Err(ParseError::NoCellsBefore {
                        position: index + 1,
                        character: ch,
                    });
                }
                None if is_line_separator(ch) => break,
                None => {
                    return Err(ParseError::BadCharacter {
                        position: index + 1,
                        character: ch,
                    });
                }
            }
        }
        match found {
            0 => Err(ParseError::Empty),
            81 => Puzzle::from_values(values),
            n if n < 81 => Err(ParseError::TooShort { found: n }),
            n => Err(ParseError::TooLong { found: n }),
        }
    }

    /// Parses the 9-line grid layout: one row per line, cells as digits or one of `.0_x`
    /// for blanks, with `|`, `-`, `+` and spaces as decoration. Lines holding only
    /// decoration (`------+-------+------`) and blank lines are skipped.
    pub fn parse_grid(text: &str) -> Result<Puzzle, ParseError> {
        let mut values = [0u8; 81];
        let mut row = 0usize;
        for (line_index, line) in text.lines().enumerate() {
            let mut found = 0usize;
            for (index, ch) in line.chars().enumerate() {
                let value = match ch {
                    '1'..='9' => ch as u8 - b'0',
                    '.' | '0' | '_' | 'x' | 'X' => 0,
                    '|' | '-' | '+' => continue,
                    _ if ch.is_whitespace() => continue,
                    _ => {
                        return Err(ParseError::BadGridCharacter {
                            line: line_index + 1,
                            column: index + 1,
                            character: ch,
                        });
                    }
                };
                if row < 9 && found < 9 {
                    values[row * 9 + found] = value;
                }
                found += 1;
            }
            if found == 0 {
                continue;
            }
            if found != 9 {
                return Err(ParseError::BadRow {
                    row: row + 1,
                    line: line_index + 1,
                    found,
                });
            }
            row += 1;
        }
        if row != 9 {
            return Err(ParseError::RowCount { found: row });
        }
        Puzzle::from_values(values)
    }

    /// Parses either format: one non-blank line is the one-line format, more is a grid.
    pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        match (lines.next(), lines.next()) {
            (Some(line), None) => Puzzle::parse_line(line),
            (None, _) => Err(ParseError::Empty),
            _ => Puzzle::parse_grid(text),
        }
    }

    /// A puzzle from 81 values (0 for blank, 1-9 for givens), rejecting clashes.
    /// Values above 9 are a programming error and panic.
    pub fn from_values(values: [u8; 81]) -> Result<Puzzle, ParseError> {
        assert!(values.iter().all(|&v| v <= 9), "cell values are 0-9");
        let puzzle = Puzzle { values };
        match puzzle.find_clash() {
            Some(clash) => Err(clash),
            None => Ok(puzzle),
        }
    }

    /// The first clash in house order, as a [`ParseError::Clash`].
    fn find_clash(&self) -> Option<ParseError> {
        // Every puzzle line is checked, so the common case is one pass over the givens
        // with a digit mask per house; only a clash is then located in house order.
        let mut seen = [0u16; 27];
        let mut clashing = false;
        for cell in Cell::all() {
            if let Some(digit) = self.given(cell) {
                let bit = DigitSet::single(digit).bits();
                for house in cell.houses() {
                    clashing |= seen[house.index()] & bit != 0;
                    seen[house.index()] |= bit;
                }
            }
        }
        if clashing { self.first_clash() } else { None }
    }

    /// The first digit held twice in a house, houses and cells in order.
    fn first_clash(&self) -> Option<ParseError> {
        for house in House::all() {
            let mut seen = 0u16;
            for &cell in house.cells() {
                let Some(digit) = self.given(cell) else {
                    continue;
                };
                let bit = 1 << digit.index();
                if seen & bit != 0 {
                    let first = house
                        .cells()
                        .iter()
                        .copied()
                        .find(|&c| self.given(c) == Some(digit))
                        .expect("the digit was seen earlier in the house");
                    return Some(ParseError::Clash {
                        digit,
                        first,
                        second: cell,
                        house,
                    });
                }
                seen |= bit;
            }
        }
        None
    }

    /// The given in `cell`, if any.
    #[inline]
    pub fn given(&self, cell: Cell) -> Option<Digit> {
        match self.values[cell.index()] {
            0 => None,
            v => Some(Digit::new(v)),
        }
    }

    /// How many cells are given.
    pub fn given_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// The raw values, 0 for blanks.
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }
}

impl FromStr for Puzzle {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Puzzle::parse(s)
    }
}

impl fmt::Display for Puzzle {
    /// The normalised one-line form: digits and `.` for blanks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.values.map(|v| if v == 0 { b'.' } else { b'0' + v });
        f.write_str(std::str::from_utf8(&text).expect("ASCII digits and dots"))
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Puzzle({self})")
    }
}

impl Solution {
    /// A solution from 81 values 1-9; `None` unless every house holds each digit once.
    pub fn from_values(values: [u8; 81]) -> Option<Solution> {
        let valid = House::all().all(|house| {
            let mask = house
                .cells()
                .iter()
                .fold(0u16, |m, c| m | 1 << values[c.index()]);
            mask == 0b11_1111_1110
        });
        valid.then_some(Solution { values })
    }

    /// A solution the caller has built valid (the oracle's filled boards): checked in debug
    /// builds only, as every puzzle line of a run gets one.
    pub(crate) fn from_valid_values(values: [u8; 81]) -> Solution {
        debug_assert!(Solution::from_values(values).is_some(), "not a valid grid");
        Solution { values }
    }

    /// The digit in `cell`.
    #[inline]
    pub fn get(&self, cell: Cell) -> Digit {
        Digit::new(self.values[cell.index()])
    }

    /// Whether this solution agrees with every given of `puzzle`.
    pub fn fits(&self, puzzle: &Puzzle) -> bool {
        Cell::all().all(|c| puzzle.given(c).is_none_or(|d| d == self.get(c)))
    }

    /// The raw values, 1-9.
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.values.map(|v| b'0' + v);
        f.write_str(std::str::from_utf8(&text).expect("ASCII digits"))
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Solution({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOG_VERY_EASY: &str =
        ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";

    #[test]
    fn parses_a_line_with_every_blank_style_and_trailing_comment() {
        let p = Puzzle::parse_line(BLOG_VERY_EASY).unwrap();
        assert_eq!(p.to_string(), BLOG_VERY_EASY);
        assert_eq!(p.given(Cell::at(0, 1)), Some(Digit::new(7)));
        assert_eq!(p.given(Cell::at(0, 0)), None);
        let zeros = BLOG_VERY_EASY.replace('.', "0");
        assert_eq!(Puzzle::parse_line(&zeros).unwrap(), p);
        for blank in ["-", "_", "x"] {
            let alt = BLOG_VERY_EASY.replace('.', blank);
            assert_eq!(Puzzle::parse_line(&alt).unwrap(), p);
        }
        for sep in [" ", "\t", "#", ",", ";", "|"] {
            let line = format!("  {BLOG_VERY_EASY}{sep}rating 1.2 # whatever");
            assert_eq!(Puzzle::parse_line(&line).unwrap(), p, "separator {sep:?}");
        }
        assert_eq!(
            p.given_count(),
            BLOG_VERY_EASY
                .bytes()
                .filter(|b| b.is_ascii_digit())
                .count()
        );
    }

    #[test]
    fn counts_read_in_good_english_and_a_grid_row_is_named_as_such() {
        let one = Puzzle::parse_line("5").unwrap_err().to_string();
        assert_eq!(one, "too short: 1 cell, a puzzle has 81");
        let row = Puzzle::parse_line("4.....8.5").unwrap_err().to_string();
        assert!(
            row.starts_with("too short: 9 cells, a puzzle has 81 (a row of a 9-line grid?"),
            "{row}"
        );
        let ten = Puzzle::parse_line("4.....8.51").unwrap_err().to_string();
        assert_eq!(ten, "too short: 10 cells, a puzzle has 81");
    }

    #[test]
    fn reports_short_long_and_bad_lines_with_position() {
        assert_eq!(
            Puzzle::parse_line(&BLOG_VERY_EASY[..80]),
            Err(ParseError::TooShort { found: 80 })
        );
        assert_eq!(
            Puzzle::parse_line(&format!("{BLOG_VERY_EASY}5")),
            Err(ParseError::TooLong { found: 82 })
        );
        let mut bad = BLOG_VERY_EASY.to_string();
        bad.replace_range(9..10, "a");
        assert_eq!(
            Puzzle::parse_line(&bad),
            Err(ParseError::BadCharacter {
                position: 10,
                character: 'a'
            })
        );
        assert_eq!(
            Puzzle::parse_line(&format!("{BLOG_VERY_EASY}z")),
            Err(ParseError::BadCharacter {
                position: 82,
                character: 'z'
            })
        );
        assert_eq!(Puzzle::parse_line("   "), Err(ParseError::Empty));
        // A separator before any cell: no cells, but not an empty line.
        for (line, position, character) in
            [("; 1234", 1, ';'), ("| x", 1, '|'), (" # note", 2, '#')]
        {
            assert_eq!(
                Puzzle::parse_line(line),
                Err(ParseError::NoCellsBefore {
                    position,
                    character
                }),
                "{line}"
            );
        }
    }

    #[test]
    fn reports_clashing_givens_with_both_cells_and_the_house() {
        // Two 7s in row 1.
        let mut line = BLOG_VERY_EASY.to_string();
        line.replace_range(0..1, "7");
        let err = Puzzle::parse_line(&line).unwrap_err();
        assert_eq!(
            err,
            ParseError::Clash {
                digit: Digit::new(7),
                first: Cell::at(0, 0),
                second: Cell::at(0, 1),
                house: House::row(0)
            }
        );
        assert_eq!(
            err.to_string(),
            "clashing givens: 7 at r1c1 and r1c2, both in r1"
        );
        // Column and box clashes, on an otherwise empty grid (rows are checked first).
        let with_two_fives = |a: Cell, b: Cell| {
            let mut values = [0u8; 81];
            values[a.index()] = 5;
            values[b.index()] = 5;
            Puzzle::from_values(values)
        };
        assert!(matches!(
            with_two_fives(Cell::at(0, 8), Cell::at(8, 8)),
            Err(ParseError::Clash { house, .. }) if house == House::column(8)
        ));
        assert!(matches!(
            with_two_fives(Cell::at(0, 0), Cell::at(2, 2)),
            Err(ParseError::Clash { house, .. }) if house == House::box_(0)
        ));
        assert!(with_two_fives(Cell::at(0, 0), Cell::at(4, 4)).is_ok());
    }

    #[test]
    fn parses_the_nine_line_grid_layout() {
        let grid = "\
.7.|2.8|.31
48.|3.7|...
9.3|..4|758
---+---+---
.46|87.|..3
89.|.3.|56.
..7|92.|81.
---+---+---
754|.12|...
...|7.3|145
3.8|.4.|2.6
";
        assert_eq!(
            Puzzle::parse_grid(grid).unwrap().to_string(),
            BLOG_VERY_EASY
        );
        assert_eq!(Puzzle::parse(grid).unwrap().to_string(), BLOG_VERY_EASY);
        let spaced = grid.replace('|', " | ").replace('.', "0 ");
        assert_eq!(Puzzle::parse(&spaced).unwrap().to_string(), BLOG_VERY_EASY);
        let short_row = grid.replacen(".7.|", ".7|", 1);
        assert_eq!(
            Puzzle::parse_grid(&short_row),
            Err(ParseError::BadRow {
                row: 1,
                line: 1,
                found: 8
            })
        );
        let eight_rows: String = grid.lines().skip(1).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            Puzzle::parse_grid(&eight_rows),
            Err(ParseError::RowCount { found: 8 })
        );
    }

    #[test]
    fn every_blank_character_may_mix_in_one_line() {
        // The blanks of the blog's puzzle written with each blank character in turn.
        let blanks = ['.', '0', '-', '_', 'x'];
        let mixed: String = BLOG_VERY_EASY
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                if ch == '.' {
                    blanks[i % blanks.len()]
                } else {
                    ch
                }
            })
            .collect();
        assert!(blanks.iter().all(|&b| mixed.contains(b)), "{mixed}");
        assert_eq!(
            Puzzle::parse_line(&mixed).unwrap().to_string(),
            BLOG_VERY_EASY
        );
        // A separator ends the cells: before the 81st cell, the line is short.
        assert_eq!(
            Puzzle::parse_line(&format!(
                "{} # {}",
                &BLOG_VERY_EASY[..40],
                &BLOG_VERY_EASY[40..]
            )),
            Err(ParseError::TooShort { found: 40 })
        );
        // Text glued to the 81st cell with no separator is not ignored.
        assert_eq!(
            Puzzle::parse_line(&format!("{BLOG_VERY_EASY}abc")),
            Err(ParseError::BadCharacter {
                position: 82,
                character: 'a'
            })
        );
        assert_eq!(
            Puzzle::parse_line("# only a comment"),
            Err(ParseError::NoCellsBefore {
                position: 1,
                character: '#'
            })
        );
    }

    #[test]
    fn grid_layout_skips_rules_and_blank_lines_and_takes_every_grid_blank() {
        let rows = BLOG_VERY_EASY
            .as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap().to_string());
        let mut text = String::from("\n+-------+-------+-------+\n");
        for (r, row) in rows.enumerate() {
            // Each row with a different blank character, boxes set off by `|`.
            let blank = ['.', '0', '_', 'x'][r % 4];
            let row = row.replace('.', &blank.to_string());
            text += &format!("| {} | {} | {} |\n", &row[..3], &row[3..6], &row[6..]);
            if r % 3 == 2 {
                text += "+-------+-------+-------+\n\n";
            }
        }
        assert_eq!(
            Puzzle::parse_grid(&text).unwrap().to_string(),
            BLOG_VERY_EASY
        );
        assert_eq!(Puzzle::parse(&text).unwrap().to_string(), BLOG_VERY_EASY);
    }

    #[test]
    fn grid_errors_name_the_line_and_column() {
        let grid = "\
.7.|2.8|.31
48.|3.7|...
9.3|..4|758
---+---+---
.46|87.|..3
89.|.3?|56.
";
        let err = Puzzle::parse_grid(grid).unwrap_err();
        assert_eq!(
            err,
            ParseError::BadGridCharacter {
                line: 6,
                column: 7,
                character: '?'
            }
        );
        assert_eq!(err.to_string(), "bad character '?' at line 6, column 7");
        // Rows beyond the ninth are counted, not silently dropped.
        let mut ten = String::new();
        for r in 0..10 {
            ten += &BLOG_VERY_EASY[(r % 9) * 9..(r % 9) * 9 + 9];
            ten.push('\n');
        }
        assert_eq!(
            Puzzle::parse_grid(&ten),
            Err(ParseError::RowCount { found: 10 })
        );
    }

    #[test]
    fn clashes_are_found_in_the_grid_layout_and_in_boxes() {
        // Row 1 of the grid gets a second 3 in r1c1 (3 is also at r1c8).
        let grid: String = BLOG_VERY_EASY
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect::<String>()
            .replacen('.', "3", 1);
        assert_eq!(
            Puzzle::parse_grid(&grid),
            Err(ParseError::Clash {
                digit: Digit::new(3),
                first: Cell::at(0, 0),
                second: Cell::at(0, 7),
                house: House::row(0)
            })
        );
        // A box clash in a line: 9 at r1c1 and r3c1 share column 1 and box 1; in r1c3 and
        // r3c1 only the box.
        let mut line = BLOG_VERY_EASY.to_string();
        line.replace_range(2..3, "9");
        let err = Puzzle::parse_line(&line).unwrap_err();
        assert_eq!(
            err,
            ParseError::Clash {
                digit: Digit::new(9),
                first: Cell::at(0, 2),
                second: Cell::at(2, 0),
                house: House::box_(0)
            }
        );
        assert_eq!(
            err.to_string(),
            "clashing givens: 9 at r1c3 and r3c1, both in b1"
        );
    }

    #[test]
    fn solution_validation() {
        let rows = [
            "534678912",
            "672195348",
            "198342567",
            "859761423",
            "426853791",
            "713924856",
            "961537284",
            "287419635",
            "345286179",
        ];
        let mut values = [0u8; 81];
        for (i, ch) in rows.concat().bytes().enumerate() {
            values[i] = ch - b'0';
        }
        let s = Solution::from_values(values).unwrap();
        assert_eq!(s.get(Cell::at(0, 0)), Digit::new(5));
        values.swap(0, 1);
        assert!(Solution::from_values(values).is_none());
    }
}
