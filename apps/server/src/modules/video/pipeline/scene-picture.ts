import { planScene, planWords, type DrawRequest } from '../../drawing/index.js';
import { keyNouns } from './key-nouns.js';

/**
 * What the drawing engine is asked for a scene: the scene's own subjects (the key nouns of its line) and its
 * line's plan as words (when, where, how people travel, a meal, how many people: the key nouns leave them out, and
 * a night line must not be drawn in daylight) at the video's aspect, with no writing on the picture (`forVideo`: the offline engine leaves out its label; the
 * subtitle is the only text on screen).
 */
export const sceneDrawRequest = (
  line: string,
  canvas: { width: number; height: number },
  seed: number,
): DrawRequest => {
  const square = canvas.width === canvas.height;
  const landscape = canvas.width > canvas.height;
  return {
    prompt: [keyNouns(line), ...planWords(planScene(line))].join(' '),
    negativePrompt: null,
    style: 'none',
    ratio: square ? '1:1' : landscape ? '16:9' : '9:16',
    width: square ? 768 : landscape ? 1024 : 576,
    height: square ? 768 : landscape ? 576 : 1024,
    count: 1,
    seed,
    roleImages: [],
    forVideo: true,
  };
};
