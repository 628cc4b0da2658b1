import {
  LOCALES,
  DEFAULT_AVATAR,
  DELETED_USER_NICKNAME,
  METADATA_MAX_BYTES,
  METADATA_MAX_KEYS,
  maskPhone,
  normalizePhone,
  type PublicUserInfo,
  type UserBaseInfo,
  type UserDetail,
  type endpoints,
  type ParsedBodyOf,
} from '@app/contract';
import './users.messages.js';
import { displayName } from './system-names.js';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db/client.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import { translate } from '../../platform/i18n/i18n.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import type { SessionService } from '../../platform/auth/session.service.js';
import { isMember, type Actor } from '../../platform/identity/actor.js';
import { deleteWechatBindings, type CaptchaService } from '../auth/index.js';
import { fieldError } from '../../platform/errors.js';
import { deleteRealName } from '../real-name/index.js';
import { checkedImageFile, type CheckedImage } from '../../platform/storage/image-upload.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { isOwnPublicMediaUrl } from '../../platform/storage/own-media.js';
import { defaultNickName, type UserRow } from '../../platform/identity/users.repository.js';
import type { UsersRepositories } from './users.repository.js';
import { isUniqueViolation } from '../../platform/db/sql.js';
import { isVipAt } from '../../platform/identity/membership.js';

const BLOCK_LIST_LIMIT = 1000;

type Metadata = Record<string, string | number | boolean>;
const metadataOf = (user: UserRow): Metadata =>
  Object.fromEntries(
    Object.entries(user.metadata ?? {}).filter((entry): entry is [string, string | number | boolean] =>
      ['string', 'number', 'boolean'].includes(typeof entry[1]),
    ),
  );

interface UsersServiceDeps {
  store: UsersRepositories;
  clock: Clock;
  sessions: SessionService;
  captcha: CaptchaService;
  /** Where avatars are kept (local disk or the S3-compatible store), public. */
  storage: FileStorage;
  /** PUBLIC_BASE_URL: our own files may be named by absolute addresses under it. */
  publicBaseUrl?: string;
  cache: MemoryCache;
  /** The sensitive words of a text (empty when it may be shown to others). */
  sensitiveWords: (text: string, tenantId: number) => Promise<string[]>;
  /**
   * The moderation's verdict on a picture (the moderation module's screen). An avatar is shown to everyone at once,
   * with no review on the way: only a picture that passes is kept.
   */
  screenPicture?: (tenantId: number, image: Buffer) => Promise<{ verdict: 'pass' | 'review' | 'block' }>;
}

/** The placeholder introduction in every language (what a user who wrote none is shown). */
const DEFAULT_INTRODUCTIONS = new Set(
  LOCALES.map((locale) => translate(locale, 'user_default_introduction')),
);
const isDefaultIntroduction = (text: string) => !text || DEFAULT_INTRODUCTIONS.has(text);

/** What every part of the users service works with. */
interface UsersParts extends UsersServiceDeps {
  repo: UsersRepositories['repos']['users'];
  blocks: UsersRepositories['repos']['blocks'];
  /** The caller's live row in its tenant, or user_not_found. */
  live: (actor: Actor) => Promise<UserRow>;
}

/** Reading a profile: the caller's own (from memory), anyone's public page, the caller's settings. */
const createProfileReads = ({ clock, cache, repo, blocks, live }: UsersParts) => {
  // The caller's own row for baseInfo (read on every app start and tab switch), until that user row changes.
  const liveRows = cache.area<UserRow>({ tables: ['app_user'], keysForRow: (_table, id) => [id] });
  return {
    async baseInfo(actor: Actor): Promise<UserBaseInfo> {
      const { tenantId, uid, locale } = actor;
      const user = await liveRows.get(String(uid), () => live(actor));
      if (user.tenantId !== tenantId) throw notFound('user_not_found');
      return {
        id: user.id,
        account: user.account,
        nickName: user.nickName ?? defaultNickName(user.phone),
        avatar: user.avatar ?? DEFAULT_AVATAR,
        introduction: user.introduction ?? translate(locale, 'user_default_introduction'),
        sex: user.sex,
        phone: user.phone ? maskPhone(user.phone) : null,
        vipLevel: user.vipLevel,
        vipExpireDate: user.vipExpireAt?.toISOString() ?? null,
        isVip: isVipAt(user, clock.now()),
        gold: user.gold,
        points: user.points,
        hasPassword: !!user.passwordHash,
        roles: user.roles,
        createTime: user.createdAt.toISOString(),
        deletionDueAt: user.deletionDueAt?.toISOString() ?? null,
      };
    },

    /** A user's public page; the robot's and customer service's names and the default introduction in the caller's language. */
    async publicInfo({ tenantId, uid, roles, locale }: Actor, userId: number): Promise<PublicUserInfo> {
      // Only a signed-in user (not a guest, not an anonymous caller) has a block list to consult.
      const callerId = isMember({ uid, roles }) ? uid : null;
      const user = await repo.byId(tenantId, userId);
      if (!user) throw notFound('user_not_found');
      const deleted = !!user.deletedAt;
      const homeBg = metadataOf(user).homeBg;
      return {
        id: user.id,
        nickName: deleted
          ? DELETED_USER_NICKNAME
          : displayName(user, user.nickName ?? defaultNickName(null), locale),
        avatar: user.avatar ?? DEFAULT_AVATAR,
        introduction: user.introduction ?? translate(locale, 'user_default_introduction'),
        sex: user.sex,
        isVip: !deleted && isVipAt(user, clock.now()),
        vipLevel: deleted ? 0 : user.vipLevel,
        homeBg: typeof homeBg === 'string' ? homeBg : null,
        isDeleted: deleted,
        isBlocked: callerId ? await blocks.isBlocked(tenantId, callerId, user.id) : false,
      };
    },

    async detail(actor: Actor): Promise<UserDetail> {
      const user = await live(actor);
      return { userId: user.id, metadata: metadataOf(user) };
    },
  };
};

