import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from './reason-modal';

/** Approve and reject buttons of a pending submission, the reject asking for the reason the user reads. */
export function ReviewButtons({
  onApprove,
  onReject,
  busy,
}: {
  onApprove: () => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  return (
    <>
      <Space style={{ marginTop: 24 }}>
        <Button type="primary" loading={busy} onClick={() => void onApprove().catch(() => undefined)}>
          {t('action.approve')}
        </Button>
        <Button danger onClick={() => setRejecting(true)}>
          {t('action.reject')}
        </Button>
      </Space>
      <ReasonModal open={rejecting} title={t('action.reject')} onClose={() => setRejecting(false)} onSubmit={onReject} />
    </>
  );
}
