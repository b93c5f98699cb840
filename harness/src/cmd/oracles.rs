//! `stdlower oracles [--markdown]`: the registry of oracles as a table (name, kind,
//! default sampling, cost class, what it checks); `--markdown` prints the table
//! `docs/oracles.md` holds.

use crate::oracles::registry;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print the table as Markdown (what docs/oracles.md holds between its markers).
    #[arg(long)]
    pub markdown: bool,
}

/// The table.
pub fn output(a: &Args) -> String {
    registry::table(a.markdown)
}
