import {
  DEFAULT_AVATAR,
  DEFAULT_SHARE_TITLE,
  DEFAULT_TENANT_ID,
  type ArticleDetail,
  type ArticleListItem,
  type CommentThread,
  type HistoryItem,
  type LikeResult,
  type Paged,
  type Report,
} from '@app/contract';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, shanghaiDate } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, createTestUser, guestToken, tokenFor } from '../../test/tokens.js';
import { freshPhone } from '../../test/auth.js';
import { auditLog, imMessages, userBlocks } from '../../schema.js';
import type { PlazaNotice } from './plaza.deps.js';
import { markdownSummary } from './plaza.service.js';
import { PLAZA_AUTHORS, seedPlaza } from './plaza.seed.js';
import { articleCountedViews, articleLikes, articles } from './plaza.table.js';
import { createPlazaRepository, type ArticleListFilter } from './plaza.repository.js';
import type { ListKey } from './plaza-cursor.js';

interface TestUser {
  id: number;
  headers: Record<string, string>;
}

let app: TestApp;
const clock = fixedClock('2026-03-01T08:00:00Z');
const notices: PlazaNotice[] = [];

const makeUser = async (nickName: string | null, roles = ['user']): Promise<TestUser> => {
  const user = await createTestUser(app, roles, { nickName, phone: freshPhone() });
  return { id: user.uid, headers: user.auth };
};

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

const page = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await post('/api/sysArticle/page', body, headers);
  expect(res.statusCode).toBe(200);
  return json<Paged<ArticleListItem>>(res).result;
};

const detail = (id: number, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/sysArticle/detail?id=${id}`, headers });

const addArticle = async (user: TestUser, body: Record<string, unknown>): Promise<number> => {
  const res = await post('/api/sysArticle/add', { content: '正文', ...body }, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  clock.advance(1000);
  return json<{ id: number }>(res).result.id;
};

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_BASE_URL: 'https://app.example.com' }, { clock });
  // Capture message-centre notices (the platform's notify, when wired, is replaced for the test).
  (
    app.platform as unknown as {
      notify: (
        tenantId: number,
        userId: number,
        input: Omit<PlazaNotice, 'tenantId' | 'userId'>,
      ) => Promise<void>;
    }
  ).notify = async (tenantId, userId, input) => {
    notices.push({ tenantId, userId, ...input });
  };
});
afterAll(async () => {
  await app?.close();
});

describe('plaza list and detail', () => {
  it('lets anonymous callers list and read, with author summary, counts, like state and share data', async () => {
    const author = await makeUser('小林');
    const id = await addArticle(author, {
      title: '春日插画',
      content: '# 标题\n\n今天用 **AI** 画了一幅春天。',
      images: ['/static/plaza/a.png', '/static/plaza/b.png'],
      media: { type: 'video', url: '/static/plaza/v.mp4' },
    });

    const list = await page({ authorId: author.id });
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.items[0]).toMatchObject({
      id,
      title: '春日插画',
      summary: '标题 今天用 AI 画了一幅春天。',
      cover: '/static/plaza/a.png',
      images: ['/static/plaza/a.png', '/static/plaza/b.png'],
      media: { type: 'video', url: '/static/plaza/v.mp4' },
      author: { id: author.id, nickName: '小林', avatar: DEFAULT_AVATAR },
      likeCount: 0,
      commentCount: 0,
      liked: false,
      isMine: false,
      isDraft: false,
      status: 'published',
    });
    expect(list.items[0]).not.toHaveProperty('content');

    const res = await detail(id);
    expect(res.statusCode).toBe(200);
    const work = json<ArticleDetail>(res).result;
    expect(work).toMatchObject({
      id,
      content: '# 标题\n\n今天用 **AI** 画了一幅春天。',
      shareTitle: '春日插画',
      shareLink: `https://app.example.com/#/pages/detail/forward?id=${id}`,
      readCount: 1,
      liked: false,
    });
  });

  it('uses the spec §9 default share title for a work without a title, and counts shares', async () => {
    const author = await makeUser('无题');
    const id = await addArticle(author, { title: '', content: '一张图', images: ['/static/plaza/c.png'] });
    expect(json<ArticleDetail>(await detail(id)).result.shareTitle).toBe(DEFAULT_SHARE_TITLE);
    expect(DEFAULT_SHARE_TITLE).toBe('AI创作家 · 一键生成AI文案和视频');
    const first = json<{ shareCount: number; shareTitle: string; shareLink: string }>(
      await post('/api/sysArticle/share', { id }),
    ).result;
    const second = json<{ shareCount: number }>(
      await post('/api/sysArticle/share', { id }, author.headers),
    ).result;
    expect(first).toMatchObject({
      shareCount: 1,
      shareTitle: DEFAULT_SHARE_TITLE,
      shareImage: '/static/plaza/c.png',
    });
    expect(first.shareLink).toBe(`https://app.example.com/#/pages/detail/forward?id=${id}`);
    expect(second.shareCount).toBe(2);
  });

  it('counts reads and shares once per viewer per day: reloading or sharing again does not inflate them', async () => {
    const author = await makeUser('计数');
    const reader = await makeUser('读者');
    const id = await addArticle(author, { title: '计数', content: '正文' });
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({
      read: () =>
        app.inject({ method: 'GET', url: `/api/sysArticle/detail?id=${id}`, headers, remoteAddress }),
      share: () =>
        app.inject({ method: 'POST', url: '/api/sysArticle/share', payload: { id }, headers, remoteAddress }),
    });
    const anonymous = from('203.0.113.7');
    for (let i = 0; i < 30; i++) expect((await anonymous.share()).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) await anonymous.read();
    await from('203.0.113.8').read(); // someone else
    const member = from('203.0.113.7', reader.headers); // same address, but logged in: counted as the user
    await member.read();
    await member.read();
    await member.share();
    // Read from the table: the author's token would expire with tomorrow's clock and make them a reader.
    const counts = async () =>
      (
        await app.platform.db
          .select({ readCount: articles.readCount, shareCount: articles.shareCount })
          .from(articles)
          .where(eq(articles.id, id))
      )[0];
    expect(await counts()).toEqual({ readCount: 3, shareCount: 2 });

    clock.advance(24 * 60 * 60 * 1000); // the next day counts again
    await anonymous.read();
    await anonymous.share();
    expect(await counts()).toEqual({ readCount: 4, shareCount: 3 });
    // The daily sweep forgets who was counted on earlier days, keeping today's.
    await createPlazaRepository(app.platform.db).sweepCountedViews(shanghaiDate(clock.now()));
    const left = await app.platform.db
      .select({ day: articleCountedViews.day })
      .from(articleCountedViews)
      .where(eq(articleCountedViews.articleId, id));
    expect(left.map((row) => row.day)).toEqual([shanghaiDate(clock.now()), shanghaiDate(clock.now())]);
  });

  it('rejects an empty work and an unknown category', async () => {
    const author = await makeUser('空');
    const empty = await post('/api/sysArticle/add', { title: ' ', content: '  ' }, author.headers);
    expect(empty.statusCode).toBe(400);
    expect(json(empty).extras?.error).toBe('article_empty');
    const category = await post('/api/sysArticle/add', { title: 't', categoryId: 2 }, author.headers);
    expect(json(category).extras?.error).toBe('category_unknown');
    // Without a category the app config's categoryId.article is used.
    const id = await addArticle(author, { title: '默认分类' });
    expect(json<ArticleDetail>(await detail(id)).result.categoryId).toBe(1);
  });
});

