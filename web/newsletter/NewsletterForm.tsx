'use client';
/**
 * The signup form: idle → loading → success or error. Firebase is imported
 * only when the visitor focuses the field or submits, so pages carry none of it.
 *
 * The signup needs the browser (App Check), so without JavaScript the form cannot be
 * sent: its button stays disabled until the page is hydrated (which also blocks sending
 * with Enter), the <noscript> note says why, and method="post" keeps the address out of
 * any URL even so.
 */
import { useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { DictionaryOf } from '@/schemas';
import type { Language } from '@/schemas/languages';
import { track } from '../analytics/track';
import { buttonLabel, isLocked, type FormState } from './form-state';

type Texts = Pick<DictionaryOf<'newsletter'>, 'form' | 'genericError' | 'errors'>;

// Validation, settings, the write and error messages load on first focus or submit.
const loadSubmit = () => import('./submit');

const noSubscription = () => () => undefined;
/** False in the server-rendered HTML, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function NewsletterForm({
  texts,
  language,
  consentVersion,
}: {
  texts: Texts;
  language: Language;
  /** The version of the consent texts around the form; the proof of consent records it. */
  consentVersion: string;
}) {
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const busy = useRef(false);
  const hydrated = useHydrated();
  const { form } = texts;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return; // a double click sends one write
    busy.current = true;
    const formElement = event.currentTarget;
    const input = formElement.elements.namedItem('email') as HTMLInputElement;
    track('newsletter_signup_attempt', { email_provided: input.value.trim() !== '' });
    setState({ status: 'loading' });
    const { submitSignup } = await loadSubmit();
    const result = await submitSignup(input.value, texts, {
      language,
      page: window.location.pathname,
      consentVersion,
    });
    if (result.ok) {
      formElement.reset();
      setState({ status: 'success' });
    } else {
      setState({ status: 'error', message: result.message });
      busy.current = false;
    }
  }

  const locked = isLocked(state);
  return (
    <form
      className="newsletter-form"
      method="post"
      onSubmit={(event) => void submit(event)}
      noValidate={false}
      lang={language}
    >
      <label htmlFor="newsletter-email" className="newsletter-form__label">
        {form.emailLabel}
      </label>
      <div className="newsletter-form__row">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder={form.placeholder}
          disabled={locked}
          aria-describedby={form.privacyNote ? 'newsletter-privacy' : undefined}
          onFocus={() => void loadSubmit().catch(() => undefined)}
          // The browser's own note would be in the browser's language, not the page's.
          onInvalid={(event) =>
            event.currentTarget.setCustomValidity(
              event.currentTarget.validity.valueMissing
                ? texts.errors.emailRequired
                : (texts.errors.emailInvalid ?? texts.genericError),
            )
          }
          onInput={(event) => event.currentTarget.setCustomValidity('')}
        />
        <button type="submit" className="cta cta--primary" disabled={locked || !hydrated}>
          {buttonLabel(state, form)}
        </button>
      </div>
      {form.privacyNote && (
        <p id="newsletter-privacy" className="newsletter-form__note">
          {form.privacyNote}
        </p>
      )}
      <div aria-live="polite" role="status" className="newsletter-form__status">
        {state.status === 'success' && (
          <p className="message message--success">{form.messages.success}</p>
        )}
      </div>
      {state.status === 'error' && (
        <p role="alert" className="message message--error">
          {state.message}
        </p>
      )}
      <noscript>
        <p className="message message--error">{form.noScript}</p>
      </noscript>
    </form>
  );
}
