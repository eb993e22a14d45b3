fn main() {
    println!("sudolab {}", env!("CARGO_PKG_VERSION"));
}
