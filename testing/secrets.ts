/**
 * Finds secrets in what a build sends to browsers: everything under static/ and the
 * prerendered responses (HTML, RSC payloads, route bodies and their stored headers).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PRERENDERED = /\.(html|rsc|body|meta)$/;

/** Every file of the build in `dist` that the server sends to browsers as it is. */
export function browserFiles(dist: string): string[] {
  const walk = (dir: string, keep: (file: string) => boolean): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && keep(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [];
  return [
    ...walk(path.join(dist, 'static'), () => true),
    ...walk(path.join(dist, 'server', 'app'), (name) => PRERENDERED.test(name)),
    ...walk(path.join(dist, 'server', 'pages'), (name) => PRERENDERED.test(name)),
  ].sort();
}

export interface SecretLeak {
  /** Path of the file, relative to the build folder. */
  readonly file: string;
  /** Which setting leaked (its name, never its value). */
  readonly setting: string;
}

/** Each file under `dist` sent to browsers that contains one of the secret values. */
export function findSecretLeaks(
  dist: string,
  secrets: Readonly<Record<string, string>>,
): SecretLeak[] {
  const files = browserFiles(dist);
  if (files.length === 0) throw new Error(`${dist} holds no files sent to browsers: not a build`);
  const leaks: SecretLeak[] = [];
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const [setting, value] of Object.entries(secrets)) {
      if (value && bytes.includes(value)) leaks.push({ file: path.relative(dist, file), setting });
    }
  }
  return leaks;
}
