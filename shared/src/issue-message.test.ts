import { describe, expect, it } from 'vitest';
import { z } from './zod';
import { issueMessage } from './issue-message';

const first = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return issueMessage(result.error.issues[0]!, 'body');
};

describe('issueMessage', () => {
  it('says zod\'s defaults as a person would read them, by the field\'s name', () => {
    expect(first(z.object({ tracking_account: z.string() }), {})).toBe('Tracking account is required');
    expect(first(z.object({ limit: z.coerce.number() }), { limit: 'abc' })).toBe('Limit must be a number');
    expect(first(z.object({ ids: z.array(z.string()) }), { ids: 'a' })).toBe('Ids must be a list');
    expect(first(z.object({ pageSize: z.number().min(1) }), { pageSize: 0 })).toBe('Page size must be at least 1');
    expect(first(z.object({ name: z.string().max(3) }), { name: 'abcd' })).toBe('Name must be at most 3 characters');
    expect(first(z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' })).toBe('Kind is not valid');
    expect(first(z.string(), 5)).toBe('Body must be text');
  });

  it('keeps a schema\'s own message', () => {
    expect(first(z.object({ id: z.string().regex(/^x$/, 'Invalid id entered') }), { id: 'y' })).toBe('Invalid id entered');
    expect(first(z.object({ pieces: z.number({ error: 'Pieces must be a number' }) }), { pieces: 'a' })).toBe('Pieces must be a number');
  });
});
