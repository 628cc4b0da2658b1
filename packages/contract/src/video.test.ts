import { describe, expect, it } from 'vitest';
import {
  estimateVideo,
  videoAddBodySchema,
  videoBatchBodySchema,
  videoBatchEstimateBodySchema,
  videoEstimateBodySchema,
  videoSceneAddBodySchema,
  videoSceneLineBodySchema,
  videoScenePictureBodySchema,
} from './video.js';

describe('video contract', () => {
  const base = { templateId: 'talk-vertical', voice: 'espeak-cmn-f3' };

  it('takes a batch of 1–5 distinct articles with one template, or one source with 1–3 distinct templates', () => {
    const voice = { voice: 'espeak-cmn-f3' };
    const ok = (body: object) => videoBatchBodySchema.safeParse({ ...voice, ...body });
    const messages = (body: object) => {
      const parsed = ok(body);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(ok({ articleIds: [1, 2, 3, 4, 5], templateId: 't' }).success).toBe(true);
    expect(ok({ articleId: 1, templateIds: ['a', 'b', 'c'] }).success).toBe(true);
    expect(ok({ title: '春', text: '春天来了。', templateIds: ['a'] }).success).toBe(true);
    expect(messages({ articleIds: [1, 2, 3, 4, 5, 6], templateId: 't' })).toEqual(['video_batch_too_many']);
    expect(messages({ articleId: 1, templateIds: ['a', 'b', 'c', 'd'] })).toEqual([
      'video_batch_templates_too_many',
    ]);
    expect(messages({ articleIds: [1, 1], templateId: 't' })).toEqual(['video_batch_duplicate']);
    expect(messages({ articleId: 1, templateIds: ['a', 'a'] })).toEqual(['video_batch_duplicate']);
    expect(messages({ articleIds: [1] })).toEqual(['video_batch_shape']);
    expect(messages({ articleIds: [1], templateId: 't', templateIds: ['a'] })).toEqual(['video_batch_shape']);
    expect(messages({ articleId: 1, templateId: 't' })).toEqual(['video_batch_shape']);
    expect(messages({ articleId: 1, text: '你好', templateIds: ['a'] })).toEqual(['video_source_required']);
    expect(ok({ articleIds: [], templateId: 't' }).success).toBe(false);
    expect(ok({ articleIds: [1], templateId: 't', speed: 250 }).success).toBe(false);
    expect(videoBatchBodySchema.safeParse({ articleIds: [1], templateId: 't' }).success).toBe(false); // no voice
    expect(videoBatchEstimateBodySchema.safeParse({ articleIds: [1, 2], templateId: 't' }).success).toBe(
      true,
    );
  });

  it('takes exactly one source: an article or a pasted text', () => {
    expect(videoAddBodySchema.safeParse({ ...base, text: '你好' }).success).toBe(true);
    expect(videoAddBodySchema.safeParse({ ...base, articleId: 3 }).success).toBe(true);
    expect(videoAddBodySchema.safeParse({ ...base, articleId: 3, text: '你好' }).success).toBe(false);
    expect(videoAddBodySchema.safeParse({ ...base, text: '   ' }).success).toBe(false);
    expect(videoEstimateBodySchema.safeParse({}).success).toBe(false);
  });

  it('defaults speed 100 and the template picture; anchors 1–9; music null means none', () => {
    expect(videoAddBodySchema.parse({ ...base, text: '你好', bgmId: null })).toMatchObject({
      speed: 100,
      imageSource: 'template',
      bgmId: null,
    });
    expect(videoAddBodySchema.safeParse({ ...base, text: '你好', subtitleAnchor: 0 }).success).toBe(false);
    expect(videoAddBodySchema.safeParse({ ...base, text: '你好', speed: 250 }).success).toBe(false);
  });

  it('estimates seconds from words per second and speed, gold per word, clips added', () => {
    const text = '一二三四五六七八九十，AI 2024';
    expect(estimateVideo({ text, speed: 100, perSecondWord: 5, goldPerWord: 20 })).toEqual({
      words: 12,
      seconds: 2.4,
      gold: 240,
    });
    expect(
      estimateVideo({ text, speed: 50, perSecondWord: 5, goldPerWord: 20, clipSeconds: 2 }).seconds,
    ).toBe(6.8);
  });

  it('storyboard edits: a line of 1–120 characters, a picture of one known kind, colours as #rrggbb', () => {
    const scene = { taskId: 1, sceneId: 2 };
    expect(videoSceneLineBodySchema.parse({ ...scene, line: ' 新台词 ' })).toEqual({
      ...scene,
      line: '新台词',
      redraw: false,
    });
    expect(videoSceneLineBodySchema.safeParse({ ...scene, line: '  ' }).success).toBe(false);
    expect(videoSceneLineBodySchema.safeParse({ ...scene, line: '字'.repeat(121) }).success).toBe(false);
    const picture = (value: unknown) =>
      videoScenePictureBodySchema.safeParse({ ...scene, picture: value }).success;
    expect(picture({ kind: 'generated' })).toBe(true);
    expect(picture({ kind: 'upload', fileId: 9 })).toBe(true);
    expect(picture({ kind: 'drawing', drawingId: 9 })).toBe(true);
    expect(picture({ kind: 'color', colors: ['#ff0000', '#0000FF'] })).toBe(true);
    expect(picture({ kind: 'color', colors: ['red'] })).toBe(false);
    expect(picture({ kind: 'color', colors: [] })).toBe(false);
    expect(picture({ kind: 'color', colors: ['#000000', '#111111', '#222222'] })).toBe(false);
    // The template's and the article's pictures are where scenes start, not something to pick.
    expect(picture({ kind: 'template' })).toBe(false);
    expect(picture({ kind: 'upload' })).toBe(false);
    expect(
      videoSceneAddBodySchema.safeParse({ taskId: 1, afterSceneId: null, line: '新的一镜' }).success,
    ).toBe(true);
  });
});
