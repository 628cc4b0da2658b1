/** Rules of dubbing shared by server and web (no zod here, so the web bundle stays small). */

/** Speed in percent of the voice's normal pace (spec §9 "speed adjustment percent"). */
export const TTS_SPEED_MIN = 50;
export const TTS_SPEED_MAX = 200;
/** Upper bound of any text; each voice sets its own, lower limit (`maxChars` of tts_config_nam). */
export const TTS_TEXT_MAX = 5000;
/** Default text limit of a voice that does not set one. */
export const TTS_DEFAULT_MAX_CHARS = 1000;
/** Script to align against uploaded audio (30 s of speech is about 150 characters). */
export const ASR_SCRIPT_MAX = 2000;
/** Spec §9 media audio: 5 MB, 30 s. */
export const ASR_AUDIO_MAX_SECONDS = 30;

/** Job types, as seen in `JobProgress.type`. */
export const voiceJobTypes = { textToSpeech: 'text_to_speech', audioToSrt: 'audio_to_srt' } as const;

const cjk = /[\u3400-\u9fff\uf900-\ufaff]/;
/**
 * Words billed for a text (spec §9 "gold per word"): each Chinese character is a word, each run of Latin
 * letters or digits is a word (`AI` one, `2024` one); punctuation, spaces and emoji are free.
 */
export const countBillableWords = (text: string): number => {
  let count = 0;
  let inRun = false;
  for (const char of text) {
    if (cjk.test(char)) {
      count += 1;
      inRun = false;
    } else if (/[\p{L}\p{N}]/u.test(char)) {
      if (!inRun) count += 1;
      inRun = true;
    } else if (!/['’.]/.test(char)) {
      inRun = false;
    }
  }
  return count;
};

/** Speed slider of the page (spec §9: 0–100, step 1) to the speed percent 50–200, and back. */
export const sliderToSpeed = (slider: number): number =>
  Math.round(TTS_SPEED_MIN + (Math.max(0, Math.min(100, slider)) * (TTS_SPEED_MAX - TTS_SPEED_MIN)) / 100);
export const speedToSlider = (speed: number): number =>
  Math.round(((speed - TTS_SPEED_MIN) * 100) / (TTS_SPEED_MAX - TTS_SPEED_MIN));
