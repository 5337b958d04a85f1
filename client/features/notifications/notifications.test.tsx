import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxItem, InboxPage } from '@server/modules/notifications/schema';
import { renderWithProviders } from '@client/testing/render';
import { testShopper } from '@client/testing/fixtures';
import { NotificationBell } from './components/notification-bell';
import { InboxPage as InboxScreen } from './pages/inbox-page';
import { UnsubscribePage } from './pages/unsubscribe-page';

const USER = testShopper({ goldKeys: 0 });

const item = (id: number, over: Partial<InboxItem> = {}): InboxItem => ({
  id,
  kind: 'new_coupon',
  title: `Your 7% coupon at Chai Point #${id}`,
  body: 'Use it before 11:59 pm.',
  url: '/coupons',
  createdAt: new Date('2026-11-23T05:30:00Z'),
  readAt: null,
  ...over,
});

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
});
afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('NotificationBell', () => {
  it('shows the unread count to a signed-in shopper and links to the inbox', async () => {
    renderWithProviders(<NotificationBell />, { trpc: { 'users.me': () => USER, 'notifications.unreadCount': () => ({ unread: 3 }) } });
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('3');
  });

  it('is not drawn for a visitor who is not signed in', async () => {
    document.cookie = 'signedIn=; Max-Age=0; Path=/';
    const unread = vi.fn(() => ({ unread: 1 }));
    const { container } = renderWithProviders(<NotificationBell />, { trpc: { 'notifications.unreadCount': unread } });
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
    expect(unread).not.toHaveBeenCalled();
  });
});

