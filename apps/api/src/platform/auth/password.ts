import { randomInt } from 'node:crypto';

/** The native addon is loaded on the first hash or verify, not at start-up. */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
};

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1); `2` is Algorithm.Argon2id (a const enum in its types).
const OPTIONS = { algorithm: 2, timeCost: 2, memoryCost: 19456, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  return verify(hashed, password);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** Unambiguous characters only: the first admin password is read off a terminal. */
export function generatePassword(length = 20): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
