import {
  ConfirmLinkResponseSchema,
  LinkProjectResponseSchema,
  PROJECT_LINK_CONFIRM_PATH,
  PROJECT_LINK_PATH,
  type ConfirmLinkRequest,
  type ConfirmLinkResponse,
  type LinkProjectRequest,
  type LinkProjectResponse,
} from '~/bff/contracts/linking.ts';
import { appApi } from '~/site/lib/api/client.ts';

/** `POST /api/v2/app/project/link`: sends the linking mail(s); answers the map by project id. */
export function requestProjectLink(body: LinkProjectRequest): Promise<LinkProjectResponse> {
  return appApi.post(PROJECT_LINK_PATH, LinkProjectResponseSchema, { json: body });
}

/** `POST /api/v2/app/project/link/confirm` with the code from the mail. */
export function confirmProjectLink(body: ConfirmLinkRequest): Promise<ConfirmLinkResponse> {
  return appApi.post(PROJECT_LINK_CONFIRM_PATH, ConfirmLinkResponseSchema, { json: body });
}
