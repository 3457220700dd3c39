#include "sgmc/diagnostics/normal_quantile.hpp"

#include <cmath>

namespace sgmc {
namespace {

// Rational function num(x) / den(x), both of degree 7, coefficients from
// the constant term up; den's constant term is 1.
double rational(const double (&num)[8], const double (&den)[7], double x) {
  double n = num[7], d = den[6];
  for (int i = 6; i >= 0; --i) n = n * x + num[i];
  for (int i = 5; i >= 0; --i) d = d * x + den[i];
  return n / (d * x + 1.0);
}

}  // namespace

double normal_quantile(double p) {
  // AS 241: three rational approximations (central, intermediate tail, far tail).
  static constexpr double kCentralNum[8] = {
      3.387132872796366608,   133.14166789178437745, 1971.5909503065514427,
      13731.693765509461125,  45921.953931549871457, 67265.770927008700853,
      33430.575583588128105,  2509.0809287301226727};
  static constexpr double kCentralDen[7] = {
      42.313330701600911252, 687.1870074920579083,  5394.1960214247511077,
      21213.794301586595867, 39307.89580009271061,  28729.085735721942674,
      5226.495278852545925};
  static constexpr double kNearNum[8] = {
      1.42343711074968357734,   4.6303378461565452959,     5.7694972214606914055,
      3.64784832476320460504,   1.27045825245236838258,    0.24178072517745061177,
      0.0227238449892691845833, 7.7454501427834140764e-4};
  static constexpr double kNearDen[7] = {
      2.05319162663775882187,    1.6763848301838038494,     0.68976733498510000455,
      0.14810397642748007459,    0.0151986665636164571966,  5.475938084995344946e-4,
      1.05075007164441684324e-9};
  static constexpr double kFarNum[8] = {
      6.6579046435011037772,     5.4637849111641143699,      1.7848265399172913358,
      0.29656057182850489123,    0.026532189526576123093,    0.0012426609473880784386,
      2.71155556874348757815e-5, 2.01033439929228813265e-7};
  static constexpr double kFarDen[7] = {
      0.59983220655588793769,     0.13692988092273580531,     0.0148753612908506148525,
      7.868691311456132591e-4,    1.8463183175100546818e-5,   1.4215117583164458887e-7,
      2.04426310338993978564e-15};

  const double q = p - 0.5;
  if (std::fabs(q) <= 0.425) return q * rational(kCentralNum, kCentralDen, 0.180625 - q * q);
  const double r = std::sqrt(-std::log(q < 0 ? p : 1.0 - p));
  const double tail = r <= 5.0 ? rational(kNearNum, kNearDen, r - 1.6)
                               : rational(kFarNum, kFarDen, r - 5.0);
  return q < 0 ? -tail : tail;
}

}  // namespace sgmc