describe('authorisation', () => {
  it('keeps drafts to their author: others cannot see, list, edit or delete them', async () => {
    const author = await makeUser('写草稿的人');
    const other = await makeUser('路人');
    const id = await addArticle(author, { title: '未完成', isDraft: true });

    expect((await detail(id)).statusCode).toBe(404);
    expect(json(await detail(id, other.headers)).extras?.error).toBe('article_not_found');
    expect((await detail(id, author.headers)).statusCode).toBe(200);
    expect((await page({ authorId: author.id })).total).toBe(0);
    expect((await page({ keyword: '未完成' }, other.headers)).total).toBe(0);

    const drafts = await page({ drafts: true }, author.headers);
    expect(drafts.items.map((i) => i.id)).toEqual([id]);
    expect(drafts.items[0]).toMatchObject({ isDraft: true, isMine: true, publishTime: null });
    expect((await page({ drafts: true }, other.headers)).total).toBe(0);
    expect((await post('/api/sysArticle/page', { drafts: true })).statusCode).toBe(401);

    expect((await post('/api/sysArticle/update', { id, title: '改' }, other.headers)).statusCode).toBe(404);
    expect((await post('/api/sysArticle/delete', { id }, other.headers)).statusCode).toBe(404);
    expect((await post('/api/sysLikeRecord/add', { articleId: id }, other.headers)).statusCode).toBe(404);
    expect((await post('/api/sysComment/page', { articleId: id }, other.headers)).statusCode).toBe(404);
    expect((await post('/api/sysArticle/share', { id }, other.headers)).statusCode).toBe(404);

    // Publishing the draft makes it public.
    const published = await post('/api/sysArticle/update', { id, isDraft: false }, author.headers);
    expect(published.statusCode).toBe(200);
    expect((await detail(id, other.headers)).statusCode).toBe(200);
    expect((await page({ authorId: author.id })).total).toBe(1);
  });

  it('lets only the author edit or delete; an operator takes down with a reason', async () => {
    const author = await makeUser('作者');
    const other = await makeUser('别人');
    const admin = { headers: bearer(await tokenFor(app, 'admin')) };
    const id = await addArticle(author, { title: '原标题' });

    const edit = await post('/api/sysArticle/update', { id, title: '偷改' }, other.headers);
    expect(edit.statusCode).toBe(403);
    expect(json(edit).extras?.error).toBe('not_article_author');
    expect((await post('/api/sysArticle/delete', { id }, other.headers)).statusCode).toBe(403);
    expect((await post('/api/sysArticle/update', { id, title: '新标题' }, author.headers)).statusCode).toBe(
      200,
    );
    expect(json<ArticleDetail>(await detail(id)).result.title).toBe('新标题');

    const noReason = await post('/api/sysArticle/delete', { id }, admin.headers);
    expect(json(noReason).extras?.error).toBe('takedown_reason_required');
    const takedown = await post('/api/sysArticle/delete', { id, reason: '含广告' }, admin.headers);
    expect(json(takedown).result).toEqual({ id, outcome: 'taken_down' });
    expect((await detail(id)).statusCode).toBe(404);
    expect((await page({ authorId: author.id })).total).toBe(0);
    const own = json<ArticleDetail>(await detail(id, author.headers)).result;
    expect(own).toMatchObject({ status: 'taken_down', takedownReason: '含广告' });
    expect((await page({ mine: true }, author.headers)).items[0]).toMatchObject({ id, status: 'taken_down' });
    const locked = await post('/api/sysArticle/update', { id, title: '再改' }, author.headers);
    expect(locked.statusCode).toBe(409);
    expect(json(locked).extras?.error).toBe('article_taken_down');

    const second = await addArticle(author, { title: '要删除的' });
    const deleted = await post('/api/sysArticle/delete', { id: second }, author.headers);
    expect(json(deleted).result).toEqual({ id: second, outcome: 'deleted' });
    expect((await detail(second, author.headers)).statusCode).toBe(404);
  });

  it('a take-down from the plaza path and from the console write the same audit row and send the same notice', async () => {
    const author = await makeUser('被下架的作者');
    const admin = { headers: bearer(await tokenFor(app, 'admin')) };
    const viaPlaza = await addArticle(author, { title: '广场路径' });
    const viaConsole = await addArticle(author, { title: '后台路径' });
    expect(
      (await post('/api/sysArticle/delete', { id: viaPlaza, reason: '含广告' }, admin.headers)).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/console/content/take-down', { id: viaConsole, reason: '含广告' }, admin.headers))
        .statusCode,
    ).toBe(200);

    const audits = await app.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'content.take_down'));
    const auditOf = (id: number) => {
      const row = audits.find((a) => a.targetId === String(id))!;
      return {
        action: row.action,
        targetType: row.targetType,
        before: row.before,
        after: row.after,
        reason: row.reason,
      };
    };
    expect(auditOf(viaPlaza)).toEqual({ ...auditOf(viaConsole) });
    expect(auditOf(viaPlaza)).toMatchObject({ action: 'content.take_down', reason: '含广告' });

    const notices = await app.platform.db.select().from(imMessages).where(eq(imMessages.userId, author.id));
    const noticeOf = (title: string) => {
      const notice = notices.find((n) => n.content.includes(title))!;
      return { type: notice.type, title: notice.title, content: notice.content.replace(title, '…') };
    };
    expect(notices).toHaveLength(2);
    expect(noticeOf('广场路径')).toEqual(noticeOf('后台路径'));
    // A work not listed is not "taken down" again.
    const again = await post('/api/sysArticle/delete', { id: viaPlaza, reason: '含广告' }, admin.headers);
    expect(again.statusCode).toBe(409);
  });

  it('lets guests and anonymous callers read but not write', async () => {
    const guest = bearer(await guestToken(app));
    expect((await post('/api/sysArticle/page', {}, guest)).statusCode).toBe(200);
    const like = await post('/api/sysLikeRecord/add', { articleId: 1 }, guest);
    expect(like.statusCode).toBe(401);
    expect(json(like).extras?.error).toBe('guest_not_allowed');
    expect((await post('/api/sysArticle/add', { title: 'x' })).statusCode).toBe(401);
    expect((await post('/api/sysComment/add', { articleId: 1, content: 'x' })).statusCode).toBe(401);
    expect((await post('/api/sysReport/page', {}, (await makeUser('普通')).headers)).statusCode).toBe(403);
  });
});

