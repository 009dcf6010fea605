/** npm run import-locales -- [--from <dir>] [--dry-run] [--strict] */
import '@/scripts/load-env';
import { importLocalesCommand } from '@/content/locale-commands';

process.exitCode = await importLocalesCommand(process.argv.slice(2));
