import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/lib/api';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { getAppConfigQueryOptions, useUpdateAppConfig } from './api/app-config';

/**
 * app_config values, each edited as JSON; saving raises the version so every app refetches its config. Which
 * keys may change and what each accepts is the server's check (its message shows when it refuses).
 */
export function AppConfigTab() {
  const { t } = useTranslation();
  const config = useQuery(getAppConfigQueryOptions());
  const [editing, setEditing] = useState<{ key: string; text: string; invalid?: boolean }>();
  const feedback = useActionFeedback();
  const save = useUpdateAppConfig();
  if (config.error) return <Alert type="error" showIcon message={errorMessage(config.error)} />;
  if (!config.data) return <Skeleton active />;
  const rows = Object.entries(config.data.values).map(([key, value]) => ({ key, value }));
  return (
    <>
      <Typography.Paragraph>
        {t('appConfig.version')} <Tag color="blue">{config.data.version}</Tag>
      </Typography.Paragraph>
      <Table
        rowKey="key"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('dict.value'),
            key: 'key',
            // What the key is for, in the operator's language (a key added later without a label shows alone).
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{t(`appConfig.keys.${row.key}`, { defaultValue: '' })}</Typography.Text>
                <Typography.Text code>{row.key}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('dict.data'),
            key: 'value',
            render: (_, row) =>
              editing?.key === row.key ? (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Input.TextArea
                    rows={4}
                    style={{ fontFamily: 'monospace' }}
                    value={editing.text}
                    status={editing.invalid ? 'error' : undefined}
                    onChange={(event) => setEditing({ key: row.key, text: event.target.value })}
                  />
                  {editing.invalid && <Typography.Text type="danger">{t('validation.json')}</Typography.Text>}
                </Space>
              ) : (
                <Typography.Text style={{ fontFamily: 'monospace' }}>{JSON.stringify(row.value)}</Typography.Text>
              ),
          },
          {
            title: t('field.actions'),
            key: 'actions',
            width: 180,
            render: (_, row) =>
              editing?.key === row.key ? (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    loading={save.isPending}
                    onClick={() => {
                      let value: unknown;
                      try {
                        value = JSON.parse(editing.text);
                      } catch {
                        setEditing({ ...editing, invalid: true });
                        return;
                      }
                      void feedback(save.mutateAsync({ [row.key]: value })).then(() => setEditing(undefined)).catch(() => undefined);
                    }}
                  >
                    {t('action.save')}
                  </Button>
                  <Button size="small" onClick={() => setEditing(undefined)}>
                    {t('action.cancel')}
                  </Button>
                </Space>
              ) : (
                <Button type="link" onClick={() => setEditing({ key: row.key, text: JSON.stringify(row.value, null, 2) })}>
                  {t('action.edit')}
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
