//! What `--ladder` names for the commands that grade (`run`, `generate`): a ladder of
//! HoDoKu's techniques or SE's path, and `--se-timeout`'s seconds.

use crate::ladder_config::{LadderConfig, LadderConfigError};
use crate::se::ladder::{SeLadder, SeLadderError};

/// What `--ladder` names: a ladder of HoDoKu's techniques (boxed: the configuration is
/// larger than the other options), or SE's path.
#[derive(Clone, Debug)]
pub(super) enum LadderArg {
    Hodoku(Box<LadderConfig>),
    Se(SeLadder),
}

/// `--ladder`'s parser.
pub(super) fn parse_ladder(spec: &str) -> Result<LadderArg, LadderArgError> {
    match SeLadder::parse(spec) {
        Some(se) => Ok(LadderArg::Se(se?)),
        None => Ok(LadderArg::Hodoku(Box::new(LadderConfig::from_arg(spec)?))),
    }
}

#[derive(Debug, thiserror::Error)]
pub(super) enum LadderArgError {
    #[error(transparent)]
    Hodoku(#[from] LadderConfigError),
    #[error(transparent)]
    Se(#[from] SeLadderError),
}

/// `--se-timeout`'s parser: a positive number of seconds.
pub(super) fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds.is_finite() => {
            Ok(std::time::Duration::from_secs_f64(seconds))
        }
        _ => Err(format!("{text:?} is not a positive number of seconds")),
    }
}
