import { Button, Form, Input, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from './form-modal';

/**
 * The `reason` field of a form (1–200 characters, what the user reads); `failure` is the server's message when
 * the call failed.
 */
export function ReasonField({ failure }: { failure?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('field.reason')}
      rules={[
        { required: true, whitespace: true, message: t('validation.reasonRequired') },
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
function ReasonModal({
  open,
  title,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
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
      {(failure) => <ReasonField failure={failure} />}
    </FormModal>
  );
}

/** A button whose action needs a reason: it asks with a ReasonModal titled like the button, then runs `onSubmit`. */
export function ReasonButton({
  label,
  onSubmit,
  ...button
}: { label: string; onSubmit: (reason: string) => Promise<unknown> } & Omit<ButtonProps, 'onClick' | 'onSubmit' | 'children'>) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setAsking(true)}>
        {label}
      </Button>
      <ReasonModal open={asking} title={label} onClose={() => setAsking(false)} onSubmit={onSubmit} />
    </>
  );
}
