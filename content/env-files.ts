/**
 * Loads `.env` files into `process.env` with Next's own loader, in Next's order, so a
 * script sees the settings the site sees: the shell wins, then `.env.production.local`,
 * `.env.local`, `.env.production`, `.env` (`.development` in place of `.production` for the
 * development server). In a test run (NODE_ENV=test) Next reads
 * `.env.test.local`, `.env.test` and `.env` instead, and never `.env.local`.
 */
import nextEnv from '@next/env';

export function loadEnvFiles(dir = process.cwd(), development = false): void {
  nextEnv.loadEnvConfig(dir, development, { info: () => {}, error: console.error });
}
