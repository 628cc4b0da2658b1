import type { Paged } from '@app/contract';
import { json, type TestApp } from './build-app.js';

/** The first page (20 rows) of a paged list endpoint (`POST`), as the caller of `headers` sees it. */
export const firstPage = async <T>(app: TestApp, url: string, headers: Record<string, string>) =>
  json<Paged<T>>(await app.inject({ method: 'POST', url, headers, payload: { page: 1, pageSize: 20 } }))
    .result;
