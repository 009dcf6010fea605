/**
 * The server's Firestore handle (firebase-admin, admin rights, past the security rules), for
 * the newsletter and the consent records alike. It
 * finds its credentials the Google way: GOOGLE_APPLICATION_CREDENTIALS, or the service account
 * of the machine it runs on; with FIRESTORE_EMULATOR_HOST it talks to the emulator.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

const APP_NAME = 'rg-server';

export function serverDatabase(projectId: string): Firestore {
  const existing = getApps().find((app) => app.name === APP_NAME);
  if (existing) return getFirestore(existing);
  const db = getFirestore(initializeApp({ projectId }, APP_NAME));
  // Optional fields are left out of documents rather than written as undefined.
  db.settings({ ignoreUndefinedProperties: true });
  return db;
}
