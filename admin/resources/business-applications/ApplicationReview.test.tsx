import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordContextProvider } from 'react-admin';
import { renderAdmin } from '@admin/testing/render';
import { ADMIN_REQUEST_HEADER } from '@server/modules/sales-staff/schema';
import { ApplicationReview } from './ApplicationReview';

const application = {
  id: 4,
  status: 'pending',
  businessName: 'Dosa Corner',
  address: '22, 9th Main, Jayanagar',
  cityId: null,
  categoryId: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderReview(record: Record<string, unknown>) {
  const getList = vi.fn().mockResolvedValue({ data: [], total: 0 });
  return renderAdmin(
    <RecordContextProvider value={record}>
      <ApplicationReview />
    </RecordContextProvider>,
    { resource: 'business-applications', dataProvider: { getList, getMany: vi.fn().mockResolvedValue({ data: [] }) } },
  );
}

describe('ApplicationReview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a reviewed application shows its outcome and no forms', () => {
    renderReview({ ...application, status: 'rejected', rejectReason: 'PAN mismatch' });
    expect(screen.getByText('Rejected: PAN mismatch')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject application' })).not.toBeInTheDocument();
  });

  it('reject needs a reason (checked with the shared schema) before anything is sent', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderReview(application);
    await user.click(screen.getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByText('Give a reason for the rejection')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reject posts the reason with the app header (the session is a cookie); approve shows server field errors inline', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(409, { message: 'This record already exists.', errors: { username: 'already exists', root: { serverError: 'This record already exists.' } } }))
      .mockResolvedValueOnce(json(200, { ...application, status: 'rejected' }));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderReview({ ...application, cityId: 1, categoryId: 2 });

    await user.type(screen.getByLabelText('Username'), 'dosa.corner');
    await user.type(screen.getByLabelText('Initial password'), 'Dosa@2026');
    await user.type(screen.getByLabelText('Locality'), 'Jayanagar');
    await user.type(screen.getByLabelText('State'), 'Karnataka');
    await user.type(screen.getByLabelText('PIN code'), '560011');
    await user.type(screen.getByLabelText('Latitude'), '12.92');
    await user.type(screen.getByLabelText('Longitude'), '77.58');
    await user.click(screen.getByRole('button', { name: 'Approve and create accounts' }));
    expect(await screen.findByText('already exists')).toBeInTheDocument();
    expect(screen.getByText('This record already exists.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/business-applications/4/approve');
    expect(JSON.parse(String(init?.body))).toMatchObject({ username: 'dosa.corner', outletName: 'Dosa Corner', cityId: 1, categoryId: 2, opensAt: '10:00' });

    await user.type(screen.getByLabelText('Reason'), 'Duplicate of application 3');
    await user.click(screen.getByRole('button', { name: 'Reject application' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [rejectUrl, rejectInit] = fetchMock.mock.calls[1]!;
    expect(rejectUrl).toBe('/api/admin/business-applications/4/reject');
    expect(new Headers(rejectInit?.headers).get(ADMIN_REQUEST_HEADER)).toBe('1');
    expect(rejectInit?.credentials).toBe('same-origin');
    expect(JSON.parse(String(rejectInit?.body))).toEqual({ reason: 'Duplicate of application 3' });
  });
});
