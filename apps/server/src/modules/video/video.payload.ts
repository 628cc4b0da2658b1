import type { MusicScoreId, TtsVoice, VideoImageSource } from '@app/contract';
import type { Visibility } from '../../platform/storage/storage.js';
import type { Clip } from './pipeline/render.js';
import type { TextStyle } from './pipeline/subtitles.js';

/**
 * The music of a render: one of the project's scores (with the item's file or synth for a server without
 * fluidsynth), a file the site serves, the user's own upload, or a synth.
 */
export interface VideoMusic {
  score?: MusicScoreId;
  file?: string;
  stored?: { key: string; visibility: Visibility };
  lavfi?: string;
}

/** What a render job needs, fixed when the task is accepted (later dictionary edits do not change it). */
export interface VideoJobPayload {
  taskId: number;
  voice: TtsVoice;
  style: TextStyle;
  background: string;
  /** Template cover, the picture of the `template` source. */
  templatePicture: string;
  clips: Clip[];
  music: VideoMusic | null;
  /** Voice and music loudness in percent (absent in jobs queued before it existed: 100 each). */
  mix?: { voice: number; music: number };
  imageSource: VideoImageSource;
  /** Pictures of the article (site paths or URLs), for the `article` source. */
  articleImages: string[];
  /** Rendered from the task's storyboard scenes, reusing each one's finished voice and picture. */
  storyboard?: boolean;
  /** Which render of the task this is (a storyboard rendered again: its `renderRound`); absent for the first. */
  round?: number;
}

/**
 * What a task's render job will be given, the task id aside: kept on the task row (`renderPayload`) by a
 * storyboard until it renders, and by a batch's waiting video until it starts.
 */
export type RenderPayload = Omit<VideoJobPayload, 'taskId'>;

/** A storyboard scene job's work: the scene's missing voice and picture. */
export interface SceneJobPayload {
  taskId: number;
  sceneId: number;
}
