// Flat config. Not type-aware on purpose: it keeps `npm run lint` fast; `tsc -b` does the type checking.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint/local.js';

/** The features are the folders of src/features: a new one is covered by the rules below as it lands. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Imports run one way: lib, config, components -> features -> app.
// Patterns are regexes so that relative paths (`../../features/x`) are caught as well as the `@/` alias.
const noAppImport = {
  regex: '^(?:@/|(?:\\.\\./)+)app(?:/|$)',
  message: 'Imports run one way (lib, config, components -> features -> app): nothing below app imports app.',
};

const sharedLayerImports = {
  patterns: [
    {
      regex: '^(?:@/|(?:\\.\\./)+)features(?:/|$)',
      message:
        'lib, config and components are shared layers: they may not import a feature. Move what is shared down instead.',
    },
    noAppImport,
  ],
};

/** @param {string} feature */
const featureImports = (feature) => {
  const others = FEATURES.filter((f) => f !== feature).join('|');
  return {
    patterns: [
      {
        // `@/features/<other>`, `../../features/<other>` and the sibling form `../<other>`.
        regex: `^(?:@/features/|(?:\\.\\./)+(?:features/)?)(?:${others})(?:/|$)`,
        message: `The ${feature} feature may not reach into another feature. Move what two features share to lib or components.`,
      },
      noAppImport,
    ],
  };
};

export default defineConfig([
  globalIgnores([
    'dist/',
    'coverage/',
    'node_modules/',
    'public/mockServiceWorker.js',
    'playwright-report/',
    'test-results/',
    'test-results-real/',
    'blob-report/',
    '.lighthouse/',
    '.ssr/',
    '.dist-prod/',
    '.pocketbase-dev/',
    '.pocketbase-e2e/',
  ]),

  {
    files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },

  // The app and its component/integration tests: browser code with React.
  {
    files: [
      'src/**/*.{ts,tsx}',
      'tests/{unit,integration,helpers}/**/*.{ts,tsx}',
      'tests/setup.ts',
      'tests/setup-dom.ts',
    ],
    extends: [
      reactHooks.configs.flat.recommended,
      jsxA11y.flatConfigs.recommended,
      pluginQuery.configs['flat/recommended'],
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['tests/**/*.{ts,tsx,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Playwright fixtures that need no other fixture are written `async ({}, use) => ...`.
  { files: ['tests/e2e/**'], rules: { 'no-empty-pattern': 'off' } },

  // Node code: build/test tooling and config files. (Playwright fixtures call `use()`, which
  // react-hooks would mistake for React's `use`, so tests/e2e stays out of the React block above.)
  {
    files: ['*.{js,mjs,cjs,ts,mts}', 'scripts/**/*.{js,mjs,cjs,ts}', 'eslint/**/*.js', 'fake-asaas/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },

  // The backend kit: PocketBase's JSVM (goja) runs these, with its own globals and CommonJS `require`.
  {
    files: ['pocketbase/**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        ...Object.fromEntries(
          [
            '$app',
            '$apis',
            '$os',
            '$filepath',
            '$http',
            '$security',
            '$dbx',
            '__hooks',
            'migrate',
            'routerAdd',
            'routerUse',
            'cronAdd',
            'onBootstrap',
            'onRecordCreateRequest',
            'onRecordsListRequest',
            'onRealtimeSubscribeRequest',
            'onRecordUpdateRequest',
            'onRecordAfterUpdateSuccess',
            'onRecordAfterCreateSuccess',
            'onRecordCreate',
            'onRecordUpdate',
            'onMailerSend',
            'onRecordEnrich',
            'onRecordAuthWithPasswordRequest',
            'onRecordRequestEmailChangeRequest',
            'onMailerRecordVerificationSend',
            'onMailerRecordPasswordResetSend',
            'onMailerRecordEmailChangeSend',
            'onMailerRecordAuthAlertSend',
            'unmarshal',
            'onRecordValidate',
            'onRecordDeleteRequest',
            'onRecordDelete',
            'DynamicModel',
            'arrayOf',
            'sleep',
            'SelectField',
            'Collection',
            'Record',
            'TextField',
            'DateField',
            'DateTime',
            'BoolField',
            'NumberField',
            'RelationField',
            'MailerMessage',
            'ValidationError',
            'ApiError',
            'BadRequestError',
            'ForbiddenError',
            'NotFoundError',
            'UnauthorizedError',
            'TooManyRequestsError',
          ].map((name) => [name, 'readonly']),
        ),
        require: 'readonly',
        module: 'writable',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // Layering the tools enforce (docs/map.md): no import cycle in src, and the zones of eslint/zones.js (the
  // demo double only from the demo's entry points, its dataset (demo-seed/) only from the double, no scripts/
  // from src, the kit only through its rules modules, lib below config, SDK calls only in api/ files).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/no-cycle': 'error', 'local/zones': 'error' },
  },
  {
    files: ['src/{lib,config,components}/**'],
    rules: { 'no-restricted-imports': ['error', sharedLayerImports] },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: { 'no-restricted-imports': ['error', featureImports(feature)] },
  })),
]);
