import type { ArticleListItem, ArticleMedia } from '@app/contract';
import { authorSummary } from '../../platform/identity/author.js';
import type { ArticleCardRow } from './plaza.repository.js';

const SUMMARY_LENGTH = 120;

/** A plain-text excerpt of markdown for cards: markup, links' targets and images are dropped. */
export const markdownSummary = (markdown: string): string =>
  markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~`|]+/g, '')
    .replace(/^\s*-{3,}\s*$/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SUMMARY_LENGTH);

/** The author of a work or comment row, from the author columns selected beside it. */
export const authorOf = (row: {
  userId: number;
  authorNickName: string | null;
  authorAvatar: string | null;
  authorPhone: string | null;
  authorDeletedAt: Date | null;
}) =>
  authorSummary({
    id: row.userId,
    nickName: row.authorNickName,
    avatar: row.authorAvatar,
    phone: row.authorPhone,
    deletedAt: row.authorDeletedAt,
  });

export const coverOf = (row: { cover: string | null; images: string[]; media: ArticleMedia | null }) =>
  row.cover ?? row.images[0] ?? (row.media?.type === 'image' ? row.media.url : (row.media?.poster ?? null));

export const toCard = (row: ArticleCardRow, viewerId: number): ArticleListItem => ({
  id: row.id,
  categoryId: row.categoryId,
  title: row.title,
  summary: row.summary,
  cover: coverOf(row),
  images: row.images,
  media: row.media ?? null,
  author: authorOf(row),
  status: row.status,
  isDraft: row.status === 'draft',
  likeCount: row.likeCount,
  commentCount: row.commentCount,
  shareCount: row.shareCount,
  readCount: row.readCount,
  declaration: row.declaration ?? null,
  aiMade: row.aiMade,
  liked: viewerId > 0 && !!row.liked,
  isMine: viewerId > 0 && row.userId === viewerId,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
  publishTime: row.publishedAt?.toISOString() ?? null,
});
