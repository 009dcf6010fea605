/** npm run export-locales -- [--out published/locales] [--strict] */
import '@/scripts/load-env';
import { exportLocalesCommand } from '@/content/locale-commands';

process.exitCode = await exportLocalesCommand(process.argv.slice(2));
