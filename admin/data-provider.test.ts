import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_REQUEST_HEADER } from '@server/modules/sales-staff/schema';
import { dataProvider } from './data-provider';

describe('dataProvider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls /api/admin/<resource> in the simple-rest dialect with the session cookie and the app header', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify([{ id: 1, name: 'Pune' }]), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Content-Range': 'cities 0-0/1' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const result = await dataProvider.getList('cities', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'sortOrder', order: 'ASC' },
      filter: {},
    });

    expect(result).toMatchObject({ data: [{ id: 1, name: 'Pune' }], total: 1 });
    const [input, init] = fetchMock.mock.calls[0]!;
    const url = new URL(String(input), 'http://localhost');
    expect(url.pathname).toBe('/api/admin/cities');
    expect(url.searchParams.get('sort')).toBe('["sortOrder","ASC"]');
    expect(url.searchParams.get('range')).toBe('[0,24]');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get(ADMIN_REQUEST_HEADER)).toBe('1');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
  });
});
