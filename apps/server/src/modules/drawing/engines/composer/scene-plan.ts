import type { Season, TimeOfDay, Weather } from './segmenter.js';

/**
 * The scene plan of an article line (a video scene's picture): when and where it happens, how people travel,
 * whether it is a meal and how many people are in it. The offline composer draws the picture to it, so that the
 * picture agrees with the line: a train on rails, boats on water, a night line at night with lights, dishes on a
 * table for a meal, no sun at night, no snow in spring.
 */

export type Place = 'indoor' | 'street' | 'lake' | 'river' | 'sea' | 'mountain' | 'station' | 'countryside';
export type Transport = 'train' | 'boat' | 'airplane' | 'bus' | 'car' | 'bicycle';
/** How many people the line has in it: none named, one, two, three or more. */
export type People = 0 | 1 | 2 | 3;

export interface ScenePlan {
  time: TimeOfDay | null;
  season: Season | null;
  weather: Weather;
  place: Place | null;
  transport: Transport | null;
  /** Eating or drinking: dishes (or cups) on a table. */
  meal: boolean;
  people: People;
}

const first = <T>(table: [T, RegExp][], text: string): T | null =>
  table.find(([, re]) => re.test(text))?.[0] ?? null;

// Earlier rows win: 傍晚 is dusk before 晚 could be night; 晚霞 is the evening sky.
const TIME: [TimeOfDay, RegExp][] = [
  ['dusk', /傍晚|黄昏|夕阳|日落|落日|晚霞|暮色|薄暮|余晖/],
  ['night', /夜|晚上|晚饭|晚餐|今晚|当晚|月光|月色|月亮|星空|星星|灯火|华灯/],
  ['dawn', /清晨|黎明|日出|拂晓|破晓|晨曦|晨光|朝阳|一早|早上|早晨|大早|早饭|早餐|晨练/],
  ['day', /中午|正午|午后|下午|上午|白天|午饭|午餐|烈日|晌午|阳光|大太阳/],
];
const SEASON_NAMED: [Season, RegExp][] = [
  // 春节 is a winter holiday, whatever its name says.
  ['winter', /春节|冬|腊月|寒假|元旦/],
  ['spring', /春/],
  ['summer', /夏|暑假|酷暑|三伏/],
  ['autumn', /秋|中秋/],
];
const SEASON_IMPLIED: [Season, RegExp][] = [
  ['winter', /雪(?!糕|碧|白)|结冰|寒风/],
  ['spring', /桃花|樱花|柳絮|油菜花|踏青|春晓/],
  ['summer', /荷花|莲花|知了|蝉鸣|游泳|冰淇淋/],
  ['autumn', /枫叶|红叶|落叶|桂花|丰收|稻谷金黄/],
];
const WEATHER: [Weather, RegExp][] = [
  ['snow', /雪(?!糕|碧|白|山)/],
  ['rain', /雨(?!伞|衣|林)|打着伞|撑着伞|撑伞/],
  ['fog', /雾|烟雨|朦胧|霾/],
];
// Earlier rows win: a restaurant by the lake is indoors, a path by the lake is the lake.
const PLACE: [Place, RegExp][] = [
  ['station', /车站|火车站|高铁站|地铁站|动车站|站台|月台|候车|机场|航站楼|登机/],
  [
    'indoor',
    /屋里|家里|房间|室内|餐厅|饭店|饭馆|餐馆|酒店|客厅|厨房|教室|办公室|咖啡馆|咖啡店|茶馆|茶楼|书店|博物馆|商场|店里|屋内|楼里|卧室|窗前|床上|宿舍|图书馆|美术馆|展厅|酒楼|楼外楼/,
  ],
  ['lake', /湖|池塘|荷塘|苏堤|白堤|断桥|三潭|潭/],
  ['river', /江边|江上|江面|长江|钱塘江|河|溪|运河|江水/],
  ['sea', /(?<!上)海(?!报|鲜|拔|洋馆)|沙滩|海滩|港口|码头/],
  ['mountain', /山(?!东|西省|药|楂)|峰|峡谷|岭/],
  ['street', /街|马路|路上|路边|城市|市区|小巷|巷子|广场|胡同|市中心|十字路口|步行街|夜市|人行道|商业区/],
  ['countryside', /乡下|村|田野|稻田|麦田|农田|果园|草原|农家|菜地|茶园|梯田/],
];
const TRANSPORT: [Transport, RegExp][] = [
  ['train', /高铁|火车|动车|列车|地铁|轻轨|绿皮车/],
  ['airplane', /飞机|航班|起飞|降落|登机/],
  ['boat', /船|舟|画舫|摇橹|竹筏|轮渡|渡轮|划桨/],
  ['bus', /公交|大巴|巴士|公共汽车|旅游车/],
  ['bicycle', /自行车|单车|骑车|骑行|脚踏车/],
  ['car', /开车|汽车|出租车|打车|自驾|轿车|网约车|车里|小车|驾车|堵车/],
];
const MEAL =
  /吃|餐|(?<!.店)饭(?!店|馆)|菜(?!市场|园|地)|美食|小吃|品尝|尝了|尝尝|喝|茶(?!园|叶田)|咖啡(?!馆|店)|点心|醋鱼|虾仁|火锅|面条|饺子|包子|汤圆|粽子|月饼|宵夜|夜宵|酒席|宴/;
