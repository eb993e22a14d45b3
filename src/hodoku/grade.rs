//! Grading HoDoKu's way: a puzzle's score is the sum of the base scores of the steps
//! taken; its level is the highest level among the techniques used, raised one level at a
//! time while the score exceeds that level's maximum (Easy 800, Medium 1000, Hard 1600,
//! Unfair 1800, Extreme unbounded). Scores and levels default to HoDoKu's and can be
//! overridden per technique.

use crate::hodoku::catalogue::Technique;
use crate::hodoku::level::Level;
use std::ops::{AddAssign, Index, IndexMut};

/// How many times each technique was applied.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TechniqueCounts([u32; Technique::COUNT]);

impl Default for TechniqueCounts {
    fn default() -> Self {
        TechniqueCounts([0; Technique::COUNT])
    }
}

impl TechniqueCounts {
    /// Techniques with a non-zero count, in catalogue order.
    pub fn used(&self) -> impl Iterator<Item = (Technique, u32)> + '_ {
        Technique::ALL
            .iter()
            .map(|&t| (t, self.0[t.index()]))
            .filter(|&(_, n)| n > 0)
    }
    /// The number of steps, all techniques together.
    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }
}

impl Index<Technique> for TechniqueCounts {
    type Output = u32;
    fn index(&self, t: Technique) -> &u32 {
        &self.0[t.index()]
    }
}

impl IndexMut<Technique> for TechniqueCounts {
    fn index_mut(&mut self, t: Technique) -> &mut u32 {
        &mut self.0[t.index()]
    }
}

impl AddAssign<&TechniqueCounts> for TechniqueCounts {
    fn add_assign(&mut self, rhs: &TechniqueCounts) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a += b;
        }
    }
}

/// Base score and level of every technique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreTable {
    scores: [u32; Technique::COUNT],
    levels: [Level; Technique::COUNT],
}

impl Default for ScoreTable {
    /// HoDoKu's scores and levels.
    fn default() -> Self {
        ScoreTable {
            scores: std::array::from_fn(|i| Technique::ALL[i].info().score),
            levels: std::array::from_fn(|i| Technique::ALL[i].info().level),
        }
    }
}

/// A puzzle's grade.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grade {
    /// The sum of the base scores of the steps taken.
    pub score: u32,
    /// The hardest level used, raised while the score exceeds its maximum.
    pub level: Level,
}

impl ScoreTable {
    /// The base score of one step of `t`.
    pub fn score(&self, t: Technique) -> u32 {
        self.scores[t.index()]
    }
    /// The level `t` counts at.
    pub fn level(&self, t: Technique) -> Level {
        self.levels[t.index()]
    }
    /// Overrides the base score of `t`.
    pub fn set_score(&mut self, t: Technique, score: u32) {
        self.scores[t.index()] = score;
    }
    /// Overrides the level of `t`.
    pub fn set_level(&mut self, t: Technique, level: Level) {
        self.levels[t.index()] = level;
    }

    /// Grades a solve from its technique counts.
    pub fn grade(&self, counts: &TechniqueCounts) -> Grade {
        let mut score = 0u32;
        let mut level = Level::Easy;
        for (t, n) in counts.used() {
            score = score.saturating_add(self.score(t).saturating_mul(n));
            level = level.max(self.level(t));
        }
        while let Some(max) = level.max_score() {
            if score <= max {
                break;
            }
            level = level.next();
        }
        Grade { score, level }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_is_the_hardest_technique_raised_by_score() {
        let table = ScoreTable::default();
        let mut counts = TechniqueCounts::default();
        counts[Technique::NakedSingle] = 50;
        assert_eq!(
            table.grade(&counts),
            Grade {
                score: 200,
                level: Level::Easy
            }
        );
        counts[Technique::HiddenSingle] = 50; // 200 + 700 = 900 > 800
        assert_eq!(table.grade(&counts).level, Level::Medium);
        counts[Technique::XWing] = 1;
        assert_eq!(table.grade(&counts).level, Level::Hard);
        counts[Technique::BruteForce] = 1;
        assert_eq!(table.grade(&counts).level, Level::Extreme);
    }

    #[test]
    fn overrides_change_the_grade() {
        let mut table = ScoreTable::default();
        let mut counts = TechniqueCounts::default();
        counts[Technique::XWing] = 1;
        table.set_level(Technique::XWing, Level::Medium);
        table.set_score(Technique::XWing, 1001);
        assert_eq!(
            table.grade(&counts),
            Grade {
                score: 1001,
                level: Level::Hard
            }
        );
    }
}
