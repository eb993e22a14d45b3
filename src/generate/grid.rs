//! Random solution grids: the three diagonal boxes filled with random permutations (they
//! share no house, so any three will do), completed by the oracle, then shuffled by the
//! transformations that keep a grid valid (digits relabelled, rows within bands, bands,
//! columns within stacks, stacks, and a transpose), so that the oracle's fixed search
//! order leaves no mark. Everything is drawn from the caller's generator: the same
//! generator state gives the same grid on every platform.

use crate::oracle;
use crate::puzzle::Puzzle;
use rand::Rng;
use rand::seq::SliceRandom;

/// A random valid solution grid, values 1-9.
pub fn random_solution(rng: &mut impl Rng) -> [u8; 81] {
    let mut values = [0u8; 81];
    for band in 0..3 {
        let mut digits: Vec<u8> = (1..=9).collect();
        digits.shuffle(rng);
        for (i, digit) in digits.into_iter().enumerate() {
            values[(band * 3 + i / 3) * 9 + band * 3 + i % 3] = digit;
        }
    }
    let seeded = Puzzle::from_values(values).expect("the diagonal boxes share no house");
    let solution = oracle::first_solution(&seeded).expect("three diagonal boxes always complete");
    shuffle(solution.values(), rng)
}

/// `grid` under a random validity-keeping transformation.
fn shuffle(grid: &[u8; 81], rng: &mut impl Rng) -> [u8; 81] {
    let rows = line_order(rng);
    let cols = line_order(rng);
    let mut relabel: Vec<u8> = (1..=9).collect();
    relabel.shuffle(rng);
    let transpose = rng.gen_bool(0.5);
    let mut out = [0u8; 81];
    for (r, &from_r) in rows.iter().enumerate() {
        for (c, &from_c) in cols.iter().enumerate() {
            let digit = relabel[usize::from(grid[from_r * 9 + from_c]) - 1];
            let (to_r, to_c) = if transpose { (c, r) } else { (r, c) };
            out[to_r * 9 + to_c] = digit;
        }
    }
    out
}

/// A random order of the nine rows (or columns) that keeps the bands (stacks) whole.
fn line_order(rng: &mut impl Rng) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    bands.shuffle(rng);
    let mut order = [0; 9];
    for (i, &band) in bands.iter().enumerate() {
        let mut within = [0, 1, 2];
        within.shuffle(rng);
        for (j, &line) in within.iter().enumerate() {
            order[i * 3 + j] = band * 3 + line;
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Solution;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_grids_are_valid_solutions_and_differ() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let a = random_solution(&mut rng);
        let b = random_solution(&mut rng);
        assert!(Solution::from_values(a).is_some());
        assert!(Solution::from_values(b).is_some());
        assert_ne!(a, b);
        let again = random_solution(&mut ChaCha8Rng::seed_from_u64(7));
        assert_eq!(a, again, "the same generator state gives the same grid");
    }
}
