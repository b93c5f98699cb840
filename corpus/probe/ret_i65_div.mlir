// run: @main() -> -6148914691236517206 : i65
// Odd width i65: unsigned division and signed remainder of -2^64.
func @main() -> i65 {
  %a = constant -18446744073709551616 : i65
  %b = constant 3 : i65
  %c = divi_unsigned %a, %b : i65
  %d = remi_signed %a, %b : i65
  %e = xor %c, %d : i65
  return %e : i65
}
