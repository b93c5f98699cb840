//! Parses a Standard-dialect file and prints it back (custom form, or generic with
//! `--generic`): a quick way to inspect the front end. Usage: `stdfmt FILE [--generic]`.

use converter::syntax::{parse_module, print_module, PrintOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: stdfmt FILE [--generic]");
        std::process::exit(2);
    };
    let generic = args.iter().any(|a| a == "--generic");
    let src = match std::fs::read(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    match parse_module(path, &src) {
        Ok(m) => print!("{}", print_module(&m, &PrintOptions { generic })),
        Err(d) => {
            let text = String::from_utf8_lossy(&src);
            eprint!("{}", d.render(path, Some(&text)));
            std::process::exit(1);
        }
    }
}
