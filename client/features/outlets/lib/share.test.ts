import { describe, expect, it, vi } from 'vitest';
import { SHARE_MESSAGES, shareOutlet } from './share';

const outlet = { name: 'Kaapi Katte', locality: 'Koramangala', url: 'https://bachat.example/cafes/kaapi-katte/instore-offers/2', discountText: '15% off' };

describe('shareOutlet (SPEC §8)', () => {
  it('says there is no outlet to share', async () => {
    expect(await shareOutlet(null, { share: vi.fn(), clipboard: undefined as never })).toEqual({
      ok: false,
      message: 'No outlet available to share',
    });
  });

  it('uses the Web Share API with the outlet link', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const result = await shareOutlet(outlet, { share, clipboard: undefined as never });
    expect(result).toEqual({ ok: true, message: null });
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Kaapi Katte', url: outlet.url }));
  });

  it('reports a cancelled share', async () => {
    const share = vi.fn().mockRejectedValue(Object.assign(new Error('cancel'), { name: 'AbortError' }));
    const writeText = vi.fn();
    const result = await shareOutlet(outlet, { share, clipboard: { writeText } as never });
    expect(result.message).toBe('Share operation was cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies to the clipboard when sharing is unavailable or fails', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect((await shareOutlet(outlet, { share: undefined as never, clipboard: { writeText } as never })).message).toBe(
      'Copied to clipboard instead',
    );
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(outlet.url));

    const share = vi.fn().mockRejectedValue(new Error('NotAllowedError'));
    expect((await shareOutlet(outlet, { share, clipboard: { writeText } as never })).message).toBe(SHARE_MESSAGES.copied());
  });
});
