import { ArticleCategory, type ArticleMedia } from '@app/contract';
import { propagatePublishedFiles } from '../../platform/aigc/published-files.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { Platform } from '../../platform/platform.js';
import { isGeneratedMediaUrl, isOwnPublicMediaUrl } from '../../platform/storage/own-media.js';
import type { StoredTranslations } from '../../platform/i18n/stored-translations.js';
import { blockedAuthorIds } from '../users/index.js';
import { getAppConfig } from '../dictionary/index.js';
import { mayPublishByRealName } from '../real-name/index.js';
import { picturesOf } from './publishing-review.js';

/** What a work shows: its cover, pictures and medium. */
export interface WorkFiles {
  cover?: string | null;
  images: string[];
  media: ArticleMedia | null;
}

/** A message-centre notice for a work's author (comment or like). */
export interface PlazaNotice {
  tenantId: number;
  /** Who receives it. */
  userId: number;
  /** Message-centre type (`ImMessageType`). */
  type: 'comment' | 'like';
  title: string;
  content: string;
  link: string;
  data: { articleId: number; commentId?: number };
  /** Who caused it. */
  senderId: number;
  /** The title in the other languages. */
  i18n: StoredTranslations;
}

/**
 * What the plaza needs from other modules, in one place; tests may pass their own.
 */
export interface PlazaDeps {
  /** The sensitive words in a text (empty when it may be published). */
  findSensitiveWords(tenantId: number, text: string): Promise<string[]>;
  /** Authors the user blocked (empty for anonymous callers). */
  blockedAuthorIds(db: DbOrTx, tenantId: number, userId: number): Promise<number[]>;
  /** Tells an author about a comment or a like; failures are logged, never fail the caller. */
  notify(notice: PlazaNotice): Promise<void>;
  /** Category of works added without one: the app config's `categoryId.article`. */
  defaultCategoryId(db: Db, tenantId: number): Promise<number>;
  /** Whether an image or media address is one of our own public files or static assets (never another host). */
  isOwnMediaUrl(url: string): boolean;
  /** Whether an address is a file our AI tools made (the work is then declared AI生成). */
  isGeneratedMediaUrl(url: string): boolean;
  /** The text label's wordings (app_config aiLabels.textLabel), which a copied AI answer ends with. */
  aiTextLabels(db: DbOrTx, tenantId: number): Promise<string[]>;
  /** Whether the user may publish as far as the real-name rule goes (real-name module's rule; yes when absent). */
  mayPublishByRealName?(author: Actor): Promise<boolean>;
  /**
   * Writes our propagation fields (GB 45438-2025's ContentPropagator, PropagateID, ReservedCode2) into the hidden
   * AI labels of the files a work now public shows; failures are logged, never fail the caller.
   */
  propagateFiles?(work: WorkFiles, articleId: number): Promise<void>;
}

/**
 * Builds the plaza's dependencies from the platform: the censor's word list, the users module's blocked
 * authors, the message centre's notices and the app configuration.
 */
export const plazaDepsFrom = (platform: Platform): PlazaDeps => ({
  async findSensitiveWords(tenantId, text) {
    const { ok, words } = await platform.censor.censorText(text, tenantId);
    return ok ? [] : [...new Set(words)];
  },
  blockedAuthorIds,
  async notify(notice) {
    try {
      const { tenantId, userId, ...input } = notice;
      await platform.notify(tenantId, userId, input);
    } catch (error) {
      platform.log.warn({ err: error, notice }, 'plaza notice failed');
    }
  },
  async defaultCategoryId(db, tenantId) {
    const config = await getAppConfig(db, tenantId).catch(() => null);
    return config?.categoryId.article || ArticleCategory.Article;
  },
  isOwnMediaUrl: (url) => isOwnPublicMediaUrl(platform.storage, platform.config.PUBLIC_BASE_URL, url),
  isGeneratedMediaUrl: (url) => isGeneratedMediaUrl(platform.storage, platform.config.PUBLIC_BASE_URL, url),
  async aiTextLabels(db, tenantId) {
    return Object.values((await getAppConfig(db, tenantId)).aiLabels.textLabel);
  },
  mayPublishByRealName: ({ tenantId, uid }) => mayPublishByRealName(platform.db, tenantId, uid),
  async propagateFiles(work, articleId) {
    const media = work.media && work.media.type !== 'image' ? [work.media.url] : [];
    const deps = { storage: platform.storage, signer: platform.aigc, publicBaseUrl: platform.config.PUBLIC_BASE_URL };
    try {
      await propagatePublishedFiles(deps, [...media, ...picturesOf(work)], `plaza:${articleId}`);
    } catch (error) {
      platform.log.warn({ err: error, articleId }, 'plaza: propagation fields not written');
    }
  },
});
