import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '@admin/testing/render';
import { CategoryList } from './CategoryList';

describe('CategoryList', () => {
  it('lists categories sorted by sortOrder', async () => {
    const getList = vi.fn().mockResolvedValue({
      data: [
        { id: 1, name: 'Food & Drinks', slug: 'food-drinks', icon: '🍔', sortOrder: 1, isActive: true },
        { id: 2, name: 'Shopping', slug: 'shopping', icon: '🛍️', sortOrder: 2, isActive: false },
      ],
      total: 2,
    });

    renderAdmin(<CategoryList />, { resource: 'categories', dataProvider: { getList } });

    expect(await screen.findByText('Food & Drinks')).toBeInTheDocument();
    expect(screen.getByText('shopping')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(
      'categories',
      expect.objectContaining({ sort: { field: 'sortOrder', order: 'ASC' } }),
    );
  });
});
