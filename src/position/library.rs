//! HoDoKu's library lines, the format of its regression library (`reglib`) and of its
//! "Copy library" command: one position per line, in six or seven fields set off by `:`,
//!
//! ```text
//! :<technique>:<candidates>:<givens>:<deleted candidates>:<eliminations>:<placements>[:<extra>]
//! :0604:1:..8..47+25+5+62...:361 382::382::
//! ```
//!
//! `<givens>` is 81 cells (digits, `.` or `0` for blanks), a `+` before a digit marking a
//! cell placed in a solve rather than given; `<deleted candidates>` lists the candidates
//! struck out of the empty cells, each as digit, row and column (`361`: r6c1<>3), set off
//! by spaces. HoDoKu takes a one-line text with six or seven `:` for such a line
//! (`Sudoku2.setSudoku`); so does this module, for a line that starts with `:`. The other
//! fields say what HoDoKu's step does from the position; they are not read, and come back
//! as the line's rest.

use super::Position;
use crate::bitset::{CellSet, DigitSet};
use crate::geometry::{Cell, Digit};
use crate::puzzle::{ParseError, Puzzle};
use thiserror::Error;

/// Why a line that starts with `:` is not a library line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LibraryError {
    /// The line has not HoDoKu's library fields.
    #[error(
        "{found} fields; a library line has 6 or 7 \
         (:technique:candidates:givens:deleted candidates:eliminations:placements[:extra])"
    )]
    Fields {
        /// The fields found.
        found: usize,
    },
    /// The givens field is not a puzzle.
    #[error("givens (field 3): {0}")]
    Givens(ParseError),
    /// A removed candidate is not written `<digit><row><column>`.
    #[error("deleted candidate {text:?} (field 4) is not a digit, a row and a column")]
    Candidate {
        /// The text of the candidate.
        text: String,
    },
}

/// Whether `line` is meant as a library line: it starts with `:`.
pub fn is_library_line(line: &str) -> bool {
    line.trim_start().starts_with(':')
}

/// Reads a library line into its position, and the line without the position (its
/// givens and deleted-candidates fields left empty) as the rest.
pub fn parse(line: &str) -> Result<(Position, String), LibraryError> {
    let fields: Vec<&str> = line.trim().split(':').collect();
    // The line starts with `:`, so the split's first part is empty.
    if !(6..=7).contains(&(fields.len() - 1)) {
        return Err(LibraryError::Fields {
            found: fields.len() - 1,
        });
    }
    let (cells, placed) = givens(fields[3])?;
    let deleted = deleted_candidates(fields[4])?;
    let position = Position::new(cells, placed, |cell| DigitSet::ALL - deleted[cell.index()]);
    let rest = format!(":{}:{}:::{}", fields[1], fields[2], fields[5..].join(":"));
    Ok((position, rest))
}

/// The set cells of the givens field, and which of them carry a `+`.
fn givens(field: &str) -> Result<(Puzzle, CellSet), LibraryError> {
    let mut values = [0u8; 81];
    let mut placed = CellSet::EMPTY;
    let mut found = 0usize;
    let mut plus = false;
    let bad = |position: usize, character: char| {
        LibraryError::Givens(ParseError::BadCharacter {
            position,
            character,
        })
    };
    for (index, ch) in field.chars().enumerate() {
        let value = match ch {
            '+' if !plus => {
                plus = true;
                continue;
            }
            '1'..='9' => ch as u8 - b'0',
            '.' | '0' if !plus => 0,
            _ => return Err(bad(index + 1, ch)),
        };
        if found < 81 {
            values[found] = value;
            if plus {
                placed.insert(Cell::from_index(found));
            }
        }
        plus = false;
        found += 1;
    }
    match found {
        0 => Err(LibraryError::Givens(ParseError::Empty)),
        81 => Puzzle::from_values(values)
            .map(|puzzle| (puzzle, placed))
            .map_err(LibraryError::Givens),
        n if n < 81 => Err(LibraryError::Givens(ParseError::TooShort { found: n })),
        n => Err(LibraryError::Givens(ParseError::TooLong { found: n })),
    }
}

