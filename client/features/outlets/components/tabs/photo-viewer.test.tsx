import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { MenuTab } from './menu-tab';
import { PhotosTab } from './photos-tab';

const photo = (id: number, subCategory: string) => ({ id, key: `IMG${id}`, url: `/uploads/p${id}.jpg`, subCategory, position: id, width: 800, height: 600 });

describe('the photo viewer (issue 28: photos and menus opened the raw file)', () => {
  it('opens a photo in the page, moves by buttons, arrow keys and swipes, zooms, and closes with Escape back to the photo', async () => {
    const { user } = renderWithProviders(<PhotosTab outletId={2} outletName="Kaapi Katte" />, {
      trpc: { 'outlets.photos': () => ({ outletId: 2, photos: [photo(1, 'storefront'), photo(2, 'ambience'), photo(3, 'food')] }) },
    });
    const first = await screen.findByRole('img', { name: 'Kaapi Katte: Storefront' });
    await user.click(first);
    const viewer = screen.getByRole('dialog', { name: 'Kaapi Katte: Storefront (1 of 3)' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/uploads/p1.jpg');

    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Kaapi Katte: Ambience (2 of 3)' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Kaapi Katte: Food (3 of 3)' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: /\(1 of 3\)/ })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: /\(3 of 3\)/ })).toBeInTheDocument();

    // A swipe to the left is the next photo; a short drag is not.
    const stage = screen.getByTestId('viewer-stage');
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { clientX: 200, clientY: 210 });
    expect(screen.getByRole('dialog', { name: /\(1 of 3\)/ })).toBeInTheDocument();
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { clientX: 280, clientY: 200 });
    expect(screen.getByRole('dialog', { name: /\(1 of 3\)/ })).toBeInTheDocument();

    const zoom = screen.getByRole('button', { name: 'Zoom in' });
    await user.click(zoom);
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');
    expect(stage).toHaveClass('viewer__stage--zoomed');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Kaapi Katte: Storefront' })).toHaveFocus();
  });

  it('turns the pages of one menu card', async () => {
    const page = (position: number) => ({ url: `/uploads/m${position}.jpg`, position, width: 900, height: 1200 });
    const { user } = renderWithProviders(<MenuTab outletId={2} />, {
      trpc: {
        'outlets.menu': () => ({
          outletId: 2,
          menus: [
            { id: 1, outletId: 2, titleSeq: 1, title: 'Breakfast', photos: [page(0), page(1)] },
            { id: 2, outletId: 2, titleSeq: 2, title: 'Drinks', photos: [page(0)] },
          ],
        }),
      },
    });
    await user.click(await screen.findByRole('img', { name: 'Breakfast, page 2' }));
    expect(screen.getByRole('dialog', { name: 'Breakfast, page 2 (2 of 2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Breakfast, page 1 (1 of 2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
