//! The implication engine the chain finders share: [`literal`] numbers the nodes
//! (candidates, group nodes) and their truth values; [`implications`] lists what follows
//! at once from each literal, in HoDoKu's order; [`table`] follows them breadth first from
//! one premise (the tabling behind nice loops, AICs and forcing chains); [`reach`] tells at
//! once, for every premise, which literals its table would hold, so that a search fills
//! only the tables that matter.

pub mod implications;
pub mod literal;
pub mod reach;
pub mod table;
