import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitState } from './use-submit-state';

/**
 * A dialog asking for a form: confirmed, its checked values go to `onSubmit`; once that succeeds the form clears
 * and the dialog closes, when it fails the dialog stays open and `children` may show the server's message.
 */
export function FormModal<V extends object>({
  open,
  title,
  danger,
  destroyOnHidden,
  initialValues,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  danger?: boolean;
  destroyOnHidden?: boolean;
  initialValues?: Partial<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode | ((failure?: string) => ReactNode);
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const { busy, failure, submit } = useSubmitState();
  const handleOk = async () => {
    const values = await form.validateFields();
    if (await submit(() => onSubmit(values))) {
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
      okButtonProps={danger ? { danger: true } : undefined}
      confirmLoading={busy}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden={destroyOnHidden}
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues}>
        {typeof children === 'function' ? children(failure) : children}
      </Form>
    </Modal>
  );
}
