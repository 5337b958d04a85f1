import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { HINDI_GAP_POINTS, LIGHTHOUSE_GOALS, median, verdict, type Goal, type LighthouseGoals } from '../goals.ts';
import { freePort, repoRoot, stopGroup as stop, waitFor } from '../lib/process.ts';
import { CHROMIUM_FLAGS } from '../../e2e/chromium.ts';

/**
 * Lighthouse mobile (issues 18 and 28): every page in English and in Hindi, on two throttling profiles
 * (`PROFILES`), three runs each, medians printed against the goals in bench/goals.ts. The app is started
 * exactly as `npm start` starts it (`npm start` itself: the build, then the server with its request
 * logging, on a fresh embedded database with the demo data), on `--lighthouse-port=N` (else a free port
 * the system picks), unless `--lighthouse-url=http://…` points at an app already running. Chromium is
 * Debian's (`/usr/bin/chromium` or CHROMIUM_PATH), headless, with the same flags as the e2e suite; one
 * browser prefers English, the other Hindi (`Accept-Language: hi-IN,hi`), so the app opens in that
 * language as it would for a reader whose phone is set to it.
 *
 * Runs are interleaved (round 1 of every case, then round 2, …) so a busy moment on this shared
 * machine spreads over the cases instead of sinking one of them.
 *
 * Flags (each optional): `--lighthouse-runs=5`, `--lighthouse-pages=/,outlet page`,
 * `--lighthouse-languages=hi`, `--lighthouse-profiles=slow`, `--lighthouse-port=3601`,
 * `--lighthouse-url=http://127.0.0.1:3601`; LIGHTHOUSE_REPORT_DIR keeps every run's report and trace.
 */

export const LIGHTHOUSE_RUNS = 3;

export type ProfileName = keyof typeof LIGHTHOUSE_GOALS;

/** Lighthouse's throttling settings (its `throttling` flag); simulated, as Lighthouse's default is. */
interface Throttling {
  rttMs: number;
  throughputKbps: number;
  requestLatencyMs: number;
  downloadThroughputKbps: number;
  uploadThroughputKbps: number;
  cpuSlowdownMultiplier: number;
}

/** DevTools' own network throttling is set with these factors over the simulated RTT and throughput, as Lighthouse's profiles are. */
const DEVTOOLS_RTT_FACTOR = 3.75;
const DEVTOOLS_THROUGHPUT_FACTOR = 0.9;

/** A profile's settings from its RTT, bandwidth and CPU slowdown, the way Lighthouse writes its own. */
export function throttlingOf(rttMs: number, throughputKbps: number, cpuSlowdownMultiplier: number): Throttling {
  return {
    rttMs,
    throughputKbps,
    requestLatencyMs: rttMs * DEVTOOLS_RTT_FACTOR,
    downloadThroughputKbps: throughputKbps * DEVTOOLS_THROUGHPUT_FACTOR,
    uploadThroughputKbps: throughputKbps * DEVTOOLS_THROUGHPUT_FACTOR,
    cpuSlowdownMultiplier,
  };
}

/**
 * The throttling profiles, judged against `LIGHTHOUSE_GOALS[name]`:
 * - `default`: Lighthouse's mobile profile as it ships (simulated slow 4G: 150 ms RTT, 1.6 Mbit/s; 4× CPU).
 * - `slow`: a cheaper phone on a slower network (issue 28): 6× CPU, 300 ms RTT, 700 kbit/s
 *   (Lighthouse's "regular 3G" network with a slower CPU).
 */
export const PROFILES: Record<ProfileName, { label: string; throttling: Throttling | null }> = {
  default: { label: 'slow 4G, 4× CPU', throttling: null },
  slow: { label: '300 ms RTT, 700 kbit/s, 6× CPU', throttling: throttlingOf(300, 700, 6) },
};

export type Language = 'en' | 'hi';

/** Each language as the browser asks for it (Chromium's `--accept-lang`). */
export const LANGUAGES: Record<Language, { label: string; acceptLanguage: string }> = {
  en: { label: 'English', acceptLanguage: 'en-IN,en' },
  hi: { label: 'Hindi', acceptLanguage: 'hi-IN,hi' },
};

/** The journeys' flags, and /dev/shm left alone (a container's is small). */
const LIGHTHOUSE_CHROMIUM_FLAGS = [...CHROMIUM_FLAGS, '--disable-dev-shm-usage'];

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The top opportunities and failed audits of the run, for reading why a page misses. */
  findings: string[];
}

/** One measured combination: a page, in a language, on a profile. */
export interface LighthouseCase {
  page: string;
  path: string;
  language: Language;
  profile: ProfileName;
}

export const caseName = (c: Pick<LighthouseCase, 'page' | 'language' | 'profile'>) => `${c.page} (${LANGUAGES[c.language].label}, ${c.profile})`;

