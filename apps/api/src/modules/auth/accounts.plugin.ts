import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailPlugin } from '../../platform/mail/mail.plugin';
import { accessTokensRoutes } from '../access-tokens/access-tokens.routes';
import { accountRoutes } from '../account/account.routes';
import { mailLogRoutes } from '../mail/mail-log.routes';
import { sessionsRoutes } from '../sessions/sessions.routes';
import { socialRoutes } from '../social/social.routes';
import { twoFactorRoutes } from '../two-factor/two-factor.routes';
import { usersRoutes } from '../users/users.routes';
import { authRoutes } from './auth.routes';
import { verificationGatePlugin } from './verification-gate';

/** Issue 3 in one registration: mail (shared: `app.mailer`), the unverified-user gate, and the account routes. */
export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(mailPlugin);
    await app.register(verificationGatePlugin);
    await app.register(authRoutes);
    await app.register(accountRoutes);
    await app.register(usersRoutes);
    await app.register(sessionsRoutes);
    await app.register(accessTokensRoutes);
    await app.register(twoFactorRoutes);
    await app.register(socialRoutes);
    await app.register(mailLogRoutes);
  },
  { name: 'accounts', dependencies: ['auth'] },
);
