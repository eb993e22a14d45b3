//! Chains and loops, and the implication engine they share.
//!
//! The engine: [`literal`] numbers the nodes (candidates, group nodes) and their truth
//! values; [`implications`] lists what follows at once from each literal, in HoDoKu's
//! order, and [`table`] follows them breadth first from one premise (the tabling behind
//! nice loops, AICs and forcing chains); [`reach`] tells at once, for every premise, which
//! literals its table would hold, so that a search fills only the tables that matter; [`links`] lists the strong and weak links
//! of simple chains and [`search`] walks them depth first; [`choice`] ranks the chains a
//! search found as HoDoKu does; [`turbot`] finds the three-link chains of Turbot Fish
//! straight from the grid. The finders: [`simple_chains`] (X-Chain, XY-Chain, Turbot Fish,
//! Remote Pair), [`nice_loops`] (Nice Loop/AIC and its grouped form), [`forcing`]
//! (Forcing Chains, on the same tables) and [`nets`] (Forcing Nets, on tables that look
//! ahead by singles).

pub mod choice;
pub mod forcing;
pub mod implications;
pub mod links;
pub mod literal;
pub mod nets;
pub mod nice_loops;
pub mod reach;
pub mod search;
pub mod simple_chains;
pub mod table;
pub mod turbot;
