/**
 * The goals every bench line is judged against: issue 18's table ("The bench tells the truth") and
 * shared/ARCHITECTURE. One place, so a line can never carry a looser pass mark than the goal it
 * reports on. Verdicts read "OK" only when the goal is met, and "MISSED" otherwise.
 */
export const GOALS = {
  /** nearby, details, search: API p50 ÷ the same SQL over the plain `pg` driver (or PGlite's). */
  apiOverSql: 1.5,
  /** details: API p50 − SQL p50, milliseconds. */
  detailsOverheadMs: 0.5,
  /** every discovery query: p50 at 1,000,000 outlets ÷ p50 at 100,000, measured interleaved. */
  growth: 1.5,
  /** every discovery query: p95 at 1,000,000 outlets, milliseconds (PostgreSQL). */
  p95At1MMs: 50,
  /** dashboard: the list call as REST serves it ÷ its page query. */
  dashboardOverPage: 1.5,
  /** dashboard: page 1,000 ÷ page 1. */
  deepPageOverFirst: 1.2,
  /** home route JS + CSS, compressed as served ÷ the toolchain floor, compressed the same way. */
  bundleOverFloor: 1.2,
  /** throughput: the app's rate ÷ pgbench's running the same SQL (nearby and details). */
  appOverPgbench: 0.5,
} as const;

export interface Goal {
  min?: number;
  max?: number;
}

/** What one Lighthouse run is judged on (medians of the runs of a page, language and profile). */
export interface LighthouseGoals {
  performance: Goal;
  lcpMs: Goal;
  cls: Goal;
  tbtMs?: Goal;
  accessibility?: Goal;
  bestPractices?: Goal;
  seo?: Goal;
}

/**
 * Lighthouse mobile, per throttling profile (bench/suites/lighthouse.ts), the same in English and Hindi
 * (issue 28: Hindi readers get the same speed).
 * - `default`: Lighthouse's own mobile profile (Moto G Power, slow 4G: 150 ms RTT, 1.6 Mbit/s, 4× CPU);
 *   issue 18's goals.
 * - `slow`: a cheaper phone on a slower network (6× CPU, 300 ms RTT, 700 kbit/s); issue 28's goals.
 */
export const LIGHTHOUSE_GOALS = {
  default: {
    performance: { min: 95 },
    lcpMs: { max: 2_000 },
    cls: { max: 0.05 },
    tbtMs: { max: 150 },
    accessibility: { min: 99 },
    bestPractices: { min: 99 },
    seo: { min: 99 },
  },
  slow: {
    performance: { min: 90 },
    lcpMs: { max: 3_000 },
    cls: { max: 0.05 },
  },
} as const satisfies Record<string, LighthouseGoals>;

/** Issue 17: a page's Hindi performance score within this many points of its English one (default profile). */
export const HINDI_GAP_POINTS = 2;

/** Whether `value` meets `goal`, and the words the bench prints after it. */
export function verdict(value: number, goal: Goal, format: (v: number) => string = (v) => String(v)): { ok: boolean; text: string } {
  if (!Number.isFinite(value)) return { ok: false, text: 'NO VALUE' };
  if (goal.max !== undefined && value > goal.max) return { ok: false, text: `MISSED (goal ≤ ${format(goal.max)})` };
  if (goal.min !== undefined && value < goal.min) return { ok: false, text: `MISSED (goal ≥ ${format(goal.min)})` };
  const parts = [goal.min !== undefined ? `≥ ${format(goal.min)}` : '', goal.max !== undefined ? `≤ ${format(goal.max)}` : ''].filter(Boolean);
  return { ok: true, text: parts.length ? `OK (goal ${parts.join(', ')})` : '' };
}

export function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
