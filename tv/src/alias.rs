//! The configurations a proof runs over its memref arguments: the ranks of unranked
//! ones ([`ranks`]), and the ways they may share a buffer: a caller may pass one buffer as two
//! arguments (the same or overlapping views). Arguments of the same element type are
//! grouped in every set partition; each partition is one configuration (per argument:
//! `None` for its own buffer, `Some(j)` for the buffer of the earlier argument `j`).
//! The first configuration is "all distinct". Past `MAX_CONFIGS` partitions only that
//! one is proved, and the verdict says `distinct`.

use converter::ir::{Module, Type};

/// The most configurations a proof tries.
pub const MAX_CONFIGS: usize = 15;

/// The configurations of `@name`'s memref arguments, "all distinct" first.
pub fn configurations(src: &Module, name: &str, index_bits: u32) -> Vec<Vec<Option<usize>>> {
    let inputs = match src.func(name).and_then(|f| f.std_type()) {
        Some(ft) => ft.inputs.clone(),
        None => return vec![Vec::new()],
    };
    let n = inputs.len();
    // The memref arguments, by element type (index at its width).
    let mut groups: Vec<(Type, Vec<usize>)> = Vec::new();
    for (i, t) in inputs.iter().enumerate() {
        if let Type::MemRef(mt) = t {
            let e = if mt.elem == Type::Index {
                Type::Int(index_bits)
            } else {
                mt.elem.clone()
            };
            match groups.iter_mut().find(|(g, _)| *g == e) {
                Some((_, v)) => v.push(i),
                None => groups.push((e, vec![i])),
            }
        }
    }
    let mut out = vec![vec![None; n]];
    for (_, members) in groups.iter().filter(|(_, m)| m.len() > 1) {
        let mut next = Vec::new();
        for base in &out {
            for p in partitions(members) {
                let mut c = base.clone();
                for block in p {
                    for &i in &block[1..] {
                        c[i] = Some(block[0]);
                    }
                }
                next.push(c);
            }
        }
        out = next;
        if out.len() > MAX_CONFIGS {
            return vec![vec![None; n]];
        }
    }
    // "All distinct" first (it is the partition into singletons).
    out.sort_by_key(|c| c.iter().filter(|x| x.is_some()).count());
    out
}

/// Every set partition of `xs` (each block in order, blocks by their first element).
fn partitions(xs: &[usize]) -> Vec<Vec<Vec<usize>>> {
    let Some((&first, rest)) = xs.split_first() else {
        return vec![Vec::new()];
    };
    let mut out = Vec::new();
    for p in partitions(rest) {
        // `first` on its own, or joining each block.
        let mut alone = vec![vec![first]];
        alone.extend(p.iter().cloned());
        out.push(alone);
        for k in 0..p.len() {
            let mut q = p.clone();
            q[k].insert(0, first);
            out.push(q);
        }
    }
    out
}

/// The largest rank of an unranked memref argument a proof covers.
pub const UNRANKED_RANK: u32 = 2;
/// The most unranked memref arguments a proof covers.
pub const MAX_UNRANKED: usize = 2;

/// The rank configurations of `@name`'s unranked memref arguments (per argument: the
/// rank of an unranked one, else `None`): every rank from 0 to `UNRANKED_RANK` for
/// each; `None` past `MAX_UNRANKED` such arguments.
pub fn ranks(src: &Module, name: &str) -> Option<Vec<Vec<Option<u32>>>> {
    let inputs = match src.func(name).and_then(|f| f.std_type()) {
        Some(ft) => ft.inputs.clone(),
        None => return Some(vec![Vec::new()]),
    };
    let unranked: Vec<usize> = (0..inputs.len())
        .filter(|&i| matches!(inputs[i], Type::UnrankedMemRef(..)))
        .collect();
    if unranked.len() > MAX_UNRANKED {
        return None;
    }
    let mut out = vec![vec![None; inputs.len()]];
    for &i in &unranked {
        out = out
            .into_iter()
            .flat_map(|c| {
                (0..=UNRANKED_RANK).map(move |r| {
                    let mut c = c.clone();
                    c[i] = Some(r);
                    c
                })
            })
            .collect();
    }
    Some(out)
}

/// The sharing of a configuration, as `#1 = #0` pairs (argument positions).
pub fn describe(c: &[Option<usize>]) -> String {
    c.iter()
        .enumerate()
        .filter_map(|(i, j)| j.map(|j| format!("argument {i} is argument {j}")))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::partitions;

    #[test]
    fn partitions_are_counted_by_bell_numbers() {
        assert_eq!(partitions(&[0]).len(), 1);
        assert_eq!(partitions(&[0, 1]).len(), 2);
        assert_eq!(partitions(&[0, 1, 2]).len(), 5);
        assert_eq!(partitions(&[0, 1, 2, 3]).len(), 15);
    }
}
