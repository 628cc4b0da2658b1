import { useTranslation } from 'react-i18next';
import type { VideoTask } from '@app/contract';
import { loadTip } from '../../../shared/lib/tips';
import { showToast } from '../../../shared/ui/feedback';
import { useDeleteVideo } from '../api/delete-video';
import { useDownloadProject } from '../api/project';
import { useShareVideo } from '../api/share-video';
import { isRunning } from '../api/video';

const loadDialog = () => import('antd-mobile/es/components/dialog');

/**
 * What my videos list does with a video: share it to the plaza, download its project zip (下载工程包), delete it after a confirmation (a render still
 * going is canceled), and the system notice of an expired one. One share and one delete at a time on the list.
 */
export function useVideoListActions() {
  const { t } = useTranslation();
  const remove = useDeleteVideo();
  const share = useShareVideo();
  const project = useDownloadProject();

  const handleShare = (task: VideoTask) =>
    share.mutate(
      { task, offlineNote: task.offline ? t('video.list.offline') : null },
      {
        // A share may wait for review before the plaza shows it (先审后发): the toast says which.
        onSuccess: (saved) =>
          showToast(t(saved.status === 'pending' ? 'video.list.sharedForReview' : 'video.list.shared'), 'success'),
      },
    );

  const handleProject = (task: VideoTask) =>
    project.mutate(task, { onSuccess: () => showToast(t('video.list.projectSaved'), 'success') });

  const handleDelete = async (task: VideoTask) => {
    const { default: Dialog } = await loadDialog();
    const sure = await Dialog.confirm({
      title: t('video.list.deleteTitle'),
      content: isRunning(task) ? t('video.list.deleteRunning') : t('video.list.deleteConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (sure) remove.mutate(task.id, { onSuccess: () => showToast(t('video.list.deleted'), 'success') });
  };

  /** Spec §8: an expired video's dialog, titled system notice, "I know", text from the download tip. */
  const handleExpired = async () => {
    const { default: Dialog } = await loadDialog();
    // The tip may still be loading when the user taps at once: wait for it rather than show the fallback.
    const tip = await loadTip('downloadTip', t('video.list.expiredText'));
    await Dialog.alert({
      title: t('common.systemNotice'),
      content: <span data-testid="expired-dialog">{tip}</span>,
      confirmText: t('common.knowIt'),
    });
  };

  return {
    handleShare,
    sharing: share.isPending,
    handleProject,
    /** The video whose project zip is being made, if any. */
    packing: project.isPending ? (project.variables?.id ?? null) : null,
    handleDelete,
    deleting: remove.isPending,
    handleExpired,
  };
}

export type VideoListActions = ReturnType<typeof useVideoListActions>;
