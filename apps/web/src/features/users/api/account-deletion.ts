import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** Deleting the account (spec §2 /set/account/logout). */
export const deleteAccount = () => call(endpoints.fakeDelete);
