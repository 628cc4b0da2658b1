import type { endpoints as contractEndpoints } from '@app/contract';
import { manifest } from 'virtual:endpoint-manifest';

/**
 * The contract's endpoint registry, for `call(endpoints.x, …)`. Import it from here, not from
 * '@app/contract': typed as the contract's registry, it carries at run time only what the client uses
 * (method, path, auth, kind), so pages do not ship zod. New contract entries appear here by themselves.
 */
export const endpoints = manifest as unknown as typeof contractEndpoints;
