/** npm run newsletter -- proof <address> | export-confirmed [--out <file.csv>] | sweep */
import '@/scripts/load-env';
import { newsletterCommand } from '@/newsletter/commands';

process.exitCode = await newsletterCommand(process.argv.slice(2));
