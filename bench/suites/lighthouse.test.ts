import { describe, expect, it } from 'vitest';
import { Constants } from '@paulirish/trace_engine/models/trace/lantern/simulation/Constants.js';
import { LIGHTHOUSE_GOALS } from '../goals.ts';
import { PROFILES, judgeCase, judgeGap, mediansOf, tableRow, type LighthouseCase, type LighthouseRun } from './lighthouse.ts';

const run = (over: Partial<LighthouseRun>): LighthouseRun => ({
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 900,
  lcpMs: 1_200,
  cls: 0,
  tbtMs: 40,
  findings: [],
  ...over,
});

describe('the Lighthouse suite', () => {
  it("writes the slow profile as Lighthouse writes its own: its 'regular 3G' network with a 6× CPU", () => {
    const { cpuSlowdownMultiplier, ...network } = Constants.throttling.mobileRegular3G;
    expect(cpuSlowdownMultiplier).toBe(4);
    expect(PROFILES.slow.throttling).toEqual({ ...network, cpuSlowdownMultiplier: 6 });
    // The default profile is Lighthouse's own, untouched.
    expect(PROFILES.default.throttling).toBeNull();
  });

  it('judges the medians of a case against its profile’s goals', () => {
    const hindiHome: LighthouseCase = { page: '/', path: '/', language: 'hi', profile: 'default' };
    const medians = mediansOf([run({ performance: 82, lcpMs: 3_550, cls: 0.166 }), run({ performance: 99 }), run({ performance: 90, lcpMs: 2_500, cls: 0.1 })]);
    expect(medians).toMatchObject({ performance: 90, lcpMs: 2_500, cls: 0.1 });
    const verdicts = judgeCase(hindiHome, medians);
    expect(verdicts.filter((v) => !v.ok).map((v) => v.label)).toEqual(['/ (Hindi, default) performance', '/ (Hindi, default) LCP', '/ (Hindi, default) CLS']);
    expect(tableRow(hindiHome, medians, verdicts)).toMatch(/^\/\s+Hindi\s+default\s+90\s+2\.50 s\s+0\.100 .*MISSED: performance, LCP, CLS$/);

    // The slow profile: ≥ 90 and LCP ≤ 3 s, no TBT goal.
    const slow: LighthouseCase = { ...hindiHome, profile: 'slow' };
    const slowVerdicts = judgeCase(slow, mediansOf([run({ performance: 90, lcpMs: 2_900, tbtMs: 600 })]));
    expect(slowVerdicts.every((v) => v.ok)).toBe(true);
    expect(slowVerdicts.map((v) => v.label.split(') ')[1])).toEqual(Object.keys(LIGHTHOUSE_GOALS.slow).map((k) => ({ performance: 'performance', lcpMs: 'LCP', cls: 'CLS' })[k]));
    expect(judgeCase(slow, mediansOf([run({ lcpMs: 3_100 })])).find((v) => !v.ok)?.text).toBe('/ (Hindi, slow): LCP 3.10 s  MISSED (goal ≤ 3.00 s)');
  });

  it('judges the Hindi score against the English one only when both were measured', () => {
    expect(judgeGap('/', 100, 99)?.ok).toBe(true);
    expect(judgeGap('/', 100, 97)).toMatchObject({ ok: false, text: '/: Hindi 97 vs English 100, gap 3 points  MISSED (goal ≤ 2 points)' });
    expect(judgeGap('/', undefined, 97)).toBeNull();
  });
});
