/**
 * Test fixture: takes the store lock on the file given as argument, prints "locked" and
 * holds it until killed, as a writer stuck mid-write would.
 */
import { acquireStoreLock } from '../store-lock';

const storeFile = process.argv[2];
if (!storeFile) throw new Error('usage: hold-lock.ts <store file>');
await acquireStoreLock(storeFile, { holder: 'hold-lock test fixture' });
console.log('locked');
setInterval(() => undefined, 60_000);
