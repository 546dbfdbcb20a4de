/**
 * The part of zod this project uses, re-exported by name. `import { z } from 'zod'` makes bundlers
 * keep zod's whole namespace, every locale included (about 440 KB minified in each Lambda); a
 * namespace of just these names keeps bundles to what is used.
 */
export {
  array, boolean, coerce, discriminatedUnion, email, enum, literal, number, object, record, string, union, unknown,
  ZodError, ZodType,
} from 'zod';
export type { infer, input, output, ZodOptional, ZodString } from 'zod';
