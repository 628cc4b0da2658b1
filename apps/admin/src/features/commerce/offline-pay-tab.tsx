import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Image, Input, Skeleton, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/lib/api';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { getOfflinePayQueryOptions, uploadQrPicture, useUpdateOfflinePay } from './api/offline-pay';

interface OfflinePayForm {
  payeeName: string;
  bank: string;
  account: string;
  serviceUrl: string;
  instructions: string;
}

/** The payee users transfer to for an offline order, its QR picture, the service link and the instructions. */
export function OfflinePayTab() {
  const { t } = useTranslation();
  const settings = useQuery(getOfflinePayQueryOptions());
  const feedback = useActionFeedback();
  const save = useUpdateOfflinePay();
  // The QR picture chosen in this form: undefined until the operator uploads or removes one.
  const [qr, setQr] = useState<{ id: number; url: string } | null | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  if (settings.error) return <Alert type="error" showIcon message={errorMessage(settings.error)} />;
  if (!settings.data) return <Skeleton active />;
  const current = settings.data;
  const shown = qr === undefined ? (current.qrFileId && current.qrUrl ? { id: current.qrFileId, url: current.qrUrl } : null) : qr;
  const pickQr = (file: File) => {
    setUploading(true);
    void feedback(uploadQrPicture(file))
      .then((stored) => setQr({ id: stored.id, url: stored.url }))
      .catch(() => undefined)
      .finally(() => setUploading(false));
    return false;
  };
  return (
    <Form<OfflinePayForm>
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={current}
      onFinish={(values) =>
        void feedback(save.mutateAsync({ ...values, qrFileId: shown?.id ?? null }))
          .then(() => setQr(undefined))
          .catch(() => undefined)
      }
    >
      <Form.Item name="payeeName" label={t('offlinePay.payeeName')} rules={[{ max: 64 }]}>
        <Input data-testid="offline-pay-payee" />
      </Form.Item>
      <Form.Item name="bank" label={t('offlinePay.bank')} extra={t('offlinePay.bankHint')} rules={[{ max: 64 }]}>
        <Input data-testid="offline-pay-bank" />
      </Form.Item>
      <Form.Item name="account" label={t('offlinePay.account')} rules={[{ max: 64 }]}>
        <Input data-testid="offline-pay-account" />
      </Form.Item>
      <Form.Item label={t('offlinePay.qr')} extra={t('offlinePay.qrHint')}>
        <Space align="start">
          {shown ? <Image width={120} src={shown.url} alt={t('offlinePay.qr')} data-testid="offline-pay-qr" /> : null}
          <Upload accept="image/*" showUploadList={false} beforeUpload={pickQr}>
            <Button loading={uploading} data-testid="offline-pay-qr-upload">
              {shown ? t('offlinePay.qrReplace') : t('offlinePay.qrUpload')}
            </Button>
          </Upload>
          {shown ? (
            <Button danger onClick={() => setQr(null)}>
              {t('offlinePay.qrRemove')}
            </Button>
          ) : null}
        </Space>
      </Form.Item>
      <Form.Item name="serviceUrl" label={t('offlinePay.serviceUrl')} rules={[{ type: 'url', message: t('offlinePay.urlInvalid') }]}>
        <Input placeholder="https://" data-testid="offline-pay-service" />
      </Form.Item>
      <Form.Item name="instructions" label={t('offlinePay.instructions')} rules={[{ required: true, whitespace: true, max: 1000 }]}>
        <Input.TextArea rows={4} data-testid="offline-pay-instructions" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="offline-pay-save">
        {t('action.save')}
      </Button>
    </Form>
  );
}
