import type { BodyOf } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** Changing the account's phone (spec §2 /set/phone). */
export const changePhone = (body: BodyOf<typeof endpoints.changePhone>) => call(endpoints.changePhone, { body }, { silent: true });
