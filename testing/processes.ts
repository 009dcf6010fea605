/**
 * Servers started by tests, benchmarks and scripts: each runs in its own process group
 * (so `npx` wrappers and forked children stop with it) on a free loopback port.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { constants } from 'node:os';

/** A port nothing listens on right now, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface ProcessGroup {
  readonly child: ChildProcess;
  /** Everything the group printed so far, for error messages. */
  output(): string;
  /** Stops the whole group (SIGTERM, then SIGKILL after `graceMs`) and waits for the leader. */
  stop(graceMs?: number): Promise<void>;
}

/** Leaders of the groups this process started and has not stopped yet. */
const running = new Set<number>();

function killRunning() {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  }
  running.clear();
}

let guarded = false;
/**
 * A group does not get the terminal's Ctrl-C (it is not in the foreground group), so a
 * benchmark or script that is interrupted, or that crashes, would leave its servers and
 * browsers running. On exit, and on SIGINT, SIGTERM or SIGHUP, the groups still running are
 * killed; when nothing else handles the signal, the process then ends as the signal would
 * have ended it (exit code 128 + its number).
 */
function stopGroupsWhenThisProcessEnds() {
  if (guarded) return;
  guarded = true;
  process.once('exit', killRunning);
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      killRunning();
      if (process.listenerCount(name) === 1) process.exit(128 + constants.signals[name]);
    };
    process.on(name, onSignal);
  }
}

/** Starts a command as the leader of a new process group. */
export function startGroup(
  command: string,
  args: readonly string[],
  options: Omit<SpawnOptions, 'detached' | 'stdio'> = {},
): ProcessGroup {
  stopGroupsWhenThisProcessEnds();
  const child = spawn(command, args, { ...options, detached: true, stdio: 'pipe' });
  if (child.pid) running.add(child.pid);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const signal = (name: NodeJS.Signals) => {
    if (!child.pid) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // The group is already gone.
    }
  };
  return {
    child,
    output: () => output,
    async stop(graceMs = 5_000) {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // Children that ignored SIGTERM (e.g. a forked server) go with the group.
      signal('SIGKILL');
      if (child.pid) running.delete(child.pid);
    },
  };
}

/** Waits until `url` answers with any HTTP status below 500, or fails naming the process output. */
export async function waitForHttp(
  url: string,
  group: ProcessGroup,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (group.child.exitCode !== null)
      throw new Error(`${url}: the server exited (${group.child.exitCode}):\n${group.output()}`);
    try {
      const response = await fetch(url, { redirect: 'manual' });
      await response.body?.cancel();
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await group.stop();
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${group.output()}`);
}
