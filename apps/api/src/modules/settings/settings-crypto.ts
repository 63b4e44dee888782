import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

function keyFrom(appKey: string): Buffer {
  return createHash('sha256').update(appKey).digest();
}

/** AES-256-GCM with a key derived from APP_KEY; the output is self-describing text. */
export function encryptSecret(plain: string, appKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(appKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString('base64url')}.${tag.toString('base64url')}.${body.toString('base64url')}`;
}

/** Throws when the value was encrypted with another APP_KEY or altered. */
export function decryptSecret(stored: string, appKey: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error('Not an encrypted value');
  const [iv, tag, body] = stored.slice(PREFIX.length).split('.');
  if (!iv || !tag || body === undefined) throw new Error('Malformed encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(appKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
