/**
 * A script or benchmark that starts servers in their own process groups takes them with it
 * when it is interrupted or crashes: the groups do not get the terminal's Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const PROCESSES = path.resolve(import.meta.dirname, 'processes.ts');

/** Alive means a process that is not a zombie (a container's init may never reap one). */
async function alive(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

let folder: string | undefined;
const leftovers: number[] = [];
afterEach(async () => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  if (folder) await rm(folder, { recursive: true, force: true });
});

/**
 * Runs a script that starts `sleep 60` as a group, prints the group's leader, then `ending`;
 * resolves with the leader's pid and how the script ended.
 */
async function runScript(
  ending: string,
  signal?: NodeJS.Signals,
): Promise<{ leader: number; code: number | null }> {
  folder = await mkdtemp(path.join(tmpdir(), 'rg-processes-'));
  const script = path.join(folder, 'script.mts');
  await writeFile(
    script,
    [
      `import { startGroup } from ${JSON.stringify(PROCESSES)};`,
      `const group = startGroup('sleep', ['60']);`,
      `console.log(group.child.pid);`,
      ending,
    ].join('\n'),
  );
  const child = spawn('node', ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const ended = new Promise<number | null>((resolve) => child.once('close', resolve));
  const leader = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    void ended.then((code) => reject(new Error(`the script exited (${code}) before printing`)));
  });
  leftovers.push(leader);
  if (signal) {
    expect(await alive(leader)).toBe(true);
    child.kill(signal);
  }
  return { leader, code: await ended };
}

describe('process groups', () => {
  it('are killed when the script that started them is interrupted', async () => {
    const { leader, code } = await runScript('setInterval(() => {}, 1000);', 'SIGINT');
    expect(code).toBe(130);
    await expect.poll(() => alive(leader), { timeout: 5_000 }).toBe(false);
  });

  it('are killed when it is terminated', async () => {
    const { leader, code } = await runScript('setInterval(() => {}, 1000);', 'SIGTERM');
    expect(code).toBe(143);
    await expect.poll(() => alive(leader), { timeout: 5_000 }).toBe(false);
  });

  it('are killed when it crashes', async () => {
    const { leader, code } = await runScript(
      "setTimeout(() => { throw new Error('boom'); }, 200);",
    );
    expect(code).toBe(1);
    await expect.poll(() => alive(leader), { timeout: 5_000 }).toBe(false);
  });

  it('can still be stopped by the script itself, which then exits normally', async () => {
    const { leader, code } = await runScript('await group.stop();');
    expect(code).toBe(0);
    expect(await alive(leader)).toBe(false);
  });
});
