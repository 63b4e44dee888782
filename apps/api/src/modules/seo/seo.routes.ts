import { ZSitemapFileParamsSchema } from '@cadence/contracts/seo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { SITEMAP_FILE, SITEMAP_INDEX_FILE } from './sitemap.service';

/** What crawlers may not list: the private areas and the api (design section 6, spec 2.12). */
const DISALLOWED = [
  '/admin',
  '/backstage',
  '/api/',
  '/secure/',
  '/account-settings',
  '/library',
  '/billing',
  '/checkout',
  '/notifications',
];

/** `robots.txt`, and `sitemap.xml` (the index) with its files, written by the scheduled `sitemap:generate`. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = app.deps.env.PLAYER_URL.replace(/\/$/, '');
  const { sitemap } = app.services;

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\n${DISALLOWED.map((path) => `Disallow: ${path}`).join('\n')}\n\nSitemap: ${base}/sitemap.xml\n`,
      ),
  );

  async function sendFile(file: string, reply: import('fastify').FastifyReply) {
    const stream = await sitemap.read(file);
    if (!stream) throw new AppError('not_found');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(stream);
  }

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      // Before the first scheduled run (a new install) the index is written on demand, once.
      if (!(await sitemap.read(SITEMAP_INDEX_FILE))) await sitemap.generate();
      return sendFile(SITEMAP_INDEX_FILE, reply);
    },
  );

  app.get(
    '/sitemap-:file',
    {
      config: { access: 'public' },
      schema: { hide: true, params: ZSitemapFileParamsSchema },
    },
    async (request, reply) => {
      if (!SITEMAP_FILE.test(request.params.file)) throw new AppError('not_found');
      return sendFile(request.params.file, reply);
    },
  );
};
