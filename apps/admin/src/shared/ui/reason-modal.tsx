import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubmitState } from './use-submit-state';

/**
 * The `reason` field of a form (1–200 characters, what the user reads); `failure` is the server's message when
 * the call failed.
 */
export function ReasonField({ required = true, failure }: { required?: boolean; failure?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('field.reason')}
      rules={[
        { required, whitespace: true, message: t('validation.reasonRequired') },
        { max: 200, message: t('validation.max', { count: 200 }) },
      ]}
      validateStatus={failure ? 'error' : undefined}
      help={failure}
    >
      <Input.TextArea rows={3} maxLength={200} showCount data-testid="reason-input" />
    </Form.Item>
  );
}

/**
 * Asks for a reason (1–200 characters, what the user reads) before a reject, take-down, ban or delete;
 * `onSubmit` runs the call, the modal stays open with the server's message when it fails.
 */
export function ReasonModal({
  open,
  title,
  required = true,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  required?: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const { busy, failure, submit } = useSubmitState();
  const handleOk = async () => {
    const { reason } = await form.validateFields();
    if (await submit(() => onSubmit(reason?.trim() ?? ''))) {
      form.resetFields();
      onClose();
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('action.confirm')}
      cancelText={t('action.cancel')}
      confirmLoading={busy}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <ReasonField required={required} failure={failure} />
      </Form>
    </Modal>
  );
}
