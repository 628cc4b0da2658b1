import { customPinyin, pinyin, polyphonic } from 'pinyin-pro';

/**
 * Our phrase dictionary over pinyin-pro's own: common words it reads wrong in context (3.29 answers 店长 as
 * diàn cháng, 还书 as hái shū, 理发 as lǐ fā). @pinyin-pro/data was tried and left out: its `modern` dictionary
 * still reads 店长 cháng and 一行人 as yì háng rén, and the package carries no licence file or author (only
 * "ISC" in package.json, data of unstated origin). Phrases are whole words so that they apply in any sentence;
 * readings with tone marks as pinyin-pro takes them. Every reader of Mandarin here (dubbing, the video's
 * voice-over, the dubbing editor, karaoke's alignment) imports pinyin-pro through this file.
 */
export const PHRASE_READINGS: Record<string, string> = {
  // 长 zhǎng: heads of things, growing
  店长: 'diàn zhǎng',
  船长: 'chuán zhǎng',
  处长: 'chù zhǎng',
  村长: 'cūn zhǎng',
  县长: 'xiàn zhǎng',
  省长: 'shěng zhǎng',
  科长: 'kē zhǎng',
  局长: 'jú zhǎng',
  厂长: 'chǎng zhǎng',
  团长: 'tuán zhǎng',
  队长: 'duì zhǎng',
  社长: 'shè zhǎng',
  会长: 'huì zhǎng',
  董事长: 'dǒng shì zhǎng',
  院长: 'yuàn zhǎng',
  所长: 'suǒ zhǎng',
  馆长: 'guǎn zhǎng',
  站长: 'zhàn zhǎng',
  首长: 'shǒu zhǎng',
  兄长: 'xiōng zhǎng',
  学长: 'xué zhǎng',
  师长: 'shī zhǎng',
  园长: 'yuán zhǎng',
  机长: 'jī zhǎng',
  列车长: 'liè chē zhǎng',
  长得: 'zhǎng de',
  // 朝 zhāo: morning
  朝阳初升: 'zhāo yáng chū shēng',
  一轮朝阳: 'yì lún zhāo yáng',
  朝阳升起: 'zhāo yáng shēng qǐ',
  朝霞: 'zhāo xiá',
  朝鲜: 'cháo xiǎn',
  // 行 háng
  投行: 'tóu háng',
  // 还 huán: giving back
  还书: 'huán shū',
  还给: 'huán gěi',
  还钱: 'huán qián',
  还债: 'huán zhài',
  还款: 'huán kuǎn',
  // 得 děi / de
  得走: 'děi zǒu',
  跑得: 'pǎo de',
  走得: 'zǒu de',
  说得: 'shuō de',
  做得: 'zuò de',
  写得: 'xiě de',
  唱得: 'chàng de',
  过得: 'guò de',
  变得: 'biàn de',
  舍不得: 'shě bù de',
  // 地 de after an adverb
  认真地: 'rèn zhēn de',
  慢慢地: 'màn màn de',
  轻轻地: 'qīng qīng de',
  静静地: 'jìng jìng de',
  悄悄地: 'qiāo qiāo de',
  默默地: 'mò mò de',
  渐渐地: 'jiàn jiàn de',
  努力地: 'nǔ lì de',
  高兴地: 'gāo xìng de',
  不断地: 'bú duàn de',
  // others
  打的: 'dǎ dī',
  和面: 'huó miàn',
  在倒车: 'zài dào chē',
  倒车入库: 'dào chē rù kù',
  理发: 'lǐ fà',
  很冲: 'hěn chòng',
  教书: 'jiāo shū',
  有空: 'yǒu kòng',
  有空调: 'yǒu kōng tiáo',
  盛饭: 'chéng fàn',
  数钱: 'shǔ qián',
  呕吐: 'ǒu tù',
  咖喱: 'gā lí',
  湖泊: 'hú pō',
  屏住: 'bǐng zhù',
  系鞋带: 'jì xié dài',
  系好: 'jì hǎo',
};

customPinyin(PHRASE_READINGS);

export { pinyin, polyphonic };