function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'NODE_ENV') env[k] = v;
  return env;
}

/** `npm start` on a fresh data directory and `port` (else a free one); resolves with its base URL once /readyz answers. */
async function startApp(print: (line: string) => void, port?: number): Promise<{ baseUrl: string; child: ChildProcess; dataDir: string }> {
  port ??= await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-lighthouse-'));
  print(`starting the app with \`npm start\` on port ${port} (build, then the server; DATA_DIR ${dataDir})…`);
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    // As a shell starts it: not the NODE_ENV a Vite build in this process may have set (bundle suite).
    env: { ...inheritedEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: process.env.LIGHTHOUSE_DATABASE_URL ?? '' },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4_000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/readyz`, 300_000, child);
  } catch (e) {
    await stop(child);
    throw new Error(`${(e as Error).message}\n${stderr}`);
  }
  return { baseUrl, child, dataDir };
}

/** Headless Chromium with a DevTools port for Lighthouse to drive, preferring `languages`. */
async function startChromium(languages: string): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-lighthouse-chromium-'));
  const port = await freePort();
  const flags = [...LIGHTHOUSE_CHROMIUM_FLAGS, `--lang=${languages.split(',')[0]}`, `--accept-lang=${languages}`, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`];
  const child = spawn(process.env.CHROMIUM_PATH || '/usr/bin/chromium', [...flags, 'about:blank'], {
    detached: true,
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/json/version`, 30_000, child);
  return { port, child, profile };
}

/**
 * The pages: issue 28's first screens (home, an outlet page, its enter-amount page, signed out) in both
 * languages, and issue 18's business login in English.
 */
async function pagesOf(baseUrl: string): Promise<{ name: string; path: string; languages: Language[] }[]> {
  const res = await fetch(`${baseUrl}/api/outlet/getNearbyOutlets?offSet=1&limit=1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ noLocation: true }),
  });
  const body = (await res.json()) as { outlets: { OUTLET_ID: number; CITY_SLUG: string; SLUG: string }[] };
  const outlet = body.outlets[0];
  if (!outlet) throw new Error('no outlet in the demo data');
  return [
    { name: '/', path: '/', languages: ['en', 'hi'] },
    { name: 'outlet page', path: `/${outlet.CITY_SLUG}/${outlet.SLUG}`, languages: ['en', 'hi'] },
    { name: '/enter-amount/{id}', path: `/enter-amount/${outlet.OUTLET_ID}`, languages: ['en', 'hi'] },
    { name: '/for-bussiness/login', path: '/for-bussiness/login', languages: ['en'] },
    // The scanner (issue 30): no camera in the measuring browser, so it shows the typed-code form.
    { name: '/scan', path: '/scan', languages: ['en', 'hi'] },
  ];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function runOf(lhr: Lhr): LighthouseRun {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const findings: string[] = [];
  for (const [id, audit] of Object.entries(lhr.audits)) {
    const savings = (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs;
    if (audit.details?.type === 'opportunity' && savings && savings > 100) findings.push(`${id} (−${Math.round(savings)} ms)`);
  }
  for (const cat of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) findings.push(`${cat}: ${ref.id}`);
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    findings,
  };
}

/** The medians of a case's runs, metric by metric. */
export function mediansOf(runs: readonly LighthouseRun[]): Omit<LighthouseRun, 'findings'> {
  const m = (pick: (r: LighthouseRun) => number) => median(runs.map(pick));
  return {
    performance: m((r) => r.performance),
    accessibility: m((r) => r.accessibility),
    bestPractices: m((r) => r.bestPractices),
    seo: m((r) => r.seo),
    fcpMs: m((r) => r.fcpMs),
    lcpMs: m((r) => r.lcpMs),
    cls: m((r) => r.cls),
    tbtMs: m((r) => r.tbtMs),
  };
}

export interface Verdict {
  label: string;
  ok: boolean;
  text: string;
}

const METRICS: { key: keyof LighthouseGoals & keyof ReturnType<typeof mediansOf>; label: string; format: (v: number) => string }[] = [
  { key: 'performance', label: 'performance', format: (v) => String(v) },
  { key: 'lcpMs', label: 'LCP', format: (v) => `${(v / 1000).toFixed(2)} s` },
  { key: 'cls', label: 'CLS', format: (v) => v.toFixed(3) },
  { key: 'tbtMs', label: 'TBT', format: (v) => `${Math.round(v)} ms` },
  { key: 'accessibility', label: 'accessibility', format: (v) => String(v) },
  { key: 'bestPractices', label: 'best practices', format: (v) => String(v) },
  { key: 'seo', label: 'SEO', format: (v) => String(v) },
];

