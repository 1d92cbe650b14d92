import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language, SessionUser } from '../../contracts/auth.ts';
import {
  BUILDING_TYPES,
  EXISTING_COMPONENT_HANDLING,
  LOCATIONS_IN_BUILDING,
  METER_CHANGE_LIMITS,
  METER_KINDS,
  METER_PHOTO_PAGE,
  MeterChangeErrors,
  type MeterChangeCreated,
  type MeterChangeRequestInput,
  type MeterChangeServices,
  type MeterChangeView,
  type MeterPhotoLinkView,
} from '../../contracts/meter-change.ts';
import { UploadErrors } from '../../contracts/uploads.ts';
import type { OutgoingFile } from '../../ports/document-service.ts';
import type { Mailer } from '../../ports/mailer.ts';
import { ManagementConflict, type ManagedJourney, type ManagementFiles } from '../../ports/management-service.ts';
import { AppError } from '../errors.ts';
import { renderCustomerMail } from '../mail/mail-layout.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { MeterChangeRepository } from '../repositories/files.ts';
import type { RequestContext } from '../request-context.ts';

export interface MeterChangeDeps {
  projects: ProjectAccess;
  files: ManagementFiles;
  journey: (projectId: number) => Promise<ManagedJourney | null>;
  repository: MeterChangeRepository;
  mailer: Mailer;
  mailLog: MailLogRepository;
  /** The customer's language: the confirmation mail is written in it. */
  languageOf: (userId: string) => Promise<Language>;
  /** Key material for the capability's HMACs (derived from the session secret). */
  secret: string;
  uploadEnabled: boolean;
  publicUrl: string;
  installerName: string;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
}

/** The enumerations' words for the confirmation mail, in both languages (the site has its own). */
const WORDS = {
  de: {
    buildingType: { RESIDENTIAL_HOUSE: 'Wohnhaus', COMMERCIAL_HALL: 'Gewerbehalle', STORAGE_HALL: 'Lagerhalle', CARPORT: 'Carport', OTHER: 'Sonstiges' },
    meterKind: { ELECTRICITY: 'Strom', HEATING: 'Heizstrom (Wärmepumpe, Nachtspeicher)', OTHER: 'Sonstiger Zähler' },
    existingComponent: { STAYS: 'bleibt', WILL_BE_REMOVED: 'wird ausgebaut', WILL_BE_REPLACED: 'wird ersetzt', STAYS_CASCADE: 'bleibt in Kaskade' },
    location: { ATTIC: 'Dachboden', GROUND_FLOOR: 'Erdgeschoss', BASEMENT: 'Keller', OTHER: 'anderswo' },
  },
  en: {
    buildingType: { RESIDENTIAL_HOUSE: 'residential house', COMMERCIAL_HALL: 'commercial hall', STORAGE_HALL: 'storage hall', CARPORT: 'carport', OTHER: 'other' },
    meterKind: { ELECTRICITY: 'electricity', HEATING: 'heating electricity (heat pump, storage heater)', OTHER: 'other meter' },
    existingComponent: { STAYS: 'stays', WILL_BE_REMOVED: 'is removed', WILL_BE_REPLACED: 'is replaced', STAYS_CASCADE: 'stays in cascade' },
    location: { ATTIC: 'attic', GROUND_FLOOR: 'ground floor', BASEMENT: 'basement', OTHER: 'elsewhere' },
  },
} as const;

const meterIsSet = (journey: ManagedJourney | null) =>
  journey?.gridOperator.status === 'METER_SET' || Boolean(journey?.gridOperator.meterSetAt) || journey?.steps.find((s) => s.step === 'ASSEMBLY_CONCLUSION')?.status === 'DONE';

/**
 * The meter change request (docs/files.md "Meter change request"): sent to the management service once per
 * project; the photo of the meter cabinet goes there too, through a single-use capability (a random token and a
 * six-digit code, both kept only as HMACs, valid 24 hours, five wrong codes and it is dead) that the form uses at once
 * and the confirmation mail carries as a link for a phone.
 */
