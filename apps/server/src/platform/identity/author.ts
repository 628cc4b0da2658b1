import { DEFAULT_AVATAR, DELETED_USER_NICKNAME, type AuthorSummary } from '@app/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { users } from './identity.table.js';
import { defaultNickName } from './users.repository.js';

/** The user columns an author summary is made from (select them beside a row, joined on its user). */
export const authorSummaryColumns = {
  id: users.id,
  nickName: users.nickName,
  avatar: users.avatar,
  phone: users.phone,
  deletedAt: users.deletedAt,
};

/** Nick name and avatar as everyone sees them (deleted accounts are anonymous). */
export const authorSummary = (row: {
  id: number;
  nickName: string | null;
  avatar: string | null;
  phone: string | null;
  deletedAt: Date | null;
}): AuthorSummary => {
  if (row.deletedAt) return { id: row.id, nickName: DELETED_USER_NICKNAME, avatar: DEFAULT_AVATAR };
  return {
    id: row.id,
    nickName: row.nickName || defaultNickName(row.phone),
    avatar: row.avatar || DEFAULT_AVATAR,
  };
};

/** Author summaries of these users by id, in one query (ids not found are absent). */
export const authorSummariesOf = async (db: DbOrTx, ids: Iterable<number>): Promise<Map<number, AuthorSummary>> => {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select(authorSummaryColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, authorSummary(r)]));
};

/** The summary of one user from `authorSummariesOf`; a blank one (default avatar) for an id not found. */
export const authorSummaryIn = (
  summaries: Map<number, AuthorSummary>,
  id: number,
  nickName = '',
): AuthorSummary => summaries.get(id) ?? { id, nickName, avatar: DEFAULT_AVATAR };
