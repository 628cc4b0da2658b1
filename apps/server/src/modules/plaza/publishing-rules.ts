import { PLAZA_CATEGORY_IDS, type ArticleMedia } from '@app/contract';
import { badRequest, fieldError, forbidden } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { PlazaDeps } from './plaza.deps.js';

/** What a work must satisfy to be published (or saved): shared by writing a work and editing it. */
export const createPublishingRules = (deps: PlazaDeps) => ({
  /** No sensitive word in the title or the text; the error names the words found. */
  async assertClean(tenantId: number, title: string, content: string) {
    const words = await deps.findSensitiveWords(tenantId, `${title}\n${content}`);
    if (words.length) throw badRequest('content_sensitive', { words: words.join('、') });
  },

  /** An approved real name when the configuration asks for one (real-name module's rule). */
  async assertRealName(author: Actor) {
    if (deps.mayPublishByRealName && !(await deps.mayPublishByRealName(author)))
      throw forbidden('real_name_required');
  },

  assertCategory(categoryId: number) {
    if (!PLAZA_CATEGORY_IDS.includes(categoryId)) throw badRequest('category_unknown');
  },

  /**
   * Every address a work shows is one of our own files: anonymous viewers' browsers load them, so another host
   * would see who reads the plaza (tracking) and an internal address would be probed from each browser.
   */
  assertOwnMedia(v: { images?: string[]; cover?: string | null; media?: ArticleMedia | null }) {
    const fields: [string, (string | null | undefined)[]][] = [
      ['images', v.images ?? []],
      ['cover', [v.cover]],
      ['media', [v.media?.url, v.media?.poster]],
    ];
    for (const [field, urls] of fields)
      if (urls.some((url) => url && !deps.isOwnMediaUrl(url))) throw fieldError(field, 'media_url_not_own');
  },

  /** A published work says something: a title, a text, an image or a medium. */
  assertHasBody(v: { title: string; content: string; images: string[]; media: ArticleMedia | null }) {
    if (!(v.title.trim() || v.content.trim() || v.images.length || v.media))
      throw badRequest('article_empty');
  },
});
