import { definePages } from '~/bff/contracts/routes.ts';

/** The toy's page (a capability's contract declares its pages: docs/architecture.md "The route table"). */
export const TOY_PAGE = '/home/app/toy';

export const TOY_PAGE_ROUTES = definePages([
  { path: TOY_PAGE, access: 'customer', logVisit: true, nav: { labelKey: 'toy.nav', order: 70, group: 'account' } },
]);
