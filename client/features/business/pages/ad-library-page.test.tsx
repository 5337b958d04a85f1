import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ad } from '@server/modules/promotions/schema';
import { renderWithProviders } from '@client/testing/render';
import { APP_REQUEST_HEADER } from '@server/modules/sessions/schema';
import { getBusinessSession, saveBusinessSession } from '../lib/session';
import { OWNER_DETAILS } from '../test-fixtures';
import { AdLibraryPage } from './ad-library-page';


const ad = (patch: Partial<Ad> = {}): Ad => ({
  id: 41,
  outletId: 11,
  adType: 'R',
  title: 'Lunch combo hour',
  description: null,
  discountPercent: 15,
  imageUrl: null,
  eventId: null,
  startsOn: null,
  endsOn: null,
  isEnabled: true,
  createdAt: new Date('2026-11-20T10:00:00Z'),
  updatedAt: new Date('2026-11-20T10:00:00Z'),
  ...patch,
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of ['businessUserDetails']) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

function renderLibrary(ads: () => Ad[]) {
  saveBusinessSession(OWNER_DETAILS);
  return renderWithProviders(<AdLibraryPage outletId={11} session={getBusinessSession()!} />, {
    trpc: { 'promotions.ads': () => ads(), 'promotions.events': () => [] },
  });
}

const picture = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'combo.jpg', { type: 'image/jpeg' });

describe('ad library: an ad’s picture', () => {
  it('adds a picture to an ad already in the library through the multipart edit, then shows it', async () => {
    let current = ad();
    const fetchMock = vi.fn(async () => {
      current = ad({ imageUrl: '/uploads/ads/41.webp' });
      return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderLibrary(() => [current]);

    const item = (await screen.findByRole('heading', { name: 'Lunch combo hour' })).closest('li')!;
    expect(within(item).getByRole('button', { name: 'Add picture' })).toBeInTheDocument();
    fireEvent.change(within(item).getByLabelText('Picture for Lunch combo hour'), { target: { files: [picture()] } });

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/adv/edit');
    expect(init.method).toBe('POST');
    // The owner's session rides in its cookie; the app's marker (CSRF) goes with it, never a token.
    const headers = new Headers(init.headers);
    expect(headers.get(APP_REQUEST_HEADER)).toBe('1');
    expect(headers.has('Authorization')).toBe(false);
    expect(init.credentials).toBe('same-origin');
    const form = init.body as FormData;
    expect([form.get('outletId'), form.get('advId'), (form.get('image') as File).name]).toEqual(['11', '41', 'combo.jpg']);

    // The list is read again: the picture shows and the button now replaces it.
    expect(await within(item).findByRole('button', { name: 'Change picture' })).toBeInTheDocument();
    expect(item.querySelector('img')).toHaveAttribute('src', '/uploads/ads/41.webp');
  });

  it('says why a picture was refused and keeps the ad as it was', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'The file is not a JPEG, PNG or WebP image.' }), { status: 400 })),
    );
    renderLibrary(() => [ad()]);
    const item = (await screen.findByRole('heading', { name: 'Lunch combo hour' })).closest('li')!;
    fireEvent.change(within(item).getByLabelText('Picture for Lunch combo hour'), { target: { files: [picture()] } });
    expect(await within(item).findByRole('alert')).toHaveTextContent('The file is not a JPEG, PNG or WebP image.');
    expect(within(item).getByRole('button', { name: 'Add picture' })).toBeEnabled();
    expect(item.querySelector('img')).toBeNull();
  });
});
