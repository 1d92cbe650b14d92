import type { MyJourney } from '../../../bff/contracts/journey.ts';
import type { EnvelopeView } from '../../../bff/contracts/signing.ts';
import { loadPage, type Loaded } from '../../lib/page.server.ts';
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
    return { mine: await services.journey.mine(), signing };
  });
}

/** The project page, the MaStR page and the dashboard: the session's project with its journey. */
export function loadJourney(page: PageArgs): Promise<Loaded<MyJourney> | Response> {
  return loadPage(page, (services) => services.journey.mine());
}