export function createMeterChangeService(deps: MeterChangeDeps) {
  const now = deps.now ?? (() => new Date());
  const key = createHmac('sha256', deps.secret).update('kundenportal/meter-photo-capability').digest();
  const mac = (value: string) => createHmac('sha256', key).update(value).digest('hex');
  const sameMac = (stored: string, value: string) => {
    const a = Buffer.from(stored, 'hex');
    const b = Buffer.from(mac(value), 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  };

  async function issueCapability(requestId: number) {
    const token = randomBytes(32).toString('base64url');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now().getTime() + METER_CHANGE_LIMITS.uploadValidHours * 3600_000);
    await deps.repository.addCapability({ meterChangeRequestId: requestId, tokenHash: mac(`token:${token}`), codeHash: mac(`code:${token}:${code}`), expiresAt });
    return { token, code, expiresAt: expiresAt.toISOString() };
  }

  function photoLink(token: string, code: string) {
    const url = new URL(METER_PHOTO_PAGE, deps.publicUrl);
    url.searchParams.set('token', token);
    url.searchParams.set('code', code);
    return url.href;
  }

  async function mailConfirmation(user: SessionUser, input: MeterChangeRequestInput, requestId: string, upload: { token: string; code: string } | null) {
    const lang = await deps.languageOf(user.id);
    const words = WORDS[lang];
    const facts = {
      building: words.buildingType[BUILDING_TYPES[input.buildingType as keyof typeof BUILDING_TYPES]],
      meter: words.meterKind[METER_KINDS[input.meterKind as keyof typeof METER_KINDS]],
      existing: words.existingComponent[EXISTING_COMPONENT_HANDLING[input.existingComponent as keyof typeof EXISTING_COMPONENT_HANDLING]],
      location: words.location[LOCATIONS_IN_BUILDING[input.locationInBuilding as keyof typeof LOCATIONS_IN_BUILDING]],
      address: `${input.street} ${input.houseNumber}, ${input.zip} ${input.city}`,
    };
    const hours = METER_CHANGE_LIMITS.uploadValidHours;
    const texts = {
      de: {
        subject: `Dein Antrag auf Zählerwechsel ist angekommen (${requestId})`,
        heading: 'Antrag auf Zählerwechsel erhalten',
        thanks: `danke! Wir haben Deine Angaben für den Zählerwechsel an Projekt ${input.projectId} erhalten (Vorgang ${requestId}) und reichen sie beim Netzbetreiber ein.`,
        yours: 'Deine Angaben',
        items: [`Gebäude: ${facts.building}`, `Zähler: ${facts.meter}, Nummer ${input.meterNumber}`, `Vorhandener Zähler: ${facts.existing}`, `Zählerschrank: ${facts.location}`, `Adresse: ${facts.address}`],
        photo: upload
          ? `Fehlt noch das Foto Deines Zählerschranks? Öffne den Link auf Deinem Handy und fotografiere den Schrank direkt. Der Link gilt ${hours} Stunden und nur für ein Foto; Du musst Dich dafür nicht anmelden.`
          : 'Das Foto Deines Zählerschranks kannst Du uns als Antwort auf diese E-Mail oder über „Nachrichten“ im Kundenportal schicken.',
        button: 'Foto mit dem Handy hochladen',
        footer: 'Du bekommst diese E-Mail, weil Du im Kundenportal einen Antrag auf Zählerwechsel gestellt hast. Leite sie nicht weiter: Der Link erlaubt das Hochladen eines Fotos zu Deinem Antrag.',
      },
      en: {
        subject: `Your meter change request has arrived (${requestId})`,
        heading: 'Meter change request received',
        thanks: `Thank you! We have received your details for the meter change at project ${input.projectId} (case ${requestId}) and submit them to the grid operator.`,
        yours: 'Your details',
        items: [`Building: ${facts.building}`, `Meter: ${facts.meter}, number ${input.meterNumber}`, `Existing meter: ${facts.existing}`, `Meter cabinet: ${facts.location}`, `Address: ${facts.address}`],
        photo: upload
          ? `Still missing the photo of your meter cabinet? Open the link on your phone and photograph the cabinet directly. The link is valid for ${hours} hours and for one photo only; you do not need to sign in for it.`
          : 'You can send us the photo of your meter cabinet as a reply to this e-mail or under “Messages” in the customer portal.',
        button: 'Upload the photo with your phone',
        footer: 'You are receiving this e-mail because you asked for a meter change in the customer portal. Do not forward it: the link allows uploading a photo to your request.',
      },
    }[lang];
    const mail = renderCustomerMail({
      lang,
      texts,
      name: user.firstName,
      blocks: [texts.thanks, { title: texts.yours, items: texts.items }, texts.photo],
      href: upload ? photoLink(upload.token, upload.code) : undefined,
      installerName: deps.installerName,
    });
    try {
      await deps.mailer.send({ to: [user.email], ...mail });
      await deps.mailLog.record({ activityLogId: null, sender: deps.mailer.from, receiver: user.email, subject: mail.subject, html: mail.html.replaceAll(/code=\d{6}/g, 'code=******'), text: mail.text.replaceAll(/code=\d{6}/g, 'code=******') });
    } catch (error) {
      // The request is filed; the form shows the upload at once, so a lost mail costs only the phone link.
      deps.warn('meter change confirmation mail failed', { requestId, error });
    }
  }

  async function checkedCapability(token: string, code: string | null) {
    const capability = await deps.repository.capability(mac(`token:${token}`));
    if (!capability) throw new AppError(MeterChangeErrors.LINK_INVALID);
    if (capability.usedAt) throw new AppError(MeterChangeErrors.LINK_USED);
    if (capability.expiresAt.getTime() <= now().getTime()) throw new AppError(MeterChangeErrors.LINK_EXPIRED);
    if (capability.failedAttempts >= METER_CHANGE_LIMITS.maxCodeAttempts) throw new AppError(MeterChangeErrors.TOO_MANY_ATTEMPTS);
    if (code !== null && !sameMac(capability.codeHash, `code:${token}:${code}`)) {
      const failures = await deps.repository.recordFailure(capability.id);
      throw new AppError(failures >= METER_CHANGE_LIMITS.maxCodeAttempts ? MeterChangeErrors.TOO_MANY_ATTEMPTS : MeterChangeErrors.LINK_INVALID);
    }
    return capability;
  }

  /** Whether the token of a mailed link still works (the code is checked only with the upload). */
async function linkState(token: string): Promise<MeterPhotoLinkView> {
    if (!deps.uploadEnabled) return { state: 'DISABLED' };
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return { state: 'INVALID' };
    try {
      const capability = await checkedCapability(token, null);
      return { state: 'VALID', expiresAt: capability.expiresAt.toISOString() };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === MeterChangeErrors.LINK_USED.code) return { state: 'USED' };
      if (error.code === MeterChangeErrors.LINK_EXPIRED.code) return { state: 'EXPIRED' };
      return { state: 'INVALID' };
    }
  }

  return {
    /** `POST /meter-change-request`: files the request at the management service and opens the photo upload. */
    async create(user: SessionUser, input: MeterChangeRequestInput): Promise<MeterChangeCreated> {
      await deps.projects.ownedProject(user.id, input.projectId);
      if (meterIsSet(await deps.journey(input.projectId))) throw new AppError(MeterChangeErrors.NOT_NEEDED);
      if (await deps.repository.ofProject(input.projectId)) throw new AppError(MeterChangeErrors.ALREADY_SUBMITTED);
      let managed;
      try {
        managed = await deps.files.createMeterChange(input.projectId, {
          buildingType: input.buildingType,
          meterKind: input.meterKind,
          existingComponent: input.existingComponent,
          locationInBuilding: input.locationInBuilding,
          meterNumber: input.meterNumber,
          address: { street: input.street, houseNumber: input.houseNumber, zip: input.zip, city: input.city },
          ...(input.note ? { note: input.note } : {}),
          submittedBy: { name: `${user.firstName} ${user.lastName}`.trim() || user.email, portalUserId: user.id },
        });
      } catch (error) {
        if (error instanceof ManagementConflict) throw new AppError(MeterChangeErrors.ALREADY_SUBMITTED, { cause: error });
        throw error;
      }
      const stored = await deps.repository.create({ projectId: input.projectId, userId: user.id, managementRequestId: managed.id });
      if (!stored) throw new AppError(MeterChangeErrors.ALREADY_SUBMITTED);
      const upload = deps.uploadEnabled ? await issueCapability(stored.id) : null;
      // The mail gets a capability of its own, so using the form's upload does not use up the phone link's.
      const mailed = deps.uploadEnabled ? await issueCapability(stored.id) : null;
      await mailConfirmation(user, input, managed.id, mailed);
      return { requestId: managed.id, submittedAt: stored.createdAt.toISOString(), upload };
    },

    /**
     * `POST /meter-change-request/file`: the photo with the capability (no session needed). The capability is used up
     * first (only one upload can win) and given back if the management service fails, so the customer can retry.
     */
    async uploadPhoto(token: string, code: string, file: OutgoingFile): Promise<{ filename: string; size: number }> {
      if (!deps.uploadEnabled) throw new AppError(UploadErrors.DISABLED);
      const capability = await checkedCapability(token, code);
      if (!(await deps.repository.use(capability.id))) throw new AppError(MeterChangeErrors.LINK_USED);
      try {
        const request = await deps.repository.byId(capability.meterChangeRequestId);
        if (!request) throw new AppError(MeterChangeErrors.LINK_INVALID);
        const done = await deps.files.uploadMeterPhoto(request.projectId, request.managementRequestId, file);
        if (!done) throw new AppError(MeterChangeErrors.LINK_INVALID);
        await deps.repository.markPhotoReceived(request.id);
      } catch (error) {
        await deps.repository.release(capability.id);
        throw error;
      }
      return { filename: file.filename, size: file.size };
    },

    linkState,

    forRequest(ctx: RequestContext): MeterChangeServices {
      return {
        page: async (): Promise<MeterChangeView | null> => {
          const project = await deps.projects.current(ctx);
          if (!project) return null;
          const [stored, journey] = await Promise.all([deps.repository.ofProject(project.id), deps.journey(project.id)]);
          return {
            projectId: project.id,
            address: project.address,
            submitted: stored ? { requestId: stored.managementRequestId, submittedAt: stored.createdAt.toISOString(), photoReceived: stored.photoReceivedAt !== null } : null,
            meterSet: meterIsSet(journey) ?? false,
            uploadEnabled: deps.uploadEnabled,
          };
        },
        photoLink: (token) => linkState(token),
      };
    },
  };
}

export type MeterChangeService = ReturnType<typeof createMeterChangeService>;
