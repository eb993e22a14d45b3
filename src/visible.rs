//! How characters a person cannot see are shown: in messages (`a control character
//! (U+007F DEL)`, where Rust's debug form would print `'\u{7f}'`) and in the copy of a bad
//! line that a results row keeps, where a control character becomes its Unicode control
//! picture (`␀` for NUL) so that no raw control byte reaches a CSV file or a terminal.
//!
//! Tab is text, not a control to hide: it is left as it is.

use std::borrow::Cow;

/// The names of the C0 control characters, U+0000 to U+001F.
const C0_NAMES: [&str; 32] = [
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR",
    "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC",
    "FS", "GS", "RS", "US",
];

/// The first Unicode control picture, `␀` for NUL; C0 control `c` has picture `0x2400 + c`.
const CONTROL_PICTURES: u32 = 0x2400;

/// `␡`, the control picture of DEL.
const DELETE_PICTURE: char = '\u{2421}';

/// The abbreviation of a control character with one (C0 and DEL).
fn control_name(ch: char) -> Option<&'static str> {
    match ch {
        '\u{7f}' => Some("DEL"),
        _ => C0_NAMES.get(ch as usize).copied(),
    }
}

/// A character that prints as nothing (a zero-width space, a direction mark): one that
/// Rust's debug form escapes, the escapes of quotes and backslashes aside.
fn is_invisible(ch: char) -> bool {
    !matches!(ch, '\\' | '\'' | '"') && ch.escape_debug().next() == Some('\\')
}

/// The character as a message names it: `'a'`, or by its code point when it cannot be
/// seen (`U+0000 NUL`, `U+200B`).
pub fn name(ch: char) -> String {
    if ch.is_control() || is_invisible(ch) {
        let code = format!("U+{:04X}", ch as u32);
        match control_name(ch) {
            Some(name) => format!("{code} {name}"),
            None => code,
        }
    } else {
        format!("'{ch}'")
    }
}

/// A bad character as an error message says it: `bad character 'a'`, `a control character
/// (U+007F DEL)`, `an invisible character (U+200B)`.
pub fn bad_character(ch: char) -> String {
    if ch.is_control() {
        format!("a control character ({})", name(ch))
    } else if is_invisible(ch) {
        format!("an invisible character ({})", name(ch))
    } else {
        format!("bad character {}", name(ch))
    }
}

/// `text` with every control character but tab replaced by its control picture (C0 and
/// DEL) or by U+FFFD (the C1 controls, which have none).
pub fn line(text: &str) -> Cow<'_, str> {
    let hidden = |ch: char| ch.is_control() && ch != '\t';
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|ch| match ch {
                _ if !hidden(ch) => ch,
                '\u{7f}' => DELETE_PICTURE,
                '\0'..='\u{1f}' => char::from_u32(CONTROL_PICTURES + ch as u32)
                    .expect("the control pictures cover C0"),
                _ => char::REPLACEMENT_CHARACTER,
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_are_named_as_a_person_would() {
        assert_eq!(bad_character('a'), "bad character 'a'");
        assert_eq!(bad_character('\''), "bad character '''");
        assert_eq!(bad_character('\u{7f}'), "a control character (U+007F DEL)");
        assert_eq!(bad_character('\0'), "a control character (U+0000 NUL)");
        assert_eq!(bad_character('\u{1b}'), "a control character (U+001B ESC)");
        assert_eq!(bad_character('\u{85}'), "a control character (U+0085)");
        assert_eq!(bad_character('\u{200b}'), "an invisible character (U+200B)");
        assert_eq!(name('#'), "'#'");
        assert_eq!(name('\t'), "U+0009 HT");
    }

    #[test]
    fn a_line_keeps_no_control_character_but_tab() {
        assert!(matches!(line("12.3\tx"), Cow::Borrowed("12.3\tx")));
        assert_eq!(line("1\u{0}2\u{7f}3\r\u{85}\t"), "1␀2␡3␍\u{fffd}\t");
        let every: String = (0u32..0xa0).filter_map(char::from_u32).collect();
        assert!(
            line(&every)
                .chars()
                .all(|ch| !ch.is_control() || ch == '\t')
        );
    }
}
