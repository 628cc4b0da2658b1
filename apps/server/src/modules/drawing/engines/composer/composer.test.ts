import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawSizeOf, drawStyles, type DrawRatio, type DrawStyle } from '@app/contract';
import { composeOffline, renderOffline } from '../offline-engine.js';
import type { DrawRequest } from '../image-engine.js';
import { MOTIFS } from './motifs/index.js';
import { readPrompt } from './segmenter.js';

const request = (
  prompt: string,
  style: DrawStyle = 'none',
  seed = 11,
  ratio: DrawRatio = '1:1',
): DrawRequest => ({
  prompt,
  negativePrompt: null,
  style,
  ratio,
  ...drawSizeOf(ratio),
  count: 1,
  seed,
  roleImages: [],
});

/** Each prompt, and the motifs (by element id) its picture must hold. */
const PROMPTS: [string, string[]][] = [
  ['江南水乡的清晨，小桥流水，乌篷船，水彩风格', ['watertown', 'river', 'bridge', 'boat']],
  ['一只熊猫在竹林里吃竹子', ['panda', 'bamboo']],
  ['两只白猫在草地上晒太阳', ['cat', 'meadow', 'sun']],
  ['夜晚的城市，霓虹灯下的街道', ['skyline', 'road', 'moon']],
  ['雪山下的湖泊，倒映着蓝天白云', ['mountain', 'lake', 'cloud']],
  ['海边的灯塔和帆船，日落', ['sea', 'lighthouse', 'sailboat', 'sun']],
  ['一个女孩撑着雨伞走在雨中', ['girl', 'umbrella', 'rain']],
  ['秋天的枫树林，一只小鹿', ['maple', 'deer']],
  ['月光下的宝塔和松树', ['moon', 'pagoda', 'pine']],
  ['一杯咖啡，一本书，窗边的午后', ['coffee', 'book']],
  ['桌上有苹果、香蕉和葡萄', ['apple', 'banana', 'grapes', 'table']],
  ['生日蛋糕和礼物，还有气球', ['cake', 'gift', 'balloon']],
  ['红灯笼挂在古镇的屋檐下，下雪了', ['lantern', 'watertown', 'snow']],
  ['一群仙鹤飞过荷塘', ['crane', 'lake']],
  ['老人在河边钓鱼', ['elder', 'river', 'fisherman']],
  ['草原上奔跑的骏马', ['meadow', 'horse']],
  ['沙漠中的骆驼和落日', ['desert', 'camel', 'sun']],
  ['星空下的帐篷，露营的夜晚', ['stars', 'tent']],
  ['一只橘猫和一只小狗在花园里', ['cat', 'dog', 'flower']],
  ['金鱼在荷花间游动', ['goldfish', 'lotus']],
  ['小男孩骑自行车去上学', ['boy', 'bicycle']],
  ['宇航员站在月球上看地球', ['astronaut', 'moon', 'planet']],
  ['樱花树下的情侣', ['cherry-tree', 'couple']],
  ['瀑布旁边的小木屋', ['waterfall', 'house']],
  ['热气球飞过田野', ['hot-air-balloon', 'field']],
  ['一碗热腾腾的拉面和饺子', ['noodles', 'dumplings']],
  ['中秋节的月饼和茶', ['mooncake', 'tea']],
  ['长城上的日出', ['great-wall', 'sun']],
  ['火车穿过森林', ['train', 'forest']],
  ['老虎在丛林中', ['tiger', 'forest']],
  ['A cat sleeping under a tree', ['cat', 'tree']],
  ['A red fox in a snowy forest at night', ['fox', 'forest', 'snow', 'moon']],
  ['An old stone bridge over a river at dawn, watercolor', ['bridge', 'river', 'sun']],
  ['A lighthouse by the sea with seagulls and clouds', ['lighthouse', 'sea', 'cloud']],
  ['Two dogs playing on the beach', ['dog', 'beach']],
  ['A panda eating bamboo, ink painting', ['panda', 'bamboo']],
  ['A cup of coffee and a book on a table', ['coffee', 'book', 'table']],
  ['A girl with an umbrella in the rain', ['girl', 'umbrella', 'rain']],
  ['Mountains and a lake with a small boat', ['mountain', 'lake', 'boat']],
  ['A city skyline at sunset with an airplane', ['skyline', 'airplane', 'sun']],
  ['A horse running across the grassland', ['horse', 'meadow']],
  ['Sunflowers in a field under a rainbow', ['sunflower', 'field', 'rainbow']],
  ['A bowl of ramen and sushi', ['noodles', 'sushi']],
  ['A rocket flying past a planet', ['rocket', 'planet']],
  ['An owl on a pine tree under the moon', ['owl', 'pine', 'moon']],
  ['A fisherman in a boat on a misty lake', ['fisherman', 'boat', 'lake', 'fog']],
  ['A castle on a hill with a dragon', ['castle', 'hill', 'dragon']],
  ['A pagoda among cherry blossoms in spring', ['pagoda', 'cherry-tree']],
  ['A child with a kite on the meadow', ['child', 'kite', 'meadow']],
  ['A car and a bicycle on the road in the city', ['car', 'bicycle', 'road', 'skyline']],
];

