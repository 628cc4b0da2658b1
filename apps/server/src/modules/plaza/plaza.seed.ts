import { and, eq, inArray } from 'drizzle-orm';
import { ArticleCategory, DEFAULT_TENANT_ID, type ArticleMedia } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/identity/identity.table.js';
import { markdownSummary } from './plaza.service.js';
import { articleComments, articleLikes, articles, publisherStanding } from './plaza.table.js';

const HOUR = 3600_000;
const img = (name: string) => `/static/plaza/${name}`;

interface SeedAuthor {
  account: string;
  nickName: string;
  avatar: string;
  introduction: string;
}

/** Demo authors of the plaza (no phone, no password: they cannot log in). */
export const PLAZA_AUTHORS: SeedAuthor[] = [
  {
    account: 'plaza_lin',
    nickName: '林间小鹿',
    avatar: img('avatar-lin.svg'),
    introduction: '插画爱好者，用 AI 画每天的心情',
  },
  {
    account: 'plaza_zhou',
    nickName: '周末去哪儿',
    avatar: img('avatar-zhou.svg'),
    introduction: '旅行博主，记录路上的风景',
  },
  {
    account: 'plaza_chen',
    nickName: '陈老师讲文案',
    avatar: img('avatar-chen.svg'),
    introduction: '十年广告文案，分享 AI 写作技巧',
  },
  {
    account: 'plaza_su',
    nickName: '苏小厨',
    avatar: img('avatar-su.svg'),
    introduction: '家常菜和探店，吃是人生大事',
  },
  {
    account: 'plaza_wang',
    nickName: '王同学的短视频',
    avatar: img('avatar-wang.svg'),
    introduction: '大学生 UP 主，AI 剪辑入门中',
  },
  {
    account: 'plaza_he',
    nickName: '禾木',
    avatar: img('avatar-he.svg'),
    introduction: '慢生活，喝茶、读书、拍照',
  },
];

interface SeedWork {
  key: string;
  author: number;
  categoryId: number;
  title: string;
  content: string;
  images?: string[];
  media?: ArticleMedia;
  hoursAgo: number;
  likedBy?: number[];
  comments?: { by: number; text: string; replies?: { by: number; text: string }[] }[];
}

const A = ArticleCategory;

