import sharp from 'sharp';
import type { PictureVerdict } from '@app/contract';
import { IMAGE_DECODE_LIMITS } from '../../../platform/storage/image-upload.js';

/** What a cloud moderation service said about one picture. */
export interface CloudJudgement {
  /** The service's own decision (Aliyun's RiskLevel, Tencent's Suggestion). */
  verdict: PictureVerdict;
  /** Its confidence in the riskiest label it found, 0–1 (0 when it found none). */
  risk: number;
  /** The labels it found (e.g. `pornographic_adultContent`, `Porn/SexyBehavior`). */
  labels: string[];
}

/** A cloud picture moderation service (Aliyun 内容安全, Tencent 天御 IMS). */
export interface CloudModerator {
  name: 'aliyun' | 'tencent';
  /** Judges one picture; rejects on any failure (network, keys, quota, an answer it cannot read). */
  judge(picture: CloudPicture): Promise<CloudJudgement>;
}

/** A picture as sent to a cloud service: JPEG, at most 1600 px on its long side (both services cap size). */
export interface CloudPicture {
  jpeg: Buffer;
  /** Our id of the request, sent as DataId (letters, digits, `-`). */
  dataId: string;
}

export const CLOUD_LONG_SIDE = 1600;

/** Re-encodes a picture (bytes or a file path) as the JPEG cloud services take. */
export const cloudPicture = async (image: Buffer | string, dataId: string): Promise<CloudPicture> => ({
  jpeg: await sharp(image, { limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels, animated: false })
    .flatten({ background: '#ffffff' })
    .resize(CLOUD_LONG_SIDE, CLOUD_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer(),
  dataId,
});

/** A failure of a cloud service, with its own error code and request id (logged; the screen falls back). */
export class CloudModerationError extends Error {
  constructor(
    readonly provider: string,
    readonly code: string,
    detail: string,
    readonly requestId?: string,
  ) {
    super(`${provider} image moderation failed (${code}): ${detail}${requestId ? ` [request ${requestId}]` : ''}`);
  }
}

/** Reads a JSON answer, or fails with the HTTP status when the body is none. */
export const readAnswer = async (provider: string, res: Response): Promise<unknown> => {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CloudModerationError(provider, `HTTP_${res.status}`, text.slice(0, 200) || 'empty answer');
  }
};
