import { isAppRoutePath } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { GUIDE_PATH, routes } from './routes';

/** The server redirects plain links under the contract's prefixes to hash routes: every page must be under one. */
describe('the route table and the server redirect', () => {
  it('puts every route but the guide at / under a prefix the server redirects', () => {
    const outside = routes.map((r) => r.path).filter((p) => p !== GUIDE_PATH && !isAppRoutePath(p));
    expect(outside).toEqual([]);
  });
});
