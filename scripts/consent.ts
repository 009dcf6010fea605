/** npm run consent -- proof <consent id> */
import '@/scripts/load-env';
import { consentCommand } from '@/web/consent/server/commands';

process.exitCode = await consentCommand(process.argv.slice(2));