describe('censor', () => {
  it('rejects publishing a sensitive title or text, naming the words; drafts are not censored', async () => {
    const author = await makeUser('敏感');
    const res = await post(
      '/api/sysArticle/add',
      { title: '周末聚会', content: '一起去赌 博吧，还有毒品' },
      author.headers,
    );
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.extras?.error).toBe('content_sensitive');
    expect(String(body.extras?.words)).toContain('赌博');
    expect(String(body.extras?.words)).toContain('毒品');
    expect(body.message).toContain('赌博');

    const titleRes = await post(
      '/api/sysArticle/add',
      { title: '网络赌博', content: '干净' },
      author.headers,
    );
    expect(json(titleRes).extras?.error).toBe('content_sensitive');

    const draftId = await addArticle(author, { title: '草稿', content: '赌博', isDraft: true });
    const publish = await post('/api/sysArticle/update', { id: draftId, isDraft: false }, author.headers);
    expect(json(publish).extras?.error).toBe('content_sensitive');
    expect(json<ArticleDetail>(await detail(draftId, author.headers)).result.status).toBe('draft');

    const clean = await addArticle(author, { title: '干净的', content: '内容' });
    const edit = await post('/api/sysArticle/update', { id: clean, content: '加点毒品' }, author.headers);
    expect(json(edit).extras?.error).toBe('content_sensitive');
    expect(json<ArticleDetail>(await detail(clean)).result.content).toBe('内容');

    const comment = await post(
      '/api/sysComment/add',
      { articleId: clean, content: '来赌博' },
      author.headers,
    );
    expect(comment.statusCode).toBe(400);
    expect(json(comment).extras).toMatchObject({ error: 'content_sensitive', words: '赌博' });
  });
});

