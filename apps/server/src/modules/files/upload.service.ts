import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import {
  UPLOAD_MAX_FILES,
  UPLOAD_RULES,
  type Locale,
  type PictureFlag,
  type StoredFile,
  type UploadCategory,
  type UploadKind,
  type UploadRule,
  type UploadUsage,
} from '@app/contract';
import type { Actor } from '../../platform/identity/actor.js';
import './files.messages.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/i18n.js';
import {
  assertImageDecodes,
  fitsLongShort,
  inspectImage,
  isDecodedFormat,
  reencodeImage,
  unreadableUpload,
} from '../../platform/storage/image-upload.js';
import { cleanFileName, multipartRefusal } from '../../platform/storage/multipart.js';
import { UploadLimitError, type FileStorage } from '../../platform/storage/file-storage.js';
import {
  readUploadUsage,
  type UploadLimits,
  type UploadRefusal,
} from '../../platform/storage/upload-usage.js';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Visibility } from '../../platform/storage/storage.js';
import { ffprobeAvailable, probeMedia, type MediaInfo } from './media-probe.js';

/** Audio/video at most this much longer than the limit still pass (encoder padding of mp3/aac frames). */
const DURATION_TOLERANCE_SECONDS = 0.25;

const human = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${+(bytes / 1024 ** 3).toFixed(1)}GB`
    : bytes >= 1024 ** 2
      ? `${+(bytes / 1024 ** 2).toFixed(1)}MB`
      : `${+(bytes / 1024).toFixed(1)}KB`;

const tooLarge = (max: number) => new AppError(400, 'upload_too_large', { max: human(max) });

interface CheckedFile {
  kind: UploadKind;
  ext: string;
  mime: string;
  size: number;
  body: Buffer | { path: string };
  width: number | null;
  height: number | null;
  duration: number | null;
  name: string | null;
}

const kindOf = (mime: string, media: MediaInfo | null): UploadKind | null => {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'video/mp4' || mime.startsWith('video/')) return media && !media.hasVideo ? 'audio' : 'video';
  return null;
};

/** Checks one received file against the class rules, by content only. */
export const checkFile = async (
  file: string,
  size: number,
  rules: Partial<Record<UploadKind, UploadRule>>,
  name: string | null,
): Promise<CheckedFile> => {
  const type = await fileTypeFromFile(file);
  if (!type) throw unreadableUpload();
  // The decode budget before anything else reads pixels, for any image format we decode (a GIF bomb sent to a
  // class that takes no GIF is named as what it is). The byte limit named is this class's for images, or for
  // any file when it takes no images.
  const maxBytes = rules.image?.maxBytes ?? Math.max(...Object.values(rules).map((r) => r.maxBytes));
  const header =
    type.mime.startsWith('image/') && isDecodedFormat(type.ext)
      ? await inspectImage(file, { maxBytes })
      : null;
  const isAv = type.mime.startsWith('audio/') || type.mime.startsWith('video/');
  let media: MediaInfo | null = null;
  if (isAv) {
    if (!ffprobeAvailable()) throw new AppError(503, 'upload_media_check_unavailable');
    media = await probeMedia(file);
    if (!media) throw unreadableUpload();
  }
  const kind = kindOf(type.mime, media);
  const rule = kind ? rules[kind] : undefined;
  if (!kind || !rule) throw badRequest('upload_kind_not_allowed');
  if (!rule.formats.includes(type.ext)) {
    throw badRequest('upload_type_not_allowed', { formats: rule.formats.join('/') });
  }
  if (size > rule.maxBytes) throw tooLarge(rule.maxBytes);

  if (kind === 'image') {
    if (!header) throw unreadableUpload();
    const { width, height } = header;
    if (rule.maxWidth && rule.maxHeight && !fitsLongShort(width, height, rule.maxWidth, rule.maxHeight)) {
      throw new AppError(400, 'upload_dimensions_too_large', {
        maxWidth: rule.maxWidth,
        maxHeight: rule.maxHeight,
      });
    }
    if (type.ext === 'gif') {
      await assertImageDecodes(file, { animated: true });
      return {
        kind,
        ext: 'gif',
        mime: type.mime,
        size,
        body: { path: file },
        width,
        height,
        duration: null,
        name,
      };
    }
    const clean = await reencodeImage(file, type.ext === 'png' ? 'png' : 'jpeg');
    return {
      kind,
      ext: type.ext,
      mime: type.mime,
      size: clean.length,
      body: clean,
      width,
      height,
      duration: null,
      name,
    };
  }

  const duration = Math.round(media!.duration * 1000) / 1000;
  if (rule.maxSeconds && duration > rule.maxSeconds + DURATION_TOLERANCE_SECONDS) {
    throw new AppError(400, 'upload_duration_too_long', { max: rule.maxSeconds });
  }
  return {
    kind,
    ext: type.ext,
    mime: type.mime,
    size,
    body: { path: file },
    width: media!.width,
    height: media!.height,
    duration,
    name,
  };
};

/** The caller's upload limits in bytes (app_config uploadQuota; a VIP's own) for the day of `now`. */
export type UploadLimitsOf = (tenantId: number, vip: boolean) => Promise<UploadLimits>;

const limitError = (refusal: UploadRefusal, limits: UploadLimits, usage: { bytes: number; dayBytes: number }) =>
  refusal === 'storage'
    ? new AppError(400, 'upload_quota_exceeded', {
        quota: human(limits.storageBytes),
        left: human(Math.max(0, limits.storageBytes - usage.bytes)),
      })
    : new AppError(400, 'upload_daily_volume_exceeded', {
        quota: human(limits.dailyBytes),
        left: human(Math.max(0, limits.dailyBytes - usage.dayBytes)),
      });

/** Which limit `incoming` more bytes would break, read from the owner's one usage row. */
const refusalFor = (limits: UploadLimits, usage: { bytes: number; dayBytes: number }, incoming: number) =>
  usage.bytes + incoming > limits.storageBytes
    ? 'storage'
    : usage.dayBytes + incoming > limits.dailyBytes
      ? 'daily'
      : null;

/**
 * Refuses a picture before anything is kept (moderation's screen): throws when it must not be stored, else answers
 * each picture's flag (null: passed) to store with it.
 */
export type PictureGate = (tenantId: number, pictures: (Buffer | string)[]) => Promise<(PictureFlag | null)[]>;

export const createUploadService = (deps: {
  db: DbOrTx;
  storage: FileStorage;
  tmpDir: string;
  limitsOf: UploadLimitsOf;
  screenPictures?: PictureGate;
}) => {
  const { db, storage, tmpDir, limitsOf } = deps;

  /** Refuses before reading the body when the usage leaves no room (or less than the body's declared size). */
  const checkRoom = async (owner: { tenantId: number; userId: number }, limits: UploadLimits, incoming: number) => {
    const usage = await readUploadUsage(db, owner, limits.day);
    const refusal = refusalFor(limits, usage, Math.max(1, incoming));
    if (refusal) throw limitError(refusal, limits, usage);
  };

  const receive = async (req: FastifyRequest, rules: Partial<Record<UploadKind, UploadRule>>) => {
    const ceiling = Math.max(...Object.values(rules).map((r) => r.maxBytes));
    const checked: CheckedFile[] = [];
    const temps: string[] = [];
    await mkdir(tmpDir, { recursive: true });
    try {
      for await (const part of req.files({ limits: { fileSize: ceiling, files: UPLOAD_MAX_FILES } })) {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const tmp = path.join(tmpDir, randomUUID());
        temps.push(tmp);
        try {
          await pipeline(part.file, createWriteStream(tmp));
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(ceiling);
          throw err;
        }
        if (part.file.truncated) throw tooLarge(ceiling);
        const size = (await stat(tmp)).size;
        if (size === 0) throw badRequest('upload_missing_file');
        checked.push(await checkFile(tmp, size, rules, cleanFileName(part.filename)));
      }
    } catch (err) {
      await Promise.all(temps.map((t) => unlink(t).catch(() => undefined)));
      throw multipartRefusal(err, {
        missing: 'upload_missing_file',
        tooMany: () => badRequest('upload_too_many_files', { max: UPLOAD_MAX_FILES }),
        tooLarge: () => tooLarge(ceiling),
      });
    }
    if (!checked.length) throw badRequest('upload_missing_file');
    return { checked, temps };
  };

  return {
    /** The caller's usage against their limits (下载管理). */
    async usage(actor: Actor): Promise<UploadUsage> {
      const limits = await limitsOf(actor.tenantId, actor.vip);
      const usage = await readUploadUsage(db, { tenantId: actor.tenantId, userId: actor.uid }, limits.day);
      return {
        usedBytes: usage.bytes,
        quotaBytes: limits.storageBytes,
        todayBytes: usage.dayBytes,
        dailyBytes: limits.dailyBytes,
        vip: actor.vip,
      };
    },

    /** Receives, checks (all files first) and stores the `file` parts of a multipart request. */
    async upload(
      req: FastifyRequest,
      input: {
        tenantId: number;
        userId: number;
        vip: boolean;
        category: UploadCategory;
        visibility: Visibility;
        locale: Locale;
      },
    ): Promise<{ message: string; files: StoredFile[] }> {
      const owner = { tenantId: input.tenantId, userId: input.userId };
      const limits = await limitsOf(input.tenantId, input.vip);
      // The multipart framing makes content-length a little more than the files: a bound, not their size.
      await checkRoom(owner, limits, 0);
      const { checked, temps } = await receive(req, UPLOAD_RULES[input.category]);
      const savedKeys: { key: string; visibility: Visibility }[] = [];
      try {
        await checkRoom(owner, limits, checked.reduce((sum, f) => sum + f.size, 0));
        const images = checked.filter((f) => f.kind === 'image');
        const pictures = images.map((f) => ('path' in f.body ? f.body.path : f.body));
        const screened = pictures.length ? ((await deps.screenPictures?.(input.tenantId, pictures)) ?? []) : [];
        const flags = new Map(images.map((f, i) => [f, screened[i] ?? null]));
        const out: StoredFile[] = [];
        for (const file of checked) {
          let saved;
          try {
            saved = await storage.save({
              tenantId: input.tenantId,
              userId: input.userId,
              category: input.category,
              visibility: input.visibility,
              body: file.body,
              ext: file.ext,
              mime: file.mime,
              kind: file.kind,
              size: file.size,
              width: file.width,
              height: file.height,
              duration: file.duration,
              originalName: file.name,
              limits,
              moderation: flags.get(file) ?? null,
            });
          } catch (err) {
            if (err instanceof UploadLimitError) {
              // A concurrent upload took the room: this request stores none of its files.
              await Promise.all(savedKeys.map((f) => storage.remove(f.key, f.visibility).catch(() => undefined)));
              throw limitError(err.limit, limits, await readUploadUsage(db, owner, limits.day));
            }
            if (storage.backend.kind === 's3') {
              req.log.error({ err }, 'object store upload failed');
              throw new AppError(502, 'upload_storage_failed');
            }
            throw err;
          }
          savedKeys.push({ key: saved.key, visibility: saved.visibility });
          out.push({
            id: saved.id,
            url: saved.url,
            visibility: saved.visibility,
            name: file.name,
            kind: file.kind,
            mime: file.mime,
            size: file.size,
            width: file.width,
            height: file.height,
            duration: file.duration,
          });
        }
        return { message: translate(input.locale, 'upload_success'), files: out };
      } finally {
        await Promise.all(temps.map((t) => unlink(t).catch(() => undefined)));
      }
    },
  };
};
