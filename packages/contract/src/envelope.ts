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

export const envelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({
    code: z.number().int(),
    type: z.enum(['success', 'error', 'warning']),
    message: z.union([z.string(), z.record(z.string(), z.array(z.string())), z.null()]),
    result,
    extras: z.record(z.string(), z.unknown()).nullable(),
    time: z.string(),
  });

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
