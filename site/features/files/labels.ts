import type { DocumentCategory, Photo, UpcomingCategory } from '~/bff/contracts/documents.ts';
import type { Translate } from '~/site/i18n/types.ts';

/** The categories in words (keys spelled out so that the locale test sees them in use). */
export function categoryLabel(t: Translate, category: DocumentCategory): string {
  const labels: Record<DocumentCategory, string> = {
    OFFER_DOCUMENT: t('files.categoryOffer'),
    POWER_OF_ATTORNEY_DOCUMENT: t('files.categoryPowerOfAttorney'),
    FINANCING_DOCUMENT: t('files.categoryFinancing'),
    COMMON_DOCUMENT: t('files.categoryCommon'),
    ASSEMBLY_DOCUMENT: t('files.categoryAssembly'),
    PROJECT_REPORT: t('files.categoryProjectReport'),
    CIRCUIT_DIAGRAM: t('files.categoryCircuitDiagram'),
    REGISTRATION_FORM: t('files.categoryRegistrationForm'),
    REGISTRATION: t('files.categoryRegistration'),
    BILL: t('files.categoryBill'),
    WARRANTY_DOCUMENTS: t('files.categoryWarranty'),
    PRODUCT_DOCUMENT: t('files.categoryProductDocument'),
    PRODUCT_DOCUMENTATION: t('files.categoryProductDocumentation'),
    PRODUCT_FLYER: t('files.categoryProductFlyer'),
    INFO_FLYER: t('files.categoryInfoFlyer'),
    USER_DOCUMENT: t('files.categoryUserDocument'),
    OTHER: t('files.categoryOther'),
  };
  return labels[category];
}

/** When a still empty category usually fills. */
export function arrivalLabel(t: Translate, afterStep: UpcomingCategory['afterStep']): string {
  const labels: Record<UpcomingCategory['afterStep'], string> = {
    PLANNING: t('files.arrivesPlanning'),
    POWER_OF_ATTORNEY: t('files.arrivesPowerOfAttorney'),
    DELIVERY: t('files.arrivesDelivery'),
    DC: t('files.arrivesDc'),
    AC: t('files.arrivesAc'),
    ASSEMBLY_CONCLUSION: t('files.arrivesConclusion'),
  };
  return labels[afterStep];
}

/** "PDF-Dokument", "JPEG-Bild": the file's kind in words. */
export function fileKindLabel(t: Translate, contentType: string): string {
  if (contentType === 'application/pdf') return t('files.kindPdf');
  if (contentType.startsWith('image/')) return t('files.kindImage', { format: contentType.slice(6).toUpperCase() });
  return t('files.kindOther');
}

/** The gallery's groups: the step the photos were taken at. */
export function photoStepLabel(t: Translate, step: Photo['step']): string {
  const labels: Record<Photo['step'], string> = {
    DC: t('files.photosDc'),
    AC: t('files.photosAc'),
    ASSEMBLY_CONCLUSION: t('files.photosConclusion'),
    OTHER: t('files.photosOther'),
  };
  return labels[step];
}
