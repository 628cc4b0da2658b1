import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MallItem } from '@app/contract';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { Tabs } from '../../../shared/ui/tabs';
import { showToast } from '../../../shared/ui/feedback';
import { mallQueryOptions, myExchangesQueryOptions, useExchangeItem } from '../api/points-mall';
import '../components/activity.css';

type Tab = 'items' | 'mine';

/** Spec §2 points mall: items (image, points, stock), exchange after confirmation, my exchanged items. */
export function ExchangePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('items');
  const mall = useQuery(mallQueryOptions());
  const mine = useQuery({ ...myExchangesQueryOptions(), enabled: tab === 'mine' });
  const mutation = useExchangeItem();

  const confirmExchange = async (item: MallItem) => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      title: t('activity.exchange.confirmTitle'),
      content: t('activity.exchange.confirm', { name: item.name, points: item.points }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (sure)
      mutation.mutate(item.id, {
        onSuccess: (answer) => showToast(t('activity.exchange.done', { name: answer.record.name }), 'success'),
      });
  };

  return (
    <div className="activity-page" data-testid="exchange-page">
      <section className="activity-hero activity-hero--compact">
        <p className="activity-hero__label">{t('activity.myPoints')}</p>
        <p className="activity-hero__value" data-testid="mall-points">
          {mall.data?.myPoints ?? '-'}
        </p>
      </section>
      <Tabs
        className="activity-tabs"
        tabClassName="activity-tabs__tab"
        tabs={['items', 'mine'] as const}
        value={tab}
        onChange={setTab}
        labelOf={(key) => t(`activity.exchange.tab.${key}`)}
        testIdPrefix="mall-tab"
      />

      {tab === 'items' ? (
        mall.isPending ? (
          <p>{t('common.loading')}</p>
        ) : mall.isError ? (
          <LoadFailed title={t('activity.loadFailed')} onRetry={() => void mall.refetch()} />
        ) : mall.data.items.length === 0 ? (
          <EmptyState title={t('activity.exchange.empty')} />
        ) : (
          <ul className="mall-grid">
            {mall.data.items.map((item) => {
              const limited = item.limitPerUser > 0 && item.myExchanged >= item.limitPerUser;
              // Points still missing (a guest's are unknown: the exchange asks them to log in).
              const missing = mall.data.myPoints === null ? 0 : Math.max(0, item.points - mall.data.myPoints);
              return (
                <li key={item.id} className="mall-item" data-testid={`mall-item-${item.id}`}>
                  <img src={item.image} alt={item.name} className="mall-item__image" loading="lazy" />
                  <p className="mall-item__name">{item.name}</p>
                  <p className="mall-item__meta">
                    <span className="mall-item__points">{t('activity.pointsValue', { points: item.points })}</span>
                    <span data-testid={`mall-stock-${item.id}`}>{t('activity.exchange.stock', { stock: item.stock })}</span>
                  </p>
                  <button
                    type="button"
                    className="activity-cta activity-cta--small"
                    data-testid={`mall-exchange-${item.id}`}
                    disabled={item.stock <= 0 || limited || missing > 0 || mutation.isPending}
                    onClick={() => void confirmExchange(item)}
                  >
                    {item.stock <= 0
                      ? t('activity.exchange.soldOut')
                      : limited
                        ? t('activity.exchange.limited')
                        : missing > 0
                          ? t('activity.exchange.missing', { points: missing })
                          : t('activity.exchange.button')}
                  </button>
                </li>
              );
            })}
          </ul>
        )
      ) : mine.isPending ? (
        <p>{t('common.loading')}</p>
      ) : mine.isError ? (
        <LoadFailed title={t('activity.loadFailed')} onRetry={() => void mine.refetch()} />
      ) : mine.data.items.length === 0 ? (
        <EmptyState title={t('activity.exchange.mineEmpty')} testId="my-exchanges-empty" />
      ) : (
        <ul className="activity-records" data-testid="my-exchanges">
          {mine.data.items.map((record) => (
            <li key={record.id} className="activity-record" data-testid={`my-exchange-${record.itemId}`}>
              <img src={record.image} alt="" className="activity-record__image" />
              <div>
                <p className="activity-record__name">{record.name}</p>
                <p className="activity-record__meta">
                  {t('activity.pointsValue', { points: record.points })} · {t(`activity.exchange.status.${record.status}`)} ·{' '}
                  {formatDate(record.createTime)}
                </p>
                {record.courier && record.trackingNo ? (
                  <p className="activity-record__meta" data-testid={`my-exchange-shipping-${record.itemId}`}>
                    {t('activity.exchange.shippedBy', { courier: record.courier, trackingNo: record.trackingNo })}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
