import { createHash } from 'node:crypto';

export interface JsSdkSignatureInput {
  ticket: string;
  nonceStr: string;
  timestamp: number | string;
  /** The page URL the JS-SDK runs on; anything from '#' on is not signed. */
  url: string;
}

/**
 * WeChat JS-SDK config signature (JS-SDK documentation, appendix 1): sha1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the four fields in that (ASCII) order,
 * raw values (no URL-encoding), the url without its #fragment.
 */
export const jsSdkSignature = ({ ticket, nonceStr, timestamp, url }: JsSdkSignatureInput): string => {
  const hash = url.indexOf('#');
  const pageUrl = hash === -1 ? url : url.slice(0, hash);
  const plain = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${pageUrl}`;
  return createHash('sha1').update(plain, 'utf8').digest('hex');
};
