import type { PictureFlag } from '@app/contract';
import { PermanentJobError } from '../../platform/jobs/job-runner.js';
import type { PictureScreening } from '../moderation/index.js';

/** Moderation's screen of a picture about to be kept (the moderation module's service, declared in `needs`). */
export type ScreenPicture = (tenantId: number, image: Buffer) => Promise<PictureScreening>;

/**
 * Scores generated pictures before they are delivered: one at or above the block threshold fails the task with
 * `draw_picture_refused` (its gold goes back as with any failure, nothing is kept); one between review and block is
 * kept with its flag (the work stays private: the hall refuses it). Answers each picture's flag (null: passed).
 */
export const screenGenerated = async (
  screen: ScreenPicture | undefined,
  tenantId: number,
  images: Buffer[],
): Promise<(PictureFlag | null)[]> => {
  const flags: (PictureFlag | null)[] = [];
  for (const image of images) {
    const seen = screen ? await screen(tenantId, image) : null;
    if (seen?.verdict === 'block') throw new PermanentJobError('draw_picture_refused');
    flags.push(seen?.flag ?? null);
  }
  return flags;
};
