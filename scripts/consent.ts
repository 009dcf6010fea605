/** npm run consent -- proof <consent id> */
import '@/scripts/load-env';
import { consentCommand } from '@/web/consent/server/consent-commands';

process.exitCode = await consentCommand(process.argv.slice(2));
