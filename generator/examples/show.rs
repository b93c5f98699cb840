//! Prints a generated module in a rough generic form (a development aid until the
//! real printer is available).
use converter::ir::*;
use generator::{generate_from_seed, GenConfig};
fn attr(a: &Attribute) -> String {
    match a {
        Attribute::Int { value, ty } => format!("{value} : {ty}"),
        Attribute::Float { ty, .. } => format!("{:?} : {ty}", a.float_value().unwrap()),
        Attribute::Str(s) => format!("\"{s}\""),
        Attribute::SymbolRef(s) => format!("@{s}"),
        Attribute::Dense { ty, values } => match values {
            DenseValues::Splat(x) => format!("dense<{}> : {ty}", attr(x)),
            DenseValues::Elements(e) => format!(
                "dense<[{}]> : {ty}",
                e.iter().map(attr).collect::<Vec<_>>().join(", ")
            ),
        },
        other => format!("{other:?}"),
    }
}
fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let m = generate_from_seed(seed, &GenConfig::default());
    for f in &m.funcs {
        println!(
            "func @{} : {} {:?}",
            f.name,
            f.ty,
            f.attrs.iter().map(|a| &a.name).collect::<Vec<_>>()
        );
        let Some(b) = &f.body else { continue };
        for &bl in &b.layout {
            let args: Vec<String> = b
                .block(bl)
                .args
                .iter()
                .map(|v| format!("%{}: {}", v.0, b.value_type(*v)))
                .collect();
            println!("^bb{}({}):", bl.0, args.join(", "));
            for &op in &b.block(bl).ops {
                let o = b.op(op);
                let res: Vec<String> = o.results.iter().map(|v| format!("%{}", v.0)).collect();
                let ops: Vec<String> = o.operands.iter().map(|v| format!("%{}", v.0)).collect();
                let tys: Vec<String> = o
                    .operands
                    .iter()
                    .map(|v| b.value_type(*v).to_string())
                    .collect();
                let rtys: Vec<String> = o
                    .results
                    .iter()
                    .map(|v| b.value_type(*v).to_string())
                    .collect();
                let at: Vec<String> = o
                    .attrs
                    .iter()
                    .map(|a| format!("{} = {}", a.name, attr(&a.value)))
                    .collect();
                let succ: Vec<String> = o
                    .successors
                    .iter()
                    .map(|s| {
                        format!(
                            "^bb{}({})",
                            s.block.0,
                            s.args
                                .iter()
                                .map(|v| format!("%{}", v.0))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    })
                    .collect();
                println!(
                    "  {} = {}({}) [{}] {{{}}} : ({}) -> ({})",
                    res.join(", "),
                    o.kind.short_name(),
                    ops.join(", "),
                    succ.join(", "),
                    at.join(", "),
                    tys.join(", "),
                    rtys.join(", ")
                );
            }
        }
    }
    println!("features: {:?}", generator::features(&m));
}
