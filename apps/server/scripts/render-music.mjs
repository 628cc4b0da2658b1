#!/usr/bin/env node
/**
 * Build step: renders the project's music scores (src/modules/video/music/scores.ts) to MP3 into dist/music
 * with fluidsynth and Debian's General MIDI soundfont, so a started server has them at once. Without
 * fluidsynth it says so and the build goes on: the server then renders a score on first use, or plays the
 * item's synth where it cannot.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MUSIC_SCORE_IDS } from '@app/contract';
import { renderScore, scoreFileName } from '../dist/modules/video/music/score-audio.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'music');
const started = Date.now();
let rendered = 0;
for (const id of MUSIC_SCORE_IDS) {
  const file = path.join(dir, scoreFileName(id));
  if (existsSync(file)) continue;
  if (!(await renderScore(id, file))) {
    console.log('music: fluidsynth or fluid-soundfont-gm is not installed; scores will render on first use');
    process.exit(0);
  }
  rendered += 1;
}
console.log(
  `music: ${rendered} of ${MUSIC_SCORE_IDS.length} scores rendered in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
