import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { VIDEO_SCENE_LINE_MAX, type VideoScene, type VideoScenePictureInput } from '@app/contract';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { MissingId } from '../../../shared/ui/missing-id';
import { PageLoading } from '../../../shared/ui/page-loading';
import {
  myDrawingsForScenesQueryOptions,
  storyboardQueryOptions,
  uploadScenePhoto,
  useAddScene,
  useDeleteScene,
  useEditSceneLine,
  useMoveScene,
  useRenderStoryboard,
  useReplaceScenePicture,
  useStoryboardProgress,
} from '../api/storyboard';
import { videoOptionsQueryOptions } from '../api/video';
import '../components/video.css';
import '../components/storyboard.css';

/** Colour cards offered for a scene: plain colours, then two-colour gradients (top to bottom). */
const CARDS: string[][] = [
  ['#1f2937'],
  ['#f8fafc'],
  ['#ef4444'],
  ['#2563eb'],
  ['#f59e0b', '#ef4444'],
  ['#06b6d4', '#3b82f6'],
  ['#a855f7', '#ec4899'],
  ['#10b981', '#0f766e'],
];
const cardStyle = (colors: string[]): CSSProperties =>
  colors.length > 1
    ? { background: `linear-gradient(180deg, ${colors[0]}, ${colors[1]})` }
    : { background: colors[0] };

/** The picture of a scene as a thumbnail: its picture, its colour card, or a placeholder while it is made. */
function ScenePicture({ scene, className }: { scene: VideoScene; className: string }) {
  if (scene.pictureUrl) return <img className={className} src={scene.pictureUrl} alt="" />;
  if (scene.colors) return <div className={className} style={cardStyle(scene.colors)} />;
  return <div className={`${className} storyboard-picture--pending`} />;
}

/** Plays a scene as it will be: its picture, its voice, the subtitle piece being spoken over it. */
function ScenePreview({ scene, onClose }: { scene: VideoScene; onClose: () => void }) {
  const { t } = useTranslation();
  const [at, setAt] = useState(0);
  const current = scene.words.find((w) => at >= w.start && at < w.end) ?? null;
  return (
    <div className="storyboard-preview" data-testid={`scene-preview-${scene.id}`}>
      <div className="storyboard-preview__stage">
        <ScenePicture scene={scene} className="storyboard-preview__picture" />
        <p className="storyboard-preview__subtitle" data-testid="scene-preview-subtitle">
          {current?.text ?? scene.line}
        </p>
      </div>
      {scene.voiceUrl ? (
        <audio
          className="storyboard-preview__audio"
          src={scene.voiceUrl}
          controls
          autoPlay
          data-testid="scene-preview-audio"
          onTimeUpdate={(event) => setAt(event.currentTarget.currentTime)}
        />
      ) : (
        <p className="video-muted">{t('video.storyboard.voicePending')}</p>
      )}
      <button type="button" className="video-button video-button--ghost" onClick={onClose}>
        {t('video.storyboard.closePreview')}
      </button>
    </div>
  );
}

type Panel =
  | { kind: 'edit'; sceneId: number; line: string }
  | { kind: 'add'; afterSceneId: number | null; line: string }
  | { kind: 'preview'; sceneId: number }
  | { kind: 'drawings'; sceneId: number }
  | { kind: 'cards'; sceneId: number };

/**
 * The storyboard (分镜) of a video before it is rendered: each scene's line, picture and voice length with its
 * progress; edit a line, replace a picture (drawn again, one of my drawings, an album photo, a colour card),
 * reorder, delete, add, preview a scene, then 开始合成 (the render reuses every finished voice and picture).
 */
