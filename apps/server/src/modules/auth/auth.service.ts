import {
  DEFAULT_AVATAR,
  isPhone,
  maskPhone,
  type AuthUserInfo,
  type endpoints,
  type ParsedBodyOf,
  type TokenPair,
} from '@app/contract';
import type { z } from 'zod';
import type { phoneLoginResultSchema } from '@app/contract';

type PhoneLoginResult = z.infer<typeof phoneLoginResultSchema>;
import './auth.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, unauthorized } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/auth/password.js';
import type { SessionService } from '../../platform/auth/session.service.js';
import { isGuest, isOperator, type Actor } from '../../platform/identity/actor.js';
import { defaultNickName, type UserRow } from '../../platform/identity/users.repository.js';
import type { AuthRepositories } from './auth.repository.js';
import type { CaptchaService } from './captcha.service.js';
import { createSignUp } from './welcome-gift.js';
import { assertTenantEnabled } from '../../platform/db/tenant-directory.js';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 30;

/** "YYYY-MM-DD HH:mm" in Asia/Shanghai, for messages. */
export const shanghaiMinute = (date: Date): string =>
  new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

const lockedError = (until: Date, now: Date) =>
  new AppError(403, 'account_locked', {
    minutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)),
    until: shanghaiMinute(until),
    lockedUntil: until.toISOString(),
  });

export interface AuthServiceDeps {
  /** For the platform's tenant check and the dictionary's welcome gift. */
  db: Db;
  store: AuthRepositories;
  clock: Clock;
  sessions: SessionService;
  captcha: CaptchaService;
}

/** Logins and tokens. */
export const createAuthService = (deps: AuthServiceDeps) => {
  const { db, store, clock, sessions, captcha } = deps;
  const { users: repo, locks } = store.repos;
  const findOrSignUp = createSignUp({ db, store, clock });

  const startSession = (user: UserRow): Promise<TokenPair> =>
    sessions.start({ uid: user.id, tenantId: user.tenantId, roles: user.roles });

  return {
    startSession,

    /** `deviceId`: the web app's device id, which the welcome gift of a new account is counted by. */
    async phoneLogin(
      { tenantId, ip }: Actor,
      input: ParsedBodyOf<typeof endpoints.phoneLogin>,
      deviceId: string | null = null,
    ): Promise<PhoneLoginResult> {
      await assertTenantEnabled(db, tenantId);
      await captcha.verify({ tenantId, ...input });
      const { user, withheld } = await findOrSignUp(tenantId, input.phone, { ip: ip ?? '', deviceId });
      // Proving the phone also clears a password lockout (the locked-account message suggests it).
      if (user.failedLoginCount || user.lockedUntil) {
        await locks.clear(user.id);
      }
      const tokens = await startSession(user);
      return withheld ? { ...tokens, welcomeGiftWithheld: withheld } : tokens;
    },

    async passwordLogin(
      { tenantId }: Actor,
      input: ParsedBodyOf<typeof endpoints.passwordLogin>,
    ): Promise<TokenPair> {
      const account = input.account.trim();
      const user = isPhone(account)
        ? await repo.byPhone(tenantId, account)
        : await repo.byAccount(tenantId, account);
      if (!user) throw badRequest('wrong_credentials');
      const now = clock.now();
      // Take an attempt before comparing, in one conditional statement: however many logins run at once,
      // at most MAX_FAILED_LOGINS of them reach the comparison; the rest are refused as locked.
      const attempt = await locks.takeAttempt(user.id, now, MAX_FAILED_LOGINS);
      const lock = async (): Promise<never> => {
        const until = new Date(now.getTime() + LOCK_MINUTES * 60_000);
        if (await locks.lock(user.id, now, until)) throw lockedError(until, now);
        // Another attempt locked it first: answer its lock.
        const current = await locks.lockedUntil(user.id);
        throw lockedError(current && current > now ? current : until, now);
      };
      if (attempt === undefined) return lock();
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        if (attempt >= MAX_FAILED_LOGINS) return lock();
        throw badRequest('wrong_credentials');
      }
      await locks.clear(user.id);
      return startSession(user);
    },

    async visitorLogin({ tenantId }: Actor): Promise<TokenPair> {
      await assertTenantEnabled(db, tenantId);
      return sessions.start({ uid: 0, tenantId, roles: ['guest'] });
    },

    /** Ends the caller's session (`sessionId`, the one its token names). */
    async logout(sessionId: string): Promise<boolean> {
      await sessions.revoke(sessionId);
      return true;
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      const renewed = await sessions.refresh(refreshToken);
      if (!renewed) throw new AppError(401, 'token_invalid');
      return { accessToken: renewed.accessToken, refreshToken: renewed.refreshToken };
    },

    /** The caller as its session sees it; `permissions` are the session's. */
    async userInfo(actor: Actor, permissions: string[]): Promise<AuthUserInfo> {
      const guest = isGuest(actor);
      const base = {
        tenantId: actor.tenantId,
        roles: [...actor.roles],
        permissions,
        isGuest: guest,
        isAdmin: isOperator(actor),
      };
      if (guest || actor.uid === 0) {
        return {
          ...base,
          id: 0,
          account: null,
          nickName: '游客',
          avatar: DEFAULT_AVATAR,
          phone: null,
          hasPassword: false,
        };
      }
      const user = await repo.liveById(actor.tenantId, actor.uid);
      if (!user) throw unauthorized();
      return {
        ...base,
        id: user.id,
        roles: user.roles,
        account: user.account,
        nickName: user.nickName ?? defaultNickName(user.phone),
        avatar: user.avatar ?? DEFAULT_AVATAR,
        phone: user.phone ? maskPhone(user.phone) : null,
        hasPassword: !!user.passwordHash,
      };
    },
  };
};
export type AuthService = ReturnType<typeof createAuthService>;
