import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { definePages } from './routes.ts';

/**
 * Files (docs/files.md): the customer's documents from three sources (the installer's document
 * service, the management service's shared files, the CMS's product files), the installation's photos, and the
 * documents the installer attached to a task.
 */

/**
 * Document types. The three invoices come from the installer's accounting systems; their value names
 * carry the system's name (sevDesk, Lexware Office, DATEV).
 */
export const DOCUMENT_TYPES = [
  'OTHER',
  'OFFER_SIGNED',
  'SIGNED_REVOCATION_NOTICE',
  'ORDER_CONFIRMATION',
  'PROJECT_REPORT',
  'POWER_OF_ATTORNEY_DOCUMENT',
  'MARKET_REGISTER_AUTHORIZATION',
  'FINANCING_DOCUMENT',
  'PRODUCT_DOCUMENT',
  'LAND_MAPS',
  'CONSULTATION_PROTOCOL',
  'CLIENT_DOCUMENTS',
  'AC',
  'DC',
  'DC_ACCEPTANCE_PROTOCOL',
  'DELIVERY_SLIPS',
  'AC_REPRESENTATIVE',
  'DC_REPRESENTATIVE',
  'REGISTRATION_FORM',
  'WARRANTY_DOCUMENTS',
  'CIRCUIT_DIAGRAM',
  'REGISTRATION_CERTIFICATE_PV',
  'REGISTRATION_K2_STATICS',
  'REGISTRATION',
  'REGISTRATION_CERTIFICATE_STORAGE',
  'INVOICE_SEVDESK',
  'INVOICE_LEXWARE',
  'INVOICE_DATEV',
  'REFUND',
  'USER_DOCUMENT',
  'INFO_FLYER',
  'PRODUCT_FLYER',
  'PRODUCT_DOCUMENTATION',
  'USER_MANUAL',
  'PRIVACY',
  'SEPA_MANDATE',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * Document categories and the types they group (docs/files.md "Documents: one list from three sources"), in the
 * order the page shows them (a category without a list groups the type of its own name).
 */
export const DOCUMENT_CATEGORIES = {
  OFFER_DOCUMENT: ['OFFER_SIGNED', 'SIGNED_REVOCATION_NOTICE', 'ORDER_CONFIRMATION'],
  POWER_OF_ATTORNEY_DOCUMENT: ['MARKET_REGISTER_AUTHORIZATION', 'POWER_OF_ATTORNEY_DOCUMENT'],
  FINANCING_DOCUMENT: ['FINANCING_DOCUMENT'],
  COMMON_DOCUMENT: ['LAND_MAPS', 'CONSULTATION_PROTOCOL', 'CLIENT_DOCUMENTS'],
  ASSEMBLY_DOCUMENT: ['AC', 'DC', 'DC_ACCEPTANCE_PROTOCOL', 'DELIVERY_SLIPS', 'AC_REPRESENTATIVE', 'DC_REPRESENTATIVE'],
  PROJECT_REPORT: ['PROJECT_REPORT'],
  CIRCUIT_DIAGRAM: ['CIRCUIT_DIAGRAM'],
  REGISTRATION_FORM: ['REGISTRATION_FORM'],
  REGISTRATION: ['REGISTRATION_CERTIFICATE_PV', 'REGISTRATION_K2_STATICS', 'REGISTRATION'],
  BILL: ['REGISTRATION_CERTIFICATE_STORAGE', 'INVOICE_SEVDESK', 'INVOICE_LEXWARE', 'INVOICE_DATEV', 'REFUND', 'SEPA_MANDATE'],
  WARRANTY_DOCUMENTS: ['WARRANTY_DOCUMENTS'],
  PRODUCT_DOCUMENT: ['PRODUCT_DOCUMENT'],
  PRODUCT_DOCUMENTATION: ['PRODUCT_DOCUMENTATION'],
  PRODUCT_FLYER: ['PRODUCT_FLYER'],
  INFO_FLYER: ['INFO_FLYER'],
  USER_DOCUMENT: ['USER_DOCUMENT', 'USER_MANUAL'],
  OTHER: ['OTHER', 'PRIVACY'],
} as const satisfies Record<string, readonly DocumentType[]>;
export type DocumentCategory = keyof typeof DOCUMENT_CATEGORIES;
export const DOCUMENT_CATEGORY_NAMES = Object.keys(DOCUMENT_CATEGORIES) as DocumentCategory[];

const CATEGORY_OF = new Map<DocumentType, DocumentCategory>(
  DOCUMENT_CATEGORY_NAMES.flatMap((category) => DOCUMENT_CATEGORIES[category].map((type) => [type, category] as const)),
);

/** The category a document type belongs to (every type belongs to exactly one; documents.test.ts holds that). */
export function categoryOf(type: DocumentType): DocumentCategory {
  return CATEGORY_OF.get(type) ?? 'OTHER';
}

export const isDocumentType = (value: string): value is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(value);
export const isDocumentCategory = (value: string): value is DocumentCategory => (DOCUMENT_CATEGORY_NAMES as readonly string[]).includes(value);

/** Where a document comes from; each source has its own DOCUMENT_DOWNLOADED sub-log. */
export type DocumentSource = 'DOCUMENT_SERVICE' | 'MANAGEMENT' | 'CMS';

export interface DocumentItem {
  /** Opaque id of the portal (source prefix + the source's id); downloads go through `href`. */
  id: string;
  title: string;
  filename: string;
  type: DocumentType;
  category: DocumentCategory;
  source: DocumentSource;
  contentType: string;
  size: number;
  /** When the document was issued or published (ISO); null for CMS files, which have no date of their own. */
  createdAt: string | null;
  href: string;
  /** A document the installer attached to a task: the thread it belongs to. */
  task: { id: string; subject: string; href: string } | null;
  /** Signed by the customer in the portal (e-signature). */
  signedInPortal: boolean;
}

export interface DocumentGroup {
  category: DocumentCategory;
  documents: DocumentItem[];
}

/** What arrives later in the project, for the categories that are still empty (the empty states). */
export interface UpcomingCategory {
  category: DocumentCategory;
  /** The step after which documents of this category usually arrive. */
  afterStep: 'PLANNING' | 'POWER_OF_ATTORNEY' | 'DELIVERY' | 'DC' | 'AC' | 'ASSEMBLY_CONCLUSION';
}

export interface DocumentsView {
  projectId: number;
  /** The categories asked for (empty: all). */
  filter: DocumentCategory[];
  /** Newest first inside each group; groups in the order of DOCUMENT_CATEGORIES; only groups with documents. */
  groups: DocumentGroup[];
  /** Every category with its number of documents (before filtering), for the filter links. */
  counts: Partial<Record<DocumentCategory, number>>;
  total: number;
  upcoming: UpcomingCategory[];
  /** A source that could not be read right now (the rest is shown). */
  unavailable: DocumentSource[];
}

/** An installation photo (the installer's document service). */
export interface Photo {
  id: string;
  /** German description for the alt text (the installer's caption). */
  caption: string;
  subject: 'ROOF' | 'MODULES' | 'INVERTER' | 'STORAGE' | 'METER_CABINET' | 'WALLBOX' | 'OTHER';
  step: 'DC' | 'AC' | 'ASSEMBLY_CONCLUSION' | 'OTHER';
  takenAt: string;
  width: number;
  height: number;
  thumbnailHref: string;
  fullHref: string;
}

export interface PhotoGroup {
  step: Photo['step'];
  photos: Photo[];
}

export interface GalleryView {
  projectId: number;
  groups: PhotoGroup[];
  total: number;
  /** The installation is done (DC and AC): no photos "at the assembly" to wait for any more. */
  assemblyDone: boolean;
}

export const DocumentsQuerySchema = z.object({
  categoryFilter: z.optional(z.array(z.string().check(z.maxLength(40)))),
});

export const DOCUMENTS_PATHS = {
  /** Internal base: `GET /documents?categoryFilter=` (repeatable). */
  list: 'documents',
  download: 'documents/:documentId/download',
  photos: 'project/:id/photos',
  photo: 'project/:id/photos/:photoId/:size',
  taskDocuments: 'project/:projectId/task-document/:taskId',
} as const;

export const documentHref = (id: string) => `/api/v1/internal/documents/${encodeURIComponent(id)}/download`;
export const photoHref = (projectId: number, photoId: string, size: 'thumbnail' | 'full') =>
  `/api/v1/internal/project/${projectId}/photos/${encodeURIComponent(photoId)}/${size}`;
/** The pages of the files area. */
export const FILES_PAGES = {
  hub: '/home/app/files',
  documents: '/home/app/files/documents',
  gallery: '/home/app/files/gallery',
} as const;
/** One menu entry for the files area; its own tabs lead to documents, photos, instructions and knowledge. */
export const FILES_PAGE_ROUTES = definePages([
  { path: FILES_PAGES.hub, access: 'customer', nav: { labelKey: 'nav.files', order: 30 } },
  { path: FILES_PAGES.documents, access: 'customer', logVisit: true, needsProject: true },
  { path: FILES_PAGES.gallery, access: 'customer', logVisit: true, needsProject: true },
  { path: `${FILES_PAGES.gallery}/[id]`, access: 'customer', needsProject: true, sample: `${FILES_PAGES.gallery}/demo-100240-roof` },
]);
export const galleryPhotoPath = (photoId: string) => `${FILES_PAGES.gallery}/${encodeURIComponent(photoId)}`;

/** The categories named in a query (`categoryFilter=BILL&categoryFilter=OFFER_DOCUMENT`), unknown names left out. */
export function parseCategoryFilter(value: unknown): DocumentCategory[] {
  const values = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return [...new Set(values.filter((v): v is string => typeof v === 'string').flatMap((v) => v.split(',')).filter(isDocumentCategory))];
}

export const DocumentsErrors = defineErrors({
  PHOTO_UNREADABLE: { code: 'DOCUMENTS.PHOTO_UNREADABLE', status: 502, message: 'Dieses Foto können wir gerade nicht anzeigen.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    documents: typeof DocumentsErrors;
  }
}

/** What the files pages call in-process (site/features/files). */
export interface DocumentsServices {
  /** The session project's documents, grouped; null without a project. */
  list(filter: DocumentCategory[]): Promise<DocumentsView | null>;
  /** The session project's photos, grouped by step; null without a project. */
  gallery(): Promise<GalleryView | null>;
  /** Documents the installer attached to a task of the customer's projects (the thread page). */
  ofTask(projectId: number, taskId: string): Promise<DocumentItem[]>;
}
