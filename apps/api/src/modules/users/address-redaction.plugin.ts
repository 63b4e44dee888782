import type { preSerializationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { addressReader, redactAddresses } from './address-redaction';

const redactAnswer: preSerializationAsyncHookHandler = async (request, _reply, payload) =>
  redactAddresses(payload, addressReader(request.user ?? null));

/**
 * Hides the addresses in the answers of routes registered after it whose path starts with one of
 * `prefixes`, from readers without `users.update` (their own address stays). For modules whose
 * answers name users by address under a permission that is not users.update (billing's
 * subscriptions and webhook events, under subscriptions.update), without changing their code.
 */
export const addressRedactionPlugin = fp<{ prefixes: readonly string[] }>(
  async (app, { prefixes }) => {
    app.addHook('onRoute', (route) => {
      if (!prefixes.some((prefix) => route.url.startsWith(prefix))) return;
      const existing = route.preSerialization;
      route.preSerialization = [
        ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
        redactAnswer,
      ] as typeof route.preSerialization;
    });
  },
  { name: 'address-redaction' },
);