const idsIn = (svg: string) =>
  new Set([...svg.matchAll(/id="motif-([a-z-]+?)(?:-\d+)?"/g)].map((m) => m[1]!));

describe('the offline composer', () => {
  it('has a library of at least 150 motifs across the families, each with a unique id, each drawable', async () => {
    expect(MOTIFS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(MOTIFS.map((m) => m.id)).size).toBe(MOTIFS.length);
    const families = new Set(MOTIFS.map((m) => m.family));
    for (const family of [
      'landscape',
      'sky',
      'plants',
      'animals',
      'people',
      'buildings',
      'vehicles',
      'objects',
      'food',
    ])
      expect(families).toContain(family);
    // Every motif's words name it (Chinese and English), and its SVG parses: one picture holding all of them.
    for (const motif of MOTIFS) {
      expect(
        motif.words.some((w) => /[\u3400-\u9fff]/.test(w)),
        motif.id,
      ).toBe(true);
      expect(
        motif.words.some((w) => /^[a-z]/.test(w)),
        motif.id,
      ).toBe(true);
    }
    const pen = {
      rnd: () => 0.5,
      fill: (c: string) => `fill="${c.startsWith('#') ? c : '#888888'}"`,
      line: (c: string, w: number) => `stroke="${c.startsWith('#') ? c : '#888888'}" stroke-width="${w}"`,
    };
    const cells = MOTIFS.map(
      (m, i) =>
        `<g id="motif-${m.id}" transform="translate(${(i % 15) * 100 + 50} ${Math.floor(i / 15) * 100 + 100})">${m.draw(pen)}</g>`,
    );
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="${Math.ceil(MOTIFS.length / 15) * 100}">${cells.join('')}</svg>`;
    const { info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(1500);
  });

  it.each(PROMPTS)('draws what %s asks for', (prompt, expected) => {
    const { scene } = composeOffline(request(prompt), 0);
    const found = idsIn(scene);
    for (const id of expected) expect(found, `${prompt}: ${id} in ${[...found].join(', ')}`).toContain(id);
  });

  it('reads time of day, weather and style from the prompt', () => {
    expect(readPrompt('江南水乡的清晨，水彩风格')).toMatchObject({ time: 'dawn', style: 'watercolor' });
    expect(readPrompt('黄昏的海边')).toMatchObject({ time: 'dusk' });
    expect(readPrompt('夜晚下雪的小镇')).toMatchObject({ time: 'night', weather: 'snow' });
    expect(readPrompt('雨中的西湖，水墨画')).toMatchObject({ weather: 'rain', style: 'ink' });
    // A snowy mountain is a mountain, not snowfall.
    expect(readPrompt('雪山')).toMatchObject({ weather: 'clear' });
    expect(readPrompt('three cats, pixel art').subjects[0]).toMatchObject({ count: 3, motif: { id: 'cat' } });
    expect(readPrompt('两只小狗').subjects[0]).toMatchObject({ count: 2, motif: { id: 'dog' } });
    expect(readPrompt('sunflowers').subjects[0]).toMatchObject({ count: 3, motif: { id: 'sunflower' } });
    // A running horse is a horse, not a runner too.
    expect(readPrompt('草原上奔跑的骏马').subjects.map((s) => s.motif.id)).toEqual(['meadow', 'horse']);
    expect(readPrompt('A horse running across the grassland').subjects.map((s) => s.motif.id)).toEqual([
      'horse',
      'meadow',
    ]);
    // 画面 holds 面 (noodles) but is not food.
    expect(readPrompt('画面很美').subjects).toEqual([]);
  });

  it('gives the same bytes for the same prompt and seed, another picture for another seed', async () => {
    const a = await renderOffline(request('江南水乡的清晨，小桥流水，乌篷船', 'watercolor', 7, '3:4'), 0);
    expect(
      (await renderOffline(request('江南水乡的清晨，小桥流水，乌篷船', 'watercolor', 7, '3:4'), 0)).equals(a),
    ).toBe(true);
    expect(
      (await renderOffline(request('江南水乡的清晨，小桥流水，乌篷船', 'watercolor', 8, '3:4'), 0)).equals(a),
    ).toBe(false);
  });

  it('renders each style differently: watercolour bleeds, ink is grey, line art is mostly paper, pixel art is blocks', async () => {
    const prompt = '湖边的房子和树，远处有山';
    const svgs = new Map(
      (['watercolor', 'ink', 'none', 'oil', 'pixel', 'sketch'] as DrawStyle[]).map((style) => [
        style,
        composeOffline(request(prompt, style), 0),
      ]),
    );
    expect([...svgs.values()].map((c) => c.style)).toEqual([
      'watercolor',
      'ink',
      'flat',
      'oil',
      'pixel',
      'line',
    ]);
    expect(new Set([...svgs.values()].map((c) => c.scene)).size).toBe(6);
    expect(svgs.get('watercolor')!.scene).toContain('filter="url(#bleed)"');
    expect(svgs.get('oil')!.scene).toMatch(/stroke="#[0-9a-f]{6}" stroke-width="2.2"/);
    expect(svgs.get('sketch')!.scene).toContain('fill="#fbfaf6"');
    // A style word in the prompt picks the treatment when the chip is none.
    expect(composeOffline(request('一只猫，水墨风格'), 0).style).toBe('ink');
    expect(composeOffline(request('a cat, pixel art'), 0).style).toBe('pixel');

    const picture = async (style: DrawStyle) =>
      renderOffline({ ...request(prompt, style), forVideo: true }, 0);
    /** How colourful a picture is: the mean over its pixels of the spread between their channels. */
    const colourfulness = async (png: Buffer) => {
      const data = await sharp(png).resize(64, 64).raw().toBuffer();
      let sum = 0;
      for (let i = 0; i < data.length; i += 3)
        sum +=
          Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
      return sum / (data.length / 3);
    };
    expect(await colourfulness(await picture('ink'))).toBeLessThan(16);
    expect(await colourfulness(await picture('none'))).toBeGreaterThan(40);
    const line = await sharp(await picture('sketch')).stats();
    expect(line.channels.slice(0, 3).every((c) => c.mean > 215)).toBe(true);
    // Pixel art: each 8×8 cell is one colour.
    const pixel = await sharp(await renderOffline({ ...request(prompt, 'pixel'), forVideo: true }, 0))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) =>
      pixel.data.readUIntBE((y * pixel.info.width + x) * pixel.info.channels, 3);
    for (const [cx, cy] of [
      [96, 496],
      [304, 624],
      [704, 904],
      [504, 200],
    ]) {
      const cell = at(cx!, cy!);
      for (let d = 1; d < 8; d += 2) expect(at(cx! + d, cy! + 7 - d)).toBe(cell);
    }
  });

  it('holds no text but the AI label with its offline stamp, and no label at all for a video', async () => {
    for (const style of drawStyles) {
      const c = composeOffline(request('一只猫在窗台上，旁边有一本书', style), 0);
      expect(c.scene).not.toContain('<text');
      // One plate: "AI生成" and, under it, the engine's stamp (merged, not two stamps).
      expect(c.label!.match(/<rect/g)).toHaveLength(1);
      expect(c.label).toContain('id="ai-label"');
      expect(c.label).toContain('>AI生成<');
      expect(c.label).toContain('离线引擎');
    }
    const forVideo = { ...request('一只猫在窗台上'), forVideo: true };
    expect(composeOffline(forVideo, 0).label).toBeNull();
    // The label sits in the bottom-right corner: only there do the two pictures differ.
    const withLabel = await sharp(await renderOffline(request('一只猫在窗台上'), 0))
      .raw()
      .toBuffer();
    const without = await sharp(await renderOffline(forVideo, 0))
      .raw()
      .toBuffer();
    expect(withLabel.equals(without)).toBe(false);
    const rowBytes = 1024 * 3;
    expect(withLabel.subarray(0, rowBytes * 850).equals(without.subarray(0, rowBytes * 850))).toBe(true);
  });
});

describe('the offline engine, picture to picture', () => {
  it('takes the source picture as its background, in its colours, and says so in the label', async () => {
    const source = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a8f4a' } })
      .composite([
        {
          input: await sharp({ create: { width: 400, height: 100, channels: 3, background: '#f0d040' } })
            .png()
            .toBuffer(),
          top: 0,
          left: 0,
        },
      ])
      .png()
      .toBuffer();
    const from = { ...request('一只猫'), sourceImage: source };
    const { sourceLookOf } = await import('../offline-engine.js');
    const c = composeOffline(from, 0, await sourceLookOf(source));
    expect(c.scene).toContain('id="source-background"');
    expect(c.scene).toContain('id="motif-cat"');
    expect(c.label).toContain('以原图为底');
    // The picture's top is the source's yellow, its lower half the source's green (its layout kept).
    const png = await renderOffline(from, 0);
    const mean = async (top: number) => {
      const part = await sharp(png).extract({ left: 0, top, width: 200, height: 60 }).png().toBuffer();
      return (await sharp(part).stats()).channels.map((ch) => Math.round(ch.mean));
    };
    const [r1, g1, b1] = await mean(20);
    expect(r1).toBeGreaterThan(180);
    expect(g1).toBeGreaterThan(160);
    expect(b1).toBeLessThan(140);
    const [r2, g2] = await mean(700);
    expect(g2).toBeGreaterThan(r2! + 40);
  });
});
