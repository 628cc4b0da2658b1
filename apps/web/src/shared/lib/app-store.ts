import { LOCALES, SocketState, type Locale } from '@app/contract';
import { create } from 'zustand';
import { StorageKey, storage } from './storage';
import { decodeToken, isTokenValid, type TokenPayload } from './token';

/**
 * The one small client store (DESIGN.md): the session and the settings. Server state lives in TanStack
 * Query, not here. Every change is mirrored to local storage (wrapped as `{ type, data }`).
 */
export interface Session {
  accessToken: string;
  refreshToken?: string;
}

/** Spec §6 "a visitor login exists, stored with mode, from and data". */
export interface VisitorLogin {
  mode: 'visitor';
  /** The page the visitor was on (or going to) when they chose to look around as a guest. */
  from: string;
  data: { userId: number; loginTime: string };
}

/** What the mine page shows; the accounts feature fills it from /api/sysUser/baseInfo. */
export interface UserProfile {
  id: number;
  nickName?: string | null;
  avatar?: string | null;
  introduction?: string | null;
  phone?: string | null;
  vipLevel?: number | null;
  vipExpireDate?: string | null;
}

interface AppState {
  session: Session | null;
  profile: UserProfile | null;
  language: Locale;
  /** Realtime hub state (SocketState: 1 connecting, 2 connected, 3 authenticated, 4 closed, 5 error). */
  socketState: SocketState;
  /** Unread message-centre notices (home-page badge); pushed by the hub, refreshed by the message centre. */
  unreadCount: number;
  setSocketState(state: SocketState): void;
  setUnreadCount(count: number): void;
  /** The visitor login record while the session is a guest's, else null. */
  visitor: VisitorLogin | null;
  /** A session after a login; `visitor` for a visitor login, none for a user's (which forgets any visitor record). */
  setSession(session: Session, visitor?: VisitorLogin): void;
  /** Renewed tokens from the `access-token` / `x-access-token` answer headers. */
  renewTokens(accessToken: string, refreshToken?: string): void;
  clearSession(): void;
  setProfile(profile: UserProfile | null): void;
  setLanguage(language: Locale): void;
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The remembered choice, else Chinese (spec §1: the default language is zh-Hans). */
export const initialLanguage = (): Locale => {
  const saved = storage.get<string>(StorageKey.language);
  return isLocale(saved) ? saved : 'zh-Hans';
};

const readSession = (): Session | null => {
  const stored = storage.get<Session>(StorageKey.session);
  return stored && typeof stored.accessToken === 'string' ? stored : null;
};

export const useAppStore = create<AppState>()((set, get) => ({
  session: readSession(),
  profile: storage.get<UserProfile>(StorageKey.profile) ?? null,
  visitor: storage.get<VisitorLogin>(StorageKey.visitor) ?? null,
  language: initialLanguage(),
  socketState: SocketState.Closed,
  unreadCount: 0,
  setSocketState(socketState) {
    set({ socketState });
  },
  setUnreadCount(unreadCount) {
    set({ unreadCount: Math.max(0, unreadCount) });
  },
  setSession(session, visitor) {
    storage.set(StorageKey.session, session);
    if (visitor) storage.set(StorageKey.visitor, visitor);
    else storage.remove(StorageKey.visitor);
    set({ session, visitor: visitor ?? null });
  },
  renewTokens(accessToken, refreshToken) {
    const current = get().session;
    const session = { accessToken, refreshToken: refreshToken ?? current?.refreshToken };
    storage.set(StorageKey.session, session);
    set({ session });
  },
  clearSession() {
    storage.remove(StorageKey.session);
    storage.remove(StorageKey.profile);
    storage.remove(StorageKey.visitor);
    set({ session: null, profile: null, visitor: null, unreadCount: 0 });
  },
  setProfile(profile) {
    if (profile) storage.set(StorageKey.profile, profile);
    else storage.remove(StorageKey.profile);
    set({ profile });
  },
  setLanguage(language) {
    storage.set(StorageKey.language, language);
    set({ language });
  },
}));

/** Non-React readers (the API client, the route guard). */
export const getSession = (): Session | null => useAppStore.getState().session;
export const getTokenPayload = (): TokenPayload | undefined => decodeToken(getSession()?.accessToken);
export const hasValidSession = (now?: number): boolean => {
  const session = getSession();
  if (!session) return false;
  // An expired access token still counts while a refresh token can renew it on the next call.
  return isTokenValid(session.accessToken, now) || Boolean(session.refreshToken && isTokenValid(session.refreshToken, now));
};
