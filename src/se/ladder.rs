//! SE's path as a ladder names it: `se` is SE's whole producer order; `se:RULE` is that
//! order cut after the producer that gives RULE (`se:xy-wing` stops after XY-Wing's
//! producer), the SE counterpart of a ladder that stops at a technique. One producer
//! gives several names (`direct-pointing` and `direct-claiming`; the four types of
//! unique rectangles and loops), so a cut takes all of its producer's.

use crate::se::named::SeRule;
use crate::se::solver::Producer;
use thiserror::Error;

/// The name of SE's path in a ladder specification.
pub const SE: &str = "se";

/// SE's producers in SE's order, up to a last one.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SeLadder {
    last: Producer,
    /// The rule named in the cut, if any.
    cut: Option<SeRule>,
}

/// Why an SE ladder was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeLadderError {
    #[error("unknown SE rule {name:?} in {spec:?}; {}", se_help(name))]
    Unknown { spec: String, name: String },
}

fn se_help(name: &str) -> String {
    let names = SeRule::all().map(|r| (r.name(), r.name().to_string()));
    let how = "an SE rule is its hint name in kebab-case, as in se:xy-wing";
    match crate::suggest::closest(name, names) {
        Some(meant) => format!("did you mean {meant}? ({how})"),
        None => how.into(),
    }
}

impl SeLadder {
    /// SE's whole order.
    pub const FULL: SeLadder = SeLadder {
        last: Producer::LAST,
        cut: None,
    };

    /// SE's order cut after the producer of `rule`.
    pub fn upto(rule: SeRule) -> SeLadder {
        SeLadder {
            last: Producer::of(rule),
            cut: Some(rule),
        }
    }

    /// `se` or `se:RULE` (case and spaces aside); `None` for any other specification.
    pub fn parse(spec: &str) -> Option<Result<SeLadder, SeLadderError>> {
        let spec = spec.trim();
        let (head, rule) = match spec.split_once(':') {
            Some((head, rule)) => (head.trim(), Some(rule.trim())),
            None => (spec, None),
        };
        if !head.eq_ignore_ascii_case(SE) {
            return None;
        }
        Some(match rule {
            None => Ok(SeLadder::FULL),
            Some(name) => SeRule::from_name(&name.to_ascii_lowercase())
                .map(SeLadder::upto)
                .ok_or_else(|| SeLadderError::Unknown {
                    spec: spec.to_string(),
                    name: name.to_string(),
                }),
        })
    }

    /// The last producer asked.
    pub fn last(self) -> Producer {
        self.last
    }

    /// The rules its producers give, in SE's order: a results file's count columns.
    pub fn rules(self) -> impl Iterator<Item = SeRule> {
        SeRule::all().take_while(move |&r| Producer::of(r) <= self.last)
    }

    /// Whether its producers give `rule`.
    pub fn has(self, rule: SeRule) -> bool {
        Producer::of(rule) <= self.last
    }

    /// How the ladder is written: `se`, `se:xy-wing`.
    pub fn name(self) -> String {
        match self.cut {
            None => SE.to_string(),
            Some(rule) => format!("{SE}:{rule}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn se_alone_is_every_rule_and_a_cut_stops_after_its_producer() {
        let full = SeLadder::parse("se").unwrap().unwrap();
        assert_eq!(full, SeLadder::FULL);
        assert_eq!(full.rules().count(), SeRule::COUNT);
        let cut = SeLadder::parse(" SE : Direct-Pointing ").unwrap().unwrap();
        let names: Vec<&str> = cut.rules().map(SeRule::name).collect();
        assert_eq!(
            names,
            ["hidden-single", "direct-pointing", "direct-claiming"]
        );
        assert_eq!(cut.name(), "se:direct-pointing");
        let wings = SeLadder::parse("se:xy-wing").unwrap().unwrap();
        assert!(wings.has(SeRule::from_name("hidden-triplet").unwrap()));
        assert!(!wings.has(SeRule::from_name("xyz-wing").unwrap()));
        assert_eq!(SeLadder::parse("standard"), None);
        assert_eq!(SeLadder::parse("singles,x-wing"), None);
        let err = SeLadder::parse("se:xywing")
            .unwrap()
            .unwrap_err()
            .to_string();
        assert!(err.contains("did you mean xy-wing?"), "{err}");
    }
}
