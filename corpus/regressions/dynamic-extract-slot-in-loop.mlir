// `extract_element` with a dynamic outer index on an n-D vector goes through a stack
// slot. The slot was allocated where the op is; in this loop that grew the stack by 8 KiB
// on every one of 200,000 iterations (1.6 GB, far past an 8 MB stack: SIGSEGV in the
// JIT while the interpreter ran it). The slot is now allocated once, at the top of the
// entry block. The result is the sum of 0..200000 = 19999900000.
// run: @main() -> 19999900000 : i64
module {
  func @main() -> i64 {
    %one = constant 1 : i64
    %v = splat %one : vector<32x32xi64>
    %c0 = constant 0 : index
    %c1 = constant 1 : index
    %c32 = constant 32 : index
    %n = constant 200000 : index
    %zero = constant 0 : i64
    br ^loop(%c0, %zero : index, i64)
  ^loop(%i: index, %acc: i64):
    %more = cmpi "slt", %i, %n : index
    cond_br %more, ^body, ^done
  ^body:
    %row = remi_unsigned %i, %c32 : index
    %x = extract_element %v[%row, %c1] : vector<32x32xi64>
    %fi = index_cast %i : index to i64
    %t = muli %x, %fi : i64
    %acc2 = addi %acc, %t : i64
    %i2 = addi %i, %c1 : index
    br ^loop(%i2, %acc2 : index, i64)
  ^done:
    return %acc : i64
  }
}
