const DIGITS = '零一二三四五六七八九';
const UNITS = ['', '十', '百', '千'];
const SECTIONS = ['', '万', '亿', '万亿'];

/** Digits read one by one (years, phone numbers, codes): 2024 → 二零二四. */
const readDigits = (digits: string): string => [...digits].map((d) => DIGITS[Number(d)] ?? d).join('');

/** Four digits (0–9999) as a Chinese number, without leading 零. */
const section = (n: number): string => {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i -= 1) {
    const digit = Math.floor(n / 10 ** i) % 10;
    if (digit === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[digit]! + UNITS[i]!;
  }
  return out;
};

/** A whole number as spoken Mandarin: 10 → 十, 105 → 一百零五, 100005 → 十万零五 (up to 16 digits). */
export const readInteger = (value: string): string => {
  const digits = value.replace(/^0+(?=\d)/, '');
  if (digits.length > 16) return readDigits(digits);
  const chunks: number[] = [];
  for (let end = digits.length; end > 0; end -= 4)
    chunks.unshift(Number(digits.slice(Math.max(0, end - 4), end)));
  let out = '';
  let pendingZero = false;
  chunks.forEach((chunk, i) => {
    if (chunk === 0) {
      pendingZero = out !== '';
      return;
    }
    if (out && (pendingZero || chunk < 1000)) out += '零';
    out += section(chunk) + SECTIONS[chunks.length - 1 - i]!;
    pendingZero = false;
  });
  if (!out) return '零';
  return out.startsWith('一十') ? out.slice(1) : out;
};

/** 25.5 → 二十五点五. */
const readDecimal = (value: string): string => {
  const [whole = '0', fraction] = value.split('.');
  return readInteger(whole) + (fraction ? `点${readDigits(fraction)}` : '');
};

/**
 * Numbers, dates, times and percentages written with digits become Chinese words, so the pinyin voice says
 * them (it would read a digit as a tone mark otherwise): 2024年3月5日 → 二零二四年三月五日, 8:30 → 八点三十分,
 * 50% → 百分之五十, 13800000000 → digits one by one.
 */
export const verbalizeNumbers = (text: string): string =>
  text
    .replace(/(\d{4})\s*年/g, (_, y: string) => `${readDigits(y)}年`)
    .replace(/(\d{1,2}):(\d{2})(?::(\d{2}))?/g, (_, h: string, m: string, s?: string) => {
      const minutes = Number(m) === 0 ? '整' : `${Number(m) < 10 ? '零' : ''}${readInteger(m)}分`;
      return `${readInteger(h)}点${minutes}${s ? `${readInteger(s)}秒` : ''}`;
    })
    .replace(/(\d+(?:\.\d+)?)\s*[%％]/g, (_, n: string) => `百分之${readDecimal(n)}`)
    .replace(/(?<![\d.])(\d{7,}|0\d+)(?![\d.])/g, (_, d: string) => readDigits(d))
    .replace(/(?<![\d.])2(?=[个位次天人本张只条件头种台辆份杯碗场])/g, () => '两')
    .replace(/\d+(?:\.\d+)?/g, (n) => (n.includes('.') ? readDecimal(n) : readInteger(n)));
