import type { Request, RequestHandler, Response } from 'express';
import { LINK_DIALOG_PATH, type RouteTable } from '../../contracts/routes.ts';
import type { PortalLocals } from '../../contracts/page-services.ts';
import { redirectWithin } from '../redirect.ts';

/**
 * The project-link check (PROJECT_LINK_CHECK; docs/architecture.md "The data path of a page"): a signed-in customer
 * without any linked project who opens a project page (route table `needsProject`) is sent to the dashboard with the
 * link dialog open. The projects come from the request's page services, so the page and layout reuse this very call
 * (request memo). When the management service does not answer, the page decides (it shows its own notice): nobody is
 * sent away on a guess.
 */
export function projectLinkCheck(options: { enabled: boolean; routes: RouteTable; localsOf: (req: Request, res: Response) => PortalLocals }): RequestHandler {
  return async (req, res, next) => {
    if (!options.enabled || !req.session?.user || !options.routes.needsProject(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    const mine = await options.localsOf(req, res).services.projects.mine();
    if (mine.available && mine.projects.length === 0) {
      redirectWithin(res, LINK_DIALOG_PATH);
      return;
    }
    next();
  };
}
