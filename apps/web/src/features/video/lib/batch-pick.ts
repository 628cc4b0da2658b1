import type { VideoAddBody } from '@app/contract';

/** 批量生成: several of my works with one template, or one work with several templates. */
export type BatchKind = 'articles' | 'templates';
export interface BatchPick {
  kind: BatchKind;
  articleIds: number[];
  articleId: number;
  templateIds: string[];
}
export const emptyBatchPick: BatchPick = { kind: 'articles', articleIds: [], articleId: 0, templateIds: [] };

/** The options of the form every video of the batch shares. */
export type BatchSharedOptions = Omit<VideoAddBody, 'articleId' | 'title' | 'text' | 'templateId'>;

/** Adds `item` to `list` (up to `max` items), or takes it out if it is there. */
export const toggle = <T>(list: T[], item: T, max: number) =>
  list.includes(item) ? list.filter((x) => x !== item) : list.length < max ? [...list, item] : list;

/** The items of a batch: the works picked (one template), or one work and the templates picked. */
export const batchItems = (pick: BatchPick, templateId: string) =>
  pick.kind === 'articles'
    ? pick.articleIds.length
      ? { articleIds: pick.articleIds, templateId }
      : null
    : pick.articleId && pick.templateIds.length
      ? { articleId: pick.articleId, templateIds: pick.templateIds }
      : null;

/** How many videos the batch makes. */
export const batchCount = (pick: BatchPick) =>
  pick.kind === 'articles' ? pick.articleIds.length : pick.articleId ? pick.templateIds.length : 0;
