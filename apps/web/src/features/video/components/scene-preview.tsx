import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoScene } from '@app/contract';
import { ScenePicture } from './scene-picture';

/** Plays a scene as it will be: its picture, its voice, the subtitle piece being spoken over it. */
export function ScenePreview({ scene, onClose }: { scene: VideoScene; onClose: () => void }) {
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
