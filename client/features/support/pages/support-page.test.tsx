import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { SupportPage } from './support-page';
import { testShopper } from '@client/testing/fixtures';

const USER = testShopper({ goldKeys: 0 });

beforeEach(() => {
  document.cookie = 'authToken=tok; Path=/';
});
afterEach(() => {
  document.cookie = 'authToken=; Max-Age=0; Path=/';
});

describe('SupportPage', () => {
  it('pre-fills the shopper, checks the fields and sends the ticket to supportTickets.create', async () => {
    const create = vi.fn(() => ({ success: true, ticketId: 31 }));
    const { user } = renderWithProviders(<SupportPage />, {
      path: '/support',
      trpc: { 'users.me': () => USER, 'supportTickets.create': create },
    });
    expect(await screen.findByLabelText('Name')).toHaveValue('Aarav Mehta');
    expect(screen.getByLabelText('Email')).toHaveValue('aarav.mehta@example.com');

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Subject'), 'Discount not applied');
    await user.type(screen.getByLabelText('Message'), 'I paid at Kaapi Katte but got no discount.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeInTheDocument();
    expect(screen.getByText('#31')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith({
      name: 'Aarav Mehta',
      email: 'aarav.mehta@example.com',
      phoneNumber: '9876543210',
      subject: 'Discount not applied',
      message: 'I paid at Kaapi Katte but got no discount.',
    });
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
