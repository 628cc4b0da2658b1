import { useTranslation } from 'react-i18next';
import type { VideoScene, VideoScenePictureInput } from '@app/contract';
import type { SceneProgress } from '../api/storyboard';
import type { StoryboardEditor } from '../lib/use-storyboard-editor';
import { SceneActions } from './scene-actions';
import { SceneLineEditor } from './scene-line-editor';
import { ScenePicture } from './scene-picture';
import { SceneCardChoices, SceneDrawingChoices } from './scene-picture-choices';
import { ScenePreview } from './scene-preview';

/**
 * One scene of the storyboard: its picture, number, status (live from the hub while it is made), voice length
 * and line, the panel open under it, and its actions while the storyboard can be edited.
 */
export function SceneItem({
  scene,
  index,
  count,
  editable,
  progress,
  editor,
}: {
  scene: VideoScene;
  index: number;
  count: number;
  editable: boolean;
  progress: SceneProgress;
  editor: StoryboardEditor;
}) {
  const { t } = useTranslation();
  const { panel, setPanel, closePanel } = editor;
  const opened = (kind: 'preview' | 'cards' | 'drawings') =>
    panel?.kind === kind && panel.sceneId === scene.id;
  const pick = (picture: VideoScenePictureInput) => editor.handlePicture(scene.id, picture);
  const live = scene.jobId ? progress[scene.jobId] : undefined;
  const status =
    scene.status === 'failed'
      ? t('video.storyboard.status.failed')
      : scene.status === 'ready'
        ? t('video.storyboard.status.ready')
        : live
          ? t('video.storyboard.status.making', { progress: live.progress })
          : t('video.storyboard.status.pending');

  return (
    <li
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
            <span data-testid={`scene-status-${index}`}>{status}</span>
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
            <SceneLineEditor
              value={panel.line}
              onChange={(line) => setPanel({ ...panel, line })}
              onSave={() => editor.handleSaveLine(scene.id, panel.line)}
              onCancel={closePanel}
              busy={editor.busy}
              testId="scene-line"
            />
          ) : (
            <p className="storyboard-scene__line" data-testid={`scene-line-${index}`}>
              {scene.line}
            </p>
          )}
        </div>
      </div>
      {opened('preview') ? <ScenePreview scene={scene} onClose={closePanel} /> : null}
      {opened('cards') ? <SceneCardChoices onPick={pick} /> : null}
      {opened('drawings') ? <SceneDrawingChoices onPick={pick} /> : null}
      {editable ? <SceneActions scene={scene} index={index} count={count} editor={editor} /> : null}
      {panel?.kind === 'add' && panel.afterSceneId === scene.id ? (
        <SceneLineEditor
          value={panel.line}
          onChange={(line) => setPanel({ ...panel, line })}
          onSave={() => editor.handleAdd(scene.id, panel.line)}
          onCancel={closePanel}
          busy={editor.busy}
          testId="scene-new"
        />
      ) : null}
    </li>
  );
}
