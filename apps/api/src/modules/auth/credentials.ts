import { hashPassword, verifyPassword } from '../../platform/auth/password';

let dummyHash: Promise<string> | undefined;

/**
 * Runs one argon2 verification whether or not the account exists or has a password, so
 * an unknown email and a wrong password take the same time.
 */
export async function checkPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  if (!hashed) {
    dummyHash ??= hashPassword('cadence-timing-equaliser');
    await verifyPassword(await dummyHash, password);
    return false;
  }
  try {
    return await verifyPassword(hashed, password);
  } catch {
    return false;
  }
}
