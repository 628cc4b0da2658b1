import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitState } from './use-submit-state';

/** One form field of an edit dialog. `json` fields are edited as JSON text and sent parsed. */
export interface EditField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'status' | 'select' | 'json' | 'tags';
  required?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  options?: { value: string | number; label: string }[];
  extra?: string;
}

const toForm = (fields: EditField[], values: Record<string, unknown>) =>
  Object.fromEntries(
    fields.map((field) => {
      const value = values[field.name];
      if (field.kind === 'json') return [field.name, value === undefined ? '' : JSON.stringify(value, null, 2)];
      if (field.kind === 'status') return [field.name, value === undefined ? true : value === 1];
      return [field.name, value];
    }),
  );

const fromForm = (fields: EditField[], values: Record<string, unknown>) =>
  Object.fromEntries(
    fields.map((field) => {
      const value = values[field.name];
      if (field.kind === 'json') return [field.name, typeof value === 'string' && value.trim() ? (JSON.parse(value) as unknown) : null];
      if (field.kind === 'status') return [field.name, value ? 1 : 0];
      if (typeof value === 'string') return [field.name, value.trim()];
      return [field.name, value ?? undefined];
    }),
  );

/**
 * Adds or edits one row: the fields as a form, checked before sending; the server's own check decides, its
 * message shows in the dialog and nothing changes. `initial` undefined = add.
 */
export function EditModal({
  open,
  title,
  fields,
  initial,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  fields: EditField[];
  initial?: Record<string, unknown>;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const { busy, failure, setFailure, submit } = useSubmitState();
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(toForm(fields, initial ?? {}) as Record<string, never>);
      setFailure(undefined);
    }
  }, [open, initial, fields, form, setFailure]);

  const handleOk = async () => {
    const values = await form.validateFields();
    if (await submit(() => onSubmit(fromForm(fields, values)))) onClose();
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={busy}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      width={640}
      forceRender
    >
      {failure && <div className="ant-form-item-explain-error" role="alert" style={{ marginBottom: 12 }}>{failure}</div>}
      <Form form={form} layout="vertical">
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            extra={field.extra}
            valuePropName={field.kind === 'status' ? 'checked' : 'value'}
            rules={[
              ...(field.required ? [{ required: true, message: t('validation.required') }] : []),
              ...(field.kind === 'json'
                ? [
                    {
                      validator: (_: unknown, value: string) => {
                        try {
                          if (value?.trim()) JSON.parse(value);
                          return Promise.resolve();
                        } catch {
                          return Promise.reject(new Error(t('validation.json')));
                        }
                      },
                    },
                  ]
                : []),
            ]}
          >
            {field.kind === 'text' && <Input maxLength={field.maxLength} />}
            {field.kind === 'textarea' && <Input.TextArea rows={4} maxLength={field.maxLength} showCount={Boolean(field.maxLength)} />}
            {field.kind === 'json' && <Input.TextArea rows={6} style={{ fontFamily: 'monospace' }} />}
            {field.kind === 'number' && <InputNumber min={field.min} max={field.max} precision={0} style={{ width: '100%' }} />}
            {field.kind === 'status' && <Switch checkedChildren={t('status.on')} unCheckedChildren={t('status.off')} />}
            {field.kind === 'select' && <Select options={field.options} />}
            {field.kind === 'tags' && <Select mode="tags" />}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
