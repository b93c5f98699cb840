#!/usr/bin/env python3
"""Writes the lowering benchmark's module twice: in LLVM 11 Standard syntax (for
stdlower) and in today's upstream syntax (for mlir-opt). Same functions, same ops:
FUNCS functions of about OPS ops each (loads, stores, integer arithmetic, compares,
selects and branches), so both tools lower the same amount of code."""
import sys

def blocks(ops_per_func):
    # Each block: 8 ops of straight-line code + a conditional branch.
    return max(1, ops_per_func // 9)

def gen(funcs, ops, modern):
    out = []
    if modern:
        C = lambda v, t: f"arith.constant {v} : {t}"
        fn, ret = "func.func", "func.return"
        ld = lambda m, i: f"memref.load {m}[{i}] : memref<?xi64>"
        st = lambda v, m, i: f"memref.store {v}, {m}[{i}] : memref<?xi64>"
        add, mul, xor = "arith.addi", "arith.muli", "arith.xori"
        cmp = lambda p, a, b: f"arith.cmpi {p}, {a}, {b} : i64"
        sel = lambda c, a, b: f"arith.select {c}, {a}, {b} : i64"
        br, cbr = "cf.br", "cf.cond_br"
    else:
        C = lambda v, t: f"constant {v} : {t}"
        fn, ret = "func", "return"
        ld = lambda m, i: f"load {m}[{i}] : memref<?xi64>"
        st = lambda v, m, i: f"store {v}, {m}[{i}] : memref<?xi64>"
        add, mul, xor = "addi", "muli", "xor"
        cmp = lambda p, a, b: f'cmpi "{p}", {a}, {b} : i64'
        sel = lambda c, a, b: f"select {c}, {a}, {b} : i64"
        br, cbr = "br", "cond_br"
    out.append("module {")
    for f in range(funcs):
        out.append(f"  {fn} @f{f}(%m: memref<?xi64>, %i: index, %x0: i64) -> i64 {{")
        out.append(f"    %k = {C(7, 'i64')}")
        out.append(f"    {br} ^b0(%x0 : i64)")
        nb = blocks(ops)
        for b in range(nb):
            out.append(f"  ^b{b}(%x{b}_in: i64):")
            x = f"%x{b}_in"
            out.append(f"    %v{b} = {ld('%m', '%i')}")
            out.append(f"    %a{b} = {add} %v{b}, {x} : i64")
            out.append(f"    %p{b} = {mul} %a{b}, %k : i64")
            out.append(f"    %q{b} = {xor} %p{b}, %v{b} : i64")
            out.append(f"    %c{b} = {cmp('slt', f'%q{b}', f'%a{b}')}")
            out.append(f"    %s{b} = {sel(f'%c{b}', f'%q{b}', f'%a{b}')}")
            out.append(f"    {st(f'%s{b}', '%m', '%i')}")
            out.append(f"    %d{b} = {cmp('eq', f'%s{b}', '%k')}")
            if b + 1 < nb:
                out.append(f"    {cbr} %d{b}, ^b{b+1}(%s{b} : i64), ^b{b+1}(%q{b} : i64)" if not modern
                           else f"    {cbr} %d{b}, ^b{b+1}(%s{b} : i64), ^b{b+1}(%q{b} : i64)")
            else:
                out.append(f"    {ret} %s{b} : i64")
        out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"

if __name__ == "__main__":
    funcs, ops, legacy_path, modern_path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    open(legacy_path, "w").write(gen(funcs, ops, False))
    open(modern_path, "w").write(gen(funcs, ops, True))
