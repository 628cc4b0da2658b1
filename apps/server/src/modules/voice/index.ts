// Public entry of the voice module: dubbing (text to speech) and audio to subtitles, and what other
// modules (video) use to voice a script: the configured voices, speech of a text with a voice and speed
// with exact per-sentence timings, and SRT from timed segments.
export { voiceModule, type VoiceModule } from './voice.module.js';
export { ttsVoices } from './tts/voices.js';
export { createVoiceEngines, type VoiceEngines } from './engines.js';
export { synthesizeSpeech, type SpeechResult, type SpokenCue } from './tts/synthesize.js';
export { buildSrt, formatSrtTime, normalizeSegments, toCueSegments } from './text/srt.js';
export { splitIntoCues, CUE_MAX_WIDTH, type Cue } from './text/cues.js';
export { buildCues } from './text/cue-builder.js';
export { breakIntoWords, breakText } from './text/line-breaks.js';
export { cleanForSpeech, withoutEmoji } from './text/clean.js';
