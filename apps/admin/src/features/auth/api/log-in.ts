import { ApiError, call, endpoints } from '../../../shared/lib/api';
import { setSession } from '../../../shared/lib/session';

/** The account logged in but is no operator (`consoleMe` answered 403); the login screen says so in its words. */
export class NotOperatorError extends Error {
  constructor() {
    super('not_operator');
    this.name = 'NotOperatorError';
  }
}

/**
 * Logs an operator in with the app's ordinary password login, then asks `consoleMe`, which only the admin role
 * passes: anyone else is logged out again (NotOperatorError on a 403, the call's own error otherwise).
 */
export const logIn = async ({ account, password }: { account: string; password: string }): Promise<void> => {
  const tokens = await call(endpoints.passwordLogin, { body: { account, password } });
  setSession({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  try {
    await call(endpoints.consoleMe);
  } catch (caught) {
    setSession(null);
    throw caught instanceof ApiError && caught.code === 403 ? new NotOperatorError() : caught;
  }
};
