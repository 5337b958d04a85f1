import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the API server with reload on port 3000 (tsx watch) and the two Vite dev servers
 * (client on 5173, back office on 5174), which proxy /trpc, /api and /uploads to the API.
 */
const children: ChildProcess[] = [];
function run(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  child.on('exit', (code) => {
    process.stderr.write(`[${name}] exited with ${code}\n`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('api', 'npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], { NODE_ENV: 'development' });
run('client', 'npx', ['vite', '--config', 'client/vite.config.ts', '--port', '5173', '--strictPort']);
run('admin', 'npx', ['vite', '--config', 'admin/vite.config.ts', '--port', '5174', '--strictPort']);