describe('likes', () => {
  it('counts 50 concurrent likes from different users and repeated likes from one user once', async () => {
    const author = await makeUser('人气作者');
    const id = await addArticle(author, { title: '热门' });
    const likers = await Promise.all(Array.from({ length: 50 }, (_, i) => makeUser(`粉丝${i}`)));
    notices.length = 0;
    const results = await Promise.all(
      likers.map((u) => post('/api/sysLikeRecord/add', { articleId: id }, u.headers)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(json<ArticleDetail>(await detail(id)).result.likeCount).toBe(50);
    expect(notices.filter((n) => n.type === 'like' && n.userId === author.id)).toHaveLength(50);
    // Told in every language: the liker's name in the title, the title's translations with it.
    expect(notices.find((n) => n.title === '粉丝7 赞了你的作品')).toMatchObject({
      i18n: { en: { title: '粉丝7 liked your post' }, 'zh-Hant': { title: '粉丝7 讚了你的作品' } },
    });

    const fan = likers[0]!;
    const repeats = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/sysLikeRecord/add', { articleId: id }, fan.headers)),
    );
    expect(repeats.map((r) => json<LikeResult>(r).result.liked)).toEqual(Array(10).fill(true));
    expect(json<ArticleDetail>(await detail(id)).result.likeCount).toBe(50);
    expect(notices).toHaveLength(50);

    const cancels = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/sysLikeRecord/cancelLike', { articleId: id }, fan.headers)),
    );
    expect(cancels.every((r) => json<LikeResult>(r).result.liked === false)).toBe(true);
    expect(json<ArticleDetail>(await detail(id)).result.likeCount).toBe(49);

    // Like state is the caller's.
    const second = likers[1]!;
    expect((await page({ authorId: author.id }, second.headers)).items[0]).toMatchObject({
      liked: true,
      likeCount: 49,
    });
    expect((await page({ authorId: author.id }, fan.headers)).items[0]!.liked).toBe(false);
    expect((await page({ authorId: author.id })).items[0]!.liked).toBe(false);
    expect(json<ArticleDetail>(await detail(id, second.headers)).result.liked).toBe(true);

    const liked = json<Paged<ArticleListItem & { likeTime: string }>>(
      await post('/api/sysLikeRecord/page', {}, second.headers),
    ).result;
    expect(liked.items.map((i) => i.id)).toEqual([id]);
    expect(liked.items[0]!.liked).toBe(true);
  });

  it('does not notify authors of their own likes and sorts hot by likes', async () => {
    const author = await makeUser('自赞');
    const a = await addArticle(author, { title: '冷门' });
    const b = await addArticle(author, { title: '热门' });
    notices.length = 0;
    await post('/api/sysLikeRecord/add', { articleId: b }, author.headers);
    expect(notices).toHaveLength(0);
    const hot = await page({ authorId: author.id, sort: 'hot' });
    expect(hot.items.map((i) => i.id)).toEqual([b, a]);
    const newest = await page({ authorId: author.id, sort: 'newest' });
    expect(newest.items.map((i) => i.id)).toEqual([b, a]);
  });
});

