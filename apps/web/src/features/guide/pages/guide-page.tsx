import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { APP_VARIANT } from '../../../shared/config/app';
import { useHomePath } from '../../../shared/lib/route-meta';
import { safeForward } from '../../../shared/lib/forward';
import { Icon, type IconName } from '../../../shared/ui/icons';
import { GiftBuys } from '../../../shared/ui/gold-buys';
import { readGuideInfo, saveGuideInfo } from '../lib/guide-info';
import './guide-page.css';

/** Onboarding steps after the welcome: what each AI tool does. */
const STEPS = ['welcome', 'copy', 'media', 'plaza'] as const;
/** Each step's own picture: the welcome shows the logo, the others the icon of what they explain. */
const STEP_ICONS: Record<Exclude<(typeof STEPS)[number], 'welcome'>, IconName> = { copy: 'copy', media: 'video', plaza: 'plaza' };
const LAST = STEPS.length - 1;

/**
 * Spec §2 entry/guide page (`/`, alias `/pages/user/guide`): a few onboarding steps, remembered (current
 * step, completed, spec §3 guide info); once completed it forwards at once to where the user was going
 * (`?forward=` or the guard's `from`) or home.
 */
export function GuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const home = useHomePath();
  const name = t(`variant.${APP_VARIANT}.name`);
  const [info] = useState(() => {
    const stored = readGuideInfo();
    const asked =
      safeForward(new URLSearchParams(location.search).get('forward')) ??
      safeForward((location.state as { from?: string } | null)?.from);
    return { ...stored, current: Math.min(stored.current, LAST), forward: asked ?? stored.forward };
  });
  const [current, setCurrent] = useState(info.current);

  useEffect(() => {
    if (info.completed) void navigate(info.forward ?? home, { replace: true });
    // Remember where the user is going. The step is saved as it changes (goTo), possibly before this
    // effect runs (the first render is a transition), so it is read back rather than taken from `info`.
    else saveGuideInfo({ ...readGuideInfo(), completed: false, forward: info.forward });
  }, [info, home, navigate]);

  const goTo = (step: number) => {
    setCurrent(step);
    saveGuideInfo({ ...info, completed: false, current: step });
  };
  const finish = () => {
    saveGuideInfo({ completed: true, current: LAST });
    void navigate(info.forward ?? home, { replace: true });
  };

  if (info.completed) return null;
  const step = STEPS[current] ?? 'welcome';
  return (
    <div className="guide-page" data-testid="guide-page" data-step={current}>
      {current < LAST && (
        <button type="button" className="guide-page__skip" data-testid="guide-skip" onClick={finish}>
          {t('guide.skip')}
        </button>
      )}
      {step === 'welcome' ? (
        <img className="guide-page__logo" src="./logo.svg" alt="" width={96} height={96} data-testid="guide-picture" data-picture="logo" />
      ) : (
        <span className="guide-page__logo guide-page__icon" data-testid="guide-picture" data-picture={STEP_ICONS[step]}>
          <Icon name={STEP_ICONS[step]} size={56} />
        </span>
      )}
      {step === 'welcome' ? (
        <>
          <h1 className="guide-page__title">{t('guide.welcome', { name })}</h1>
          <p className="guide-page__slogan">{t(`variant.${APP_VARIANT}.slogan`)}</p>
          <p className="guide-page__features">{t('guide.features')}</p>
          <GiftBuys />
        </>
      ) : (
        <>
          <h1 className="guide-page__title">{t(`guide.steps.${step}.title`)}</h1>
          <p className="guide-page__slogan">{t(`guide.steps.${step}.text`)}</p>
        </>
      )}
      <div className="guide-page__dots" aria-hidden="true">
        {STEPS.map((key, index) => (
          <span
            key={key}
            className={index === current ? 'guide-page__dot guide-page__dot--on' : 'guide-page__dot'}
          />
        ))}
      </div>
      {current < LAST ? (
        <button
          type="button"
          className="guide-page__start"
          data-testid="guide-next"
          onClick={() => goTo(current + 1)}
        >
          {t('guide.next')}
        </button>
      ) : (
        <button type="button" className="guide-page__start" data-testid="guide-start" onClick={finish}>
          {t('guide.start')}
        </button>
      )}
    </div>
  );
}