export function StoryboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const board = useQuery({ ...storyboardQueryOptions(id), enabled: id > 0 });
  const options = useQuery(videoOptionsQueryOptions());
  const progress = useStoryboardProgress(id);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [uploadFor, setUploadFor] = useState<number | null>(null);
  /** 修改后重新合成 was tapped on a rendered storyboard: its scenes can be edited and rendered again. */
  const [reopened, setReopened] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const drawings = useQuery({ ...myDrawingsForScenesQueryOptions(), enabled: panel?.kind === 'drawings' });

  const editLine = useEditSceneLine();
  const replacePicture = useReplaceScenePicture();
  const move = useMoveScene();
  const remove = useDeleteScene();
  const add = useAddScene();
  const render = useRenderStoryboard(() => {
    showToast(t('video.created'), 'success');
    void navigate('/media/video/list');
  });
  const busy =
    editLine.isPending ||
    replacePicture.isPending ||
    move.isPending ||
    remove.isPending ||
    add.isPending ||
    render.isPending;

  if (!id) return <MissingId what={t('video.storyboard.what')} back="/media/video/index" />;
  if (board.isPending) return <PageLoading testId="storyboard-loading" />;
  if (board.isError) return <LoadFailed title={t('video.loadFailed')} onRetry={() => void board.refetch()} />;

  const { task, scenes, estimate } = board.data;
  // A render that has ended (made, failed or canceled) can be edited and rendered again; the first edit or the
  // render makes it a storyboard again on the server, and the current video stays until a new one is made.
  const renderOver =
    !task.storyboard && !task.expired && ['succeeded', 'failed', 'canceled'].includes(task.status);
  const editable = task.storyboard || (reopened && renderOver);
  const taskId = task.id;

  const picture = (sceneId: number, next: VideoScenePictureInput) =>
    replacePicture.mutate(
      { taskId, sceneId, picture: next },
      { onSuccess: () => (setPanel(null), showToast(t('video.storyboard.pictureReplaced'), 'success')) },
    );

  const handleReplace = async (scene: VideoScene) => {
    const { default: ActionSheet } = await import('antd-mobile/es/components/action-sheet');
    ActionSheet.show({
      extra: t('video.storyboard.replaceTitle'),
      cancelText: t('common.cancel'),
      closeOnAction: true,
      actions: [
        {
          key: 'generated',
          text: t('video.storyboard.replace.generated'),
          disabled: !options.data?.drawAvailable,
          onClick: () => picture(scene.id, { kind: 'generated' }),
        },
        {
          key: 'drawing',
          text: t('video.storyboard.replace.drawing'),
          onClick: () => setPanel({ kind: 'drawings', sceneId: scene.id }),
        },
        {
          key: 'upload',
          text: t('video.storyboard.replace.upload'),
          onClick: () => {
            setUploadFor(scene.id);
            fileInput.current?.click();
          },
        },
        {
          key: 'color',
          text: t('video.storyboard.replace.color'),
          onClick: () => setPanel({ kind: 'cards', sceneId: scene.id }),
        },
      ],
    });
  };

  const handlePhoto = async (sceneId: number, file: File | undefined) => {
    if (!file) return;
    try {
      const stored = await uploadScenePhoto(file);
      picture(sceneId, { kind: 'upload', fileId: stored.id });
    } catch {
      showToast(t('video.storyboard.uploadFailed'), 'fail');
    }
  };

  const handleDelete = async (scene: VideoScene) => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      title: t('video.storyboard.deleteTitle'),
      content: scene.line,
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (sure) remove.mutate({ taskId, sceneId: scene.id });
  };

  const lineEditor = (
    value: string,
    onChange: (line: string) => void,
    onSave: () => void,
    testId: string,
  ) => (
    <div className="storyboard-editor">
      <textarea
        className="video-textarea"
        data-testid={`${testId}-input`}
        value={value}
        maxLength={VIDEO_SCENE_LINE_MAX}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="video-actions">
        <button
          type="button"
          className="video-button"
          data-testid={`${testId}-save`}
          disabled={busy || !value.trim()}
          onClick={onSave}
        >
          {t('common.confirm')}
        </button>
        <button type="button" className="video-button video-button--ghost" onClick={() => setPanel(null)}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );

  const status = (scene: VideoScene) => {
    if (scene.status === 'failed') return t('video.storyboard.status.failed');
    if (scene.status === 'ready') return t('video.storyboard.status.ready');
    const live = scene.jobId ? progress[scene.jobId] : undefined;
    return live
      ? t('video.storyboard.status.making', { progress: live.progress })
      : t('video.storyboard.status.pending');
  };

  const card = (scene: VideoScene, index: number) => (
    <li
      key={scene.id}
      className="video-card storyboard-scene"
      data-testid={`scene-${index}`}
      data-scene-id={scene.id}
      data-status={scene.status}
    >
      <div className="storyboard-scene__row">
        <ScenePicture scene={scene} className="storyboard-picture" />
        <div className="storyboard-scene__body">
          <p className="video-muted">
            {t('video.storyboard.sceneNo', { n: index + 1 })} ·{' '}
            <span data-testid={`scene-status-${index}`}>{status(scene)}</span>
            {scene.voiceSeconds !== null ? (
              <>
                {' · '}
                <span data-testid={`scene-seconds-${index}`}>
                  {t('video.seconds', { seconds: scene.voiceSeconds.toFixed(1) })}
                </span>
              </>
            ) : null}
          </p>
          {panel?.kind === 'edit' && panel.sceneId === scene.id ? (
            lineEditor(
              panel.line,
              (line) => setPanel({ ...panel, line }),
              () =>
                editLine.mutate(
                  { taskId, sceneId: scene.id, line: panel.line },
                  {
                    onSuccess: () => (setPanel(null), showToast(t('video.storyboard.lineSaved'), 'success')),
                  },
                ),
              'scene-line',
            )
          ) : (
            <p className="storyboard-scene__line" data-testid={`scene-line-${index}`}>
              {scene.line}
            </p>
          )}
        </div>
      </div>
      {panel?.kind === 'preview' && panel.sceneId === scene.id ? (
        <ScenePreview scene={scene} onClose={() => setPanel(null)} />
      ) : null}
      {panel?.kind === 'cards' && panel.sceneId === scene.id ? (
        <div className="storyboard-cards" role="group" aria-label={t('video.storyboard.replace.color')}>
          {CARDS.map((colors) => (
            <button
              key={colors.join()}
              type="button"
              className="storyboard-card"
              style={cardStyle(colors)}
              data-testid={`scene-card-${colors.join('-')}`}
              aria-label={colors.join(' → ')}
              onClick={() => picture(scene.id, { kind: 'color', colors })}
            />
          ))}
        </div>
      ) : null}
      {panel?.kind === 'drawings' && panel.sceneId === scene.id ? (
        <div className="storyboard-drawings" data-testid="scene-drawings">
          {drawings.isPending ? (
            <p className="video-muted">{t('common.loading')}</p>
          ) : (drawings.data ?? []).length === 0 ? (
            <p className="video-muted">{t('video.storyboard.noDrawings')}</p>
          ) : (
            (drawings.data ?? []).map((d) => (
              <button
                key={d.id}
                type="button"
                className="storyboard-drawing"
                onClick={() => picture(scene.id, { kind: 'drawing', drawingId: d.id, index: 0 })}
              >
                <img src={d.images[0]!.thumbUrl} alt={d.prompt} />
              </button>
            ))
          )}
        </div>
      ) : null}
      {editable ? (
        <div className="video-actions storyboard-scene__actions">
          <button
            type="button"
            className="video-button video-button--ghost"
            data-testid={`scene-preview-open-${index}`}
            onClick={() => setPanel({ kind: 'preview', sceneId: scene.id })}
          >
            {t('video.storyboard.preview')}
          </button>
          <button
            type="button"
            className="video-button video-button--ghost"
            data-testid={`scene-edit-${index}`}
            onClick={() => setPanel({ kind: 'edit', sceneId: scene.id, line: scene.line })}
          >
            {t('video.storyboard.editLine')}
          </button>
          <button
            type="button"
            className="video-button video-button--ghost"
            data-testid={`scene-replace-${index}`}
            onClick={() => void handleReplace(scene)}
          >
            {t('video.storyboard.replacePicture')}
          </button>
          <button
            type="button"
            className="video-button video-button--ghost"
            data-testid={`scene-up-${index}`}
            disabled={busy || index === 0}
            aria-label={t('video.storyboard.moveUp')}
            onClick={() => move.mutate({ taskId, sceneId: scene.id, position: index - 1 })}
          >
            ↑
          </button>
          <button
            type="button"
            className="video-button video-button--ghost"
            data-testid={`scene-down-${index}`}
            disabled={busy || index === scenes.length - 1}
            aria-label={t('video.storyboard.moveDown')}
            onClick={() => move.mutate({ taskId, sceneId: scene.id, position: index + 1 })}
          >
            ↓
          </button>
          <button
            type="button"
            className="video-button video-button--ghost"
            data-testid={`scene-add-${index}`}
            onClick={() => setPanel({ kind: 'add', afterSceneId: scene.id, line: '' })}
          >
            {t('video.storyboard.addAfter')}
          </button>
          <button
            type="button"
            className="video-button video-button--ghost video-button--danger"
            data-testid={`scene-delete-${index}`}
            disabled={busy || scenes.length < 2}
            onClick={() => void handleDelete(scene)}
          >
            {t('video.storyboard.delete')}
          </button>
        </div>
      ) : null}
      {panel?.kind === 'add' && panel.afterSceneId === scene.id
        ? lineEditor(
            panel.line,
            (line) => setPanel({ ...panel, line }),
            () =>
              add.mutate(
                { taskId, afterSceneId: scene.id, line: panel.line },
                { onSuccess: () => setPanel(null) },
              ),
            'scene-new',
          )
        : null}
    </li>
  );

  const allReady = scenes.every((s) => s.status === 'ready');
  return (
    <div className="video-page" data-testid="storyboard-page">
      <section className="video-card">
        <h2 className="video-card__title">{task.title || t('video.storyboard.untitled')}</h2>
        <p className="video-muted" data-testid="storyboard-summary">
          {t('video.storyboard.summary', { count: scenes.length })} ·{' '}
          {t('video.estimate', { seconds: estimate.seconds, gold: estimate.gold, words: estimate.words })}
        </p>
        {!editable && !renderOver && !task.expired ? (
          <p className="video-muted">{t('video.storyboard.rendered')}</p>
        ) : null}
        {renderOver && !reopened ? (
          <button
            type="button"
            className="video-button video-button--wide"
            data-testid="storyboard-reopen"
            onClick={() => setReopened(true)}
          >
            {t('video.storyboard.reopen')}
          </button>
        ) : null}
        {editable && task.videoUrl ? (
          <p className="video-muted" data-testid="storyboard-keeps-video">
            {t('video.storyboard.keepsVideo')}
          </p>
        ) : null}
      </section>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png"
        hidden
        data-testid="scene-photo-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (uploadFor) void handlePhoto(uploadFor, file);
        }}
      />
      <ol className="storyboard-list" data-testid="storyboard-scenes">
        {scenes.map(card)}
      </ol>
      {editable ? (
        <section className="video-card">
          {!allReady ? <p className="video-muted">{t('video.storyboard.makingHint')}</p> : null}
          <button
            type="button"
            className="video-button video-button--wide"
            data-testid="storyboard-render"
            disabled={busy}
            onClick={() => render.mutate(taskId)}
          >
            {render.isPending ? t('common.loading') : t('video.storyboard.render')}
          </button>
        </section>
      ) : null}
    </div>
  );
}
