import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../config.js';
import { createTextProviders, type TextProviders } from './ai/text/text-providers.js';
import type { Clock } from './clock.js';
import { createPayGateways, type PayGateways } from './pay/gateways.js';
import { createAliyunSms } from './sms/aliyun-sms.js';
import { createConsoleSms } from './sms/console-sms.js';
import type { SmsProvider } from './sms/sms-provider.js';
import { createTencentSms } from './sms/tencent-sms.js';
import { createWechatClient, type WechatClient } from './wechat/wechat-client.js';
import type { Metrics } from './metrics/metrics.js';

/** The outside services the app talks to, each chosen and keyed once from the configuration. */
export interface Providers {
  sms: SmsProvider;
  wechat: {
    /** The mini program's client (log-in by code, phone numbers); undefined when not configured. */
    miniProgram?: WechatClient;
    /** The open-platform mobile app's client (the mini program's when one app serves both). */
    mobileApp?: WechatClient;
    /** The official account's client that signs JS-SDK pages; null when not configured. */
    jsSdk: WechatClient | null;
  };
  /** WeChat Pay and Alipay, each null when its merchant settings are incomplete. */
  pay: PayGateways;
  /** Text generation (chat, copy): OpenAI-compatible providers and the offline engine. */
  text: TextProviders;
}

interface ProviderDeps {
  config: Config;
  dataDir: string;
  log: FastifyBaseLogger;
  clock: Clock;
  metrics?: Metrics;
}

const required = (config: Config, names: (keyof Config)[]) => {
  const missing = names.filter((n) => !config[n]);
  if (missing.length)
    throw new ConfigError(`SMS_PROVIDER=${config.SMS_PROVIDER} needs ${missing.join(', ')}`);
};

/** The SMS provider SMS_PROVIDER names, with its keys from the environment. */
const smsFromConfig = ({ config, dataDir, log, clock }: ProviderDeps): SmsProvider => {
  if (config.SMS_PROVIDER === 'aliyun') {
    required(config, [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ]);
    return createAliyunSms({
      ...(config.ALIYUN_SMS_ENDPOINT ? { endpoint: config.ALIYUN_SMS_ENDPOINT } : {}),
      accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: config.SMS_SIGN_NAME,
      templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
    });
  }
  if (config.SMS_PROVIDER === 'tencent') {
    required(config, [
      'TENCENT_SMS_SECRET_ID',
      'TENCENT_SMS_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
      'TENCENT_SMS_TEMPLATE_ID',
    ]);
    return createTencentSms({
      ...(config.TENCENT_SMS_ENDPOINT ? { endpoint: config.TENCENT_SMS_ENDPOINT } : {}),
      secretId: config.TENCENT_SMS_SECRET_ID!,
      secretKey: config.TENCENT_SMS_SECRET_KEY!,
      region: config.TENCENT_SMS_REGION,
      smsSdkAppId: config.TENCENT_SMS_SDK_APP_ID!,
      signName: config.SMS_SIGN_NAME,
      templateId: config.TENCENT_SMS_TEMPLATE_ID!,
    });
  }
  return createConsoleSms({
    dataDir,
    logger: log,
    signName: config.SMS_SIGN_NAME,
    now: () => clock.now(),
  });
};

/** WeChat clients of the configured apps: the mini program and the open-platform mobile app. */
const wechatAppsFromConfig = (config: Config) => {
  const make = (appId?: string, appSecret?: string): WechatClient | undefined =>
    appId && appSecret
      ? createWechatClient({ baseUrl: config.WECHAT_API_BASE, appId, appSecret })
      : undefined;
  const miniProgram = make(config.WECHAT_APP_ID, config.WECHAT_APP_SECRET);
  const mobileApp = config.WECHAT_MOBILE_APP_ID
    ? make(config.WECHAT_MOBILE_APP_ID, config.WECHAT_MOBILE_APP_SECRET)
    : miniProgram;
  return { miniProgram, mobileApp };
};

/**
 * The JS-SDK is signed with the official account's (公众号) credentials: WECHAT_OA_APP_ID/SECRET, falling back
 * to WECHAT_APP_ID/SECRET when one WeChat app serves both. One client per process, so the access token and the
 * jsapi ticket are fetched once and cached until shortly before they expire.
 */
const jsSdkFromConfig = (config: Config, clock: Clock): WechatClient | null => {
  const appId = config.WECHAT_OA_APP_ID ?? config.WECHAT_APP_ID;
  const appSecret = config.WECHAT_OA_APP_ID ? config.WECHAT_OA_APP_SECRET : config.WECHAT_APP_SECRET;
  if (!appId || !appSecret) return null;
  return createWechatClient({
    baseUrl: config.WECHAT_API_BASE,
    appId,
    appSecret,
    now: () => clock.now(),
  });
};

export const createProviders = (deps: ProviderDeps): Providers => ({
  sms: smsFromConfig(deps),
  wechat: { ...wechatAppsFromConfig(deps.config), jsSdk: jsSdkFromConfig(deps.config, deps.clock) },
  pay: createPayGateways(deps.config, deps.clock),
  text: createTextProviders(deps.config, deps.metrics),
});
