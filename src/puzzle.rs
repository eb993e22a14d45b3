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
    /// Nothing but blanks.
    #[error("empty line: no cells")]
    Empty,
    /// Text that is not a cell before the first cell.
    #[error(
        "no cells before {} at position {position}: a puzzle line starts with its 81 cells",
        visible::name(*character)
    )]
    NoCellsBefore {
        /// 1-based character position.
        position: usize,
        /// The character.
        character: char,
    },
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
    TooShort {
        /// The cells found.
        found: usize,
    },
    /// More than 81 cells.
    #[error("too long: {found} cells, a puzzle has 81")]
    TooLong {
        /// How many were found.
        found: usize,
    },
    /// Cells set off from each other come in groups of one size (cell by cell, box row by
    /// box row, row by row); this group has another.
    #[error(
        "cells set off by separators come in groups of {expected}, but the one at position \
         {position} has {found}"
    )]
    UnevenGroup {
        /// 1-based character position of the group.
        position: usize,
        /// Its cells.
        found: usize,
        /// The cells of the groups before it.
        expected: usize,
    },
    /// A character that is neither a cell nor a separator.
    #[error("{} at position {position}", visible::bad_character(*character))]
    BadCharacter {
        /// 1-based character position.
        position: usize,
        /// The character.
        character: char,
    },
    /// A character that is neither a cell nor decoration in the 9-line grid layout; `line`
    /// is the 1-based line of the text, `column` the 1-based character within it.
    #[error("{} at line {line}, column {column}", visible::bad_character(*character))]
    BadGridCharacter {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        character: char,
    },
    /// A grid row without 9 cells.
    #[error("grid row {row} (line {line}) has {}, a row has 9", cells(*found))]
    BadRow {
        /// 1-based grid row.
        row: usize,
        /// 1-based line of the text.
        line: usize,
        /// Its cells.
        found: usize,
    },
    /// A grid without 9 rows.
    #[error("grid has {found} rows, a grid has 9")]
    RowCount {
        /// How many were found.
        found: usize,
    },
    /// Two givens of one digit in one house.
    #[error("clashing givens: {digit} at {first} and {second}, both in {house}")]
    Clash {
        /// The digit.
        digit: Digit,
        /// The first cell holding it.
        first: Cell,
        /// The second.
        second: Cell,
        /// The house both are in.
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

/// The value of a cell character of the one-line format: 0 for a blank.
fn line_cell(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        _ if is_line_blank(ch) => Some(0),
        _ => None,
    }
}

/// Characters that set cells off from each other, or the cells from the rest of the line.
fn is_cell_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, ',' | ';' | '|')
}

/// A run of cells with nothing between them.
#[derive(Clone, Copy)]
struct Group {
    /// The 1-based character position of its first cell.
    position: usize,
    count: usize,
    /// The byte just past its last cell.
    end: usize,
}

/// The cells of a line, read group by group into `values`.
struct LineCells<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    /// Characters read so far.
    read: usize,
    values: [u8; 81],
    found: usize,
}

