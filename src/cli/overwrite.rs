//! The guard before a command writes a file it names: never over a file that holds
//! something unless told to, never over one of the command's own inputs.

use anyhow::bail;
use std::path::Path;

/// Refuses to write `path` when it is one of `inputs` (that would truncate what is being
/// read), or when it holds something and `force` is not given; `other_way` ends the
/// message with the command's other choice (e.g. ", --resume to go on with it").
pub(super) fn check(
    path: &Path,
    force: bool,
    inputs: &[&Path],
    other_way: &str,
) -> anyhow::Result<()> {
    if path.as_os_str() == "-" {
        return Ok(());
    }
    if let Ok(out) = path.canonicalize() {
        let is_input = inputs
            .iter()
            .filter_map(|input| input.canonicalize().ok())
            .any(|input| input == out);
        if is_input {
            bail!("the output {} is also an input", path.display());
        }
    }
    match std::fs::metadata(path) {
        Ok(meta) if !force && meta.is_file() && meta.len() > 0 => bail!(
            "{} already holds something; add --force to write over it{other_way}",
            path.display()
        ),
        _ => Ok(()),
    }
}
