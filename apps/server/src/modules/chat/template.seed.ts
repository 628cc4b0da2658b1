import { sql } from 'drizzle-orm';
import type { TemplateField } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { seedTranslations } from '../../platform/i18n/stored-translations.js';
import { promptTemplateCategories, promptTemplates } from './chat.table.js';
import { TEMPLATE_FIELD_CATALOGUE } from './template-fields.translations.js';
import { TEMPLATE_CATALOGUE } from './template.translations.js';

const CATALOGUE = { ...TEMPLATE_CATALOGUE, ...TEMPLATE_FIELD_CATALOGUE };

/**
 * Seed of the prompt templates (`/pages/index/temps/index`): real Chinese templates in six categories.
 * Each has a system prompt and a user prompt with `{{field}}` placeholders for an OpenAI-compatible
 * model, and a `kind` naming the offline composer that writes it without one.
 */

const text = (
  name: string,
  label: string,
  placeholder: string,
  required = true,
  maxLength = 100,
): TemplateField => ({
  name,
  label,
  placeholder,
  required,
  maxLength,
  type: 'text',
});
const area = (
  name: string,
  label: string,
  placeholder: string,
  required = true,
  maxLength = 500,
): TemplateField => ({
  name,
  label,
  placeholder,
  required,
  maxLength,
  type: 'textarea',
});
const select = (name: string, label: string, options: string[], required = false): TemplateField => ({
  name,
  label,
  placeholder: `请选择${label}`,
  required,
  maxLength: 20,
  type: 'select',
  options,
});

const tone = select('tone', '语气风格', ['活泼', '真诚', '专业', '幽默', '温暖']);
const audience = text('audience', '目标人群', '例如：25-35 岁的职场女性', false, 50);

interface SeedCategory {
  code: string;
  name: string;
  icon: string;
}
interface SeedTemplate {
  code: string;
  category: string;
  title: string;
  description: string;
  kind: string;
  fields: TemplateField[];
  systemPrompt: string;
  prompt: string;
  example: string;
}

const SEED_TEMPLATE_CATEGORIES: SeedCategory[] = [
  { code: 'social', name: '社交媒体', icon: '/static/images/temps/social.svg' },
  { code: 'video', name: '短视频', icon: '/static/images/temps/video.svg' },
  { code: 'ecommerce', name: '电商营销', icon: '/static/images/temps/ecommerce.svg' },
  { code: 'work', name: '职场办公', icon: '/static/images/temps/work.svg' },
  { code: 'life', name: '生活祝福', icon: '/static/images/temps/life.svg' },
  { code: 'writing', name: '写作助手', icon: '/static/images/temps/writing.svg' },
];

const COPYWRITER =
  '你是一名资深中文新媒体文案策划，熟悉各平台的内容风格和规范。只输出可直接使用的成稿，使用 Markdown，不解释你的写作过程，不编造具体数据和虚假承诺。';
const OFFICE =
  '你是一名经验丰富的职场写作顾问，擅长写结构清晰、语气得体的中文办公文书。只输出成稿，使用 Markdown 标题和列表。';

