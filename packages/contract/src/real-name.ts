import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './envelope.js';
import { defineEndpoint } from './registry.js';
import { idCardSchema } from './validators.js';

/**
 * Real-name verification. Status (enums.ts RealNameStatus): None 0 → Pending 1 →
 * Approved 2 or Rejected 4; a rejected user resubmits with `update` (or `add`). ID numbers are stored
 * encrypted and only ever answered masked (110***********1234).
 *
 * Error ids: `invalid_real_name` / `invalid_id_card` (400 field messages `message.realName` /
 * `message.idCardNum`), `real_name_exists` (409: already submitted, use update), `real_name_not_found`
 * (404: nothing submitted, use add), `real_name_approved` (409: approved, cannot change),
 * `real_name_not_pending` (409: admin review of something not pending), `id_card_image_invalid` (400),
 * `real_name_disabled` (409: idCardEnable is off) and the image ids of user.ts.
 */

/** 2 to 30 characters: Chinese or Latin letters, with · or spaces between parts of a name. */
export const realNameSchema = z
  .string()
  .trim()
  .refine(
    (v) => /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·• .]{0,28}[\p{Script=Han}A-Za-z]$/u.test(v),
    'invalid_real_name',
  );

export const realNameStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4)]);

export const realNameSubmitBodySchema = z.object({
  realName: realNameSchema,
  idCardNum: idCardSchema,
  /** Keys answered by uploadIdCardImageList (front and back), at most 2. */
  idCardImages: z.array(z.string().max(200)).max(2).optional(),
});

export const realNameStatusResultSchema = z.object({ status: realNameStatusSchema });

export const realNameDetailSchema = z.object({
  status: realNameStatusSchema,
  realName: z.string().nullable(),
  /** Masked: first 3 and last 4 characters. */
  idCardNum: z.string().nullable(),
  idCardImages: z.array(z.string()),
  /** Signed links (valid 600 s) to the ID card photos, front then back, for the result page. */
  idCardImageUrls: z.array(z.string()),
  /** The operator's reason when rejected. */
  rejectReason: z.string().nullable(),
  submitTime: z.string().nullable(),
  reviewTime: z.string().nullable(),
  /** False when the operator switched real-name verification off (status then reads Approved). */
  enabled: z.boolean(),
  /** Publishing needs an approved real name (app config idCardEnable and realNameToPublish): the page says so only then. */
  requiredToPublish: z.boolean(),
});
export type RealNameDetail = z.infer<typeof realNameDetailSchema>;

export const idCardImageUploadResultSchema = z.object({
  /** Private keys (not public URLs) to send as idCardImages. */
  files: z.array(z.string()),
});

export const realNameReviewItemSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  nickName: z.string(),
  /** Masked phone of the user. */
  phone: z.string().nullable(),
  realName: z.string(),
  idCardNum: z.string(),
  idCardImages: z.array(z.string()),
  /** Signed links (valid 600 s) to the photos for the operator. */
  idCardImageUrls: z.array(z.string()),
  status: realNameStatusSchema,
  rejectReason: z.string().nullable(),
  submitTime: z.string(),
  reviewTime: z.string().nullable(),
});
export type RealNameReviewItem = z.infer<typeof realNameReviewItemSchema>;
export const realNameReviewQuerySchema = pageQuerySchema.extend({
  /** Default 1 (pending). */
  status: z.coerce.number().pipe(realNameStatusSchema).default(1),
});
export const realNameApproveBodySchema = z.object({ id: z.number().int().min(1) });
export const realNameRejectBodySchema = z.object({
  id: z.number().int().min(1),
  reason: z.string().trim().min(1).max(200),
});

export const realNameEndpoints = {
  realNameStatus: defineEndpoint({
    method: 'GET',
    path: '/api/sysAuthenticationInfo/status',
    auth: 'public',
    tag: 'real-name',
    summary: 'The caller’s status; Approved without a token, for guests and when idCardEnable is off',
    result: realNameStatusResultSchema,
  }),
  realNameAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysAuthenticationInfo/add',
    auth: 'user',
    tag: 'real-name',
    summary: 'Submits real name and ID number (GB 11643, real date); status becomes Pending',
    body: realNameSubmitBodySchema,
    result: realNameDetailSchema,
  }),
  realNameUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/sysAuthenticationInfo/update',
    auth: 'user',
    tag: 'real-name',
    summary: 'Changes a pending submission or resubmits a rejected one; status becomes Pending',
    body: realNameSubmitBodySchema,
    result: realNameDetailSchema,
  }),
  realNameDetail: defineEndpoint({
    method: 'GET',
    path: '/api/sysAuthenticationInfo/detail',
    auth: 'user',
    tag: 'real-name',
    summary: 'The caller’s submission, ID number masked (status 0 and nulls when none)',
    result: realNameDetailSchema,
  }),
  uploadIdCardImageList: defineEndpoint({
    method: 'POST',
    path: '/api/sysAuthenticationInfo/uploadIdCardImageList',
    auth: 'user',
    tag: 'real-name',
    summary:
      'Multipart, 1 or 2 files (any field name): JPEG or PNG by content, ≤ 1 MB, ≤ 1920×1080; stored privately',
    kind: 'multipart',
    result: idCardImageUploadResultSchema,
  }),
  realNameReviewPage: defineEndpoint({
    method: 'GET',
    path: '/api/sysAuthenticationInfo/page',
    auth: 'admin',
    tag: 'real-name',
    summary: 'Operators: submissions by status (default pending), oldest first, ID numbers masked',
    query: realNameReviewQuerySchema,
    result: pagedSchema(realNameReviewItemSchema),
  }),
  realNameApprove: defineEndpoint({
    method: 'POST',
    path: '/api/sysAuthenticationInfo/approve',
    auth: 'admin',
    tag: 'real-name',
    summary: 'Operators: approves a pending submission; the user gets a message-centre notice',
    body: realNameApproveBodySchema,
    result: realNameReviewItemSchema,
  }),
  realNameReject: defineEndpoint({
    method: 'POST',
    path: '/api/sysAuthenticationInfo/reject',
    auth: 'admin',
    tag: 'real-name',
    summary: 'Operators: rejects a pending submission with a reason; the user gets a message-centre notice',
    body: realNameRejectBodySchema,
    result: realNameReviewItemSchema,
  }),
};
