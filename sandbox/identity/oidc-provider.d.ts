// oidc-provider 9 ships no type definitions and @types/oidc-provider is not installed; this declares only the
// surface the sandbox uses (checked against node_modules/oidc-provider/lib).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type UnknownObject = Record<string, unknown>;

  export interface AccountClaims extends UnknownObject {
    sub: string;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: UnknownObject, rejected: string[]): AccountClaims | Promise<AccountClaims>;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    backchannelLogoutUri?: string;
    /** Posts a signed logout token (OpenID Connect Back-Channel Logout 1.0) to the client's backchannel_logout_uri. */
    backchannelLogout(sub: string, sid: string | undefined): Promise<void>;
  }

  export interface Session {
    accountId?: string;
    /** The session's id (its cookie's value). */
    jti?: string;
    grantIdFor(clientId: string): string | undefined;
    /** Whether the last sign-in lies more than `seconds` ago. */
    past(seconds: number): boolean;
    destroy(): Promise<void>;
  }

  export interface InteractionResults {
    login?: { accountId: string; acr?: string; amr?: string[]; remember?: boolean; ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    exp: number;
    params: UnknownObject;
    prompt: { name: string; reasons: string[]; details: UnknownObject };
    session?: { accountId?: string; uid: string; cookie?: string };
    grantId?: string;
    lastSubmission?: InteractionResults;
  }

  export interface OIDCContext {
    params: UnknownObject;
    client?: Client;
    session: Session;
    result?: InteractionResults;
    entities: UnknownObject;
    provider: Provider;
    route: string | undefined;
    /** The prompt values the authorization request asked for. */
    readonly prompts: Set<string>;
    readonly requestParamOIDCScopes: Set<string>;
    readonly requestParamClaims: Set<string>;
  }

  /** The Koa context oidc-provider hands to configuration callbacks. */
  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    type: string;
    body: unknown;
    status: number;
    host: string;
    href: string;
    method: string;
    path: string;
    set(field: string, value: string): void;
    get(field: string): string;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
    [key: string]: unknown;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    readonly jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    getOIDCScope(): string;
    save(ttl?: number): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
    destroy(): Promise<void>;
  }

  /** An access token of the client-credentials grant (opaque; found by its value). */
  export interface ClientCredentials {
    clientId: string;
    scope?: string;
    /** Seconds since the epoch. */
    exp: number;
    isExpired: boolean;
  }

  export type FindAccount = (ctx: KoaContextWithOIDC, sub: string, token?: unknown) => Promise<Account | undefined>;

  export interface ClientMetadata extends UnknownObject {
    client_id: string;
    client_secret?: string;
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    backchannel_logout_uri?: string;
    backchannel_logout_session_required?: boolean;
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    client_name?: string;
  }

  export interface Configuration {
    clients?: ClientMetadata[];
    findAccount?: FindAccount;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => void | Promise<void>;
    interactions?: { policy?: interactionPolicy.Prompt[]; url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string> };
    [key: string]: unknown;
  }

  /** The interaction policy: prompts (login, consent, ...) and the checks that decide when each is shown. */
  export namespace interactionPolicy {
    type CheckResult = boolean | Promise<boolean>;
    class Check {
      constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => CheckResult);
      static readonly REQUEST_PROMPT: true;
      static readonly NO_NEED_TO_PROMPT: false;
      readonly reason: string;
    }
    class Prompt {
      constructor(options: { name: string; requestable: boolean }, details?: (ctx: KoaContextWithOIDC) => UnknownObject, ...checks: Check[]);
      constructor(options: { name: string; requestable: boolean }, ...checks: Check[]);
      readonly name: string;
      readonly checks: Check[] & { add(check: Check, index?: number): void };
    }
    function base(): Prompt[] & { add(prompt: Prompt, index?: number): void; get(name: string): Prompt | undefined };
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    /** Koa's: trust X-Forwarded-Proto and -Host (the provider is a Koa app). */
    proxy: boolean;
    readonly issuer: string;
    Grant: typeof Grant;
    Client: { find(id: string): Promise<Client | undefined> };
    Session: { find(id: string): Promise<Session | undefined> };
    ClientCredentials: { find(value: string): Promise<ClientCredentials | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: never[]) => void): this;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      error: string;
      error_description?: string;
      status: number;
      statusCode: number;
      expose: boolean;
    }
    class SessionNotFound extends OIDCProviderError {}
    class AccessDenied extends OIDCProviderError {}
    class InvalidRequest extends OIDCProviderError {}
  }

  export default Provider;
}
