import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { GROUPS, jobIds, jobName } from '@dakiya/shared';

/** Each Lambda (API groups, then job rows) bundled as CDK bundles it (minified ESM, AWS SDK external), measured from the metafile. */
export async function bundleSizes(root: string): Promise<{ group: string; bytes: number; inputs: number }[]> {
  const out: { group: string; bytes: number; inputs: number }[] = [];
  const entries = [...GROUPS.map((g) => [g, g] as const), ...jobIds.map((id) => [`job ${id}`, `jobs/${jobName(id)}`] as const)];
  for (const [group, folder] of entries) {
    const result = await build({
      entryPoints: [path.join(root, 'functions', folder, 'handler.ts')],
      bundle: true, minify: true, platform: 'node', target: 'node22', format: 'esm', write: false, metafile: true,
      external: ['@aws-sdk/*'], outfile: `${folder.replace('/', '-')}.mjs`, logLevel: 'silent',
    });
    const output = Object.values(result.metafile.outputs)[0];
    out.push({ group, bytes: output?.bytes ?? 0, inputs: Object.keys(result.metafile.inputs).length });
  }
  return out;
}

/** What a first visit downloads: the entry script and the chunks index.html preloads, gzip-compressed. */
export function firstLoadJs(webDist: string): { files: { file: string; gzip: number }[]; totalGzip: number } {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const files = [...new Set(refs)].map((ref) => {
    const bytes = fs.readFileSync(path.join(webDist, ref));
    return { file: ref, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });
  return { files, totalGzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}
