import { Alert, Button, Checkbox, Descriptions, Form, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/lib/api';
import { FormModal } from '../../shared/ui/form-modal';
import { ReasonField } from '../../shared/ui/reason-modal';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { getRefundPreviewQueryOptions, useRefundOrder } from './api/refund';

interface RefundForm {
  reason?: string;
  acceptShortfall?: boolean;
}

/**
 * Refunds a paid order after showing what it will do to the user's gold: the gold to take back, the balance now,
 * what can be taken back and the shortfall (gold already spent). A shortfall must be accepted explicitly; the
 * amount accepted is sent, so a balance spent further meanwhile is refused by the server, not taken silently.
 */
export function RefundButton({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const preview = useQuery(getRefundPreviewQueryOptions(orderId, asking));
  const feedback = useActionFeedback();
  const refund = useRefundOrder(orderId);
  const plan = preview.data;
  const handleSubmit = async ({ reason, acceptShortfall }: RefundForm) => {
    if (!plan) return;
    await feedback(
      refund.mutateAsync({ reason: reason?.trim() ?? '', ...(acceptShortfall && plan.shortfall > 0 ? { acceptShortfall: plan.shortfall } : {}) }),
      { silentError: true },
    ).catch(async (caught: unknown) => {
      // The balance changed since the preview: show the new amounts with the server's message.
      await preview.refetch();
      throw caught;
    });
    onDone();
  };
  return (
    <>
      <Button danger style={{ marginTop: 24 }} onClick={() => setAsking(true)}>
        {t('order.refund')}
      </Button>
      <FormModal<RefundForm> open={asking} title={t('order.refund')} danger destroyOnHidden onClose={() => setAsking(false)} onSubmit={handleSubmit}>
        {(failure) => (
          <>
            {preview.error && <Alert type="error" showIcon message={errorMessage(preview.error)} />}
            {!plan && !preview.error && <Skeleton active paragraph={{ rows: 3 }} />}
            {plan && (
              <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }} data-testid="refund-preview">
                <Descriptions.Item label={t('refund.goldToTakeBack')}>{plan.gold}</Descriptions.Item>
                <Descriptions.Item label={t('refund.balance')}>{plan.balance}</Descriptions.Item>
                <Descriptions.Item label={t('refund.takeBack')}>{plan.takeBack}</Descriptions.Item>
                <Descriptions.Item label={t('refund.shortfall')}>{plan.shortfall}</Descriptions.Item>
                {plan.goldReturned > 0 && <Descriptions.Item label={t('refund.goldReturned')}>{plan.goldReturned}</Descriptions.Item>}
                {plan.vipDays > 0 && <Descriptions.Item label={t('refund.vipDays')}>{plan.vipDays}</Descriptions.Item>}
              </Descriptions>
            )}
            {plan && plan.shortfall > 0 && (
              <>
                <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('refund.shortfallWarning', plan)} />
                <Form.Item
                  name="acceptShortfall"
                  valuePropName="checked"
                  rules={[{ validator: (_, checked) => (checked ? Promise.resolve() : Promise.reject(new Error(t('refund.acceptRequired')))) }]}
                >
                  <Checkbox>{t('refund.acceptShortfall', { shortfall: plan.shortfall })}</Checkbox>
                </Form.Item>
              </>
            )}
            <ReasonField failure={failure} />
          </>
        )}
      </FormModal>
    </>
  );
}
