import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { describe, expect, it } from 'vitest';
import { ARTICLE_PARAGRAPHS } from '../../test/article-paragraphs.js';
import { buildCues } from '../voice/index.js';
import { buildSceneAss, safeArea, type TextStyle } from './pipeline/subtitles.js';
import { splitIntoScenes } from './pipeline/script.js';

// Burned-in subtitles follow the same breaking rule as dubbings: over the article corpus, every cue of every
// scene and every line inside a cue ends between two of jieba's words, and no line is wider than the canvas.
const jieba = Jieba.withDict(dict);
const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');
const width = (text: string) => {
  let w = 0;
  for (const char of text) w += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/.test(char) ? 1 : 0.55;
  return w;
};

const styles: TextStyle[] = [
  { width: 1080, height: 1920, font: 'WenQuanYi Micro Hei', fontSize: 64, fontColor: '#FFFFFF', subtitleAnchor: 8, titleAnchor: 2, subtitleStyle: 'karaoke' },
  { width: 360, height: 640, font: 'WenQuanYi Micro Hei', fontSize: 21, fontColor: '#FFFFFF', subtitleAnchor: 8, titleAnchor: 2, subtitleStyle: 'outlined' },
];

describe('burned-in subtitles break like every other subtitle', () => {
  it(`over ${ARTICLE_PARAGRAPHS.length} article paragraphs no cue or line ends inside a word`, () => {
    const bad: string[] = [];
    for (const paragraph of ARTICLE_PARAGRAPHS)
      for (const scene of splitIntoScenes(paragraph)) {
        const at = new Set<number>([0]);
        let position = 0;
        for (const word of jieba.cut(scene.text, true)) at.add((position += letters(word).length));
        // The scene's voice as one timed piece at an ordinary pace, cut by the shared cue builder.
        const cues = buildCues([{ start: 0, end: letters(scene.text).length / 4, text: scene.text }]);
        for (const style of styles) {
          const area = safeArea(style.width, style.height);
          const perLine = Math.floor((area.right - area.left) / style.fontSize);
          const ass = buildSceneAss({ style, seconds: cues.at(-1)!.end, title: null, cues });
          const lines = ass
            .split('\n')
            .filter((l) => l.startsWith('Dialogue: 0,'))
            .flatMap((l) => l.split(',').slice(9).join(',').replace(/\{[^}]*\}/g, '').split('\\N'));
          expect(lines.map(letters).join(''), scene.text).toBe(letters(scene.text));
          position = 0;
          for (const line of lines) {
            position += letters(line).length;
            if (!at.has(position)) bad.push(`${scene.text} → …${line} |`);
            expect(width(line), line).toBeLessThanOrEqual(perLine + 1e-9);
          }
        }
      }
    expect(bad).toEqual([]);
  });
});
