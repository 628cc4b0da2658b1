import { isOwnMediaPath } from '@app/contract';
import type { FileStorage } from './file-storage.js';

/**
 * Whether an image or media address of user content (which other people's browsers load) is one of our own
 * public files or static assets: a site path of ours, our storage's public base (S3_PUBLIC_URL), or our own
 * files at PUBLIC_BASE_URL. Never another host (a tracking pixel, an internal address probed from each
 * browser); not a private file's signed link either (it expires, and the file is not meant for everyone).
 */
export const isOwnPublicMediaUrl = (
  storage: Pick<FileStorage, 'resolveOwnUrl'>,
  publicBaseUrl: string | undefined,
  url: string,
): boolean => {
  if (isOwnMediaPath(url)) return true;
  if (url.startsWith('/')) return false;
  const origins = publicBaseUrl ? [new URL(publicBaseUrl).origin] : [];
  return storage.resolveOwnUrl(url, origins)?.visibility === 'public';
};

/** Folders of the files our AI tools make: drawings and upscales, videos and their covers, dubbings. */
const GENERATED_FOLDERS = ['drawing/', 'video/', 'generated/'];

/** Whether a stored file's key is in a folder of the files our AI tools make. */
export const isGeneratedKey = (key: string): boolean => GENERATED_FOLDERS.some((folder) => key.startsWith(folder));

/** Whether an address is one of the files our AI tools made (a drawing, a video, a dubbing). */
export const isGeneratedMediaUrl = (
  storage: Pick<FileStorage, 'resolveOwnUrl'>,
  publicBaseUrl: string | undefined,
  url: string,
): boolean => {
  const origins = publicBaseUrl ? [new URL(publicBaseUrl).origin] : [];
  return isGeneratedKey(storage.resolveOwnUrl(url, origins)?.key ?? '');
};
