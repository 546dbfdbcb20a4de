import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './config';

/** The e2e world whose flows run in their own vitest process (see vitest.config.mts). */
const BESIDE = 'e2e:booking';

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

interface Report { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }

/** One vitest process; its JSON report (null when it wrote none) and whether it passed. */
function vitest(args: string[], output: 'inherit' | number): Promise<{ ok: boolean; report: Report | null }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dakiya-test-')), 'vitest.json');
  const child = spawn(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], {
    cwd: ROOT, env: process.env, stdio: ['ignore', output, output],
  });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      const report = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) as Report : null;
      resolve({ ok: code === 0, report });
    });
  });
}

const extra = process.argv.slice(2);
const runs: Promise<{ ok: boolean; report: Report | null }>[] = [];
let beside: string | undefined;
if (extra.length) {
  console.log('\n▶ vitest', extra.join(' '));
  runs.push(vitest(extra, 'inherit'));
} else {
  // The booking world's flows run in a second vitest process beside the rest: vitest runs every file of a
  // project without file parallelism in one queue, so two worlds in one process would still take turns.
  // Its output is shown when both are done, so the two never interleave.
  beside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dakiya-test-')), 'booking-world.log');
  const log = fs.openSync(beside, 'w');
  console.log(`\n▶ vitest: every project, and the ${BESIDE} flows beside them (their output follows at the end)`);
  runs.push(vitest(['--project', `!${BESIDE}`], 'inherit'), vitest(['--project', BESIDE], log));
}
const results = await Promise.all(runs);
if (beside) {
  console.log(`\n▶ vitest: the ${BESIDE} flows\n`);
  process.stdout.write(fs.readFileSync(beside, 'utf8'));
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const { ok: runOk, report } of results) {
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
  // a run that failed without a failed test (a set-up, a file that did not load) still fails
  if (!runOk && (!report || report.numFailedTests === 0)) failed += 1;
  if (!runOk) ok = false;
}
// a skipped case is not a pass: it is counted apart, and each one names its reason in its title
if (skipped) console.log(`\nSkipped: ${skipped} (each says why in its name)`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
