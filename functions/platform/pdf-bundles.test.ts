import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { GROUPS, jobIds, jobName } from '@dakiya/shared';

const FUNCTIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entries = [...GROUPS.map((g) => g as string), ...jobIds.map((id) => `jobs/${jobName(id)}`)];
/** The airway bills' libraries: the PDF writer and its font engine, the barcode, the bidi pass, the joiner of couriers' labels. */
const PDF_LIBRARIES = /node_modules\/(pdfkit|fontkit|bwip-js|bidi-js|pdf-lib)\//;
const PRINTERS = new Set(['labels', 'jobs/labels-print']);

async function inputsOf(folder: string): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(FUNCTIONS, folder, 'handler.ts')], bundle: true, platform: 'node', target: 'node22', format: 'esm',
    write: false, metafile: true, external: ['@aws-sdk/*'], outfile: 'x.mjs', logLevel: 'silent',
  });
  return Object.keys(Object.values(result.metafile.outputs)[0]!.inputs);
}

describe('the PDF libraries (about 1 MB) ship only in the labels group and its job worker', () => {
  it.each(entries)('%s', async (folder) => {
    const carried = [...new Set((await inputsOf(folder)).map((file) => PDF_LIBRARIES.exec(file)?.[1]).filter(Boolean))].sort();
    expect(carried).toEqual(PRINTERS.has(folder) ? ['bidi-js', 'bwip-js', 'fontkit', 'pdf-lib', 'pdfkit'] : []);
  }, 30_000);
});
