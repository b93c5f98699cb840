//! Symbol names that must be quoted and dense constants in MLIR's hex form, chosen
//! after the rest of the module (so the choice changes no other one):
//! - some functions (never `@main`, a C-interface function, whose `_mlir_ciface_`
//!   name C must spell, or an external, whose name the host resolves) are renamed to a
//!   name only the quoted form `@"..."` can write — a space, a `-`, a leading digit,
//!   a quote, a backslash, non-ASCII — and every reference (`call`, `constant @f`)
//!   follows;
//! - some modules print their dense constants (those not a splat with more elements
//!   than a threshold) as `dense<"0x...">` (`Module::dense_hex_if_larger`).

use arbitrary::{Result, Unstructured};
use converter::ir::{Attribute, DenseValues, Module};
use std::collections::BTreeMap;

/// Name patterns that need quoting; `{}` is the function's own name, which keeps
/// the new names distinct.
const QUOTED: [&str; 8] = [
    "{} one", "{}-g", "9{}", "{}\"q", "{}\\b", "ƒ{}", "{}\t.$", "{} (é!)",
];

/// Renames some functions to names that need quoting and picks the module's hex
/// threshold for dense constants (see the module docs).
pub(crate) fn quote_and_hex(u: &mut Unstructured, m: &mut Module) -> Result<()> {
    if u.ratio(1, 4)? {
        let mut renames = BTreeMap::new();
        for f in &m.funcs {
            let pinned = f.name == "main"
                || f.body.is_none()
                || f.has_attr("llvm.emit_c_interface")
                || f.name.starts_with("ext_");
            if !pinned && u.ratio(1, 2)? {
                let pattern = *u.choose(&QUOTED)?;
                renames.insert(f.name.clone(), pattern.replace("{}", &f.name));
            }
        }
        rename(m, &renames);
    }
    let has_list = m.funcs.iter().filter_map(|f| f.body.as_ref()).any(|b| {
        b.ops.iter().any(|op| {
            op.attrs.iter().any(|a| {
                matches!(
                    a.value,
                    Attribute::Dense {
                        values: DenseValues::Elements(_),
                        ..
                    }
                )
            })
        })
    });
    if has_list && u.ratio(1, 3)? {
        m.dense_hex_if_larger = Some(*u.choose(&[0u64, 0, 1, 2, 4])?);
    }
    Ok(())
}

/// Renames functions by `renames` (old name to new), with every symbol reference.
fn rename(m: &mut Module, renames: &BTreeMap<String, String>) {
    if renames.is_empty() {
        return;
    }
    for f in &mut m.funcs {
        if let Some(n) = renames.get(&f.name) {
            f.name = n.clone();
        }
        let Some(body) = &mut f.body else { continue };
        for op in &mut body.ops {
            for a in &mut op.attrs {
                if let Attribute::SymbolRef(s) = &a.value {
                    if let Some(n) = renames.get(s) {
                        a.value = Attribute::SymbolRef(n.clone());
                    }
                }
            }
        }
    }
}
