/** Pay methods offered on the web (spec §9 codes): gold balance, offline transfer, WeChat H5, Alipay H5. */
export const PAY_METHODS = [
  { code: 0, key: 'payLocal' },
  { code: 1, key: 'payOffline' },
  { code: 103, key: 'payWechat' },
  { code: 203, key: 'payAlipay' },
] as const;

/** The locale key under `commerce.` naming a pay method (the gold balance for an unknown code). */
export const payMethodKey = (code: number): string => PAY_METHODS.find((m) => m.code === code)?.key ?? 'payLocal';
