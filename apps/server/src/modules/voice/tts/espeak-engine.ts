import type { DubReading, TtsVoice } from '@app/contract';
import { runProgram } from '../audio.js';
import { plainSsml, toEspeakSsml, toSpeechRuns } from '../text/pinyin.js';
import type { TtsEngine, TtsRequest } from './tts-engine.js';

/** `cmn+f3` → language `cmn`, variant `f3`. */
const parseVoice = (voice: string) => {
  const [language = 'cmn', variant = ''] = voice.split('+');
  return { language, variant };
};

/** espeak-ng arguments for a voice at a speed: words per minute scaled by the speed, pitch from the voice. */
export const espeakArgs = (voice: TtsVoice, speed: number): string[] => {
  const { language, variant } = parseVoice(voice.voice);
  const wpm = Math.max(80, Math.min(450, Math.round((voice.speed * speed) / 100)));
  const name = language === 'cmn' ? 'cmn-latn-pinyin' : language;
  return [
    '-m',
    '-v',
    variant ? `${name}+${variant}` : name,
    '-s',
    String(wpm),
    '-p',
    String(voice.pitch ?? 50),
    '--stdout',
  ];
};

/** What espeak-ng reads for a text: pinyin SSML for Mandarin voices, the text itself for the others. */
export const espeakInput = (voice: TtsVoice, text: string, readings: readonly DubReading[] = []): string => {
  const { language, variant } = parseVoice(voice.voice);
  return language === 'cmn' ? toEspeakSsml(toSpeechRuns(text, readings), variant) : plainSsml(text);
};

/**
 * The offline engine (Debian's espeak-ng): Mandarin is fed as tone-numbered pinyin to the `cmn-latn-pinyin`
 * voice, which says the tones right and never reads a tone digit aloud; English words inside Chinese text
 * switch to the English voice. Answers a WAV.
 */
export const createEspeakEngine = (command = 'espeak-ng'): TtsEngine => ({
  name: 'espeak-ng',
  offline: true,
  maxChars: 2000,
  synthesize: ({ text, voice, speed, readings, signal }: TtsRequest) =>
    runProgram(command, espeakArgs(voice, speed), espeakInput(voice, text, readings), signal),
});
