import {
  DEFAULT_TENANT_ID,
  PLAZA_PAGE_DEPTH_MAX,
  type ArticleListItem,
  type ArticlePageResult,
} from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { actorFor } from '../../platform/identity/actor.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { freshPhone } from '../../test/auth.js';
import { createTestUser } from '../../test/tokens.js';
import { sleep } from '../../test/wait.js';
import { plazaDepsFrom } from './plaza.deps.js';
import { createPlazaRepositories } from './plaza.repository.js';
import { createPlazaService, type ArticlePageQuery } from './plaza.service.js';
import { articles } from './plaza.table.js';

/**
 * Keyset paging of the plaza lists, and the first pages' cache: counters merged per request, single-flight
 * loads. Each list is walked by cursor while works are published; the works that existed at the start must all
 * be seen, once each, in their order.
 */

interface TestUser {
  id: number;
  headers: Record<string, string>;
}

let app: TestApp;
const clock = fixedClock('2026-03-01T08:00:00Z');
let author: TestUser;
let other: TestUser;
/** Works with a pin, in pin order (newest pin first). */
let pinnedIds: number[] = [];

const makeUser = async (nickName: string): Promise<TestUser> => {
  const user = await createTestUser(app, ['user'], { nickName, phone: freshPhone() });
  return { id: user.uid, headers: user.auth };
};

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

const listPage = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await post('/api/sysArticle/page', body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return json<ArticlePageResult>(res).result;
};

const publish = async (user: TestUser, body: Record<string, unknown>) => {
  clock.advance(1000);
  const res = await post('/api/sysArticle/add', { content: '新作品', ...body }, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ id: number }>(res).result.id;
};

/**
 * Walks a list by cursor from its first page, publishing a new work (and a draft) after each page; answers the
 * ids seen, in order.
 */
const walk = async (filter: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const seen: number[] = [];
  let cursor: string | undefined;
  for (let n = 1; n <= 100; n += 1) {
    const result = await listPage(
      { ...filter, pageSize: 4, page: n, ...(cursor ? { cursor } : {}) },
      headers,
    );
    seen.push(...result.items.map((item) => item.id));
    expect(result.hasMore).toBe(result.nextCursor !== null);
    if (!result.hasMore) return seen;
    cursor = result.nextCursor!;
    await publish(n % 2 ? author : other, { title: `插入 ${n}`, categoryId: n % 2 ? 1 : 3 });
    await publish(author, { title: `草稿 ${n}`, isDraft: true });
  }
  throw new Error('the walk did not end');
};

/** The list as it stands, read whole in one numbered page (the reference order). */
const whole = async (filter: Record<string, unknown>, headers: Record<string, string> = {}) =>
  (await listPage({ ...filter, page: 1, pageSize: 50 }, headers)).items.map((item) => item.id);

