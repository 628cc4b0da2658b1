import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { CommonInfo, Locale } from '@app/contract';
import { paged } from '../../platform/db/paged.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { commonInfo } from './common-info.table.js';
import { escapeLike } from '../../platform/db/sql.js';
import { localize } from '../../platform/i18n/stored-translations.js';

export const createCommonInfoRepository = (db: DbOrTx) => ({
  async page(
    tenantId: number,
    filter: { page: number; pageSize: number; categoryId?: number; title?: string },
    locale: Locale = 'zh-Hans',
  ): Promise<{ items: CommonInfo[]; total: number }> {
    const conditions: SQL[] = [eq(commonInfo.tenantId, tenantId)];
    if (filter.categoryId) conditions.push(eq(commonInfo.categoryId, filter.categoryId));
    if (filter.title) conditions.push(ilike(commonInfo.title, `%${escapeLike(filter.title)}%`));
    const where = and(...conditions);
    const { items: rows, total } = await paged(
      filter,
      db.select().from(commonInfo).where(where).orderBy(asc(commonInfo.sort), desc(commonInfo.id)),
      db.select({ total: count() }).from(commonInfo).where(where),
    );
    return {
      total,
      items: rows.map((row) => ({
        ...localize({ title: row.title, content: row.content }, row.i18n, locale),
        id: row.id,
        categoryId: row.categoryId,
        cover: row.cover,
        link: row.link,
        sort: row.sort,
        createTime: row.createdAt.toISOString(),
      })),
    };
  },
});
