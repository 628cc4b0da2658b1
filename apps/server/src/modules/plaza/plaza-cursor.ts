import { badRequest } from '../../platform/errors.js';

/**
 * Where a keyset page of a plaza list starts: right after a pinned work (the pinned head of the feed), or right
 * after a work in the list's own order, given by that work's sort key. The key's timestamps are PostgreSQL's
 * own text of the column (microseconds kept), so a page never skips a work published in the same millisecond.
 */
export type ListPosition =
  | { kind: 'pinned'; pinnedAt: string; id: number }
  | { kind: 'key'; key: ListKey };

/** A list's order and the sort key of one of its works (the id last, as the tie-break). */
export type ListKey =
  | { order: 'newest'; at: string; id: number }
  | { order: 'hot'; likes: number; at: string; id: number }
  | { order: 'drafts'; at: string; id: number };

export type ListOrder = ListKey['order'];

interface Encoded {
  o: ListOrder;
  /** Pinned position: [pinned_at, id]. */
  p?: [string, number];
  /** Key position: [at, id] or, for hot, [likes, at, id]. */
  k?: (string | number)[];
}

/** The opaque cursor a client sends back: base64url of the list's order and the position. */
export const encodeCursor = (order: ListOrder, position: ListPosition): string => {
  const encoded: Encoded =
    position.kind === 'pinned'
      ? { o: order, p: [position.pinnedAt, position.id] }
      : {
          o: order,
          k:
            position.key.order === 'hot'
              ? [position.key.likes, position.key.at, position.key.id]
              : [position.key.at, position.key.id],
        };
  return Buffer.from(JSON.stringify(encoded)).toString('base64url');
};

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
/** A timestamp as PostgreSQL prints one (`2026-03-01 08:00:00.123456+00`), nothing else reaches the SQL. */
const isInstant = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= 40 && /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)$/.test(v);

/** The position a cursor names, if it is one this list (`order`) answered; `cursor_invalid` otherwise. */
export const decodeCursor = (cursor: string, order: ListOrder): ListPosition => {
  let parsed: Encoded | undefined;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Encoded;
  } catch {
    parsed = undefined;
  }
  if (parsed && typeof parsed === 'object' && parsed.o === order) {
    const { p, k } = parsed;
    if (Array.isArray(p) && p.length === 2 && isInstant(p[0]) && isId(p[1]) && !k)
      return { kind: 'pinned', pinnedAt: p[0], id: p[1] };
    if (Array.isArray(k) && !p) {
      if (order === 'hot' && k.length === 3 && Number.isSafeInteger(k[0]) && (k[0] as number) >= 0)
        if (isInstant(k[1]) && isId(k[2]))
          return { kind: 'key', key: { order, likes: k[0] as number, at: k[1], id: k[2] } };
      if (order !== 'hot' && k.length === 2 && isInstant(k[0]) && isId(k[1]))
        return { kind: 'key', key: { order, at: k[0], id: k[1] } };
    }
  }
  throw badRequest('cursor_invalid');
};