/** A case's medians against its profile's goals: one verdict per metric that has a goal there. */
export function judgeCase(c: LighthouseCase, medians: ReturnType<typeof mediansOf>, goals: LighthouseGoals = LIGHTHOUSE_GOALS[c.profile]): Verdict[] {
  const out: Verdict[] = [];
  for (const { key, label, format } of METRICS) {
    const goal: Goal | undefined = goals[key];
    if (!goal) continue;
    const v = verdict(medians[key], goal, format);
    out.push({ label: `${caseName(c)} ${label}`, ok: v.ok, text: `${caseName(c)}: ${label} ${format(medians[key])}  ${v.text}` });
  }
  return out;
}

/**
 * Issue 17: on the default profile, a page's Hindi score within `HINDI_GAP_POINTS` of its English one
 * (both measured in this run); null when the run measured the page in only one language.
 */
export function judgeGap(page: string, english: number | undefined, hindi: number | undefined): Verdict | null {
  if (english === undefined || hindi === undefined) return null;
  const gap = english - hindi;
  const v = verdict(gap, { max: HINDI_GAP_POINTS }, (x) => `${x} points`);
  return { label: `${page} Hindi − English`, ok: v.ok, text: `${page}: Hindi ${hindi} vs English ${english}, gap ${gap} points  ${v.text}` };
}

/** One line of the table: a case's medians, and MISSED after any metric that misses its goal. */
export function tableRow(c: LighthouseCase, medians: ReturnType<typeof mediansOf>, verdicts: readonly Verdict[]): string {
  const missed = verdicts.filter((v) => !v.ok).map((v) => v.label.slice(caseName(c).length + 1));
  return [
    c.page.padEnd(20),
    LANGUAGES[c.language].label.padEnd(8),
    c.profile.padEnd(8),
    String(medians.performance).padStart(5),
    `${(medians.lcpMs / 1000).toFixed(2)} s`.padStart(8),
    medians.cls.toFixed(3).padStart(6),
    `${Math.round(medians.tbtMs)} ms`.padStart(8),
    `${(medians.fcpMs / 1000).toFixed(2)} s`.padStart(8),
    `  ${medians.accessibility}/${medians.bestPractices}/${medians.seo}`.padEnd(14),
    missed.length ? `MISSED: ${missed.join(', ')}` : 'OK',
  ].join(' ');
}

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const listFlag = (name: string) => flag(name)?.split(',').map((s) => s.trim()).filter(Boolean);

