import { Form, Input, InputNumber, Select } from 'antd';
import { GRANT_KINDS, isPassword } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/ui/form-modal';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { useBanUser } from './api/ban';
import { useGrantUser } from './api/grant';
import { useResetUserPassword } from './api/reset-password';

type GrantKind = (typeof GRANT_KINDS)[number];
interface GrantForm {
  kind: GrantKind;
  amount: number;
  reason: string;
}
interface BanForm {
  days?: number | null;
  reason: string;
}
interface PasswordForm {
  password: string;
  reason: string;
}

export type UserDialog = 'ban' | 'grant' | 'password';

/** The reason every account action records (what the user reads). */
function ReasonItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="reason" label={t('field.reason')} rules={[{ required: true, whitespace: true, max: 200, message: t('validation.reasonRequired') }]}>
      <Input.TextArea rows={2} maxLength={200} />
    </Form.Item>
  );
}

/** The account actions that ask for more than a reason: ban (for days or for ever), grant, and password reset. */
export function UserActionDialogs({ userId, open, onClose }: { userId: number; open: UserDialog | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const feedback = useActionFeedback();
  const ban = useBanUser(userId);
  const grant = useGrantUser(userId);
  const reset = useResetUserPassword(userId);
  return (
    <>
      <FormModal<BanForm>
        open={open === 'ban'}
        title={t('users.ban')}
        danger
        onClose={onClose}
        onSubmit={(values) => feedback(ban.mutateAsync({ reason: values.reason.trim(), days: values.days ?? null }))}
      >
        <Form.Item name="days" label={t('field.banDays')} extra={t('report.banForever')}>
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
        <ReasonItem />
      </FormModal>
      <FormModal<GrantForm>
        open={open === 'grant'}
        title={t('users.grant')}
        initialValues={{ kind: 'gold' }}
        onClose={onClose}
        onSubmit={(values) => feedback(grant.mutateAsync({ ...values, reason: values.reason.trim() }))}
      >
        <Form.Item name="kind" label={t('users.grantKind')}>
          <Select options={GRANT_KINDS.map((kind) => ({ value: kind, label: t(`grantKind.${kind}`) }))} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('users.amount')}
          extra={t('users.amountHint')}
          rules={[
            { required: true, message: t('validation.amountRequired') },
            { validator: (_, value: number) => (value === 0 ? Promise.reject(new Error(t('validation.amountRequired'))) : Promise.resolve()) },
          ]}
        >
          <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <ReasonItem />
      </FormModal>
      <FormModal<PasswordForm>
        open={open === 'password'}
        title={t('users.resetPassword')}
        onClose={onClose}
        onSubmit={(values) => feedback(reset.mutateAsync({ ...values, reason: values.reason.trim() }))}
      >
        <Form.Item name="password" label={t('users.newPassword')} rules={[{ required: true, validator: (_, value: string) => (isPassword(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('validation.password')))) }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <ReasonItem />
      </FormModal>
    </>
  );
}
