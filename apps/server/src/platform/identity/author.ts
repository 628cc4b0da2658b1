import { DEFAULT_AVATAR, DELETED_USER_NICKNAME, type AuthorSummary } from '@app/contract';
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
