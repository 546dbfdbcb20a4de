import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './config';

/**
 * `./dakiya test`: typecheck, lint, then every vitest project (unit, handlers on DynamoDB Local,
 * simulators and contracts, infra synth, Chromium end to end). Ends with a plain "N passed, N failed".
 */
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const run = (label: string, cmd: string, args: string[]) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  return result.status === 0;
};

const steps: [string, () => boolean][] = [
  ['typecheck (functions, shared, infra, local, bench)', () => run('typecheck', bin('tsc'), ['-p', 'tsconfig.json'])],
  // the end-to-end flows run code in the page (document, window): only they get the DOM library
  ['typecheck (e2e)', () => run('typecheck e2e', bin('tsc'), ['-p', 'e2e/tsconfig.json'])],
  ['typecheck (web)', () => run('typecheck web', bin('tsc'), ['-p', 'web/tsconfig.json'])],
  ['lint', () => run('lint', bin('eslint'), ['.', '--max-warnings=0'])],
];

let ok = true;
for (const [label, step] of steps) {
  if (!step()) { console.error(`✗ ${label} failed`); ok = false; }
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dakiya-test-')), 'vitest.json');
const extra = process.argv.slice(2);
const vitestOk = run('vitest (all projects)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);
let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(report)) {
  const data = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  passed = data.numPassedTests;
  failed = data.numFailedTests;
  skipped = data.numPendingTests + data.numTodoTests;
}
if (!vitestOk && failed === 0) failed = 1;
// a skipped case is not a pass: it is counted apart, and each one names its reason in its title
if (skipped) console.log(`\nSkipped: ${skipped} (each says why in its name)`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(ok && vitestOk ? 0 : 1);
