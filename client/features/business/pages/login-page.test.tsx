import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, setLocale } from '@client/lib/i18n';
import { renderWithProviders, type TrpcFixtures } from '@client/testing/render';
import { BusinessSectionRoutes } from '../business-section';
import { getBusinessSession } from '../lib/session';

afterEach(async () => {
  await setLocale('en', { remember: false });
  for (const name of ['businessUserDetails', 'signedIn', 'lang']) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

const RESULT = {
  expiresAt: new Date('2026-11-22T10:00:00Z'),
  businessOwner: { id: 3, username: 'demo.owner', name: 'Ravi Kumar', phoneNumber: '9845012345', pan: 'ABCPK1234L', designation: 'Proprietor', isMaster: true, masterId: null, language: 'en' as const },
  outlets: [
    { id: 11, name: 'Sri Krishna Udupi Grand', addressLineTwo: 'Jayanagar' },
    { id: 12, name: 'Kaapi Katte', addressLineTwo: 'Koramangala' },
  ],
};

/** The server refusing the credentials. */
const REFUSED: TrpcFixtures = {
  'businessAuth.login': () => {
    throw new Error('Invalid username or password');
  },
};

/** An owner whose account is in Hindi. */
const HINDI_OWNER = { ...RESULT, businessOwner: { ...RESULT.businessOwner, language: 'hi' as const } };

/** Opens the login page on these server answers and sends the form with a username and a password. */
async function logIn(username: string, password: string, trpc: TrpcFixtures) {
  const rendered = renderWithProviders(<BusinessSectionRoutes />, { path: '/login', trpc });
  await rendered.user.type(screen.getByLabelText('Username'), username);
  await rendered.user.type(screen.getByLabelText('Password'), password);
  await rendered.user.click(screen.getByRole('button', { name: 'Log in' }));
  return rendered;
}

describe('business login', () => {
  it('asks for both fields before calling the server', async () => {
    const { user } = renderWithProviders(<BusinessSectionRoutes />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it("shows the server's error text", async () => {
    await logIn('demo.owner', 'wrong', REFUSED);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(getBusinessSession()).toBeNull();
  });

  it("keeps the owner's details (the server set the session's cookie and cleared the shopper's) and opens the first outlet", async () => {
    document.cookie = 'signedIn=1; Path=/';
    let sent: unknown;
    const { location } = await logIn(' demo.owner ', 'Bachat@123', {
      'businessAuth.login': (input) => {
        sent = input;
        // The server's answer: the shopper's flag cleared with its session (SPEC §6).
        document.cookie = 'signedIn=; Max-Age=0; Path=/';
        return RESULT;
      },
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/for-bussiness/promotion-organizer/regular-offers/11'));
    expect(sent).toEqual({ username: 'demo.owner', password: 'Bachat@123' });
    const session = getBusinessSession();
    expect(session?.details).toMatchObject({ boId: 3, isMaster: true, currentOutletId: 11 });
    expect(session?.details.allOutletForBusiness).toHaveLength(2);
    expect(document.cookie).not.toContain('signedIn');
  });

  it("a new try starts clean: the last try's server error never stays beside the new field errors", async () => {
    const { user } = await logIn('demo.owner', 'wrong', REFUSED);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('Invalid username or password')).not.toBeInTheDocument();
  });

  it("a device with no language of its own takes the account's (Hindi); one with a choice tells the account", async () => {
    let saved: unknown;
    const { location } = await logIn('demo.owner', 'Bachat@123', { 'businessAuth.login': () => HINDI_OWNER, 'businessAuth.setLanguage': (input) => (saved = input) });
    await waitFor(() => expect(location.history.at(-1)).toMatch(/regular-offers\/11$/));
    await waitFor(() => expect(currentLocale()).toBe('hi'));
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(saved).toBeUndefined();
  });

  it('a device that chose English keeps it and saves it on a Hindi account', async () => {
    document.cookie = 'lang=en; Path=/';
    let saved: unknown;
    await logIn('demo.owner', 'Bachat@123', { 'businessAuth.login': () => HINDI_OWNER, 'businessAuth.setLanguage': (input) => (saved = input) });
    await waitFor(() => expect(saved).toEqual({ language: 'en' }));
    expect(currentLocale()).toBe('en');
  });
});
