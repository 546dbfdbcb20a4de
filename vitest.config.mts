import { defineConfig } from 'vitest/config';

const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

export default defineConfig({
  test: {
    env,
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], env } },
      {
        test: {
          name: 'functions',
          include: ['functions/**/*.test.ts'],
          globalSetup: ['local/test-support/global-services.ts'],
          // a file's world (table, simulators, shops installed through OAuth) and its cases wait on DynamoDB Local:
          // on a 2-core machine busy with another run they take several times longer, which is not a failure
          testTimeout: 60_000,
          hookTimeout: 180_000,
          env,
        },
      },
      {
        test: {
          name: 'local',
          include: ['local/**/*.test.ts'],
          globalSetup: ['local/test-support/global-services.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          env,
        },
      },
      { test: { name: 'infra', include: ['infra/test/**/*.test.ts'], testTimeout: 240_000, hookTimeout: 240_000, env } },
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], env } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-stack.ts'],
          // long flows on a 2-core machine shared with other runs: a slow run must not read as a broken one
          setupFiles: ['e2e/support/guard.ts'],
          // a screen may take a few seconds on a machine busy with other work: wait for it, not a fixed second
          expect: { poll: { timeout: 10_000, interval: 100 } },
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          env,
        },
      },
    ],
  },
});
