import { z } from 'zod';
import { isAbsoluteMediaUrl, isOwnMediaPath } from './media-url.js';
import { pageQuerySchema, pagedSchema } from './envelope.js';
import { defineEndpoint } from './registry.js';
import { passwordSchema, phoneSchema, smsCodeSchema } from './validators.js';

/**
 * Accounts, part 2: profile, settings, avatar, block list.
 *
 * Error ids: `phone_in_use` / `phone_unchanged` / `phone_not_registered` (400, `message.phone`),
 * `old_password_wrong` (400, `message.oldPassword`), `password_already_set` (409),
 * `password_not_set` (409: use set password), the SMS code ids of auth.ts (400, `message.code`),
 * `metadata_too_large` (400), `image_type_not_allowed` / `image_too_large` / `image_dimensions_too_large`
 * (400, `extras.maxBytes` / `extras.maxWidth`, `extras.maxHeight`; `image_too_large` also for more pixels ×
 * frames than the decode budget, `extras.maxPixels` / `extras.maxFrames`), `invalid_upload` (400, a malformed
 * multipart body), `user_not_found` (404),
 * `cannot_block_self` (400), `block_list_full` (409), `profile_text_sensitive` (400, `extras.words`).
 */

/** Spec §3 defaults: a user without their own values shows these. */
export const DEFAULT_AVATAR = '/static/images/avatar-default.svg';
export const DEFAULT_INTRODUCTION = '这个人很懒，什么都没有留下～';
export const DELETED_USER_NICKNAME = '已注销用户';
/** A new account's nickname: this prefix and the phone number's last four digits (用户5009). */
export const DEFAULT_NICKNAME_PREFIX = '用户';
/** The digits of a default nickname (`用户5009` → `5009`, `用户` → ''), or null for a nickname a person chose. */
export const defaultNickNameDigits = (name: string): string | null =>
  new RegExp(`^${DEFAULT_NICKNAME_PREFIX}(\\d{0,4})$`).exec(name)?.[1] ?? null;

/** Spec §3 user base info of the caller. */
export const userBaseInfoSchema = z.object({
  id: z.number().int(),
  account: z.string().nullable(),
  nickName: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  /** 1 (default), 2 or 0 (unknown). */
  sex: z.number().int(),
  /** Masked for display: 138****0000; null when no phone is bound. */
  phone: z.string().nullable(),
  vipLevel: z.number().int(),
  /** ISO time; null when never VIP. */
  vipExpireDate: z.string().nullable(),
  /** vipLevel > 0 and vipExpireDate in the future. */
  isVip: z.boolean(),
  gold: z.number().int(),
  points: z.number().int(),
  hasPassword: z.boolean(),
  roles: z.array(z.string()),
  createTime: z.string(),
  /** ISO time a requested deletion runs (the cooling-off period's end); null when none is pending. */
  deletionDueAt: z.string().nullable(),
});
export type UserBaseInfo = z.infer<typeof userBaseInfoSchema>;

/** Another user's public profile: never their phone or account name. */
export const publicUserInfoSchema = z.object({
  id: z.number().int(),
  nickName: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  sex: z.number().int(),
  isVip: z.boolean(),
  vipLevel: z.number().int(),
  /** Personal homepage background, from the user's metadata. */
  homeBg: z.string().nullable(),
  isDeleted: z.boolean(),
  /** Whether the caller has blocked this user (false without a token). */
  isBlocked: z.boolean(),
});
export type PublicUserInfo = z.infer<typeof publicUserInfoSchema>;
export const publicUserInfoQuerySchema = z.object({ userId: z.coerce.number().int().min(1) });

const METADATA_KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
export const METADATA_MAX_KEYS = 32;
export const METADATA_MAX_BYTES = 4096;
export const metadataValueSchema = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
/**
 * homeBg (shown to every visitor of the homepage): a site path of our own files (/static/… wallpapers, uploads),
 * or an https URL that the server accepts only under our storage's public base (see media-url.ts).
 */
export const homeBgSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => isOwnMediaPath(v) || (v.startsWith('https://') && isAbsoluteMediaUrl(v)), 'invalid_home_bg');

export const userMetadataSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export const userDetailSchema = z.object({
  userId: z.number().int(),
  /** Free-form small settings; `homeBg` is the personal homepage background. */
  metadata: userMetadataSchema,
});
export type UserDetail = z.infer<typeof userDetailSchema>;
/** Merges into the stored metadata; a null value removes the key. At most 32 keys and 4 KB in all. */
export const metadataUpdateBodySchema = z.object({
  metadata: z
    .record(z.string().regex(METADATA_KEY_RE, 'invalid_metadata_key'), metadataValueSchema)
    .refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, 'metadata_too_large')
    .superRefine((m, ctx) => {
      const bg = m.homeBg;
      if (
        bg !== undefined &&
        bg !== null &&
        (typeof bg !== 'string' || !homeBgSchema.safeParse(bg).success)
      ) {
        ctx.addIssue({ code: 'custom', path: ['homeBg'], message: 'invalid_home_bg' });
      }
    }),
});

/** Nickname and introduction the user writes (both run the text censor). */
export const NICKNAME_MAX = 20;
export const INTRODUCTION_MAX = 100;
export const updateBaseInfoBodySchema = z
  .object({
    nickName: z.string().trim().min(1).max(NICKNAME_MAX).optional(),
    introduction: z.string().trim().max(INTRODUCTION_MAX).optional(),
  })
  .refine((b) => b.nickName !== undefined || b.introduction !== undefined, 'nothing_to_update');

