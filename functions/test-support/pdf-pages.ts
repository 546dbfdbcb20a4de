import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import zxing from '@zxing/library';

// a CommonJS package: Node's ESM loader sees only its default export
const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, NotFoundException, RGBLuminanceSource } = zxing;

/** A PDF's pages as images, rendered by poppler's pdftoppm at a printer-like resolution. */
export function renderPages(pdf: Uint8Array, dpi = 110): PNG[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-pages-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), path.join(dir, 'in.pdf'), path.join(dir, 'page')]);
    return fs.readdirSync(dir).filter((f) => f.endsWith('.png')).sort().map((f) => PNG.sync.read(fs.readFileSync(path.join(dir, f))));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface Box { x: number; y: number; width: number; height: number }

/** The Code 128 inside a box of a page (the whole page when none is given), or null when none is readable. */
export function readCode128(page: PNG, box: Box = { x: 0, y: 0, width: page.width, height: page.height }): string | null {
  const luminance = new Uint8ClampedArray(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const at = ((box.y + y) * page.width + box.x + x) * 4;
      luminance[y * box.width + x] = (page.data[at]! * 299 + page.data[at + 1]! * 587 + page.data[at + 2]! * 114) / 1000;
    }
  }
  const reader = new MultiFormatReader();
  const hints = new Map<zxing.DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]], [DecodeHintType.TRY_HARDER, true]]);
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, box.width, box.height))), hints).getText();
  } catch (error) {
    if (error instanceof NotFoundException) return null;
    throw error;
  }
}

/**
 * A page cut into `columns` x `rows` equal boxes, left to right, then down, each without its outer `inset`
 * pixels: a scanner is held over one label, and zxing takes a label's border line beside the quiet zone
 * for the first bar.
 */
export function grid(page: PNG, columns: number, rows: number, inset = 12): Box[] {
  const width = Math.floor(page.width / columns);
  const height = Math.floor(page.height / rows);
  const boxes: Box[] = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < columns; c += 1) boxes.push({ x: c * width + inset, y: r * height + inset, width: width - 2 * inset, height: height - 2 * inset });
  }
  return boxes;
}
