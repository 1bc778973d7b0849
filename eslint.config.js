import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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

function moduleBoundary(files, regex) {
  return {
    files,
    ignores: ['src/server/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverPatterns,
            {
              regex,
              message:
                'Use another module only through its *.service exports, never its repository, routes or internals.',
            },
          ],
        },
      ],
    },
  };
}

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
  // Decision 018: a module uses another only through that module's *.service files; never its
  // repository, routes or other internals. Same-module files stay free (./x.repository).
  moduleBoundary(
    ['src/server/modules/*/*.ts'],
    // ../<other>/<file> unless <file> is a *.service.
    '^\\.\\./(?!\\.\\.)[^/]+/(?![^/]+\\.service$).+$',
  ),
  moduleBoundary(
    ['src/server/modules/*/*/*.ts'],
    // From a module's folder (orders/actions): ../../<other>/<file> unless a *.service.
    '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/(?![^/]+\\.service$).+$',
  ),
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
