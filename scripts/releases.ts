/**
 * npm run releases -- list | show <id> | publish <id> | schedule <id> <ISO time> |
 * unschedule <id> | waive <id> | revert <id> | end <id> <ISO time>   (docs/editors.md)
 */
import '@/scripts/load-env';
import { releasesCommand } from '@/content/releases-command';

process.exitCode = await releasesCommand(process.argv.slice(2));
