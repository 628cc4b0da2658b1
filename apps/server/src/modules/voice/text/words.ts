import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Names a reader takes as one word that jieba's dictionary splits (龙井|虾仁, 西湖|醋|鱼): dishes, sights and
 * places an article about a trip or a meal names, so a subtitle never breaks inside them. `word frequency tag`.
 */
const PHRASES = `龙井虾仁 50 nz
西湖醋鱼 50 nz
东坡肉 50 nz
叫花鸡 50 nz
宋嫂鱼羹 50 nz
片儿川 50 nz
小笼包 50 nz
北京烤鸭 50 nz
麻婆豆腐 50 nz
宫保鸡丁 50 nz
红烧肉 50 nz
糖醋排骨 50 nz
酸菜鱼 50 nz
水煮鱼 50 nz
西湖龙井 50 nz
苏堤春晓 50 ns
断桥残雪 50 ns
三潭印月 50 ns
平湖秋月 50 ns
曲院风荷 50 ns
雷峰夕照 50 ns
柳浪闻莺 50 ns
花港观鱼 50 ns
南屏晚钟 50 ns
灵隐寺 50 ns
雷峰塔 50 ns
白堤 50 ns
苏堤 50 ns
断桥 50 ns
河坊街 50 ns
西溪湿地 50 ns
外滩 50 ns
故宫博物院 50 ns
天安门广场 50 ns
高铁站 50 n
火车站 50 n
地铁站 50 n
手摇船 50 n
`;

// One segmenter for subtitle cutting, loaded on first use (its dictionary ships inside the package).
let jieba: Jieba | null = null;
const segmenter = () => {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    jieba.loadDict(Buffer.from(PHRASES));
  }
  return jieba;
};

/**
 * A text cut into words with jieba (Chinese words, Latin words, numbers, spaces and punctuation each a token):
 * the joined tokens are the text again, so a cut between two tokens is never inside a word.
 */
export const wordsOf = (text: string): string[] => {
  if (!text) return [];
  return segmenter().cut(text, true);
};

/** The same words with their part of speech (jieba's tags: n noun, v verb, p preposition, u particle, x other). */
export const taggedWordsOf = (text: string): { word: string; tag: string }[] => {
  if (!text) return [];
  return segmenter().tag(text, true);
};
