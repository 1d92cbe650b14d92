import type { MyJourney } from '~/bff/contracts/journey.ts';
import type { EnvelopeView } from '~/bff/contracts/signing.ts';
import { loadPage, markUnavailable, type Loaded } from '~/site/lib/page.server.ts';
import { signingReturnOf } from './steps.ts';

type PageArgs = Parameters<typeof loadPage>[0];

/**
 * A step page's data: after the e-signature provider sent the customer back, the envelope is settled with the
 * provider first (so the journey shown already includes the signature), then the session's project with its journey.
 */
export async function loadStep(page: PageArgs): Promise<Loaded<{ mine: MyJourney; signing: EnvelopeView | null }> | Response> {
  return loadPage(page, async (services) => {
    const back = signingReturnOf(page.url, undefined);
    const signing = back ? await services.journey.signingReturn(back.projectId, back.envelopeId) : null;
    return { mine: unavailableWithout(page, await services.journey.mine()), signing };
  });
}

/**
 * The journey is a journey page's main content: without it (the management service down) the page says so in its
 * notice and answers 503 like every page whose main vendor is down (docs/architecture.md "A vendor down").
 */
function unavailableWithout(page: PageArgs, mine: MyJourney): MyJourney {
  if (!mine.available) markUnavailable(page.response, 'management');
  return mine;
}

/**
 * The project page and the MaStR page: the session's project with its journey. The form page only looks for the next
 * action and shows the dashboard otherwise (`asMainContent: false`): the dashboard decides its own status.
 */
export function loadJourney(page: PageArgs, { asMainContent = true } = {}): Promise<Loaded<MyJourney> | Response> {
  return loadPage(page, async (services) => {
    const mine = await services.journey.mine();
    return asMainContent ? unavailableWithout(page, mine) : mine;
  });
}
