import { hash, verify } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which verbatimModuleSyntax cannot import: 2 is Argon2id.
const ARGON2ID = 2;

// Argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
