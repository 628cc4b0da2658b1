import { useTranslation } from 'react-i18next';
import { VIDEO_SCENE_LINE_MAX } from '@app/contract';

/** A scene's line being written (an edited line, or the line of a scene being added), with save and cancel. */
export function SceneLineEditor({
  value,
  onChange,
  onSave,
  onCancel,
  busy,
  testId,
}: {
  value: string;
  onChange: (line: string) => void;
  onSave: () => void;
  onCancel: () => void;
  /** Another edit of the storyboard is under way. */
  busy: boolean;
  /** The textarea is `${testId}-input`, the save button `${testId}-save`. */
  testId: string;
}) {
  const { t } = useTranslation();
  return (
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
        <button type="button" className="video-button video-button--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
