import {
  DEFAULT_PRICES,
  DEFAULT_AI_LABELS,
  DEFAULT_WELCOME_GIFT,
  DEFAULT_UPLOAD_QUOTA,
  DEFAULT_SIGN_UP_GUARD,
  DEFAULT_ACCOUNT_DELETION,
  DEFAULT_PICTURE_MODERATION,
  DEFAULT_REVIEW_POLICY,
  DICT_NAMES,
  ROBOT_USER_ID,
  SERVICE_USER_ID,
  type AppConfig,
  type DictName,
  type JsonValue,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { createDictionaryRepositories } from './dictionary.repository.js';
import { seedTranslations, type StoredTranslations } from '../../platform/i18n/stored-translations.js';
import { DICTIONARY_CATALOGUE } from './dictionary.translations.js';

interface SeedItem {
  label: string;
  value: string;
  data: JsonValue;
  remark?: string;
}

/** App config defaults (spec §3, §9); apiCaches is computed on read. */
export const DEFAULT_APP_CONFIG: Omit<AppConfig, 'apiCaches'> = {
  questionNum: 5,
  idCardEnable: true,
  realNameToPublish: false,
  categoryId: { article: 1, robot: 2 },
  mnpOriginId: '',
  prices: DEFAULT_PRICES,
  saveVideoTime: 7 * 24 * 3600,
  apiCachesEnable: true,
  reportLogEnable: { h5: true },
  taskLimits: { drawing: 4, dubbing: 4, subtitles: 4, video: 2, vipMultiplier: 2 },
  storyboardPreviewsPerDay: 150,
  welcomeGift: DEFAULT_WELCOME_GIFT,
  uploadQuota: DEFAULT_UPLOAD_QUOTA,
  signUpGuard: DEFAULT_SIGN_UP_GUARD,
  aiLabels: DEFAULT_AI_LABELS,
  accountDeletion: DEFAULT_ACCOUNT_DELETION,
  pictureModeration: DEFAULT_PICTURE_MODERATION,
  reviewPolicy: DEFAULT_REVIEW_POLICY,
};

const CONFIG_LABELS: Record<keyof typeof DEFAULT_APP_CONFIG, string> = {
  questionNum: '每日免费提问次数',
  idCardEnable: '开启实名认证',
  realNameToPublish: '发布内容前须完成实名认证（仅在开启实名认证时生效）',
  categoryId: '内容分类 ID（文章、机器人）',
  mnpOriginId: '小程序原始 ID（gh_ 开头，未配置时留空）',
  prices:
    '价格（金币）：视频每字 goldPerVideoWord、配音每字 goldPerDubWord、字幕每分钟 goldPerSubtitleMinute（0 为免费）、绘画每张 goldPerImage、高清放大每次 goldPerUpscale；perSecondWord 为估算视频时长的每秒字数',
  saveVideoTime: '视频保存时长（秒）',
  apiCachesEnable: '允许客户端缓存字典',
  reportLogEnable: '客户端错误上报开关',
  taskLimits: '每人同时排队或进行中的 AI 任务上限（绘画、配音、字幕、视频；会员乘以倍数）',
  storyboardPreviewsPerDay: '每人每天可免费生成的分镜数（生成分镜、加一镜、改台词、重新生成画面各算一个；合成视频时才扣金币）',
  welcomeGift: '新人礼包（金币、积分、会员天数；每个新账号注册时发放一次）',
  uploadQuota: '每人上传空间与每日上传量（MB）：普通用户 storageMb、dailyMb，会员 vipStorageMb、vipDailyMb',
  signUpGuard: '防批量注册：同一 IP 或设备一小时内发送短信达 smsBeforeCheck 次后需通过人机验证；新人礼包每台设备一次、每个 IP 每天最多 giftsPerIpDaily 份',
  aiLabels:
    'AI 标识（GB 45438-2025）：音频开头提示 audioPrompt（rhythm 节奏“短长短短”或 speech 语音“本音频由AI生成”）、视频全程角标 videoCornerMark（开头 2 秒的标识不可关闭）、文本标识措辞 textLabel（五种语言）',
  accountDeletion: '注销冷静期（天）：申请注销后多少天匿名化账号，期间登录可撤销',
  pictureModeration:
    '图片审核阈值（0–1 的风险分）：达到 block 拒绝上传且不保存；达到 review 则保存，但发布须先审核',
  reviewPolicy:
    '先审后发：mode 为 off（关闭）、flagged（仅可疑图片/文字）、new_accounts（可疑内容及新账号注册 newAccountDays 天内或前 newAccountPosts 篇作品）、everyone（全部）',
};

const chord = (freqs: number[], seconds: number, tremolo?: number) => {
  const tones = freqs.map((f, i) => `${(0.12 - i * 0.02).toFixed(2)}*sin(2*PI*${f}*t)`).join('+');
  const body = tremolo ? `(${tones})*(0.75+0.25*sin(2*PI*${tremolo}*t))` : tones;
  return `aevalsrc='${body}':s=44100:d=${seconds}`;
};

const rules = (...lines: string[]) => lines;

/** What a fresh install shows (all Chinese; the screens read these). */
export const SEED_DICTIONARIES: Record<DictName, SeedItem[]> = {
  package_type: [
    {
      label: '会员套餐',
      value: 'vip',
      data: { description: '开通会员，AI 提问、配音、成片不限次数', icon: null },
    },
    {
      label: '金币套餐',
      value: 'gold',
      data: { description: '购买金币，用于生成视频、AI 配音和绘画', icon: null },
    },
    {
      label: '限时特惠',
      value: 'promotion',
      data: { description: '节日限时优惠套餐，售完即止', icon: null },
    },
    { label: '每日免费', value: 'free', data: { description: '每天可免费领取一次体验金币', icon: null } },
  ],
  ai_video_category_nav: [
    { label: '推荐', value: 'recommend', data: { icon: null } },
    { label: '口播', value: 'talk', data: { icon: null } },
    { label: '带货', value: 'goods', data: { icon: null } },
    { label: '知识', value: 'knowledge', data: { icon: null } },
    { label: '生活', value: 'life', data: { icon: null } },
  ],
  ai_video_category: [
    {
      label: '节日祝福',
      value: 'festival',
      data: {
        nav: 'recommend',
        cover: '/static/images/banner-video.svg',
        description: '一句话生成节日祝福视频',
      },
    },
    {
      label: '企业宣传',
      value: 'company',
      data: {
        nav: 'recommend',
        cover: '/static/images/banner-video.svg',
        description: '公司介绍、产品发布短片',
      },
    },
    {
      label: '情感口播',
      value: 'emotion',
      data: { nav: 'talk', cover: '/static/images/banner-video.svg', description: '情感故事、夜读电台' },
    },
    {
      label: '励志语录',
      value: 'motivation',
      data: { nav: 'talk', cover: '/static/images/banner-video.svg', description: '每日一句正能量' },
    },
    {
      label: '好物种草',
      value: 'recommend-goods',
      data: { nav: 'goods', cover: '/static/images/banner-video.svg', description: '商品卖点讲解、开箱测评' },
    },
    {
      label: '直播预告',
      value: 'live-preview',
      data: { nav: 'goods', cover: '/static/images/banner-video.svg', description: '直播间引流短视频' },
    },
    {
      label: '科普知识',
      value: 'science',
      data: {
        nav: 'knowledge',
        cover: '/static/images/banner-video.svg',
        description: '冷知识、生活常识讲解',
      },
    },
    {
      label: '历史故事',
      value: 'history',
      data: { nav: 'knowledge', cover: '/static/images/banner-video.svg', description: '三分钟读懂一段历史' },
    },
    {
      label: '美食探店',
      value: 'food',
      data: { nav: 'life', cover: '/static/images/banner-video.svg', description: '探店打卡、家常菜教程' },
    },
    {
      label: '旅行 Vlog',
      value: 'travel',
      data: { nav: 'life', cover: '/static/images/banner-video.svg', description: '旅行攻略、城市漫游' },
    },
  ],
  // The offline Chinese voices speak about 5 characters a second at 100 %, as the spec's video estimate
  // (prices.perSecondWord) assumes: espeak-ng's words-per-minute rate, measured on a 300-character article cut
  // into scenes with their pauses (cmn+f3 at 175 spoke 3.4 characters a second; at 245, 4.8). Faster than about
  // 250 espeak-ng 1.51 drops a short scene's first syllables (its subtitles then run ahead of the voice).
  tts_config_nam: [
    {
      label: '小雅（女声·普通话）',
      value: 'espeak-cmn-f3',
      data: {
        engine: 'espeak-ng',
        voice: 'cmn+f3',
        lang: 'zh-CN',
        gender: 'female',
        speed: 245,
        vipOnly: false,
        description: '清亮女声，适合口播、知识讲解（离线合成）',
      },
    },
    {
      label: '子墨（男声·普通话）',
      value: 'espeak-cmn-m3',
      data: {
        engine: 'espeak-ng',
        voice: 'cmn+m3',
        lang: 'zh-CN',
        gender: 'male',
        speed: 231,
        vipOnly: false,
        description: '沉稳男声，适合新闻、历史故事（离线合成）',
      },
    },
    {
      label: '晓晴（温柔女声）',
      value: 'espeak-cmn-f5',
      data: {
        engine: 'espeak-ng',
        voice: 'cmn+f5',
        lang: 'zh-CN',
        gender: 'female',
        speed: 224,
        vipOnly: false,
        description: '温柔女声，适合情感电台、夜读（离线合成）',
      },
    },
    {
      label: '豆豆（童声·普通话）',
      value: 'espeak-cmn-child',
      data: {
        engine: 'espeak-ng',
        voice: 'cmn+f4',
        lang: 'zh-CN',
        gender: 'child',
        speed: 238,
        pitch: 88,
        vipOnly: false,
        description: '活泼童声，适合儿歌、绘本故事（离线合成）',
      },
    },
    {
      label: '阿粤（粤语男声）',
      value: 'espeak-yue-m1',
      data: {
        engine: 'espeak-ng',
        voice: 'yue+m1',
        lang: 'zh-HK',
        gender: 'male',
        speed: 231,
        vipOnly: false,
        description: '粤语配音（离线合成）',
      },
    },
    {
      label: 'Emma（英语女声）',
      value: 'espeak-en-f2',
      data: {
        engine: 'espeak-ng',
        voice: 'en-us+f2',
        lang: 'en-US',
        gender: 'female',
        speed: 170,
        vipOnly: false,
        description: '美式英语（离线合成）',
      },
    },
    {
      label: 'Lucía（西班牙语女声）',
      value: 'espeak-es-f3',
      data: {
        engine: 'espeak-ng',
        voice: 'es+f3',
        lang: 'es-ES',
        gender: 'female',
        speed: 170,
        vipOnly: false,
        description: '西班牙语（离线合成）',
      },
    },
    {
      label: 'Chloé（法语女声）',
      value: 'espeak-fr-f2',
      data: {
        engine: 'espeak-ng',
        voice: 'fr+f2',
        lang: 'fr-FR',
        gender: 'female',
        speed: 170,
        vipOnly: false,
        description: '法语（离线合成）',
      },
    },
    {
      label: '诺娃（自然女声·会员）',
      value: 'openai-nova',
      data: {
        engine: 'openai',
        voice: 'nova',
        lang: 'zh-CN',
        gender: 'female',
        speed: 175,
        vipOnly: true,
        description: '更自然的云端女声',
      },
    },
    {
      label: '奥克斯（磁性男声·会员）',
      value: 'openai-onyx',
      data: {
        engine: 'openai',
        voice: 'onyx',
        lang: 'zh-CN',
        gender: 'male',
        speed: 165,
        vipOnly: true,
        description: '低沉磁性的云端男声',
      },
    },
    {
      label: '晓晓（Azure 女声·会员）',
      value: 'azure-xiaoxiao',
      data: {
        engine: 'azure',
        voice: 'zh-CN-XiaoxiaoNeural',
        lang: 'zh-CN',
        gender: 'female',
        speed: 175,
        vipOnly: true,
        description: 'Azure 神经网络女声',
      },
    },
    {
      label: '龙小淳（CosyVoice 女声·会员）',
      value: 'cosyvoice-longxiaochun',
      data: {
        engine: 'cosyvoice',
        voice: 'longxiaochun',
        lang: 'zh-CN',
        gender: 'female',
        speed: 175,
        vipOnly: true,
        description: '阿里云 CosyVoice 女声',
      },
    },
    {
      label: '通用男声（火山引擎·会员）',
      value: 'volcengine-bv002',
      data: {
        engine: 'volcengine',
        voice: 'BV002_streaming',
        lang: 'zh-CN',
        gender: 'male',
        speed: 165,
        vipOnly: true,
        description: '火山引擎语音合成男声',
      },
    },
  ],
  // Each background is a design of our own (static/images/video-bg-*.svg: a gradient and a texture, moved slowly
  // by the renderer), never one of the app's banners; no template adds an intro or outro of ours (the user may
  // pick app_video_insert clips in the form).
  video_template: [
    {
      label: '竖屏口播',
      value: 'talk-vertical',
      data: {
        cover: '/static/images/video-bg-talk-vertical.svg',
        width: 1080,
        height: 1920,
        fontSize: 64,
        fontColor: '#FFFFFF',
        subtitlePosition: 8,
        bgm: 'bgm-morning',
        transition: 'fade',
        description: '9:16 竖屏，底部大字幕，适合抖音、视频号',
        titlePosition: 2,
        background: '#101828',
      },
    },
    {
      label: '知识科普',
      value: 'knowledge',
      data: {
        cover: '/static/images/video-bg-knowledge.svg',
        width: 1080,
        height: 1920,
        fontSize: 58,
        fontColor: '#FFE066',
        subtitlePosition: 8,
        bgm: 'bgm-tech',
        transition: 'slide',
        description: '图文轮播配讲解，重点词高亮',
        titlePosition: 2,
        background: '#0B3D91',
      },
    },
    {
      label: '美食探店',
      value: 'food',
      data: {
        cover: '/static/images/video-bg-food.svg',
        width: 1080,
        height: 1920,
        fontSize: 60,
        fontColor: '#FFFFFF',
        subtitlePosition: 8,
        bgm: 'bgm-festival',
        transition: 'zoom',
        description: '画面推拉，节奏轻快',
        titlePosition: 2,
        background: '#7A2E0E',
      },
    },
    {
      label: '励志语录',
      value: 'quote',
      data: {
        cover: '/static/images/video-bg-quote.svg',
        width: 1080,
        height: 1920,
        fontSize: 72,
        fontColor: '#FFFFFF',
        subtitlePosition: 5,
        bgm: 'bgm-night',
        transition: 'fade',
        description: '居中大字，一句一屏',
        titlePosition: 2,
        background: '#1F1F1F',
      },
    },
    {
      label: '横屏解说',
      value: 'landscape',
      data: {
        cover: '/static/images/video-bg-landscape.svg',
        width: 1920,
        height: 1080,
        fontSize: 48,
        fontColor: '#FFFFFF',
        subtitlePosition: 8,
        bgm: null,
        transition: 'none',
        description: '16:9 横屏，适合 B 站、西瓜视频',
        titlePosition: 2,
        background: '#000000',
      },
    },
    {
      label: '方屏图文',
      value: 'square',
      data: {
        cover: '/static/images/video-bg-square.svg',
        width: 1080,
        height: 1080,
        fontSize: 52,
        fontColor: '#FFFFFF',
        subtitlePosition: 8,
        bgm: 'bgm-healing',
        transition: 'fade',
        description: '1:1 方屏，适合朋友圈、小红书',
        titlePosition: 2,
        background: '#2D0B3A',
      },
    },
  ],
  // Each plays one of the project's own pieces (modules/video/music/scores.ts, rendered with real instrument
  // sounds); the synth is what plays on a server without fluidsynth.
  app_bgm: [
    {
      label: '轻快早晨',
      value: 'bgm-morning',
      data: {
        mood: '轻快',
        duration: 60,
        url: null,
        score: 'morning',
        lavfi: chord([261.63, 329.63, 392.0], 60, 2),
      },
    },
    {
      label: '温暖午后',
      value: 'bgm-afternoon',
      data: {
        mood: '温暖',
        duration: 60,
        url: null,
        score: 'afternoon',
        lavfi: chord([220.0, 261.63, 329.63], 60),
      },
    },
    {
      label: '科技律动',
      value: 'bgm-tech',
      data: {
        mood: '科技',
        duration: 60,
        url: null,
        score: 'tech',
        lavfi: chord([196.0, 293.66, 392.0], 60, 4),
      },
    },
    {
      label: '舒缓夜晚',
      value: 'bgm-night',
      data: {
        mood: '舒缓',
        duration: 90,
        url: null,
        score: 'night',
        lavfi: chord([174.61, 220.0, 261.63], 90, 0.5),
      },
    },
    {
      label: '欢快节日',
      value: 'bgm-festival',
      data: {
        mood: '欢快',
        duration: 60,
        url: null,
        score: 'festival',
        lavfi: chord([293.66, 369.99, 440.0], 60, 3),
      },
    },
    {
      label: '古风雅韵',
      value: 'bgm-guofeng',
      data: {
        mood: '古风',
        duration: 75,
        url: null,
        score: 'guofeng',
        lavfi: chord([329.63, 392.0, 493.88], 75, 0.5),
      },
    },
    {
      label: '励志前行',
      value: 'bgm-inspire',
      data: {
        mood: '励志',
        duration: 60,
        url: null,
        score: 'inspire',
        lavfi: chord([233.08, 293.66, 349.23], 60, 1),
      },
    },
    {
      label: '治愈日常',
      value: 'bgm-healing',
      data: {
        mood: '治愈',
        duration: 60,
        url: null,
        score: 'healing',
        lavfi: chord([196.0, 246.94, 293.66], 60, 1.5),
      },
    },
  ],
  app_coupon: [
    {
      label: '新人专享券',
      value: 'NEW_USER_10',
      data: {
        type: 1,
        amount: 1000,
        threshold: 0,
        validDays: 7,
        description: '新用户注册即送，购买任意套餐立减 10 元',
      },
    },
    {
      label: '会员 8 折券',
      value: 'VIP_80',
      data: { type: 2, amount: 80, threshold: 0, validDays: 30, description: '开通会员套餐享 8 折' },
    },
    {
      label: '满 50 减 10',
      value: 'FULL_50_10',
      data: { type: 8, amount: 1000, threshold: 5000, validDays: 15, description: '单笔满 50 元可用' },
    },
    {
      label: '月卡体验券',
      value: 'PACKAGE_MONTH',
      data: { type: 4, amount: 0, threshold: 0, validDays: 30, description: '兑换后获得 1 个月会员' },
    },
  ],
  app_tips: [
    {
      label: '视频过期提示',
      value: 'downloadTip',
      data: { text: '该视频已超过保存期限，云端文件已清理。生成的视频仅保存 7 天，请及时下载保存到相册。' },
    },
    { label: '游客模式提示', value: 'guestTip', data: { text: '当前为游客模式，请先登录后再使用该功能。' } },
    {
      label: '提问次数用完',
      value: 'questionLimitTip',
      data: { text: '今日免费提问次数已用完，明天再来吧；开通会员即可不限次数提问。' },
    },
    {
      label: '图片上传说明',
      value: 'uploadImageTip',
      data: { text: '支持 jpg、png 格式，大小不超过 1MB。' },
    },
    {
      label: '视频生成说明',
      value: 'videoTip',
      data: { text: '视频生成大约需要 1～3 分钟，完成后会在消息中心通知你，可以先去逛逛广场。' },
    },
    {
      label: '实名认证说明',
      value: 'realNameTip',
      // Says nothing of when verification is needed: that rule is the app config's (realNameToPublish).
      data: { text: '你的信息仅用于身份核验，我们将严格保密。' },
    },
    {
      label: '金币说明',
      value: 'goldTip',
      data: { text: '金币可用于生成视频、AI 配音和绘画，每个字消耗 20 金币；金币购买后不可退还。' },
    },
  ],
  app_activity_rule: [
    {
      label: '每日签到',
      value: 'checkIn',
      data: {
        kind: 'checkIn',
        pointsPerStreakDay: [5, 5, 10, 10, 15, 15, 30],
        rules: rules(
          '每天（北京时间）可签到一次，连续签到奖励递增：第 1、2 天各 5 积分，第 3、4 天各 10 积分，第 5、6 天各 15 积分，第 7 天起每天 30 积分。',
          '中断签到后从第 1 天重新计算。',
          '积分可在积分商城兑换礼品，或参与幸运大转盘。',
        ),
      },
    },
    {
      label: '幸运大转盘',
      value: 'luckyWheel',
      data: {
        kind: 'luckyWheel',
        costPoints: 20,
        dailyLimit: 5,
        rules: rules(
          '每次抽奖消耗 20 积分，每人每天最多抽 5 次。',
          '奖品包括金币、会员体验卡和优惠券，中奖后自动发放到账户。',
          '如发现刷奖等作弊行为，平台有权取消奖励。',
        ),
      },
    },
    {
      label: '积分商城',
      value: 'exchange',
      data: {
        kind: 'exchange',
        rules: rules('积分兑换的商品不支持退换。', '虚拟商品兑换后立即到账，实物商品 7 个工作日内发货。'),
      },
    },
    {
      label: '美食投票',
      value: 'vote',
      data: {
        kind: 'vote',
        rules: rules(
          '每人每天可投 1 票，每天零点（北京时间）刷新。',
          '活动结束后按票数评选前三名并发放奖励。',
        ),
      },
    },
    {
      label: '种草大使',
      value: 'popularize',
      data: {
        kind: 'popularize',
        rules: rules(
          '在小红书、抖音等平台发布使用心得并带话题 #AI创作家，截图上传审核。',
          '审核通过后可领取 7 天会员奖励，每人限领一次。',
        ),
      },
    },
    {
      label: '邀请好友',
      value: 'invite',
      data: {
        kind: 'invite',
        rules: rules(
          '好友使用你的推荐码首次开通会员，双方各得 500 金币。',
          '推荐奖励在好友支付成功后 24 小时内到账。',
        ),
      },
    },
  ],
  app_video_insert: [
    {
      label: '品牌片头',
      value: 'intro-brand',
      data: { position: 'start', duration: 2, text: 'AI创作家 · 一键成片', background: '#2384F5' },
    },
    {
      label: '关注片尾',
      value: 'outro-follow',
      data: { position: 'end', duration: 2, text: '关注我，获取更多 AI 好内容', background: '#111111' },
    },
    {
      label: '水印片尾',
      value: 'outro-made-with',
      data: { position: 'end', duration: 1.5, text: '本视频由 AI创作家 生成', background: '#2384F5' },
    },
  ],
  app_vip_nav: [
    {
      label: '会员套餐',
      value: 'nav-vip',
      data: {
        kind: 'nav',
        icon: null,
        description: '开通会员，尽享全部权益',
        link: '/pages/index/vip/index',
      },
    },
    {
      label: '金币充值',
      value: 'nav-gold',
      data: {
        kind: 'nav',
        icon: null,
        description: '金币用于视频、配音、绘画',
        link: '/pages/index/vip/index?tab=gold',
      },
    },
    {
      label: '无限次 AI 提问',
      value: 'benefit-unlimited-questions',
      data: { kind: 'benefit', icon: null, description: '不受每日 5 次免费提问限制', link: null },
    },
    {
      label: '高清无品牌水印',
      value: 'benefit-no-watermark',
      data: {
        kind: 'benefit',
        icon: null,
        // Only our brand marks go: the AI labels (GB 45438-2025) stay on every generated file.
        description: '视频导出 1080P，不加片尾品牌水印（AI 生成标识依法保留）',
        link: null,
      },
    },
    {
      label: '专属配音',
      value: 'benefit-voices',
      data: { kind: 'benefit', icon: null, description: '解锁会员专属的自然音色', link: null },
    },
    {
      label: '优先生成',
      value: 'benefit-priority',
      data: { kind: 'benefit', icon: null, description: '视频和绘画任务优先排队', link: null },
    },
    {
      label: '会员模板',
      value: 'benefit-templates',
      data: { kind: 'benefit', icon: null, description: '全部视频模板免费使用', link: null },
    },
    {
      label: '专属客服',
      value: 'benefit-service',
      data: { kind: 'benefit', icon: null, description: '客服优先响应', link: '/set/help/service' },
    },
  ],
  robot: [
    {
      label: 'AI 创作助手',
      value: 'profile',
      data: {
        kind: 'profile',
        id: ROBOT_USER_ID,
        nickName: 'AI 创作助手',
        avatar: '/static/images/share.svg',
        introduction: '会写文案、起标题、写脚本的 AI 助手',
      },
    },
    {
      label: '欢迎语',
      value: 'welcome',
      data: {
        kind: 'welcome',
        text: '你好，我是 AI 创作助手！可以帮你写短视频文案、起爆款标题、写小红书笔记，也可以陪你聊聊创作灵感。试试下面的问题吧～',
      },
    },
    {
      label: '推荐问题',
      value: 'question-1',
      data: { kind: 'question', text: '帮我写一段 30 秒的美食探店口播文案' },
    },
    {
      label: '推荐问题',
      value: 'question-2',
      data: { kind: 'question', text: '给我的咖啡店起 5 个有创意的名字' },
    },
    {
      label: '推荐问题',
      value: 'question-3',
      data: { kind: 'question', text: '写一篇小红书风格的护肤好物分享' },
    },
    {
      label: '推荐问题',
      value: 'question-4',
      data: { kind: 'question', text: '把这句话改得更有感染力：坚持就是胜利' },
    },
    {
      label: '推荐问题',
      value: 'question-5',
      data: { kind: 'question', text: '帮我列一个一分钟科普视频的脚本大纲' },
    },
  ],
  service: [
    {
      label: '在线客服',
      value: 'profile',
      data: {
        kind: 'profile',
        id: SERVICE_USER_ID,
        nickName: '在线客服',
        avatar: '/static/images/share.svg',
        introduction: '有任何问题都可以找我',
      },
    },
    {
      label: '欢迎语',
      value: 'welcome',
      data: { kind: 'welcome', text: '你好，这里是 AI创作家 客服，有什么可以帮你？' },
    },
    {
      label: '服务时间',
      value: 'workTime',
      data: { kind: 'workTime', text: '人工客服服务时间：每天 9:00-21:00（北京时间）' },
    },
    {
      label: '常见问题',
      value: 'question-1',
      data: { kind: 'question', text: '会员开通后没有生效怎么办？' },
    },
    {
      label: '常见问题',
      value: 'question-2',
      data: { kind: 'question', text: '视频生成失败，金币会退回吗？' },
    },
    { label: '常见问题', value: 'question-3', data: { kind: 'question', text: '如何修改绑定的手机号？' } },
  ],
  app_config: Object.entries(DEFAULT_APP_CONFIG).map(([key, value]) => ({
    label: CONFIG_LABELS[key as keyof typeof DEFAULT_APP_CONFIG],
    value: key,
    data: value as JsonValue,
  })),
};

const isRecord = (value: JsonValue): value is { [key: string]: JsonValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A seed item's stored translations (`data.i18n`): its label and the texts of its data, from the catalogue. */
const translationsOf = (item: SeedItem): StoredTranslations => {
  if (!isRecord(item.data)) return {};
  const texts: Record<string, string | string[]> = { label: item.label };
  for (const [field, value] of Object.entries(item.data)) {
    if (typeof value === 'string') texts[field] = value;
    else if (Array.isArray(value) && value.every((line) => typeof line === 'string'))
      texts[field] = value as string[];
  }
  return seedTranslations(DICTIONARY_CATALOGUE, texts);
};

/** The seed as stored: each item with the translations of what users read (app_config is for operators only). */
export const seedItemsOf = (name: DictName): SeedItem[] =>
  SEED_DICTIONARIES[name].map((item) => {
    const i18n = name === 'app_config' ? {} : translationsOf(item);
    return Object.keys(i18n).length && isRecord(item.data)
      ? { ...item, data: { ...item.data, i18n: i18n as JsonValue } }
      : item;
  });

/**
 * Creates every dictionary with its seed items. Idempotent: existing items (by value) are kept as the
 * operator left them; when a release adds seed items to an existing dictionary, or translations to items still as
 * seeded, its version rises so clients refetch it. Seeding runs before any module is made, so it makes the
 * dictionary's repositories over the database it is given.
 */
export const seedDictionaries = async (db: Db, tenantId: number, now: Date): Promise<void> => {
  const store = createDictionaryRepositories(db);
  for (const name of DICT_NAMES) {
    await store.transaction(async ({ dictionary: repo }) => {
      const created = await repo.createType(tenantId, name, now);
      const seed = seedItemsOf(name);
      const items = seed.map((item, index) => ({
        label: item.label,
        value: item.value,
        data: item.data,
        sort: (index + 1) * 10,
        status: 1,
        remark: item.remark ?? null,
      }));
      let changed = await repo.insertMissing(tenantId, name, items, now);
      if (!created) {
        for (const item of seed) {
          const i18n = isRecord(item.data) ? item.data.i18n : undefined;
          if (
            i18n &&
            (await repo.addSeedTranslations(
              tenantId,
              name,
              { value: item.value, label: item.label, i18n },
              now,
            ))
          )
            changed += 1;
        }
      }
      if (!created && changed > 0) await repo.bumpVersion(tenantId, name, now);
    });
  }
};
