// Islands that mind their size import from the module they need: session.ts brings classic zod (SessionUserSchema).
export {
  appApi,
  createApiClient,
  internalApi,
  type ApiClient,
  type ClientOverrides,
  type GetOptions,
  type RequestOptions,
  type SearchParams,
} from './client.ts';
export { ApiError, FetchError, ParsingError, RequestError, TimeoutError } from './errors.ts';
export { getSession } from './session.ts';
