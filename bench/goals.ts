/**
 * The goals every bench line is judged against: issue 18's table ("The bench tells the truth"),
 * shared/ARCHITECTURE, and the CEO's decisions of issue 31 (details and dashboard judged by the HTTP
 * floor, throughput by a node:http + pg floor, the bundle by 1.5× the toolchain). One place, so a line can never carry a looser pass mark than the goal it
 * reports on. Verdicts read "OK" only when the goal is met, and "MISSED" otherwise.
 */
export const GOALS = {
  /** nearby, details, search: API p50 ÷ the same SQL over the plain `pg` driver (or PGlite's). */
  apiOverSql: 1.5,
  /** details: API p50 − SQL p50, milliseconds (information since issue 31: the floor line below judges). */
  detailsOverheadMs: 0.5,
  /**
   * details and the dashboard's list (issue 31): API p50 ÷ the HTTP floor measured in the same run,
   * /healthz p50 + the statement's SQL p50: what any HTTP app answering with that statement pays.
   */
  apiOverHttpFloor: 1.5,
  /** every discovery query: p50 at 1,000,000 outlets ÷ p50 at 100,000, measured interleaved. */
  growth: 1.5,
  /** every discovery query: p95 at 1,000,000 outlets, milliseconds (PostgreSQL). */
  p95At1MMs: 50,
  /** dashboard: page 1,000 ÷ page 1. */
  deepPageOverFirst: 1.2,
  /** home route JS + CSS, compressed as served ÷ the toolchain floor, compressed the same way (issue 31: 1.5). */
  bundleOverFloor: 1.5,
  /**
   * throughput (issue 31): the app's rate ÷ a bare node:http + pg server's running the same prepared
   * statements and answering the same JSON (nearby and details).
   */
  appOverDbFloor: 0.6,
  /** cluster (issue 31): discovery p99 through HAProxy with 3 instances, at the concurrency where 1 instance saturates, ms. */
  clusterDiscoveryP99Ms: 300,
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
