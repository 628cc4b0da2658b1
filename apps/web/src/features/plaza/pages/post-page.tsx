import { ARTICLE_CONTENT_MAX, ARTICLE_TITLE_MAX, PLAZA_CATEGORIES, type CreationDeclaration } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/lib/api/api-error';
import { showToast } from '../../../shared/ui/feedback';
import { articleDetailQueryOptions, savePost } from '../api/articles';
import { copyMessageQueryOptions } from '../../../shared/lib/copy-hand-off';
import { postFromCopy } from '../lib/copy-to-post';
import { ListLoading } from '../components/list-states';
import { PostCategoryPicker } from '../components/post-category-picker';
import { PostDeclarationPicker } from '../components/post-declaration-picker';
import { labelledAnswer, useAiTextLabel } from '../../../shared/lib/ai-label';
import { PostPictureGrid } from '../components/post-picture-grid';
import { usePostPictures } from '../hooks/use-post-pictures';
import './post.css';
import { checkTextBeforeSend } from '../../../shared/lib/text-check';
import { useTip } from '../../../shared/lib/tips';
import { useDraft } from '../../../shared/lib/use-draft';

/**
 * Spec §2 edit post: title, text, up to 9 pictures uploaded with progress, category, draft or publish. Opened
 * from a generated copy (`?messageId=`) it starts prefilled from it and shows the engine that wrote it.
 */
export function PostPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const existing = useQuery(articleDetailQueryOptions(id));
  const copyId = id > 0 ? 0 : Number(params.get('messageId')) || 0;
  const fromCopy = useQuery(copyMessageQueryOptions(copyId));
  // Title and text typed here are kept as drafts (per article, copy or new post) until saved or published; a
  // kept draft wins over the content the editor opens with.
  const form = id > 0 ? `post.${id}` : copyId > 0 ? `post.copy.${copyId}` : 'post.new';
  const [title, setTitle, titleDraft] = useDraft(`${form}.title`, '');
  const [content, setContent, contentDraft] = useDraft(`${form}.content`, '');
  const keepTyped = titleDraft.restored || contentDraft.restored;
  const [categoryId, setCategoryId] = useState<number>(PLAZA_CATEGORIES[1]?.id ?? 3);
  const [declaration, setDeclaration] = useState<CreationDeclaration | null>(null);
  const aiLabel = useAiTextLabel();
  const pictures = usePostPictures();
  const fillPictures = pictures.fill;
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const filled = useRef(false);
  const uploadImageTip = useTip('uploadImageTip');

  useEffect(() => {
    const a = existing.data;
    if (!a || filled.current) return;
    filled.current = true;
    if (!keepTyped) {
      titleDraft.fill(a.title);
      contentDraft.fill(a.content);
    }
    setCategoryId(a.categoryId);
    setDeclaration(a.declaration);
    fillPictures(a.images);
  }, [existing.data, keepTyped, titleDraft, contentDraft, fillPictures]);
  useEffect(() => {
    const copy = fromCopy.data;
    if (!copy || filled.current) return;
    filled.current = true;
    if (keepTyped) return;
    const post = postFromCopy(copy.content);
    titleDraft.fill(post.title);
    // A published answer carries the text label at its end, as a copied one does.
    contentDraft.fill(labelledAnswer(post.content, aiLabel));
  }, [fromCopy.data, keepTyped, titleDraft, contentDraft, aiLabel]);

  if ((id > 0 && existing.isPending) || (copyId > 0 && fromCopy.isPending)) return <ListLoading testId="post-loading" />;
  const engine = fromCopy.data?.provider;
  // Made with our AI tools: a copy, or a work the server found AI-made (its pictures, video or labelled text).
  const aiMade = copyId > 0 || !!existing.data?.aiMade;

  const save = async (isDraft: boolean) => {
    if (busy) return;
    if (pictures.uploading) {
      showToast(t('plaza.post.waitUpload'));
      return;
    }
    const images = pictures.urls();
    if (!isDraft && !title.trim() && !content.trim() && images.length === 0) {
      setError(t('plaza.post.empty'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const problem = isDraft ? null : await checkTextBeforeSend(title, content);
      if (problem) {
        setError(problem);
        showToast(problem, 'fail');
        return;
      }
      const result = await savePost(queryClient, id, { title: title.trim(), content, categoryId, images, isDraft, declaration: aiMade ? 'ai_generated' : declaration });
      titleDraft.clear();
      contentDraft.clear();
      const saved = isDraft ? 'plaza.post.savedDraft' : result.status === 'pending' ? 'plaza.post.inReview' : 'plaza.post.published';
      showToast(t(saved), 'success');
      void navigate(isDraft ? '/pages/me/draft' : `/pages/detail/article?id=${result.id}`, { replace: true });
    } catch (caught) {
      const message = isApiError(caught) ? caught.message : t('toast.operationFailed');
      setError(message);
      showToast(message, 'fail');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="post-page" data-testid="post-page">
      {engine ? (
        <span className="post-page__engine" data-testid="post-engine">
          {engine === 'offline' ? t('plaza.post.engineOffline') : t('plaza.post.engineAi', { engine })}
        </span>
      ) : null}
      <input
        className="post-page__title"
        data-testid="post-title"
        value={title}
        maxLength={ARTICLE_TITLE_MAX}
        placeholder={t('plaza.post.titlePlaceholder')}
        onChange={(e) => setTitle(e.target.value)}
      />
      <textarea
        className="post-page__content"
        data-testid="post-content"
        value={content}
        maxLength={ARTICLE_CONTENT_MAX}
        rows={8}
        placeholder={t('plaza.post.contentPlaceholder')}
        onChange={(e) => setContent(e.target.value)}
      />
      <PostPictureGrid pictures={pictures.pictures} onFiles={pictures.handleFiles} onRemove={pictures.remove} />
      {uploadImageTip ? (
        <p className="post-page__label" data-testid="post-upload-tip">
          {uploadImageTip}
        </p>
      ) : null}
      <PostCategoryPicker value={categoryId} onChange={setCategoryId} />
      <PostDeclarationPicker value={declaration} locked={aiMade} onChange={setDeclaration} />
      {error ? (
        <p className="post-page__error" role="alert" data-testid="post-error">
          {error}
        </p>
      ) : null}
      <div className="post-page__buttons">
        <button type="button" className="app-button app-button--ghost" data-testid="post-draft" disabled={busy} onClick={() => void save(true)}>
          {t('plaza.post.saveDraft')}
        </button>
        <button type="button" className="app-button" data-testid="post-publish" disabled={busy} onClick={() => void save(false)}>
          {t('plaza.post.publish')}
        </button>
      </div>
    </div>
  );
}