export const uploadResultSchema = z.object({ url: z.string() });

export const changePhoneBodySchema = z.object({
  /** The new phone; the SMS code was sent to it. */
  phone: phoneSchema,
  code: smsCodeSchema,
});
export const changePwdBodySchema = z.object({
  oldPassword: z.string().min(1).max(64),
  newPassword: passwordSchema,
});
export const changePwdBySmsBodySchema = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  password: passwordSchema,
});
export const setPwdBodySchema = z.object({ password: passwordSchema });

// Block list (spec §3: per user, the list of blocked author ids).
export const blockBodySchema = z.object({ userId: z.number().int().min(1) });
export const blockListSchema = z.object({
  userId: z.number().int(),
  blockedUserIds: z.array(z.number().int()),
});
export const blockedUserSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  avatar: z.string(),
  /** When the block was made (ISO). */
  createTime: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const userEndpoints = {
  userBaseInfo: defineEndpoint({
    method: 'GET',
    path: '/api/sysUser/baseInfo',
    auth: 'user',
    tag: 'user',
    summary: 'The caller’s profile with spec §3 defaults, masked phone and VIP state',
    result: userBaseInfoSchema,
  }),
  publicUserInfo: defineEndpoint({
    method: 'GET',
    path: '/api/sysUser/userInfo',
    auth: 'public',
    tag: 'user',
    summary: 'Another user’s public profile (no phone, no account name)',
    query: publicUserInfoQuerySchema,
    result: publicUserInfoSchema,
  }),
  currentUserDetail: defineEndpoint({
    method: 'GET',
    path: '/api/sysUserExtInfo/currentUserDetail',
    auth: 'user',
    tag: 'user',
    summary: 'The caller’s metadata (homeBg …)',
    result: userDetailSchema,
  }),
  metadataUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/sysUserExtInfo/metadataUpdate',
    auth: 'user',
    tag: 'user',
    summary: 'Merges metadata keys (null removes one); answers the new detail',
    body: metadataUpdateBodySchema,
    result: userDetailSchema,
  }),
  updateBaseInfo: defineEndpoint({
    method: 'POST',
    path: '/api/sysUser/updateBaseInfo',
    auth: 'user',
    tag: 'user',
    summary:
      'Changes the nickname and/or introduction (text censor: 400 profile_text_sensitive); answers the new base info',
    body: updateBaseInfoBodySchema,
    result: userBaseInfoSchema,
  }),
  uploadAvatar: defineEndpoint({
    method: 'POST',
    path: '/api/sysFile/uploadAvatar',
    auth: 'user',
    tag: 'user',
    summary:
      'Multipart field `file`: JPEG or PNG by content, ≤ 1 MB, ≤ 1920×1080; becomes the avatar; answers its URL',
    kind: 'multipart',
    result: uploadResultSchema,
  }),
  changePhone: defineEndpoint({
    method: 'POST',
    path: '/api/sysUser/changePhone',
    auth: 'user',
    tag: 'user',
    summary: 'Changes the phone to a new one proven by an SMS code sent to it',
    body: changePhoneBodySchema,
    result: z.boolean(),
  }),
  changePwd: defineEndpoint({
    method: 'POST',
    path: '/api/sysUser/changePwd',
    auth: 'user',
    tag: 'user',
    summary: 'Changes the password (old and new); every other session of the user ends',
    body: changePwdBodySchema,
    result: z.boolean(),
  }),
  changePwdBySms: defineEndpoint({
    method: 'POST',
    path: '/api/sysUser/changePwdBySms',
    auth: 'public',
    tag: 'user',
    summary: 'Forgotten password: phone + SMS code + new password; every session of the user ends',
    body: changePwdBySmsBodySchema,
    result: z.boolean(),
  }),
  setPwd: defineEndpoint({
    method: 'POST',
    path: '/api/sysUser/setPwd',
    auth: 'user',
    tag: 'user',
    summary: 'Sets the first password of an account registered by SMS (409 password_already_set otherwise)',
    body: setPwdBodySchema,
    result: z.boolean(),
  }),
  blockAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysUserBlock/add',
    auth: 'user',
    tag: 'user',
    summary: 'Blocks an author: their content is hidden from the caller (idempotent)',
    body: blockBodySchema,
    result: z.boolean(),
  }),
  blockRemove: defineEndpoint({
    method: 'POST',
    path: '/api/sysUserBlock/remove',
    auth: 'user',
    tag: 'user',
    summary: 'Unblocks an author (idempotent)',
    body: blockBodySchema,
    result: z.boolean(),
  }),
  blockList: defineEndpoint({
    method: 'GET',
    path: '/api/sysUserBlock/list',
    auth: 'user',
    tag: 'user',
    summary: 'Spec §3 block list: the caller’s id and the ids of the authors they blocked',
    result: blockListSchema,
  }),
  blockPage: defineEndpoint({
    method: 'GET',
    path: '/api/sysUserBlock/page',
    auth: 'user',
    tag: 'user',
    summary: 'Blocked authors with nickname and avatar, newest first (block management page)',
    query: pageQuerySchema,
    result: pagedSchema(blockedUserSchema),
  }),
};
