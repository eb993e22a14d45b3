//! Chains and loops.

pub mod remote_pair;
