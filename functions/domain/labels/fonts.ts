import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Noto Naskh Arabic (@fontsource, pinned): its Arabic subset shapes Urdu, its Latin subset draws the rest
 * in the same family. A Lambda bundle has no node_modules, so the build copies the four files into
 * `fonts/` beside it (infra's label functions); tests and local mode read them from the package.
 */
export const FONT_FILES = {
  urdu: 'noto-naskh-arabic-arabic-400-normal.woff',
  urduBold: 'noto-naskh-arabic-arabic-700-normal.woff',
  latin: 'noto-naskh-arabic-latin-400-normal.woff',
  latinBold: 'noto-naskh-arabic-latin-700-normal.woff',
} as const;
export type FontName = keyof typeof FONT_FILES;

function fontsDir(): string {
  const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');
  if (fs.existsSync(path.join(beside, FONT_FILES.urdu))) return beside;
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@fontsource/noto-naskh-arabic/package.json')), 'files');
}

let loaded: Record<FontName, Buffer> | undefined;

/** Read once per Lambda container: every document embeds the subsets it uses from these bytes. */
export function fontBytes(): Record<FontName, Buffer> {
  if (!loaded) {
    const dir = fontsDir();
    loaded = Object.fromEntries(Object.entries(FONT_FILES).map(([name, file]) => [name, fs.readFileSync(path.join(dir, file))])) as Record<FontName, Buffer>;
  }
  return loaded;
}
