/**
 * Addresses of images and media in user content (plaza works, homepage backgrounds), which other people's
 * browsers load: only our own files. Site paths are checked here; an absolute address passes the contract and
 * the server accepts it only under our storage's public base (S3_PUBLIC_URL), never another host.
 */

/** Site paths of files we serve ourselves: uploads (local disk, or streamed from S3) and static assets. */
const OWN_MEDIA_PATH = /^\/(static|uploads|files\/public)\/[^\s\\?#]+(\?[^\s\\#]*)?$/;

/**
 * True for a site path of our own files (`/static/…`, `/uploads/…`, `/files/public/…`) that stays inside its
 * folder (no `.`/`..` segment, escaped or not; no empty segment).
 */
export const isOwnMediaPath = (url: string): boolean => {
  if (!OWN_MEDIA_PATH.test(url)) return false;
  let path: string;
  try {
    path = decodeURIComponent(url.split('?')[0]!);
  } catch {
    return false;
  }
  return (
    !/[\\\0]/.test(path) &&
    !path
      .slice(1)
      .split('/')
      .some((s) => s === '' || s === '.' || s === '..')
  );
};

/** An absolute http(s) address with a host and a path: the server decides whether it is ours. */
export const isAbsoluteMediaUrl = (url: string): boolean => /^https?:\/\/[^\s/?#\\@]+\/\S+$/i.test(url);

/**
 * A link a user gives for others to open (an ambassador's post): an absolute http(s) address only, never
 * `javascript:`, `data:` or another scheme. The console renders anything else as plain text.
 */
export const isHttpLink = (value: string): boolean => {
  if (!/^https?:\/\/[^\s/?#\\]+/i.test(value)) return false;
  // No whitespace or control characters anywhere (a browser would strip some and read another address).
  if ([...value].some((c) => c.charCodeAt(0) < 0x21 || c.charCodeAt(0) === 0x7f)) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};
