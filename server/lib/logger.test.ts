import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, fixedKeysLogger, requestContext } from './logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  return { logger: createLogger({ level: 'info' }, stream), lines };
}

describe('logger', () => {
  it('never writes passwords, OTPs or tokens, at any common depth', () => {
    const { logger, lines } = capture();
    logger.info(
      { password: 'hunter2', otp: '123456', token: 'tok-abc', body: { otp: '654321', accessToken: 'tok-def' }, req: { headers: { authorization: 'Bearer tok-ghi' } } },
      'login',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['hunter2', '123456', 'tok-abc', '654321', 'tok-def', 'tok-ghi']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('stamps every line inside a request with its id', () => {
    const { logger, lines } = capture();
    requestContext.run({ requestId: 'req-12345678' }, () => logger.info('inside'));
    logger.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', reqId: 'req-12345678' });
    expect(lines[1]).not.toHaveProperty('reqId');
  });

  it('writes fixed-key lines (the request line) to the same place, with the level and request id, while the logger itself still redacts', () => {
    const { logger, lines } = capture();
    const fixed = fixedKeysLogger(logger);
    requestContext.run({ requestId: 'req-87654321' }, () => fixed.info({ method: 'GET', path: '/healthz', status: 200, ms: 0.4 }, 'request'));
    fixed.debug({ path: '/assets/x.js' }, 'request');
    logger.info({ body: { token: 'tok-xyz' } }, 'after');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', path: '/healthz', status: 200, ms: 0.4, reqId: 'req-87654321' });
    expect(JSON.stringify(lines[1])).not.toContain('tok-xyz');
  });
});
