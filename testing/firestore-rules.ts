/**
 * A rules test's Firestore: the emulator with firestore.rules loaded for `project`, the rules
 * testing environment (to write past the rules, as the server does) and the shipped client SDK
 * (`firebase/firestore/lite`) pointed at it, as a browser or the site's server writes.
 */
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  getFirestore,
  setLogLevel,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from './firestore-emulator';

export interface RulesTesting {
  readonly emulator: FirestoreEmulator;
  readonly env: RulesTestEnvironment;
  readonly db: Firestore;
}

/** Starts all of it before the file's tests and stops it after them. */
export function setupRulesTesting(project: string): () => RulesTesting {
  let testing: RulesTesting | undefined;
  let app: FirebaseApp | undefined;
  let emulator: FirestoreEmulator | undefined;
  let env: RulesTestEnvironment | undefined;
  beforeAll(async () => {
    setLogLevel('silent');
    emulator = await startFirestoreEmulator();
    env = await initializeTestEnvironment({
      projectId: project,
      firestore: {
        rules: readFileSync('firestore.rules', 'utf8'),
        host: emulator.host,
        port: emulator.port,
      },
    });
    app = initializeApp({ projectId: project, apiKey: 'rules-test' }, `${project}-client`);
    const db = getFirestore(app);
    connectFirestoreEmulator(db, emulator.host, emulator.port);
    testing = { emulator, env, db };
  });
  afterAll(async () => {
    await env?.cleanup();
    if (app) await deleteApp(app);
    await emulator?.stop();
  });
  return () => {
    if (!testing) throw new Error('the rules emulator is not running yet');
    return testing;
  };
}
