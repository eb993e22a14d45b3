//! SE's names of nested forcing chain hints (`getNamePrefix`, `getNameSuffix`,
//! `getNestedSuffix`): "Dynamic" the kind "Forcing Chains" and what the chains nest.

use super::super::hint::ChainKind;

/// The name of a hint of `kind` found at nesting `level` (2 to 5).
pub(super) fn name(kind: ChainKind, level: u8) -> &'static str {
    use ChainKind::*;
    match (kind, level) {
        (Contradiction, 2) => "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        (Double, 2) => "Dynamic Double Forcing Chains (+ Forcing Chains)",
        (CellForcing, 2) => "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        (RegionForcing, 2) => "Dynamic Region Forcing Chains (+ Forcing Chains)",
        (Contradiction, 3) => "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        (Double, 3) => "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        (CellForcing, 3) => "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
        (RegionForcing, 3) => "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
        (Contradiction, 4) => "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        (Double, 4) => "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
        (CellForcing, 4) => "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
        (RegionForcing, 4) => "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
        (Contradiction, _) => {
            "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
        }
        (Double, _) => {
            "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
        }
        (CellForcing, _) => {
            "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
        }
        (RegionForcing, _) => {
            "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
        }
        (XCycle | YCycle | XyCycle | XChain | XyChain, _) => {
            unreachable!("nested forcing chains are multiple chains")
        }
    }
}
