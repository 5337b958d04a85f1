import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { SupportPage } from './support-page';
import { testShopper } from '@client/testing/fixtures';

const USER = testShopper({ goldKeys: 0 });

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
});
afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('SupportPage', () => {
  it('a signed-in shopper writes only subject and message; the reply goes to the profile, shown read-only', async () => {
    const create = vi.fn(() => ({ success: true, ticketId: 31 }));
    const { user } = renderWithProviders(<SupportPage />, {
      path: '/support',
      trpc: { 'users.me': () => USER, 'supportTickets.create': create },
    });
    const contact = await screen.findByRole('group', { name: 'Your contact details' });
    expect(contact).toHaveTextContent('Aarav Mehta · aarav.mehta@example.com · +91 98765 43210');
    expect(within(contact).getByRole('link', { name: 'Change it in your profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Phone Number/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('id')?.split('-').at(-1))).toEqual(['subject', 'message']);

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Subject'), 'Discount not applied');
    await user.type(screen.getByLabelText('Message'), 'I paid at Kaapi Katte but got no discount.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeInTheDocument();
    expect(screen.getByText('#31')).toBeInTheDocument();
    expect(screen.getByText('aarav.mehta@example.com')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith({
      subject: 'Discount not applied',
      message: 'I paid at Kaapi Katte but got no discount.',
    });
  });

  it('a profile without an email asks for one and sends it', async () => {
    const create = vi.fn(() => ({ success: true, ticketId: 32 }));
    const { user } = renderWithProviders(<SupportPage />, {
      path: '/support',
      trpc: { 'users.me': () => ({ ...USER, email: null }), 'supportTickets.create': create },
    });
    const email = await screen.findByLabelText('Email');
    expect(screen.getByRole('group', { name: 'Your contact details' })).toHaveTextContent('Aarav Mehta · +91 98765 43210');
    await user.type(screen.getByLabelText('Subject'), 'Help');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.type(email, 'aarav @example.com');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith({ email: 'aarav@example.com', subject: 'Help', message: 'Hello' });
  });

  it("shows the server's message when sending fails", async () => {
    const { user } = renderWithProviders(<SupportPage />, {
      path: '/support',
      trpc: {
        'users.me': () => USER,
        'supportTickets.create': () => {
          throw new Error('Too many messages. Please try again later.');
        },
      },
    });
    await user.type(await screen.findByLabelText('Subject'), 'Help');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages. Please try again later.');
  });
});
