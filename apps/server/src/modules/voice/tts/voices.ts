import { ttsVoiceSchema } from '@app/contract';
import type { Db } from '../../../platform/db/client.js';
import { getDictionary } from '../../dictionary/index.js';

/** The voices operators configured (dictionary tts_config_nam); an entry whose data is no valid voice is left out. */
export const ttsVoices = async (db: Db, tenantId: number) => {
  const { items } = await getDictionary(db, tenantId, 'tts_config_nam');
  return items.flatMap((item) => {
    const parsed = ttsVoiceSchema.safeParse(item.data);
    return parsed.success ? [{ value: item.value, label: item.label, data: parsed.data }] : [];
  });
};
