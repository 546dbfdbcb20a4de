import { z } from '../zod';

/** Every entity id is a 24-character hex string (spec: "Order ids are 24-character hex strings"). */
export const ObjectId = z.string().regex(/^[0-9a-f]{24}$/, 'Invalid id entered');
export type ObjectId = z.infer<typeof ObjectId>;

export const IdParams = z.object({ id: ObjectId });
export type IdParams = z.infer<typeof IdParams>;

export const Empty = z.object({}).strict();
export type Empty = z.infer<typeof Empty>;

export const Ok = z.object({ msg: z.string() });
export type Ok = z.infer<typeof Ok>;

/** Query-string integers arrive as text; bound them so a page can never ask for the whole table. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(250).default(50),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const Pagination = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;
