/** Access-token helpers (spec §6): decode the JWT payload, check expiry, roles and permissions. */
export interface TokenPayload {
  uid?: number;
  tenantId?: number;
  roles?: string[];
  permissions?: string[];
  exp?: number;
  [key: string]: unknown;
}

const decodeBase64Url = (part: string): string => {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

const parsePayload = (token: string): TokenPayload | undefined => {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const payload = JSON.parse(decodeBase64Url(part)) as unknown;
    return payload && typeof payload === 'object' ? (payload as TokenPayload) : undefined;
  } catch {
    return undefined;
  }
};

/** Decoded payloads of the last few tokens: store selectors and route guards decode on every render. */
const decoded = new Map<string, TokenPayload | undefined>();

export const decodeToken = (token: string | null | undefined): TokenPayload | undefined => {
  if (!token) return undefined;
  if (!decoded.has(token)) {
    if (decoded.size >= 4) decoded.clear();
    decoded.set(token, parsePayload(token));
  }
  return decoded.get(token);
};

/** Valid = decodable and its expiry (seconds) later than now. */
export const isTokenValid = (token: string | null | undefined, now: number = Date.now()): boolean => {
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' && exp * 1000 > now;
};

/** Seconds until expiry; negative when expired, undefined when unknown. */
export const secondsToExpiry = (token: string | null | undefined, now: number = Date.now()): number | undefined => {
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' ? exp - now / 1000 : undefined;
};

export const hasRole = (payload: TokenPayload | undefined, role: string): boolean =>
  payload?.roles?.includes(role) ?? false;

/** Admin passes every permission check. */
export const hasPermission = (payload: TokenPayload | undefined, permission: string): boolean =>
  hasRole(payload, 'admin') || (payload?.permissions?.includes(permission) ?? false);

export const isGuest = (payload: TokenPayload | undefined): boolean => hasRole(payload, 'guest');