export async function lighthouseSuite({ print }: { print: (line: string) => void }): Promise<{ ok: boolean; verdicts: Verdict[] }> {
  const urlFlag = flag('lighthouse-url');
  const runsFlag = flag('lighthouse-runs');
  const portFlag = flag('lighthouse-port') ?? process.env.LIGHTHOUSE_PORT;
  const runs = runsFlag ? Number(runsFlag) : LIGHTHOUSE_RUNS;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--lighthouse-runs: ${runsFlag} is not a number of runs`);
  const port = portFlag ? Number(portFlag) : undefined;
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65_536)) throw new Error(`--lighthouse-port: ${portFlag} is not a port`);
  const languages = (listFlag('lighthouse-languages') ?? ['en', 'hi']) as Language[];
  const profiles = (listFlag('lighthouse-profiles') ?? Object.keys(PROFILES)) as ProfileName[];
  for (const l of languages) if (!(l in LANGUAGES)) throw new Error(`--lighthouse-languages: ${l} is not one of ${Object.keys(LANGUAGES).join(', ')}`);
  for (const p of profiles) if (!(p in PROFILES)) throw new Error(`--lighthouse-profiles: ${p} is not one of ${Object.keys(PROFILES).join(', ')}`);

  const app = urlFlag ? null : await startApp(print, port);
  const baseUrl = urlFlag ?? app!.baseUrl;
  const browsers = new Map<Language, Awaited<ReturnType<typeof startChromium>>>();
  const verdicts: Verdict[] = [];
  try {
    for (const l of languages) browsers.set(l, await startChromium(LANGUAGES[l].acceptLanguage));
    // --lighthouse-pages=/,outlet page: only the pages whose name is one of those (for a quick look at one).
    const only = listFlag('lighthouse-pages');
    const pages = (await pagesOf(baseUrl)).filter((p) => !only || only.includes(p.name));
    if (pages.length === 0) throw new Error(`--lighthouse-pages: none of ${only?.join(', ')} is a page here`);
    const cases: LighthouseCase[] = pages.flatMap((p) =>
      profiles.flatMap((profile) => p.languages.filter((l) => languages.includes(l)).map((language) => ({ page: p.name, path: p.path, language, profile }))),
    );
    if (cases.length === 0) throw new Error('no page is measured in the languages asked for');
    print(`${cases.length} cases × ${runs} runs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    // Untimed: the server's first answers (cold caches, lazy compiles, each language's render) are not what a shopper meets.
    for (const c of cases) await fetch(`${baseUrl}${c.path}`, { headers: { 'Accept-Language': LANGUAGES[c.language].acceptLanguage } });
    const results = new Map<LighthouseCase, LighthouseRun[]>(cases.map((c) => [c, []]));
    for (let round = 0; round < runs; round++) {
      for (const c of cases) {
        // A run Chrome could not load (an interstitial: a connection the loaded machine dropped) is
        // tried once more; a second failure ends the suite.
        let result: Awaited<ReturnType<typeof lighthouse>> | undefined;
        const throttling = PROFILES[c.profile].throttling;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(`${baseUrl}${c.path}`, {
            port: browsers.get(c.language)!.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            ...(throttling ? { throttlingMethod: 'simulate' as const, throttling } : {}),
          });
          if (!result) throw new Error(`lighthouse gave no result for ${c.path}`);
          const failure = result.lhr.runtimeError;
          if (!failure) break;
          if (attempt === 2) throw new Error(`lighthouse: ${failure.code} ${failure.message}`);
          print(`  run ${round + 1} ${caseName(c)}: ${failure.code}, trying again`);
        }
        const run = runOf(result.lhr);
        results.get(c)!.push(run);
        // LIGHTHOUSE_REPORT_DIR keeps each run's full report (the main-thread tasks, the LCP element).
        const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
        if (reportDir) {
          fs.mkdirSync(reportDir, { recursive: true });
          const slug = `${c.page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${c.language}-${c.profile}`;
          fs.writeFileSync(path.join(reportDir, `${slug}-run${round + 1}.json`), JSON.stringify(result.lhr));
          // and its Chrome trace: what each long task did (open it in DevTools' Performance panel).
          const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
          if (trace) fs.writeFileSync(path.join(reportDir, `${slug}-run${round + 1}.trace.json`), JSON.stringify(trace));
        }
        print(
          `  run ${round + 1} ${caseName(c).padEnd(44)} perf ${String(run.performance).padStart(3)}  FCP ${(run.fcpMs / 1000).toFixed(2)} s  LCP ${(run.lcpMs / 1000).toFixed(2)} s  CLS ${run.cls.toFixed(3)}  TBT ${Math.round(run.tbtMs)} ms  a11y ${run.accessibility} BP ${run.bestPractices} SEO ${run.seo}`,
        );
      }
    }
    print(`\nmedians of ${runs} runs (Lighthouse 12 mobile, simulated throttling; load average now ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    for (const [name, p] of Object.entries(PROFILES)) if (profiles.includes(name as ProfileName)) print(`  ${name.padEnd(8)} ${p.label}; goals ${describeGoals(LIGHTHOUSE_GOALS[name as ProfileName])}`);
    print(`${'page'.padEnd(20)} ${'language'.padEnd(8)} ${'profile'.padEnd(8)} ${'perf'.padStart(5)} ${'LCP'.padStart(8)} ${'CLS'.padStart(6)} ${'TBT'.padStart(8)} ${'FCP'.padStart(8)}   a11y/BP/SEO`);
    const medians = new Map(cases.map((c) => [c, mediansOf(results.get(c)!)]));
    for (const c of cases) {
      const judged = judgeCase(c, medians.get(c)!);
      verdicts.push(...judged);
      print(tableRow(c, medians.get(c)!, judged));
    }
    for (const c of cases) {
      const findings = [...new Set(results.get(c)!.flatMap((r) => r.findings))];
      if (findings.length) print(`  findings, ${caseName(c)}: ${findings.join(', ')}`);
    }
    // Issue 17: each page's Hindi within a couple of points of its English (the default profile).
    for (const p of pages) {
      const perf = (language: Language) => {
        const c = cases.find((x) => x.page === p.name && x.language === language && x.profile === 'default');
        return c ? medians.get(c)!.performance : undefined;
      };
      const gap = judgeGap(p.name, perf('en'), perf('hi'));
      if (gap) {
        verdicts.push(gap);
        print(gap.text);
      }
    }
  } finally {
    for (const b of browsers.values()) {
      await stop(b.child);
      fs.rmSync(b.profile, { recursive: true, force: true });
    }
    if (app) {
      await stop(app.child);
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
  }
  return { ok: verdicts.every((v) => v.ok), verdicts };
}

/** "performance ≥ 95, LCP ≤ 2.00 s, …" */
export function describeGoals(goals: LighthouseGoals): string {
  return METRICS.filter((m) => goals[m.key])
    .map(({ key, label, format }) => {
      const g = goals[key]!;
      return `${label} ${g.min !== undefined ? `≥ ${format(g.min)}` : `≤ ${format(g.max!)}`}`;
    })
    .join(', ');
}
