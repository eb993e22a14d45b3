//! Statistics for reports and comparisons: shares written as percentages, percentiles, the
//! median, and a bootstrap confidence interval for the median. Timing figures are noisy and skewed, so runs are
//! compared by the median of per-puzzle ratios with its interval, never by one number.
//!
//! The bootstrap draws from a seeded generator, so the same data give the same interval.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

/// The seed of every bootstrap, fixed so that output is reproducible.
pub const BOOTSTRAP_SEED: u64 = 0x5ad0_1ab5;

/// `part` of `whole` as a percentage to one decimal, `-` when `whole` is 0. A share that
/// is neither none nor all never rounds to look like one: `<0.1%`, `>99.9%`.
pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".into();
    }
    let value = 100.0 * part as f64 / whole as f64;
    if part > 0 && value < 0.05 {
        "<0.1%".into()
    } else if part < whole && value >= 99.95 {
        ">99.9%".into()
    } else {
        format!("{value:.1}%")
    }
}

/// The `p`-th percentile (0-100) of sorted values, interpolating linearly between the two
/// nearest ranks (numpy's default); `None` for no values.
pub fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    debug_assert!(sorted.windows(2).all(|w| w[0] <= w[1]), "sorted input");
    let last = sorted.len().checked_sub(1)?;
    let rank = (p / 100.0).clamp(0.0, 1.0) * last as f64;
    let (below, above) = (rank.floor() as usize, rank.ceil() as usize);
    let weight = rank - below as f64;
    Some(sorted[below] + (sorted[above] - sorted[below]) * weight)
}

/// The median of values in any order; `None` for no values.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    percentile(&sorted, 50.0)
}

/// A confidence interval.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

/// The median of `buffer` (reordered in place), by selection rather than a full sort.
fn median_in_place(buffer: &mut [f64]) -> f64 {
    let n = buffer.len();
    let (_, &mut upper, _) = buffer.select_nth_unstable_by(n / 2, f64::total_cmp);
    if n % 2 == 1 {
        return upper;
    }
    let lower = buffer[..n / 2]
        .iter()
        .copied()
        .max_by(f64::total_cmp)
        .expect("n is even and positive");
    (lower + upper) / 2.0
}

/// A percentile-bootstrap `confidence` (e.g. 0.95) interval for the median of `values`,
/// from `resamples` resamples drawn with the generator seeded by `seed`; `None` for no
/// values.
pub fn bootstrap_median(
    values: &[f64],
    confidence: f64,
    resamples: usize,
    seed: u64,
) -> Option<Interval> {
    if values.is_empty() || resamples == 0 {
        return None;
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let mut buffer = vec![0.0; values.len()];
    let mut medians: Vec<f64> = (0..resamples)
        .map(|_| {
            for slot in buffer.iter_mut() {
                *slot = values[rng.gen_range(0..values.len())];
            }
            median_in_place(&mut buffer)
        })
        .collect();
    medians.sort_by(f64::total_cmp);
    let tail = (1.0 - confidence) / 2.0 * 100.0;
    Some(Interval {
        low: percentile(&medians, tail)?,
        high: percentile(&medians, 100.0 - tail)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_never_round_a_share_to_none_or_all() {
        assert_eq!(percent(1, 10_000), "<0.1%");
        assert_eq!(percent(0, 10), "0.0%");
        assert_eq!(percent(7_406, 7_408), ">99.9%");
        assert_eq!(percent(7_408, 7_408), "100.0%");
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(1, 0), "-");
    }

    #[test]
    fn percentiles_interpolate_between_ranks() {
        let v = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile(&v, 0.0), Some(1.0));
        assert_eq!(percentile(&v, 50.0), Some(2.5));
        assert_eq!(percentile(&v, 100.0), Some(4.0));
        assert_eq!(percentile(&v, 90.0), Some(3.0 + 0.7));
        assert_eq!(percentile(&[], 50.0), None);
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }

    #[test]
    fn median_by_selection_agrees_with_sorting() {
        let mut rng = StdRng::seed_from_u64(7);
        for n in 1..40 {
            let values: Vec<f64> = (0..n).map(|_| rng.gen_range(0.0..10.0)).collect();
            let mut buffer = values.clone();
            assert_eq!(Some(median_in_place(&mut buffer)), median(&values), "n={n}");
        }
    }

    #[test]
    fn bootstrap_interval_holds_the_median_and_is_reproducible() {
        let values: Vec<f64> = (1..=101).map(f64::from).collect();
        let ci = bootstrap_median(&values, 0.95, 1000, BOOTSTRAP_SEED).unwrap();
        assert!(ci.low < 51.0 && 51.0 < ci.high, "{ci:?}");
        // The median of 101 evenly spread values moves by about 5 either way.
        assert!(ci.low > 35.0 && ci.high < 67.0, "{ci:?}");
        assert_eq!(
            bootstrap_median(&values, 0.95, 1000, BOOTSTRAP_SEED),
            Some(ci)
        );
        let constant = bootstrap_median(&[2.0; 10], 0.95, 100, 1).unwrap();
        assert_eq!((constant.low, constant.high), (2.0, 2.0));
        assert_eq!(bootstrap_median(&[], 0.95, 100, 1), None);
    }
}
