import { useMutation } from '@tanstack/react-query';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { download } from '../../../shared/lib/api/transfer';

/** Ten seconds of a music track (MP3) as a Blob. */
export const bgmPreview = (id: string) =>
  download(endpoints.articleToVideoBgmPreview.path, { query: { id }, silent: true });

/** Loads a music track's preview to play it (nothing is cached: each tap plays it afresh). */
export const useBgmPreview = () => useMutation({ mutationFn: bgmPreview });