export const SEED_TEMPLATES: SeedTemplate[] = [
  // 社交媒体
  {
    code: 'xhs-seeding',
    category: 'social',
    title: '小红书种草文案',
    description: '真实自然的好物分享笔记，带标题、emoji 和话题标签',
    kind: 'xhs',
    fields: [
      text('product', '种草产品', '例如：无线降噪耳机'),
      area('highlights', '产品亮点', '用顿号分隔，例如：降噪好、续航长、佩戴舒服'),
      audience,
      tone,
    ],
    systemPrompt: COPYWRITER,
    prompt:
      '请写一篇小红书种草笔记。产品：{{product}}；亮点：{{highlights}}；目标人群：{{audience}}；语气：{{tone}}。要求：一个带 emoji 的吸睛标题（20 字内）；正文 300 字左右，分段，口语化、像真实用户分享；每个亮点配使用场景；结尾引导评论；最后给 5-8 个话题标签（#开头）。',
    example: '**标题：** ✨挖到宝了！这款降噪耳机真的是我今年的宝藏…',
  },
  {
    code: 'xhs-title',
    category: 'social',
    title: '小红书爆款标题',
    description: '一次给出 10 个不同角度的笔记标题',
    kind: 'headline',
    fields: [text('topic', '笔记主题', '例如：新手化妆教程'), audience],
    systemPrompt: COPYWRITER,
    prompt:
      '为主题"{{topic}}"写 10 个小红书笔记标题，目标人群：{{audience}}。要求：每个不超过 20 字，角度各不相同（数字清单、反差、痛点、结果展示、提问等），可以适当使用 emoji，按编号列出。',
    example: '1. 关于新手化妆，90%的人都做错了这一步…',
  },
  {
    code: 'moments',
    category: 'social',
    title: '朋友圈文案',
    description: '不同心情的朋友圈短句，附配图建议',
    kind: 'moments',
    fields: [
      text('topic', '分享的事', '例如：周末去海边露营'),
      select('mood', '心情', ['温暖', '搞笑', '文艺', '励志'], true),
      text('detail', '补充细节', '例如：第一次看到日出', false),
    ],
    systemPrompt: COPYWRITER,
    prompt:
      '为"{{topic}}"写 3 条{{mood}}风格的朋友圈文案，补充细节：{{detail}}。每条 15-50 字，风格统一但句式不同；再给一条 10 字以内的短句版和一条配图建议。',
    example: '1. 周末去海边露营的这一刻，刚刚好。',
  },
  {
    code: 'weibo-hot',
    category: 'social',
    title: '微博热点评论',
    description: '就热点话题写一条有观点、能引发讨论的微博',
    kind: 'weibo',
    fields: [
      text('topic', '热点话题', '例如：年轻人开始流行"反向旅游"'),
      area('opinion', '你的观点', '例如：旅行的意义是放松，不是打卡', false, 300),
    ],
    systemPrompt: COPYWRITER,
    prompt:
      '就话题"{{topic}}"写一条微博，观点：{{opinion}}。要求：开头用【】点题；150 字以内；观点鲜明但理性，分 2-3 点；结尾抛出问题引导评论；附 2-3 个话题标签。',
    example: '【年轻人开始流行"反向旅游"】旅行的意义是放松，不是打卡。',
  },
  {
    code: 'wechat-title',
    category: 'social',
    title: '公众号标题',
    description: '10 个高打开率的公众号文章标题',
    kind: 'headline',
    fields: [text('topic', '文章主题', '例如：如何养成早起习惯'), audience],
    systemPrompt: COPYWRITER,
    prompt:
      '为公众号文章"{{topic}}"起 10 个标题，读者：{{audience}}。要求：每个 15-28 字；综合使用悬念、数字、利益点、身份标签；避免标题党和夸大；按编号列出，并在最后用一句话说明推荐哪一个。',
    example: '1. 我花了一个月研究早起，总结出这份清单',
  },
  {
    code: 'douyin-title',
    category: 'social',
    title: '抖音视频标题',
    description: '短、狠、有钩子的短视频标题和封面字',
    kind: 'headline',
    fields: [text('topic', '视频内容', '例如：10 分钟快手早餐'), audience],
    systemPrompt: COPYWRITER,
    prompt:
      '为抖音视频"{{topic}}"写 10 个标题（每个 12-25 字）和 3 个封面大字（每个 8 字内），目标人群：{{audience}}。标题要有钩子，结尾可带 1-2 个话题。',
    example: '1. 10 分钟快手早餐新手入门：3 分钟看懂关键点',
  },
  // 短视频
  {
    code: 'video-script',
    category: 'video',
    title: '短视频脚本',
    description: '分镜表格：时长、画面、台词一应俱全',
    kind: 'video_script',
    fields: [
      text('topic', '视频主题', '例如：3 个提升睡眠质量的方法'),
      select('duration', '视频时长', ['15秒', '30秒', '60秒', '3分钟'], true),
      select('style', '风格', ['干货', '剧情', 'Vlog', '测评', '搞笑']),
      audience,
    ],
    systemPrompt: '你是一名短视频编导，擅长写节奏紧凑、前 3 秒抓人的分镜脚本。使用 Markdown 表格输出。',
    prompt:
      '为主题"{{topic}}"写一个{{duration}}的{{style}}风格短视频脚本，目标观众：{{audience}}。用表格列出：镜号、时长、段落、画面、台词/字幕；开头 3 秒必须有钩子，结尾有关注引导；表格后给出 BGM 建议和封面标题。',
    example: '| 1 | 0-5s | 开场钩子 | 近景特写 | 你知道吗？… |',
  },
  {
    code: 'video-voiceover',
    category: 'video',
    title: '视频口播文案',
    description: '按时长控制字数的口播稿，开场-正文-结尾',
    kind: 'voiceover',
    fields: [
      text('topic', '口播主题', '例如：新手理财先做这三件事'),
      area('highlights', '要讲的要点', '用顿号分隔'),
      select('duration', '时长', ['30秒', '60秒', '90秒', '3分钟'], true),
    ],
    systemPrompt: '你是一名口播文案写手，写的稿子口语化、短句多、适合一口气读出来。',
    prompt:
      '写一段{{duration}}的口播文案，主题：{{topic}}，要点：{{highlights}}。按每秒 4-5 字控制字数；分【开场】【正文】【结尾】三段；开场一句话抓住注意力，结尾引导关注；最后附录制提示。',
    example: '【开场】今天不绕弯子，直接告诉你新手理财怎么做才对。',
  },
  {
    code: 'store-visit',
    category: 'video',
    title: '探店文案',
    description: '美食/好店探店笔记，含推荐菜、人均和小贴士',
    kind: 'store_visit',
    fields: [
      text('shop', '店名', '例如：巷子里的老灶火锅'),
      text('location', '位置', '例如：成都玉林路'),
      area('dishes', '推荐菜品/亮点', '用顿号分隔，例如：鲜毛肚、手工虾滑、冰粉'),
      text('price', '人均消费', '例如：人均 98 元', false, 30),
    ],
    systemPrompt: COPYWRITER,
    prompt:
      '为"{{shop}}"（{{location}}）写一篇探店文案。推荐：{{dishes}}；价格：{{price}}。要求：吸睛标题带地点；开头描述第一印象；每道推荐菜一句有画面感的描述；列出价格、地址、小贴士；结尾打分总结；附话题标签。',
    example: '**标题：** 📍成都玉林路｜藏在街角的老灶火锅，这次真的来对了！',
  },
  {
    code: 'live-talk',
    category: 'video',
    title: '直播带货话术',
    description: '开场、讲品、逼单、互动、下播全流程话术',
    kind: 'live',
    fields: [
      text('product', '直播商品', '例如：空气炸锅'),
      text('price', '直播间价格', '例如：199 元（日常 299 元）'),
      area('highlights', '商品卖点', '用顿号分隔'),
      text('offer', '福利/赠品', '例如：前 100 单送烘焙纸', false),
    ],
    systemPrompt:
      '你是一名头部直播间的金牌主播助理，熟悉直播带货节奏和平台规范，不使用"最""第一"等违规极限词。',
    prompt:
      '为商品"{{product}}"写一套直播话术，价格：{{price}}，卖点：{{highlights}}，福利：{{offer}}。分五段：开场暖场、产品介绍（逐条讲卖点并提示演示动作）、价格对比与促单、互动答疑、下播预告；每段标注建议时长，话术用引号。',
    example: '"欢迎刚进直播间的宝宝们！今天给大家带来的是空气炸锅…"',
  },
  {
    code: 'vlog-narration',
    category: 'video',
    title: 'Vlog 旁白',
    description: '旅行/日常 Vlog 的温柔旁白',
    kind: 'voiceover',
    fields: [
      text('topic', 'Vlog 内容', '例如：一个人去大理的三天'),
      area('highlights', '想记录的片段', '用顿号分隔，例如：洱海日出、古城小巷、民宿猫咪'),
      select('duration', '时长', ['60秒', '90秒', '3分钟']),
    ],
    systemPrompt: '你是一名 Vlog 文案作者，文字温柔、有画面感、像和朋友聊天。',
    prompt:
      '为 Vlog"{{topic}}"写一段{{duration}}的旁白，片段：{{highlights}}。按片段分段，每段先写画面提示再写旁白；整体有情绪起伏，结尾一句点题。',
    example: '【开场】三十秒，带你重新认识一个人去大理的三天。',
  },
  {
    code: 'drama-script',
    category: 'video',
    title: '剧情短视频脚本',
    description: '有反转的 1 分钟剧情脚本',
    kind: 'video_script',
    fields: [
      text('topic', '剧情主题', '例如：职场新人第一次汇报'),
      select('duration', '时长', ['30秒', '60秒', '3分钟'], true),
      select('style', '风格', ['搞笑', '反转', '温情']),
    ],
    systemPrompt: '你是一名短剧编剧，擅长在很短的篇幅里制造冲突和反转。',
    prompt:
      '写一个{{duration}}的{{style}}剧情短视频脚本，主题：{{topic}}。列出人物；用分镜表格写出场景、动作、台词；必须有一个出人意料但合理的反转；最后给出拍摄要点。',
    example: '| 1 | 0-5s | 开场钩子 | 办公室，新人紧张地抱着电脑 | … |',
  },
  // 电商营销
  {
    code: 'product-detail',
    category: 'ecommerce',
    title: '商品详情页文案',
    description: '标题卖点、亮点、适用人群、规格与购买须知',
    kind: 'product',
    fields: [
      text('product', '商品名称', '例如：冰丝防晒袖套'),
      area('highlights', '核心卖点', '用顿号分隔，例如：UPF50+、冰凉感、不勒手'),
      area('specs', '规格参数', '例如：尺寸 均码；颜色 白/灰/粉', false, 300),
      audience,
    ],
    systemPrompt: '你是一名电商详情页文案策划，写的内容真实、具体、有说服力，遵守广告法，不使用极限词。',
    prompt:
      '为"{{product}}"写商品详情页文案。卖点：{{highlights}}；规格：{{specs}}；人群：{{audience}}。包含：一句话卖点、产品亮点（每条加粗小标题+一句解释）、适用人群、规格参数、购买须知、行动号召。',
    example: '# 冰丝防晒袖套\n**一句话卖点：** 让每一天都更轻松的冰丝防晒袖套',
  },
  {
    code: 'product-slogan',
    category: 'ecommerce',
    title: '产品标语',
    description: '8 条朗朗上口的品牌/产品 slogan',
    kind: 'slogan',
    fields: [
      text('brand', '品牌/产品', '例如：山野咖啡'),
      text('keywords', '关键词', '例如：自然、醒来、一天的好状态'),
    ],
    systemPrompt: '你是一名广告创意总监，擅长写简短有力、易于传播的中文标语。',
    prompt:
      '为"{{brand}}"写 8 条标语，关键词：{{keywords}}。每条 6-14 字，风格多样（押韵、对仗、口语、意境），按编号列出，最后推荐一条并说明理由。',
    example: '1. 山野咖啡，自然看得见。',
  },
  {
    code: 'promo-campaign',
    category: 'ecommerce',
    title: '促销活动文案',
    description: '大促/店庆活动海报与推送文案',
    kind: 'promo',
    fields: [
      text('activity', '活动名称', '例如：618 年中大促'),
      text('offer', '优惠力度', '例如：满 199 减 50'),
      text('time', '活动时间', '例如：6 月 1 日-6 月 18 日'),
      text('product', '主推商品', '例如：夏季新品连衣裙', false),
    ],
    systemPrompt: COPYWRITER,
    prompt:
      '为"{{activity}}"写促销文案：优惠{{offer}}，时间{{time}}，主推{{product}}。包含：海报主标题、活动信息、参与方式（步骤）、一条 30 字内的短信/推送文案。',
    example: '**🎉 618 年中大促 火热开启！**',
  },
  {
    code: 'review-reply',
    category: 'ecommerce',
    title: '买家评价回复',
    description: '好评感谢、差评安抚，语气得体',
    kind: 'review_reply',
    fields: [area('review', '顾客评价', '粘贴顾客的原评价'), text('shop', '店铺名', '例如：小林家居', false)],
    systemPrompt: '你是一名资深电商客服主管，回复真诚、具体、不推诿，差评先致歉再给解决方案。',
    prompt:
      '店铺"{{shop}}"收到评价："{{review}}"。请写一条 80-150 字的回复：判断好评/差评；好评表达感谢并邀请复购；差评先致歉、说明改进、引导私信解决。',
    example: '谢谢亲的认可！这样的评价是小林家居最大的动力❤️',
  },
  {
    code: 'selling-points',
    category: 'ecommerce',
    title: '商品卖点提炼',
    description: '把参数翻译成用户听得懂的卖点',
    kind: 'product',
    fields: [
      text('product', '商品', '例如：儿童学习台灯'),
      area('highlights', '参数/特点', '例如：全光谱、无频闪、3000K-5000K 可调'),
      audience,
    ],
    systemPrompt: '你是一名产品营销专家，擅长 FAB 法则（特性-优势-利益）。',
    prompt:
      '用 FAB 法则为"{{product}}"提炼卖点，参数：{{highlights}}，人群：{{audience}}。每个卖点写：特性、带来的优势、对用户的利益，再给一句话总卖点。',
    example: '1. **全光谱**：接近自然光，孩子看书眼睛更舒服。',
  },
  {
    code: 'brand-story',
    category: 'ecommerce',
    title: '品牌故事',
    description: '有温度的品牌故事，适合官网和详情页',
    kind: 'article',
    fields: [
      text('brand', '品牌名', '例如：禾风茶舍'),
      area('story', '品牌关键信息', '例如：三代做茶、坚持手工、想让年轻人爱上喝茶'),
    ],
    systemPrompt: COPYWRITER,
    prompt:
      '为品牌"{{brand}}"写一篇 600 字左右的品牌故事，关键信息：{{story}}。用小标题分段，有具体场景和细节，真诚不浮夸，结尾落到品牌愿景。',
    example: '# 禾风茶舍\n每一个故事，都有一个开始。',
  },
  // 职场办公
  {
    code: 'weekly-report',
    category: 'work',
    title: '工作周报',
    description: '本周完成、问题风险、下周计划，条理清晰',
    kind: 'weekly_report',
    fields: [
      text('role', '岗位', '例如：前端开发工程师', false, 30),
      area('work', '本周工作', '每行一件事'),
      area('issues', '遇到的问题', '没有可不填', false),
      area('plan', '下周计划', '每行一件事'),
    ],
    systemPrompt: OFFICE,
    prompt:
      '根据以下信息写一份工作周报。岗位：{{role}}；本周工作：{{work}}；问题：{{issues}}；下周计划：{{plan}}。结构：本周工作完成情况（写出成果和进度）、问题与风险（含应对）、下周工作计划、需要的支持。语言简洁专业。',
    example: '# 工作周报\n## 一、本周工作完成情况',
  },
  {
    code: 'work-summary',
    category: 'work',
    title: '月度/年度工作总结',
    description: '突出成果与反思的总结报告',
    kind: 'weekly_report',
    fields: [
      text('role', '岗位与周期', '例如：销售主管 · 2024 年度'),
      area('work', '主要成果', '每行一项，可带数据'),
      area('issues', '不足与反思', '每行一项', false),
      area('plan', '下阶段目标', '每行一项'),
    ],
    systemPrompt: OFFICE,
    prompt:
      '写一份工作总结。岗位与周期：{{role}}；成果：{{work}}；不足：{{issues}}；下阶段目标：{{plan}}。结构：工作概述、主要成果（分点并突出数据）、不足与反思、下阶段计划。',
    example: '# 工作周报（销售主管 · 2024 年度）',
  },
  {
    code: 'business-email',
    category: 'work',
    title: '商务邮件',
    description: '主题、称呼、正文、落款格式规范',
    kind: 'email',
    fields: [
      text('recipient', '收件人', '例如：王经理'),
      text('purpose', '邮件目的', '例如：确认下周合作会议时间'),
      area('points', '要说明的内容', '用顿号或换行分隔'),
      text('sender', '署名', '例如：市场部 李明', false, 30),
    ],
    systemPrompt: OFFICE,
    prompt:
      '写一封商务邮件。收件人：{{recipient}}；目的：{{purpose}}；内容要点：{{points}}；署名：{{sender}}。包含主题行、称呼、正文（分点）、结尾礼貌语和落款，语气礼貌专业。',
    example: '**主题：** 关于确认下周合作会议时间',
  },
  {
    code: 'job-posting',
    category: 'work',
    title: '招聘启事',
    description: '岗位职责、任职要求、福利待遇一次写清',
    kind: 'recruit',
    fields: [
      text('company', '公司名称', '例如：星河科技'),
      text('position', '招聘岗位', '例如：新媒体运营'),
      area('duties', '岗位职责', '用顿号或换行分隔'),
      area('requirements', '任职要求', '用顿号或换行分隔'),
      text('benefits', '福利待遇', '例如：五险一金、双休、年终奖', false),
      text('salary', '薪资范围', '例如：8-12K', false, 30),
      text('location', '工作地点', '例如：杭州', false, 30),
    ],
    systemPrompt: '你是一名 HR 招聘专家，写的招聘启事信息完整、有吸引力，不含性别、年龄、地域等歧视性表述。',
    prompt:
      '为{{company}}写一则招聘启事：岗位{{position}}，薪资{{salary}}，地点{{location}}。职责：{{duties}}；要求：{{requirements}}；福利：{{benefits}}。包含吸引人的开头、岗位职责、任职要求、我们提供、投递方式。',
    example: '# 星河科技招聘：新媒体运营',
  },
  {
    code: 'meeting-minutes',
    category: 'work',
    title: '会议纪要',
    description: '议题、结论、待办表格',
    kind: 'meeting',
    fields: [
      text('topic', '会议主题', '例如：Q3 市场活动复盘会'),
      text('attendees', '参会人员', '例如：市场部全体、销售部张总'),
      area('points', '讨论内容', '用顿号或换行分隔'),
    ],
    systemPrompt: OFFICE,
    prompt:
      '根据以下信息整理会议纪要。主题：{{topic}}；参会：{{attendees}}；讨论内容：{{points}}。包含：基本信息、议题与结论（逐条）、待办事项表格（事项/负责人/截止时间）。',
    example: '# 会议纪要：Q3 市场活动复盘会',
  },
  {
    code: 'self-intro',
    category: 'work',
    title: '自我介绍',
    description: '面试、入职、社群等场合的自我介绍',
    kind: 'self_intro',
    fields: [
      text('name', '姓名', '例如：李明', true, 20),
      select('scene', '场合', ['面试', '入职', '社群', '演讲'], true),
      area('background', '背景经历', '例如：3 年新媒体运营经验，做过百万粉账号'),
      text('strengths', '个人优势', '用顿号分隔'),
    ],
    systemPrompt: OFFICE,
    prompt:
      '为{{name}}写一段{{scene}}场合的自我介绍（1 分钟左右）。背景：{{background}}；优势：{{strengths}}。真诚自然，有一个让人记住的点，结尾得体。',
    example: '大家好，我是李明。3 年新媒体运营经验…',
  },
  // 生活祝福
  {
    code: 'festival-greeting',
    category: 'life',
    title: '节日祝福',
    description: '送给不同对象的节日祝福语',
    kind: 'greeting',
    fields: [
      select(
        'festival',
        '节日',
        ['春节', '元宵节', '中秋节', '端午节', '国庆节', '元旦', '七夕', '教师节', '母亲节', '父亲节'],
        true,
      ),
      select('recipient', '送给', ['长辈', '领导', '客户', '朋友', '家人', '恋人'], true),
      select('style', '风格', ['温馨', '正式', '幽默', '文艺']),
    ],
    systemPrompt: '你是一名擅长写祝福语的文字工作者，祝福真诚、贴合对象身份、避免陈词滥调。',
    prompt:
      '写 3 条{{festival}}祝福语，送给{{recipient}}，风格{{style}}。每条 30-60 字，各有侧重；再给一条 20 字以内的短信版。',
    example: '1. 春节快乐！愿您身体健康、福寿安康，天天开心。',
  },
  {
    code: 'birthday-wish',
    category: 'life',
    title: '生日祝福',
    description: '走心的生日祝福和朋友圈配文',
    kind: 'greeting',
    fields: [
      select('recipient', '送给', ['朋友', '家人', '恋人', '长辈', '领导'], true),
      text('festival', '场合', '例如：30 岁生日', false, 30),
      select('style', '风格', ['温馨', '幽默', '文艺']),
    ],
    systemPrompt: '你是一名擅长写祝福语的文字工作者，祝福真诚、具体、有画面感。',
    prompt:
      '为{{recipient}}的{{festival}}写 3 条{{style}}风格的生日祝福，每条 30-80 字，再写一条朋友圈配文。',
    example: '1. 30 岁生日快乐！愿你所求皆如愿，所行化坦途。',
  },
  {
    code: 'speech',
    category: 'life',
    title: '演讲稿',
    description: '开场、三个论点、有力结尾的演讲稿',
    kind: 'speech',
    fields: [
      text('topic', '演讲主题', '例如：青春与担当'),
      text('occasion', '场合', '例如：公司年会、开学典礼'),
      text('speaker', '演讲人身份', '例如：新员工代表', false, 30),
      select('duration', '时长', ['3分钟', '5分钟', '10分钟']),
    ],
    systemPrompt: '你是一名演讲稿撰稿人，稿子有节奏、有故事、有金句，适合脱稿演讲。',
    prompt:
      '以"{{topic}}"为题写一篇{{duration}}的演讲稿，场合：{{occasion}}，演讲人：{{speaker}}。结构：称呼与开场、三个分论点（各配一个故事或例子）、呼应主题的结尾；加入 2-3 个金句。',
    example: '尊敬的各位领导、亲爱的朋友们：大家好！',
  },
  {
    code: 'annual-party-speech',
    category: 'life',
    title: '年会致辞',
    description: '领导/员工代表年会发言',
    kind: 'speech',
    fields: [
      text('topic', '致辞主题', '例如：感恩同行，共赴新程'),
      text('occasion', '场合', '例如：2025 年公司年会'),
      text('speaker', '致辞人', '例如：总经理'),
    ],
    systemPrompt: '你是一名企业文稿撰写人，年会致辞热情、真诚、有感染力。',
    prompt:
      '写一篇年会致辞，主题"{{topic}}"，场合{{occasion}}，致辞人{{speaker}}。包含：问候、回顾一年的成绩、感谢团队与家人、展望新一年、祝酒或祝福结尾，3 分钟左右。',
    example: '尊敬的各位同事、亲爱的朋友们：大家好！',
  },
  {
    code: 'apology-letter',
    category: 'life',
    title: '道歉信',
    description: '真诚不卑微的道歉信',
    kind: 'letter',
    fields: [
      text('recipient', '写给谁', '例如：小美'),
      text('reason', '因为什么事', '例如：忘了我们的纪念日'),
      area('points', '想表达的话', '用顿号或换行分隔', false),
    ],
    systemPrompt: '你是一名情感文字作者，写的道歉信真诚、具体、有担当，不空洞煽情。',
    prompt:
      '写一封给{{recipient}}的道歉信，原因：{{reason}}，想表达：{{points}}。承认错误、说明理解对方的感受、提出具体弥补行动，300 字左右。',
    example: '亲爱的小美：提笔想了很久，还是决定把心里的话写下来。',
  },
  // 写作助手
  {
    code: 'article-outline',
    category: 'writing',
    title: '文章大纲',
    description: '公众号/知乎长文的结构大纲',
    kind: 'outline',
    fields: [text('topic', '文章主题', '例如：普通人如何开始做副业'), audience],
    systemPrompt: '你是一名资深内容编辑，擅长搭建逻辑清晰、读者爱看的文章结构。',
    prompt:
      '为"{{topic}}"写一份文章大纲，读者：{{audience}}。包含开头引入、3-5 个主体部分（每部分写要点和可用的例子类型）、常见误区、结尾行动号召。',
    example: '# 《普通人如何开始做副业》文章大纲',
  },
  {
    code: 'press-release',
    category: 'writing',
    title: '新闻稿',
    description: '倒金字塔结构的企业新闻稿',
    kind: 'press',
    fields: [
      text('company', '公司/机构', '例如：星河科技'),
      text('event', '事件', '例如：发布新一代智能音箱'),
      text('time', '时间', '例如：3 月 15 日'),
      area('highlights', '关键信息', '用顿号或换行分隔'),
    ],
    systemPrompt: '你是一名企业公关，擅长写客观、规范、倒金字塔结构的新闻稿。',
    prompt:
      '写一篇新闻稿：{{company}}于{{time}}{{event}}。关键信息：{{highlights}}。包含标题、导语（5W）、主体（重要信息在前）、负责人引语、结尾背景介绍，500 字左右。',
    example: '# 星河科技发布新一代智能音箱',
  },
  {
    code: 'shop-naming',
    category: 'writing',
    title: '店铺/品牌起名',
    description: '8 个好记有寓意的名字',
    kind: 'naming',
    fields: [
      text('industry', '行业/店铺类型', '例如：社区咖啡店'),
      text('keywords', '希望体现的感觉', '例如：温暖、慢生活'),
      select('style', '风格', ['文艺', '简约', '国潮', '可爱']),
    ],
    systemPrompt: '你是一名品牌命名顾问，名字好读好记、寓意积极，避开生僻字。',
    prompt:
      '为{{industry}}起 8 个{{style}}风格的名字，体现：{{keywords}}。每个名字附一句寓意说明；最后提醒注册前查询商标。',
    example: '1. **拾光暖** —— 简短好记，有画面感',
  },
  {
    code: 'sentence-polish',
    category: 'writing',
    title: '文案润色',
    description: '把一句平淡的话改得更有感染力',
    kind: 'rewrite',
    fields: [area('topic', '原句', '例如：坚持就是胜利', true, 300), tone],
    systemPrompt: '你是一名文字编辑，擅长在不改变原意的前提下让句子更有力量、更有画面感。',
    prompt:
      '请把这句话改写成 4 个{{tone}}风格的版本：{{topic}}。分别侧重：更有力量、更有画面、更口语化、金句化。',
    example: '1. **更有力量：** 坚持就是胜利——每一步都算数！',
  },
  {
    code: 'love-letter',
    category: 'life',
    title: '告白情书',
    description: '温柔真挚的告白信',
    kind: 'letter',
    fields: [
      text('recipient', '写给谁', '例如：阿杰'),
      text('reason', '你们的故事', '例如：大学同桌，认识五年'),
      area('points', '想说的话', '用顿号或换行分隔', false),
    ],
    systemPrompt: '你是一名情感文字作者，文字温柔克制、具体真实，避免肉麻和套话。',
    prompt:
      '写一封给{{recipient}}的告白信，我们的故事：{{reason}}，想说：{{points}}。用具体的回忆细节打动人，400 字左右。',
    example: '亲爱的阿杰：提笔想了很久，还是决定把心里的话写下来。',
  },
];

