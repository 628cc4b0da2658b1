import type { ArticleMedia, CreationDeclaration } from '@app/contract';
import type { PlazaDeps } from './plaza.deps.js';

/** What a work is made of, as far as telling AI-made works goes. */
export interface WorkParts {
  content: string;
  images: string[];
  cover?: string | null;
  media: ArticleMedia | null;
}

/**
 * The 创作声明 of a work as stored: made with our AI tools (a picture, video or dubbing we generated, or a text
 * carrying the AI label of a copied answer) it is `ai_generated` whatever the author chose; otherwise the
 * author's choice (`undefined`: unchanged, `null`: none).
 */
export const declarationOf = (
  deps: Pick<PlazaDeps, 'isGeneratedMediaUrl'>,
  /** The text label's wordings (read before any transaction: the embedded database has one connection). */
  labels: string[],
  work: WorkParts,
  chosen: CreationDeclaration | null | undefined,
  before: CreationDeclaration | null = null,
): { declaration: CreationDeclaration | null; aiMade: boolean } => {
  const urls = [...work.images, work.cover, work.media?.url, work.media?.poster];
  const aiMade =
    urls.some((url) => !!url && deps.isGeneratedMediaUrl(url)) ||
    labels.some((label) => work.content.trimEnd().endsWith(label));
  if (aiMade) return { declaration: 'ai_generated', aiMade };
  return { declaration: chosen === undefined ? before : chosen, aiMade };
};