/** Changing a profile: settings, nickname and introduction (censored), the avatar. */
const createProfileEdits = (
  { store, clock, storage, publicBaseUrl, sensitiveWords, screenPicture, repo, live }: UsersParts,
  baseInfo: ReturnType<typeof createProfileReads>['baseInfo'],
) => ({
  async updateMetadata(
    { tenantId, uid }: Actor,
    patch: Record<string, string | number | boolean | null>,
  ): Promise<UserDetail> {
    // The homepage background is loaded by every visitor's browser: only our own files (the contract checks
    // site paths; an absolute address must be our storage's public base).
    if (typeof patch.homeBg === 'string') {
      const homeBg = patch.homeBg.trim();
      if (!isOwnPublicMediaUrl(storage, publicBaseUrl, homeBg)) throw fieldError('metadata.homeBg', 'invalid_home_bg');
      // A picture the moderation flagged waits for review: every visitor would see it as the background.
      const key = storage.resolveOwnUrl(homeBg, publicBaseUrl ? [new URL(publicBaseUrl).origin] : [])?.key;
      if (key && (await storage.flagsOf([key])).size) throw badRequest('home_bg_held');
    }
    return store.transaction(async ({ users: people }) => {
      const user = await people.lockLive(tenantId, uid);
      if (!user) throw notFound('user_not_found');
      const next: Metadata = { ...metadataOf(user) };
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) delete next[key];
        else next[key] = value;
      }
      if (
        Object.keys(next).length > METADATA_MAX_KEYS ||
        Buffer.byteLength(JSON.stringify(next)) > METADATA_MAX_BYTES
      ) {
        throw badRequest('metadata_too_large');
      }
      await people.update(tenantId, uid, { metadata: next, updatedAt: clock.now() });
      return { userId: uid, metadata: next };
    });
  },

  /** Nickname and introduction: others read them, so the text censor checks them first. */
  async updateProfileText(
    actor: Actor,
    patch: { nickName?: string; introduction?: string },
  ): Promise<UserBaseInfo> {
    const { tenantId, uid } = actor;
    await live(actor);
    const found = new Set<string>();
    for (const text of [patch.nickName, patch.introduction]) {
      if (text) for (const word of await sensitiveWords(text, tenantId)) found.add(word);
    }
    if (found.size) throw badRequest('profile_text_sensitive', { words: [...found].join('、') });
    await repo.update(tenantId, uid, {
      ...(patch.nickName !== undefined ? { nickName: patch.nickName } : {}),
      // An emptied introduction shows the spec §3 placeholder again; so does the placeholder itself, sent back
      // unchanged by a form that showed it (in whichever language), instead of being stored as the user's own.
      ...(patch.introduction !== undefined
        ? { introduction: isDefaultIntroduction(patch.introduction) ? null : patch.introduction }
        : {}),
      updatedAt: clock.now(),
    });
    return baseInfo(actor);
  },

  async setAvatar(actor: Actor, image: CheckedImage): Promise<{ url: string }> {
    const { tenantId, uid } = actor;
    const user = await live(actor);
    if (screenPicture && (await screenPicture(tenantId, image.data)).verdict !== 'pass')
      throw new AppError(400, 'picture_refused');
    const saved = await storage.save({
      tenantId,
      userId: uid,
      category: 'avatars',
      visibility: 'public',
      ...checkedImageFile(image),
    });
    const url = saved.url;
    await repo.update(tenantId, uid, { avatar: url, updatedAt: clock.now() });
    // The previous uploaded avatar is nobody's any more.
    const previous = user.avatar ? storage.resolveOwnUrl(user.avatar, []) : null;
    if (previous?.key.startsWith('avatars/')) {
      await storage.remove(previous.key, previous.visibility).catch(() => undefined);
    }
    return { url };
  },
});

