import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { GROUPS, jobIds, jobName } from '@dakiya/shared';

const FUNCTIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entries = [...GROUPS.map((g) => `${g}/handler.ts`), ...jobIds.map((id) => `jobs/${jobName(id)}/handler.ts`)];
/** Files that only declare or hold the store; any other file naming one of its parts uses it. */
const HOLDERS = /platform\/deps\.ts$|adapters\/dynamo\/booking-store\//;
/** The booking store's parts as deps hands them out. */
const USES = /\bdeps\.(attempts|bookings|counters|bulkRows|countersMigration)\b/;

async function inputsOf(folder: string): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(FUNCTIONS, folder)], bundle: true, platform: 'node', target: 'node22', format: 'esm',
    write: false, metafile: true, external: ['@aws-sdk/*'], outfile: 'x.mjs', logLevel: 'silent',
  });
  return Object.keys(Object.values(result.metafile.outputs)[0]!.inputs);
}

describe('the booking store (deps.attempts, bookings, counters, bulkRows, countersMigration) is carried only by the Lambdas that use it', () => {
  it.each(entries)('%s: uses the store exactly when its handler registers it, and carries ElectroDB only then', async (folder) => {
    const inputs = await inputsOf(folder);
    const usesStore = inputs.some((file) => file.startsWith('functions/') && !HOLDERS.test(file) && !file.endsWith('.test.ts')
      && USES.test(fs.readFileSync(path.join(FUNCTIONS, '..', file), 'utf8')));
    const registers = inputs.some((file) => file.endsWith('adapters/dynamo/booking-store/register.ts'));
    expect({ usesStore, registers }).toEqual({ usesStore, registers: usesStore });
    expect(inputs.some((file) => file.includes('node_modules/electrodb/'))).toBe(usesStore);
  }, 30_000);
});
