import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from './App';

describe('App', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the react-admin login form when not signed in, after asking only /api/admin/auth/*', async () => {
    // The session is an HttpOnly cookie the page cannot read, so checkAuth asks the server.
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ message: 'Please sign in to the sales back office.' }), { status: 401, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);

    render(<App />);

    expect(await screen.findByLabelText(/username/i, { selector: 'input' })).toBeInTheDocument();
    expect(screen.getByLabelText(/password/i, { selector: 'input' })).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: /sign in/i })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/login');
    // react-admin ends a failed checkAuth with a logout (the server just clears the cookie); no data is asked for.
    expect(new Set(fetchMock.mock.calls.map(([url]) => String(url)))).toEqual(new Set(['/api/admin/auth/me', '/api/admin/auth/logout']));
  });
});
