import { DEFAULT_SHARE_IMAGE, DEFAULT_SHARE_TITLE, SHARE_ROUTE, type ArticleDetail } from '@app/contract';
import { shanghaiDate } from '../../platform/clock.js';
import { recordHistory } from '../history/index.js';
import type { PlazaWorkflowDeps } from './article-access.js';
import { isOperator, type Actor } from '../../platform/identity/actor.js';
import { coverOf, toCard } from './article-view.js';

/** Reading a work and sharing it: each counted once a day per reader, a reading recorded in their history. */
export const createPlazaReading = (input: Omit<PlazaWorkflowDeps, 'deps'> & { publicBaseUrl?: string }) => {
  const { db, clock } = input;
  const repo = input.store.repos.plaza;
  const { visibleArticle, publishedArticle } = input.access;
  const base = (input.publicBaseUrl ?? '').replace(/\/+$/, '');
  const shareLinkOf = (id: number) => `${base}/#${SHARE_ROUTE}?id=${id}`;
  const shareTitleOf = (title: string) => title.trim() || DEFAULT_SHARE_TITLE;
  /**
   * True the first time today this reader reads (or shares) the work; `countAs` is who counts once a day
   * (`u:<uid>`, or a hash of an anonymous caller's address); a caller with no key always counts.
   */
  const countedOnce = (articleId: number, kind: 'read' | 'share', countAs: string | undefined) =>
    countAs ? repo.countOnce(articleId, kind, countAs, shanghaiDate(clock.now())) : Promise.resolve(true);

  return {
    /** One work; a logged-in reader's visit is recorded in their history and counted. */
    async detail(reader: Actor, id: number, countAs?: string): Promise<ArticleDetail> {
      const { tenantId } = reader;
      const row = await visibleArticle(reader, id);
      const isAuthor = reader.uid > 0 && row.userId === reader.uid;
      const card = toCard(row, reader.uid);
      if (row.status === 'published') {
        if (!isAuthor && (await countedOnce(row.id, 'read', countAs))) {
          await repo.bumpRead(row.id);
          card.readCount += 1;
        }
        await recordHistory(db, {
          tenantId,
          userId: reader.uid,
          kind: 'read',
          refType: 'article',
          refId: row.id,
          title: row.title || row.summary || DEFAULT_SHARE_TITLE,
          cover: card.cover,
          link: `/pages/detail/article?id=${row.id}`,
          now: clock.now(),
        });
      }
      return {
        ...card,
        content: row.content,
        takedownReason: isAuthor || isOperator(reader) ? row.takedownReason : null,
        shareTitle: shareTitleOf(row.title),
        shareLink: shareLinkOf(row.id),
        shareImage: card.cover ?? DEFAULT_SHARE_IMAGE,
      };
    },

    async share(reader: Actor, id: number, countAs?: string) {
      const row = await publishedArticle(reader, id);
      const shareCount = (await countedOnce(id, 'share', countAs))
        ? ((await repo.bumpShare(reader.tenantId, id)) ?? row.shareCount)
        : row.shareCount;
      return {
        id,
        shareCount,
        shareTitle: shareTitleOf(row.title),
        shareLink: shareLinkOf(id),
        shareImage: coverOf(row) ?? DEFAULT_SHARE_IMAGE,
      };
    },

    /** Forgets who was counted for reads and shares before `day` (YYYY-MM-DD, Asia/Shanghai). */
    sweepCountedViews: (day: string) => repo.sweepCountedViews(day),
  };
};
