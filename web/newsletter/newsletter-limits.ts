/** The newsletter's limits, shown in texts and enforced by the server (newsletter/intake.ts). */

/** A confirmation link works this long after the signup; then the request and, unless the
 * address was confirmed before, the address are deleted. */
export const CONFIRMATION_HOURS = 48;

/** At most this many confirmation mails per address in 24 hours. */
export const MAILS_PER_DAY = 3;
