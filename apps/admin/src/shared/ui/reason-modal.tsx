import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from './form-modal';

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
  return (
    <FormModal<{ reason?: string }>
      open={open}
      title={title}
      destroyOnHidden
      onClose={onClose}
      onSubmit={({ reason }) => onSubmit(reason?.trim() ?? '')}
    >
      {(failure) => <ReasonField required={required} failure={failure} />}
    </FormModal>
  );
}
