import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { copyTextQueryOptions } from '../../../shared/lib/copy-hand-off';
import { useDraft } from '../../../shared/lib/use-draft';

/** What a single video is made from: one of my articles or a pasted text. */
export type VideoSourceKind = 'article' | 'text';

/**
 * The source of the video form: the article picked (an article hands its id in as `articleId`) or the title and
 * text typed (kept as drafts until the video is made; a copy handed in as `messageId` or `text` wins over them).
 * `body` is the source part of the request, null while nothing is picked or typed.
 */
export function useVideoSource() {
  const [params] = useSearchParams();
  const handedId = Number(params.get('messageId') ?? 0);
  const handed = useQuery(copyTextQueryOptions(handedId));
  const articleParam = Number(params.get('articleId') ?? 0);
  const [kind, setKind] = useState<VideoSourceKind>(articleParam ? 'article' : 'text');
  const [articleId, setArticleId] = useState<number>(articleParam);
  const handedIn = handedId > 0 || params.has('text');
  const [title, setTitle, titleDraft] = useDraft('video.title', '', { restore: !handedIn });
  const [text, setText, textDraft] = useDraft('video.text', params.get('text') ?? '', { restore: !handedIn });

  // A copy handed over from the copy page fills the text once it arrives.
  useEffect(() => {
    if (handed.data) setText((current) => current || handed.data);
  }, [handed.data, setText]);

  const body =
    kind === 'article'
      ? articleId
        ? { articleId }
        : null
      : text.trim()
        ? { title: title.trim() || undefined, text: text.trim() }
        : null;

  return {
    kind,
    setKind,
    articleId,
    setArticleId,
    /** The article handed in by the link (0 when none). */
    articleParam,
    title,
    setTitle,
    text,
    setText,
    body,
    /** The video (or its storyboard) was made: the typed title and text are no longer drafts. */
    clearDrafts: () => {
      titleDraft.clear();
      textDraft.clear();
    },
  };
}

export type VideoSource = ReturnType<typeof useVideoSource>;
