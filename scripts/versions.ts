/**
 * npm run versions -- list <namespace> | diff <namespace> <version> |
 * restore <namespace> <version> | restore-site --at <ISO time>   (docs/versions.md)
 */
import '@/scripts/load-env';
import { processVersionsIo, versionsCommand } from '@/content/versions/command';

process.exitCode = await versionsCommand(process.argv.slice(2), processVersionsIo);