const MANY =
  /一家|全家|大家|人群|人们|游客|很多人|许多人|好多人|一群|朋友们|同学们|孩子们|小朋友们|几个人|三个人|我们几|人山人海|人来人往|熙熙攘攘|行人|市民|乘客|居民|老人们|队伍|家人们|一伙/;
const TWO =
  /两个人|俩|我们|咱们|我和|和我|跟我|与我|和(?:妈妈|爸爸|朋友|女朋友|男朋友|老公|老婆|同学|奶奶|爷爷|外婆|姐姐|妹妹|哥哥|弟弟|儿子|女儿)|情侣|夫妻|恋人|母女|父子|母子|父女|姐妹|兄弟/;
const ONE =
  /我|他|她|一个人|独自|老人|老爷爷|老奶奶|女孩|男孩|孩子|小朋友|姑娘|小伙子|师傅|船夫|渔夫|司机|服务员|老板|妈妈|爸爸|奶奶|爷爷|外婆|外公|导游|老师|作者|小孩|少年|少女/;

/** The scene plan of a line (Chinese), read from its words; what it does not say stays null (or none). */
export const planScene = (line: string): ScenePlan => {
  const text = line.replace(/\s+/g, '');
  const weather = first(WEATHER, text) ?? 'clear';
  return {
    time: first(TIME, text),
    season: first(SEASON_NAMED, text) ?? first(SEASON_IMPLIED, text),
    weather,
    place: first(PLACE, text),
    transport: first(TRANSPORT, text),
    meal: MEAL.test(text),
    people: MANY.test(text) ? 3 : TWO.test(text) ? 2 : ONE.test(text) ? 1 : 0,
  };
};

const TIME_WORD: Record<TimeOfDay, string> = { dawn: '清晨', day: '白天', dusk: '黄昏', night: '夜晚' };
const SEASON_WORD: Record<Season, string> = {
  spring: '春天',
  summer: '夏天',
  autumn: '秋天',
  winter: '冬天',
};
const WEATHER_WORD: Record<Weather, string> = { clear: '', rain: '下雨', snow: '下雪天', fog: '雾' };
const PLACE_WORD: Record<Place, string> = {
  indoor: '室内',
  street: '街道',
  lake: '湖',
  river: '河',
  sea: '海',
  mountain: '山',
  station: '车站',
  countryside: '田野',
};
const TRANSPORT_WORD: Record<Transport, string> = {
  train: '火车',
  boat: '船',
  airplane: '飞机',
  bus: '公交车',
  car: '汽车',
  bicycle: '自行车',
};
const PEOPLE_WORD: Record<People, string> = { 0: '', 1: '一个人', 2: '两个人', 3: '人群' };

/**
 * The plan as words a prompt can carry (夜晚 春天 湖 船 餐桌 两个人): a scene's picture is asked for by its key nouns,
 * which leave out when and how; these words put them back, and read back as the same plan.
 */
export const planWords = (plan: ScenePlan): string[] =>
  [
    plan.time ? TIME_WORD[plan.time] : '',
    plan.season ? SEASON_WORD[plan.season] : '',
    WEATHER_WORD[plan.weather],
    plan.place ? PLACE_WORD[plan.place] : '',
    plan.transport ? TRANSPORT_WORD[plan.transport] : '',
    plan.meal ? '吃饭' : '',
    PEOPLE_WORD[plan.people],
  ].filter(Boolean);
