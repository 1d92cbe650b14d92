import type { Core, UID } from '@strapi/strapi';
import type { ContentTypeUid } from '../content-types';

/**
 * German labels and help texts for every field editors see in the content manager, as code, so a fresh install has
 * them. Strapi keeps them in the content manager's stored configuration (core store key
 * `plugin_content_manager_configuration_content_types::<uid>`, `metadatas.<field>.edit.label/description` and
 * `metadatas.<field>.list.label`). The content-manager plugin's own bootstrap (`syncConfigurations`) creates that
 * configuration with the field names as labels and afterwards keeps whatever is stored; this step runs after it, on
 * every start, and writes only labels and descriptions: layouts, sorting and other settings editors chose stay.
 */
type Label = { label: string; description?: string };

const SORT_ORDER: Label = { label: 'Reihenfolge', description: 'Kleinere Zahlen stehen weiter oben (z. B. 10, 20, 30); gilt für alle Sprachen.' };
const SLUG: Label = {
  label: 'Kurzname in der Adresse (Slug)',
  description: 'Nur Kleinbuchstaben, Ziffern und Bindestriche; wird aus dem Titel erzeugt. Ändern bricht bestehende Links.',
};
const PRODUCT_LINE: Label = { label: 'Produktlinie', description: 'Zu welchem Produkt der Eintrag gehört; gilt für alle Sprachen.' };
const COMMON: Record<string, Label> = {
  id: { label: 'ID' },
  documentId: { label: 'Dokument-ID' },
  createdAt: { label: 'Erstellt am' },
  updatedAt: { label: 'Geändert am' },
  publishedAt: { label: 'Veröffentlicht am' },
  createdBy: { label: 'Erstellt von' },
  updatedBy: { label: 'Geändert von' },
  locale: { label: 'Sprache' },
  localizations: { label: 'Übersetzungen' },
};

/** Every type of the table (src/content-types.ts) has its labels; the compiler checks. */
export const EDITOR_LABELS: Record<ContentTypeUid, Record<string, Label>> = {
  'api::faq.faq': {
    question: { label: 'Frage', description: 'So, wie Kund:innen sie stellen würden; erscheint als Überschrift auf der Hilfe-Seite.' },
    slug: SLUG,
    answer: { label: 'Antwort', description: 'Kurz und konkret; Links ins Portal beginnen mit /home/app/…' },
    category: { label: 'Kategorie', description: 'Ohne Kategorie erscheint die Frage nicht auf der Hilfe-Seite.' },
    sortOrder: SORT_ORDER,
  },
  'api::faq-category.faq-category': {
    name: { label: 'Name', description: 'Überschrift, unter der die Fragen auf der Hilfe-Seite stehen.' },
    slug: SLUG,
    sortOrder: SORT_ORDER,
    faqs: { label: 'Fragen' },
  },
  'api::article.article': {
    title: { label: 'Titel' },
    slug: SLUG,
    teaser: { label: 'Anreißer', description: 'Ein bis zwei Sätze für die Übersicht unter „Wissen“.' },
    body: { label: 'Text' },
    productLine: { label: 'Thema', description: 'Produktlinie oder „Allgemein“; gilt für alle Sprachen.' },
    cover: { label: 'Titelbild', description: 'Querformat; der Alternativtext beschreibt das Bild für Screenreader. Gilt für alle Sprachen.' },
  },
  'api::instruction.instruction': {
    title: { label: 'Titel' },
    slug: SLUG,
    productLine: PRODUCT_LINE,
    body: { label: 'Text' },
    file: { label: 'Datei zum Herunterladen', description: 'Zum Beispiel die Anleitung des Herstellers als PDF; gilt für alle Sprachen.' },
  },
  'api::privacy-policy.privacy-policy': {
    title: { label: 'Titel' },
    body: { label: 'Text' },
    validFrom: { label: 'Gültig ab', description: 'Wird über dem Text angezeigt; gilt für alle Sprachen.' },
  },
  'api::support-question.support-question': {
    title: { label: 'Thema', description: 'Wird Kund:innen beim Schreiben einer Nachricht zur Auswahl angeboten.' },
    sortOrder: SORT_ORDER,
  },
  'api::contact.contact': {
    phone: { label: 'Telefon', description: 'So, wie Kund:innen sie wählen, z. B. 0341 123456-0; gilt für alle Sprachen.' },
    email: { label: 'E-Mail-Adresse', description: 'Gilt für alle Sprachen.' },
    hours: { label: 'Erreichbarkeit', description: 'Zum Beispiel „Montag bis Freitag 8–18 Uhr“; eine Zeile je Angabe. Je Sprache.' },
  },
  'api::survey-definition.survey-definition': {
    surveyName: {
      label: 'Umfrage',
      description: 'Wofür die Fragen gelten: DC_INSTALLATION nach der Montage auf dem Dach, AC_INSTALLATION nach dem Anschluss. Je Umfrage ein Eintrag; gilt für alle Sprachen.',
    },
    title: { label: 'Überschrift', description: 'Steht über dem Formular im Kundenportal.' },
    intro: { label: 'Einleitung', description: 'Ein, zwei Sätze, worum es geht. Die Frage zur Weiterempfehlung (0–10) stellt das Portal immer selbst.' },
    questions: {
      label: 'Sternefragen',
      description: 'Eine bis zehn Fragen mit je fünf Sternen. Je Sprache gepflegt; die Kennung einer Frage muss in allen Sprachen gleich sein.',
    },
  },
  'api::lead-content.lead-content': {
    topic: { label: 'Thema', description: 'Für welches Interesse (Produkt) der Inhalt im Anfrage-Formular erscheint.' },
    title: { label: 'Titel' },
    text: { label: 'Text' },
    media: { label: 'Bild oder Video' },
  },
};

