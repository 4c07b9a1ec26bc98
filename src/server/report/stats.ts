/**
 * The report's statistics, deterministic (no sampling): the same rows always give the same page.
 *
 * - `wilsonInterval`: the 95% Wilson score interval of a conversion rate, which stays inside
 *   [0, 1] and behaves at 0 or n conversions, where the normal approximation does not.
 * - `probabilityBeats`: with uniform priors, a variant's rate given x conversions of n visitors is
 *   Beta(1 + x, 1 + n − x); the probability that B's rate is above A's is the closed-form sum of
 *   Evan Miller ("Formulas for Bayesian A/B Testing"), a sum of α_B terms (α an integer here).
 */

/** The normal quantile of 97.5%: a two-sided 95% interval. */
const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Null when there are no visitors (no rate to bound). */
export function wilsonInterval(conversions: number, visitors: number, z = Z95): Interval | null {
  if (visitors <= 0) return null;
  const p = conversions / visitors;
  const z2 = z * z;
  const denominator = 1 + z2 / visitors;
  const centre = (p + z2 / (2 * visitors)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / visitors + z2 / (4 * visitors * visitors));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface Counts {
  conversions: number;
  visitors: number;
}

/**
 * P(rate of B > rate of A) under Beta(1 + x, 1 + n − x) posteriors. The sum runs over the
 * smaller α (P(B > A) = 1 − P(A > B): the posteriors are continuous), so its length is the
 * smaller number of conversions plus one.
 */
export function probabilityBeats(b: Counts, a: Counts): number {
  const alphaA = 1 + a.conversions;
  const alphaB = 1 + b.conversions;
  const betaA = 1 + a.visitors - a.conversions;
  const betaB = 1 + b.visitors - b.conversions;
  if (alphaB <= alphaA) return clamp01(millerSum(alphaA, betaA, alphaB, betaB));
  return clamp01(1 - millerSum(alphaB, betaB, alphaA, betaA));
}

/** Σ_{i=0}^{αB−1} B(αA + i, βA + βB) / ((βB + i) · B(1 + i, βB) · B(αA, βA)), in logarithms. */
function millerSum(alphaA: number, betaA: number, alphaB: number, betaB: number): number {
  const base = logBeta(alphaA, betaA);
  let total = 0;
  for (let i = 0; i < alphaB; i++)
    total += Math.exp(logBeta(alphaA + i, betaA + betaB) - Math.log(betaB + i) - logBeta(1 + i, betaB) - base);
  return total;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** Lanczos approximation (g = 7, 9 terms): about 15 significant digits for x > 0. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}