const expectContinuity = (seen: number[], before: number[]) => {
  expect(new Set(seen).size, `repeats in ${seen.join(',')}`).toBe(seen.length);
  const kept = seen.filter((id) => before.includes(id));
  expect(kept).toEqual(before);
};

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  author = await makeUser('游标作者');
  other = await makeUser('另一位');
  // 30 works in two categories, like counts with ties, publish times with ties and microseconds apart.
  const base = Date.parse('2026-02-01T00:00:00Z');
  const rows = await app.platform.db
    .insert(articles)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        tenantId: DEFAULT_TENANT_ID,
        userId: i % 3 ? author.id : other.id,
        categoryId: i % 2 ? 1 : 3,
        title: `作品 ${i}`,
        status: 'published' as const,
        likeCount: i % 4,
        // Pairs share a publish time (the id breaks the tie).
        publishedAt: new Date(base + Math.floor(i / 2) * 60_000),
        createdAt: new Date(base),
        updatedAt: new Date(base + i * 1000),
      })),
    )
    .returning({ id: articles.id });
  const ids = rows.map((r) => r.id);
  // Three works published within one millisecond, microseconds apart (PostgreSQL keeps them; a cursor must).
  await app.platform.db.execute(
    sql`UPDATE article SET published_at = '2026-02-02 00:00:00.000100+00'::timestamptz + (id % 3) * interval '1 microsecond' WHERE id IN (${sql.join(
      ids.slice(0, 3).map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  // Drafts of the author (their list pages by last edit).
  await app.platform.db.insert(articles).values(
    Array.from({ length: 9 }, (_, i) => ({
      tenantId: DEFAULT_TENANT_ID,
      userId: author.id,
      categoryId: 1,
      title: `旧草稿 ${i}`,
      status: 'draft' as const,
      createdAt: new Date(base),
      updatedAt: new Date(base + Math.floor(i / 2) * 1000),
    })),
  );
  // Three pinned works, pinned at different times.
  pinnedIds = [ids[20]!, ids[7]!, ids[12]!];
  for (const [n, id] of pinnedIds.entries()) {
    await app.platform.db
      .update(articles)
      .set({ pinnedAt: new Date(Date.parse('2026-02-20T00:00:00Z') - n * 1000) })
      .where(eq(articles.id, id));
  }
});

afterAll(async () => {
  await app?.close();
});

describe('keyset paging: every list walked by cursor while works are published', () => {
  const lists: [string, Record<string, unknown>, () => Record<string, string>][] = [
    ['the plaza feed, newest (pinned first)', { sort: 'newest' }, () => ({})],
    ['the plaza feed, hot (pinned first)', { sort: 'hot' }, () => ({})],
    ['a category, newest (pinned first)', { categoryId: 1 }, () => ({})],
    ['a category, hot (pinned first)', { categoryId: 3, sort: 'hot' }, () => ({})],
    ["an author's homepage, newest", { authorId: 0 }, () => ({})],
    ["an author's homepage, hot", { authorId: 0, sort: 'hot' }, () => ({})],
    ['a keyword search', { keyword: '作品' }, () => ({})],
    ["the caller's own works", { mine: true }, () => author.headers],
    ["the caller's drafts", { drafts: true }, () => author.headers],
  ];
  for (const [name, filterTemplate, headersOf] of lists) {
    it(`${name}: no repeats, no gaps, in order`, async () => {
      const filter =
        'authorId' in filterTemplate ? { ...filterTemplate, authorId: author.id } : filterTemplate;
      const before = await whole(filter, headersOf());
      expect(before.length).toBeGreaterThan(8);
      const seen = await walk(filter, headersOf());
      expectContinuity(seen, before);
    });
  }

  it('lists the pinned works first, newest pin first, and each once', async () => {
    const feed = await whole({});
    expect(feed.slice(0, 3)).toEqual(pinnedIds);
    expect(feed.filter((id) => pinnedIds.includes(id))).toHaveLength(3);
    // A cursor taken inside the pinned head continues with the rest of the head, then the others.
    const first = await listPage({ page: 1, pageSize: 2 });
    expect(first.items.map((i) => i.id)).toEqual(pinnedIds.slice(0, 2));
    const second = await listPage({ page: 2, pageSize: 2, cursor: first.nextCursor });
    expect(second.items.map((i) => i.id)).toEqual([pinnedIds[2], feed[3]]);
  });
});

describe('deep pages', () => {
  it('refuses numbered pages past the cap with a clear 400 in the caller language, and bad cursors', async () => {
    const deepest = PLAZA_PAGE_DEPTH_MAX / 20;
    expect((await post('/api/sysArticle/page', { page: deepest, pageSize: 20 })).statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/page',
      payload: { page: deepest + 1, pageSize: 20 },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.extras?.error).toBe('page_too_deep');
    expect(body.message).toBe(
      'Page too deep: numbered pages reach the first 1000 works; keep scrolling to load more.',
    );
    const zh = await post('/api/sysArticle/page', { page: 5000, pageSize: 20 });
    expect(json(zh).message).toContain('页码过深');

    for (const cursor of [
      'nonsense',
      Buffer.from('{"o":"newest","k":["x; DROP",1]}').toString('base64url'),
    ]) {
      const bad = await post('/api/sysArticle/page', { cursor });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).extras?.error).toBe('cursor_invalid');
    }
    // A cursor of the hot list does not continue the newest one.
    const hot = await listPage({ sort: 'hot', pageSize: 2 });
    const mixed = await post('/api/sysArticle/page', { sort: 'newest', cursor: hot.nextCursor });
    expect(json(mixed).extras?.error).toBe('cursor_invalid');
    // With a cursor, a deep page number is only echoed back.
    const deep = await listPage({ page: 9999, pageSize: 2, cursor: hot.nextCursor, sort: 'hot' });
    expect(deep).toMatchObject({ page: 9999, pageSize: 2 });
  });

  it('answers total without counting each page: exact at the end of a list, else an estimate', async () => {
    const solo = await makeUser('五篇');
    for (let i = 0; i < 5; i += 1) await publish(solo, { title: `五篇之 ${i}` });
    const first = await listPage({ authorId: solo.id, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, hasMore: true });
    const last = await listPage({ authorId: solo.id, pageSize: 2, page: 3 });
    expect(last).toMatchObject({ hasMore: false, nextCursor: null, total: 5 });
    expect(last.items).toHaveLength(1);
  });
});

describe('the liked flag', () => {
  it('is each viewer own, on cached first pages and on cursor pages', async () => {
    const fan = await makeUser('粉丝');
    const feed = await whole({});
    const [a, b, c] = [feed[0]!, feed[5]!, feed[9]!];
    for (const [user, id] of [
      [fan, a],
      [fan, c],
      [author, b],
    ] as const) {
      expect((await post('/api/sysLikeRecord/add', { articleId: id }, user.headers)).statusCode).toBe(200);
    }
    const likedIn = (items: ArticleListItem[]) => items.filter((i) => i.liked).map((i) => i.id);
    const firstOf = (headers: Record<string, string>) => listPage({ page: 1, pageSize: 6 }, headers);
    expect(likedIn((await firstOf(fan.headers)).items)).toEqual([a]);
    expect(likedIn((await firstOf(author.headers)).items)).toEqual([b]);
    expect(likedIn((await firstOf({})).items)).toEqual([]);
    const fanFirst = await firstOf(fan.headers);
    const fanNext = await listPage({ page: 2, pageSize: 6, cursor: fanFirst.nextCursor }, fan.headers);
    expect(likedIn(fanNext.items)).toEqual([c]);
    const authorNext = await listPage({ page: 2, pageSize: 6, cursor: fanFirst.nextCursor }, author.headers);
    expect(likedIn(authorNext.items)).toEqual([]);
  });
});

describe('the first pages cache', () => {
  const serviceOf = () =>
    createPlazaService({
      db: app.platform.db,
      store: createPlazaRepositories(app.platform.db),
      clock,
      deps: plazaDepsFrom(app.platform),
      cache: app.platform.cache,
      // Reads only: nothing here takes a work down.
      takeDown: () => Promise.reject(new Error('no take-down in this test')),
      review: {
        reviewPolicy: async () => ({ mode: 'off', newAccountDays: 0, newAccountPosts: 0 }),
        reviewPicture: async () => null,
      },
    });
  const firstPage: ArticlePageQuery = { page: 1, pageSize: 10, sort: 'newest', categoryId: 3 };
  const viewerOf = (user: TestUser) => actorFor(DEFAULT_TENANT_ID, user.id);
  const anonymousReader = actorFor(DEFAULT_TENANT_ID, 0);
  let liker: TestUser;
  let viewers: TestUser[];
  beforeAll(async () => {
    liker = await makeUser('点赞者');
    viewers = await Promise.all(Array.from({ length: 3 }, (_, i) => makeUser(`并发 ${i}`)));
    // A PostgreSQL server delivers the change notices of these writes a moment later: let them arrive before
    // the loads are counted.
    await sleep(500);
  });

  it('shows a like on the cached first page without reloading it; a new work does reload it', async () => {
    const plaza = serviceOf();
    const before = await plaza.page(viewerOf(liker), firstPage);
    expect(plaza.publicPageLoads).toBe(1);
    const target = before.items[2]!;
    expect((await post('/api/sysLikeRecord/add', { articleId: target.id }, liker.headers)).statusCode).toBe(
      200,
    );
    await post('/api/sysComment/add', { articleId: target.id, content: '好看' }, liker.headers);
    const after = await plaza.page(viewerOf(liker), firstPage);
    expect(after.items[2]).toMatchObject({
      id: target.id,
      likeCount: target.likeCount + 1,
      commentCount: target.commentCount + 1,
      liked: true,
    });
    const anonymous = await plaza.page(anonymousReader, firstPage);
    expect(anonymous.items[2]).toMatchObject({ likeCount: target.likeCount + 1, liked: false });
    await post('/api/sysLikeRecord/cancelLike', { articleId: target.id }, liker.headers);
    expect((await plaza.page(viewerOf(liker), firstPage)).items[2]).toMatchObject({
      likeCount: target.likeCount,
      liked: false,
    });
    expect(plaza.publicPageLoads).toBe(1);

    const fresh = await publish(author, { title: '刚发布', categoryId: 3 });
    const reloaded = await plaza.page(viewerOf(liker), firstPage);
    expect(reloaded.items.map((i) => i.id)).toContain(fresh);
    expect(plaza.publicPageLoads).toBe(2);
  });

  it('keeps a load that overlapped a like: the next read is served from memory, with the new count', async () => {
    const plaza = serviceOf();
    const query = { ...firstPage, pageSize: 7 };
    const { items } = await listPage({ page: 1, pageSize: 7, categoryId: 3 });
    const target = items[1]!;
    await Promise.all([
      plaza.page(viewerOf(liker), query),
      post('/api/sysLikeRecord/add', { articleId: target.id }, liker.headers),
    ]);
    const after = await plaza.page(viewerOf(liker), query);
    expect(after.items[1]).toMatchObject({ id: target.id, likeCount: target.likeCount + 1, liked: true });
    expect(plaza.publicPageLoads).toBe(1);
  });

  it('loads a page once for many concurrent misses', async () => {
    const plaza = serviceOf();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        plaza.page(i % 4 ? viewerOf(viewers[i % 3]!) : anonymousReader, {
          ...firstPage,
          pageSize: 9,
        }),
      ),
    );
    expect(plaza.publicPageLoads).toBe(1);
    expect(new Set(answers.map((a) => a.items.map((i) => i.id).join()))).toHaveLength(1);
  });
});
