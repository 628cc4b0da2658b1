import { useTranslation } from 'react-i18next';
import type { VideoScene } from '@app/contract';
import type { StoryboardEditor } from '../lib/use-storyboard-editor';

/** The buttons under an editable scene: preview, edit its line, replace its picture, move, add after, delete. */
export function SceneActions({
  scene,
  index,
  count,
  editor,
}: {
  scene: VideoScene;
  index: number;
  /** How many scenes the storyboard has. */
  count: number;
  editor: StoryboardEditor;
}) {
  const { t } = useTranslation();
  const { busy, setPanel } = editor;
  return (
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
        onClick={() => void editor.handleReplace(scene)}
      >
        {t('video.storyboard.replacePicture')}
      </button>
      <button
        type="button"
        className="video-button video-button--ghost"
        data-testid={`scene-up-${index}`}
        disabled={busy || index === 0}
        aria-label={t('video.storyboard.moveUp')}
        onClick={() => editor.handleMove(scene.id, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="video-button video-button--ghost"
        data-testid={`scene-down-${index}`}
        disabled={busy || index === count - 1}
        aria-label={t('video.storyboard.moveDown')}
        onClick={() => editor.handleMove(scene.id, index + 1)}
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
        disabled={busy || count < 2}
        onClick={() => void editor.handleDelete(scene)}
      >
        {t('video.storyboard.delete')}
      </button>
    </div>
  );
}
