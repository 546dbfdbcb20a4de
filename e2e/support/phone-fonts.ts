import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';

/** A WOFF 1.0 file as the plain TrueType file it wraps (each table zlib-compressed or stored). */
function woffToTtf(woff: Buffer): Buffer {
  const tables = woff.readUInt16BE(12);
  const entries = Array.from({ length: tables }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, origLength] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? zlib.inflateSync(raw) : raw };
  });
  const power = 2 ** Math.floor(Math.log2(tables));
  const head = Buffer.alloc(12 + tables * 16);
  woff.copy(head, 0, 4, 8); // the wrapped font's own flavour (TrueType or CFF)
  head.writeUInt16BE(tables, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(tables * 16 - power * 16, 10);
  let offset = head.length;
  const bodies: Buffer[] = [];
  entries.forEach((e, i) => {
    const at = 12 + i * 16;
    e.tag.copy(head, at);
    head.writeUInt32BE(e.checksum, at + 4);
    head.writeUInt32BE(offset, at + 8);
    head.writeUInt32BE(e.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(e.data.length / 4) * 4);
    e.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([head, ...bodies]);
}

/**
 * This machine's only fonts (DejaVu, Liberation) lack Urdu's own letters (ہ, ے), which every phone has.
 * Android's Noto Naskh Arabic, from its npm package (unwrapped from WOFF: Chromium's font loader reads
 * plain TrueType), is given to a flow's Chromium through a fontconfig file of its own, so screenshots
 * show what a consignee reads. Pass the result as `launch({ env })`.
 */
export function phoneFonts(): Record<string, string> {
  const files = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-naskh-arabic/package.json')), 'files');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dakiya-fonts-'));
  for (const weight of [400, 700]) {
    const woff = fs.readFileSync(path.join(files, `noto-naskh-arabic-arabic-${weight}-normal.woff`));
    fs.writeFileSync(path.join(dir, `noto-naskh-arabic-${weight}.ttf`), woffToTtf(woff));
  }
  const conf = path.join(dir, 'fonts.conf');
  fs.writeFileSync(conf, `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${dir}</dir><cachedir>${path.join(dir, 'cache')}</cachedir></fontconfig>
`);
  return { FONTCONFIG_FILE: conf };
}
