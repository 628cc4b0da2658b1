import { readRequest, type CopyRequest } from './offline-request.js';
import { composeShortCopy, isPlaceName, type ShortGenre } from './offline-short-copy.js';
import type { ChatTurn, GenerationContext } from './text-generator.js';
import { seededRandom } from '../../seeded-random.js';

/**
 * The offline composer: writes structured Chinese copy from a template kind and the user's fields (or a
 * free question), with no model. It is honest about what it is (see OFFLINE_SIGNATURE) and aims to give
 * a usable first draft: titles, paragraphs, hashtags, scene lists, checklists, several variants.
 */

export const OFFLINE_SIGNATURE = '> 本回答由内置离线引擎生成，未连接在线 AI 模型，仅供参考。';

type Fields = Record<string, string>;

const hash = (text: string) => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
};

class Pen {
  readonly random: () => number;
  /** Picked wordings, so one answer does not say the same sentence twice while the pool has others. */
  private readonly used = new Set<string>();
  constructor(
    private readonly fields: Fields,
    seed: number,
  ) {
    this.random = seededRandom(seed);
  }
  /** The first non-empty field among `names`, else `fallback`. */
  get(names: string[], fallback: string): string {
    for (const name of names) {
      const value = this.fields[name]?.trim();
      if (value) return value;
    }
    return fallback;
  }
  pick<T>(items: readonly T[]): T {
    const fresh = items.filter((item) => !this.used.has(String(item)));
    const pool = fresh.length ? fresh : items;
    const chosen = pool[Math.floor(this.random() * pool.length)] as T;
    this.used.add(String(chosen));
    return chosen;
  }
  /** `count` distinct items in random order. */
  some<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (pool.length && out.length < count)
      out.push(pool.splice(Math.floor(this.random() * pool.length), 1)[0] as T);
    return out;
  }
}

/** Splits "a、b，c; d\n e" into items. */
const list = (text: string): string[] =>
  text
    .split(/[、，,；;。\n|/]+/)
    .map((s) => s.trim())
    .filter(Boolean);

