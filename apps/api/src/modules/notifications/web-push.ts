import type { TPushSubscription } from '@cadence/contracts/notification';
import type { Kysely } from 'kysely';
import type WebPushLibrary from 'web-push';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import { lazyRequire } from '../../platform/lazy-require';
import { decryptSecret, encryptSecret } from '../settings/settings-crypto';
import {
  deleteSubscription,
  deleteSubscriptionById,
  findVapidKeys,
  hasSubscriptions,
  insertVapidKeysOnce,
  saveSubscription,
  subscriptionsOf,
  usersWithSubscriptions,
} from './web-push.repository';

type Db = Kysely<Database>;
/** web-push and its crypto helpers (about 3 MiB) load with the first key or push, not at start. */
const webPush = lazyRequire<typeof WebPushLibrary>('web-push');
export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * Web Push (RFC 8030/8291/8292) through the `web-push` library. The VAPID key pair is generated
 * once, at first use after the first start, and kept in the database (private key encrypted with
 * APP_KEY) so every replica signs with the same key and browsers' subscriptions stay valid.
 */
const PRIVATE_HOST =
  /^(localhost|.*\.localhost|.*\.local|.*\.internal|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|0\.0\.0\.0|\[.*\])$/i;

/**
 * A push service is a public https address (RFC 8030). Anything else is refused: the api POSTs to
 * the endpoint, so a forged subscription must not point it at the operator's own network.
 */
export function isAllowedPushEndpoint(endpoint: string, allowPrivate: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return allowPrivate || !PRIVATE_HOST.test(url.hostname);
}

type Options = { db: Db; appKey: string; appUrl: string; allowPrivateEndpoints?: boolean };

export function createWebPush({ db, appKey, appUrl, allowPrivateEndpoints = false }: Options) {
  let keys: Promise<VapidKeys> | null = null;

  async function loadOrCreateKeys(): Promise<VapidKeys> {
    const existing = await findVapidKeys(db);
    if (!existing) {
      const fresh = webPush().generateVAPIDKeys();
      // Two replicas starting together: the first insert wins, both read it back.
      await insertVapidKeysOnce(db, {
        publicKey: fresh.publicKey,
        encryptedPrivateKey: encryptSecret(fresh.privateKey, appKey),
      });
      return loadOrCreateKeys();
    }
    return { publicKey: existing.public_key, privateKey: decryptSecret(existing.private_key, appKey) };
  }

  function vapidKeys(): Promise<VapidKeys> {
    keys ??= loadOrCreateKeys().catch((error) => {
      keys = null;
      throw error;
    });
    return keys;
  }

  async function subscribe(userId: number, subscription: TPushSubscription) {
    if (!isAllowedPushEndpoint(subscription.endpoint, allowPrivateEndpoints))
      throw validationError({ endpoint: 'This push service address is not allowed.' });
    // An endpoint belongs to one browser profile: a new sign-in there takes it over.
    await saveSubscription(db, userId, subscription);
  }

  async function unsubscribe(userId: number, endpoint: string) {
    await deleteSubscription(db, userId, endpoint);
  }

  /** Sends the payload to every browser of the user; gone subscriptions (404/410) are dropped. */
  async function sendToUser(userId: number, payload: object): Promise<number> {
    const subscriptions = await subscriptionsOf(db, userId);
    if (subscriptions.length === 0) return 0;
    const { publicKey, privateKey } = await vapidKeys();
    const subject = `mailto:no-reply@${new URL(appUrl).hostname}`;
    const body = JSON.stringify(payload);
    let sent = 0;
    const failures: unknown[] = [];
    for (const row of subscriptions) {
      try {
        await webPush().sendNotification(
          { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
          body,
          {
            vapidDetails: { subject, publicKey, privateKey },
            TTL: 60 * 60 * 24,
            timeout: 10_000,
          },
        );
        sent += 1;
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await deleteSubscriptionById(db, row.id);
        } else failures.push(error);
      }
    }
    // Every endpoint failing for another reason is worth a retry of the job; some failing is not.
    if (sent === 0 && failures.length > 0) throw failures[0];
    return sent;
  }

  return {
    vapidKeys,
    subscribe,
    unsubscribe,
    hasSubscriptions: (userId: number) => hasSubscriptions(db, userId),
    usersWithSubscriptions: (userIds: readonly number[]) => usersWithSubscriptions(db, userIds),
    sendToUser,
  };
}

export type WebPush = ReturnType<typeof createWebPush>;
