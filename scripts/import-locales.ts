/** npm run import-locales -- [--from <dir>] [--dry-run] */
import { importLocalesCommand } from '@/content/commands';

process.exitCode = await importLocalesCommand(process.argv.slice(2));
