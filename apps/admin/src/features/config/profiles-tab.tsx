import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, List } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/lib/api';
import { EditModal, type EditField } from '../../shared/ui/edit-modal';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { getProfilesQueryOptions, useUpdateProfile, type ServiceProfile } from './api/profiles';

/** The robot (999) and customer service (10086) as the app shows them. */
export function ProfilesTab() {
  const { t } = useTranslation();
  const profiles = useQuery(getProfilesQueryOptions());
  const [editing, setEditing] = useState<ServiceProfile>();
  const feedback = useActionFeedback();
  const update = useUpdateProfile();
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
        onSubmit={(values) => feedback(update.mutateAsync({ ...values, userId: editing?.userId as 999 | 10086 }), { silentError: true })}
      />
    </>
  );
}
