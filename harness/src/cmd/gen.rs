//! `stdlower gen --seed N [--swarm]`: prints the random module of a seed, exactly as
//! the campaign and the oracles see it, with a `// stdlower-options:` line when the
//! swarm configuration picked lowering options.

use converter::syntax::{print_module, PrintOptions};

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The seed; the same seed always gives the same module.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Let the seed also choose the generator configuration (swarm testing),
    /// as campaigns do; otherwise the default configuration is used.
    #[arg(long)]
    pub swarm: bool,
    /// Print the features the module exercises as a trailing comment.
    #[arg(long)]
    pub features: bool,
}

pub fn output(args: &Args) -> String {
    let (cfg, m) = if args.swarm {
        generator::generate_swarm_from_seed(args.seed)
    } else {
        let cfg = generator::GenConfig::default();
        let m = generator::generate_from_seed(args.seed, &cfg);
        (cfg, m)
    };
    let mut text = format!(
        "// stdlower gen --seed {}{}\n",
        args.seed,
        if args.swarm { " --swarm" } else { "" }
    );
    // The lowering options the case is checked with (`check` and the file tests read
    // this line back).
    text.push_str(
        &crate::exec::ExecOptions::default()
            .for_case(&cfg)
            .options_line(),
    );
    text.push_str(&print_module(&m, &PrintOptions::default()));
    if args.features {
        let fs: Vec<&str> = generator::features(&m).into_iter().collect();
        text.push_str(&format!("// features: {}\n", fs.join(" ")));
    }
    text
}
