import { defineConfig } from 'vitest/config';

const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

/**
 * The flows that book parcels or list them share one world; sign-in, accounts, plans and the rest share the
 * other. `./dakiya test` runs the booking world in a second vitest process beside the first (local/test.ts).
 */
const BOOKING_WORLD = ['e2e/orders*.test.ts', 'e2e/booking-*.test.ts', 'e2e/bulk-*.test.ts', 'e2e/track-*.test.ts', 'e2e/staff-limits.test.ts', 'e2e/sample-orders.test.ts', 'e2e/long-address.test.ts'];

function e2eWorld(name: string, include: string[], exclude: string[]) {
  return {
    test: {
      name,
      include,
      exclude,
      globalSetup: ['e2e/global-stack.ts'],
      // long flows on a 2-core machine shared with other runs: a slow run must not read as a broken one
      setupFiles: ['e2e/support/guard.ts'],
      // a screen may take a few seconds on a machine busy with other work: wait for it, not a fixed second
      expect: { poll: { timeout: 10_000, interval: 100 } },
      testTimeout: 180_000,
      hookTimeout: 180_000,
      // the flows of one world share its demo shop: one file at a time
      fileParallelism: false,
      env,
    },
  };
}

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
      // Two worlds, each its own local stack (one demo shop, one set of simulators), each running its files
      // one after another: much of a flow's time is waiting (a toast's seconds, a sign-in slow-down's
      // countdown), so two worlds side by side nearly halve the flows' time on two cores.
      e2eWorld('e2e:booking', BOOKING_WORLD, []),
      e2eWorld('e2e:accounts', ['e2e/**/*.test.ts'], BOOKING_WORLD),
    ],
  },
});
