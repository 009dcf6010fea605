/**
 * What is kept no longer than needed: a request not confirmed within 48 hours is deleted with
 * its proof events, and the address with it when nothing else of it remains.
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  at,
  BATCH,
  PROOF,
  REQUESTS,
  subscriberRef,
  type ConfirmationRequest,
} from '@/web/newsletter/server/signup-records';

/**
 * Deletes requests not confirmed within 48 hours with their proof events, and the address
 * itself when it was never confirmed and nothing else of it is pending. The proof of an
 * earlier consent (and of its withdrawal) stays.
 */
export async function deleteExpiredRequests(db: Firestore, now = Date.now()): Promise<number> {
  const snapshot = await db
    .collection(REQUESTS)
    .where('expiresAt', '<=', at(now))
    .limit(BATCH)
    .get();
  let deleted = 0;
  for (const doc of snapshot.docs) {
    const done = await db.runTransaction(async (tx) => {
      const current = await tx.get(doc.ref);
      const request = current.data() as ConfirmationRequest | undefined;
      if (!request || request.confirmedAt) return false;
      if (!request.expiresAt || request.expiresAt.toMillis() > now) return false;
      const subscriber = subscriberRef(db, request.subscriberId);
      const [owner, proof, siblings] = await Promise.all([
        tx.get(subscriber),
        tx.get(subscriber.collection(PROOF)),
        tx.get(db.collection(REQUESTS).where('subscriberId', '==', request.subscriberId)),
      ]);
      const others = siblings.docs.filter((sibling) => sibling.id !== doc.id);
      const wholeAddress = owner.get('status') === 'unconfirmed' && others.length === 0;
      tx.delete(doc.ref);
      for (const event of proof.docs)
        if (wholeAddress || event.get('requestId') === doc.id) tx.delete(event.ref);
      if (wholeAddress) tx.delete(subscriber);
      return true;
    });
    if (done) deleted++;
  }
  return deleted;
}
