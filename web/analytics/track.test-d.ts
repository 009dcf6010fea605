/**
 * Type test, checked by `npm run typecheck` and never run: track() takes the parameters of
 * the event it names, and only those.
 */
import type { track } from './track';

declare const send: typeof track;

send('newsletter_signup_attempt', { email_provided: true });
send('cta_click', { component: 'hero', label: 'Play', destination: '/games', variant: 'primary' });
// @ts-expect-error a click carries the click's parameters, not the signup's
send('cta_click', { email_provided: true });
// @ts-expect-error a signup attempt has no click parameters
send('newsletter_signup_attempt', { component: 'hero' });
// @ts-expect-error no such event
send('page_view', {});
