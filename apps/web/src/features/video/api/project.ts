import { useMutation } from '@tanstack/react-query';
import type { VideoTask } from '@app/contract';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { download } from '../../../shared/lib/api/transfer';

/** Saves a blob as a file through a temporary link (works in browsers and most WebViews). */
const saveBlob = (blob: Blob, name: string) => {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
};

/**
 * 下载工程包: one of my finished videos as a zip to finish in any editor (each scene's picture and voice, the
 * subtitles as SRT and ASS, the music and a description), saved as `video-<id>-project.zip`.
 */
export const downloadProject = async (task: Pick<VideoTask, 'id'>) => {
  const zip = await download(endpoints.articleToVideoProject.path, { query: { id: task.id } });
  saveBlob(zip, `video-${task.id}-project.zip`);
};

/** Downloads a video's project zip; one at a time on the list. */
export const useDownloadProject = () => useMutation({ mutationFn: downloadProject });
