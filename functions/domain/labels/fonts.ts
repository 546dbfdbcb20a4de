import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';

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

/**
 * A WOFF file as the plain font inside it (its tables inflated once). fontkit reads WOFF too, but inflates a
 * table again on every read: with the shaping tables read for every line, 500 bills spent seconds in it.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, origLength] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const searchRange = 2 ** Math.floor(Math.log2(count)) * 16;
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(Math.log2(searchRange / 16), 8);
  header.writeUInt16BE(count * 16 - searchRange, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

let loaded: Record<FontName, Buffer> | undefined;

/** Read once per Lambda container: every document embeds the subsets it uses from these bytes. */
export function fontBytes(): Record<FontName, Buffer> {
  if (!loaded) {
    const dir = fontsDir();
    loaded = Object.fromEntries(Object.entries(FONT_FILES).map(([name, file]) => [name, woffToSfnt(fs.readFileSync(path.join(dir, file)))])) as Record<FontName, Buffer>;
  }
  return loaded;
}
