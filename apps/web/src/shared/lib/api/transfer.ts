import { TransportCode, type UploadRule } from '@app/contract';
import { MAX_UPLOAD_FILES, TRANSFER_TIMEOUT_MS } from '../../config/app';
import { t } from '../../i18n';
import { showToast } from '../../ui/feedback';
import { fitImageToRule, ImageBeyondLimitError } from '../fit-image';
import { emitInsufficientGold, goldShortfallOf, INSUFFICIENT_GOLD } from '../gold-events';
import { ApiError } from './api-error';
import { apiUrl, authHeaders, endSession, isSessionError, storeRenewedTokens } from './client';
import { parseMessage } from './messages';

/**
 * Upload (multipart POST, at most 5 files at a time) and download (GET as blob), both with progress
 * (XMLHttpRequest, since fetch cannot report upload progress). Failures follow spec §8's upload row.
 */
export interface Progress {
  loaded: number;
  total: number;
  /** 0..100, or undefined when the size is unknown. */
  percent: number | undefined;
  /** The pictures are being scaled and compressed in the browser; nothing is sent yet. */
  compressing?: boolean;
}

export interface TransferOptions {
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
  /** Time without progress before the transfer fails with a timeout (default TRANSFER_TIMEOUT_MS, 60000 ms). */
  timeout?: number;
  silent?: boolean;
  query?: Record<string, unknown>;
  params?: Record<string, string | number>;
}

export interface UploadOptions extends TransferOptions {
  /** Form field name of the files (Admin.NET: `file`, or `files` for several). */
  fieldName?: string;
  fields?: Record<string, string | number | boolean>;
  /** The upload class's image limits (spec §9): pictures are scaled and compressed to them before sending. */
  imageRule?: UploadRule;
}

const progressOf = (event: ProgressEvent): Progress => ({
  loaded: event.loaded,
  total: event.total,
  percent: event.lengthComputable && event.total > 0 ? Math.round((event.loaded / event.total) * 100) : undefined,
});

const uploadFailureMessage = (status: number, error?: string): string => {
  if (status === 401 || isSessionError(status, error)) return t('request.expired');
  if (status === 404) return t('request.uploadNotFound');
  if (status === 400) return t('request.uploadFailed');
  if (status === 502) return t('request.uploadThirdParty');
  return t('request.uploadServerError');
};

interface XhrInit {
  method: 'GET' | 'POST';
  path: string;
  body?: FormData;
  responseType: XMLHttpRequestResponseType;
  upload: boolean;
  options: TransferOptions;
}