/** A few dozen works across the plaza categories, with likes and comments between the demo authors. */
const WORKS: SeedWork[] = [
  {
    key: 'w01',
    author: 0,
    categoryId: A.Drawing,
    title: '用 AI 画了一棵会飘花瓣的樱花树',
    content:
      '提示词：**春日、樱花、微风、柔和粉色、扁平插画**。\n\n生成了四张，挑了最喜欢的一张。花瓣的随机感特别自然，像真的有风吹过。',
    images: [img('spring-blossom.png')],
    hoursAgo: 2,
    likedBy: [1, 2, 3, 5],
    comments: [
      { by: 5, text: '好治愈的配色！', replies: [{ by: 0, text: '谢谢～粉色和浅绿是绝配' }] },
      { by: 3, text: '求提示词原文' },
    ],
  },
  {
    key: 'w02',
    author: 1,
    categoryId: A.Post,
    title: '海边日落，等了两个小时',
    content:
      '傍晚六点半的海面，太阳一点点沉下去，远处有一艘小帆船。\n\n配文是让 AI 帮我写的：“把今天的温柔，都留给这片海。”',
    images: [img('sunset-sea.png')],
    hoursAgo: 5,
    likedBy: [0, 2, 3, 4, 5],
    comments: [
      { by: 4, text: '这是在哪里拍的？' },
      { by: 1, text: '厦门环岛路，推荐傍晚去' },
    ],
  },
  {
    key: 'w03',
    author: 2,
    categoryId: A.Article,
    title: '三个公式，让 AI 写出有点击欲的标题',
    content: [
      '很多朋友问我，AI 写的标题为什么总是平平无奇？问题往往出在提问方式。',
      '## 公式一：数字 + 结果',
      '例如：“**7 天**学会用 AI 做短视频，**零基础**也能上手”。数字让读者对收获有预期。',
      '## 公式二：反常识',
      '例如：“别再每天写日报了，让 AI 帮你 3 分钟搞定”。',
      '## 公式三：身份 + 痛点',
      '例如：“宝妈必看：孩子不爱吃饭，试试这 5 道快手菜”。',
      '> 小技巧：把目标人群、平台风格和字数限制一起告诉 AI，效果会好很多。',
    ].join('\n\n'),
    images: [img('poster-copy.svg')],
    hoursAgo: 8,
    likedBy: [0, 1, 3, 4, 5],
    comments: [
      { by: 4, text: '公式二学到了', replies: [{ by: 2, text: '反常识的标题要注意别变成标题党哦' }] },
      { by: 0, text: '收藏了，明天试试' },
    ],
  },
  {
    key: 'w04',
    author: 3,
    categoryId: A.Post,
    title: '降温了，来一顿热乎乎的火锅',
    content:
      '今天的锅底是番茄和麻辣鸳鸯，配菜有肥牛、虾滑、豆腐和茼蒿。\n\n冬天最幸福的事，就是和朋友围着火锅聊天。',
    images: [img('hotpot.png')],
    hoursAgo: 11,
    likedBy: [1, 4, 5],
    comments: [{ by: 1, text: '看饿了……' }],
  },
  {
    key: 'w05',
    author: 4,
    categoryId: A.Video,
    title: '一分钟看懂：怎样用 AI 把文章变成短视频',
    content:
      '这条视频就是用“AI 成片”做的：粘贴文章 → 选模板 → 选配音 → 一键生成。\n\n全程不到三分钟，字幕和配乐都是自动加的。',
    media: {
      type: 'video',
      url: '/static/plaza/demo-video.mp4',
      poster: img('video-cover.png'),
      duration: 15,
    },
    images: [img('video-cover.png')],
    hoursAgo: 14,
    likedBy: [0, 1, 2, 3],
    comments: [{ by: 2, text: '节奏很好，配音选的哪个音色？', replies: [{ by: 4, text: '用的“温柔女声”' }] }],
  },
  {
    key: 'w06',
    author: 5,
    categoryId: A.Post,
    title: '午后一杯绿茶',
    content: '泡的是今年的明前龙井，第二泡最香。\n\n窗外下着小雨，读了几页书，很安静的一个下午。',
    images: [img('tea.png')],
    hoursAgo: 18,
    likedBy: [0, 3],
  },
  {
    key: 'w07',
    author: 0,
    categoryId: A.Drawing,
    title: '城市夜景：每一扇亮着的窗都是一个故事',
    content: '尝试了“赛博朋克 + 极简”的风格，效果比想象中安静。\n\n你觉得哪一扇窗后面的人还没睡？',
    images: [img('city-night.png'), img('starry-sky.png')],
    hoursAgo: 22,
    likedBy: [1, 2, 4],
    comments: [
      { by: 4, text: '可以做成手机壁纸吗？' },
      { by: 0, text: '可以呀，随便用' },
    ],
  },
  {
    key: 'w08',
    author: 1,
    categoryId: A.Article,
    title: '新疆自驾十日：从喀纳斯到禾木',
    content: [
      '## 行程',
      '| 天数 | 路线 | 亮点 |\n|---|---|---|\n| 1-2 | 乌鲁木齐 → 布尔津 | 五彩滩日落 |\n| 3-4 | 喀纳斯 | 神仙湾晨雾 |\n| 5 | 禾木 | 木屋与炊烟 |\n| 6-10 | 伊犁 | 赛里木湖、那拉提 |',
      '## 准备',
      '- 提前订好禾木的住宿，旺季很紧张\n- 昼夜温差大，带一件厚外套\n- 路上加油站间隔较远，油量过半就加',
      '这篇游记的初稿是让 AI 根据我的行程笔记整理的，我再补充了细节。',
    ].join('\n\n'),
    images: [img('mountain-lake.png'), img('forest.png'), img('snow.png')],
    hoursAgo: 26,
    likedBy: [0, 2, 3, 4, 5],
    comments: [
      { by: 5, text: '禾木真的太美了，我的名字就是从那里来的', replies: [{ by: 1, text: '哈哈原来如此！' }] },
      { by: 3, text: '路线表格很实用' },
    ],
  },
  {
    key: 'w09',
    author: 2,
    categoryId: A.Article,
    title: '写好产品文案的五个检查点',
    content: [
      '写完文案，用这五个问题检查一遍：',
      '1. **说给谁听？** 目标用户是否清楚。\n2. **解决什么问题？** 第一句话就要点出痛点。\n3. **凭什么信你？** 有没有数据、案例或证言。\n4. **现在就行动？** 是否给出明确的下一步。\n5. **读起来顺吗？** 大声读一遍，卡住的地方就改。',
      'AI 可以帮你快速出初稿，但这五个问题，最好自己把关。',
    ].join('\n\n'),
    hoursAgo: 30,
    likedBy: [4, 5],
  },
  {
    key: 'w10',
    author: 3,
    categoryId: A.Article,
    title: '十分钟搞定的快手早餐：咖啡配吐司',
    content:
      '## 材料\n\n- 吐司两片\n- 鸡蛋一个\n- 牛奶、咖啡粉\n\n## 做法\n\n1. 吐司放入平底锅，小火煎至两面金黄。\n2. 鸡蛋打散，煎成嫩滑的炒蛋。\n3. 咖啡粉加热水，再倒入温牛奶。\n\n简单，但足够让一天有个好开始。',
    images: [img('coffee.png')],
    hoursAgo: 35,
    likedBy: [0, 1, 5],
    comments: [{ by: 5, text: '咖啡拉花是怎么做的？' }],
  },
  {
    key: 'w11',
    author: 4,
    categoryId: A.Post,
    title: '宿舍楼下的橘猫又来了',
    content:
      '它每天傍晚六点准时出现，吃完就在台阶上晒最后一点太阳。\n\n用 AI 给它画了一张“证件照”，室友说比本猫还胖。',
    images: [img('cat.png')],
    hoursAgo: 40,
    likedBy: [0, 1, 2, 3, 5],
    comments: [
      {
        by: 0,
        text: '太可爱了！',
        replies: [
          { by: 4, text: '本猫更可爱（但更凶）' },
          { by: 3, text: '它叫什么名字？' },
        ],
      },
    ],
  },
  {
    key: 'w12',
    author: 5,
    categoryId: A.Drawing,
    title: '竹林里的大熊猫',
    content: '给侄子画的睡前故事插图，他说熊猫的黑眼圈像他熬夜的爸爸。',
    images: [img('panda.png')],
    hoursAgo: 46,
    likedBy: [0, 3, 4],
  },
  {
    key: 'w13',
    author: 0,
    categoryId: A.Drawing,
    title: '沙漠里的仙人掌',
    content: '用了暖色调渐变，想要一种“热但是很安静”的感觉。',
    images: [img('desert.png')],
    hoursAgo: 52,
    likedBy: [1],
  },
  {
    key: 'w14',
    author: 1,
    categoryId: A.Post,
    title: '第一次看到这么多星星',
    content: '在郊外的山上，关掉手电筒，银河就在头顶。\n\n拍不出来，只能让 AI 帮我画下来。',
    images: [img('starry-sky.png')],
    hoursAgo: 58,
    likedBy: [0, 5],
    comments: [{ by: 0, text: '画得很像那种感觉' }],
  },
  {
    key: 'w15',
    author: 2,
    categoryId: A.Video,
    title: 'AI 配音实测：普通话、粤语、英语三种音色对比',
    content: '同一段文案，分别用三种音色生成配音，听听哪个更适合你的视频。',
    media: { type: 'audio', url: '/static/plaza/demo-dub.mp3', duration: 10 },
    images: [img('poster-dub.svg')],
    hoursAgo: 64,
    likedBy: [3, 4],
    comments: [{ by: 4, text: '粤语那段好有味道' }],
  },
  {
    key: 'w16',
    author: 3,
    categoryId: A.Post,
    title: '元宵节的灯笼',
    content: '小区门口挂满了红灯笼，晚上亮起来特别有年味。\n\n今年的汤圆是芝麻馅的，你们吃甜的还是咸的？',
    images: [img('lantern.png')],
    hoursAgo: 72,
    likedBy: [0, 1, 2, 4, 5],
    comments: [{ by: 1, text: '当然是甜的！', replies: [{ by: 2, text: '咸的鲜肉汤圆也很好吃' }] }],
  },
  {
    key: 'w17',
    author: 4,
    categoryId: A.Article,
    title: '大学生做短视频的第一个月：我学到了什么',
    content: [
      '## 1. 先完成，再完美',
      '第一条视频只有 12 个播放，但它让我知道整个流程怎么走。',
      '## 2. 选题比剪辑重要',
      '同样的剪辑水平，选题对了播放量能差十倍。',
      '## 3. 让 AI 做重复的事',
      '字幕、配音、封面标题交给 AI，我把时间花在想创意上。',
    ].join('\n\n'),
    hoursAgo: 80,
    likedBy: [2],
  },
  {
    key: 'w18',
    author: 5,
    categoryId: A.Article,
    title: '雪后的早晨',
    content:
      '推开门，世界是安静的白色。\n\n> 雪落下的声音，是冬天写给大地的信。\n\n这句是 AI 帮我续写的，我很喜欢。',
    images: [img('snow.png')],
    hoursAgo: 90,
    likedBy: [0, 1],
  },
  {
    key: 'w19',
    author: 0,
    categoryId: A.Drawing,
    title: '给 AI 助手画了一张自画像',
    content: '问它“你觉得自己长什么样”，它说：“圆圆的屏幕，亮亮的眼睛，头上有一根会发光的天线。”',
    images: [img('ai-robot.png')],
    hoursAgo: 100,
    likedBy: [1, 2, 3, 4, 5],
    comments: [
      { by: 2, text: '这个创意太好了' },
      { by: 5, text: '天线是粉色的，好可爱' },
    ],
  },
  {
    key: 'w20',
    author: 1,
    categoryId: A.Article,
    title: '周末去哪儿：城市周边的五个小众徒步地',
    content:
      '1. 山间水库环线，全程 8 公里\n2. 竹林古道，适合夏天\n3. 湖边栈道，推荐日落时分\n4. 古村落石板路，可以顺便吃农家菜\n5. 森林公园的小溪步道，带孩子也合适\n\n出发前记得看天气，带够水。',
    images: [img('forest.png'), img('mountain-lake.png')],
    hoursAgo: 110,
    likedBy: [3, 5],
  },
  {
    key: 'w21',
    author: 2,
    categoryId: A.Post,
    title: '今天的灵感：一句话文案',
    content: '给咖啡店写的：**“早安，是一杯刚刚好的温度。”**\n\n你会怎么写？评论区见。',
    hoursAgo: 120,
    likedBy: [0, 3, 5],
    comments: [
      { by: 3, text: '“醒来的理由，在杯子里。”' },
      { by: 0, text: '“把清晨，调成你喜欢的浓度。”' },
    ],
  },
  {
    key: 'w22',
    author: 3,
    categoryId: A.Drawing,
    title: '把菜谱画成插画',
    content: '番茄炒蛋的四个步骤，画成了四格小漫画，贴在冰箱上很方便。',
    images: [img('hotpot.png'), img('coffee.png')],
    hoursAgo: 130,
    likedBy: [4],
  },
  {
    key: 'w23',
    author: 4,
    categoryId: A.Video,
    title: '30 秒校园 vlog：樱花季',
    content: '图书馆门前的樱花开了，用 AI 自动配了字幕和音乐。',
    media: {
      type: 'video',
      url: '/static/plaza/demo-video.mp4',
      poster: img('spring-blossom.png'),
      duration: 15,
    },
    images: [img('spring-blossom.png')],
    hoursAgo: 140,
    likedBy: [0, 1, 5],
  },
  {
    key: 'w24',
    author: 5,
    categoryId: A.Post,
    title: '读书笔记：慢下来',
    content: '“生活不是赛跑，而是一段旅行。”\n\n最近每天读二十页书，睡前不看手机，睡眠好了很多。',
    hoursAgo: 150,
    likedBy: [1, 2],
  },
  {
    key: 'w25',
    author: 0,
    categoryId: A.Drawing,
    title: '湖光山色',
    content: '尝试了更写实的风格，但还是保留了一点扁平感。',
    images: [img('mountain-lake.png')],
    hoursAgo: 165,
    likedBy: [1, 5],
  },
  {
    key: 'w26',
    author: 1,
    categoryId: A.Post,
    title: '雪山下的小木屋',
    content: '住了一晚，早上被阳光叫醒。推开窗就是雪山，这大概就是旅行的意义。',
    images: [img('snow.png'), img('forest.png')],
    hoursAgo: 180,
    likedBy: [0, 2, 3],
  },
  {
    key: 'w27',
    author: 2,
    categoryId: A.Article,
    title: '如何向 AI 提问：把“帮我写”换成“请你扮演”',
    content: [
      '与其说“帮我写一段介绍”，不如试试：',
      '```\n请你扮演一位有十年经验的旅行编辑，\n为一家海边民宿写一段 80 字以内的介绍，\n语气温暖，突出日落和安静。\n```',
      '角色、任务、限制、风格——四要素齐全，AI 的回答会具体得多。',
    ].join('\n\n'),
    images: [img('poster-copy.svg')],
    hoursAgo: 200,
    likedBy: [0, 1, 3, 4, 5],
    comments: [{ by: 1, text: '试了一下，确实好很多' }],
  },
  {
    key: 'w28',
    author: 3,
    categoryId: A.Article,
    title: '一人食：番茄牛腩饭',
    content: '牛腩焯水后和番茄一起炖一个小时，汤汁浓稠，浇在米饭上。\n\n一个人也要好好吃饭。',
    hoursAgo: 220,
    likedBy: [5],
  },
  {
    key: 'w29',
    author: 4,
    categoryId: A.Post,
    title: '剪辑到凌晨两点的成果',
    content: '第一次做了一条三分钟的完整视频，虽然很累，但看到成片的那一刻很值得。',
    images: [img('city-night.png')],
    hoursAgo: 240,
    likedBy: [2, 3],
    comments: [{ by: 3, text: '早点休息呀' }],
  },
  {
    key: 'w30',
    author: 5,
    categoryId: A.Drawing,
    title: '月下的竹林',
    content: '同一片竹林，换成夜晚和月光，就是另一种心情。',
    images: [img('panda.png'), img('starry-sky.png')],
    hoursAgo: 260,
    likedBy: [0],
  },
  {
    key: 'w31',
    author: 0,
    categoryId: A.Post,
    title: '我的 AI 绘画小结：第 100 张',
    content: '从第一张歪歪扭扭的小猫，到现在能画出满意的风景。\n\n最大的收获：**提示词越具体，惊喜越多**。',
    images: [img('cat.png'), img('spring-blossom.png'), img('desert.png')],
    hoursAgo: 280,
    likedBy: [1, 2, 3, 4, 5],
    comments: [{ by: 4, text: '第 100 张，恭喜！' }],
  },
  {
    key: 'w32',
    author: 1,
    categoryId: A.Video,
    title: '海边日落延时',
    content: '四十分钟压缩成二十秒，配音是 AI 生成的旁白。',
    media: {
      type: 'video',
      url: '/static/plaza/demo-video.mp4',
      poster: img('sunset-sea.png'),
      duration: 15,
    },
    images: [img('sunset-sea.png')],
    hoursAgo: 300,
    likedBy: [0, 5],
  },
  {
    key: 'w33',
    author: 2,
    categoryId: A.Article,
    title: '短视频脚本模板：开头三秒怎么抓人',
    content:
      '- **提问式**：“你知道为什么……？”\n- **反差式**：先展示结果，再讲过程\n- **共鸣式**：“是不是只有我……”\n\n开头定了，后面就顺了。',
    images: [img('poster-video.svg')],
    hoursAgo: 330,
    likedBy: [4],
  },
  {
    key: 'w34',
    author: 3,
    categoryId: A.Post,
    title: '路边小店的一碗面',
    content: '老板做了三十年的牛肉面，汤是每天凌晨熬的。\n\n有些味道，AI 也写不出来。',
    hoursAgo: 360,
    likedBy: [1, 4, 5],
  },
  {
    key: 'w35',
    author: 5,
    categoryId: A.Post,
    title: '周日的茶席',
    content: '一壶茶，两本书，三五好友。\n\n这样的周末，不需要去远方。',
    images: [img('tea.png')],
    hoursAgo: 400,
    likedBy: [0, 1, 2],
  },
  {
    key: 'w36',
    author: 4,
    categoryId: A.Article,
    title: '给新手的 AI 工具清单',
    content:
      '| 需求 | 功能 |\n|---|---|\n| 写标题、文案 | AI 文案 |\n| 画封面、插画 | AI 绘画 |\n| 做旁白 | AI 配音 |\n| 文章变视频 | AI 成片 |\n\n先从一个功能用熟，再慢慢组合。',
    hoursAgo: 450,
    likedBy: [0, 2, 3],
  },
];

