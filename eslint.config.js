import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Imports point one way (STYLE.md §1): web, functions and infra depend on shared, never on each other. */
const boundary = (from, banned) => ({
  files: [`${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: banned.map((dir) => ({ group: [`**/${dir}/**`, `@dakiya/${dir}`, `@dakiya/${dir}/**`], message: `${from}/ must not import ${dir}/` })),
    }],
  },
});

// --- functions/: the rooms of the backend (STYLE.md §1, §3, §11) ---
/** Every folder of functions/ but these is an endpoint group or the job rows: operations, which only the roof wires. */
const functionsRooms = [{
  files: ['functions/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'] })],
  },
  rules: {
    // type-only imports count: a circle of types still ties the files' meaning together
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
}, {
  // what ships; tests may reach across rooms (a repository's test uses the harness, which is the roof)
  files: ['functions/**/*.ts'],
  ignores: ['functions/**/*.test.ts', 'functions/test-support/**'],
  rules: {
    'import-x/no-restricted-paths': ['error', {
      basePath: fileURLToPath(new URL('.', import.meta.url)),
      zones: [
        {
          target: 'functions/ground', from: 'functions', except: ['./ground'],
          message: 'the ground (errors, ids, log, clock, tokens) imports nothing of functions but itself',
        },
        {
          target: 'functions/domain', from: 'functions', except: ['./domain', './ground'],
          message: 'the domain imports shared, the ground and its ports only: not adapters, not the roof (platform/), not operations',
        },
        {
          target: 'functions/adapters', from: 'functions', except: ['./adapters', './ground', './domain/ports', './domain/records.ts'],
          message: 'adapters implement ports: they import the ground, the ports and records, never the roof (platform/), operations or domain rules',
        },
      ],
    }],
  },
}];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.local-data/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  boundary('shared', ['functions', 'web', 'infra', 'local']),
  boundary('web', ['functions', 'infra', 'local']),
  boundary('functions', ['web', 'infra', 'local']),
  {
    // tests run the real handlers against the local simulators and stand-ins
    files: ['functions/**/*.test.ts', 'functions/test-support/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**', '**/infra/**'], message: 'functions tests must not import web/ or infra/' }] }] },
  },
  boundary('infra', ['web', 'local']),
  {
    // features do not import each other; app/ composes them (bulletproof-react)
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/*/**', '!./**', '!../**'], message: 'features do not import each other' }] }],
    },
  },
  ...functionsRooms,
);
