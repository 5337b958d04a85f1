import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, requestContext } from './logger.ts';

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
});
