//! Closed sets: k houses whose candidates of a digit, or k cells whose digits, fall in
//! exactly k places, so that the rest of those places lose them. The related-sets search
//! finds naked and hidden subsets and basic fish in one; finned and sashimi fish add fins;
//! Franken and Mutant fish (complex fish) mix lines and boxes; Kraken Fish hand what a
//! finned fish cannot remove itself to chains.

pub mod complex_fish;
pub mod finned_fish;
pub mod naked_subsets;
pub mod related_sets;