const tags = (...words: string[]) =>
  [...new Set(words.map((w) => w.replace(/[\s#]/g, '')).filter((w) => w && w.length <= 12))]
    .map((w) => `#${w}`)
    .join(' ');

type Composer = (pen: Pen, topic: string, ctx: GenerationContext) => string;

const xhs: Composer = (pen, topic) => {
  const product = pen.get(['product', 'topic'], topic);
  const points = list(pen.get(['highlights', 'points'], '颜值高、好上手、性价比高'));
  const audience = pen.get(['audience'], '和我一样想让生活变好一点的姐妹');
  const hook = pen.pick(['挖到宝了', '后悔没早点入', '真心推荐', '闭眼冲', '回购无数次']);
  const emoji = pen.some(['✨', '🌿', '💡', '🔥', '💕', '📌', '🌟'], 4);
  return [
    `**标题：** ${emoji[0]}${hook}！${product}真的是我今年的宝藏${emoji[1]}`,
    '',
    `最近好多姐妹私信问我在用的${product}，今天一次性说清楚${emoji[2]}`,
    '',
    `一开始我也是抱着试试看的心态入手的，用了一段时间之后，真的有被惊艳到：`,
    '',
    ...points
      .slice(0, 5)
      .map(
        (p, i) =>
          `${['①', '②', '③', '④', '⑤'][i]} **${p}**：${pen.pick(['日常用下来体验很明显，不是那种只好看的摆设。', '这一点是我最满意的，用过就回不去了。', '细节做得很用心，越用越有感觉。', '比我预想的还要好，身边朋友也都说好。', '第一次用就感受到了，真的不是噱头。'])}`,
      ),
    '',
    `**适合谁：** ${audience}。`,
    `**小提醒：** 每个人情况不一样，先按自己的需求选，理性种草不踩坑${emoji[3]}`,
    '',
    `你们还有什么想看的${product}相关问题，评论区告诉我，看到都会回～`,
    '',
    tags(product, '好物分享', '种草', pen.pick(['宝藏好物', '真实测评', '生活小确幸']), '小红书爆款'),
  ].join('\n');
};

const moments: Composer = (pen, topic) => {
  const theme = pen.get(['topic', 'scene'], topic);
  const mood = pen.get(['mood', 'tone'], '温暖');
  const detail = pen.get(['detail'], '');
  const lines: Record<string, string[]> = {
    温暖: [
      `${theme}的这一刻，刚刚好。`,
      `把${theme}写进日常，日子就有了光。`,
      `慢一点也没关系，${theme}会把好心情留给认真生活的人。`,
    ],
    搞笑: [
      `关于${theme}，我的计划很完美，执行的是另一个人。`,
      `${theme}：已完成 10%，剩下 90% 交给明天的我。`,
      `今日份${theme}，主打一个快乐就完事了。`,
    ],
    文艺: [
      `${theme}是写给时间的一封信，字迹很轻，心意很重。`,
      `风把${theme}吹成了诗，我只负责把它记下来。`,
      `在${theme}里，遇见更柔软的自己。`,
    ],
    励志: [
      `${theme}这件事，坚持下来的每一天都算数。`,
      `别急，${theme}的路上，每一步都在靠近想要的自己。`,
      `今天的${theme}，是给未来的自己攒底气。`,
    ],
  };
  const pool = lines[mood] ?? lines['温暖'] ?? [];
  return [
    `**朋友圈文案 · ${theme}（${mood}风）**`,
    '',
    ...pool.map((line, i) => `${i + 1}. ${line}${detail && i === 0 ? `（${detail}）` : ''}`),
    `4. ${pen.pick(['配图建议：一张自然光下的近景 + 一张全景，九宫格更有氛围。', '配图建议：选一张有人物背影的照片，留白更显高级。', '配图建议：三张图就够，主图放最有故事感的一张。'])}`,
    '',
    `**短句版：** ${pen.pick([`${theme}，未完待续。`, `收藏今天的${theme}。`, `${theme}，刚刚好。`])}`,
  ].join('\n');
};

const weibo: Composer = (pen, topic) => {
  const theme = pen.get(['topic'], topic);
  const opinion = pen.get(['opinion', 'points'], `${theme}值得被更多人看到`);
  return [
    `【${theme}】${opinion}。`,
    '',
    `说几点自己的看法：`,
    `1. ${theme}不是一天形成的，背后是很多人长期的投入；`,
    `2. 比起情绪，更值得关注的是它对普通人意味着什么；`,
    `3. 不妨多给一点耐心，让事情往更好的方向发展。`,
    '',
    `你怎么看？评论区聊聊👇`,
    '',
    tags(theme, '热点话题', '微博'),
  ].join('\n');
};

const headline: Composer = (pen, topic) => {
  const theme = pen.get(['topic', 'product'], topic);
  const audience = pen.get(['audience'], '普通人');
  const patterns = [
    `关于${theme}，90%的人都做错了这一步`,
    `${audience}必看：${theme}的 5 个实用技巧`,
    `我花了一个月研究${theme}，总结出这份清单`,
    `${theme}到底值不值得？看完这篇再决定`,
    `别再踩坑了！${theme}避雷指南来了`,
    `从 0 到 1 搞懂${theme}，这篇就够了`,
    `${theme}的正确打开方式，早知道就好了`,
    `为什么${theme}越来越火？答案没你想的那么简单`,
    `${theme}新手入门：3 分钟看懂关键点`,
    `同样是${theme}，高手和新手差在哪里？`,
    `${theme}，${audience}也能轻松上手`,
    `一张图看懂${theme}（建议收藏）`,
  ];
  return [
    `**「${theme}」标题备选**`,
    '',
    ...pen.some(patterns, 10).map((t, i) => `${i + 1}. ${t}`),
    '',
    '**使用建议：** 数字、反差和"你"字能提高点击；标题控制在 20 字左右，关键词放前面。',
  ].join('\n');
};

const durationSeconds = (text: string, fallback: number) => {
  const m = /(\d+)\s*(秒|s|分钟|min)/i.exec(text);
  if (!m) return fallback;
  const n = Number(m[1]);
  return /分|min/i.test(m[2] ?? '') ? n * 60 : n;
};

const videoScript: Composer = (pen, topic) => {
  const theme = pen.get(['topic', 'product'], topic);
  const total = durationSeconds(pen.get(['duration'], '30秒'), 30);
  const style = pen.get(['style'], '干货');
  const audience = pen.get(['audience'], '刷短视频的年轻人');
  const beats = [
    {
      name: '开场钩子',
      shot: '近景特写，人物直视镜头',
      line: `你知道吗？关于${theme}，很多人都忽略了一件事。`,
      share: 0.15,
    },
    {
      name: '抛出问题',
      shot: '中景，配合字幕弹出关键词',
      line: `${audience}最常遇到的问题是：想做好${theme}，却不知道从哪开始。`,
      share: 0.2,
    },
    {
      name: '干货展开',
      shot: '分镜快切，每个要点配一个画面',
      line: `记住三点：第一，先想清楚目的；第二，找到最简单的方法；第三，坚持做、及时复盘。`,
      share: 0.35,
    },
    {
      name: '案例/演示',
      shot: '实拍演示或前后对比',
      line: `像这样做完之后，效果是不是一目了然？`,
      share: 0.2,
    },
    {
      name: '结尾引导',
      shot: '回到人物近景，手势指向关注按钮',
      line: `觉得有用就点个赞，关注我，下期讲更多${theme}的小技巧。`,
      share: 0.1,
    },
  ];
  let at = 0;
  const rows = beats.map((b, i) => {
    const len = Math.max(2, Math.round(total * b.share));
    const row = `| ${i + 1} | ${at}-${at + len}s | ${b.name} | ${b.shot} | ${b.line} |`;
    at += len;
    return row;
  });
  return [
    `**短视频脚本：${theme}（${total} 秒 · ${style}风格）**`,
    '',
    `**目标观众：** ${audience}`,
    '',
    '| 镜号 | 时长 | 段落 | 画面 | 台词/字幕 |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `**BGM：** ${pen.pick(['轻快的电子节拍，开场 3 秒卡点', '温暖的钢琴配乐，结尾渐弱', '节奏感强的流行乐，转场处卡点'])}`,
    `**封面标题：** ${pen.pick([`${theme}的 3 个关键`, `${theme}，一条视频讲明白`, `看完这条，${theme}不再难`])}`,
  ].join('\n');
};

const voiceover: Composer = (pen, topic) => {
  const theme = pen.get(['topic', 'product'], topic);
  const points = list(pen.get(['highlights', 'points'], '简单、实用、马上能用'));
  const total = durationSeconds(pen.get(['duration'], '60秒'), 60);
  return [
    `**口播文案：${theme}（约 ${total} 秒，${Math.round(total * 4.5)} 字左右）**`,
    '',
    `【开场】${pen.pick([`今天不绕弯子，直接告诉你${theme}怎么做才对。`, `如果你也被${theme}困扰过，这条视频一定要看完。`, `三十秒，带你重新认识${theme}。`])}`,
    '',
    `【正文】${points.map((p, i) => `${['第一', '第二', '第三', '第四', '第五'][i] ?? '还有'}，${p}。`).join('')}说白了，${theme}不难，难的是方法对不对。照着这个思路去做，你会发现事情变得简单很多。`,
    '',
    `【结尾】${pen.pick(['关注我，每天一个实用干货。', '收藏起来，用得上的时候翻出来看。', '你还想了解什么，评论区告诉我。'])}`,
    '',
    '**录制提示：** 语速每秒 4–5 字，关键数字处停顿半拍，字幕突出重点词。',
  ].join('\n');
};

const storeVisit: Composer = (pen, topic) => {
  const shop = pen.get(['shop', 'topic'], topic);
  const location = pen.get(['location'], '市中心');
  const dishes = list(pen.get(['dishes', 'highlights'], '招牌菜、人气甜品'));
  const price = pen.get(['price'], '人均 80 元左右');
  return [
    `**标题：** 📍${location}｜藏在街角的${shop}，这次真的来对了！`,
    '',
    `周末和朋友去了${location}的${shop}，还没进门就被${pen.pick(['温馨的装修', '排队的人气', '飘出来的香味'])}吸引了。`,
    '',
    '**必点推荐：**',
    ...dishes
      .slice(0, 5)
      .map(
        (d) =>
          `🍽️ **${d}**：${pen.pick(['口感层次丰富，第一口就惊艳', '分量很足，性价比在线', '颜值和味道都能打，拍照超出片', '老板推荐的招牌，果然没让人失望', '朋友吃完当场说下次还要点'])}`,
      ),
    '',
    `💰 **价格：** ${price}`,
    `📍 **地址：** ${location}`,
    `⏰ **小贴士：** ${pen.pick(['饭点人多，建议提前取号', '靠窗位置光线最好，适合拍照', '工作日下午人少，体验更好'])}`,
    '',
    `**总结：** 环境 ⭐⭐⭐⭐⭐ 味道 ⭐⭐⭐⭐⭐ 服务 ⭐⭐⭐⭐，还会再来！`,
    '',
    tags(`${location}美食`, '探店', shop, '周末去哪儿', '美食打卡'),
  ].join('\n');
};

const live: Composer = (pen, topic) => {
  const product = pen.get(['product', 'topic'], topic);
  const price = pen.get(['price'], '直播间专属价');
  const points = list(pen.get(['highlights'], '品质好、用着省心、售后有保障'));
  const offer = pen.get(['offer'], '前 100 单加赠小样');
  return [
    `**直播话术：${product}**`,
    '',
    `**1. 开场暖场（1 分钟）**`,
    `"欢迎刚进直播间的宝宝们！今天给大家带来的是${product}，点点关注不迷路，福利马上开始！"`,
    '',
    `**2. 产品介绍（3 分钟）**`,
    ...points.map((p) => `- "${p}——大家看镜头，我给大家现场演示一下。"`),
    '',
    `**3. 价格对比与促单（2 分钟）**`,
    `"平时买要原价，今天在我们直播间只要 ${price}！${offer}，数量有限，拍完就恢复原价了！"`,
    `"321，上链接！已经拍到的宝宝扣个'已拍'，我看看有多少人抢到了。"`,
    '',
    `**4. 互动答疑**`,
    `"有问尺寸/用法的宝宝，把问题打在公屏上，我一个个回答。"`,
    '',
    `**5. 下播预告**`,
    `"今天的福利就到这里，明天同一时间还有更大的惊喜，记得点关注！"`,
  ].join('\n');
};

const product: Composer = (pen, topic) => {
  const name = pen.get(['product', 'topic'], topic);
  const points = list(pen.get(['highlights', 'points'], '精选材质、贴心设计、耐用省心'));
  const specs = pen.get(['specs'], '');
  const audience = pen.get(['audience'], '追求品质生活的你');
  return [
    `# ${name}`,
    '',
    `**一句话卖点：** ${pen.pick([`让每一天都更轻松的${name}`, `${name}，把好用做到细节里`, `懂你所需，${name}一步到位`])}`,
    '',
    '## 产品亮点',
    ...points
      .slice(0, 6)
      .map(
        (p, i) =>
          `${i + 1}. **${p}**：${pen.pick(['经过反复打磨，细节经得起推敲。', '日常使用中最能感受到的差别。', '让你用得安心、放心、省心。', '用过的人都说回不去了。', '看得见的用心，摸得着的品质。', '把小事做好，是我们的坚持。'])}`,
      ),
    '',
    '## 适用人群',
    `${audience}。`,
    ...(specs ? ['', '## 规格参数', ...list(specs).map((s) => `- ${s}`)] : []),
    '',
    '## 购买须知',
    '- 支持七天无理由退换（不影响二次销售）',
    '- 下单后 48 小时内发货',
    '',
    `**现在下单，把${name}带回家！**`,
  ].join('\n');
};

const slogan: Composer = (pen, topic) => {
  const brand = pen.get(['brand', 'product', 'topic'], topic);
  const keywords = list(pen.get(['keywords', 'highlights'], '品质、温度'));
  const k = keywords[0] ?? '品质';
  const k2 = keywords[1] ?? '生活';
  const pool = [
    `${brand}，${k}看得见。`,
    `${k}如初，${brand}如一。`,
    `选${brand}，选${k2}的答案。`,
    `每一份${k}，都值得被认真对待。`,
    `${brand}——让${k2}更简单。`,
    `好${k}，自己会说话。`,
    `有${brand}在，${k2}有底气。`,
    `一次遇见，${brand}长久陪伴。`,
    `把${k}做到极致，把${k2}还给你。`,
    `${brand}，${pen.pick(['不止于此', '刚刚好', '一直在'])}。`,
  ];
  return [
    `**「${brand}」标语备选**`,
    '',
    ...pen.some(pool, 8).map((s, i) => `${i + 1}. ${s}`),
    '',
    '**建议：** 标语以 8–12 字为宜，朗朗上口、能单独放在海报上。',
  ].join('\n');
};

const promo: Composer = (pen, topic) => {
  const activity = pen.get(['activity', 'topic'], topic);
  const offer = pen.get(['offer'], '全场满 199 减 50');
  const time = pen.get(['time'], '限时 3 天');
  const item = pen.get(['product'], '人气好物');
  return [
    `**🎉 ${activity} 火热开启！**`,
    '',
    `⏰ 活动时间：${time}`,
    `🎁 活动力度：${offer}`,
    `🔥 主推：${item}`,
    '',
    `${pen.pick(['一年就等这一次', '错过再等一年', '老朋友新朋友都有份'])}！${item}直降，囤货正当时。`,
    '',
    '**参与方式：**',
    '1. 进店领取优惠券',
    '2. 选购心仪商品，结算自动抵扣',
    '3. 分享给好友，再得额外惊喜',
    '',
    `**短文案：** ${activity}，${offer}，${time}，手慢无！`,
  ].join('\n');
};

const reviewReply: Composer = (pen) => {
  const review = pen.get(['review'], '顾客的评价');
  const shop = pen.get(['shop', 'brand'], '小店');
  const negative = /差|不好|失望|慢|贵|难吃|坏|投诉|退/.test(review);
  return negative
    ? [
        `**回复（致歉 + 解决）：**`,
        '',
        `亲爱的顾客您好，看到您的反馈我们非常抱歉，给您带来了不好的体验。关于您提到的"${review.slice(0, 30)}"，我们已第一时间和团队核实并改进。`,
        `麻烦您私信我们留下联系方式，${shop}会为您妥善处理，也希望还有机会让您看到我们的改变。`,
      ].join('\n')
    : [
        `**回复（感谢 + 邀约）：**`,
        '',
        `谢谢亲的认可！"${review.slice(0, 30)}"——这样的评价是${shop}最大的动力❤️`,
        `我们会继续保持用心，期待您下次光临，有任何需要随时找我们～`,
      ].join('\n');
};

const article: Composer = (pen, topic) => {
  const theme = pen.get(['topic', 'brand', 'product'], topic);
  const points = list(pen.get(['points', 'highlights', 'story'], '初心、坚持、未来'));
  return [
    `# ${theme}`,
    '',
    `${pen.pick(['每一个故事，都有一个开始。', '很多事情，回头看才明白它的意义。', '有些坚持，需要时间来证明。'])}${theme}也是这样。`,
    '',
    ...points
      .slice(0, 4)
      .flatMap((p, i) => [
        `## ${['一', '二', '三', '四'][i]}、${p}`,
        `说到${p}，${pen.pick(['它是一切的起点', '它贯穿了整个过程', '它决定了最终的样子'])}。我们始终相信，只有把${p}做扎实，${theme}才能走得更远。`,
        '',
      ]),
    `## 写在最后`,
    `${theme}的故事还在继续。谢谢每一位同行的人，未来，我们一起。`,
  ].join('\n');
};

const weeklyReport: Composer = (pen) => {
  const work = list(pen.get(['work', 'done'], '完成项目需求梳理、推进开发进度、参与团队评审'));
  const issues = list(pen.get(['issues'], '部分需求变更频繁'));
  const plan = list(pen.get(['plan'], '完成剩余功能开发、配合测试上线'));
  const role = pen.get(['role'], '');
  return [
    `# 工作周报${role ? `（${role}）` : ''}`,
    '',
    '## 一、本周工作完成情况',
    ...work.map((w, i) => `${i + 1}. ${w}：已按计划推进，进度正常。`),
    '',
    '## 二、问题与风险',
    ...issues.map((w, i) => `${i + 1}. ${w}。**应对：** 已与相关同事沟通，约定处理方案并跟进。`),
    '',
    '## 三、下周工作计划',
    ...plan.map((w, i) => `${i + 1}. ${w}`),
    '',
    '## 四、需要的支持',
    '- 暂无 / 如有需协调的资源将及时同步。',
  ].join('\n');
};

const email: Composer = (pen) => {
  const recipient = pen.get(['recipient'], '王经理');
  const purpose = pen.get(['purpose', 'topic'], '项目进展同步');
  const points = list(pen.get(['points'], '当前进度、下一步安排'));
  const sender = pen.get(['sender'], '（你的名字）');
  return [
    `**主题：** 关于${purpose}`,
    '',
    `${recipient}，您好：`,
    '',
    `就${purpose}一事，向您汇报/沟通如下：`,
    '',
    ...points.map((p, i) => `${i + 1}. ${p}；`),
    '',
    `如有任何问题或建议，请随时与我联系。感谢您的支持！`,
    '',
    `此致`,
    `敬礼`,
    '',
    `${sender}`,
  ].join('\n');
};

const recruit: Composer = (pen) => {
  const company = pen.get(['company'], '我们公司');
  const position = pen.get(['position', 'topic'], '运营专员');
  const duties = list(pen.get(['duties'], '负责日常内容运营、配合活动策划与执行'));
  const reqs = list(pen.get(['requirements'], '本科及以上学历、有相关经验优先、沟通能力强'));
  const benefits = list(pen.get(['benefits'], '五险一金、带薪年假、节日福利'));
  const salary = pen.get(['salary'], '面议');
  const location = pen.get(['location'], '');
  return [
    `# ${company}招聘：${position}`,
    '',
    `${pen.pick(['我们在找志同道合的你！', '一起做点有意思的事吧！', '期待优秀的你加入！'])}`,
    '',
    `**薪资：** ${salary}${location ? `，**地点：** ${location}` : ''}`,
    '',
    '## 岗位职责',
    ...duties.map((d, i) => `${i + 1}. ${d}`),
    '',
    '## 任职要求',
    ...reqs.map((d, i) => `${i + 1}. ${d}`),
    '',
    '## 我们提供',
    ...benefits.map((d) => `- ${d}`),
    '',
    '**投递方式：** 请将简历发送至招聘邮箱，邮件标题注明"应聘岗位 + 姓名"。',
  ].join('\n');
};

const meeting: Composer = (pen) => {
  const topic = pen.get(['topic'], '项目例会');
  const attendees = pen.get(['attendees'], '项目组全体成员');
  const points = list(pen.get(['points'], '进度回顾、问题讨论、下步安排'));
  return [
    `# 会议纪要：${topic}`,
    '',
    `**参会人员：** ${attendees}`,
    '',
    '## 议题与结论',
    ...points.map(
      (p, i) =>
        `${i + 1}. **${p}**：${pen.pick(['会上充分讨论，形成一致意见，由负责人跟进。', '明确了目标和分工，按计划推进。', '梳理了现状与风险，会后补充方案。', '各方达成共识，下次例会同步进展。', '确认了优先级，资源按需协调。'])}`,
    ),
    '',
    '## 待办事项',
    '| 事项 | 负责人 | 截止时间 |',
    '| --- | --- | --- |',
    ...points.map((p) => `| ${p} | 待定 | 待定 |`),
  ].join('\n');
};

const selfIntro: Composer = (pen) => {
  const name = pen.get(['name'], '（你的名字）');
  const background = pen.get(['background'], '有三年相关工作经验');
  const strengths = list(pen.get(['strengths'], '学习能力强、认真负责'));
  const scene = pen.get(['scene'], '面试');
  return [
    `**自我介绍（${scene}版）**`,
    '',
    `大家好，我是${name}。${background}。`,
    '',
    `我的优势有：${strengths.map((s, i) => `${i + 1}. ${s}`).join('；')}。`,
    '',
    `${scene === '面试' ? '我很期待能加入团队，用我的经验为大家创造价值。' : '很高兴认识大家，希望以后多多交流、互相学习！'}谢谢！`,
  ].join('\n');
};

const greeting: Composer = (pen, topic) => {
  const festival = pen.get(['festival', 'topic'], topic);
  const recipient = pen.get(['recipient'], '朋友');
  const style = pen.get(['style', 'tone'], '温馨');
  const forWho: Record<string, string> = {
    长辈: '愿您身体健康、福寿安康，',
    领导: '感谢您一直以来的指导与关照，祝您工作顺利、阖家幸福，',
    客户: '感谢您一路以来的信任与支持，祝您事业兴旺、万事顺意，',
    朋友: '愿你所求皆如愿，所行化坦途，',
    家人: '有你们在，就是最好的日子，',
    恋人: '往后余生，每个节日都想和你一起过，',
  };
  const wish = forWho[recipient] ?? forWho['朋友'] ?? '';
  return [
    `**${festival}祝福（送${recipient} · ${style}）**`,
    '',
    `1. ${festival}快乐！${wish}天天开心。`,
    `2. 又是一年${festival}，${pen.pick(['把最真的祝福送给最重要的你', '愿好运与你撞个满怀', '愿生活温柔，岁月静好'])}，${festival}快乐！`,
    `3. ${pen.pick(['🧧', '🎉', '🌕', '🎁'])} ${festival}到了，祝${recipient === '朋友' ? '你' : '您'}：平安喜乐，万事胜意！`,
    '',
    `**短信版：** 值此${festival}之际，${wish}${festival}快乐！`,
  ].join('\n');
};

const speech: Composer = (pen, topic) => {
  const theme = pen.get(['topic'], topic);
  const occasion = pen.get(['occasion'], '活动');
  const speaker = pen.get(['speaker'], '');
  return [
    `# ${theme}`,
    `（${occasion}${speaker ? ` · ${speaker}` : ''}发言稿）`,
    '',
    `尊敬的各位领导、亲爱的朋友们：`,
    '',
    `大家好！很荣幸能在${occasion}上和大家分享关于"${theme}"的一些想法。`,
    '',
    `**第一，${theme}首先是一种态度。** ${pen.pick(['态度决定了我们能走多远。', '只有认真对待，才能看到不一样的风景。'])}`,
    '',
    `**第二，${theme}需要行动。** 再好的想法，也要一步一步去落实。`,
    '',
    `**第三，${theme}离不开彼此。** 一个人可以走得很快，一群人才能走得更远。`,
    '',
    `最后，${pen.pick(['愿我们都能不忘初心，砥砺前行。', '让我们携手并进，共创更好的明天。'])}谢谢大家！`,
  ].join('\n');
};

const letter: Composer = (pen, topic) => {
  const recipient = pen.get(['recipient'], '你');
  const reason = pen.get(['reason', 'topic'], topic);
  const points = list(pen.get(['points'], ''));
  return [
    `亲爱的${recipient}：`,
    '',
    `提笔想了很久，还是决定把心里的话写下来。关于${reason}，${pen.pick(['我一直想好好跟你说', '我想了很多', '有些话当面说不出口'])}。`,
    '',
    ...(points.length ? points.map((p) => `${p}。`) : [`这段时间，我越来越明白你对我的重要。`]),
    '',
    `谢谢你的包容和耐心。希望我们都好好的。`,
    '',
    `${pen.pick(['想你的', '一直在的', '真心的'])}我`,
  ].join('\n');
};

const outline: Composer = (pen, topic) => {
  const theme = pen.get(['topic'], topic);
  const audience = pen.get(['audience'], '读者');
  return [
    `# 《${theme}》文章大纲`,
    '',
    `**目标读者：** ${audience}`,
    '',
    `## 开头：引出问题`,
    `- 一个真实场景或数据，让${audience}产生共鸣`,
    '',
    `## 一、${theme}是什么`,
    '- 用一句话讲清概念，配一个生活化比喻',
    '',
    `## 二、为什么重要`,
    '- 2–3 个理由，每个配一个例子',
    '',
    `## 三、怎么做`,
    '- 步骤清单（3–5 步），每步一个可执行动作',
    '',
    `## 四、常见误区`,
    '- 列出 2–3 个误区及正确做法',
    '',
    `## 结尾：总结与行动号召`,
    `- 一句金句收尾，引导${audience}留言或转发`,
  ].join('\n');
};

const press: Composer = (pen, topic) => {
  const event = pen.get(['event', 'topic'], topic);
  const company = pen.get(['company'], '本公司');
  const time = pen.get(['time'], '近日');
  const points = list(pen.get(['highlights', 'points'], '意义重大、反响热烈'));
  return [
    `# ${company}${event}`,
    '',
    `**本报讯** ${time}，${company}${event}。`,
    '',
    ...points.map((p) => `${p}。`),
    '',
    `${company}相关负责人表示：“${pen.pick(['这是我们发展历程中的重要一步。', '我们将继续以用户为中心，持续创新。'])}”`,
    '',
    `据悉，${company}将以此为契机，进一步提升服务能力。（完）`,
  ].join('\n');
};

const naming: Composer = (pen, topic) => {
  const kind = pen.get(['industry', 'topic'], topic);
  const keywords = list(pen.get(['keywords'], '温暖、自然'));
  const k = keywords[0] ?? '暖';
  const chars = [
    '拾光',
    '知味',
    '半山',
    '屿见',
    '栖木',
    '禾风',
    '朝暮',
    '云朵',
    '一隅',
    '小满',
    '慢岛',
    '森语',
  ];
  return [
    `**「${kind}」名字备选**`,
    '',
    ...pen
      .some(chars, 8)
      .map(
        (c, i) =>
          `${i + 1}. **${c}${i % 2 ? '' : k.slice(0, 1)}** —— ${pen.pick(['简短好记，有画面感', '带一点文艺气息，适合做品牌', '读起来顺口，容易传播', '寓意美好，适合长期经营'])}`,
      ),
    '',
    '**起名建议：** 2–4 个字最易记；注册前先查商标和同名店铺。',
  ].join('\n');
};

const rewrite: Composer = (pen, topic, ctx) => {
  const source = /[：:](.+)$/.exec(ctx.question)?.[1]?.trim() ?? topic;
  return [
    `**原句：** ${source}`,
    '',
    `1. **更有力量：** ${source.replace(/[。！!]$/, '')}——每一步都算数！`,
    `2. **更有画面：** 当你想放弃的时候，想想当初出发的样子：${source}`,
    `3. **更口语化：** 说真的，${source.replace(/[。！!]$/, '')}，这话一点没错。`,
    `4. **金句版：** ${pen.pick(['路虽远，行则将至', '星光不问赶路人', '慢慢来，比较快'])}，${source}`,
  ].join('\n');
};

/** A greeting or "what can you do": what the offline writer is for, with requests to try. */
const hello: Composer = (pen) =>
  [
    `${pen.pick(['你好！', '你好呀！', '嗨，你好！'])}我是内置的写作助手，擅长写短小实用的文案：朋友圈、小红书笔记、口播稿、标题、广告语、点评、祝福语等。`,
    '',
    '告诉我写什么、给谁看、多少字，比如：',
    '- 给一家社区咖啡馆写朋友圈开业文案，50字以内',
    '- 为宠物医院周年庆写3个标题',
    '- 给楼下那家川菜馆写个五星好评',
  ].join('\n');

const generic: Composer = (pen, topic, ctx) =>
  [
    `关于「${topic}」，给你一个可以直接用的思路：`,
    '',
    '**1. 先想清楚**',
    `- 写给谁看：${pen.pick(['目标人群越具体，文字越打动人', '先确定读者，再决定语气'])}`,
    `- 想让读者做什么：点赞、收藏、购买，还是记住一个观点`,
    '',
    '**2. 结构建议**',
    `- 开头一句抓注意力（提问、数字或反差）`,
    `- 中间讲 2–3 个要点，每个配一个例子`,
    `- 结尾给出行动号召`,
    '',
    '**3. 参考文案**',
    `> ${pen.pick([`说到${topic}，很多人第一反应是"难"。其实只要找对方法，${topic}也可以很简单。`, `${topic}这件事，我最近有了新的体会：慢一点，反而更快。`, `如果只能用一句话形容${topic}，我会说：值得。`])}`,
    '',
    ctx.question.length > 60
      ? '想要更具体的内容，可以告诉我使用场景、字数和风格。'
      : '告诉我使用场景、字数和风格，我可以写得更贴合。',
  ].join('\n');

const COMPOSERS: Record<string, Composer> = {
  xhs,
  moments,
  weibo,
  headline,
  video_script: videoScript,
  voiceover,
  store_visit: storeVisit,
  live,
  product,
  slogan,
  promo,
  review_reply: reviewReply,
  article,
  weekly_report: weeklyReport,
  email,
  recruit,
  meeting,
  self_intro: selfIntro,
  greeting,
  speech,
  letter,
  outline,
  press,
  naming,
  rewrite,
  hello,
  generic,
};
export const OFFLINE_KINDS = Object.keys(COMPOSERS);

/** Guesses what a free question asks for (first match wins). */
const INTENTS: [RegExp, string][] = [
  [/^(你好|您好|嗨|哈喽|hi|hello|在吗|在不在|你是谁|你能做什么|你会什么)[呀啊吗！!？?。～~\s]*$/i, 'hello'],
  [/改写|改得|润色|优化这句|换个说法/, 'rewrite'],
  [/起.{0,6}名|取.{0,4}名|名字/, 'naming'],
  [/回复.{0,8}(评价|差评|好评|评论)/, 'review_reply'],
  [/小红书|种草|笔记/, 'xhs'],
  [/朋友圈/, 'moments'],
  [/微博/, 'weibo'],
  [/标题/, 'headline'],
  [/探店/, 'store_visit'],
  [/口播|旁白/, 'voiceover'],
  [/脚本|分镜|短视频/, 'video_script'],
  [/直播/, 'live'],
  [/标语|slogan|广告语|宣传语|口号/i, 'slogan'],
  [/点评|好评|评价/, 'review'],
  [/促销|活动文案|大促|双十一|618/, 'promo'],
  [/详情页|商品详情|卖点/, 'product'],
  [/周报|工作总结|月报/, 'weekly_report'],
  [/邮件/, 'email'],
  [/招聘/, 'recruit'],
  [/会议纪要/, 'meeting'],
  [/自我介绍/, 'self_intro'],
  [/祝福|春节|新年|中秋|端午|生日快乐|元旦|国庆|七夕|圣诞/, 'greeting'],
  [/演讲|致辞|发言稿/, 'speech'],
  [/大纲|提纲/, 'outline'],
  [/新闻稿/, 'press'],
  [/道歉信|情书|一封信/, 'letter'],
];

export const kindForQuestion = (question: string): string =>
  INTENTS.find(([re]) => re.test(question))?.[1] ?? 'generic';

/** Kinds written as short copy; with a length limit, the others that can be short are too. */
const SHORT_KINDS: ReadonlySet<string> = new Set(['moments', 'slogan', 'headline', 'review', 'voiceover']);
const SHORT_WHEN_LIMITED: Record<string, ShortGenre> = {
  xhs: 'xhs',
  store_visit: 'review',
  generic: 'generic',
  weibo: 'generic',
  promo: 'generic',
  product: 'slogan',
  live: 'voiceover',
  video_script: 'voiceover',
};
/** The longest limit that still asks for short copy. */
const SHORT_COPY_MAX = 300;
const shortGenreOf = (kind: string, limited: boolean): ShortGenre | undefined =>
  SHORT_KINDS.has(kind) ? (kind as ShortGenre) : limited ? SHORT_WHEN_LIMITED[kind] : undefined;

const RECIPIENTS = /^(长辈|领导|客户|朋友|家人|恋人|老师|同事|父母|爸妈)$/;

/** The fields a template would have asked for, read from a free request. */
const fieldsFromRequest = (kind: string, request: CopyRequest): Record<string, string> => {
  const { subject, occasion, details, seconds } = request;
  const named = `${subject}${occasion ?? ''}`;
  const fields: Record<string, string> = {
    topic: kind === 'greeting' ? (occasion ?? subject) : named,
    // A shop is not the product it sells: product copy then keeps its own default wording.
    ...(isPlaceName(subject) ? { shop: subject } : { product: subject, shop: subject }),
    brand: subject,
    highlights: details.join('、'),
    keywords: details.join('、'),
    festival: occasion ?? '',
    recipient: kind === 'greeting' && RECIPIENTS.test(subject) ? subject : '',
    duration: seconds ? `${seconds}秒` : '',
    activity: named,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v));
};

/** Normalised sentences of an answer: markdown, numbering and "label：" prefixes taken off. */
const sentencesOf = (text: string): string[] =>
  text
    .split(/[。！？!?\n]/)
    .map((part) =>
      part
        .replace(/^[\s>#*\-\d.、①②③④⑤|]+/, '')
        .replace(/^\*\*[^*]{1,20}\*\*[：:]\s*/, '')
        .replace(/[*\s]/g, ''),
    )
    .filter((sentence) => Array.from(sentence).length >= 6);

/**
 * Drops a sentence already said earlier in the answer (a last guard: the composers pick wordings without
 * repeating, but a field can repeat what a fixed line says).
 */
const dropRepeatedSentences = (text: string): string => {
  const seen = new Set<string>();
  return text
    .split('\n')
    .map((line) =>
      line
        .split(/(?<=[。！？!?])/)
        .filter((piece) => {
          const [key] = sentencesOf(piece);
          if (!key) return true;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .join(''),
    )
    .join('\n');
};

/** Characters a reader counts in a piece: markdown, numbering and spaces aside. */
const visibleLength = (text: string): number =>
  Array.from(
    text
      .split('\n')
      .map((line) => line.replace(/^[\s>#-]*(\d+\.\s*)?/, ''))
      .join('')
      .replace(/[*\s]/g, ''),
  ).length;

/**
 * Keeps a long piece within the characters asked for ("500字以内"): whole lines from the end go first, then the
 * last line is cut at a sentence end, so what stays reads finished.
 */
const fitToLimit = (body: string, maxChars: number): string => {
  const lines = body.split('\n');
  while (lines.length > 1 && visibleLength(lines.join('\n')) > maxChars) lines.pop();
  let text = lines.join('\n').trimEnd();
  if (visibleLength(text) <= maxChars) return text;
  const sentences = text.split(/(?<=[。！？!?])/);
  while (sentences.length > 1 && visibleLength(sentences.join('')) > maxChars) sentences.pop();
  text = sentences.join('');
  if (visibleLength(text) <= maxChars) return text;
  // One sentence longer than the whole limit: cut it and close it.
  const chars = Array.from(text);
  while (chars.length && visibleLength(chars.join('')) > maxChars - 1) chars.pop();
  return `${chars.join('').replace(/[，、；：,]$/, '')}。`;
};

/** Wordings that write a template run's extra wishes into the copy itself. */
const WISH_LINES = [
  (points: string) => `还想特别说说${points}，值得你专门来一趟。`,
  (points: string) => `另外，${points}也已经准备好了，等你来体验。`,
  (points: string) => `别忘了${points}，这也是我们用心准备的一部分。`,
];

/**
 * A template run's extra wishes ("顺便提一下周末的手冲咖啡体验课"): the points understood from them (never the
 * request pasted back) join the template's own highlights, so composers that write from highlights work them in;
 * what the composer still left out is written as one more sentence of the copy.
 */
const withWishes = (fields: Fields, points: string[]): Fields => {
  if (!points.length) return fields;
  const merge = (name: string) => [...new Set([...list(fields[name] ?? ''), ...points])].join('、');
  return { ...fields, highlights: merge('highlights'), keywords: merge('keywords') };
};
const writeInWishes = (body: string, points: string[], pen: Pen): string => {
  const missing = points.filter((point) => !body.includes(point));
  if (!missing.length) return body;
  const paragraphs = body.split('\n');
  // Before the closing hashtags or sign-off when there is one, else at the end.
  const at = paragraphs.findIndex((line, i) => i > 0 && /^#|^\s*$/.test(line) && paragraphs.slice(i).every((l) => /^#|^\s*$/.test(l)));
  const sentence = pen.pick(WISH_LINES)(missing.join('、'));
  if (at < 0) return `${body.trimEnd()}\n${sentence}`;
  return [...paragraphs.slice(0, at), sentence, ...paragraphs.slice(at)].join('\n');
};

/** The whole offline answer, with the offline label once at the end. */
export const composeOffline = (ctx: GenerationContext): string => {
  const question = ctx.question.trim();
  const request = readRequest(question);
  const kind =
    ctx.template?.kind && COMPOSERS[ctx.template.kind] ? ctx.template.kind : kindForQuestion(question);
  // A template run's extra wishes: the points understood from them, written into the copy below.
  const wishes = ctx.template ? [request.subject, request.occasion, ...request.details].filter((p): p is string => !!p) : [];
  const fields = ctx.template
    ? withWishes(ctx.fields ?? {}, wishes)
    : { ...fieldsFromRequest(kind, request), ...ctx.fields };
  const topic =
    fields.topic?.trim() || fields.product?.trim() || request.subject || ctx.template?.title || '这个主题';
  const pen = new Pen(fields, (ctx.seed ?? 0) ^ hash(`${kind}|${question}|${JSON.stringify(fields)}`));
  // "50字以内" asks for short copy; "2000字的长文" asks for a long piece, which the full composers write.
  const limited = request.maxChars !== undefined && request.maxChars <= SHORT_COPY_MAX;
  const short = shortGenreOf(kind, limited);
  let body: string;
  if (short && (!ctx.template || limited)) {
    const subject = ctx.template ? topic : request.subject;
    const details = ctx.template ? list(fields.highlights ?? fields.keywords ?? '') : request.details;
    body = composeShortCopy(short, { ...request, subject, details }, pen.random);
  } else {
    body = writeInWishes((COMPOSERS[kind] ?? generic)(pen, topic, ctx), wishes, pen);
    // A long piece with a limit over the short-copy range ("500字以内") is kept within it too.
    if (request.maxChars !== undefined) body = fitToLimit(body, request.maxChars);
  }
  return `${dropRepeatedSentences(body)}\n\n${OFFLINE_SIGNATURE}`;
};

/**
 * What comes after `partial` in `whole` (a stopped offline answer being continued). The composer is
 * deterministic for a context and seed, so a stopped answer is a prefix of the whole one; an answer the user
 * edited since is found by its last characters, and when even those are gone only the label is added.
 */
export const continueText = (whole: string, partial: string): string => {
  if (whole.startsWith(partial)) return whole.slice(partial.length);
  const tail = Array.from(partial.trimEnd()).slice(-8).join('');
  const at = tail.length >= 4 ? whole.lastIndexOf(tail) : -1;
  if (at >= 0) return whole.slice(at + tail.length);
  return `\n\n${OFFLINE_SIGNATURE}`;
};

/** A short message that asks for more of what came before ("继续", "再来几个更文艺的", "换一版"). */
const FOLLOW_UP_RE =
  /^(继续|接着|然后呢|再来|再写|再给|再出|再多|还有吗|还有呢|换一|换个|重新写|重写|多来|多写|更|go on|continue|more)/i;
export const isFollowUp = (question: string) =>
  Array.from(question.trim()).length <= 24 && FOLLOW_UP_RE.test(question.trim());

/**
 * A follow-up in a conversation is about the topic asked before: the offline engine writes another version of
 * the last real request (not 关于「继续」), saying so in its first line. Other questions are left as they are.
 */
export const followUpContext = (
  ctx: GenerationContext,
  messages: ChatTurn[],
): { ctx: GenerationContext; lead?: string } => {
  if (ctx.template || !isFollowUp(ctx.question)) return { ctx };
  const asked = messages.filter((m) => m.role === 'user').map((m) => m.content.trim());
  // The last one is this question; before it, the latest that is not itself a follow-up.
  const at = asked.lastIndexOf(ctx.question.trim());
  const earlier = asked
    .slice(0, at >= 0 ? at : -1)
    .reverse()
    .find((q) => q && !isFollowUp(q));
  if (!earlier) return { ctx };
  const subject = readRequest(earlier).subject || Array.from(earlier).slice(0, 12).join('');
  return {
    ctx: { ...ctx, question: earlier, seed: ((ctx.seed ?? 0) ^ hash(ctx.question)) + 1 },
    lead: `接着上面「${subject}」的话题，再给你写一版：\n\n`,
  };
};
