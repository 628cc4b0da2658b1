import { ttsVoiceSchema, type Locale } from '@app/contract';
import type { Db } from '../../../platform/db/client.js';
import { getDictionary } from '../../dictionary/index.js';

/**
 * The voices operators configured (dictionary tts_config_nam); an entry whose data is no valid voice is left out.
 * With a `locale`, names and descriptions come in that language.
 */
export const ttsVoices = async (db: Db, tenantId: number, locale?: Locale) => {
  const { items } = await getDictionary(db, tenantId, 'tts_config_nam', locale);
  return items.flatMap((item) => {
    const parsed = ttsVoiceSchema.safeParse(item.data);
    return parsed.success ? [{ value: item.value, label: item.label, data: parsed.data }] : [];
  });
};
