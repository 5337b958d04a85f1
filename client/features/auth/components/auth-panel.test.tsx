import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, type TrpcFixtures } from '@client/testing/render';
import { hasShopperSession } from '@client/lib/session-cookies';
import { AuthPanel } from './auth-panel';
import { testShopper, trpcError } from '@client/testing/fixtures';

const USER = testShopper();


const sent = { userId: 41, resendAfterSeconds: 60, expiresInSeconds: 600 };

function clearCookies() {
  for (const name of ['signedIn', 'businessUserDetails']) {
    document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(clearCookies);
afterEach(() => {
  vi.useRealTimers();
  clearCookies();
  document.body.style.overflow = '';
});

function renderPanel(path: string, trpc: TrpcFixtures = {}) {
  const view = renderWithProviders(<AuthPanel />, { path, trpc });
  return { ...view, panel: () => screen.getByRole('dialog', { name: /Login|Sign up/ }) };
}

async function startLogin(trpc: TrpcFixtures, path = '/login') {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderPanel(path, { 'auth.login': () => sent, ...trpc });
  await user.type(screen.getByLabelText('Phone Number'), '98765 43210');
  await user.click(screen.getByRole('button', { name: 'Get OTP' }));
  const otp = await screen.findByRole('dialog', { name: 'Enter OTP' });
  return { ...view, user, otp };
}

describe('AuthPanel: login', () => {
  it('opens on /login, locks page scroll and links to /terms and /privacy', () => {
    renderPanel('/login');
    const panel = screen.getByRole('dialog', { name: 'Login' });
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(panel).getByRole('link', { name: /Terms/ })).toHaveAttribute('href', '/terms');
    expect(within(panel).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(panel).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('opens over outlet pages (/delhi/cafe-x/login) and switches to the signup overlay there', () => {
    renderPanel('/delhi/cafe-x/login');
    const panel = screen.getByRole('dialog', { name: 'Login' });
    expect(within(panel).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/delhi/cafe-x/signup',
    );
  });

  it('does not render on other pages', () => {
    renderPanel('/profile');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps digits only in the phone field and shows the spec messages', async () => {
    const { user } = renderPanel('/login');
    const phone = screen.getByLabelText('Phone Number');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText('Phone Number is required')).toBeInTheDocument();
    await user.type(phone, '+9 1-2a3 45');
    expect(phone).toHaveValue('912345');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
  });

  it.each(['+91 98765 43210', '098765 43210', '+91-98765-43210'])(
    'pasting %j into the phone field gives 9876543210 and logs in with it (SPEC §5)',
    async (pasted) => {
      const login = vi.fn(() => sent);
      const { user } = renderPanel('/login', { 'auth.login': login });
      const phone = screen.getByLabelText('Phone Number');
      await user.click(phone);
      await user.paste(pasted);
      expect(phone).toHaveValue('9876543210');
      await user.click(screen.getByRole('button', { name: 'Get OTP' }));
      expect(await screen.findByRole('dialog', { name: 'Enter OTP' })).toBeInTheDocument();
      expect(login).toHaveBeenCalledWith({ phoneNumber: '9876543210', isApk: false });
    },
  );

  it('typing a number with its 91 or its 0 ends with the ten digits', async () => {
    const { user } = renderPanel('/login');
    const phone = screen.getByLabelText('Phone Number');
    await user.type(phone, '91987654321');
    expect(phone).toHaveValue('91987654321');
    await user.type(phone, '0');
    expect(phone).toHaveValue('9876543210');
    await user.clear(phone);
    await user.type(phone, '09876543210');
    expect(phone).toHaveValue('9876543210');
  });

  it("shows We couldn't find your account. with a Sign up link for an unknown phone", async () => {
    const { user } = renderPanel('/login', {
      'auth.login': () => {
        throw trpcError("We couldn't find your account.", 'NOT_FOUND', 404);
      },
    });
    await user.type(screen.getByLabelText('Phone Number'), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't find your account. Sign up");
    expect(within(alert).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('disables the submit button while the request is in flight', async () => {
    let release: (value: typeof sent) => void = () => {};
    const { user } = renderPanel('/login', {
      'auth.login': () => new Promise<typeof sent>((resolve) => (release = resolve)),
    });
    await user.type(screen.getByLabelText('Phone Number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByRole('button', { name: 'Sending OTP…' })).toBeDisabled();
    await act(async () => release(sent));
    expect(await screen.findByRole('dialog', { name: 'Enter OTP' })).toBeInTheDocument();
  });

  it('Enter OTP shows the phone, counts down m:ss and then offers Resend OTP, which restarts at 1:00', async () => {
    const sendOtp = vi.fn(() => sent);
    const { user, otp } = await startLogin({ 'auth.sendOtp': sendOtp });

    expect(within(otp).getByText('+91 98765 43210')).toBeInTheDocument();
    expect(within(otp).getByText('1:00')).toBeInTheDocument();
    expect(within(otp).getByRole('button', { name: 'LOGIN' })).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(51_000));
    expect(within(otp).getByText('0:09')).toBeInTheDocument();
    expect(within(otp).queryByRole('button', { name: 'Resend OTP' })).not.toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(9_000));
    await user.click(within(otp).getByRole('button', { name: 'Resend OTP' }));

    expect(sendOtp).toHaveBeenCalledWith({ phoneNumber: '9876543210', userId: 41 });
    expect(await within(otp).findByText('1:00')).toBeInTheDocument();
    expect(within(otp).queryByRole('button', { name: 'Resend OTP' })).not.toBeInTheDocument();
  });

  it("shows the server's 429 text when a resend is refused and keeps the link", async () => {
    const { user, otp } = await startLogin({
      'auth.sendOtp': () => {
        throw trpcError('Please wait before asking for another OTP.', 'TOO_MANY_REQUESTS', 429);
      },
    });
    await act(async () => vi.advanceTimersByTime(60_000));
    await user.click(within(otp).getByRole('button', { name: 'Resend OTP' }));
    expect(await within(otp).findByText('Please wait before asking for another OTP.')).toBeInTheDocument();
    expect(within(otp).getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();
  });

  it('keeps digits only in the OTP field and checks it has 6 of them', async () => {
    const { user, otp } = await startLogin({});
    const input = within(otp).getByLabelText('6-digit OTP');
    await user.type(input, '12a-3');
    expect(input).toHaveValue('123');
    await user.click(within(otp).getByRole('button', { name: 'LOGIN' }));
    expect(await within(otp).findByText('otp should be of 6 digits')).toBeInTheDocument();
  });

  it('a pasted code with spaces ("123 456") keeps all six digits', async () => {
    const { user, otp } = await startLogin({});
    const input = within(otp).getByLabelText('6-digit OTP');
    await user.click(input);
    await user.paste('123 456');
    expect(input).toHaveValue('123456');
  });

  it('a wrong code shows "Wrong Otp. Try again."', async () => {
    const { user, otp } = await startLogin({
      'auth.verifyOtp': () => {
        throw trpcError('Wrong Otp. Try again.', 'BAD_REQUEST');
      },
    });
    await user.type(within(otp).getByLabelText('6-digit OTP'), '000000');
    await user.click(within(otp).getByRole('button', { name: 'LOGIN' }));
    expect(await within(otp).findByRole('alert')).toHaveTextContent('Wrong Otp. Try again.');
    expect(hasShopperSession()).toBe(false);
  });

  it('Cancel closes Enter OTP and keeps the phone for another try', async () => {
    const { user, otp } = await startLogin({});
    await user.click(within(otp).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Enter OTP' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Phone Number')).toHaveValue('9876543210');
  });

  it('Escape in Enter OTP leaves the code step only; the panel stays open', async () => {
    const { user } = await startLogin({});
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Enter OTP' })).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(400));
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });

  it('on verify (the server stored the token and dropped the business cookies) hides the panel and goes to the remembered page', async () => {
    document.cookie = 'businessUserDetails=%7B%7D; Path=/';
    sessionStorage.setItem('authPageRedirect', '/redeemed-history');
    // The server's answer: the session in its cookies, the owner's cleared (SPEC §6); no token in the body.
    const verify = vi.fn(() => {
      document.cookie = 'signedIn=1; Path=/';
      document.cookie = 'businessUserDetails=; Max-Age=0; Path=/';
      return { expiresAt: new Date(), isNewUser: false, user: USER };
    });
    const { user, otp, location } = await startLogin({ 'auth.verifyOtp': verify, 'users.me': () => USER });

    await user.type(within(otp).getByLabelText('6-digit OTP'), '123456');
    await user.click(within(otp).getByRole('button', { name: 'LOGIN' }));

    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/redeemed-history'));
    expect(verify).toHaveBeenCalledWith({ otp: '123456', userId: 41, isApk: false });
    expect(hasShopperSession()).toBe(true);
    expect(document.cookie).not.toContain('businessUserDetails');
    expect(sessionStorage.getItem('authPageRedirect')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes home after a login on /login with nothing remembered', async () => {
    const { user, otp, location } = await startLogin({
      'auth.verifyOtp': () => {
        document.cookie = 'signedIn=1; Path=/';
        return { expiresAt: new Date(), isNewUser: false, user: USER };
      },
      'users.me': () => USER,
    });
    await user.type(within(otp).getByLabelText('6-digit OTP'), '123456');
    await user.click(within(otp).getByRole('button', { name: 'LOGIN' }));
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });
});

describe('AuthPanel: closing', () => {
  it('a backdrop click slides the panel out for 300 ms, then goes to the remembered page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    sessionStorage.setItem('authPageRedirect', '/events');
    const { location } = renderPanel('/login');

    await user.click(screen.getByTestId('auth-backdrop'));
    expect(screen.getByTestId('auth-overlay')).toHaveClass('auth-overlay--closing');
    expect(location.history.at(-1)).toBe('/login');

    await act(async () => vi.advanceTimersByTime(300));
    expect(location.history.at(-1)).toBe('/events');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('a dismissed panel never returns to a page that needs a login; it goes to the page under it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    sessionStorage.setItem('authPageRedirect', '/profile');
    const { location } = renderPanel('/delhi/cafe-x/login');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await act(async () => vi.advanceTimersByTime(300));
    expect(location.history.at(-1)).toBe('/delhi/cafe-x');
  });

  it('opens from the stored sidebar state on any page and closes back to it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    sessionStorage.setItem('sidebarState', JSON.stringify('signup'));
    const { location } = renderPanel('/events');
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await act(async () => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/events');
    expect(sessionStorage.getItem('sidebarState')).toBe('null');
  });
});

describe('AuthPanel: a shopper who is already signed in', () => {
  const signedIn = (trpc: TrpcFixtures = {}) => {
    document.cookie = 'signedIn=1; Path=/';
    return { 'users.me': () => USER, ...trpc };
  };

  it("is taken from an outlet's …/login overlay to the outlet page and never sees the panel", async () => {
    const { location } = renderPanel('/delhi/cafe-x/login', signedIn());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/delhi/cafe-x'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('is taken from /login to the remembered page, else home; /signup likewise', async () => {
    sessionStorage.setItem('authPageRedirect', '/redeemed-history');
    const first = renderPanel('/login', signedIn());
    await vi.waitFor(() => expect(first.location.history.at(-1)).toBe('/redeemed-history'));
    expect(sessionStorage.getItem('authPageRedirect')).toBeNull();
    first.unmount();

    const second = renderPanel('/login', signedIn());
    await vi.waitFor(() => expect(second.location.history.at(-1)).toBe('/'));
    second.unmount();

    const third = renderPanel('/delhi/cafe-x/instore-offers/12/signup', signedIn());
    await vi.waitFor(() => expect(third.location.history.at(-1)).toBe('/delhi/cafe-x/instore-offers/12'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a stored sidebar state opens nothing; the state is cleared and the page stays', async () => {
    sessionStorage.setItem('sidebarState', JSON.stringify('login'));
    const { location } = renderPanel('/events', signedIn());
    await vi.waitFor(() => expect(sessionStorage.getItem('sidebarState')).toBe('null'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/events');
  });

  it('shows nothing while the stored token is being checked, and the panel when it turns out stale', async () => {
    let answer: (value: unknown) => void = () => {};
    const refused = () => {
      // The server's 401 clears the session's cookies.
      document.cookie = 'signedIn=; Max-Age=0; Path=/';
      return trpcError('Please sign in to continue.', 'UNAUTHORIZED', 401);
    };
    renderPanel('/login', signedIn({ 'users.me': () => new Promise((resolve, reject) => (answer = (v) => (v ? resolve(v) : reject(refused())))) }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => answer(null));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(hasShopperSession()).toBe(false);
  });
});

describe('AuthPanel: signup', () => {
  it('?referal=ME… pre-fills, locks and shows the referral field', () => {
    renderPanel('/signup?referal=MEAARAV1');
    const referral = screen.getByLabelText(/Referral code/);
    expect(referral).toHaveValue('MEAARAV1');
    expect(referral).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Have a referral code?' })).not.toBeInTheDocument();
  });

  it('otherwise a "Have a referral code?" link reveals an editable field that drops spaces', async () => {
    const { user } = renderPanel('/signup?referal=FRIEND');
    expect(screen.queryByLabelText(/Referral code/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Have a referral code?' }));
    const referral = screen.getByLabelText(/Referral code/);
    expect(referral).not.toHaveAttribute('readonly');
    await user.type(referral, 'ME AB CD');
    expect(referral).toHaveValue('MEABCD');
  });

  it('validates name and email with the spec messages and strips spaces from the email', async () => {
    const { user } = renderPanel('/signup');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText('Phone Number is required')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'a b@c');
    expect(email).toHaveValue('ab@c');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
  });

  it('sends the form with the locked referral, then asks for the OTP with a SIGNUP button', async () => {
    const signup = vi.fn(() => sent);
    const { user } = renderPanel('/signup?referal=MEAARAV1', { 'auth.signup': signup });
    await user.type(screen.getByLabelText('Phone Number'), '9123456780');
    await user.type(screen.getByLabelText('Name'), 'Diya Rao');
    await user.type(screen.getByLabelText('Email'), 'diya@example.com');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    const otp = await screen.findByRole('dialog', { name: 'Enter OTP' });
    expect(within(otp).getByRole('button', { name: 'SIGNUP' })).toBeInTheDocument();
    expect(signup).toHaveBeenCalledWith({
      phoneNumber: '9123456780',
      name: 'Diya Rao',
      email: 'diya@example.com',
      referral: 'MEAARAV1',
      isApk: false,
    });
  });

  it('pasting "+91 98765 43210" into the signup phone field gives 9876543210', async () => {
    const { user } = renderPanel('/signup');
    const phone = screen.getByLabelText('Phone Number');
    await user.click(phone);
    await user.paste('+91 98765 43210');
    expect(phone).toHaveValue('9876543210');
  });

  it("shows the server's message when the phone already has an account", async () => {
    const { user } = renderPanel('/signup', {
      'auth.signup': () => {
        throw trpcError('An account with this phone number already exists. Please log in.', 'CONFLICT', 409);
      },
    });
    await user.type(screen.getByLabelText('Phone Number'), '9876543210');
    await user.type(screen.getByLabelText('Name'), 'Aarav');
    await user.type(screen.getByLabelText('Email'), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(
      await screen.findByText('An account with this phone number already exists. Please log in.'),
    ).toBeInTheDocument();
  });
});
