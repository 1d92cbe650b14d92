import type { Core, UID } from '@strapi/strapi';

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

export const EDITOR_LABELS: Partial<Record<UID.ContentType, Record<string, Label>>> = {
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
    company: { label: 'Firma', description: 'Gilt für alle Sprachen.' },
    phone: { label: 'Telefon', description: 'So, wie Kund:innen sie wählen, z. B. 0341 123456-0; gilt für alle Sprachen.' },
    email: { label: 'E-Mail-Adresse', description: 'Gilt für alle Sprachen.' },
    hours: { label: 'Erreichbarkeit', description: 'Zum Beispiel „Montag bis Freitag 8–18 Uhr“; eine Zeile je Angabe. Je Sprache.' },
    street: { label: 'Straße und Hausnummer', description: 'Gilt für alle Sprachen.' },
    postalCode: { label: 'Postleitzahl', description: 'Gilt für alle Sprachen.' },
    city: { label: 'Ort', description: 'Gilt für alle Sprachen.' },
  },
  'api::lead-content.lead-content': {
    topic: { label: 'Thema', description: 'Für welches Interesse (Produkt) der Inhalt im Anfrage-Formular erscheint.' },
    title: { label: 'Titel' },
    text: { label: 'Text' },
    media: { label: 'Bild oder Video' },
  },
};

type Metadata = { edit?: Record<string, unknown>; list?: Record<string, unknown> };

export async function ensureEditorLabels(strapi: Core.Strapi): Promise<void> {
  const contentTypes = strapi.plugin('content-manager').service('content-types');
  let changed = 0;
  for (const [uid, labels] of Object.entries(EDITOR_LABELS) as [UID.ContentType, Record<string, Label>][]) {
    const model = strapi.contentTypes[uid];
    if (!model) continue;
    const configuration = (await contentTypes.findConfiguration(model)) as { metadatas?: Record<string, Metadata> };
    const metadatas: Record<string, Metadata> = {};
    for (const [field, current] of Object.entries(configuration.metadatas ?? {})) {
      const wanted = labels[field] ?? COMMON[field];
      if (!wanted) continue;
      const edit = current.edit && Object.keys(current.edit).length > 0 ? { ...current.edit, label: wanted.label, description: wanted.description ?? '' } : current.edit;
      const list = current.list ? { ...current.list, label: wanted.label } : current.list;
      if (JSON.stringify(edit) !== JSON.stringify(current.edit) || JSON.stringify(list) !== JSON.stringify(current.list)) {
        metadatas[field] = { ...current, ...(edit ? { edit } : {}), ...(list ? { list } : {}) };
      }
    }
    if (Object.keys(metadatas).length === 0) continue;
    await contentTypes.updateConfiguration(model, { metadatas: { ...configuration.metadatas, ...metadatas } });
    changed += Object.keys(metadatas).length;
  }
  if (changed > 0) strapi.log.info(`Content manager: German labels set for ${changed} field(s).`);
}