impl<'a> LineCells<'a> {
    fn new(line: &'a str) -> LineCells<'a> {
        LineCells {
            chars: line.char_indices().peekable(),
            read: 0,
            values: [0; 81],
            found: 0,
        }
    }

    fn next(&mut self) -> Option<char> {
        self.read += 1;
        self.chars.next().map(|(_, ch)| ch)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, ch)| ch)
    }

    /// The first group, after leading whitespace.
    fn first_group(&mut self) -> Result<Group, ParseError> {
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
        match self.peek() {
            None => Err(ParseError::Empty),
            Some(ch) if line_cell(ch).is_some() => Ok(self.group()),
            Some(ch) => Err(if is_line_separator(ch) {
                ParseError::NoCellsBefore {
                    position: self.read + 1,
                    character: ch,
                }
            } else {
                ParseError::BadCharacter {
                    position: self.read + 1,
                    character: ch,
                }
            }),
        }
    }

    /// Reads the run of cells that starts at the next character.
    fn group(&mut self) -> Group {
        let position = self.read + 1;
        let mut count = 0;
        let mut end = 0;
        while let Some(&(at, ch)) = self.chars.peek() {
            let Some(value) = line_cell(ch) else { break };
            if self.found < 81 {
                self.values[self.found] = value;
            }
            self.found += 1;
            count += 1;
            end = at + 1;
            self.next();
        }
        Group {
            position,
            count,
            end,
        }
    }

    /// Checks that a group ends the line or is set off from what follows.
    fn set_off(&mut self) -> Result<(), ParseError> {
        match self.peek() {
            Some(ch) if !is_line_separator(ch) => Err(ParseError::BadCharacter {
                position: self.read + 1,
                character: ch,
            }),
            _ => Ok(()),
        }
    }

    /// The end of the cells when they all come in the `first` group.
    fn end_of_run(&mut self, first: Group) -> Result<usize, ParseError> {
        self.set_off()?;
        match self.found {
            81 => Ok(first.end),
            n if n < 81 => Err(ParseError::TooShort { found: n }),
            n => Err(ParseError::TooLong { found: n }),
        }
    }

    /// Whether a first group of `count` cells is followed by more groups set off by
    /// separators: `count` divides 81 and a cell follows the separators.
    fn spaced_follows(&self, count: usize) -> bool {
        let mut ahead = self.chars.clone().map(|(_, ch)| ch);
        matches!(count, 1 | 3 | 9 | 27)
            && ahead
                .next()
                .is_some_and(|ch| ch != '#' && is_cell_separator(ch))
            && ahead
                .find(|&ch| !is_cell_separator(ch))
                .is_some_and(|ch| line_cell(ch).is_some())
    }

    /// Skips separators; whether a cell follows them.
    fn skip_separators(&mut self) -> bool {
        while self.peek().is_some_and(is_cell_separator) {
            self.next();
        }
        self.peek().and_then(line_cell).is_some()
    }

    /// The end of the cells when they come in groups the size of `first`, set off by
    /// separators. What follows the 81st cell is the rest of the line, as after 81 cells
    /// in one run.
    fn spaced_groups(&mut self, first: Group) -> Result<usize, ParseError> {
        let mut end = first.end;
        while self.found < 81 {
            if !self.skip_separators() {
                return Err(ParseError::TooShort { found: self.found });
            }
            let group = self.group();
            if group.count != first.count {
                return Err(ParseError::UnevenGroup {
                    position: group.position,
                    found: group.count,
                    expected: first.count,
                });
            }
            self.set_off()?;
            end = group.end;
        }
        Ok(end)
    }
}

/// How many cells of `values` (0 for a blank) are given: [`Puzzle::given_count`] for
/// values not (yet) checked as a puzzle, such as a dig's.
pub fn count_givens(values: &[u8; 81]) -> usize {
    values.iter().filter(|&&v| v != 0).count()
}

impl Puzzle {
    /// Parses a puzzle written on one line: 81 cells, digits 1-9 for givens and one of
    /// `.0-_x` for blanks. The cells may come in one run or set off from each other by
    /// whitespace, `,`, `;` or `|` in groups of equal size (cell by cell, box row by box
    /// row, row by row: `5 3 . . 7 ...`, `53. .7. ...`, `53..7.... 6..195...`). Anything
    /// after the 81 cells must be set off by whitespace, `#`, `,`, `;` or `|`, and is
    /// ignored. Leading whitespace is skipped.
    pub fn parse_line(line: &str) -> Result<Puzzle, ParseError> {
        Puzzle::parse_line_and_rest(line).map(|(puzzle, _)| puzzle)
    }

