import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { normalizePhone } from '@app/contract';
import './auth.messages.js';
import type { Clock } from '../../platform/clock.js';
import { shanghaiDate } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, fieldError, tooManyRequests } from '../../platform/errors.js';
import type { SmsProvider } from '../../platform/sms/sms-provider.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { AuthRepositories } from './auth.repository.js';
import { getAppConfig } from '../dictionary/index.js';
import type { HumanCheck } from './human-check.js';
import { assertTenantEnabled } from '../../platform/db/tenant-directory.js';

export const CAPTCHA_TTL_SECONDS = 300;
export const CAPTCHA_RESEND_SECONDS = 60;
export const CAPTCHA_MAX_ATTEMPTS = 5;
export const CAPTCHA_LENGTH = 6;

/** Start of the Asia/Shanghai calendar day that contains `now`. */
export const shanghaiDayStart = (now: Date): Date => new Date(`${shanghaiDate(now)}T00:00:00+08:00`);

export interface CaptchaDeps {
  /** For the platform's tenant check. */
  db: Db;
  store: AuthRepositories;
  clock: Clock;
  sms: SmsProvider;
  /** HMAC key: codes are never stored in clear. */
  secret: string;
  /** The human check asked for after app_config signUpGuard.smsBeforeCheck sends in an hour. */
  humanCheck: HumanCheck;
  dailyLimitPerPhone: number;
  dailyLimitPerIp: number;
  log: { warn(obj: object, msg?: string): void };
}

/** SMS captcha: send with limits, verify once. */
export const createCaptchaService = (deps: CaptchaDeps) => {
  const { db, store, clock } = deps;
  const hash = (tenantId: number, phone: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${tenantId}:${phone}:${code}`).digest('hex');

  return {
    /**
     * Sends a code to `rawPhone` for the caller (its tenant; its IP counts against the daily cap per IP). Once
     * the caller's address or device has had `smsBeforeCheck` codes in the last hour, the send needs a solved
     * human check (`humanCheck`), spent by this send.
     */
    async send(actor: Actor, rawPhone: string, origin: { deviceId: string | null; humanCheck?: string }) {
      const input = { tenantId: actor.tenantId, ip: actor.ip ?? '' };
      const phone = normalizePhone(rawPhone);
      await assertTenantEnabled(db, input.tenantId);
      // Read before the transaction (one connection under PGlite).
      const { signUpGuard } = await getAppConfig(db, input.tenantId);
      const now = clock.now();
      const dayStart = shanghaiDayStart(now);
      const code = String(randomInt(0, 10 ** CAPTCHA_LENGTH)).padStart(CAPTCHA_LENGTH, '0');
      const id = await store.transaction(async ({ captchas }, tx) => {
        // Serialises sends to one phone, so two racing requests cannot both pass the 60 s check.
        await captchas.lockPhone(input.tenantId, phone);
        const last = await captchas.lastSentAt(input.tenantId, phone);
        if (last) {
          const waitMs = last.getTime() + CAPTCHA_RESEND_SECONDS * 1000 - now.getTime();
          if (waitMs > 0) throw tooManyRequests('sms_too_frequent', { seconds: Math.ceil(waitMs / 1000) });
        }
        if ((await captchas.sentToPhoneSince(input.tenantId, phone, dayStart)) >= deps.dailyLimitPerPhone)
          throw tooManyRequests('sms_phone_daily_limit', { limit: deps.dailyLimitPerPhone });
        // The IP cap spans tenants: switching the TenantId header must not reset it.
        if ((await captchas.sentFromIpSince(input.ip, dayStart)) >= deps.dailyLimitPerIp)
          throw tooManyRequests('sms_ip_daily_limit', { limit: deps.dailyLimitPerIp });
        const hourAgo = new Date(now.getTime() - 3600_000);
        const recent = Math.max(
          await captchas.sentFromIpSince(input.ip, hourAgo),
          origin.deviceId ? await captchas.sentFromDeviceSince(origin.deviceId, hourAgo) : 0,
        );
        if (recent >= signUpGuard.smsBeforeCheck) {
          if (!origin.humanCheck) throw badRequest('human_check_required');
          await deps.humanCheck.spend(tx, origin.humanCheck);
        }
        return captchas.insert({
          tenantId: input.tenantId,
          phone,
          codeHash: hash(input.tenantId, phone, code),
          ip: input.ip,
          deviceId: origin.deviceId,
          expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
          createdAt: now,
        });
      });
      try {
        await deps.sms.send(phone, code, CAPTCHA_TTL_SECONDS / 60);
      } catch (err) {
        // Not sent: the row must not count against the limits nor be verifiable.
        await store.repos.captchas.remove(id);
        deps.log.warn({ err, provider: deps.sms.name }, 'sms send failed');
        throw new AppError(503, 'sms_send_failed');
      }
      return { resendSeconds: CAPTCHA_RESEND_SECONDS, expiresInSeconds: CAPTCHA_TTL_SECONDS };
    },

    /**
     * Checks and consumes the latest code sent to the phone. Throws a 400 on `code` otherwise; wrong tries
     * are counted (and committed) even though the call fails.
     */
    async verify(input: { tenantId: number; phone: string; code: string }): Promise<void> {
      const phone = normalizePhone(input.phone);
      const now = clock.now();
      const outcome = await store.transaction(async ({ captchas }) => {
        const row = await captchas.lockLatest(input.tenantId, phone);
        if (!row || row.usedAt || row.expiresAt <= now) return 'sms_code_expired';
        if (row.attempts >= CAPTCHA_MAX_ATTEMPTS) return 'sms_code_exhausted';
        const expected = Buffer.from(row.codeHash, 'hex');
        const given = Buffer.from(hash(input.tenantId, phone, input.code.trim()), 'hex');
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          const attempts = row.attempts + 1;
          await captchas.update(row.id, { attempts });
          return attempts >= CAPTCHA_MAX_ATTEMPTS ? 'sms_code_exhausted' : 'sms_code_wrong';
        }
        await captchas.update(row.id, { usedAt: now });
        return 'ok';
      });
      if (outcome !== 'ok') throw fieldError('code', outcome);
    },
  };
};
export type CaptchaService = ReturnType<typeof createCaptchaService>;