const run = <T>({ method, path, body, responseType, upload, options }: XhrInit): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path, options.params, options.query));
    xhr.responseType = responseType;
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    const target = upload ? xhr.upload : xhr;
    // A large file may take minutes: the transfer fails after the framework timeout without progress, not in total.
    let stalled = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, options.timeout ?? TRANSFER_TIMEOUT_MS);
    };
    const settle = () => clearTimeout(stallTimer);
    target.addEventListener('progress', (event) => {
      watch();
      options.onProgress?.(progressOf(event));
    });

    const fail = (error: ApiError) => {
      if (!error.aborted) {
        console.warn(`[api] ${path} transfer failed: code ${error.code}: ${error.message}`);
        // Too little gold (an upload that starts a paid task, e.g. subtitles): the shortfall sheet, as for calls.
        if (!options.silent && error.error === INSUFFICIENT_GOLD) emitInsufficientGold(goldShortfallOf(error.extras));
        else if (!options.silent) showToast(error.message, 'fail');
      }
      reject(error);
    };
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort);

    xhr.addEventListener('load', () => {
      settle();
      options.signal?.removeEventListener('abort', onAbort);
      storeRenewedTokens((name) => xhr.getResponseHeader(name));
      const status = xhr.status;
      if (responseType === 'blob' && status >= 200 && status < 300) {
        resolve(xhr.response as T);
        return;
      }
      type Answer = { code?: number; message?: unknown; result?: unknown; extras?: ({ error?: string } & Record<string, unknown>) | null };
      const envelope = responseType === 'json' ? ((xhr.response as Answer | null) ?? undefined) : undefined;
      const code = typeof envelope?.code === 'number' ? envelope.code : status;
      const error = typeof envelope?.extras?.error === 'string' ? envelope.extras.error : undefined;
      if (code === 200 && status >= 200 && status < 300) {
        // Spec §8's upload row: every upload that arrives says so (unless the caller shows its own outcome).
        if (upload && !options.silent) showToast(t('request.uploadSuccess'), 'success');
        resolve((envelope ? envelope.result : undefined) as T);
        return;
      }
      if (isSessionError(code, error)) endSession();
      const message = (code === 400 && parseMessage(envelope?.message)) || uploadFailureMessage(code, error);
      fail(new ApiError({ code, error, status, message: upload ? message : t('toast.downloadFailed'), path, extras: envelope?.extras ?? undefined }));
    });
    xhr.addEventListener('error', () => {
      settle();
      fail(new ApiError({ code: TransportCode.NetworkError, transport: true, message: t('request.failed'), path }));
    });
    xhr.addEventListener('abort', () => {
      settle();
      fail(
        stalled
          ? new ApiError({ code: TransportCode.Timeout, transport: true, message: t('request.timeout'), path })
          : new ApiError({ code: TransportCode.Abort, transport: true, message: t('request.failed'), path }),
      );
    });
    xhr.send(body ?? null);
    watch();
  });

const refuse = (options: UploadOptions, error: ApiError): Promise<never> => {
  if (!options.silent) showToast(error.message, 'fail');
  return Promise.reject(error);
};

/** A file's name with the extension of what it became (a photo compressed to JPEG is `….jpg`). */
const renamed = (original: Blob, fitted: Blob): Blob =>
  fitted === original || !(original instanceof File)
    ? fitted
    : new File([fitted], `${original.name.replace(/\.[^.]*$/, '') || 'image'}.jpg`, { type: fitted.type });

/** The files with every picture fitted to `rule`, reporting the compressing stage first. */
const fitPictures = async (files: readonly Blob[], rule: UploadRule, options: UploadOptions): Promise<Blob[]> => {
  options.onProgress?.({ loaded: 0, total: 0, percent: undefined, compressing: true });
  return Promise.all(files.map(async (file) => renamed(file, await fitImageToRule(file, rule))));
};

/** POST multipart/form-data; the answer is the usual envelope and its `result` is returned. */
export const upload = async <T = unknown>(path: string, files: readonly Blob[], options: UploadOptions = {}): Promise<T> => {
  if (files.length === 0 || files.length > MAX_UPLOAD_FILES) {
    return refuse(options, new ApiError({ code: 400, message: t('request.tooManyFiles', { max: MAX_UPLOAD_FILES }), path }));
  }
  let sent = files;
  try {
    if (options.imageRule) sent = await fitPictures(files, options.imageRule, options);
  } catch (error) {
    // Said only when even compression cannot meet the limit; a picture the browser cannot read goes as it is.
    if (!(error instanceof ImageBeyondLimitError)) console.warn(`[api] ${path}: picture not compressed`, error);
    else return refuse(options, new ApiError({ code: 400, message: t('request.imageBeyondLimit', { mb: error.maxBytes / 1024 / 1024 }), path }));
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, String(value));
  const field = options.fieldName ?? (sent.length > 1 ? 'files' : 'file');
  for (const file of sent) form.append(field, file);
  return run<T>({ method: 'POST', path, body: form, responseType: 'json', upload: true, options });
};

/** GET as a Blob. */
export const download = (path: string, options: TransferOptions = {}): Promise<Blob> =>
  run<Blob>({ method: 'GET', path, responseType: 'blob', upload: false, options });
