import type { ArticleListItem } from '@app/contract';

/** A plaza card as the server answers it. */
export const card = (id: number, over: Partial<ArticleListItem> = {}): ArticleListItem => ({
  id,
  categoryId: 1,
  title: `作品${id}`,
  summary: `摘要${id}`,
  cover: `/static/plaza/${id}.jpg`,
  images: [],
  media: null,
  author: { id: 100 + id, nickName: `作者${id}`, avatar: `/static/avatar/${id}.png` },
  status: 'published',
  isDraft: false,
  likeCount: id * 3,
  commentCount: 0,
  shareCount: 0,
  readCount: 0,
  declaration: null,
  aiMade: false,
  liked: false,
  isMine: false,
  createTime: '2026-03-01T11:55:00Z',
  updateTime: '2026-03-01T11:55:00Z',
  publishTime: '2026-03-01T11:55:00Z',
  ...over,
});