    /// [`Puzzle::parse_line`], with what follows the cells: the rest of the line after the
    /// separators that set it off (`#` kept), trimmed (`puzzle<TAB>rating` gives `rating`).
    pub fn parse_line_and_rest(line: &str) -> Result<(Puzzle, &str), ParseError> {
        let mut cells = LineCells::new(line);
        let first = cells.first_group()?;
        let end = if first.count >= 81 || !cells.spaced_follows(first.count) {
            cells.end_of_run(first)?
        } else {
            cells.spaced_groups(first)?
        };
        let rest = line[end..]
            .trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '|'))
            .trim_end();
        Puzzle::from_values(cells.values).map(|puzzle| (puzzle, rest))
    }

    /// Parses the 9-line grid layout: one row per line, cells as digits or one of `.0_x`
    /// for blanks, with `|`, `-`, `+` and spaces as decoration. Lines holding only
    /// decoration (`------+-------+------`), borders drawn with other corners (HoDoKu's
    /// `.-----.-----.` and `:-----+-----:`: a line with `--` and no digit) and blank lines
    /// are skipped.
    pub fn parse_grid(text: &str) -> Result<Puzzle, ParseError> {
        let mut values = [0u8; 81];
        let mut row = 0usize;
        for (line_index, line) in text.lines().enumerate() {
            if line.contains("--") && !line.chars().any(|c| c.is_ascii_digit()) {
                continue;
            }
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
        count_givens(&self.values)
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

/// The normalised one-line form of 81 cell values (0 for blank, 1-9 for givens): digits,
/// and `.` for blanks, as a [`Puzzle`] displays itself.
pub fn one_line(values: &[u8; 81]) -> [u8; 81] {
    values.map(|v| if v == 0 { b'.' } else { b'0' + v })
}

impl fmt::Display for Puzzle {
    /// The normalised one-line form ([`one_line`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = one_line(&self.values);
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

    /// The blog's puzzle with `separator` after every `size` cells.
    fn spaced(size: usize, separator: &str) -> String {
        BLOG_VERY_EASY
            .as_bytes()
            .chunks(size)
            .map(|group| std::str::from_utf8(group).unwrap())
            .collect::<Vec<_>>()
            .join(separator)
    }

    #[test]
    fn cells_set_off_by_separators_in_even_groups_are_one_puzzle() {
        let p = Puzzle::parse_line(BLOG_VERY_EASY).unwrap();
        for (size, separator) in [
            (1, " "),
            (1, "  "),
            (1, ","),
            (1, "\t"),
            (3, " | "),
            (3, " "),
            (9, " "),
            (9, ";"),
            (27, " "),
        ] {
            let line = spaced(size, separator);
            assert_eq!(Puzzle::parse_line(&line), Ok(p), "{line}");
            // With a rest after the cells.
            let rated = format!("{line}\t4.5 hard");
            let (puzzle, rest) = Puzzle::parse_line_and_rest(&rated).unwrap();
            assert_eq!((puzzle, rest), (p, "4.5 hard"), "{line}");
        }
        // Rows with the boxes set off by `|` inside them: groups of three.
        let boxed = BLOG_VERY_EASY
            .as_bytes()
            .chunks(9)
            .map(|row| {
                let row = std::str::from_utf8(row).unwrap();
                format!("{}|{}|{}", &row[..3], &row[3..6], &row[6..])
            })
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(Puzzle::parse_line(&boxed), Ok(p));
    }

    #[test]
    fn spaced_cells_that_do_not_make_81_in_even_groups_are_named() {
        let cells = spaced(1, " ");
        let short = &cells[..cells.len() - 2];
        assert_eq!(
            Puzzle::parse_line(short),
            Err(ParseError::TooShort { found: 80 })
        );
        // After the 81st cell comes the rest, as after a run of 81.
        let rated = format!("{cells} 5");
        assert_eq!(
            Puzzle::parse_line_and_rest(&rated),
            Ok((Puzzle::parse_line(&cells).unwrap(), "5"))
        );
        // A group of two among single cells, at character 7.
        let uneven = cells.replacen(". 2", ".2", 1);
        let err = Puzzle::parse_line(&uneven).unwrap_err();
        assert_eq!(
            err,
            ParseError::UnevenGroup {
                position: 5,
                found: 2,
                expected: 1
            }
        );
        assert_eq!(
            err.to_string(),
            "cells set off by separators come in groups of 1, but the one at position 5 has 2"
        );
        // A comment ends the cells, spaced or not.
        let comment = format!("{} # {}", &cells[..40], &cells[41..]);
        assert_eq!(
            Puzzle::parse_line(&comment),
            Err(ParseError::TooShort { found: 20 })
        );
        // A group whose size does not divide 81 is a short puzzle, as before.
        assert_eq!(
            Puzzle::parse_line(&format!("{},3.4", &BLOG_VERY_EASY[..80])),
            Err(ParseError::TooShort { found: 80 })
        );
        // Text glued to a spaced cell is a bad character where it stands.
        let glued = cells.replacen(" 2", " 2a", 1);
        assert!(
            matches!(
                Puzzle::parse_line(&glued),
                Err(ParseError::BadCharacter { character: 'a', .. })
            ),
            "{glued}"
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
    fn hodoku_borders_with_dots_and_colons_are_skipped() {
        let rows: Vec<String> = BLOG_VERY_EASY
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let r = std::str::from_utf8(r).unwrap().replace('.', " .");
                format!("|{} |", r)
            })
            .collect();
        let text = format!(
            ".-------.-------.-------.\n{}\n:-------+-------+-------:\n{}\n:-------+-------+-------:\n{}\n'-------'-------'-------'\n",
            rows[..3].join("\n"),
            rows[3..6].join("\n"),
            rows[6..].join("\n")
        );
        assert_eq!(
            Puzzle::parse_grid(&text).unwrap().to_string(),
            BLOG_VERY_EASY
        );
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
