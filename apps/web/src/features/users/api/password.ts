import type { BodyOf } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** The login password (spec §2 /set/account/fixpwd and /set/account/passwd): change it, or set a first one. */
export const changePassword = (body: BodyOf<typeof endpoints.changePwd>) => call(endpoints.changePwd, { body }, { silent: true });

export const setPassword = (body: BodyOf<typeof endpoints.setPwd>) => call(endpoints.setPwd, { body }, { silent: true });
