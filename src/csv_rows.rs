//! CSV rows written into a byte buffer with `csv-core`, the `csv` crate's own engine, so
//! fields are quoted exactly where `csv` quotes them. The batch output writes every row
//! through it: a row is mostly small numbers (the technique counts), and csv-core straight
//! into a buffer costs a fraction of `csv`'s buffered writer a field at a time.

/// Rows of CSV in memory, with `csv`'s default dialect (comma, `\n`, quotes as needed).
#[derive(Default)]
pub struct CsvRows {
    bytes: Vec<u8>,
    writer: csv_core::Writer,
    /// Fields written in the current record.
    fields: usize,
    /// Whether the last field went in as plain digits, csv-core unaware of it.
    after_digits: bool,
    digits: itoa::Buffer,
}

impl CsvRows {
    /// A text field, quoted if it needs to be.
    pub fn text(&mut self, field: &[u8]) {
        self.delimit();
        let start = self.bytes.len();
        // The most csv-core can write for it: every byte a quote, doubled, inside quotes.
        self.bytes.resize(start + 2 + 2 * field.len(), 0);
        let (result, read, wrote) = self.writer.field(field, &mut self.bytes[start..]);
        debug_assert!(result == csv_core::WriteResult::InputEmpty && read == field.len());
        self.bytes.truncate(start + wrote);
    }

    /// A number field: its digits, which never need quoting. After a delimiter csv-core
    /// has nothing pending, so they go straight in; a record's first field goes through
    /// csv-core, which must see the record begun.
    pub fn number(&mut self, n: u64) {
        let first = self.fields == 0;
        self.delimit();
        if !first && n < 10 {
            // Most counts are one digit, most of them 0.
            self.bytes.push(b'0' + n as u8);
            self.after_digits = true;
            return;
        }
        let digits = self.digits.format(n).as_bytes();
        if !first {
            self.bytes.extend_from_slice(digits);
            self.after_digits = true;
            return;
        }
        let start = self.bytes.len();
        self.bytes.resize(start + digits.len(), 0);
        let (_, _, wrote) = self.writer.field(digits, &mut self.bytes[start..]);
        self.bytes.truncate(start + wrote);
    }

    /// Ends the current record.
    pub fn end_record(&mut self) {
        let start = self.bytes.len();
        // A terminator, after a closing quote, or an empty record's two quotes.
        self.bytes.resize(start + 4, 0);
        let (_, wrote) = self.writer.terminator(&mut self.bytes[start..]);
        self.bytes.truncate(start + wrote);
        self.fields = 0;
        self.after_digits = false;
    }

    /// The rows written since the last [`CsvRows::clear`].
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Forgets the rows written (keeping the buffer's allocation).
    pub fn clear(&mut self) {
        self.bytes.clear();
    }

    /// The delimiter before a field, after the first (closing the previous field's quote;
    /// plain digits have none).
    fn delimit(&mut self) {
        if std::mem::take(&mut self.after_digits) {
            self.bytes.push(b',');
        } else if self.fields > 0 {
            let start = self.bytes.len();
            self.bytes.resize(start + 2, 0);
            let (_, wrote) = self.writer.delimiter(&mut self.bytes[start..]);
            self.bytes.truncate(start + wrote);
        }
        self.fields += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same bytes as the `csv` crate's writer, for awkward text and numbers alike.
    #[test]
    fn writes_what_the_csv_crate_writes() {
        let rows: [&[&str]; 6] = [
            &[
                "plain",
                "12",
                "",
                "with, comma",
                "\"quoted\"",
                "line\nbreak",
                "tab\there",
            ],
            &["", "", ""],
            &["single"],
            &["7"],
            &["7", "8", "x,y", "9"],
            &["café", " lead space", "#", "0"],
        ];
        let mut ours = CsvRows::default();
        let mut theirs = csv::WriterBuilder::new().flexible(true).from_writer(vec![]);
        for row in rows {
            for field in row {
                match field.parse::<u64>() {
                    Ok(n) if !field.is_empty() => ours.number(n),
                    _ => ours.text(field.as_bytes()),
                }
            }
            ours.end_record();
            theirs.write_record(row).unwrap();
        }
        let theirs = theirs.into_inner().unwrap();
        assert_eq!(
            String::from_utf8_lossy(ours.bytes()),
            String::from_utf8_lossy(&theirs)
        );
        ours.clear();
        assert!(ours.bytes().is_empty());
    }
}
