import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookies, readCookie, subscribeCookies, writeCookie } from './cookies';

afterEach(() => {
  vi.restoreAllMocks();
  deleteCookies('a', 'b');
});

function recordWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

describe('cookie store', () => {
  it('writes with Max-Age, Path=/ and SameSite=Strict, reads the decoded value and deletes', () => {
    const writes = recordWrites();
    writeCookie('a', '{"x":1} ok', 60);
    expect(writes.at(-1)).toBe('a=%7B%22x%22%3A1%7D%20ok; Max-Age=60; Path=/; SameSite=Strict');
    expect(readCookie('a')).toBe('{"x":1} ok');
    expect(readCookie('ab')).toBeNull();

    deleteCookies('a');
    expect(writes.at(-1)).toBe('a=; Max-Age=0; Path=/; SameSite=Strict');
    expect(readCookie('a')).toBeNull();
  });

  it('adds Secure on https pages', () => {
    const writes = recordWrites();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, protocol: 'https:' });
    writeCookie('a', 'v', 10);
    expect(writes.at(-1)).toBe('a=v; Max-Age=10; Path=/; SameSite=Strict; Secure');
  });

  it('tells subscribers after every write and delete, once per delete call', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeCookies(listener);
    writeCookie('a', '1', 10);
    expect(listener).toHaveBeenCalledTimes(1);
    deleteCookies('a', 'b');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    writeCookie('b', '2', 10);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