/** Fills `{{field}}` placeholders; an empty or missing value becomes 未指定 (unspecified). */
export const fillPrompt = (prompt: string, fields: Record<string, string>): string =>
  prompt.replace(/\{\{(\w+)\}\}/g, (_, name: string) => fields[name]?.trim() || '未指定');

/**
 * Idempotent: existing categories and templates (by code) are left as the operator edited them, except that one
 * an earlier release stored without translations, and still named as seeded, gets them.
 */
export const seedPromptTemplates = async (db: Db, tenantId: number): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx
      .insert(promptTemplateCategories)
      .values(
        SEED_TEMPLATE_CATEGORIES.map((c, i) => ({
          tenantId,
          code: c.code,
          name: c.name,
          icon: c.icon,
          i18n: seedTranslations(TEMPLATE_CATALOGUE, { name: c.name }),
          sort: (i + 1) * 10,
        })),
      )
      .onConflictDoUpdate({
        target: [promptTemplateCategories.tenantId, promptTemplateCategories.code],
        set: { i18n: sql`excluded.i18n` },
        setWhere: sql`${promptTemplateCategories.i18n} = '{}'::jsonb AND ${promptTemplateCategories.name} = excluded.name`,
      });
    const categories = await tx
      .select({ id: promptTemplateCategories.id, code: promptTemplateCategories.code })
      .from(promptTemplateCategories)
      .where(sql`${promptTemplateCategories.tenantId} = ${tenantId}`);
    const idOf = new Map(categories.map((c) => [c.code, c.id]));
    await tx
      .insert(promptTemplates)
      .values(
        SEED_TEMPLATES.map((t, i) => ({
          tenantId,
          categoryId: idOf.get(t.category) ?? 0,
          code: t.code,
          title: t.title,
          description: t.description,
          kind: t.kind,
          systemPrompt: t.systemPrompt,
          prompt: t.prompt,
          fields: t.fields,
          example: t.example,
          i18n: seedTranslations(CATALOGUE, {
            title: t.title,
            description: t.description,
            example: t.example,
            fieldLabels: t.fields.map((f) => f.label),
            fieldPlaceholders: t.fields.map((f) => f.placeholder),
            fieldOptions: t.fields.flatMap((f) => f.options ?? []),
          }),
          sort: (i + 1) * 10,
        })),
      )
      .onConflictDoUpdate({
        target: [promptTemplates.tenantId, promptTemplates.code],
        set: { i18n: sql`excluded.i18n` },
        // A row stored without translations, or without those of its fields and example or of its options, gets them
        // while still titled as seeded.
        setWhere: sql`(${promptTemplates.i18n} = '{}'::jsonb
          OR (NOT (${promptTemplates.i18n} -> 'en' ? 'fieldLabels') AND excluded.i18n -> 'en' ? 'fieldLabels')
          OR (NOT (${promptTemplates.i18n} -> 'en' ? 'fieldOptions') AND excluded.i18n -> 'en' ? 'fieldOptions'))
          AND ${promptTemplates.title} = excluded.title`,
      });
  });
};
