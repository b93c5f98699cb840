//! Prints the module of a seed with the real printer (`--swarm` for swarm configs).
use converter::syntax::{print_module, PrintOptions};
fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let swarm = std::env::args().any(|a| a == "--swarm");
    let m = if swarm {
        generator::generate_swarm_from_seed(seed).1
    } else {
        generator::generate_from_seed(seed, &generator::GenConfig::default())
    };
    print!("{}", print_module(&m, &PrintOptions::default()));
}
