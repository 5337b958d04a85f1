import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { BusinessLandingPage } from './landing-page';

describe('the business landing page (issue 28)', () => {
  it('says zero commission and the 1.5% transaction fee plainly together (SPEC §9), never "keep every rupee"', async () => {
    renderWithProviders(<BusinessLandingPage />, { path: '/for-bussiness' });
    const commission = (await screen.findByText('Zero commission')).closest('li')!;
    expect(commission).toHaveTextContent('We take no commission on your bills. The only charge is the 1.5% transaction fee on payments made through Bachat.');
    expect(document.body).not.toHaveTextContent(/keep every rupee/i);
  });
});
