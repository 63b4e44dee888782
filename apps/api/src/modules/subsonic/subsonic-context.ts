import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/auth/actor';
import type { AuthUser } from '../../platform/auth/auth-user';
import type { OpenFiles } from '../streaming/open-files';
import type { SubsonicParams } from './subsonic-params';
import type { SubsonicNode } from './subsonic-response';

/** What a Subsonic method gets: its parameters, who calls, and the app's deps and services. */
export type SubsonicContext = {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  params: SubsonicParams;
  user: AuthUser;
  actor: Actor;
  /** The file handles audio is sent from, kept open across range requests (as the stream route does). */
  openFiles: OpenFiles;
};

/** A method answers a payload, or `'sent'` when it wrote the reply itself (audio, images). */
export type SubsonicMethod = (context: SubsonicContext) => Promise<SubsonicNode | 'sent'>;

/** The actor of a Subsonic call: its user, outside any workspace, governed by its own grants. */
export function subsonicActor(user: AuthUser): Actor {
  return {
    user,
    workspaceId: null,
    subject: async () => ({ user, guestRole: null }),
  };
}
