/**
 * The Firestore emulator from the Google Cloud CLI (a Java program), started for a test run
 * on a free loopback port in its own process group (it forks a java child) and stopped as a
 * group. It speaks the same REST API as Firestore, so the real SDK and the real rules run
 * against it.
 */
import { existsSync } from 'node:fs';
import { freePort, startGroup, type ProcessGroup } from './processes';

export const DEFAULT_EMULATOR_BIN =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';

export function emulatorBinary(env: NodeJS.ProcessEnv = process.env): string {
  return env.FIRESTORE_EMULATOR_BIN?.trim() || DEFAULT_EMULATOR_BIN;
}

export interface FirestoreEmulator {
  readonly host: string;
  readonly port: number;
  /** `127.0.0.1:<port>`, the form FIRESTORE_EMULATOR_HOST takes. */
  readonly address: string;
  readonly group: ProcessGroup;
  /** Loads `rules` for `projectId` (each project has its own rules and data). */
  loadRules(projectId: string, rules: string): Promise<void>;
  /** The documents of a collection, read as an admin (rules do not apply). */
  documents(projectId: string, collection: string): Promise<EmulatorDocument[]>;
  clear(projectId: string): Promise<void>;
  stop(): Promise<void>;
}

export interface EmulatorDocument {
  /** Full resource name, `projects/<p>/databases/(default)/documents/<collection>/<id>`. */
  name: string;
  /** Firestore REST values, e.g. `{ email: { stringValue: "…" } }`. */
  fields: Record<string, Record<string, unknown>>;
}

export async function startFirestoreEmulator({
  timeoutMs = 60_000,
}: { timeoutMs?: number } = {}): Promise<FirestoreEmulator> {
  const binary = emulatorBinary();
  if (!existsSync(binary)) {
    throw new Error(
      `The Firestore emulator is not at ${binary}. Install the Google Cloud CLI component ` +
        '"cloud-firestore-emulator" (a Java program; Java 17 runs it) or set FIRESTORE_EMULATOR_BIN ' +
        'to its cloud_firestore_emulator script.',
    );
  }
  const host = '127.0.0.1';
  const port = await freePort();
  const group = startGroup(binary, ['start', `--host=${host}`, `--port=${port}`]);
  const base = `http://${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (group.child.exitCode !== null) {
      throw new Error(
        `The Firestore emulator exited (${group.child.exitCode}):\n${group.output()}`,
      );
    }
    try {
      const response = await fetch(`${base}/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await group.stop();
      throw new Error(
        `The Firestore emulator did not answer within ${timeoutMs} ms:\n${group.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const admin = { Authorization: 'Bearer owner' };
  const documentsUrl = (projectId: string) =>
    `${base}/v1/projects/${projectId}/databases/(default)/documents`;
  const check = async (response: Response, what: string) => {
    if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    host,
    port,
    address: `${host}:${port}`,
    group,
    async loadRules(projectId, rules) {
      await check(
        await fetch(`${base}/emulator/v1/projects/${projectId}:securityRules`, {
          method: 'PUT',
          body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
        }),
        'loading the rules',
      );
    },
    async documents(projectId, collection) {
      const response = await check(
        await fetch(`${documentsUrl(projectId)}/${collection}?pageSize=1000`, { headers: admin }),
        `listing ${collection}`,
      );
      return ((await response.json()) as { documents?: EmulatorDocument[] }).documents ?? [];
    },
    async clear(projectId) {
      await check(
        await fetch(`${base}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
          method: 'DELETE',
        }),
        'clearing the data',
      );
    },
    stop: () => group.stop(),
  };
}
