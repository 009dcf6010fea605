/**
 * npm run studio / studio:build / studio:deploy: runs the Sanity CLI in studio/, after
 * checking that the Studio knows which Sanity project to open.
 */
import { spawnSync } from 'node:child_process';

const command = process.argv[2] ?? 'dev';
const needsProject = command === 'dev' || command === 'deploy';

if (needsProject && !process.env.SANITY_STUDIO_PROJECT_ID?.trim()) {
  console.error(
    [
      'The Studio needs a Sanity project: set SANITY_STUDIO_PROJECT_ID (and SANITY_STUDIO_DATASET, default "production").',
      'Get them from https://www.sanity.io/manage (create a project, then copy its id), or run `npx sanity init` once.',
      'Put them in studio/.env or your shell, e.g.:',
      '  SANITY_STUDIO_PROJECT_ID=abc123 SANITY_STUDIO_DATASET=production npm run studio',
    ].join('\n'),
  );
  process.exit(1);
}

const result = spawnSync('npx', ['sanity', command, ...process.argv.slice(3)], {
  cwd: 'studio',
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
