/**
 * The Firestore write of one signup: the whole document of the address, replaced. The rules
 * allow the same write whether or not the document exists, so signing up again looks exactly
 * like the first time and an address never has two documents.
 */
import { doc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore/lite';
import { SIGNUP_COLLECTION, signupId, type SignupFields } from './signup';

export async function commitSignup(db: Firestore, fields: SignupFields): Promise<void> {
  const ref = doc(db, SIGNUP_COLLECTION, await signupId(fields.email));
  await setDoc(ref, { ...fields, createdAt: serverTimestamp() });
}
