import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './lib/ports.ts';


async function waitUntilReady(port: number, child: { exitCode: number | null }, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not get ready in time');
}

const children: { kill: (signal: NodeJS.Signals) => boolean; exitCode: number | null; signalCode: string | null }[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe('server/index.ts', () => {
  it(
    'ends within 10 s of SIGTERM with code 0, with a keep-alive connection and a request still in flight',
    async () => {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-shutdown-'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SEED_DEMO_DATA: 'false',
          LOG_LEVEL: 'info',
          SHUTDOWN_GRACE_SECONDS: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
      );
      try {
        await waitUntilReady(port, child, 90_000);
        // A browser's keep-alive connection: one answered request, the socket left open.
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        await new Promise<void>((resolve, reject) =>
          http.get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
        );
        // A request in flight: headers sent, the body still coming (a slow upload), so never idle.
        const inFlight = net.connect(port, '127.0.0.1');
        await new Promise((resolve) => inFlight.once('connect', resolve));
        inFlight.write('POST /api/onboarding/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"phone');
        const inFlightClosed = new Promise<void>((resolve) => inFlight.once('close', () => resolve()));
        inFlight.on('error', () => undefined);
        await new Promise((resolve) => setTimeout(resolve, 200));

        const sentAt = Date.now();
        child.kill('SIGTERM');
        const { code, signal, at } = await Promise.race([
          exited,
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running 15 s after SIGTERM:\n${output}`)), 15_000)),
        ]);
        await inFlightClosed;
        agent.destroy();
        expect({ code, signal }, output).toEqual({ code: 0, signal: null });
        expect(at - sentAt).toBeLessThan(10_000);
        // The grace period (1 s here) is given before the connections are cut.
        expect(at - sentAt).toBeGreaterThanOrEqual(900);
        expect(output).toContain('shutting down');
        expect(output).toContain('stopped');
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
