import { logReportBodySchema } from '@app/contract';
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../test/render-app';
import { initI18n } from '../i18n';
import { ErrorBoundary } from '../ui/error-boundary';
import { parseAppConfig, isReportLogEnabled, resetAppConfig } from './app-config';
import { buildLogReport, LOG_PREFIX, reportError, resetErrorReport } from './error-report';

vi.mock('../ui/feedback', () => ({ showToast: vi.fn(), confirmRetry: vi.fn(), showNotice: vi.fn() }));

const configAnswer = (config: unknown) =>
  vi.fn(async (url: string) => (String(url).includes('app_config') ? envelope(config) : envelope(true)));

const reportCalls = () =>
  vi.mocked(globalThis.fetch).mock.calls.filter(([url]) => String(url) === '/api/sysLogEx/add');

beforeEach(async () => {
  await initI18n('zh-Hans');
  resetAppConfig();
  resetErrorReport();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('app config', () => {
  it('reads a list of dictionary items, values as JSON text', () => {
    const config = parseAppConfig({
      version: 3,
      items: [
        { code: 'reportLogEnable', value: '{"h5":true,"app":false}' },
        { code: 'questionNum', value: '5' },
        { label: 'idCardEnable', value: 'false' },
      ],
    });
    expect(config).toEqual({ reportLogEnable: { h5: true, app: false }, questionNum: 5, idCardEnable: false });
    expect(isReportLogEnabled(config)).toBe(true);
  });

  it('reads a whole config object, or an item holding one', () => {
    expect(isReportLogEnabled(parseAppConfig({ reportLogEnable: { h5: 1 } }))).toBe(true);
    expect(isReportLogEnabled(parseAppConfig([{ value: '{"reportLogEnable":{"h5":false}}' }]))).toBe(false);
    expect(isReportLogEnabled(parseAppConfig(null))).toBe(false);
  });
});

describe('error reports', () => {
  it('logs with the prefix and reports the spec §3 fields when reportLogEnable.h5 is on', async () => {
    vi.stubGlobal('fetch', configAnswer({ items: [{ code: 'reportLogEnable', value: '{"h5":true}' }] }));
    await reportError(new Error('boom'), 'window.onerror');
    expect(console.error).toHaveBeenCalledWith(LOG_PREFIX, 'window.onerror', expect.any(Error));
    const [call] = reportCalls();
    expect(call).toBeDefined();
    const body = JSON.parse(String(call![1]?.body)) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['actionName', 'browser', 'controllerName', 'displayTitle', 'httpMethod', 'logLevel', 'message', 'os', 'requestUrl', 'tenantId'].sort(),
    );
    expect(body.message).toContain('Error: boom');
    expect(body.tenantId).toBe(1);
    // What the server validates it with: the contract's schema (logLevel once went out as the number 4).
    expect(logReportBodySchema.safeParse(body).error).toBeUndefined();
    expect(body.logLevel).toBe('error');
  });

  it('does not report when the switch is off', async () => {
    vi.stubGlobal('fetch', configAnswer({ items: [{ code: 'reportLogEnable', value: '{"h5":false}' }] }));
    await reportError(new Error('quiet'), 'manual');
    expect(reportCalls()).toHaveLength(0);
  });

  it('does not report (and does not fail) while the server has no app_config dictionary', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope(null, { code: 404, error: 'route_not_found', message: 'nope' })));
    await expect(reportError(new Error('early'), 'manual')).resolves.toBeUndefined();
    expect(reportCalls()).toHaveLength(0);
  });

  it('sends one report for the same error repeated within 10 s', async () => {
    vi.stubGlobal('fetch', configAnswer({ reportLogEnable: { h5: true } }));
    await reportError(new Error('again'), 'manual');
    await reportError(new Error('again'), 'manual');
    expect(reportCalls()).toHaveLength(1);
  });

  it('the error boundary catches a render error, reports it and offers a reload', async () => {
    vi.stubGlobal('fetch', configAnswer({ reportLogEnable: { h5: true } }));
    function Broken(): never {
      throw new Error('render failed');
    }
    const { findByTestId } = render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(await findByTestId('crash-notice')).toHaveTextContent('页面出错了');
    await vi.waitFor(() => expect(reportCalls()).toHaveLength(1));
    expect(JSON.parse(String(reportCalls()[0]![1]?.body)).actionName).toBe('react');
  });

  it('builds the report from the current page', () => {
    window.location.hash = '#/pages/me/index?x=1';
    const report = buildLogReport('text error', 'unhandledrejection');
    expect(report.controllerName).toBe('/pages/me/index');
    expect(report.actionName).toBe('unhandledrejection');
    expect(report.message).toBe('text error');
  });
});
