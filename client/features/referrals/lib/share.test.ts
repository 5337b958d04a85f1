import { describe, expect, it, vi } from 'vitest';
import { SHARE_MESSAGES, shareReferral } from './share';

const url = 'https://bachat.example/signup?referal=MEAARAV1';

describe('shareReferral (SPEC §8 messages)', () => {
  it('uses the Web Share API with the link', async () => {
    const share = vi.fn(async () => {});
    await expect(shareReferral('MEAARAV1', url, { share })).resolves.toEqual({ kind: 'shared', message: null });
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url, text: expect.stringContaining('MEAARAV1') }));
  });

  it('without a code: No User ID available to share', async () => {
    expect((await shareReferral(null, url, {})).message).toBe(SHARE_MESSAGES.noCode());
    expect(SHARE_MESSAGES.noCode()).toBe('No User ID available to share');
  });

  it('a dismissed share sheet: Share operation was cancelled', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('dismissed', 'AbortError');
    });
    const writeText = vi.fn(async () => {});
    expect(await shareReferral('MEAARAV1', url, { share, writeText })).toEqual({
      kind: 'cancelled',
      message: 'Share operation was cancelled',
    });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('no Web Share API or a failing one: Copied to clipboard instead', async () => {
    const writeText = vi.fn(async () => {});
    expect((await shareReferral('MEAARAV1', url, { writeText })).message).toBe('Copied to clipboard instead');
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(url));
    const share = vi.fn(async () => {
      throw new Error('not allowed');
    });
    expect((await shareReferral('MEAARAV1', url, { share, writeText })).kind).toBe('copied');
  });

  it('nothing works: Could not share User ID', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    expect((await shareReferral('MEAARAV1', url, { writeText })).message).toBe('Could not share User ID');
  });
});
