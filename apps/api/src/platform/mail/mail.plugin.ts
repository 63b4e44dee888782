import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closeTransports } from './mail-transport';
import { createMailer, type Mailer, type MailerPorts } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp(
  async (app: FastifyInstance, ports: MailerPorts) => {
    app.decorate('mailer', createMailer({ ...ports, env: app.deps.env, log: app.log }));
    app.addHook('onClose', async () => closeTransports());
  },
  { name: 'mail' },
);
