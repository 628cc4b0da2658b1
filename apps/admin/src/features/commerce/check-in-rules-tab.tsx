import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/lib/api';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { getCheckInRulesQueryOptions, useUpdateCheckInRules } from './api/check-in-rules';

interface RulesForm {
  points: string;
  rules: string;
}

/** Check-in points per streak day (comma-separated) and the rule texts (one per line). */
export function CheckInRulesTab() {
  const { t } = useTranslation();
  const rules = useQuery(getCheckInRulesQueryOptions());
  const feedback = useActionFeedback();
  const save = useUpdateCheckInRules();
  if (rules.error) return <Alert type="error" showIcon message={errorMessage(rules.error)} />;
  if (!rules.data) return <Skeleton active />;
  return (
    <Form<RulesForm>
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{ points: rules.data.pointsPerStreakDay.join(', '), rules: rules.data.rules.join('\n') }}
      onFinish={(values) =>
        void feedback(
          save.mutateAsync({
            pointsPerStreakDay: values.points.split(/[,，\s]+/).filter(Boolean).map(Number),
            rules: values.rules.split('\n').map((line) => line.trim()).filter(Boolean),
          }),
        ).catch(() => undefined)
      }
    >
      <Form.Item
        name="points"
        label={t('checkIn.points')}
        extra={t('checkIn.pointsHint')}
        rules={[{ required: true, pattern: /^\s*\d+(\s*[,，\s]\s*\d+){0,30}\s*$/, message: t('validation.points') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="rules" label={t('checkIn.rules')} extra={t('checkIn.rulesHint')}>
        <Input.TextArea rows={6} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('action.save')}
      </Button>
    </Form>
  );
}