/** Accounts seeded for demos, whose posts skip the new-account review (先审后发). */
const DEMO_PUBLISHERS = ['demo', 'demovip', ...PLAZA_AUTHORS.map((a) => a.account)];

/** The seeded demo accounts count as established publishers (idempotent). */
const vouchForDemoAccounts = async (db: Db, tenantId: number, now: Date) => {
  const demo = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.account, DEMO_PUBLISHERS)));
  if (!demo.length) return;
  await db
    .insert(publisherStanding)
    .values(demo.map(({ id }) => ({ tenantId, userId: id, establishedAt: now })))
    .onConflictDoNothing();
};

/** Seeds the plaza's demo authors and works (idempotent: a work with a known seed key is never added twice). */
export const seedPlaza = async (db: Db, now: Date, tenantId = DEFAULT_TENANT_ID): Promise<void> => {
  await db
    .insert(users)
    .values(
      PLAZA_AUTHORS.map((a) => ({
        tenantId,
        account: a.account,
        nickName: a.nickName,
        avatar: a.avatar,
        introduction: a.introduction,
        roles: ['user'],
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(
          users.account,
          PLAZA_AUTHORS.map((a) => a.account),
        ),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.account, r.id]));
  const authorId = (index: number) => idOf.get(PLAZA_AUTHORS[index]!.account)!;
  await vouchForDemoAccounts(db, tenantId, now);

  const existing = await db
    .select({ seedKey: articles.seedKey })
    .from(articles)
    .where(
      and(
        eq(articles.tenantId, tenantId),
        inArray(
          articles.seedKey,
          WORKS.map((w) => w.key),
        ),
      ),
    );
  const done = new Set(existing.map((e) => e.seedKey));

  for (const work of WORKS) {
    if (done.has(work.key)) continue;
    const publishedAt = new Date(now.getTime() - work.hoursAgo * HOUR);
    await db.transaction(async (tx) => {
      const likers = work.likedBy ?? [];
      const commentCount = (work.comments ?? []).reduce((n, c) => n + 1 + (c.replies?.length ?? 0), 0);
      const [row] = await tx
        .insert(articles)
        .values({
          tenantId,
          userId: authorId(work.author),
          categoryId: work.categoryId,
          title: work.title,
          content: work.content,
          summary: markdownSummary(work.content),
          cover: null,
          images: work.images ?? [],
          media: work.media ?? null,
          status: 'published',
          likeCount: likers.length,
          commentCount,
          readCount: likers.length * 7 + commentCount * 3 + 5,
          shareCount: Math.floor(likers.length / 2),
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
          seedKey: work.key,
        })
        .onConflictDoNothing()
        .returning({ id: articles.id });
      if (!row) return;
      if (likers.length) {
        await tx.insert(articleLikes).values(
          likers.map((liker, i) => ({
            tenantId,
            articleId: row.id,
            userId: authorId(liker),
            createdAt: new Date(publishedAt.getTime() + (i + 1) * 10 * 60_000),
          })),
        );
      }
      let minute = 15;
      for (const comment of work.comments ?? []) {
        const [top] = await tx
          .insert(articleComments)
          .values({
            tenantId,
            articleId: row.id,
            userId: authorId(comment.by),
            content: comment.text,
            createdAt: new Date(publishedAt.getTime() + minute * 60_000),
          })
          .returning({ id: articleComments.id });
        minute += 7;
        for (const reply of comment.replies ?? []) {
          await tx.insert(articleComments).values({
            tenantId,
            articleId: row.id,
            userId: authorId(reply.by),
            parentId: top!.id,
            content: reply.text,
            createdAt: new Date(publishedAt.getTime() + minute * 60_000),
          });
          minute += 5;
        }
      }
    });
  }
};
