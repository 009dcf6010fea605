/**
 * The presence rules take their inputs from the dictionary types, so renaming a field in a
 * definition must stop the build where the old name is read, rather than silently hiding
 * every item. Each case compiles the rule modules with one definition edited in memory.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const RULES = [
  'web/ui/presence.ts',
  'web/sections/section-models.ts',
  'web/chrome/chrome-models.ts',
  'web/pages/page-models.ts',
  'web/pages/legal-model.ts',
];

/** Type errors in the rule modules when `file` reads with `from` replaced by `to`. */
function errorsWith(edit?: { file: string; from: string; to: string }): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    { types: [], incremental: false },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  if (edit) {
    const edited = path.join(root, edit.file);
    host.readFile = (file) => {
      const text = readFile(file);
      if (path.resolve(file) !== edited || text === undefined) return text;
      if (!text.includes(edit.from)) throw new Error(`${edit.file} no longer holds ${edit.from}`);
      return text.replace(edit.from, edit.to);
    };
  }
  const program = ts.createProgram(
    RULES.map((file) => path.join(root, file)),
    config.options,
    host,
  );
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && RULES.includes(path.relative(root, d.file.fileName)))
    .map(
      (d) =>
        `${path.relative(root, d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

describe('a renamed dictionary field breaks the build where it is used', () => {
  it('compiles as it is', () => {
    expect(errorsWith()).toEqual([]);
  }, 60_000);

  it.each([
    [
      'stats: value → amount',
      {
        file: 'schemas/dictionaries/parts.ts',
        from: "value: text({ description: 'Short figure",
        to: "amount: text({ description: 'Short figure",
      },
      'web/sections/section-models.ts',
    ],
    [
      'header link: isPrimary → primary',
      { file: 'schemas/dictionaries/chrome.ts', from: 'isPrimary: flag({', to: 'primary: flag({' },
      'web/chrome/chrome-models.ts',
    ],
    [
      'legal section: heading → title',
      { file: 'schemas/dictionaries/legal.ts', from: 'heading: text({', to: 'title: text({' },
      'web/pages/legal-model.ts',
    ],
    [
      'page card: description → text',
      {
        file: 'schemas/dictionaries/parts.ts',
        from: "description: longText({ description: 'Text of the card, under",
        to: "text: longText({ description: 'Text of the card, under",
      },
      'web/pages/page-models.ts',
    ],
  ])(
    '%s',
    (_, edit, where) => {
      expect(errorsWith(edit).some((error) => error.startsWith(`${where}:`))).toBe(true);
    },
    60_000,
  );
});
