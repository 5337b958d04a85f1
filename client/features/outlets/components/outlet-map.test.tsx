import { describe, expect, it } from 'vitest';
import { pinIcon } from './outlet-map';

describe('map pins (issue 28)', () => {
  it('show the live discount, or a shop front when there is none, never a bare "•"', () => {
    const offer = pinIcon({ discountPercent: 22.5 }).options.html as string;
    expect(offer).toContain('>23%<');
    const plain = pinIcon({ discountPercent: null }).options.html as string;
    expect(plain).not.toContain('•');
    expect(plain).toContain('map-pin__body--plain');
    expect(plain).toContain('<svg');
  });
});
