import { Button, Form } from 'antd';
import type { ReactNode } from 'react';

/**
 * A form in a row's drawer that runs one action (reply, ship): once checked, its values go to `onSubmit`; when
 * that succeeds the form clears and `onDone` runs, when it fails (the action's toast says why) what was typed
 * stays.
 */
export function ActionForm<V extends object>({
  submitLabel,
  busy,
  marginTop,
  onSubmit,
  onDone,
  children,
}: {
  submitLabel: string;
  busy: boolean;
  marginTop: number;
  onSubmit: (values: V) => Promise<unknown>;
  onDone: () => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  return (
    <Form<V>
      form={form}
      layout="vertical"
      style={{ marginTop }}
      onFinish={(values) =>
        void onSubmit(values)
          .then(() => {
            form.resetFields();
            onDone();
          })
          .catch(() => undefined)
      }
    >
      {children}
      <Button type="primary" htmlType="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
