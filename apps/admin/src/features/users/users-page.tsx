import { Card, Table, Tag } from 'antd';
import type { ResultOf } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { FilterSelect, SearchFilter } from '../../shared/ui/filter-select';

type User = ResultOf<typeof endpoints.consoleUserPage>['items'][number];

/** Users found by id, phone or nickname; a row opens the user's page. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useServerTable(endpoints.consoleUserPage, { name: 'users', sortField: 'createTime' });
  return (
    <Card>
      <div className="page-toolbar">
        <SearchFilter width={320} placeholder={t('users.search')} data-testid="user-search" onSearch={table.filterBy('keyword')} />
        <FilterSelect
          label={t('users.banned')}
          placeholder={t('filter.allStatuses')}
          onChange={table.filterBy('banned')}
          options={[
            { value: true, label: t('users.banned') },
            { value: false, label: t('users.active') },
          ]}
        />
      </div>
      <Table<User>
        {...table.tableProps}
        onRow={(user) => ({ onClick: () => void navigate(`/users/${user.id}`) })}
        columns={[
          { title: 'ID', key: 'id', sorter: true, dataIndex: 'id' },
          { title: t('field.user'), key: 'user', render: (_, user) => <UserCell user={user} /> },
          { title: t('field.phone'), dataIndex: 'phone' },
          { title: t('users.gold'), dataIndex: 'gold' },
          { title: t('users.points'), dataIndex: 'points' },
          { title: t('users.vipExpire'), key: 'vip', render: (_, user) => formatTime(user.vipExpire) },
          {
            title: t('field.status'),
            key: 'banned',
            render: (_, user) =>
              user.banned ? <Tag color="red">{t('users.banned')}</Tag> : <Tag color="green">{t('users.active')}</Tag>,
          },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, user) => formatTime(user.createTime) },
        ]}
      />
    </Card>
  );
}
