/**
 * How many bits of guessing a secret is worth, estimated the way a compressor would see it: a random
 * string costs the size of its alphabet per character, while anything a guesser would try first costs
 * next to nothing. Used by server/env.ts to refuse a production `APP_SECRET` such as 'a' × 40,
 * 'password' four times or 'secret-0123456789abcdef…', which pass any length rule.
 *
 * Walking the string from the left, each step takes the cheapest of:
 * - a common word ('password', 'secret', 'changeme', …), any case: about log2(the list) + 1 bits;
 * - a repeat of something earlier (3 characters or more, overlapping allowed, so 'aaaa…' is one step):
 *   where it starts and how long it is, log2(position) + log2(length) + 1 bits (LZ77's cost);
 * - the next step of a run with a constant stride of at most 2 ('abcd', '1234', '9876', 'zzzz'): 1 bit;
 * - otherwise one character from the alphabet the secret draws on (lower case 26, upper case 26, digits
 *   10, other printable ASCII 33, anything else 100): log2 of their total.
 *
 * A real random secret (`openssl rand -base64 48`: 64 characters of 95 → about 410 bits; `-hex 32`: 64
 * of 36 → about 325; 32 random letters and digits → about 190) is barely discounted, since random text
 * seldom repeats 3 characters or steps 3 in a row. The estimate errs low for text built to look random
 * by hand, which is the point ('a' × 40: 10 bits; 'password' × 5: 14).
 */

/** What a production APP_SECRET must be worth at least. */
export const MIN_SECRET_BITS = 128;

/** Words people put in secrets; matched case-insensitively anywhere. */
const COMMON_WORDS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'changeme',
  'change',
  'default',
  'example',
  'sample',
  'admin',
  'qwerty',
  'asdfgh',
  'zxcvbn',
  'letmein',
  'welcome',
  'bachat',
  'token',
  'test',
  'prod',
  'production',
  'development',
  'key',
];
const WORD_BITS = Math.log2(COMMON_WORDS.length) + 1;
/** Longer secrets are judged on their first this-many characters (the search below is quadratic). */
const MAX_ANALYSED = 512;

function alphabetSize(secret: string): number {
  let size = 0;
  if (/[a-z]/.test(secret)) size += 26;
  if (/[A-Z]/.test(secret)) size += 26;
  if (/[0-9]/.test(secret)) size += 10;
  if (/[!-/:-@[-`{-~ ]/.test(secret)) size += 33;
  if (/[^\x20-\x7e]/.test(secret)) size += 100;
  return Math.max(size, 2);
}

/** The longest earlier occurrence of the text at `i` (it may overlap `i`): its length, or 0 if under 3. */
function longestRepeat(s: string, i: number): number {
  let best = 0;
  for (let j = 0; j < i; j++) {
    let length = 0;
    while (i + length < s.length && s[j + length] === s[i + length]) length++;
    if (length > best) best = length;
  }
  return best >= 3 ? best : 0;
}

function commonWordAt(lower: string, i: number): number {
  let best = 0;
  for (const word of COMMON_WORDS) if (word.length > best && lower.startsWith(word, i)) best = word.length;
  return best;
}

/** The estimated bits of guessing `secret` is worth (see above). */
export function estimateSecretBits(secret: string): number {
  const s = secret.slice(0, MAX_ANALYSED);
  const lower = s.toLowerCase();
  const perCharacter = Math.log2(alphabetSize(s));
  let bits = 0;
  let i = 0;
  while (i < s.length) {
    const options: { bits: number; length: number }[] = [{ bits: perCharacter, length: 1 }];
    const word = commonWordAt(lower, i);
    if (word) options.push({ bits: WORD_BITS, length: word });
    const repeat = longestRepeat(s, i);
    if (repeat) options.push({ bits: Math.log2(i) + Math.log2(repeat) + 1, length: repeat });
    if (i >= 2) {
      const stride = s.charCodeAt(i) - s.charCodeAt(i - 1);
      if (Math.abs(stride) <= 2 && stride === s.charCodeAt(i - 1) - s.charCodeAt(i - 2)) options.push({ bits: 1, length: 1 });
    }
    // Cheapest per character covered, so a long repeat beats a step that covers one.
    const step = options.reduce((a, b) => (b.bits / b.length < a.bits / a.length ? b : a));
    bits += step.bits;
    i += step.length;
  }
  return Math.floor(bits);
}
