import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { BecomePromoterPage } from './become-promoter-page';

describe('BecomePromoterPage', () => {
  it('checks the form with the server schema before sending', async () => {
    const create = vi.fn();
    const { user } = renderWithProviders(<BecomePromoterPage />, { trpc: { 'promoterApplications.create': create } });

    await user.click(screen.getByRole('button', { name: 'Send my details' }));

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone Number is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(create).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Mobile number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send my details' }));
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  it('stores the application on the server and thanks the visitor', async () => {
    const create = vi.fn(() => ({ id: 1, createdAt: new Date() }));
    const { user } = renderWithProviders(<BecomePromoterPage />, { trpc: { 'promoterApplications.create': create } });

    await user.type(screen.getByLabelText('Full name'), 'Ravi Kumar');
    await user.type(screen.getByLabelText('Mobile number'), '98450 12345');
    await user.type(screen.getByLabelText('City'), 'Mysuru');
    await user.click(screen.getByRole('button', { name: 'Send my details' }));

    expect(await screen.findByRole('heading', { name: 'Thanks, Ravi!' })).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ravi Kumar', phoneNumber: '9845012345', city: 'Mysuru' }));
  });

  it('a pasted "+91 98450 12345" or "098450 12345" is the ten digits (SPEC §5)', async () => {
    const { user } = renderWithProviders(<BecomePromoterPage />, { trpc: { 'promoterApplications.create': vi.fn() } });
    const phone = screen.getByLabelText('Mobile number');
    await user.click(phone);
    await user.paste('+91 98450 12345');
    expect(phone).toHaveValue('9845012345');
    await user.clear(phone);
    await user.paste('098450 12345');
    expect(phone).toHaveValue('9845012345');
  });
});