describe('comments', () => {
  it('threads replies one level deep, names whom a reply answers, counts and notifies', async () => {
    const author = await makeUser('楼主');
    const a = await makeUser('甲');
    const b = await makeUser('乙');
    const id = await addArticle(author, { title: '讨论' });
    notices.length = 0;

    const top = json<{ id: number; parentId: number | null }>(
      await post('/api/sysComment/add', { articleId: id, content: '第一条评论' }, a.headers),
    ).result;
    expect(top.parentId).toBeNull();
    clock.advance(1000);
    const reply = json<{ id: number; parentId: number }>(
      await post('/api/sysComment/add', { articleId: id, content: '回复甲', parentId: top.id }, b.headers),
    ).result;
    expect(reply.parentId).toBe(top.id);
    clock.advance(1000);
    const replyToReply = json<{ parentId: number; replyTo: { id: number; nickName: string } }>(
      await post('/api/sysComment/add', { articleId: id, content: '回复乙', parentId: reply.id }, a.headers),
    ).result;
    expect(replyToReply.parentId).toBe(top.id);
    expect(replyToReply.replyTo).toMatchObject({ id: b.id, nickName: '乙' });

    const list = json<Paged<CommentThread>>(await post('/api/sysComment/page', { articleId: id })).result;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: top.id,
      content: '第一条评论',
      author: { id: a.id, nickName: '甲' },
      replyCount: 2,
      isMine: false,
    });
    expect(list.items[0]!.replies.map((r) => r.content)).toEqual(['回复甲', '回复乙']);
    expect(list.items[0]!.replies[0]!.replyTo).toBeNull();
    expect(json<ArticleDetail>(await detail(id)).result.commentCount).toBe(3);

    // The work's author hears of every comment; the replied-to commenter of replies to them.
    expect(notices.filter((n) => n.userId === author.id && n.type === 'comment')).toHaveLength(3);
    expect(notices.filter((n) => n.userId === a.id)).toHaveLength(1);
    expect(notices.filter((n) => n.userId === b.id)).toHaveLength(1);
    expect(notices[0]).toMatchObject({ data: { articleId: id }, link: `/pages/detail/article?id=${id}` });
    expect(notices.filter((n) => n.userId === author.id).map((n) => n.i18n.fr?.title)).toEqual(
      expect.arrayContaining([expect.stringMatching(/ a commenté votre publication$/)]),
    );
    expect(notices.filter((n) => n.userId === a.id).map((n) => n.i18n.en?.title)).toEqual([
      expect.stringMatching(/ replied to your comment$/),
    ]);

    const long = await post('/api/sysComment/add', { articleId: id, content: '长'.repeat(141) }, a.headers);
    expect(long.statusCode).toBe(400);
    expect(
      (await post('/api/sysComment/add', { articleId: id, content: '长'.repeat(140) }, a.headers)).statusCode,
    ).toBe(200);
    const wrongParent = await post(
      '/api/sysComment/add',
      { articleId: id, content: 'x', parentId: 999999 },
      a.headers,
    );
    expect(json(wrongParent).extras?.error).toBe('comment_not_found');
  });
});

describe('block filtering', () => {
  it('hides a blocked author from the blocker everywhere: lists, detail, likes and comments', async () => {
    const blocked = await makeUser('被拉黑');
    const viewer = await makeUser('拉黑者');
    const host = await makeUser('第三方');
    const blockedWork = await addArticle(blocked, { title: '拉黑作者的作品' });
    const hostWork = await addArticle(host, { title: '第三方作品' });
    await post('/api/sysComment/add', { articleId: hostWork, content: '被拉黑者的评论' }, blocked.headers);
    await post('/api/sysComment/add', { articleId: hostWork, content: '正常评论' }, host.headers);

    const before = await page({ pageSize: 50 }, viewer.headers);
    expect(before.items.some((i) => i.author.id === blocked.id)).toBe(true);

    await app.platform.db.insert(userBlocks).values({
      tenantId: DEFAULT_TENANT_ID,
      userId: viewer.id,
      blockedUserId: blocked.id,
      createdAt: clock.now(),
    });

    const after = await page({ pageSize: 50 }, viewer.headers);
    expect(after.items.some((i) => i.author.id === blocked.id)).toBe(false);
    expect(after.total).toBe(before.total - 1);
    expect((await page({ authorId: blocked.id }, viewer.headers)).total).toBe(0);
    expect((await page({ keyword: '拉黑作者' }, viewer.headers)).total).toBe(0);
    // The detail says the author is blocked (issue 27 point 14), naming them so the reader can unblock.
    const hidden = await detail(blockedWork, viewer.headers);
    expect(hidden.statusCode).toBe(403);
    expect(json(hidden)).toMatchObject({
      message: '你已屏蔽该作者，解除屏蔽后可查看其内容',
      extras: { error: 'article_author_blocked', authorId: blocked.id },
    });
    expect(
      (await post('/api/sysLikeRecord/add', { articleId: blockedWork }, viewer.headers)).statusCode,
    ).toBe(403);
    expect((await post('/api/sysComment/page', { articleId: blockedWork }, viewer.headers)).statusCode).toBe(
      403,
    );

    const comments = json<Paged<CommentThread>>(
      await post('/api/sysComment/page', { articleId: hostWork }, viewer.headers),
    ).result;
    expect(comments.items.map((c) => c.content)).toEqual(['正常评论']);
    expect(comments.total).toBe(1);

    // Everyone else still sees it all.
    expect((await detail(blockedWork)).statusCode).toBe(200);
    expect(
      json<Paged<CommentThread>>(await post('/api/sysComment/page', { articleId: hostWork })).result.total,
    ).toBe(2);
  });
});

