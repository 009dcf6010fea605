/**
 * npm run check-locales -- [--from <dir>]: validates the bundled copy without touching
 * any content store: every file against schemas/, identical shapes and placeholders
 * across languages; then warns (exit code 0) where copy drifts from the glossary or the
 * form of address.
 */
import '@/scripts/load-env';
import { checkLocalesCommand } from '@/content/locale-commands';

process.exitCode = await checkLocalesCommand(process.argv.slice(2));
