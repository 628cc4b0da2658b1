import { randomUUID } from 'node:crypto';
import type { Platform } from '../../../platform/platform.js';
import { createAliyunModerator } from './aliyun-image-moderation.js';
import type { CloudModerator, CloudPicture } from './cloud-moderator.js';
import { createTencentModerator } from './tencent-image-moderation.js';

/**
 * A picture offered to a service that reads it from a URL: kept privately under `moderation/`, reachable at a
 * signed link of ours (600 s) on PUBLIC_BASE_URL, and removed after the answer.
 */
const publisherFor = (platform: Pick<Platform, 'storage'>, publicBaseUrl: string) => async (picture: CloudPicture) => {
  const key = `moderation/${randomUUID()}.jpg`;
  await platform.storage.backend.put(key, 'private', picture.jpeg, 'image/jpeg');
  return {
    url: new URL(platform.storage.signedUrl(key), publicBaseUrl).toString(),
    done: () => platform.storage.backend.delete(key, 'private'),
  };
};

/** The cloud moderation services the environment configures, in the order they are asked (Aliyun, then Tencent). */
export const cloudModeratorsFrom = (platform: Pick<Platform, 'config' | 'storage' | 'log'>): CloudModerator[] => {
  const { config } = platform;
  const out: CloudModerator[] = [];
  if (config.ALIYUN_GREEN_ACCESS_KEY_ID && config.ALIYUN_GREEN_ACCESS_KEY_SECRET) {
    if (!config.PUBLIC_BASE_URL) platform.log.warn('ALIYUN_GREEN_* is set without PUBLIC_BASE_URL: Aliyun cannot read our pictures, not used');
    else
      out.push(
        createAliyunModerator(
          {
            endpoint: config.ALIYUN_GREEN_ENDPOINT,
            accessKeyId: config.ALIYUN_GREEN_ACCESS_KEY_ID,
            accessKeySecret: config.ALIYUN_GREEN_ACCESS_KEY_SECRET,
            regionId: config.ALIYUN_GREEN_REGION,
            service: config.ALIYUN_GREEN_SERVICE,
          },
          { publish: publisherFor(platform, config.PUBLIC_BASE_URL) },
        ),
      );
  }
  if (config.TENCENT_IMS_SECRET_ID && config.TENCENT_IMS_SECRET_KEY)
    out.push(
      createTencentModerator({
        endpoint: config.TENCENT_IMS_ENDPOINT,
        secretId: config.TENCENT_IMS_SECRET_ID,
        secretKey: config.TENCENT_IMS_SECRET_KEY,
        region: config.TENCENT_IMS_REGION,
        bizType: config.TENCENT_IMS_BIZ_TYPE,
      }),
    );
  return out;
};
