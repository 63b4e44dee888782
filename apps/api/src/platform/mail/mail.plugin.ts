import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closeTransports } from './mail-transport';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'mailer',
      createMailer({ db: app.deps.db, env: app.deps.env, settings: app.services.settings, log: app.log }),
    );
    app.addHook('onClose', async () => closeTransports());
  },
  { name: 'mail' },
);
