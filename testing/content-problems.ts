import { ContentError } from '@/schemas/problems';

/** The lines of the ContentError `run` throws; any other outcome fails the test. */
export function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected a ContentError');
}
