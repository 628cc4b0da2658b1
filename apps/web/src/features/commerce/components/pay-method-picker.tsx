import { useTranslation } from 'react-i18next';
import { useFeatureConfig } from '../../../shared/config/feature-config';
import { PAY_METHODS } from '../lib/pay-methods';

interface PayMethodPickerProps {
  value: number;
  onChange: (code: number) => void;
  /** A gold pack cannot be paid with gold. */
  goldRefused: boolean;
  /** The gold a VIP package includes, left out when it is paid with gold (0: none). */
  goldLeftOut: number;
  /** What paying with gold costs, once priced. */
  goldCost: number | undefined;
  balance: number | undefined;
}

/** The pay methods the variant offers (all the web has when its config names none), with their hints. */
export function PayMethodPicker({ value, onChange, goldRefused, goldLeftOut, goldCost, balance }: PayMethodPickerProps) {
  const { t } = useTranslation();
  const offered = useFeatureConfig().payMethods;
  return (
    <section className="vip-card">
      <h2 className="vip-card__title">{t('commerce.payMethod')}</h2>
      <ul className="vip-choice" data-testid="pay-methods">
        {PAY_METHODS.filter((m) => !offered || offered.includes(m.code)).map((m) => (
          <li key={m.code}>
            <button
              type="button"
              className={value === m.code ? 'vip-choice__item is-active' : 'vip-choice__item'}
              data-testid={`pay-method-${m.code}`}
              disabled={m.code === 0 && goldRefused}
              onClick={() => onChange(m.code)}
            >
              <span>{t(`commerce.${m.key}`)}</span>
              {m.code === 0 && goldCost !== undefined && !goldRefused ? <small>{t('commerce.payLocalHint', { gold: goldCost, balance: balance ?? '-' })}</small> : null}
              {m.code === 0 && goldRefused ? <small data-testid="pay-gold-refused">{t('commerce.payGoldNotForGold')}</small> : null}
              {m.code === 1 ? <small>{t('commerce.payOfflineHint')}</small> : null}
            </button>
          </li>
        ))}
      </ul>
      {value === 0 && goldLeftOut > 0 ? (
        <p className="vip-card__tip" data-testid="pay-gold-vip-only">
          {t('commerce.payGoldVipOnly', { gold: goldLeftOut })}
        </p>
      ) : null}
    </section>
  );
}
