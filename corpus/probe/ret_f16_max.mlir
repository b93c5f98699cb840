// run: @main() -> 32750.0 : f16
// The largest f16 halved: 32752 prints as 32750.0 (shortest round-trip digits).
func @main() -> f16 {
  %a = constant 65504.0 : f16
  %b = constant 2.0 : f16
  %c = divf %a, %b : f16
  return %c : f16
}