describe('pagination edges', () => {
  it('pages exactly, past the end is empty, and bad page sizes are refused', async () => {
    const author = await makeUser('分页');
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await addArticle(author, { title: `第${i}篇` }));
    const newestFirst = [...ids].reverse();

    const seen: number[] = [];
    for (const p of [1, 2, 3]) {
      const result = await page({ authorId: author.id, page: p, pageSize: 2 });
      expect(result).toMatchObject({ total: 5, page: p, pageSize: 2 });
      seen.push(...result.items.map((i) => i.id));
    }
    expect(seen).toEqual(newestFirst);
    const past = await page({ authorId: author.id, page: 4, pageSize: 2 });
    expect(past).toMatchObject({ items: [], total: 5, page: 4 });
    expect((await page({ authorId: author.id, pageSize: 50 })).items).toHaveLength(5);

    // Equal like counts and publish times never repeat or skip a work across pages (id breaks ties).
    const tie = await makeUser('并列');
    const tieIds: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await post('/api/sysArticle/add', { title: `并列${i}` }, tie.headers);
      tieIds.push(json<{ id: number }>(res).result.id);
    }
    const hotPages = [1, 2, 3, 4].map((p) => page({ authorId: tie.id, sort: 'hot', page: p, pageSize: 1 }));
    expect((await Promise.all(hotPages)).map((r) => r.items[0]!.id)).toEqual([...tieIds].reverse());

    for (const bad of [{ page: 0 }, { pageSize: 0 }, { pageSize: 51 }, { page: 1.5 }, { sort: 'oldest' }]) {
      const res = await post('/api/sysArticle/page', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await post('/api/sysArticle/detail', { id: 'x' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/sysArticle/detail?id=abc' })).statusCode).toBe(400);
    expect((await detail(99999999)).statusCode).toBe(404);
  });

  it('escapes LIKE wildcards in keywords and filters by category', async () => {
    const author = await makeUser('搜索');
    const literal = await addArticle(author, { title: '折扣 100% 真实', categoryId: 3 });
    await addArticle(author, { title: '折扣 1000 真实', categoryId: 1 });
    expect((await page({ authorId: author.id, keyword: '100%' })).items.map((i) => i.id)).toEqual([literal]);
    expect((await page({ authorId: author.id, keyword: '_' })).total).toBe(0);
    expect((await page({ authorId: author.id, keyword: '真实' })).total).toBe(2);
    expect((await page({ authorId: author.id, categoryId: 3 })).items.map((i) => i.id)).toEqual([literal]);
  });
});

describe('markdown injection', () => {
  it('stores and answers markdown as inert text; unsafe URLs are refused', async () => {
    const author = await makeUser('<img src=x onerror=alert(1)>');
    const content =
      '<script>alert("x")</script>\n\n[点我](javascript:alert(1))\n\n<img src=x onerror=alert(2)>\n\n| a | b |\n|---|---|\n| 1 | 2 |';
    const id = await addArticle(author, { title: '<b>标题</b>', content });

    const res = await detail(id);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const work = json<ArticleDetail>(res).result;
    expect(work.content).toBe(content);
    expect(work.title).toBe('<b>标题</b>');
    expect(work.author.nickName).toBe('<img src=x onerror=alert(1)>');
    expect(work.summary).not.toMatch(/<|javascript:/);

    const comment = '<script>alert(3)</script>';
    const added = await post('/api/sysComment/add', { articleId: id, content: comment }, author.headers);
    expect(json<{ content: string }>(added).result.content).toBe(comment);

    for (const bad of [
      { cover: 'javascript:alert(1)' },
      { images: ['data:text/html,<script>alert(1)</script>'] },
      { media: { type: 'video', url: '//evil.example.com/x.mp4' } },
      { media: { type: 'flash', url: '/x.swf' } },
    ]) {
      const res = await post('/api/sysArticle/add', { title: 't', ...bad }, author.headers);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('summarises markdown as plain text', () => {
    expect(
      markdownSummary('## 小标题\n\n![图](/a.png) 看[这里](https://x.y) **重点** `code`\n\n- 一\n- 二'),
    ).toBe('小标题 看这里 重点 code 一 二');
  });
});

describe('history and reports', () => {
  it('records what a logged-in user read, once per work, most recent first', async () => {
    const author = await makeUser('被读');
    const reader = await makeUser('读者');
    const first = await addArticle(author, { title: '第一篇', images: ['/static/plaza/h.png'] });
    const second = await addArticle(author, { title: '第二篇' });
    await detail(first, reader.headers);
    clock.advance(1000);
    await detail(second, reader.headers);
    clock.advance(1000);
    await detail(first, reader.headers);

    const history = json<Paged<HistoryItem>>(
      await post('/api/sysHistory/page', { kind: 'read' }, reader.headers),
    ).result;
    expect(history.total).toBe(2);
    expect(history.items.map((h) => h.refId)).toEqual([first, second]);
    expect(history.items[0]).toMatchObject({
      kind: 'read',
      refType: 'article',
      title: '第一篇',
      cover: '/static/plaza/h.png',
      link: `/pages/detail/article?id=${first}`,
    });
    // The author's own reads are not counted, anonymous reads are.
    await detail(second, author.headers);
    await detail(second);
    expect(json<ArticleDetail>(await detail(second, author.headers)).result.readCount).toBe(2);

    const removed = await post('/api/sysHistory/delete', { ids: [history.items[1]!.id] }, reader.headers);
    expect(json(removed).result).toEqual({ deleted: 1 });
    expect((await post('/api/sysHistory/delete', {}, reader.headers)).statusCode).toBe(400);
    expect((await post('/api/sysHistory/page', {})).statusCode).toBe(401);
  });

  it("accepts reports only of what the reporter can see: another user's draft is not found", async () => {
    const author = await makeUser('草稿作者');
    const reporter = await makeUser('好奇者');
    const draftId = await addArticle(author, { title: '未发布的标题', isDraft: true });
    const refused = await post(
      '/api/sysReport/add',
      { targetType: 'article', targetId: draftId, reason: '广告' },
      reporter.headers,
    );
    expect(refused.statusCode).toBe(404);
    expect(json(refused).extras?.error).toBe('report_target_not_found');
  });

  it('stores reports for operators, once per open report', async () => {
    const author = await makeUser('被举报');
    const reporter = await makeUser('举报人');
    const admin = { headers: bearer(await tokenFor(app, 'admin')) };
    const id = await addArticle(author, { title: '可疑内容' });
    const body = { targetType: 'article', targetId: id, reason: '广告', detail: '多次发布' };
    const first = json<{ id: number }>(await post('/api/sysReport/add', body, reporter.headers)).result;
    const again = json<{ id: number }>(await post('/api/sysReport/add', body, reporter.headers)).result;
    expect(again.id).toBe(first.id);
    const userReport = await post(
      '/api/sysReport/add',
      { targetType: 'user', targetId: author.id, reason: '骚扰' },
      reporter.headers,
    );
    expect(userReport.statusCode).toBe(200);
    const self = await post(
      '/api/sysReport/add',
      { targetType: 'user', targetId: reporter.id, reason: 'x' },
      reporter.headers,
    );
    expect(json(self).extras?.error).toBe('cannot_report_self');
    const missing = await post(
      '/api/sysReport/add',
      { targetType: 'comment', targetId: 999999, reason: 'x' },
      reporter.headers,
    );
    expect(missing.statusCode).toBe(404);

    const list = json<Paged<Report>>(
      await post('/api/sysReport/page', { status: 'pending' }, admin.headers),
    ).result;
    expect(list.total).toBeGreaterThanOrEqual(2);
    const articleReport = list.items.find((r) => r.id === first.id)!;
    expect(articleReport).toMatchObject({
      targetType: 'article',
      targetId: id,
      reason: '广告',
      detail: '多次发布',
      status: 'pending',
      reporter: { id: reporter.id, nickName: '举报人' },
      targetText: '可疑内容',
    });
    expect(list.items.find((r) => r.targetType === 'user')?.targetText).toBe('被举报');
  });
});

describe('demo seed', () => {
  it('fills the plaza with a few dozen Chinese works from several authors, with images that exist, once', async () => {
    const seeded = () =>
      app.platform.db.select({ n: count() }).from(articles).where(isNotNull(articles.seedKey));
    const [before] = await seeded();
    expect(before!.n).toBeGreaterThanOrEqual(30);
    await seedPlaza(app.platform.db, clock.now());
    expect((await seeded())[0]!.n).toBe(before!.n);

    const all = await page({ pageSize: 50, sort: 'hot' });
    const seededItems = all.items.filter((i) => PLAZA_AUTHORS.some((a) => a.nickName === i.author.nickName));
    expect(new Set(seededItems.map((i) => i.author.id)).size).toBe(PLAZA_AUTHORS.length);
    expect(seededItems.some((i) => i.media?.type === 'video')).toBe(true);
    expect(new Set(seededItems.map((i) => i.categoryId)).size).toBe(4);
    const staticRoot = fileURLToPath(new URL('../../../static/', import.meta.url));
    for (const item of seededItems) {
      expect(item.title).toMatch(/[\u4e00-\u9fff]/);
      for (const url of [...item.images, item.author.avatar, item.media?.url, item.media?.poster]) {
        if (url) expect(existsSync(staticRoot + url.replace('/static/', '')), url).toBe(true);
      }
    }
    // Seeded counters agree with the like rows.
    const mismatched = await app.platform.db
      .select({ id: articles.id })
      .from(articles)
      .where(
        sql`${articles.seedKey} IS NOT NULL AND ${articles.likeCount} <> (SELECT count(*) FROM ${articleLikes} WHERE ${eq(articleLikes.articleId, articles.id)})`,
      );
    expect(mismatched).toEqual([]);
  });
});

describe('list query plans', () => {
  it('reads each list through its partial index, a keyset page starting at its key, and likes by one probe', async () => {
    const author = await makeUser('索引');
    const now = clock.now().getTime();
    await app.platform.db.insert(articles).values(
      Array.from({ length: 600 }, (_, i) => ({
        tenantId: DEFAULT_TENANT_ID,
        userId: author.id,
        categoryId: [1, 3, 4, 5][i % 4]!,
        title: `索引测试 ${i}`,
        status: 'published' as const,
        likeCount: i % 17,
        publishedAt: new Date(now - i * 60_000),
        createdAt: new Date(now - i * 60_000),
        updatedAt: new Date(now - i * 60_000),
      })),
    );
    const client = (
      app.platform.db as unknown as {
        $client: { query(q: string, p?: unknown[]): Promise<{ rows: Record<string, string>[] }> };
      }
    ).$client;
    for (const table of ['article', 'article_like', 'app_user']) await client.query(`ANALYZE ${table}`);
    const repo = createPlazaRepository(app.platform.db);
    const base: ArticleListFilter = {
      page: 1,
      pageSize: 20,
      scope: 'plaza',
      viewerId: author.id,
      blocked: [1],
      sort: 'newest',
    };
    const planOf = async (filter: ArticleListFilter) => {
      const query = repo.listQuery(DEFAULT_TENANT_ID, filter).toSQL();
      const res = await client.query(`EXPLAIN ${query.sql}`, query.params);
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    };
    const cases: [ArticleListFilter, string][] = [
      [base, 'article_newest_idx'],
      [{ ...base, categoryId: 3 }, 'article_category_newest_idx'],
      [{ ...base, sort: 'hot' }, 'article_hot_idx'],
      [{ ...base, sort: 'hot', categoryId: 3 }, 'article_category_hot_idx'],
      [{ ...base, authorId: author.id }, 'article_author_newest_idx'],
    ];
    for (const [filter, index] of cases) {
      const plan = await planOf(filter);
      expect(plan, plan).toContain(index);
      expect(plan, plan).not.toMatch(/Seq Scan on article\b(?!_)/);
      expect(plan, plan).not.toMatch(/Sort Key/);
    }
    // A keyset page: the row comparison is an index condition (the scan starts at the key), no OFFSET.
    // (A key before every work: the planner sees the whole list ahead, as on a big table.)
    const at = '2100-01-01 00:00:00+00';
    const keyed: [ArticleListFilter, ListKey, string][] = [
      [base, { order: 'newest', at, id: 1_000_000 }, 'article_newest_idx'],
      [{ ...base, categoryId: 3 }, { order: 'newest', at, id: 1_000_000 }, 'article_category_newest_idx'],
      [{ ...base, sort: 'hot' }, { order: 'hot', likes: 5, at, id: 1_000_000 }, 'article_hot_idx'],
      [
        { ...base, sort: 'hot', categoryId: 3 },
        { order: 'hot', likes: 5, at, id: 1_000_000 },
        'article_category_hot_idx',
      ],
      [{ ...base, authorId: author.id }, { order: 'newest', at, id: 1_000_000 }, 'article_author_newest_idx'],
    ];
    for (const [filter, after, index] of keyed) {
      const query = repo.listQuery(DEFAULT_TENANT_ID, filter, { limit: 21, after }).toSQL();
      const plan = (await client.query(`EXPLAIN ${query.sql}`, query.params)).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
      expect(plan, plan).toContain(index);
      expect(plan, plan).toMatch(/Index Cond: .*ROW\(/);
      expect(plan, plan).not.toMatch(/Sort Key/);
    }
    // The liked flag of a page: one probe of the viewer's likes for the page's ids.
    const fans = await Promise.all(Array.from({ length: 4 }, (_, i) => makeUser(`索引粉丝 ${i}`)));
    const works = await app.platform.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.userId, author.id));
    await app.platform.db.insert(articleLikes).values(
      fans.flatMap((fan) =>
        works.map((w) => ({
          tenantId: DEFAULT_TENANT_ID,
          articleId: w.id,
          userId: fan.id,
          createdAt: clock.now(),
        })),
      ),
    );
    await client.query('ANALYZE article_like');
    const likedQuery = repo
      .likedAmongQuery(
        DEFAULT_TENANT_ID,
        fans[0]!.id,
        works.slice(0, 20).map((w) => w.id),
      )
      .toSQL();
    const likedPlan = (await client.query(`EXPLAIN ${likedQuery.sql}`, likedQuery.params)).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
    // Only this viewer's likes are read (a heavy liker's through article_like_viewer_idx, by the page's ids;
    // at this size the planner may read the viewer's few likes whole), never all likes.
    expect(likedPlan, likedPlan).not.toMatch(/Seq Scan|SubPlan/);
    expect(likedPlan, likedPlan).toMatch(/Index Cond: \(\(tenant_id = \d+\) AND \(user_id = \d+\)/);
  });
});
