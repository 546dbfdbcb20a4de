import { describe, expect, it } from 'vitest';
import type { z } from '../zod';
import { routes } from '../routes';

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; options?: z.ZodType[] };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional / default / pipe wrappers. */
function core(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) return core(def.innerType);
  if (def.type === 'pipe' && def.in) return core(def.in);
  return schema;
}

/** Every object shape a body may take (a discriminated union has one per option). */
function shapes(schema: z.ZodType): Record<string, z.ZodType>[] {
  const inner = core(schema);
  const def = defOf(inner);
  if (def.type === 'object') return [(inner as unknown as { shape: Record<string, z.ZodType> }).shape];
  if (def.type === 'union' && def.options) return def.options.flatMap(shapes);
  return [];
}

describe('field messages say what is wrong', () => {
  // zod applies a schema's `{ error }` to every check without its own message: `z.string({ error:
  // 'Confirm password is required' }).max(200)` told a person who had typed 500 characters that the field was required.
  it('a far too long value is never called missing', () => {
    const checked: string[] = [];
    for (const [id, route] of Object.entries(routes)) {
      const body = 'body' in route ? (route.body as z.ZodType | undefined) : undefined;
      if (!body) continue;
      for (const shape of shapes(body)) {
        for (const [key, field] of Object.entries(shape)) {
          if (defOf(core(field)).type !== 'string') continue;
          const discriminant = Object.fromEntries(Object.entries(shape).filter(([, f]) => defOf(core(f)).type === 'literal').map(([k, f]) => [k, (defOf(core(f)) as unknown as { values: unknown[] }).values[0]]));
          const parsed = body.safeParse({ ...discriminant, [key]: 'x'.repeat(5000) });
          const messages = parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === key).map((i) => i.message);
          checked.push(`${id}.${key}`);
          for (const message of messages) expect(message, `${id}.${key}`).not.toMatch(/is required$|Please add/i);
        }
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['profile.changePassword.confirm_password', 'auth.createPassword.confirm_password', 'accounts.create.shipper_mobile']));
  });
});
