import { DEFAULT_SHARE_IMAGE, DEFAULT_SHARE_TITLE, SHARE_ROUTE, type ArticleDetail } from '@app/contract';
import { shanghaiDate } from '../../platform/clock.js';
import { recordHistory } from '../history/index.js';
import type { PlazaWorkflowDeps } from './article-access.js';
import { coverOf, toCard, type Viewer } from './article-view.js';

/** Reading a work and sharing it: each counted once a day per reader, a reading recorded in their history. */
export const createPlazaReading = (input: Omit<PlazaWorkflowDeps, 'deps'> & { publicBaseUrl?: string }) => {
  const { db, clock, repo } = input;
  const { visibleArticle, publishedArticle } = input.access;
  const base = (input.publicBaseUrl ?? '').replace(/\/+$/, '');
  const shareLinkOf = (id: number) => `${base}/#${SHARE_ROUTE}?id=${id}`;
  const shareTitleOf = (title: string) => title.trim() || DEFAULT_SHARE_TITLE;
  /** True the first time today this viewer reads (or shares) the work; a caller with no key always counts. */
  const countedOnce = (articleId: number, kind: 'read' | 'share', viewer: Viewer) =>
    viewer.countAs
      ? repo.countOnce(articleId, kind, viewer.countAs, shanghaiDate(clock.now()))
      : Promise.resolve(true);

  return {
    /** One work; a logged-in reader's visit is recorded in their history and counted. */
    async detail(tenantId: number, viewer: Viewer, id: number): Promise<ArticleDetail> {
      const row = await visibleArticle(tenantId, id, viewer);
      const isAuthor = viewer.uid > 0 && row.userId === viewer.uid;
      const card = toCard(row, viewer.uid);
      if (row.status === 'published') {
        if (!isAuthor && (await countedOnce(row.id, 'read', viewer))) {
          await repo.bumpRead(row.id);
          card.readCount += 1;
        }
        await recordHistory(db, {
          tenantId,
          userId: viewer.uid,
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
        takedownReason: isAuthor || viewer.isAdmin ? row.takedownReason : null,
        shareTitle: shareTitleOf(row.title),
        shareLink: shareLinkOf(row.id),
        shareImage: card.cover ?? DEFAULT_SHARE_IMAGE,
      };
    },

    async share(tenantId: number, viewer: Viewer, id: number) {
      const row = await publishedArticle(tenantId, id, viewer);
      const shareCount = (await countedOnce(id, 'share', viewer))
        ? ((await repo.bumpShare(tenantId, id)) ?? row.shareCount)
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