/// The candidates the deleted-candidates field strikes out, per cell.
fn deleted_candidates(field: &str) -> Result<[DigitSet; 81], LibraryError> {
    let mut deleted = [DigitSet::EMPTY; 81];
    for text in field.split_whitespace() {
        let bad = || LibraryError::Candidate {
            text: text.to_string(),
        };
        let [digit, row, column] = <[u8; 3]>::try_from(text.as_bytes()).map_err(|_| bad())?;
        if ![digit, row, column]
            .iter()
            .all(|b| (b'1'..=b'9').contains(b))
        {
            return Err(bad());
        }
        let cell = Cell::at(usize::from(row - b'1'), usize::from(column - b'1'));
        deleted[cell.index()].insert(Digit::new(digit - b'0'));
    }
    Ok(deleted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Uniqueness;

    /// Lines of HoDoKu's regression library (`reglib-1.3.txt`): a Naked Single for 8 in
    /// r2c9, and a Uniqueness Test 4 for 3 with two candidates to remove.
    const NAKED_SINGLE: &str = ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:";
    const UR4: &str = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::";

    #[test]
    fn a_library_line_is_its_givens_placed_cells_and_deleted_candidates() {
        let (position, rest) = parse(UR4).unwrap();
        assert_eq!(rest, ":0603:3:::364 365::");
        // The `+` cells are set but not given.
        let plus = UR4.split(':').nth(3).unwrap().matches('+').count();
        assert_eq!(position.placed().len() as usize, plus);
        let grid = position.grid();
        assert_eq!(grid.givens().len() as usize, position.given_count());
        assert_eq!(
            position.puzzle().given_count(),
            position.given_count() + plus
        );
        // Every deleted candidate is gone, r2c2<>2 among them.
        assert!(!grid.has(Cell::at(1, 1), Digit::new(2)));
        assert_eq!(position.removed().count(), 18);
        assert!(matches!(position.uniqueness(), Uniqueness::Unique(_)));
    }

    #[test]
    fn a_line_without_deleted_candidates_keeps_every_candidate() {
        let (position, rest) = parse(NAKED_SINGLE).unwrap();
        assert_eq!(rest, ":0003:8::::829:");
        assert_eq!(position.removed().count(), 0);
        assert!(!position.is_puzzle(), "it has placed cells");
        let r2c9 = Cell::at(1, 8);
        assert_eq!(
            position.grid().candidates(r2c9),
            DigitSet::single(Digit::new(8))
        );
    }

    #[test]
    fn the_extra_field_may_be_left_out() {
        let without = UR4.strip_suffix(':').unwrap();
        assert_eq!(parse(without).unwrap().0, parse(UR4).unwrap().0);
        assert_eq!(
            parse(&format!("{UR4}:")),
            Err(LibraryError::Fields { found: 8 })
        );
    }

    #[test]
    fn bad_library_lines_say_which_field_is_wrong() {
        let err = parse(":0003:8:6...").unwrap_err();
        assert_eq!(err, LibraryError::Fields { found: 3 });
        assert!(
            err.to_string()
                .starts_with("3 fields; a library line has 6 or 7")
        );
        let short = NAKED_SINGLE.replacen("6...+5", "6..+5", 1);
        assert_eq!(
            parse(&short),
            Err(LibraryError::Givens(ParseError::TooShort { found: 80 }))
        );
        let bad = NAKED_SINGLE.replacen("+53", "+x3", 1);
        assert_eq!(
            parse(&bad).unwrap_err().to_string(),
            "givens (field 3): bad character 'x' at position 6"
        );
        let plus_dot = NAKED_SINGLE.replacen("6..", "6+..", 1);
        assert!(matches!(
            parse(&plus_dot),
            Err(LibraryError::Givens(ParseError::BadCharacter {
                character: '.',
                ..
            }))
        ));
        let candidate = UR4.replacen("224 ", "22 ", 1);
        assert_eq!(
            parse(&candidate).unwrap_err().to_string(),
            "deleted candidate \"22\" (field 4) is not a digit, a row and a column"
        );
        assert!(is_library_line("  :0000:x:"));
        assert!(!is_library_line("..3:"));
    }
}
