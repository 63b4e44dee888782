import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FrontAnswer, FrontDoor } from './front-door';

/**
 * Answers a request in full before the other hooks run (the reply hijacked, its bytes written
 * to the raw response), or says no by resolving false and leaves it to the normal path. Whoever
 * answers writes every header the normal path would give that answer (a test compares them).
 */
export type EarlyAnswer = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean> | false;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tried in order by the first `onRequest` hook; see `EarlyAnswer`. */
    earlyAnswers: EarlyAnswer[];
    /**
     * Tried in order by the server's own listener before Fastify sees the request (front-door.ts);
     * a request Fastify gets (`inject`, or one they decline) is still offered to `earlyAnswers`.
     */
    frontAnswers: FrontAnswer[];
  }
}

/**
 * The first `onRequest` hook. A kept guest page is the same bytes but for its nonce and token:
 * the hooks after this one (CORS, cookies, CSRF, auth, workspace, access) decide nothing for it
 * and the not-found handler's awaits and `reply.send`'s `onSend` chain only pass it along, which
 * was most of its CPU beside the socket write. Fastify's request logging and `onResponse` hooks
 * still run for a hijacked reply (its response listeners are set up before any hook).
 */
export const earlyAnswerPlugin = fp(
  async (app: FastifyInstance, options: { frontDoor?: FrontDoor }) => {
    const answers: EarlyAnswer[] = [];
    app.decorate('earlyAnswers', answers);
    const frontAnswers: FrontAnswer[] = [];
    app.decorate('frontAnswers', frontAnswers);
    const { frontDoor } = options;
    if (frontDoor) {
      // Closing, Fastify answers what still comes in with `Connection: close`: the door steps aside.
      let isClosing = false;
      app.addHook('preClose', (done) => {
        isClosing = true;
        done();
      });
      app.addHook('onReady', (done) => {
        frontDoor.open({
          answers: frontAnswers,
          isOpen: () => !isClosing && !app.lifecycle.isDraining,
          log: app.log,
        });
        done();
      });
    }
    // A callback hook: a request no answer takes (nearly all) passes without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      // A draining replica closes every connection it answers: the normal path says so.
      if (answers.length === 0 || request.method !== 'GET' || app.lifecycle.isDraining) return done();
      const tryFrom = (from: number): void => {
        for (let index = from; index < answers.length; index++) {
          const answer = (answers[index] as EarlyAnswer)(request, reply);
          if (answer === false) continue;
          answer.then(
            (isAnswered) => {
              if (!isAnswered) tryFrom(index + 1);
            },
            (error: Error) => {
              if (!reply.sent) return done(error);
              // Hijacked and failed mid-answer: nothing can be sent any more.
              request.log.error(error);
              reply.raw.destroy(error);
            },
          );
          return;
        }
        done();
      };
      tryFrom(0);
    });
  },
  { name: 'early-answer', dependencies: ['drain'] },
);
