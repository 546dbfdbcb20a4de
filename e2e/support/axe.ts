import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core, pinned (../shared/STACK.md): `@axe-core/playwright` declares Node >= 22.12, so the engine itself
 * is put into the page and run there. Evaluated rather than added as a script tag: a page whose
 * Content-Security-Policy allows no script (the launch refusal pages) would refuse the tag.
 */
let axeSource: string | undefined;
const axeScript = () => (axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** The impacts a screen may not have: a person using a screen reader or a low-contrast display is stopped by them. */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** Each offending element's selector and axe's summary of what to fix. */
  nodes: { target: string; summary: string }[];
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/** The serious and critical violations axe finds on the page as it is now. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeScript());
  // a string: the e2e project has no DOM types
  const result = (await page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] })`)) as AxeResult;
  return result.violations
    .filter((v) => v.impact !== null && BLOCKING.has(v.impact))
    .map((v) => ({
      id: v.id,
      impact: v.impact!,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
    }));
}

/** Fails with every serious or critical violation of the screen named `name`, each with the elements to fix. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const findings = await axeFindings(page);
  if (findings.length === 0) return;
  const lines = findings.flatMap((f) => [
    `  ${f.impact} ${f.id}: ${f.help}`,
    ...f.nodes.slice(0, 5).map((n) => `    ${n.target}: ${n.summary}`),
    ...(f.nodes.length > 5 ? [`    … and ${f.nodes.length - 5} more`] : []),
  ]);
  throw new Error(`axe: screen "${name}" (${page.url()}) has ${findings.length} serious or critical violation(s):\n${lines.join('\n')}`);
}
