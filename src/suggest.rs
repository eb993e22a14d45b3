//! "Did you mean ...?": the known name nearest to one typed by hand, for every message
//! that refuses a name (techniques, presets, statuses, levels). Names are compared without
//! case, dashes, underscores or spaces, so `X Wing` and `xwing` both find `x-wing`.

/// How similar (Jaro-Winkler) a typed name must be to a known one to be taken for a slip.
const SLIP: f64 = 0.85;

/// The `shown` text of the known name nearest to `typed`, if one is near enough to be a
/// slip. `known` pairs each name that can be typed with what to show for it.
pub fn closest<'a>(
    typed: &str,
    known: impl IntoIterator<Item = (&'a str, String)>,
) -> Option<String> {
    let wanted = squash(typed);
    known
        .into_iter()
        .map(|(key, shown)| (strsim::jaro_winkler(&wanted, &squash(key)), shown))
        .filter(|(score, _)| *score >= SLIP)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, shown)| shown)
}

/// `; did you mean X?` for the nearest of `known`, or nothing: to end a message with.
pub fn did_you_mean<'a>(typed: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    closest(typed, known.into_iter().map(|k| (k, k.to_string())))
        .map(|meant| format!("; did you mean {meant}?"))
        .unwrap_or_default()
}

fn squash(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '-' | ' ' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_finds_the_name_meant_and_a_stranger_finds_nothing() {
        let known = ["solved", "stuck", "invalid"];
        assert_eq!(did_you_mean("Stuk", known), "; did you mean stuck?");
        assert_eq!(did_you_mean("solve_d", known), "; did you mean solved?");
        assert_eq!(did_you_mean("zebra", known), "");
        assert_eq!(
            closest("X Wing", [("x-wing", "x-wing (bf2)".to_string())]),
            Some("x-wing (bf2)".to_string())
        );
    }
}
