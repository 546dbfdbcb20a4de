import { describe, expect, it, vi } from 'vitest';
import { spendOnce, readCreatePasswordLink, readResetLink, readToken } from './links';

describe('emailed links', () => {
  const HASH = `${'0123456789abcdef01234567'.repeat(2)}${'S'.repeat(43)}`;

  it('create-password link needs hash and id; email comes from navigation state', () => {
    const q = new URLSearchParams(`hash=${HASH}&id=0123456789abcdef01234567`);
    expect(readCreatePasswordLink(q, { email: 'owner@chaico.pk' })).toEqual({ hash: HASH, id: '0123456789abcdef01234567', email: 'owner@chaico.pk' });
    expect(readCreatePasswordLink(q, null)).toEqual({ hash: HASH, id: '0123456789abcdef01234567' });
    expect(readCreatePasswordLink(q, { email: 42 })).toEqual({ hash: HASH, id: '0123456789abcdef01234567' });
    expect(readCreatePasswordLink(new URLSearchParams('hash=abc&id=0123456789abcdef01234567'), null)).toBeNull();
    expect(readCreatePasswordLink(new URLSearchParams('hash=abc'), null)).toBeNull();
    expect(readCreatePasswordLink(new URLSearchParams('id=x&hash=%20'), null)).toBeNull();
    // the malformed link of issue 7: the form used to appear and its button did nothing
    expect(readCreatePasswordLink(new URLSearchParams('hash=abc&id=def'), null)).toBeNull();
    expect(readCreatePasswordLink(new URLSearchParams(`hash=${'h'.repeat(201)}&id=0123456789abcdef01234567`), null)).toBeNull();
  });
  it('a reset link is its hash; one cut off or mangled (hash=abc) is no link', () => {
    expect(readResetLink(new URLSearchParams(`hash=${HASH}`))).toBe(HASH);
    expect(readResetLink(new URLSearchParams('hash=abc'))).toBeNull();
    expect(readResetLink(new URLSearchParams(`hash=${HASH.slice(0, 66)}`))).toBeNull();
    expect(readResetLink(new URLSearchParams(`hash=${HASH}%20%3C`))).toBeNull();
    expect(readResetLink(new URLSearchParams(''))).toBeNull();
  });

  it('reads a token or hash', () => {
    expect(readToken(new URLSearchParams('token=t1'), 'token')).toBe('t1');
    expect(readToken(new URLSearchParams('hash='), 'hash')).toBeNull();
    expect(readToken(new URLSearchParams(''), 'token')).toBeNull();
  });
  it('spends a token once however often it is asked', async () => {
    const cache = new Map<string, Promise<string>>();
    const run = vi.fn(async () => 'ok');
    const [a, b] = await Promise.all([spendOnce(cache, 't', run), spendOnce(cache, 't', run)]);
    expect([a, b]).toEqual(['ok', 'ok']);
    expect(run).toHaveBeenCalledTimes(1);
    await spendOnce(cache, 'other', run);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
