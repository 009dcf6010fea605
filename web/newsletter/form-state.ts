/** The form's states and what they show; tiny, so it ships with the page. */
import type { DictionaryOf } from '@/schemas';

export type FormState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success' }
  | { status: 'error'; message: string };

/** The button shows the submitting label while loading, the success label after success. */
export function buttonLabel(state: FormState, form: DictionaryOf<'newsletter'>['form']): string {
  if (state.status === 'loading') return form.status.submitting;
  if (state.status === 'success') return form.status.success;
  return form.buttonLabel;
}

export function isLocked(state: FormState): boolean {
  return state.status === 'loading' || state.status === 'success';
}
