import type { ProductLine, ProjectPhase, ProjectStep, ProjectSummary } from '~/bff/contracts/projects.ts';
import type { Translate } from '~/site/i18n/types.ts';

/** German names of the product lines (the keys are spelled out so that the locale test sees them in use). */
export function productLineLabel(t: Translate, line: ProductLine): string {
  const texts = {
    SOLAR: t('projects.projectProductSolar'),
    STORAGE: t('projects.projectProductStorage'),
    CHARGE: t('projects.projectProductCharge'),
    IQ: t('projects.projectProductIq'),
    OFFGRID: t('projects.projectProductOffgrid'),
    HEAT_PUMP: t('projects.projectProductHeatPump'),
  } satisfies Record<ProductLine, string>;
  return texts[line];
}

export function phaseLabel(t: Translate, phase: ProjectPhase): string {
  const texts = {
    PLANNING: t('projects.projectPhasePlanning'),
    ASSEMBLY: t('projects.projectPhaseAssembly'),
    COMPLETED: t('projects.projectPhaseCompleted'),
  } satisfies Record<ProjectPhase, string>;
  return texts[phase];
}

export function stepLabel(t: Translate, step: ProjectStep): string {
  const texts = {
    OFFER_CONFIRMATION: t('projects.projectStepOfferConfirmation'),
    POWER_OF_ATTORNEY: t('projects.projectStepPowerOfAttorney'),
    POWER_OF_ATTORNEY_MASTR: t('projects.projectStepPowerOfAttorneyMastr'),
    PLANNING_CONCLUSION: t('projects.projectStepPlanningConclusion'),
    DELIVERY: t('projects.projectStepDelivery'),
    DC: t('projects.projectStepDc'),
    AC: t('projects.projectStepAc'),
    ASSEMBLY_CONCLUSION: t('projects.projectStepAssemblyConclusion'),
    IN_OPERATION: t('projects.projectStepInOperation'),
  } satisfies Record<ProjectStep, string>;
  return texts[step];
}

/** "Musterstraße 12" */
export function streetLine(project: ProjectSummary): string {
  const { street, houseNumber } = project.address.contact;
  return `${street} ${houseNumber}`.trim();
}

/** "80331 München" */
export function placeLine(project: ProjectSummary): string {
  const { zip, city } = project.address.contact;
  return `${zip} ${city}`.trim();
}

const sameAddress = (a: ProjectSummary, b: ProjectSummary) =>
  streetLine(a).toLowerCase() === streetLine(b).toLowerCase() && placeLine(a).toLowerCase() === placeLine(b).toLowerCase();

/**
 * How the project switcher and the bell name a project among the customer's others: "Projekt 100234 – Musterstraße
 * 12, München"; where two share an address, what sets them apart comes first, so it stays visible where a phone cuts
 * the line: "Solaranlage, Speicher – Musterstraße 12 (100234)".
 */
export function projectOptionLabel(t: Translate, project: ProjectSummary, others: readonly ProjectSummary[] = []): string {
  const twin = others.some((other) => other.id !== project.id && sameAddress(other, project));
  if (twin && project.productLines.length > 0) {
    return t('projects.projectSwitcherOptionSameAddress', {
      id: project.id,
      products: project.productLines.map((line) => productLineLabel(t, line)).join(', '),
      street: streetLine(project),
    });
  }
  return t('projects.projectSwitcherOption', {
    id: project.id,
    street: streetLine(project),
    city: project.address.contact.city,
  });
}

/** Each project's label among the customer's others, by id; null with a single project (nothing to tell apart). */
export function projectLabelsOf(t: Translate, projects: readonly ProjectSummary[]): ReadonlyMap<number, string> | null {
  return projects.length > 1 ? new Map(projects.map((project) => [project.id, projectOptionLabel(t, project, projects)])) : null;
}
