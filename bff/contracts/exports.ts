import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { APP_API_BASE, INTERNAL_API_BASE } from './http.ts';
import { definePages } from './routes.ts';

/**
 * Exports (docs/exports.md): the customer's own data of a project in one click — the full-resolution history as CSV,
 * every document and photo as a ZIP, the "Anlagenpass" as JSON and PDF — and personal read-only API tokens that fetch
 * the same CSV and JSON without a session.
 */
export const EXPORTS_PAGE = '/home/app/exports';

export const EXPORTS_PAGE_ROUTES = definePages([
  { path: EXPORTS_PAGE, access: 'customer', needsProject: true, nav: { labelKey: 'exports.nav', order: 63, group: 'account' } },
]);

/** A token's name: what the customer calls the tool that uses it. */
export const TOKEN_NAME_MAX = 60;
/** Live tokens per customer: enough for a few tools, few enough to overlook. */
export const TOKENS_PER_CUSTOMER = 5;
/** Calls per token and minute on the token API (the CSV of years is one call). */
export const TOKEN_CALLS_PER_MINUTE = 30;
/** Tokens are `kpx_` and 43 characters of base64url (32 random bytes): recognisable in a leak scan. */
export const TOKEN_PREFIX = 'kpx_';

/** Downloads on the internal base (session), per project of the customer. */
export const EXPORTS_PATHS = {
  historyCsv: 'exports/projects/:projectId/history.csv',
  filesZip: 'exports/projects/:projectId/files.zip',
  passJson: 'exports/projects/:projectId/anlagenpass.json',
  passPdf: 'exports/projects/:projectId/anlagenpass.pdf',
  tokens: 'exports/tokens',
  revokeToken: 'exports/tokens/:tokenId/revoke',
} as const;

/** The token API on the app base (no session: `Authorization: Bearer kpx_…`), read-only. */
export const EXPORT_API_PATHS = {
  projects: 'export-api/projects',
  historyCsv: 'export-api/projects/:projectId/history.csv',
  passJson: 'export-api/projects/:projectId/anlagenpass.json',
} as const;

const fill = (path: string, projectId: number) => path.replace(':projectId', String(projectId));
export const exportHref = (kind: 'historyCsv' | 'filesZip' | 'passJson' | 'passPdf', projectId: number) => `${INTERNAL_API_BASE}/${fill(EXPORTS_PATHS[kind], projectId)}`;
export const exportApiHref = (kind: keyof typeof EXPORT_API_PATHS, projectId = 0) => `${APP_API_BASE}/${fill(EXPORT_API_PATHS[kind], projectId)}`;

export const TokenCreateSchema = z.object({ name: z.string() });

export const ExportsErrors = defineErrors({
  TOKEN_NAME_MISSING: { code: 'EXPORTS.TOKEN_NAME_MISSING', status: 400, message: 'Bitte gib dem Zugangsschlüssel einen Namen.' },
  TOKEN_NAME_TOO_LONG: { code: 'EXPORTS.TOKEN_NAME_TOO_LONG', status: 400, message: `Der Name darf höchstens ${TOKEN_NAME_MAX} Zeichen lang sein.` },
  /** TOKENS_PER_CUSTOMER live tokens already: one must be revoked first. */
  TOO_MANY_TOKENS: { code: 'EXPORTS.TOO_MANY_TOKENS', status: 409, message: `Du hast schon ${TOKENS_PER_CUSTOMER} Zugangsschlüssel. Widerrufe erst einen, den Du nicht mehr brauchst.` },
  /** No token, an unknown one or a revoked one: the same answer. */
  TOKEN_INVALID: { code: 'EXPORTS.TOKEN_INVALID', status: 401, message: 'Der Zugangsschlüssel fehlt, ist unbekannt oder wurde widerrufen.' },
  /** TOKEN_CALLS_PER_MINUTE used up (`retryAfterSeconds`). */
  RATE_LIMITED: { code: 'EXPORTS.RATE_LIMITED', status: 429, message: 'Zu viele Abrufe mit diesem Zugangsschlüssel. Bitte warte etwas.' },
  /** The project has no installation in the IoT cloud yet: no history to export. */
  NO_INSTALLATION: { code: 'EXPORTS.NO_INSTALLATION', status: 404, message: 'Für dieses Projekt gibt es noch keine Messdaten.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    exports: typeof ExportsErrors;
  }
}

/** A token as the page and the API list it: never its secret. */
export interface ExportToken {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer to creating a token: the secret, shown this once. */
export interface CreatedExportToken extends ExportToken {
  secret: string;
}

/** A fact of the Anlagenpass: its value, or null when nobody knows it yet (the PDF and page say "not known yet"). */
export type Known<T> = T | null;

/** The Anlagenpass of a project (docs/exports.md "Anlagenpass"): what the installer and the IoT cloud know. */
export interface Anlagenpass {
  format: 'kundenportal-anlagenpass/1';
  createdAt: string;
  project: { id: number; customerNumber: string; address: string };
  installation: {
    peakPowerKw: Known<number>;
    batteryCapacityKwh: Known<number>;
    commissionedAt: Known<string>;
  };
  components: { type: string; manufacturer: string; model: string; serialNumber: Known<string>; firmware: Known<string> }[];
  gridOperator: { name: Known<string>; caseNumber: Known<string>; meterSetAt: Known<string> };
  mastr: { operatorNumber: Known<string>; unitNumbers: string[]; registeredAt: Known<string> };
  /** The warranty documents the installer handed over; empty: none known yet. */
  warranties: { title: string; createdAt: Known<string> }[];
  /** Sources that did not answer: their facts are null, not invented. */
  unavailable: ('IOT' | 'JOURNEY' | 'DOCUMENTS')[];
}

/** One project on the Export page. */
export interface ExportProject {
  id: number;
  label: string;
  /** An installation in the IoT cloud: there is a history to export. */
  hasInstallation: boolean;
}

export interface ExportsPageData {
  projects: ExportProject[];
  tokens: ExportToken[];
  /** Whether the IoT cloud answered (else the CSV buttons say so). */
  iotAvailable: boolean;
}

/** The Export page's service (PortalServices.dataExports). */
export interface ExportsServices {
  page(): Promise<ExportsPageData>;
}
