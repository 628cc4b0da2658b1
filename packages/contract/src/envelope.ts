import { z } from 'zod';

/** Every /api/* answer is wrapped in this envelope (Admin.NET convention). */
export interface Envelope<T> {
  code: number;
  type: 'success' | 'error' | 'warning';
  /** On failure: why, in the caller's language. For validation failures a map of field → messages. */
  message: string | Record<string, string[]> | null;
  result: T;
  extras: { error?: string; [key: string]: unknown } | null;
  time: string;
}

/** Paged lists: `{ page, pageSize }` in, `{ items, total, page, pageSize }` out. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Keyset paging of a per-user list (issue 26): `cursor` is the `nextCursor` of the previous answer (the id of its
 * last item). With a cursor the page starts right after that item, whatever `page` says, so rows inserted at the
 * top meanwhile neither repeat nor push items past the page; without one, `page` and `pageSize` cut the list as
 * the spec's callers expect.
 */
export const cursorField = {
  cursor: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
};
export const keysetPageQuerySchema = pageQuerySchema.extend(cursorField);
export type KeysetPageQuery = z.infer<typeof keysetPageQuerySchema>;

/**
 * What a keyset-paged list answers, besides `items`, `page` and `pageSize`. Nothing is counted per request:
 * `hasMore` says whether another page follows, `nextCursor` asks for it, and `total` is a lower bound, the items
 * up to this page (`(page - 1) * pageSize` plus this page's) plus one when more follow, so `page * pageSize <
 * total` still reads "there is a next page".
 */
export const keysetFields = {
  total: z.number().int().min(0),
  hasMore: z.boolean(),
  nextCursor: z.number().int().min(1).nullable(),
};
export const keysetPagedSchema = <T extends z.ZodType>(item: T) =>
  pagedSchema(item).extend({ hasMore: keysetFields.hasMore, nextCursor: keysetFields.nextCursor });
export interface KeysetPaged<T> extends Paged<T> {
  hasMore: boolean;
  nextCursor: number | null;
}
