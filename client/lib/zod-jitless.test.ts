import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

describe('zod-jitless', () => {
  it('turns off zod’s eval-based JIT, so a strict CSP sees no eval attempt', () => {
    expect(z.config().jitless).toBe(true);
    // Object schemas still parse (through the interpreter).
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
