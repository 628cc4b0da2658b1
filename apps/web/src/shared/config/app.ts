import { DEFAULT_TENANT_ID } from '@app/contract';
import { resolveVariantId, variants } from './variants';

declare const __APP_VARIANT__: string | undefined;

/** The build variant this bundle was built for (`vite build --mode main|chat|brand`). */
export const APP_VARIANT = resolveVariantId(typeof __APP_VARIANT__ === 'string' ? __APP_VARIANT__ : undefined);
export const variant = variants[APP_VARIANT];

export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';
export const TENANT_ID: string = (import.meta.env.VITE_TENANT_ID as string | undefined) ?? String(DEFAULT_TENANT_ID);
export const PAY_CONFIG_ID: string = (import.meta.env.VITE_PAY_CONFIG_ID as string | undefined) ?? '1';

/** Spec §9 constants the shell uses. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Framework network timeout (spec §9: 60000 ms), applied to uploads and downloads as time without progress. */
export const TRANSFER_TIMEOUT_MS = 60_000;
export const TOAST_MS = 1500;
export const PAGE_LOADING_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;
export const MAX_UPLOAD_FILES = 5;
/** Video controls hide after this long without a touch while the video plays. */
export const VIDEO_CONTROLS_HIDE_MS = 3000;
/** Every slider (video progress, volume, dubbing speed): 0 to 100, step 1. */
export const SLIDER = { min: 0, max: 100, step: 1 } as const;
/** Renew the access token when it has less than this left. */
export const REFRESH_AHEAD_SECONDS = 60;
