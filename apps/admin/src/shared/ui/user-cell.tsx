import { Avatar, Space, Typography } from 'antd';
import { Link } from 'react-router';

/** A user as the tables show one: avatar, nickname and id, linking to the user's page. */
export function UserCell({ user }: { user: { id: number; nickName: string; avatar: string } | null }) {
  if (!user) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Link to={`/users/${user.id}`}>
      <Space size={6}>
        <Avatar size="small" src={user.avatar || undefined}>
          {user.nickName.slice(0, 1)}
        </Avatar>
        <span>{user.nickName}</span>
        <Typography.Text type="secondary">#{user.id}</Typography.Text>
      </Space>
    </Link>
  );
}
