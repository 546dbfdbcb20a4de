import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './config';

describe('./dakiya', () => {
  // `./dakiya sync` once ran a file that did not exist: every command must run something that is there.
  it('runs only scripts that exist, and offers exactly the commands it has', () => {
    const script = fs.readFileSync(path.join(ROOT, 'dakiya'), 'utf8');
    const files = [...script.matchAll(/tsx (\S+\.ts)/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
    const commands = [...script.matchAll(/^ {2}([a-z]+)\)$/gm)].map((m) => m[1]);
    const usage = script.match(/usage: \.\/dakiya ([^"]+)"/)?.[1]?.split(' | ').map((entry) => entry.split(' ')[0]);
    expect(usage).toEqual(commands);
  });
});
