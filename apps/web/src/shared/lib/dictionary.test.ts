import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../test/render-app';
import { getAppConfig, resetAppConfig } from './app-config';
import { dictStorageKey, loadDictionary, resetDictionaries } from './dictionary';
import { storage } from './storage';

vi.mock('../ui/feedback', () => ({ showToast: vi.fn(), confirmRetry: vi.fn(), showNotice: vi.fn() }));

/** A fake server: versions per dictionary, items built from them; counts what is asked. */
const fakeServer = (versions: Record<string, number>, configItems: { value: string; data: unknown }[] = [{ value: 'questionNum', data: 5 }]) => {
  const fetchMock = vi.fn(async (url: string) => {
    const path = String(url);
    if (path.endsWith('/api/sysDictData/versions')) return envelope({ ...versions });
    const name = /dataList\/(\w+)/.exec(path)?.[1] ?? '';
    const items =
      name === 'app_config'
        ? configItems.map((item, i) => ({ id: i + 1, label: item.value, sort: i, status: 1, remark: null, ...item }))
        : [{ id: 1, label: `${name} v${versions[name]}`, value: 'a', data: null, sort: 0, status: 1, remark: null }];
    return envelope({ name, version: versions[name], items });
  });
  vi.stubGlobal('fetch', fetchMock);
  const listCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/dataList/')).map(([url]) => String(url));
  return { fetchMock, listCalls };
};

beforeEach(() => {
  resetDictionaries();
  resetAppConfig();
});

describe('dictionary cache', () => {
  it('keeps each dictionary with its version and makes no dictionary request on a second start when nothing changed', async () => {
    const versions = { app_config: 3, app_tips: 7 };
    const server = fakeServer(versions);
    const first = await loadDictionary('app_tips');
    expect(first.version).toBe(7);
    expect(server.listCalls()).toHaveLength(2); // app_config (cache switch) and app_tips
    expect(storage.get(dictStorageKey('app_tips'))).toEqual(first);
    expect(JSON.parse(localStorage.getItem('dict:app_tips') ?? '{}')).toMatchObject({ type: 'object', data: { version: 7 } });

    // Second start: one versions call, no dataList call.
    resetDictionaries();
    server.fetchMock.mockClear();
    const second = await loadDictionary('app_tips');
    await loadDictionary('app_config');
    expect(second).toEqual(first);
    expect(server.listCalls()).toHaveLength(0);
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches exactly once the dictionary whose version rose', async () => {
    const versions = { app_config: 3, app_tips: 7, robot: 2 };
    const server = fakeServer(versions);
    await Promise.all([loadDictionary('app_tips'), loadDictionary('robot')]);

    resetDictionaries();
    server.fetchMock.mockClear();
    versions.app_tips = 8;
    const [tips] = await Promise.all([loadDictionary('app_tips'), loadDictionary('robot'), loadDictionary('app_tips')]);
    expect(tips.version).toBe(8);
    expect(tips.items[0]?.label).toBe('app_tips v8');
    expect(server.listCalls()).toEqual(['/api/sysDictData/dataList/app_tips']);
  });

  it('keeps nothing when app_config says apiCachesEnable is false', async () => {
    const server = fakeServer({ app_config: 1, app_tips: 1 }, [{ value: 'apiCachesEnable', data: false }]);
    await loadDictionary('app_tips');
    resetDictionaries();
    server.fetchMock.mockClear();
    await loadDictionary('app_tips');
    expect(server.listCalls()).toContain('/api/sysDictData/dataList/app_tips');
    expect(localStorage.getItem('dict:app_tips')).toBeNull();
  });

  it('uses the stored copy when the network is down', async () => {
    fakeServer({ app_config: 1, app_tips: 4 });
    await loadDictionary('app_tips');
    resetDictionaries();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    expect((await loadDictionary('app_tips')).version).toBe(4);
  });

  it('serves the app config from the cache (contract items: value = key, data = value)', async () => {
    const server = fakeServer({ app_config: 2 }, [
      { value: 'questionNum', data: 5 },
      { value: 'reportLogEnable', data: { h5: true } },
    ]);
    expect(await getAppConfig()).toMatchObject({ questionNum: 5, reportLogEnable: { h5: true } });
    resetAppConfig();
    server.fetchMock.mockClear();
    expect(await getAppConfig()).toMatchObject({ questionNum: 5 });
    expect(server.listCalls()).toHaveLength(0);
  });
});

describe('dictionary cache and the language', () => {
  it('a stored copy fetched in another language is fetched again (the server answers names in the reader\'s language)', async () => {
    const { useAppStore } = await import('./app-store');
    const server = fakeServer({ app_config: 1, app_vip_nav: 4 });
    useAppStore.getState().setLanguage('zh-Hans');
    await loadDictionary('app_vip_nav');
    expect(server.listCalls().filter((u) => u.includes('app_vip_nav'))).toHaveLength(1);
    resetDictionaries();
    await loadDictionary('app_vip_nav');
    expect(server.listCalls().filter((u) => u.includes('app_vip_nav'))).toHaveLength(1);

    useAppStore.getState().setLanguage('en');
    resetDictionaries();
    const english = await loadDictionary('app_vip_nav');
    expect(server.listCalls().filter((u) => u.includes('app_vip_nav'))).toHaveLength(2);
    expect(english.language).toBe('en');
    useAppStore.getState().setLanguage('zh-Hans');
  });
});
