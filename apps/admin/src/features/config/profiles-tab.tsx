import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, List } from 'antd';
import type { ResultOf } from '@app/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, errorMessage } from '../../shared/lib/api';
import { EditModal, type EditField } from '../../shared/ui/edit-modal';
import { useConsoleAction } from '../../shared/ui/use-console-action';
import { CONSOLE_KEY } from '../../shared/lib/query-keys';

type Profile = ResultOf<typeof endpoints.consoleProfiles>[number];

/** The robot (999) and customer service (10086) as the app shows them. */
export function ProfilesTab() {
  const { t } = useTranslation();
  const profiles = useQuery({ queryKey: [CONSOLE_KEY, 'profiles'], queryFn: () => call(endpoints.consoleProfiles) });
  const [editing, setEditing] = useState<Profile>();
  const update = useConsoleAction(
    (body: { userId: 999 | 10086; nickName?: string; avatar?: string; introduction?: string }) => call(endpoints.consoleProfileUpdate, { body }),
    { silentError: true },
  );
  const fields = useMemo<EditField[]>(
    () => [
      { name: 'nickName', label: t('profile.nickName'), kind: 'text', required: true, maxLength: 20 },
      { name: 'avatar', label: t('profile.avatar'), kind: 'text', required: true, extra: t('commerce.imageHint') },
      { name: 'introduction', label: t('profile.introduction'), kind: 'textarea', maxLength: 100 },
    ],
    [t],
  );
  if (profiles.error) return <Alert type="error" showIcon message={errorMessage(profiles.error)} />;
  return (
    <>
      <List
        loading={profiles.isLoading}
        dataSource={profiles.data ?? []}
        renderItem={(profile) => (
          <List.Item
            actions={[
              <Button key="edit" type="link" onClick={() => setEditing(profile)}>
                {t('action.edit')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar src={profile.avatar || undefined}>{profile.nickName.slice(0, 1)}</Avatar>}
              title={`${profile.nickName} #${profile.userId}`}
              description={profile.introduction}
            />
          </List.Item>
        )}
      />
      <EditModal
        open={Boolean(editing)}
        title={t('action.edit')}
        fields={fields}
        initial={editing}
        onClose={() => setEditing(undefined)}
        onSubmit={(values) => update.mutateAsync({ ...values, userId: editing?.userId as 999 | 10086 })}
      />
    </>
  );
}
