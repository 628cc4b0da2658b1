import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * Walls of the server: a module imports the platform and other modules' public entry (modules/<area>/index.ts)
 * only; the platform imports no module and nothing above it but config.ts. The composition root (app.ts,
 * schema.ts, seed.ts …) and test/ sit above both. Tests may also reach the root, test/ and the table aggregate.
 */
const serverWalls = () => {
  const server = 'apps/server/src';
  const settings = {
    'boundaries/root-path': import.meta.dirname,
    'import/resolver': { [`${import.meta.dirname}/scripts/eslint-ts-resolver.cjs`]: {} },
    'boundaries/elements': [
      { type: 'server-test', pattern: `${server}/test` },
      { type: 'server-platform', pattern: `${server}/platform` },
      { type: 'server-module', pattern: `${server}/modules/*` },
      // What is left of src: config.ts, and the composition root (app.ts, schema.ts, seed.ts, server.ts …).
      { type: 'server-root', pattern: server },
    ],
  };
  const anotherModulesInternals = [
    {
      from: { element: { types: 'server-module' } },
      disallow: { to: { element: { types: 'server-module' } } },
    },
    {
      from: { element: { types: 'server-platform' } },
      disallow: { to: { element: { types: 'server-module' } } },
    },
    { allow: { to: { element: { types: 'server-module', fileInternalPath: 'index.ts' } } } },
  ];
  const tests = ['**/*.test.ts'];
  return [
    {
      files: [`${server}/**/*.ts`],
      ignores: tests,
      plugins: { boundaries },
      settings,
      rules: {
        'boundaries/dependencies': [
          'error',
          {
            default: 'allow',
            policies: [
              {
                from: { element: { types: { anyOf: ['server-module', 'server-platform'] } } },
                disallow: { to: { element: { types: { anyOf: ['server-root', 'server-test'] } } } },
              },
              { allow: { to: { element: { types: 'server-root', fileInternalPath: 'config.ts' } } } },
              ...anotherModulesInternals,
              {
                from: { element: { types: 'server-platform' } },
                disallow: { to: { element: { types: 'server-module' } } },
              },
            ],
          },
        ],
      },
    },
    {
      files: tests.map((pattern) => `${server}/${pattern}`),
      plugins: { boundaries },
      settings,
      rules: {
        'boundaries/dependencies': ['error', { default: 'allow', policies: anotherModulesInternals }],
      },
    },
  ];
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'bench/results/**',
      '**/*.config.js',
      '**/*.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts', 'apps/admin/**/*.tsx', 'apps/admin/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Walls of the web app: a feature imports only shared/ (its own folder is inside the element, never checked);
    // shared/ imports no feature and not app/; app/ composes. Tests render the real app through src/test/.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    plugins: { boundaries },
    settings: {
      // Element patterns are relative to the repository root, wherever ESLint runs from (tests run it from apps/web).
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*' },
        { type: 'web-shared', pattern: 'apps/web/src/shared' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { types: { anyOf: ['web-feature', 'web-shared'] } } },
              disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
            },
          ],
        },
      ],
    },
  },
  {
    // A feature's pages and components reach the API only through the feature's api/ folder (one place per
    // feature that names its endpoints, query keys and uploads).
    files: ['apps/web/src/features/*/pages/**/*.{ts,tsx}', 'apps/web/src/features/*/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/lib/api/client', '**/shared/lib/api/endpoints', '**/shared/lib/api/transfer'],
              message: "Call the API through this feature's api/ folder.",
            },
          ],
        },
      ],
    },
  },
  {
    // Walls of the operator console, as in the web app: a feature imports only shared/; shared/ imports no
    // feature and not app/; app/ composes.
    files: ['apps/admin/src/**/*.ts', 'apps/admin/src/**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'admin-app', pattern: 'apps/admin/src/app' },
        { type: 'admin-feature', pattern: 'apps/admin/src/features/*' },
        { type: 'admin-shared', pattern: 'apps/admin/src/shared' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { types: { anyOf: ['admin-feature', 'admin-shared'] } } },
              disallow: { to: { element: { types: { anyOf: ['admin-feature', 'admin-app'] } } } },
            },
          ],
        },
      ],
    },
  },
  ...serverWalls(),
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
