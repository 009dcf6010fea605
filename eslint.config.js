import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.next/',
      '.next-*/',
      '.e2e-content/',
      'published/',
      '.content/',
      'public/locales/',
      'public/.locales.*/',
      'studio/dist/',
      'studio/.sanity/',
      'bench/fixtures/studio-baseline/.sanity/',
      'screenshots/',
      'bench/results/',
      'bench/fixtures/empty-app/.next/',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The site's Next.js rules (links, images, scripts, fonts, head) and Core Web Vitals.
  { files: ['app/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}'], ...nextPlugin.configs['core-web-vitals'] },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // Type-aware rules: each file is checked with the types of tsconfig.json.
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-console': 'off',
    },
  },
  // Every import must be a declared dependency; code that runs in production (the server, the
  // proxy, routes and everything they load) may import only `dependencies`, since a production
  // install (npm prune --omit=dev) has nothing else. Tests, tools and the Studio may also use
  // devDependencies.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/internal-regex': '^@/' },
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          packageDir: [import.meta.dirname],
          devDependencies: [
            '**/*.test.{ts,tsx}',
            '**/*.test-d.ts',
            '**/testing/**',
            'e2e/**',
            'bench/**',
            'scripts/**',
            'studio/**',
            'local-api/**',
            'rules/**',
            'content/cli.ts',
            'content/locale-commands.ts',
            'eslint.config.js',
            'vitest.config.ts',
          ],
        },
      ],
    },
  },
);
