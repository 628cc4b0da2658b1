import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDictionary } from '../../../shared/lib/dictionary';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { useVideoProgress } from '../api/use-video-progress';
import { videosQueryOptions } from '../api/video';
import { VideoListItem } from '../components/video-list-item';
import { useNow } from '../lib/use-now';
import { useVideoListActions } from '../lib/use-video-list-actions';
import '../components/video.css';

/**
 * Spec §2 /media/video/list: my videos with their live stage and progress, a player whose controls hide after 3 s,
 * download, share to the plaza, delete with confirmation, the expiry countdown; an expired video opens the system
 * notice of spec §8 with the download tip. Pull to refresh is the route's.
 */
export function VideoListPage() {
  const { t } = useTranslation();
  useVideoProgress();
  const now = useNow();
  const videos = useQuery(videosQueryOptions());
  // The tips load with the list, so an expired video's notice has its text at the first tap.
  useDictionary('app_tips');
  const [playing, setPlaying] = useState<number | null>(null);
  const actions = useVideoListActions();

  return (
    <div className="video-page" data-testid="video-list-page">
      {videos.isPending ? (
        <p className="video-muted">{t('common.loading')}</p>
      ) : videos.isError ? (
        <LoadFailed title={t('video.loadFailed')} onRetry={() => void videos.refetch()} />
      ) : videos.data.items.length === 0 ? (
        <EmptyState
          title={t('video.list.empty')}
          testId="video-empty"
          action={
            <Link className="app-button" to="/media/video/index">
              {t('video.list.create')}
            </Link>
          }
        />
      ) : (
        <ul className="video-list" data-testid="video-list">
          {videos.data.items.map((task) => (
            <VideoListItem
              key={task.id}
              task={task}
              now={now}
              playing={playing === task.id}
              onPlay={() => setPlaying(task.id)}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
