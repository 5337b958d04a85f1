import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '@admin/testing/render';
import { Dashboard } from './Dashboard';

describe('Dashboard', () => {
  it('counts what needs attention, each with a link to the filtered list', async () => {
    const totals: Record<string, number> = { 'business-applications': 3, 'support-tickets': 5, outlets: 12 };
    const getList = vi.fn((resource: string) => Promise.resolve({ data: [], total: totals[resource] ?? 0 }));
    renderAdmin(<Dashboard />, { dataProvider: { getList } });
    await waitFor(() => expect(screen.getByLabelText('Applications to review')).toHaveTextContent('3'));
    expect(screen.getByLabelText('Open support tickets')).toHaveTextContent('5');
    expect(screen.getByLabelText('Outlets not live')).toHaveTextContent('12');
    expect(getList).toHaveBeenCalledWith('business-applications', expect.objectContaining({ filter: { status: 'pending' } }));
    expect(screen.getByRole('link', { name: /Applications to review/ })).toHaveAttribute(
      'href',
      `#/business-applications?filter=${encodeURIComponent('{"status":"pending"}')}`,
    );
  });
});
