import { describe, expect, it } from 'vitest';
import { SEED_TEMPLATES } from '../../../modules/chat/template.seed.js';
import {
  composeOffline,
  kindForQuestion,
  OFFLINE_KINDS,
  OFFLINE_SIGNATURE,
  topicOf,
} from './offline-composer.js';
import { chunkText, createOfflineEngine, OFFLINE_PROVIDER } from './offline-engine.js';
import type { TextChunk } from './text-generator.js';

const run = async (
  engine = createOfflineEngine({ delayMs: 0 }),
  question = '帮我写一段关于露营的朋友圈文案',
) => {
  const chunks: TextChunk[] = [];
  for await (const c of engine.stream({
    messages: [{ role: 'user', content: question }],
    model: '',
    signal: new AbortController().signal,
    context: { question },
  }))
    chunks.push(c);
  return chunks;
};

describe('offline engine', () => {
  it('is labelled offline in its metadata and in the answer', async () => {
    const engine = createOfflineEngine({ delayMs: 0 });
    expect(engine.provider).toBe(OFFLINE_PROVIDER);
    const chunks = await run(engine);
    const text = chunks.map((c) => ('text' in c ? c.text : '')).join('');
    expect(text).toContain('离线引擎');
    expect(text.trim().endsWith(OFFLINE_SIGNATURE)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ usage: { completionTokens: expect.any(Number) as number } });
  });

  it('streams many small chunks that add up to the answer', async () => {
    const chunks = await run();
    const texts = chunks.filter((c): c is { text: string } => 'text' in c).map((c) => c.text);
    expect(texts.length).toBeGreaterThan(20);
    expect(Math.max(...texts.map((t) => Array.from(t).length))).toBeLessThanOrEqual(6);
    const whole = composeOffline({ question: '帮我写一段关于露营的朋友圈文案' });
    expect(texts.join('')).toBe(whole);
  });

  it('keeps emoji whole when chunking', () => {
    const pieces = chunkText('✨🌿好物🔥分享💕'.repeat(5), 7);
    for (const p of pieces) expect(p).not.toMatch(/[\uD800-\uDBFF]$/);
    expect(pieces.join('')).toBe('✨🌿好物🔥分享💕'.repeat(5));
  });

  it('stops when its signal aborts', async () => {
    const engine = createOfflineEngine({ delayMs: 5 });
    const controller = new AbortController();
    let n = 0;
    const loop = (async () => {
      for await (const _ of engine.stream({
        messages: [{ role: 'user', content: '写周报' }],
        model: '',
        signal: controller.signal,
      })) {
        n += 1;
        if (n === 3) controller.abort('stop');
      }
    })();
    await expect(loop).rejects.toBe('stop');
    expect(n).toBe(3);
  });

  it('writes structured copy from the fields, not an echo', () => {
    const xhs = composeOffline({
      question: '',
      template: { code: 'xhs-seeding', kind: 'xhs', title: '小红书种草文案' },
      fields: { product: '无线降噪耳机', highlights: '降噪好、续航长、佩戴舒服', audience: '通勤党' },
    });
    expect(xhs).toMatch(/\*\*标题：\*\*.*无线降噪耳机/);
    expect(xhs).toContain('续航长');
    expect(xhs).toMatch(/#无线降噪耳机 .*#好物分享/);
    expect(xhs.split('\n').filter(Boolean).length).toBeGreaterThan(8);

    const script = composeOffline({
      question: '',
      template: { code: 'video-script', kind: 'video_script', title: '短视频脚本' },
      fields: { topic: '3 个提升睡眠质量的方法', duration: '60秒' },
    });
    expect(script).toContain('| 镜号 | 时长 | 段落 | 画面 | 台词/字幕 |');
    expect(script.match(/^\| \d \|/gm)?.length).toBe(5);

    const report = composeOffline({
      question: '',
      template: { code: 'weekly-report', kind: 'weekly_report', title: '工作周报' },
      fields: { work: '完成登录页改版\n修复 3 个线上问题', plan: '上线支付功能' },
    });
    expect(report).toContain('## 一、本周工作完成情况');
    expect(report).toContain('1. 完成登录页改版');
    expect(report).toContain('上线支付功能');
  });

  it('answers a free question by what it asks for', () => {
    expect(kindForQuestion('给我的咖啡店起 5 个有创意的名字')).toBe('naming');
    expect(kindForQuestion('帮我写一段 30 秒的美食探店口播文案')).toBe('store_visit');
    expect(kindForQuestion('写一篇小红书风格的护肤好物分享')).toBe('xhs');
    expect(kindForQuestion('把这句话改得更有感染力：坚持就是胜利')).toBe('rewrite');
    expect(topicOf('帮我写一段关于露营的朋友圈文案')).toBe('露营');
    const rewrite = composeOffline({ question: '把这句话改得更有感染力：坚持就是胜利' });
    expect(rewrite).toContain('**原句：** 坚持就是胜利');
  });

  it('has a composer for every seeded template, which uses its required fields', () => {
    for (const t of SEED_TEMPLATES) {
      expect(OFFLINE_KINDS).toContain(t.kind);
      const fields = Object.fromEntries(t.fields.map((f) => [f.name, f.options?.[0] ?? `测试${f.label}`]));
      const text = composeOffline({
        question: '',
        template: { code: t.code, kind: t.kind, title: t.title },
        fields,
      });
      expect(text.length, t.code).toBeGreaterThan(80);
      const firstRequired = t.fields.find((f) => f.required && f.type !== 'select');
      if (firstRequired) expect(text, t.code).toContain(fields[firstRequired.name]!.split(/[、，]/)[0]);
    }
  });

  it('varies with the seed (regenerate)', () => {
    const a = composeOffline({ question: '公众号标题：早起', seed: 1 });
    const b = composeOffline({ question: '公众号标题：早起', seed: 2 });
    expect(a).not.toBe(b);
  });
});