/** The account's keys: phone, password (changed, reset, first set) and deletion. */
const createAccountSecurity = ({ store, clock, sessions, captcha, repo, live }: UsersParts) => ({
  async changePhone(actor: Actor, rawPhone: string, code: string): Promise<boolean> {
    const { tenantId, uid } = actor;
    const phone = normalizePhone(rawPhone);
    const user = await live(actor);
    if (user.phone === phone) throw fieldError('phone', 'phone_unchanged');
    if (await repo.byPhone(tenantId, phone)) throw fieldError('phone', 'phone_in_use');
    await captcha.verify({ tenantId, phone, code });
    try {
      await repo.update(tenantId, uid, { phone, updatedAt: clock.now() });
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('phone', 'phone_in_use');
      throw err;
    }
    return true;
  },

  /** Ends every session of the user but `sessionId` (the caller's): a stolen token dies with the old password. */
  async changePassword(
    actor: Actor,
    sessionId: string,
    oldPassword: string,
    newPassword: string,
  ): Promise<boolean> {
    const user = await live(actor);
    if (!user.passwordHash) throw conflict('password_not_set');
    if (!(await verifyPassword(user.passwordHash, oldPassword)))
      throw fieldError('oldPassword', 'old_password_wrong');
    await repo.setPassword(actor.tenantId, user.id, await hashPassword(newPassword), clock.now());
    await sessions.revokeAllForUser(user.id, sessionId);
    return true;
  },

  /** Forgotten password: the phone proves the owner; every session ends and the lockout is lifted. */
  async resetPasswordBySms({ tenantId }: Actor, input: ParsedBodyOf<typeof endpoints.changePwdBySms>) {
    const user = await repo.byPhone(tenantId, input.phone);
    if (!user) throw fieldError('phone', 'phone_not_registered');
    await captcha.verify({ tenantId, ...input });
    await repo.setPassword(tenantId, user.id, await hashPassword(input.password), clock.now(), true);
    await sessions.revokeAllForUser(user.id);
    return true;
  },

  async setFirstPassword(actor: Actor, password: string): Promise<boolean> {
    const hash = await hashPassword(password);
    if (!(await repo.setFirstPassword(actor.tenantId, actor.uid, hash, clock.now()))) {
      await live(actor);
      throw conflict('password_already_set');
    }
    return true;
  },

  /**
   * The anonymisation of a deleted account, inside the caller's transaction (the deletion's sweep writes its
   * audit row with it): the row stays (content and ledger keep their author) but everything personal goes:
   * phone and account name are freed for new registrations, real-name data and WeChat bindings are deleted.
   * False when there is no such live user. The caller ends the sessions after the commit.
   */
  async anonymiseInTx(tx: Tx, { tenantId, uid }: Actor, now: Date): Promise<boolean> {
    const { users, blocks } = store.within(tx);
    if (!(await users.anonymize(tenantId, uid, now, DELETED_USER_NICKNAME))) return false;
    await deleteRealName(tx, uid);
    await deleteWechatBindings(tx, uid);
    await blocks.clearFor(tenantId, uid);
    return true;
  },
});

/** The block list: block, unblock, the page and the blocked ids. */
const createBlockList = ({ clock, repo, blocks }: UsersParts) => ({
  async block({ tenantId, uid }: Actor, targetId: number): Promise<boolean> {
    if (targetId === uid) throw badRequest('cannot_block_self');
    if (!(await repo.byId(tenantId, targetId))) throw notFound('user_not_found');
    if (await blocks.isBlocked(tenantId, uid, targetId)) return true;
    if ((await blocks.count(tenantId, uid)) >= BLOCK_LIST_LIMIT)
      throw new AppError(409, 'block_list_full', { limit: BLOCK_LIST_LIMIT });
    await blocks.add(tenantId, uid, targetId, clock.now());
    return true;
  },

  async unblock({ tenantId, uid }: Actor, targetId: number): Promise<boolean> {
    await blocks.remove(tenantId, uid, targetId);
    return true;
  },

  blockPage: ({ tenantId, uid, locale }: Actor, page: number, pageSize: number) =>
    blocks.page(tenantId, uid, page, pageSize, locale),

  /** The ids of the authors the user blocked. */
  blockedIds: ({ tenantId, uid }: Actor) => blocks.blockedIds(tenantId, uid),
});

/** Profile, settings, the account's keys and the block list. */
export const createUsersService = (deps: UsersServiceDeps) => {
  const { users: repo, blocks } = deps.store.repos;
  const live = async ({ tenantId, uid }: Actor): Promise<UserRow> => {
    const user = await repo.liveById(tenantId, uid);
    if (!user) throw notFound('user_not_found');
    return user;
  };
  const parts: UsersParts = { ...deps, repo, blocks, live };
  const reads = createProfileReads(parts);
  return {
    ...reads,
    ...createProfileEdits(parts, reads.baseInfo),
    ...createAccountSecurity(parts),
    ...createBlockList(parts),
  };
};
export type UsersService = ReturnType<typeof createUsersService>;
