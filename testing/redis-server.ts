/**
 * A real Redis (Debian's `redis-server`) for tests and benchmarks: its own process group on
 * a free loopback port, nothing saved to disk. It can be stopped, frozen (SIGSTOP: the
 * connection stays open and nothing answers, as with a hung server) and started again on
 * the same port, and emptied (FLUSHALL) through `redis-cli`.
 */
import { spawnSync } from 'node:child_process';
import { freePort, startGroup, type ProcessGroup } from './processes';

export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN || 'redis-server';

export interface RunningRedis {
  readonly port: number;
  /** e.g. `redis://127.0.0.1:41234` */
  readonly url: string;
  /** Starts it (again) on its port; resolves once it answers PING. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGSTOP / SIGCONT: connections stay open, nothing answers meanwhile. */
  freeze(): void;
  thaw(): void;
  /** Runs one redis-cli command and returns its output. */
  cli(...args: string[]): string;
}

export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  let group: ProcessGroup | undefined;
  const cli = (...args: string[]) => {
    const result = spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' });
    return `${result.stdout}${result.stderr}`.trim();
  };
  const redis: RunningRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      group = startGroup(REDIS_SERVER_BIN, [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ]);
      const deadline = Date.now() + 10_000;
      while (cli('PING') !== 'PONG') {
        if (group.child.exitCode !== null || Date.now() > deadline)
          throw new Error(`redis-server on port ${port} did not start:\n${group.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      await group?.stop(2_000);
      group = undefined;
    },
    freeze() {
      if (group?.child.pid) process.kill(-group.child.pid, 'SIGSTOP');
    },
    thaw() {
      if (group?.child.pid) process.kill(-group.child.pid, 'SIGCONT');
    },
    cli,
  };
  await redis.start();
  return redis;
}
