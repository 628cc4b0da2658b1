import type { StoredFile } from '@app/contract';

/** No music at all (an empty `bgmId` sent as null). */
export const NO_MUSIC = '';
/** The user's own uploaded music is chosen. */
export const OWN_MUSIC = 'own';

/** Volumes are set on the app's 0–100 slider: 50 is the usual mix (100 %), 100 twice as loud. */
export const sliderToVolume = (slider: number) => Math.round(slider * 2);

export interface MusicChoice {
  /** An app_bgm value, NO_MUSIC or OWN_MUSIC. */
  music: string;
  own: StoredFile | null;
  voiceSlider: number;
  musicSlider: number;
}
