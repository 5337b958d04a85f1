import { performance } from 'node:perf_hooks';
import { verdict, type Goal } from './goals.ts';

export interface Stats {
  name: string;
  n: number;
  p50: number;
  p95: number;
  mean: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/**
 * Times `fn` `iterations` times after `warmup` untimed runs, with `concurrency` calls in flight.
 * Returns milliseconds per call. Bounded by count: a benchmark never runs open-ended.
 */
export async function measure(
  name: string,
  fn: () => Promise<unknown>,
  options: { iterations?: number; warmup?: number; concurrency?: number } = {},
): Promise<Stats> {
  const iterations = options.iterations ?? 300;
  const concurrency = options.concurrency ?? 1;
  for (let i = 0; i < (options.warmup ?? 30); i++) await fn();
  const samples: number[] = [];
  let next = 0;
  async function worker() {
    while (next < iterations) {
      next++;
      const t0 = performance.now();
      await fn();
      samples.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  samples.sort((a, b) => a - b);
  return {
    name,
    n: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
  };
}

export function formatStats(s: Stats): string {
  return `${s.name.padEnd(44)} n=${String(s.n).padStart(4)}  p50=${s.p50.toFixed(3).padStart(8)} ms  p95=${s.p95.toFixed(3).padStart(8)} ms`;
}

export type JudgedKind = 'ratio' | 'ms' | 'count';

export const formatJudged = (kind: JudgedKind, v: number) =>
  kind === 'ratio' ? `${v.toFixed(2)}×` : kind === 'ms' ? `${v.toFixed(3)} ms` : v.toFixed(0);

/**
 * A measured value against its goal (bench/goals.ts): "OK" only when the goal is met, "MISSED"
 * otherwise; without a goal the line is information only.
 */
export function formatJudgedLine(label: string, value: number, kind: JudgedKind, goal?: Goal): { text: string; ok: boolean | null } {
  const shown = formatJudged(kind, value).padStart(11);
  if (!goal) return { text: `${label.padEnd(62)} ${shown}`, ok: null };
  const v = verdict(value, goal, (x) => formatJudged(kind, x));
  return { text: `${label.padEnd(62)} ${shown}  ${v.text}`, ok: v.ok };
}

/** A ratio against a reference measured in the same run, judged against `goal` when one is given. */
export function formatRatio(label: string, value: number, reference: number, goal?: Goal): string {
  return formatJudgedLine(label, value / reference, 'ratio', goal).text;
}

/**
 * Times several functions round-robin (one call of each per round, in a rotating order), so every one
 * sees the same machine load: on a busy machine this is what makes their p50s comparable. Sequential
 * (one call in flight), after 150 untimed rounds by default. Returns stats in the order given.
 */
export async function measureInterleaved(
  fns: readonly { name: string; fn: () => Promise<unknown> }[],
  options: { iterations?: number; warmup?: number } = {},
): Promise<Stats[]> {
  const iterations = options.iterations ?? 300;
  // Enough untimed rounds for V8 to finish optimising every path being compared: with 20, the first
  // rounds of a path the run had not called yet (tRPC's, say) were still running unoptimised code and
  // showed up in its p50 (measured: 0.15–0.2 ms on a 2 ms call).
  for (let i = 0; i < (options.warmup ?? 150); i++) for (const f of fns) await f.fn();
  const samples = fns.map(() => [] as number[]);
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < fns.length; k++) {
      const j = (i + k) % fns.length;
      const t0 = performance.now();
      await fns[j]!.fn();
      samples[j]!.push(performance.now() - t0);
    }
  }
  return fns.map((f, j) => {
    const s = samples[j]!.sort((a, b) => a - b);
    return { name: f.name, n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), mean: s.reduce((a, b) => a + b, 0) / s.length };
  });
}
