import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import { areaBoundaries } from './eslint/area-boundaries.js';

// ARCHITECTURE.md convention 3: one-way imports, enforced here.
const serverOrWeb = ['**/server/**', '@server/*', '**/web/**', '@web/*'];
const nodeBuiltins = ['node:*', 'fs', 'path', 'crypto', 'os', 'child_process', 'http', 'net'];

const serverPatterns = [
  { group: ['**/web/**', '@web/*'], message: 'The server never imports the web app.' },
  {
    group: ['../**/shared/**', './shared/**'],
    message: 'Import src/shared through the @shared alias, as the web does.',
  },
];

function restrict(patterns, message) {
  return { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] };
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'drizzle/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union, not an enum.' },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: restrict(
      [...serverOrWeb, ...nodeBuiltins],
      'src/shared imports neither server nor web, nor any Node API.',
    ),
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: serverPatterns,
        },
      ],
    },
  },
  // Decisions 018 and 054: areas own their tables, queries and screens (eslint/area-boundaries.js).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local: areaBoundaries },
    rules: { 'local/area-boundaries': 'error' },
  },
  // Decision 054: one naming rule for the whole tree: kebab-case files (role suffixes such as
  // .routes, .schema or .test after the name) and kebab-case folders.
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{src,tests,e2e,bench,scripts,eslint,docs}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        ['**/server/**', '@server/*', ...nodeBuiltins],
        'The web app never imports the server or Node APIs.',
      ),
    },
  },
  {
    files: ['src/web/components/**', 'src/web/lib/**'],
    rules: restrict(
      [
        '**/server/**',
        '@server/*',
        '**/features/**',
        '@web/features/*',
        '**/app/**',
        '@web/app/*',
        '**/web/api/**',
        '@web/api/*',
        ...nodeBuiltins,
      ],
      'components and lib are the bottom layer: they import no api file, no feature and not the app.',
    ),
  },
  {
    // ARCHITECTURE.md convention 4: the client API layer sits between lib and the features, so
    // every feature (and the engineer app's offline code) can share one file per endpoint.
    files: ['src/web/api/**'],
    rules: restrict(
      [
        '**/server/**',
        '@server/*',
        '**/features/**',
        '@web/features/*',
        '**/app/**',
        '@web/app/*',
        '**/components/**',
        '@web/components/*',
        ...nodeBuiltins,
      ],
      'src/web/api imports only lib and shared (and its own resources): no feature, component or the app.',
    ),
  },
  {
    files: ['src/web/features/**'],
    rules: restrict(
      [
        '**/server/**',
        '@server/*',
        '@web/features/*',
        '**/app/**',
        '@web/app/*',
        '../../../features/*',
        ...nodeBuiltins,
      ],
      'A feature imports only its own files (relative), @web/api, components, lib and shared; never another feature or the app.',
    ),
  },
);
