import { z } from 'zod';
import { defineEndpoint } from './registry.js';

/**
 * Uploads and files (spec §9 limits, §8 upload messages).
 *
 * Upload: POST multipart/form-data, file field `file` (1 to UPLOAD_MAX_FILES parts per request), query
 * `category` picks the class of spec §9 and `visibility` public (default) or private. The kind (image, audio,
 * video) is taken from the content (magic bytes), never from the file name; audio and video durations are
 * measured with ffprobe. Success: `result.message` is the success message in the caller's language and
 * `result.files` the stored files. Failures use the envelope: 401 expired login, 400 `upload_*` ids whose
 * message starts with "上传失败(C)", 400 `invalid_upload` (the multipart body is malformed: no boundary, garbage,
 * cut short; on every upload route), 400 `image_too_large` (an image whose width × height × frames exceeds the
 * decode budget, or with too many frames, read from its header before decoding, on every image path including
 * imageResize; `extras.maxPixels`, `extras.maxFrames`), 502 `upload_storage_failed` (third-party store failed,
 * "(S)"), 503 when the server cannot measure audio/video, 500 other server errors. File names are kept without
 * control characters.
 *
 * Private files (ID card images, unpublished works) are only reachable through signed links
 * `/files/private/<key>?expires=…&sig=…` valid SIGNED_URL_TTL_SECONDS; public files have plain URLs.
 */
export const UPLOAD_MAX_FILES = 5;
export const SIGNED_URL_TTL_SECONDS = 600;

export const UPLOAD_CATEGORIES = ['general', 'digital', 'media', 'tool'] as const;
export type UploadCategory = (typeof UPLOAD_CATEGORIES)[number];
export type UploadKind = 'image' | 'audio' | 'video';

export interface UploadRule {
  maxBytes: number;
  /** Allowed formats as sniffed (file-type extensions). */
  formats: readonly string[];
  maxWidth?: number;
  maxHeight?: number;
  maxSeconds?: number;
}

const MB = 1024 * 1024;
/** Spec §9, one row per class; a kind missing from a class is not accepted there. */
export const UPLOAD_RULES: Record<UploadCategory, Partial<Record<UploadKind, UploadRule>>> = {
  general: {
    image: { maxBytes: 1 * MB, formats: ['jpg', 'png'], maxWidth: 1920, maxHeight: 1080 },
    audio: { maxBytes: 5 * MB, formats: ['mp3', 'm4a', 'mp4'], maxSeconds: 30 },
    video: { maxBytes: 50 * MB, formats: ['mp4'], maxSeconds: 300 },
  },
  digital: {
    image: { maxBytes: 2 * MB, formats: ['jpg', 'png', 'gif'], maxWidth: 1920, maxHeight: 1080 },
    audio: { maxBytes: 5 * MB, formats: ['mp3', 'm4a', 'mp4'], maxSeconds: 30 },
    video: { maxBytes: 100 * MB, formats: ['mp4'], maxSeconds: 300 },
  },
  media: {
    image: { maxBytes: 2 * MB, formats: ['jpg', 'png'], maxWidth: 1920, maxHeight: 1080 },
    audio: { maxBytes: 5 * MB, formats: ['mp3', 'm4a', 'mp4'], maxSeconds: 30 },
    video: { maxBytes: 100 * MB, formats: ['mp4'], maxSeconds: 300 },
  },
  tool: {
    video: { maxBytes: 2048 * MB, formats: ['mp4'] },
  },
};

export const uploadQuerySchema = z.object({
  category: z.enum(UPLOAD_CATEGORIES).default('general'),
  visibility: z.enum(['public', 'private']).default('public'),
});

export const storedFileSchema = z.object({
  id: z.number().int(),
  /** Plain URL (public) or signed link valid 600 s (private). */
  url: z.string(),
  visibility: z.enum(['public', 'private']),
  name: z.string().nullable(),
  kind: z.enum(['image', 'audio', 'video']),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds, audio and video only. */
  duration: z.number().nullable(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const attachmentsResultSchema = z.object({
  /** The success message of spec §8 in the caller's language. */
  message: z.string(),
  files: z.array(storedFileSchema),
});

/**
 * The sizes imageResize makes: a width or height asked for is made at the smallest of these at least as large
 * (so any image has few resized copies); the spec's default 500×500 is one of them.
 */
export const IMAGE_RESIZE_SIZES = [100, 200, 300, 500, 750, 1000, 1500, 2000] as const;

/** Resize modes: 0 stretch to exactly w×h, 1 cover and crop, 2 contain with padding, 3 fit inside (keeps ratio, never enlarges). */
export const imageResizeQuerySchema = z.object({
  width: z.coerce.number().int().min(1).max(2000).default(500),
  height: z.coerce.number().int().min(1).max(2000).default(500),
  mode: z.coerce.number().int().min(0).max(3).default(3),
  /** A URL of our own storage: `/uploads/…`, `/files/public/…`, a signed `/files/private/…` link, or the public store base. */
  url: z.string().min(1).max(2000),
});

const uploadEndpoint = (path: string, summary: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    auth: 'user',
    tag: 'files',
    summary,
    kind: 'multipart',
    query: uploadQuerySchema,
    result: attachmentsResultSchema,
  });

/**
 * What the caller's uploads take against their limits (app_config uploadQuota, a VIP's own), shown on 下载管理:
 * bytes stored now, bytes uploaded today (Asia/Shanghai), and both limits. An upload past either is refused
 * (400 `upload_quota_exceeded` / `upload_daily_volume_exceeded`, the limit and what is left in the message).
 */
export const uploadUsageSchema = z.object({
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
  todayBytes: z.number().int(),
  dailyBytes: z.number().int(),
  vip: z.boolean(),
});
export type UploadUsage = z.infer<typeof uploadUsageSchema>;

export const filesEndpoints = {
  uploadAttachments: uploadEndpoint(
    '/api/sysCommonInfo/UploadAttachments',
    'Upload 1–5 files (field `file`), checked against the class limits of spec §9 by content',
  ),
  cosUpload: uploadEndpoint('/Cos/Upload', 'Upload to the object store (same rules as UploadAttachments)'),
  uploadUsage: defineEndpoint({
    method: 'GET',
    path: '/api/sysCommonInfo/uploadUsage',
    auth: 'user',
    tag: 'files',
    summary: 'The caller’s upload storage and today’s upload volume against their limits',
    result: uploadUsageSchema,
  }),
  imageResize: defineEndpoint({
    method: 'GET',
    path: '/api/sysFile/imageResize',
    auth: 'public',
    tag: 'files',
    summary: 'A resized copy of one of our stored images (raw image bytes, cached); other hosts are refused',
    kind: 'binary',
    query: imageResizeQuerySchema,
    result: z.unknown(),
  }),
};
