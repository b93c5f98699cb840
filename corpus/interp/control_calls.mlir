// Control flow and calls: a cond_br whose two edges reach the same block with different
// operands, block arguments that swap (parallel assignment), multi-result calls,
// call_indirect through function references chosen at run time, recursion, and a
// function reference as a result.
// run: @pick(true : i1, 3 : i64, 4 : i64) -> 3 : i64
// run: @pick(false : i1, 3 : i64, 4 : i64) -> 4 : i64
// run: @pick_vec(false : i1) -> [5, 6] : vector<2xi8>
// run: @swap(5 : i32) -> 2 : i64, 1 : i64
// run: @swap(4 : i32) -> 1 : i64, 2 : i64
// run: @apply(true : i1, 6 : i64) -> 36 : i64, @square : (i64) -> i64
// run: @apply(false : i1, 6 : i64) -> -6 : i64, @negate : (i64) -> i64
// run: @fact(20 : i64) -> 2432902008176640000 : i64
// run: @ackermann(2 : i64, 3 : i64) -> 9 : i64
// run: @divmod(-100 : i64, 7 : i64) -> -14 : i64, -2 : i64
// run: @nothing() -> ()
// run: @swap_vec(3 : i32) -> [5, 6] : vector<2xi8>, [1, 2] : vector<2xi8>
func @pick(%c: i1, %a: i64, %b: i64) -> i64 {
  cond_br %c, ^bb1(%a : i64), ^bb1(%b : i64)
^bb1(%x: i64):
  return %x : i64
}
func @pick_vec(%c: i1) -> vector<2xi8> {
  %a = constant dense<[1, 2]> : vector<2xi8>
  %b = constant dense<[5, 6]> : vector<2xi8>
  cond_br %c, ^bb1(%a, %b : vector<2xi8>, vector<2xi8>), ^bb1(%b, %a : vector<2xi8>, vector<2xi8>)
^bb1(%x: vector<2xi8>, %y: vector<2xi8>):
  return %x : vector<2xi8>
}
func @swap(%n: i32) -> (i64, i64) {
  %c0 = constant 0 : i32
  %c1 = constant 1 : i32
  %a = constant 1 : i64
  %b = constant 2 : i64
  br ^loop(%c0, %a, %b : i32, i64, i64)
^loop(%i: i32, %x: i64, %y: i64):
  %done = cmpi "eq", %i, %n : i32
  cond_br %done, ^exit, ^body
^body:
  %i2 = addi %i, %c1 : i32
  br ^loop(%i2, %y, %x : i32, i64, i64)
^exit:
  return %x, %y : i64, i64
}
func @square(%x: i64) -> i64 {
  %r = muli %x, %x : i64
  return %r : i64
}
func @negate(%x: i64) -> i64 {
  %z = constant 0 : i64
  %r = subi %z, %x : i64
  return %r : i64
}
func @apply(%c: i1, %x: i64) -> (i64, (i64) -> i64) {
  %f = constant @square : (i64) -> i64
  %g = constant @negate : (i64) -> i64
  %h = select %c, %f, %g : (i64) -> i64
  %r = call_indirect %h(%x) : (i64) -> i64
  return %r, %h : i64, (i64) -> i64
}
func @fact(%n: i64) -> i64 {
  %one = constant 1 : i64
  %le = cmpi "sle", %n, %one : i64
  cond_br %le, ^base, ^rec
^base:
  return %one : i64
^rec:
  %m = subi %n, %one : i64
  %r = call @fact(%m) : (i64) -> i64
  %p = muli %n, %r : i64
  return %p : i64
}
func @ackermann(%m: i64, %n: i64) -> i64 {
  %zero = constant 0 : i64
  %one = constant 1 : i64
  %mz = cmpi "eq", %m, %zero : i64
  cond_br %mz, ^m0, ^mpos
^m0:
  %r0 = addi %n, %one : i64
  return %r0 : i64
^mpos:
  %m1 = subi %m, %one : i64
  %nz = cmpi "eq", %n, %zero : i64
  cond_br %nz, ^n0, ^npos
^n0:
  %r1 = call @ackermann(%m1, %one) : (i64, i64) -> i64
  return %r1 : i64
^npos:
  %n1 = subi %n, %one : i64
  %inner = call @ackermann(%m, %n1) : (i64, i64) -> i64
  %r2 = call @ackermann(%m1, %inner) : (i64, i64) -> i64
  return %r2 : i64
}
func @divmod(%a: i64, %b: i64) -> (i64, i64) {
  %q = divi_signed %a, %b : i64
  %r = remi_signed %a, %b : i64
  return %q, %r : i64, i64
}
func @nothing() {
  return
}
func @swap_vec(%n: i32) -> (vector<2xi8>, vector<2xi8>) {
  %c0 = constant 0 : i32
  %c1 = constant 1 : i32
  %a = constant dense<[1, 2]> : vector<2xi8>
  %b = constant dense<[5, 6]> : vector<2xi8>
  br ^loop(%c0, %a, %b : i32, vector<2xi8>, vector<2xi8>)
^loop(%i: i32, %x: vector<2xi8>, %y: vector<2xi8>):
  %done = cmpi "eq", %i, %n : i32
  cond_br %done, ^exit, ^body
^body:
  %i2 = addi %i, %c1 : i32
  br ^loop(%i2, %y, %x : i32, vector<2xi8>, vector<2xi8>)
^exit:
  return %x, %y : vector<2xi8>, vector<2xi8>
}
