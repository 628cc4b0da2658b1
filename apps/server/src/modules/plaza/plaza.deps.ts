import { ArticleCategory } from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Platform } from '../../platform/platform.js';
import { createCensor, type TextCensor } from '../../platform/censor/censor.js';
import { and, eq } from 'drizzle-orm';
import { userBlocks } from '../users/user-block.table.js';
import { getAppConfig } from '../dictionary/dictionary.service.js';

/** A message-centre notice for a work's author (comment or like). */
export interface PlazaNotice {
  tenantId: number;
  /** Who receives it. */
  userId: number;
  /** Message-centre type (`ImMessageType`). */
  type: 'comment' | 'like';
  title: string;
  content: string;
  link: string;
  data: { articleId: number; commentId?: number };
  /** Who caused it. */
  senderId: number;
}

/**
 * What the plaza needs from other modules, in one place so each can be swapped when its owner lands it.
 * Tests may pass their own.
 */
export interface PlazaDeps {
  /** The sensitive words in a text (empty when it may be published). */
  findSensitiveWords(tenantId: number, text: string): Promise<string[]>;
  /** Authors the user blocked (empty for anonymous callers). */
  blockedAuthorIds(db: DbOrTx, tenantId: number, userId: number): Promise<number[]>;
  /** Tells an author about a comment or a like; failures are logged, never fail the caller. */
  notify(notice: PlazaNotice): Promise<void>;
  /** Category of works added without one: the app config's `categoryId.article`. */
  defaultCategoryId(db: Db, tenantId: number): Promise<number>;
}

/**
 * The authors a user blocked. Same query as the accounts module's `blockedAuthorIds` (users/user-block.repository),
 * kept here until that file is committed; swap the import then.
 */
const blockedAuthorIds = async (db: DbOrTx, tenantId: number, userId: number): Promise<number[]> => {
  if (userId <= 0) return [];
  const rows = await db
    .select({ id: userBlocks.blockedUserId })
    .from(userBlocks)
    .where(and(eq(userBlocks.tenantId, tenantId), eq(userBlocks.userId, userId)));
  return rows.map((r) => r.id);
};

let fallbackCensor: TextCensor | undefined;

/**
 * Builds the plaza's dependencies from the platform.
 * - censor: the platform's `censor.censorText` when present (operator-edited list), else the seed-list matcher;
 * - notify: the message centre's `notify` when present, else a debug log line.
 */
export const plazaDepsFrom = (platform: Platform): PlazaDeps => {
  const extra = platform as Platform & {
    censor?: { censorText(text: string, tenantId?: number): Promise<{ ok: boolean; words: string[] }> };
    notify?: (notice: PlazaNotice) => Promise<unknown>;
  };
  return {
    async findSensitiveWords(tenantId, text) {
      if (extra.censor) {
        const { ok, words } = await extra.censor.censorText(text, tenantId);
        return ok ? [] : [...new Set(words)];
      }
      fallbackCensor ??= createCensor();
      return [...new Set(fallbackCensor.findSensitive(text).map((m) => m.word))];
    },
    blockedAuthorIds,
    async notify(notice) {
      try {
        if (extra.notify) await extra.notify(notice);
        else platform.log.debug({ notice }, 'plaza notice (message centre not wired)');
      } catch (error) {
        platform.log.warn({ err: error, notice }, 'plaza notice failed');
      }
    },
    async defaultCategoryId(db, tenantId) {
      const config = await getAppConfig(db, tenantId).catch(() => null);
      return config?.categoryId.article || ArticleCategory.Article;
    },
  };
};
