import { describe, expect, it } from 'vitest';
import { composeOffline, continueText, kindForQuestion, OFFLINE_SIGNATURE } from './offline-composer.js';
import { readRequest } from './offline-request.js';
import { chunkText, createOfflineEngine, OFFLINE_PROVIDER } from './offline-engine.js';
import type { ChatTurn, GenerationContext, TextChunk } from './text-generator.js';
import { repeatedSentences } from '../../../test/text-checks.js';

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
    expect(readRequest('帮我写一段关于露营的朋友圈文案')).toMatchObject({ subject: '露营' });
    expect(readRequest('给一家社区咖啡馆写朋友圈开业文案，50字以内')).toMatchObject({
      subject: '社区咖啡馆',
      occasion: '开业',
      maxChars: 50,
    });
    expect(readRequest('帮我写一条新款无线降噪耳机的广告语，不超过15字')).toMatchObject({
      subject: '新款无线降噪耳机',
      maxChars: 15,
    });
    expect(readRequest('为宠物医院周年庆写3个标题')).toMatchObject({
      subject: '宠物医院',
      occasion: '周年庆',
      count: 3,
    });
    expect(readRequest('给「山野」民宿写三条广告语，每条不超过十二个字')).toMatchObject({
      subject: '山野民宿',
      count: 3,
      maxChars: 12,
    });
    const rewrite = composeOffline({ question: '把这句话改得更有感染力：坚持就是胜利' });
    expect(rewrite).toContain('**原句：** 坚持就是胜利');
  });

  it("a template run's extra wishes are read, not pasted back, and its limit is kept", () => {
    const template = { code: 'moments-copy', kind: 'moments', title: '朋友圈文案' };
    const wish = '顺便提一下周末的手冲咖啡体验课';
    const text = composeOffline({ question: wish, template, fields: { topic: '社区咖啡馆' } });
    expect(text).not.toContain(wish);
    // Written into the copy as a sentence of it, not handed back as a list of points to work in.
    expect(text).not.toContain('补充要点');
    const copy = text.split('\n').filter((line) => line.includes('手冲咖啡体验课'));
    expect(copy.length).toBeGreaterThan(0);
    for (const line of copy) expect(line).toMatch(/[。！～]$/);
    expect(text.split('离线引擎').length - 1).toBe(1);

    const limited = composeOffline({ question: '每条20字以内', template, fields: { topic: '社区咖啡馆' } });
    const lines = limited.split('\n').filter((l) => /^\d+\. /.test(l));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(Array.from(line.replace(/^\d+\. /, '')).length).toBeLessThanOrEqual(20);
  });

  it('spoken copy fits the seconds asked for, a long piece stays long, a greeting gets what the writer can do', () => {
    const spoken = composeOffline({ question: '写一段15秒的面包店口播' });
    const body = spoken.split('\n').filter((l) => l && !l.startsWith('**') && !l.startsWith('>'));
    expect(body.join('').length).toBeGreaterThan(20);
    expect(Array.from(body.join('')).length).toBeLessThanOrEqual(75);
    expect(spoken).toContain('约 15 秒');

    const long = composeOffline({ question: '请写一篇 2000 字的小红书长文，介绍秋天去杭州旅行的完整攻略' });
    expect(long).toContain('**标题：**');
    expect(Array.from(long).length).toBeGreaterThan(300);

    const hello = composeOffline({ question: '你好' });
    expect(hello).toMatch(/写作助手/);
    expect(hello).not.toContain('关于「你好」');
  });

  it('varies with the seed (regenerate)', () => {
    const a = composeOffline({ question: '公众号标题：早起', seed: 1 });
    const b = composeOffline({ question: '公众号标题：早起', seed: 2 });
    expect(a).not.toBe(b);
  });

  describe('thirty varied requests', () => {
    /** [request, genre it must be written as, most characters per piece of copy when a limit is asked]. */
    const REQUESTS: [string, string, number?][] = [
      ['给一家社区咖啡馆写朋友圈开业文案，50字以内', 'moments', 50],
      ['帮我写一段关于露营的朋友圈文案', 'moments'],
      ['今天升职了，写一条朋友圈，30字以内', 'moments', 30],
      ['给我的花店周年庆写朋友圈，不超过40字', 'moments', 40],
      ['帮我写一条健身打卡的朋友圈', 'moments'],
      ['写一篇小红书风格的护肤好物分享', 'xhs'],
      ['帮我给自家烘焙的手工曲奇写小红书笔记，突出低糖和酥脆', 'xhs'],
      ['写一篇小红书种草文案，推荐便携咖啡机，80字以内', 'xhs', 80],
      ['帮我写一段30秒的美食探店口播文案', 'store_visit'],
      ['写一段健身房年卡促销的口播，100字左右', 'voiceover', 100],
      ['写一段瑜伽馆开业的抖音口播，一分钟', 'voiceover'],
      ['给新款扫地机器人写一段口播，60字以内', 'voiceover', 60],
      ['为宠物医院周年庆写3个标题', 'headline'],
      ['帮我起几个关于早起习惯的公众号标题，每个不超过20字', 'headline', 20],
      ['给一篇讲理财入门的文章写标题', 'headline'],
      ['帮我写一条新款无线降噪耳机的广告语，不超过15字', 'slogan', 15],
      ['给「山野」民宿写三条广告语，每条不超过十二个字', 'slogan', 12],
      ['为社区水果店想几句宣传语', 'slogan'],
      ['给楼下那家川菜馆写个五星好评', 'review'],
      ['帮我写一条蓝牙音箱的好评，80字以内', 'review', 80],
      ['写一段对亲子乐园的点评', 'review'],
      ['帮我写一条中秋节给客户的祝福', 'greeting'],
      ['给我的咖啡店起 5 个有创意的名字', 'naming'],
      ['写一段关于秋天的微博', 'weibo'],
      ['帮我写一份奶茶店新品上市的促销文案', 'promo'],
      ['写一篇关于时间管理的文章大纲', 'outline'],
      ['帮我写一段母婴店双十一的文案，50字以内', 'promo', 50],
      ['今天心情不好，写段朋友圈', 'moments'],
      ['写一个面试用的自我介绍', 'self_intro'],
      ['帮我写点什么介绍一下我们的书法培训班，40字以内', 'generic', 40],
    ];

    const copyLines = (answer: string) =>
      answer
        .split('\n')
        .filter((line) => line.trim() && !line.startsWith('**') && !line.startsWith('>'))
        .map((line) => line.replace(/^\d+\.\s*/, ''));

    /** Characters a reader counts (markdown, numbering, spaces and the offline note aside). */
    const visibleLength = (answer: string) =>
      Array.from(
        answer
          .replace(OFFLINE_SIGNATURE, '')
          .split('\n')
          .map((line) => line.replace(/^[\s>#-]*(\d+\.\s*)?/, ''))
          .join('')
          .replace(/[*\s]/g, ''),
      ).length;

    /** Limits over the short-copy range: the long piece as a whole keeps them, and still ends on a full sentence. */
    it.each([
      ['写一个介绍我们烘焙店的视频脚本，320字以内', 320],
      ['给手冲咖啡课写一个视频脚本，不超过305字', 305],
      ['写一篇小红书长文，介绍秋天去杭州旅行的完整攻略，350字以内', 350],
    ] as const)('%s', (question, limit) => {
      const answer = composeOffline({ question, seed: 7 });
      expect(visibleLength(answer)).toBeLessThanOrEqual(limit);
      expect(visibleLength(answer)).toBeGreaterThan(40);
      expect(answer).not.toContain(question);
      expect(repeatedSentences(answer)).toEqual([]);
      expect(answer.split('离线引擎').length - 1).toBe(1);
    });

    it.each(REQUESTS)('%s', (question, kind, limit) => {
      expect(kindForQuestion(question)).toBe(kind);
      const answer = composeOffline({ question, seed: 7 });

      // The request is never pasted back, whole or a clause of it.
      expect(answer).not.toContain(question);
      for (const clause of question.split(/[，,。！？\s]/).filter((c) => Array.from(c).length >= 10))
        expect(answer, clause).not.toContain(clause);

      // The limit asked for holds for every piece of copy.
      if (limit !== undefined) {
        const lines = copyLines(answer);
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(Array.from(line).length, line).toBeLessThanOrEqual(limit);
      }

      // No sentence twice.
      expect(repeatedSentences(answer)).toEqual([]);

      // The offline label, exactly once.
      expect(answer.split('离线引擎').length - 1).toBe(1);
      expect(answer.trim().endsWith(OFFLINE_SIGNATURE)).toBe(true);
    });
  });

  describe('continuing and following up (chat that can continue)', () => {
    const streamText = async (messages: ChatTurn[], context: GenerationContext) => {
      let text = '';
      for await (const c of createOfflineEngine({ delayMs: 0 }).stream({
        messages,
        model: '',
        signal: new AbortController().signal,
        context,
      }))
        if ('text' in c) text += c.text;
      return text;
    };

    it('continues a stopped answer from where it stopped: the same seed writes the rest of the same text', async () => {
      const question = '给一家社区咖啡馆写朋友圈开业文案';
      const context = { question, seed: 1234 };
      const whole = await streamText([{ role: 'user', content: question }], context);
      const partial = Array.from(whole).slice(0, 17).join('');
      const rest = await streamText(
        [
          { role: 'user', content: question },
          { role: 'assistant', content: partial },
          { role: 'user', content: '请接着写' },
        ],
        { ...context, continueFrom: partial },
      );
      expect(partial + rest).toBe(whole);
      expect(rest.split('离线引擎').length - 1).toBe(1);
    });

    it('an edited partial answer is found by its last characters; one it cannot find only gets the label', () => {
      const whole = '第一句。第二句很长很长。第三句。\n\n' + OFFLINE_SIGNATURE;
      expect(continueText(whole, '我改过的开头，第二句很长很长。')).toBe('第三句。\n\n' + OFFLINE_SIGNATURE);
      expect(continueText(whole, '完全不同的文字')).toBe('\n\n' + OFFLINE_SIGNATURE);
    });

    it('a follow-up (继续, 再来几个) is about the topic asked before, not 关于「继续」', async () => {
      const first = '给我的咖啡店起 5 个有创意的名字';
      for (const followUp of ['继续', '再来几个更文艺的']) {
        const text = await streamText(
          [
            { role: 'system', content: '你是写作助手' },
            { role: 'user', content: first },
            { role: 'assistant', content: '1. 拾光咖啡' },
            { role: 'user', content: followUp },
          ],
          { question: followUp, seed: 9 },
        );
        expect(text).not.toContain(`关于「${followUp}」`);
        expect(text).toContain('接着上面「咖啡店」的话题');
        expect(text).toContain('名字备选');
      }
      // With nothing asked before, a follow-up is answered as it is.
      expect(await streamText([{ role: 'user', content: '继续' }], { question: '继续' })).toContain('继续');
    });
  });
});

