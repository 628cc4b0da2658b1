import { useQuery } from '@tanstack/react-query';
import type { VoiceOption } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDictionary } from '../../../shared/lib/dictionary';
import { voiceListQueryOptions } from '../api/member-voices';

/** The benefit of member-only voices: advertised only when such a voice can speak here (not an offline one). */
const MEMBER_VOICES_BENEFIT = 'benefit-voices';

/** Whether this server has a natural member-only voice configured (the voice list the dubbing page reads). */
const useMemberVoicesOffered = (): boolean => {
  const voices = useQuery(voiceListQueryOptions());
  // Anything but a voice list (an older server) offers nothing.
  const list: unknown = voices.data?.voices;
  return Array.isArray(list) && (list as VoiceOption[]).some((v) => v.vipOnly && v.available && !v.offline);
};

interface VipNavData {
  kind: 'nav' | 'benefit';
  description: string;
  link: string | null;
}

/** The member centre's `app_vip_nav` items of one kind (through the versioned dictionary cache like every dictionary). */
const useVipNavItems = (kind: VipNavData['kind']) => {
  const nav = useDictionary('app_vip_nav');
  return (nav.data?.items ?? [])
    .map((item) => ({ ...item, data: item.data as unknown as VipNavData }))
    .filter((item) => item.data.kind === kind);
};

/** The member centre's tabs (VIP, gold) as the dictionary names them; the one shown is marked. */
export function VipNavs({ goldTab }: { goldTab: boolean }) {
  const { t } = useTranslation();
  const navs = useVipNavItems('nav');
  if (!navs.length) return null;
  return (
    <nav className="vip-navs" aria-label={t('commerce.navs')}>
      {navs.map((n) => (
        <Link key={n.value} className={(n.value === 'nav-gold') === goldTab ? 'vip-navs__item is-active' : 'vip-navs__item'} to={n.data.link ?? '/pages/index/vip/index'} replace data-testid={`vip-nav-${n.value}`}>
          <strong>{n.label}</strong>
          <small>{n.data.description}</small>
        </Link>
      ))}
    </nav>
  );
}

/** A member's benefits, as the dictionary lists them. */
export function VipBenefits() {
  const { t } = useTranslation();
  const memberVoices = useMemberVoicesOffered();
  const benefits = useVipNavItems('benefit').filter((b) => memberVoices || b.value !== MEMBER_VOICES_BENEFIT);
  if (!benefits.length) return null;
  return (
    <section className="vip-card">
      <h2 className="vip-card__title">{t('commerce.benefits')}</h2>
      <ul className="vip-benefits" data-testid="vip-benefits">
        {benefits.map((b) => (
          <li key={b.value} data-testid={`vip-benefit-${b.value}`}>
            <strong>{b.label}</strong>
            <small>{b.data.description}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}
