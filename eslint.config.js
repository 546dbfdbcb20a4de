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
);
