import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Language, SessionUser } from '../../contracts/auth.ts';
import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import {
  ExportsErrors,
  TOKEN_CALLS_PER_MINUTE,
  TOKEN_NAME_MAX,
  TOKEN_PREFIX,
  TOKENS_PER_CUSTOMER,
  type Anlagenpass,
  type CreatedExportToken,
  type ExportToken,
  type ExportsPageData,
  type ExportsServices,
} from '../../contracts/exports.ts';
import type { IotCloud, IotSite } from '../../ports/iot-cloud.ts';
import type { ManagedProject, ManagementJourneys } from '../../ports/management-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { ProjectFile } from '../documents/documents.service.ts';
import { fullResolutionCsv } from '../energy-value/export-csv.ts';
import { AppError, notFound } from '../errors.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { ExportTokenRepository, StoredExportToken } from '../repositories/export-tokens.ts';
import type { RateLimiter } from '../repositories/rate-limits.ts';
import type { RequestContext } from '../request-context.ts';
import { anlagenpassPdf, buildAnlagenpass } from './anlagenpass.ts';
import { projectFilesZip } from './files-zip.ts';
import { installationHistory } from './history.ts';

export interface ExportsDeps {
  projects: ProjectAccess;
  iot: IotCloud;
  journeys: ManagementJourneys;
  /** The documents capability's files of a customer's project (ownership checked there). */
  projectFiles: (user: SessionUser, projectId: number) => Promise<{ documents: ProjectFile[]; photos: ProjectFile[]; unavailable: string[] }>;
  tokens: ExportTokenRepository;
  rateLimiter: RateLimiter;
  activity: ActivityService;
  installerName: string;
  now: () => Date;
}

/** A token's secret: `kpx_` and 32 random bytes (base64url); only its SHA-256 is stored. */
const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
const listed = (t: StoredExportToken): ExportToken => ({ id: t.id, name: t.name, createdAt: t.createdAt.toISOString(), lastUsedAt: t.lastUsedAt?.toISOString() ?? null });
const stamp = (now: Date) => now.toISOString().slice(0, 10);

const ZIP_TEXTS = {
  de: {
    readmeName: 'LIESMICH.txt',
    documentsFolder: 'Dokumente',
    photosFolder: 'Fotos',
    readme: ({ documents, photos, missing }: { documents: number; photos: number; missing: string[] }) =>
      [
        'Alle Dokumente und Fotos Deines Projekts aus dem Kundenportal.',
        `Dokumente: ${documents}, Fotos: ${photos}.`,
        ...(missing.length > 0 ? [`Nicht erreichbar beim Erstellen (fehlt hier, bitte später noch einmal laden): ${missing.join(', ')}.`] : []),
        '',
      ].join('\n'),
  },
  en: {
    readmeName: 'README.txt',
    documentsFolder: 'Documents',
    photosFolder: 'Photos',
    readme: ({ documents, photos, missing }: { documents: number; photos: number; missing: string[] }) =>
      [
        'All documents and photos of your project from the customer portal.',
        `Documents: ${documents}, photos: ${photos}.`,
        ...(missing.length > 0 ? [`Not reachable when this was made (missing here, please download again later): ${missing.join(', ')}.`] : []),
        '',
      ].join('\n'),
  },
} satisfies Record<Language, unknown>;

/**
 * Exports (docs/exports.md): the customer's own data of a project as files, for the Export page (session) and the
 * token API (personal read-only token); every answer is for the customer's own projects only, another's answers
 * exactly like an unknown one (404).
 */
