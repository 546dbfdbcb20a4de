import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { CHUNK_TEXT, CHUNK_TITLE, CRASH_TEXT, CRASH_TITLE, describeCrash } from './crash';

describe('the error panel of a screen that failed', () => {
  it('a bug: the friendly text, and no reference when no server failure came before it', () => {
    expect(describeCrash(new TypeError("Cannot read properties of undefined (reading '_id')"), undefined)).toEqual({
      kind: 'bug', title: CRASH_TITLE, description: CRASH_TEXT,
    });
  });

  it("a server failure carries its request id; else a recent one's is shown", () => {
    const failed = new ApiError(500, { errors: [{ msg: 'Something went wrong. Please try again later', code: 'INTERNAL' }], request_id: 'req-1' }, 'x');
    expect(describeCrash(failed, 'req-older')).toMatchObject({ kind: 'bug', requestId: 'req-1' });
    expect(describeCrash(new TypeError('x'), 'req-2')).toMatchObject({ kind: 'bug', requestId: 'req-2' });
  });

  it('code that did not download says so, without a reference', () => {
    expect(describeCrash(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'), 'req-3')).toEqual({
      kind: 'chunk', title: CHUNK_TITLE, description: CHUNK_TEXT,
    });
  });
});
