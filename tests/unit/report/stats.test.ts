/** The report's statistics: Wilson intervals and the probability that a variant beats the control. */
import { describe, expect, test } from 'vitest';
import { logGamma, probabilityBeats, wilsonInterval } from '../../../src/server/report/stats.ts';

describe('wilsonInterval (95%)', () => {
  test.each([
    // Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I.
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    // R: binom::binom.wilson(5, 10), (0, 10), (10, 10)
    [5, 10, 0.2366, 0.7634],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
  ])('%i of %i: %f to %f', (x, n, low, high) => {
    const interval = wilsonInterval(x, n)!;
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  test('no visitors: no interval', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

/** P(B > A) = ∫ f_B(x) F_A(x) dx by the trapezoid rule on a fine grid: independent of the closed form. */
function integratedProbability(b: { conversions: number; visitors: number }, a: { conversions: number; visitors: number }) {
  const steps = 200_000;
  const h = 1 / steps;
  const density = (alpha: number, beta: number) => {
    const logNorm = logGamma(alpha + beta) - logGamma(alpha) - logGamma(beta);
    return (x: number) => (x <= 0 || x >= 1 ? 0 : Math.exp(logNorm + (alpha - 1) * Math.log(x) + (beta - 1) * Math.log(1 - x)));
  };
  const fa = density(1 + a.conversions, 1 + a.visitors - a.conversions);
  const fb = density(1 + b.conversions, 1 + b.visitors - b.conversions);
  let cdfA = 0;
  let total = 0;
  for (let i = 1; i <= steps; i++) {
    const [x0, x1] = [(i - 1) * h, i * h];
    const before = cdfA;
    cdfA += (h / 2) * (fa(x0) + fa(x1));
    total += (h / 2) * (fb(x0) * before + fb(x1) * cdfA);
  }
  return total;
}

describe('probabilityBeats (Beta(1 + x, 1 + n − x) posteriors)', () => {
  test.each([
    [0, 0],
    [10, 100],
    [3, 7],
    [500, 10_000],
  ])('the same counts (%i of %i) on both sides: exactly even', (x, n) => {
    expect(probabilityBeats({ conversions: x, visitors: n }, { conversions: x, visitors: n })).toBeCloseTo(0.5, 9);
  });

  test('a clearly better variant: above 0.95, and the control against it below 0.05', () => {
    const better = { conversions: 60, visitors: 500 };
    const control = { conversions: 30, visitors: 500 };
    expect(probabilityBeats(better, control)).toBeGreaterThan(0.99);
    expect(probabilityBeats(control, better)).toBeLessThan(0.01);
  });

  test('a known value: Beta(2, 1) against Beta(1, 2) is 5/6', () => {
    expect(probabilityBeats({ conversions: 1, visitors: 1 }, { conversions: 0, visitors: 1 })).toBeCloseTo(5 / 6, 10);
  });

  test.each([
    [
      { conversions: 12, visitors: 80 },
      { conversions: 7, visitors: 75 },
    ],
    [
      { conversions: 2, visitors: 40 },
      { conversions: 9, visitors: 41 },
    ],
    [
      { conversions: 130, visitors: 1000 },
      { conversions: 118, visitors: 1000 },
    ],
  ])('agrees with numeric integration and with its complement (%o against %o)', (b, a) => {
    const p = probabilityBeats(b, a);
    expect(p).toBeCloseTo(integratedProbability(b, a), 4);
    expect(p + probabilityBeats(a, b)).toBeCloseTo(1, 10);
  });

  test('large counts stay finite and deterministic', () => {
    const p = probabilityBeats({ conversions: 5200, visitors: 100_000 }, { conversions: 5000, visitors: 100_000 });
    expect(p).toBeGreaterThan(0.97);
    expect(p).toBeLessThan(1);
    expect(probabilityBeats({ conversions: 5200, visitors: 100_000 }, { conversions: 5000, visitors: 100_000 })).toBe(p);
  });
});

test('logGamma: Γ(5) = 24, Γ(1/2) = √π', () => {
  expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
  expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
});