export function createExportsService(deps: ExportsDeps) {
  async function siteOf(project: ManagedProject): Promise<IotSite | null> {
    return (await deps.iot.sitesOfProjects([project.id])).find((s) => s.projectId === project.id) ?? null;
  }

  /** The full-resolution history as CSV chunks; the first IoT answer is awaited here, so an outage is a clean 503. */
  async function historyCsv(userId: string, projectId: number): Promise<{ filename: string; chunks: AsyncIterator<string>; first: string }> {
    const project = await deps.projects.ownedProject(userId, projectId);
    const site = await siteOf(project);
    if (!site?.commissionedAt) throw new AppError(ExportsErrors.NO_INSTALLATION);
    const csv = fullResolutionCsv(installationHistory(deps.iot, site, deps.now()), { battery: site.batteryCapacityKwh !== null, wallbox: site.devices.some((d) => d.type === 'WALLBOX') });
    const head = await csv.next();
    return { filename: `verlauf-${project.id}-${stamp(deps.now())}.csv`, chunks: csv, first: head.done ? '' : head.value };
  }

  async function anlagenpass(userId: string, projectId: number): Promise<Anlagenpass> {
    const project = await deps.projects.ownedProject(userId, projectId);
    const unavailable: Anlagenpass['unavailable'] = [];
    const soft = async <T>(name: Anlagenpass['unavailable'][number], load: () => Promise<T>, fallback: T): Promise<T> => {
      try {
        return await load();
      } catch (error) {
        if (!hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE)) throw error;
        unavailable.push(name);
        return fallback;
      }
    };
    const user = { id: userId } as SessionUser;
    const [site, journey, files] = await Promise.all([
      soft('IOT', () => siteOf(project), null),
      soft('JOURNEY', () => deps.journeys.journey(project.id), null),
      soft('DOCUMENTS', () => deps.projectFiles(user, project.id), { documents: [], photos: [], unavailable: ['DOCUMENT_SERVICE'] }),
    ]);
    if (files.unavailable.length > 0 && !unavailable.includes('DOCUMENTS')) unavailable.push('DOCUMENTS');
    const warranties = files.documents.filter((d) => d.category === 'WARRANTY_DOCUMENTS').map((d) => ({ title: d.title, createdAt: d.modifiedAt }));
    return buildAnlagenpass({ project, site, journey, warranties, unavailable, now: deps.now() });
  }

  /** The token of an `Authorization: Bearer` header, its use counted and logged; 401 for any other, 429 past the limit. */
  async function authenticate(authorization: string | undefined, projectId: number | null): Promise<StoredExportToken> {
    const secret = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
    const token = TOKEN_PATTERN.test(secret) ? await deps.tokens.use(hashOf(secret), deps.now()) : null;
    if (!token) throw new AppError(ExportsErrors.TOKEN_INVALID);
    const hit = await deps.rateLimiter.hit(`export-token:${token.id}`, TOKEN_CALLS_PER_MINUTE, 60);
    if (!hit.allowed) throw new AppError(ExportsErrors.RATE_LIMITED, { retryAfterSeconds: hit.retryAfterSeconds });
    await deps.activity.recordForUser({ id: token.userId, email: null }, 'API_TOKEN_USED', projectId === null ? {} : { projectId });
    return token;
  }

  return {
    historyCsv,
    anlagenpass,
    authenticate,

    async anlagenpassPdf(userId: string, projectId: number, lang: Language): Promise<{ filename: string; pdf: Uint8Array }> {
      const pass = await anlagenpass(userId, projectId);
      return { filename: `anlagenpass-${projectId}.pdf`, pdf: await anlagenpassPdf(pass, lang, deps.installerName) };
    },

    /** Every document and photo of the project as a streamed ZIP. */
    async filesZip(user: SessionUser, projectId: number, lang: Language): Promise<{ filename: string; stream: Readable }> {
      const files = await deps.projectFiles(user, projectId);
      const texts = ZIP_TEXTS[lang];
      const missing = files.unavailable.map((source) => (source === 'MANAGEMENT' ? (lang === 'de' ? 'Projektverwaltung' : 'project management') : lang === 'de' ? 'Dokumentenablage' : 'document store'));
      return { filename: `dokumente-fotos-${projectId}-${stamp(deps.now())}.zip`, stream: projectFilesZip({ ...files, missing }, texts) };
    },

    /** The customer's projects, for the token API's index. */
    async projectIds(userId: string): Promise<number[]> {
      return (await deps.projects.projectsOf(userId)).map((p) => p.id);
    },

    tokens: {
      list: async (userId: string): Promise<ExportToken[]> => (await deps.tokens.listForUser(userId)).map(listed),

      /** A new token; its secret is in this answer only. */
      async create(userId: string, rawName: string): Promise<CreatedExportToken> {
        const name = rawName.normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
        if (name === '') throw new AppError(ExportsErrors.TOKEN_NAME_MISSING, { params: { field: 'name' } });
        if ([...name].length > TOKEN_NAME_MAX) throw new AppError(ExportsErrors.TOKEN_NAME_TOO_LONG, { params: { field: 'name' } });
        const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
        const stored = await deps.tokens.create({ id: randomUUID(), userId, name, tokenHash: hashOf(secret) }, TOKENS_PER_CUSTOMER);
        if (!stored) throw new AppError(ExportsErrors.TOO_MANY_TOKENS);
        return { ...listed(stored), secret };
      },

      /** Revokes the customer's token; another's or an unknown one answers 404. */
      async revoke(userId: string, id: string): Promise<void> {
        const uuid = /^[0-9a-f-]{36}$/i.test(id) ? id : null;
        if (!uuid || !(await deps.tokens.revoke(userId, uuid))) throw notFound('Diesen Zugangsschlüssel haben wir nicht gefunden.');
      },
    },

    forRequest: (ctx: RequestContext): ExportsServices => ({
      async page(): Promise<ExportsPageData> {
        if (!ctx.user) return { projects: [], tokens: [], iotAvailable: true };
        const [projects, tokens] = await Promise.all([deps.projects.projectsOf(ctx.user.id, ctx), deps.tokens.listForUser(ctx.user.id)]);
        let sites: IotSite[] = [];
        let iotAvailable = true;
        try {
          sites = await ctx.once(`iot-sites:${projects.map((p) => p.id).join(',')}`, () => deps.iot.sitesOfProjects(projects.map((p) => p.id)), 'iot');
        } catch (error) {
          if (!hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE)) throw error;
          iotAvailable = false;
        }
        return {
          projects: projects.map((p) => ({
            id: p.id,
            label: `${p.address.street} ${p.address.houseNumber}, ${p.address.zip} ${p.address.city}`,
            hasInstallation: sites.some((s) => s.projectId === p.id && s.commissionedAt !== null),
          })),
          tokens: tokens.map(listed),
          iotAvailable,
        };
      },
    }),
  };
}

export type ExportsDomainService = ReturnType<typeof createExportsService>;
