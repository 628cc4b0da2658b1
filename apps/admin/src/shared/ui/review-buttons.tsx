import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReasonButton } from './reason-modal';

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
  return (
    <Space style={{ marginTop: 24 }}>
      <Button type="primary" loading={busy} onClick={() => void onApprove().catch(() => undefined)}>
        {t('action.approve')}
      </Button>
      <ReasonButton danger label={t('action.reject')} onSubmit={onReject} />
    </Space>
  );
}
