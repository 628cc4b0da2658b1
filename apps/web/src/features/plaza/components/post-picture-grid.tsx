import { ARTICLE_IMAGES_MAX } from '@app/contract';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Picture } from '../hooks/use-post-pictures';

interface PostPictureGridProps {
  pictures: Picture[];
  onFiles: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (key: string) => void;
}

/** The post editor's pictures with their upload progress, removable, and the add button while under the limit. */
export function PostPictureGrid({ pictures, onFiles, onRemove }: PostPictureGridProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="post-page__images" data-testid="post-images">
      {pictures.map((p) => (
        <div key={p.key} className="post-page__image" data-testid="post-image">
          <img src={p.preview} alt="" />
          {!p.url ? (
            <span className={p.failed ? 'post-page__progress post-page__progress--failed' : 'post-page__progress'} data-testid="post-image-progress">
              {p.failed ? t('request.uploadFailed') : p.compressing ? t('request.compressing') : `${p.percent}%`}
            </span>
          ) : null}
          <button type="button" className="post-page__remove" aria-label={t('plaza.post.removeImage')} onClick={() => onRemove(p.key)}>
            {'\u00d7'}
          </button>
        </div>
      ))}
      {pictures.length < ARTICLE_IMAGES_MAX ? (
        <button type="button" className="post-page__add" data-testid="post-add-image" onClick={() => fileInput.current?.click()}>
          <span aria-hidden="true">+</span>
          <span className="post-page__add-count">{t('plaza.post.imageCount', { n: pictures.length, max: ARTICLE_IMAGES_MAX })}</span>
        </button>
      ) : null}
      <input ref={fileInput} type="file" accept="image/*" multiple hidden data-testid="post-file" onChange={onFiles} />
    </div>
  );
}