describe('InboxPage', () => {
  function inbox(items: InboxItem[]) {
    const state = { items };
    const markRead = vi.fn((input: unknown) => {
      const id = (input as { id: number }).id;
      state.items = state.items.map((i) => (i.id === id ? { ...i, readAt: new Date() } : i));
      return { id, url: state.items.find((i) => i.id === id)?.url ?? '/coupons', unread: state.items.filter((i) => !i.readAt).length };
    });
    const markAllRead = vi.fn(() => {
      state.items = state.items.map((i) => ({ ...i, readAt: i.readAt ?? new Date() }));
      return { unread: 0, updated: 1 };
    });
    const fixtures = {
      'users.me': () => USER,
      'notifications.unreadCount': () => ({ unread: state.items.filter((i) => !i.readAt).length }),
      'notifications.list': (): InboxPage => ({ items: state.items, unread: state.items.filter((i) => !i.readAt).length, nextCursor: null }),
      'notifications.markRead': markRead,
      'notifications.markAllRead': markAllRead,
    };
    return { fixtures, markRead, markAllRead };
  }

  it('lists the alerts newest first, unread marked; a tap marks it read and opens its page', async () => {
    const { fixtures, markRead } = inbox([item(2, { url: '/enter-amount/7', title: 'Expires at 6 pm' }), item(1, { readAt: new Date() })]);
    const { user, location } = renderWithProviders(<InboxScreen />, { path: '/notifications', trpc: fixtures });
    const list = await screen.findByRole('list');
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([expect.stringContaining('Expires at 6 pm (unread)'), expect.not.stringContaining('(unread)')]);
    await user.click(buttons[0]!);
    expect(markRead).toHaveBeenCalledWith({ id: 2 });
    await waitFor(() => expect(location.history.at(-1)).toBe('/enter-amount/7'));
  });

  it('?open={id} (a tapped push) marks that item read and goes to its page', async () => {
    const { fixtures, markRead } = inbox([item(5, { url: '/redeemed-history/9' })]);
    const { location } = renderWithProviders(<InboxScreen />, { path: '/notifications?open=5', trpc: fixtures });
    await waitFor(() => expect(markRead).toHaveBeenCalledWith({ id: 5 }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/redeemed-history/9'));
  });

  it('"Mark all as read" clears the unread state; an empty inbox says what will appear', async () => {
    const { fixtures, markAllRead } = inbox([item(3)]);
    const { user } = renderWithProviders(<InboxScreen />, { path: '/notifications', trpc: fixtures });
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(markAllRead).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument());
    expect(screen.queryByText(/\(unread\)/)).not.toBeInTheDocument();

    const empty = inbox([]);
    renderWithProviders(<InboxScreen />, { path: '/notifications', trpc: empty.fixtures });
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });
});

describe('UnsubscribePage', () => {
  it('names the setting, turns it off only when asked, and confirms', async () => {
    document.cookie = 'signedIn=; Max-Age=0; Path=/';
    const unsubscribe = vi.fn(() => ({ flag: 'emailWeeklyDealsDigest', label: 'Weekly deals digest' }));
    const { user } = renderWithProviders(<UnsubscribePage />, {
      path: '/unsubscribe?t=12.2.0123456789abcdef0123456789abcdef',
      trpc: {
        'notifications.describeUnsubscribe': () => ({ flag: 'emailWeeklyDealsDigest', label: 'Weekly deals digest' }),
        'notifications.unsubscribe': unsubscribe,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Stop "Weekly deals digest"?' })).toBeInTheDocument();
    expect(unsubscribe).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(unsubscribe).toHaveBeenCalledWith({ token: '12.2.0123456789abcdef0123456789abcdef' });
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
  });

  it('a broken link says so', async () => {
    renderWithProviders(<UnsubscribePage />, {
      path: '/unsubscribe?t=12.2.bad-token-xx',
      trpc: {
        'notifications.describeUnsubscribe': () => {
          throw new Error('This unsubscribe link is not valid.');
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
  });
});

describe('the service worker push handlers (client/public/push-sw.js)', () => {
  function loadWorker(windows: { url: string; focus: () => Promise<unknown>; navigate: (u: string) => Promise<unknown>; postMessage: (m: unknown) => void }[]) {
    const listeners: Record<string, (event: unknown) => void> = {};
    const self = {
      location: { origin: 'https://bachat.test' },
      registration: { showNotification: vi.fn(async () => undefined) },
      clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
      addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn),
    };
    const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/push-sw.js'), 'utf8');
    vm.runInNewContext(source, { self, URL });
    const fire = async (type: string, event: Record<string, unknown>) => {
      let done: Promise<unknown> = Promise.resolve();
      listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (done = p) });
      await done;
    };
    return { self, fire };
  }

  it('a push shows the notification with its text and tells open pages to refresh the bell', async () => {
    const page = { url: 'https://bachat.test/', focus: vi.fn(), navigate: vi.fn(), postMessage: vi.fn() };
    const { self, fire } = loadWorker([page]);
    const payload = { id: 7, kind: 'flash_sale', title: 'Flash sale at Chai Point: 20% off', body: '12:00–2:00 pm', url: '/notifications?open=7', tag: 'bachat-flash_sale' };
    await fire('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(self.registration.showNotification).toHaveBeenCalledWith('Flash sale at Chai Point: 20% off', {
      body: '12:00–2:00 pm',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: 'bachat-flash_sale',
      renotify: true,
      data: { url: '/notifications?open=7', id: 7, kind: 'flash_sale' },
    });
    expect(page.postMessage).toHaveBeenCalledWith({ type: 'bachat:notification', id: 7, kind: 'flash_sale' });
  });

  it('a tap focuses an open Bachat tab at the message page, or opens one', async () => {
    const page = { url: 'https://bachat.test/coupons', focus: vi.fn(async () => page), navigate: vi.fn(async () => page), postMessage: vi.fn() };
    const withTab = loadWorker([page]);
    const close = vi.fn();
    await withTab.fire('notificationclick', { notification: { close, data: { url: '/notifications?open=7' } } });
    expect(close).toHaveBeenCalled();
    expect(page.navigate).toHaveBeenCalledWith('https://bachat.test/notifications?open=7');

    const noTab = loadWorker([]);
    await noTab.fire('notificationclick', { notification: { close, data: { url: '/notifications?open=8' } } });
    expect(noTab.self.clients.openWindow).toHaveBeenCalledWith('https://bachat.test/notifications?open=8');
  });
});
