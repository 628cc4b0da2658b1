import { Alert, Descriptions, Tag, Typography, Upload } from 'antd';
import type { ProvenanceResult } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { useTraceFile } from './api/provenance';

/** The verdict in one line: ours and intact, ours but edited, someone else's label, or no label at all. */
const verdictOf = (r: ProvenanceResult) =>
  !r.found ? 'none' : r.ours && r.signatureValid ? (r.propagationValid === false ? 'propagationBroken' : 'ours') : r.signatureValid ? 'foreign' : 'tampered';

const verdictType = { ours: 'success', none: 'info', foreign: 'warning', tampered: 'error', propagationBroken: 'warning' } as const;

function ProvenanceFacts({ result }: { result: ProvenanceResult }) {
  const { t } = useTranslation();
  const label = result.label;
  return (
    <Descriptions bordered size="small" column={1} data-testid="provenance-facts">
      <Descriptions.Item label={t('provenance.fileKind')}>{t(`provenance.kind.${result.fileKind}`)}</Descriptions.Item>
      <Descriptions.Item label={t('provenance.signature')}>
        <Tag color={result.signatureValid ? 'green' : 'red'} data-testid="provenance-signature">
          {result.signatureValid ? t('provenance.valid') : t('provenance.invalid')}
        </Tag>
      </Descriptions.Item>
      {result.task ? (
        <Descriptions.Item label={t('provenance.task')}>
          <span data-testid="provenance-task">{t('provenance.taskLine', { kind: t(`provenance.task_${result.task.kind}`), id: result.task.id, index: result.task.index + 1 })}</span>
        </Descriptions.Item>
      ) : null}
      {result.task ? <Descriptions.Item label={t('provenance.time')}>{formatTime(result.task.createdAt)}</Descriptions.Item> : null}
      {result.user ? (
        <Descriptions.Item label={t('field.user')}>
          <Link to={`/users/${result.user.id}`} data-testid="provenance-user">{`${result.user.nickName} (${result.user.id})`}</Link>
        </Descriptions.Item>
      ) : null}
      {label ? (
        <Descriptions.Item label="AIGC">
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {JSON.stringify(label)}
          </Typography.Text>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** 内容溯源: the operator drops a file; the console reads its hidden AI label and says where it came from. */
export function ProvenanceTab() {
  const { t } = useTranslation();
  const trace = useTraceFile();
  const result = trace.data;
  return (
    <div style={{ maxWidth: 760 }}>
      <Upload.Dragger
        multiple={false}
        showUploadList={false}
        data-testid="provenance-drop"
        beforeUpload={(file) => {
          trace.mutate(file);
          return false;
        }}
      >
        <p>{t('provenance.drop')}</p>
        <p style={{ color: '#888' }}>{t('provenance.hint')}</p>
      </Upload.Dragger>
      {trace.isPending ? <Alert style={{ marginTop: 16 }} type="info" message={t('provenance.reading')} /> : null}
      {trace.isError ? <Alert style={{ marginTop: 16 }} type="error" message={errorMessage(trace.error)} /> : null}
      {result && !trace.isPending ? (
        <div style={{ marginTop: 16 }} data-testid="provenance-result" data-verdict={verdictOf(result)}>
          <Alert type={verdictType[verdictOf(result)]} showIcon message={t(`provenance.verdict.${verdictOf(result)}`)} style={{ marginBottom: 12 }} />
          {result.found ? <ProvenanceFacts result={result} /> : null}
        </div>
      ) : null}
    </div>
  );
}
