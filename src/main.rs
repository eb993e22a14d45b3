//! The `sudolab` binary: everything lives in the library's `cli` module.

fn main() -> std::process::ExitCode {
    sudolab::cli::main()
}
