import { readdirSync } from 'node:fs';
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

// --- web/: the rooms of the SPA (STYLE.md §7, §11; bulletproof-react's zones) ---
const webSrc = 'web/src';
const webFeatures = readdirSync(new URL(`./${webSrc}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name);
/** Shared web code: any feature and app/ may use it; it uses no feature and not app/. */
const webShared = ['components', 'lib', 'hooks'].map((dir) => `${webSrc}/${dir}`);
const webRooms = [{
  files: [`${webSrc}/**/*.{ts,tsx}`],
  plugins: { 'import-x': importX },
  settings: {
    // the plugin reads only .js files unless told: web imports .ts/.tsx without extensions
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
  },
  rules: {
    // dynamic import() counts too: a lazily loaded part that imports its loader is still a circle
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    // zones name resolved files, so a relative '../../accounts/…' is caught like any other spelling
    'import-x/no-restricted-paths': ['error', {
      basePath: fileURLToPath(new URL('.', import.meta.url)),
      zones: [
        ...webFeatures.map((feature) => ({
          target: `${webSrc}/features/${feature}`, from: `${webSrc}/features`, except: [`./${feature}`],
          message: 'features do not import each other: app/ composes them; shared code lives in components/, lib/ or hooks/',
        })),
        { target: `${webSrc}/features`, from: `${webSrc}/app`, message: 'features do not import app/: it composes them' },
        { target: webShared, from: [`${webSrc}/features`, `${webSrc}/app`], message: 'shared web code imports no feature and not app/' },
      ],
    }],
  },
}];

// --- functions/: the rooms of the backend (STYLE.md §1, §3, §11) ---
const functionsRooms = [{
  files: ['functions/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
  },
  rules: {
    // circles of values; import-x skips type-only imports, which functions/import-cycles.test.ts counts too
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
}, {
  // what ships; tests may reach across rooms (a repository's test uses the harness, which is the roof)
  files: ['functions/**/*.{ts,tsx}'],
  ignores: ['functions/**/*.test.ts', 'functions/test-support/**'],
  rules: {
    // zones name resolved files, so a relative path is caught like any other spelling
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
  ...webRooms,
  ...functionsRooms,
);
