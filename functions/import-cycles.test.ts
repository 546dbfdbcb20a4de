import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) { if (entry.name !== 'node_modules' && entry.name !== 'test-support') sources(full, out); } else if (/\.tsx?$/.test(full) && !full.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** Every circle of imports between the files, each as the path round it. */
function circles(files: string[]): string[] {
  const imports = new Map(files.map((file) => [file, ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles
    .map((imported) => resolve(file, imported.fileName)).filter((found): found is string => Boolean(found))]));
  const state = new Map<string, 'open' | 'done'>();
  const route: string[] = [];
  const found: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    route.push(file);
    for (const next of imports.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...route.slice(route.indexOf(next)), next].map((f) => path.relative(FUNCTIONS, f)).join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    route.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe('functions/ has no import circle', () => {
  // ESLint's import-x/no-cycle finds circles of values; a circle through `import type` binds the files
  // as much (the layers' direction), so this counts every import
  it('type imports included', () => {
    expect(circles(sources(FUNCTIONS))).toEqual([]);
  });
});
