import { afterEach, beforeEach } from 'vitest';
import { beginTest, endTest, takeProblems } from './browser';

// Loaded before every end-to-end file (vitest setupFiles): a flow passes only if no page it opened threw
// or logged a console error it did not expect.
beforeEach(() => beginTest());
afterEach(async (context) => {
  const problems = takeProblems();
  await endTest(context.task.result?.state === 'fail' ? context.task.name : undefined);
  if (problems.length > 0) throw new Error(`the browser reported problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
});
