/** The signed-in shopper most client tests use (`users.me`'s shape); override what a test needs. */
export function testShopper(overrides: Partial<TestShopper> = {}): TestShopper {
  return {
    id: 7,
    name: 'Aarav Mehta',
    email: 'aarav.mehta@example.com',
    phoneNumber: '9876543210',
    profilePicUrl: null,
    goldKeys: 2,
    referralCode: 'MEAARAV1',
    language: 'en',
    ...overrides,
  };
}

export type TestShopper = {
  id: number;
  name: string;
  email: string | null;
  phoneNumber: string;
  profilePicUrl: string | null;
  goldKeys: number;
  referralCode: string;
  language: 'en' | 'hi';
};
