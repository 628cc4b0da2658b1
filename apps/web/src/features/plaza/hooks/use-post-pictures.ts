import { ARTICLE_IMAGES_MAX } from '@app/contract';
import { useCallback, useState, type ChangeEvent } from 'react';
import { uploadImage } from '../api/upload';

export interface Picture {
  key: string;
  /** Stored address once uploaded. */
  url?: string;
  /** Local preview while uploading. */
  preview: string;
  percent: number;
  /** Being scaled and compressed in the browser before it is sent. */
  compressing?: boolean;
  failed?: boolean;
}

let pictureSeq = 0;

/** A post's pictures: the stored ones it opens with, and files chosen here, each uploaded at once with its progress. */
export function usePostPictures() {
  const [pictures, setPictures] = useState<Picture[]>([]);
  const patch = (key: string, change: Partial<Picture>) =>
    setPictures((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []).slice(0, ARTICLE_IMAGES_MAX - pictures.length);
    event.target.value = '';
    for (const file of files) {
      const key = `p${++pictureSeq}`;
      const preview = URL.createObjectURL(file);
      setPictures((list) => [...list, { key, preview, percent: 0 }]);
      void uploadImage(file, (p) => patch(key, { percent: p.percent ?? 0, compressing: p.compressing ?? false })).then(
        (stored) => patch(key, { url: stored.url, percent: 100 }),
        () => patch(key, { failed: true }),
      );
    }
  };
  // Stable, so that an effect filling the editor once can name it.
  const fill = useCallback(
    (urls: string[]) => setPictures(urls.map((url) => ({ key: `p${++pictureSeq}`, url, preview: url, percent: 100 }))),
    [],
  );
  const remove = (key: string) => setPictures((list) => list.filter((x) => x.key !== key));

  return {
    pictures,
    handleFiles,
    fill,
    remove,
    uploading: pictures.some((p) => !p.url && !p.failed),
    urls: () => pictures.flatMap((p) => (p.url ? [p.url] : [])),
  };
}
