import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The actions cell of an editable table row: edit, and delete after a confirmation when `onDelete` is given. */
export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <Button type="link" onClick={onEdit}>
        {t('action.edit')}
      </Button>
      {onDelete && (
        <Popconfirm title={t('confirm.delete')} onConfirm={() => onDelete().catch(() => undefined)}>
          <Button type="link" danger>
            {t('action.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
