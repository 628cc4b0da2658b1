import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { MissingId } from '../../../shared/ui/missing-id';
import { PageLoading } from '../../../shared/ui/page-loading';
import { storyboardQueryOptions, useStoryboardProgress } from '../api/storyboard';
import { videoOptionsQueryOptions } from '../api/video';
import { SceneItem } from '../components/scene-item';
import { StoryboardSummary } from '../components/storyboard-summary';
import { useStoryboardEditor } from '../lib/use-storyboard-editor';
import '../components/video.css';
import '../components/storyboard.css';

/**
 * The storyboard (分镜) of a video before it is rendered: each scene's line, picture and voice length with its
 * progress; edit a line, replace a picture (drawn again, one of my drawings, an album photo, a colour card),
 * reorder, delete, add, preview a scene, then 开始合成 (the render reuses every finished voice and picture).
 */
export function StoryboardPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const board = useQuery({ ...storyboardQueryOptions(id), enabled: id > 0 });
  const options = useQuery(videoOptionsQueryOptions());
  const progress = useStoryboardProgress(id);
  const editor = useStoryboardEditor(id, { drawAvailable: !!options.data?.drawAvailable });
  /** 修改后重新合成 was tapped on a rendered storyboard: its scenes can be edited and rendered again. */
  const [reopened, setReopened] = useState(false);

  if (!id) return <MissingId what={t('video.storyboard.what')} back="/media/video/index" />;
  if (board.isPending) return <PageLoading testId="storyboard-loading" />;
  if (board.isError) return <LoadFailed title={t('video.loadFailed')} onRetry={() => void board.refetch()} />;

  const { task, scenes } = board.data;
  // A render that has ended (made, failed or canceled) can be edited and rendered again; the first edit or the
  // render makes it a storyboard again on the server, and the current video stays until a new one is made.
  const renderOver =
    !task.storyboard && !task.expired && ['succeeded', 'failed', 'canceled'].includes(task.status);
  const editable = task.storyboard || (reopened && renderOver);
  const allReady = scenes.every((s) => s.status === 'ready');

  return (
    <div className="video-page" data-testid="storyboard-page">
      <StoryboardSummary
        board={board.data}
        editable={editable}
        renderOver={renderOver}
        reopened={reopened}
        onReopen={() => setReopened(true)}
      />
      <input
        ref={editor.photoInput}
        type="file"
        accept="image/jpeg,image/png"
        hidden
        data-testid="scene-photo-input"
        onChange={editor.handlePhotoChosen}
      />
      <ol className="storyboard-list" data-testid="storyboard-scenes">
        {scenes.map((scene, index) => (
          <SceneItem
            key={scene.id}
            scene={scene}
            index={index}
            count={scenes.length}
            editable={editable}
            progress={progress}
            editor={editor}
          />
        ))}
      </ol>
      {editable ? (
        <section className="video-card">
          {!allReady ? <p className="video-muted">{t('video.storyboard.makingHint')}</p> : null}
          <button
            type="button"
            className="video-button video-button--wide"
            data-testid="storyboard-render"
            disabled={editor.busy}
            onClick={editor.handleRender}
          >
            {editor.rendering ? t('common.loading') : t('video.storyboard.render')}
          </button>
        </section>
      ) : null}
    </div>
  );
}
