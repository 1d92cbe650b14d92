import type { Core } from '@strapi/strapi';

/**
 * Strapi 5's REST API returns draft versions to anyone who may `find` a type when the request asks for
 * `?status=draft`, so the public role (read access for the portal) could read unpublished help content. The Content
 * API here serves published entries only; editors see drafts in the admin panel, whose content-manager routes are not
 * under the REST prefix and are not affected.
 */
const publishedOnly: Core.MiddlewareFactory = (_config, { strapi }) => {
  const prefix = `${strapi.config.get<string>('api.rest.prefix', '/api')}/`;
  return async (ctx, next) => {
    if (ctx.path.startsWith(prefix) && ctx.query.status !== undefined && ctx.query.status !== 'published') {
      return ctx.badRequest('Only published content is available (status=published).');
    }
    await next();
  };
};

export default publishedOnly;
