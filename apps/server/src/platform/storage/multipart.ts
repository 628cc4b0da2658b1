import type { ErrorId } from '@app/contract';
import { AppError, badRequest } from '../errors.js';
import './image-upload.messages.js';

/** 400 `invalid_upload`: the multipart body itself is broken (no boundary, garbage, cut short). */
const invalidUpload = () => badRequest('invalid_upload');

/**
 * Errors of the multipart parser (busboy, through @fastify/multipart) that mean the body is malformed. busboy
 * throws plain Errors without a code, so they are known by their messages.
 */
const MALFORMED_MESSAGES = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^The needle cannot/,
  /^Malformed/,
];
const MALFORMED_CODES = [
  'FST_MP_PREMATURE_CLOSE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
];

const isMalformedMultipart = (err: unknown): boolean => {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return MALFORMED_CODES.includes(code);
  return MALFORMED_MESSAGES.some((pattern) => pattern.test(err.message));
};

/**
 * What to throw for an error met while reading a multipart request: our own AppErrors as they are, the
 * parser's refusals as the caller's ids (no multipart body → `missing`; too many files → `tooMany`; a file
 * over the stream limit → `tooLarge`), a malformed body as `invalid_upload`; anything else (a disk error)
 * unchanged, so it stays a logged 500.
 */
export const multipartRefusal = (
  err: unknown,
  refusals: { missing: ErrorId; tooMany: () => AppError; tooLarge?: () => AppError },
): unknown => {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code ?? '';
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA')
    return badRequest(refusals.missing);
  if (code === 'FST_FILES_LIMIT') return refusals.tooMany();
  if (code === 'FST_REQ_FILE_TOO_LARGE' && refusals.tooLarge) return refusals.tooLarge();
  if (isMalformedMultipart(err)) return invalidUpload();
  return err;
};

/** C0 and C1 control characters, U+2028/2029, and lone surrogates (a pair is one code point, above U+FFFF). */
const unfitInName = (codePoint: number) =>
  codePoint <= 0x1f ||
  (codePoint >= 0x7f && codePoint <= 0x9f) ||
  codePoint === 0x2028 ||
  codePoint === 0x2029 ||
  (codePoint >= 0xd800 && codePoint <= 0xdfff);

/**
 * A file name as a client sent it, fit to keep: control characters (NUL would make PostgreSQL refuse the row)
 * and lone surrogates removed, at most 255 characters, null when nothing is left.
 */
export const cleanFileName = (name: string | null | undefined): string | null => {
  if (!name) return null;
  const cleaned = Array.from(name)
    .filter((char) => !unfitInName(char.codePointAt(0)!))
    .slice(0, 255)
    .join('')
    .trim();
  return cleaned || null;
};
