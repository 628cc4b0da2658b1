import { storage } from '../../../shared/lib/storage';

/** Spec §3 guide info: the onboarding step reached, whether it was completed, and where to go after it. */
export interface GuideInfo {
  completed: boolean;
  current: number;
  forward?: string;
}

const KEY = 'guide_info';

export const readGuideInfo = (): GuideInfo => {
  const stored = storage.get<Partial<GuideInfo>>(KEY);
  return {
    completed: stored?.completed === true,
    current: typeof stored?.current === 'number' && stored.current >= 0 ? Math.floor(stored.current) : 0,
    forward: typeof stored?.forward === 'string' ? stored.forward : undefined,
  };
};

export const saveGuideInfo = (info: GuideInfo): void => storage.set(KEY, info);
