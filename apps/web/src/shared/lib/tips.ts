import type { DictItem } from '@app/contract';
import { loadDictionary, useDictionary } from './dictionary';

/**
 * The tips of the `app_tips` dictionary (spec §7), read through the versioned dictionary cache and in the user's
 * language (the server translates them). Each page that shows one of these tips reads it here; the operator edits
 * the text without a release.
 */
export type TipName = 'downloadTip' | 'guestTip' | 'questionLimitTip' | 'uploadImageTip' | 'videoTip' | 'realNameTip' | 'goldTip';

const tipOf = (items: readonly DictItem[] | undefined, name: TipName): string | undefined => {
  const data = items?.find((item) => item.value === name && item.status !== 0)?.data;
  const text = typeof data === 'object' && data !== null && !Array.isArray(data) ? data.text : undefined;
  return typeof text === 'string' && text.trim() ? text : undefined;
};

/** Outside components (dialogs): the tip's text, or `fallback` when the dictionary has none or cannot load. */
export const loadTip = async (name: TipName, fallback: string): Promise<string> => {
  try {
    return tipOf((await loadDictionary('app_tips')).items, name) ?? fallback;
  } catch {
    return fallback;
  }
};

/** In a component: the tip's text once the dictionary is there (undefined until then, or without one). */
export const useTip = (name: TipName): string | undefined => tipOf(useDictionary('app_tips').data?.items, name);
