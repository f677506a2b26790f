import { QueryClient } from '@tanstack/react-query';
import { TOKEN_KEY } from '../api/client';
import { queryKeys } from '../api/queries';
import { CSRF_KEY } from '../security/csrf';
import { ASSETS_CACHE } from '../serviceWorker/cacheNames';
import { bootData, setBootData } from '../ssr/bootData';
import { THEME_KEY } from '../theme/palette';
import type { Profile } from '../api/types';
import { USER_KEY } from './context';
import { forgetPerson, forgetPersonalCaches } from './forgetPerson';

/** A stand-in for the browser's CacheStorage: only the names matter here. */
function stubCaches(names: string[]): Set<string> {
  const held = new Set(names);
  vi.stubGlobal('caches', {
    keys: async () => [...held],
    delete: async (name: string) => held.delete(name),
  });
  return held;
}

const PRECACHE = 'zocalo-precache-http://127.0.0.1/';

describe('forgetPerson', () => {
  afterEach(() => setBootData({}));

  it('drops the token, the profile, the answers and the served session, keeping what belongs to the device', async () => {
    localStorage.setItem(TOKEN_KEY, 'a.b.c');
    localStorage.setItem(USER_KEY, '{"discordId":"1"}');
    localStorage.setItem(THEME_KEY, 'dark');
    localStorage.setItem(CSRF_KEY, '0123456789abcdef0123456789abcdef');
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.config, { communityName: 'Zócalo' });
    queryClient.setQueryData(queryKeys.profile('a.b.c'), { discordId: '1' });
    queryClient.setQueryData(['tickets', 'mine'], [{ _id: '7' }]);
    setBootData({ year: 2026, session: { id: 'jti', profile: { discordId: '1' } as Profile } });
    stubCaches([]);

    await forgetPerson(queryClient);

    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(localStorage.getItem(CSRF_KEY)).toBe('0123456789abcdef0123456789abcdef');
    expect(queryClient.getQueryCache().getAll().map((query) => query.queryKey)).toEqual([queryKeys.config]);
    expect(bootData()).toEqual({ year: 2026, session: undefined });
  });

  it("deletes every cache but the service worker's public ones", async () => {
    const held = stubCaches([PRECACHE, ASSETS_CACHE, 'zocalo-pages', 'other-library-cache']);

    const deleted = await forgetPerson(new QueryClient());

    expect(deleted.sort()).toEqual(['other-library-cache', 'zocalo-pages']);
    expect([...held].sort()).toEqual([ASSETS_CACHE, PRECACHE].sort());
  });

  it('deletes nothing where the browser has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(forgetPersonalCaches()).resolves.toEqual([]);
  });
});