/** Fields of components (content manager configuration `components::<uid>`), e.g. the star question of a survey. */
export const COMPONENT_LABELS: Record<string, Record<string, Label>> = {
  'survey.star-question': {
    questionId: {
      label: 'Kennung',
      description: 'Kleinbuchstaben, Ziffern und Bindestriche, z. B. puenktlichkeit. Antworten werden unter ihr gespeichert: nach dem Veröffentlichen nicht mehr ändern.',
    },
    question: { label: 'Frage', description: 'So, wie Kund:innen sie lesen, mit Fragezeichen.' },
    labelOne: { label: '1 Stern', description: 'Beschriftung der schlechtesten Stufe, z. B. „Sehr unpünktlich“.' },
    labelTwo: { label: '2 Sterne' },
    labelThree: { label: '3 Sterne' },
    labelFour: { label: '4 Sterne' },
    labelFive: { label: '5 Sterne', description: 'Beschriftung der besten Stufe, z. B. „Auf die Minute“.' },
  },
};

type Metadata = { edit?: Record<string, unknown>; list?: Record<string, unknown> };

/** The stored metadata entries whose label or description differ from the wanted ones, with them set. */
function relabel(current: Record<string, Metadata>, labels: Record<string, Label>): Record<string, Metadata> {
  const metadatas: Record<string, Metadata> = {};
  for (const [field, meta] of Object.entries(current)) {
    const wanted = labels[field] ?? COMMON[field];
    if (!wanted) continue;
    const edit = meta.edit && Object.keys(meta.edit).length > 0 ? { ...meta.edit, label: wanted.label, description: wanted.description ?? '' } : meta.edit;
    const list = meta.list ? { ...meta.list, label: wanted.label } : meta.list;
    if (JSON.stringify(edit) !== JSON.stringify(meta.edit) || JSON.stringify(list) !== JSON.stringify(meta.list)) {
      metadatas[field] = { ...meta, ...(edit ? { edit } : {}), ...(list ? { list } : {}) };
    }
  }
  return metadatas;
}

export async function ensureEditorLabels(strapi: Core.Strapi): Promise<void> {
  const contentTypes = strapi.plugin('content-manager').service('content-types');
  let changed = 0;
  for (const [uid, labels] of Object.entries(EDITOR_LABELS) as [UID.ContentType, Record<string, Label>][]) {
    const model = strapi.contentTypes[uid];
    if (!model) continue;
    const configuration = (await contentTypes.findConfiguration(model)) as { metadatas?: Record<string, Metadata> };
    const metadatas = relabel(configuration.metadatas ?? {}, labels);
    if (Object.keys(metadatas).length === 0) continue;
    await contentTypes.updateConfiguration(model, { metadatas: { ...configuration.metadatas, ...metadatas } });
    changed += Object.keys(metadatas).length;
  }
  const components = strapi.plugin('content-manager').service('components');
  for (const [uid, labels] of Object.entries(COMPONENT_LABELS)) {
    const model = (strapi.components as unknown as Record<string, { uid: string } | undefined>)[uid];
    if (!model) continue;
    const configuration = (await components.findConfiguration(model)) as { metadatas?: Record<string, Metadata> };
    const metadatas = relabel(configuration.metadatas ?? {}, labels);
    if (Object.keys(metadatas).length === 0) continue;
    await components.updateConfiguration(model, { metadatas: { ...configuration.metadatas, ...metadatas } });
    changed += Object.keys(metadatas).length;
  }
  if (changed > 0) strapi.log.info(`Content manager: German labels set for ${changed} field(s).`);
}
