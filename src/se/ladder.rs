//! SE's path as a ladder names it: `se` is SE's whole producer order; `se:NAME` is that
//! order cut after the producer NAME names (`se:xy-wing` stops after XY-Wing's
//! producer), the SE counterpart of a ladder that stops at a technique. NAME is SE's
//! technique (`pointing-claiming`, `unique-rectangle-loop`: a producer, as SE's options
//! list them) or one of the rules it gives (`claiming`, `unique-loop-type-2`): one
//! producer gives several names, so a cut takes all of its producer's. `unlock` also
//! adds single producers to a cut.

use crate::se::named::SeRule;
use crate::se::solver::{Producer, Producers};
use thiserror::Error;

/// The name of SE's path in a ladder specification.
pub const SE: &str = "se";

/// Some of SE's producers, asked in SE's order.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SeLadder {
    producers: Producers,
    /// The name of the cut, if any, and the producers added to it.
    cut: Option<&'static str>,
}

/// Why an SE ladder was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeLadderError {
    /// A name that is no SE rule.
    #[error("unknown SE technique or rule {name:?} in {spec:?}; {}", se_help(name))]
    Unknown {
        /// The whole specification.
        spec: String,
        /// The name in it that is no rule.
        name: String,
    },
}

fn se_help(name: &str) -> String {
    let rules = SeRule::all().map(|r| r.name());
    let names = Producer::all().map(Producer::name).chain(rules);
    let names = names.map(|n| (n, n.to_string()));
    let how = "SE's techniques and rules are their names in kebab-case, as in se:xy-wing";
    match crate::suggest::closest(name, names) {
        Some(meant) => format!("did you mean {meant}? ({how})"),
        None => how.into(),
    }
}

impl SeLadder {
    /// SE's whole order.
    pub const FULL: SeLadder = SeLadder {
        producers: Producers::ALL,
        cut: None,
    };

    /// SE's order cut after `last`, named `name`.
    fn upto(last: Producer, name: &'static str) -> SeLadder {
        SeLadder {
            producers: Producers::upto(last),
            cut: Some(name),
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
            Some(name) => named(name)
                .map(|(last, name)| SeLadder::upto(last, name))
                .ok_or_else(|| SeLadderError::Unknown {
                    spec: spec.to_string(),
                    name: name.to_string(),
                }),
        })
    }

    /// The producers asked.
    pub(crate) fn producers(self) -> Producers {
        self.producers
    }

    /// This ladder and `producer` (what `unlock` tries on top of a cut).
    pub(crate) fn with(self, producer: Producer) -> SeLadder {
        SeLadder {
            producers: self.producers.with(producer),
            ..self
        }
    }

    /// The rules its producers give, in SE's order: a results file's count columns.
    pub fn rules(self) -> impl Iterator<Item = SeRule> {
        SeRule::all().filter(move |&r| self.has(r))
    }

    /// Whether its producers give `rule`.
    pub fn has(self, rule: SeRule) -> bool {
        self.producers.has(Producer::of(rule))
    }

    /// How the ladder is written: `se`, `se:xy-wing`.
    pub fn name(self) -> String {
        match self.cut {
            None => SE.to_string(),
            Some(name) => format!("{SE}:{name}"),
        }
    }
}

/// The producer `name` names (SE's technique name, or a rule it gives), and the name as
/// listed.
fn named(name: &str) -> Option<(Producer, &'static str)> {
    let name = name.to_ascii_lowercase();
    if let Some(producer) = Producer::all().find(|p| p.name() == name) {
        return Some((producer, producer.name()));
    }
    SeRule::from_name(&name).map(|rule| (Producer::of(rule), rule.name()))
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
        let locking = SeLadder::parse("se:pointing-claiming").unwrap().unwrap();
        assert_eq!(locking.rules().last().unwrap().name(), "claiming");
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
