/**
 * The memory of a running server, and what it has read, from Linux's `/proc` (tests and
 * benchmarks): the process is found by the port it listens on, so it is the server itself
 * whatever started it (npx, npm).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** The process listening on `port` on this machine. */
export function listeningPid(port: number): number {
  const listing = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = Number(/pid=(\d+)/.exec(listing)?.[1]);
  if (!pid) throw new Error(`no process listens on port ${port}: ${listing}`);
  return pid;
}

/** Resident memory in MiB: now (VmRSS), or the highest since the last resetPeak (VmHWM). */
export function residentMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
}

/** Makes VmHWM start again from the current resident memory (`clear_refs`, Linux 4.0). */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** MiB the process has read so far, from files and sockets alike (`rchar`). */
export function readMiB(pid: number): number {
  return Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]) / 2 ** 20;
}
