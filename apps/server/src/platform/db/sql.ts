import { sql, type AnyColumn } from 'drizzle-orm';

/** `col DESC NULLS LAST`: the exact ordering of the list indexes (a plain DESC would sort nulls first). */
export const descNullsLast = (column: AnyColumn) => sql`${column} DESC NULLS LAST`;

/** Escapes LIKE's wildcards so a user's search text matches literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A unique-index violation from either driver (drizzle may wrap the driver error in `cause`). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
