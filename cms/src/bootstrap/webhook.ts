import type { Core } from '@strapi/strapi';
import { DEVELOPMENT_WEBHOOK_SECRET } from '../../config/lib/secrets';

/**
 * The portal's cache invalidation hook (`POST /api/cms/webhook` on the portal): when CMS_WEBHOOK_URL is set, exactly
 * one enabled webhook named "Kundenportal" posts content and media changes there with
 * `Authorization: Bearer <CMS_WEBHOOK_SECRET>`. Created or corrected on every start (URL, secret, events); further
 * webhooks with the same name are removed. Without CMS_WEBHOOK_URL the stored webhooks are left as they are.
 */
export const PORTAL_WEBHOOK_NAME = 'Kundenportal';

const ENTRY_EVENTS = ['entry.publish', 'entry.unpublish', 'entry.delete', 'entry.update'];
/** Registered by the upload plugin; taken only when the store knows them. */
const MEDIA_EVENTS = ['media.update', 'media.delete'];

type StoredWebhook = { id: string; name: string; url: string; headers: Record<string, string>; events: string[]; isEnabled: boolean };

type WebhookStore = {
  listAllowedEvents(): string[];
  getAllowedEvent(key: string): string | undefined;
  findWebhooks(): Promise<StoredWebhook[]>;
  createWebhook(data: Omit<StoredWebhook, 'id' | 'isEnabled'>): Promise<StoredWebhook>;
  updateWebhook(id: string, data: Omit<StoredWebhook, 'id'>): Promise<StoredWebhook | null>;
  deleteWebhook(id: string): Promise<StoredWebhook | null>;
};

type WebhookRunner = {
  add(webhook: StoredWebhook): void;
  update(webhook: StoredWebhook): void;
  remove(webhook: StoredWebhook): void;
};

const sameList = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

export async function ensurePortalWebhook(strapi: Core.Strapi): Promise<void> {
  const url = process.env.CMS_WEBHOOK_URL?.trim();
  if (!url) return;
  const secret = process.env.CMS_WEBHOOK_SECRET?.trim() || DEVELOPMENT_WEBHOOK_SECRET;

  const store = strapi.get('webhookStore') as WebhookStore;
  // The core providers loaded the stored webhooks into the runner before this bootstrap runs, so every change to the
  // store is mirrored into the runner here (the admin's webhook controller does the same).
  const runner = strapi.get('webhookRunner') as WebhookRunner;
  const allowed = new Set(store.listAllowedEvents().map((key) => store.getAllowedEvent(key)));
  const events = [...ENTRY_EVENTS, ...MEDIA_EVENTS.filter((event) => allowed.has(event))];
  const desired = { name: PORTAL_WEBHOOK_NAME, url, headers: { Authorization: `Bearer ${secret}` }, events };

  const [current, ...duplicates] = (await store.findWebhooks()).filter((w) => w.name === PORTAL_WEBHOOK_NAME);
  for (const duplicate of duplicates) {
    await store.deleteWebhook(duplicate.id);
    runner.remove(duplicate);
  }

  if (!current) {
    const created = await store.createWebhook(desired);
    runner.add(created);
    strapi.log.info(`Webhook ${PORTAL_WEBHOOK_NAME} created (${url}, ${events.join(', ')}).`);
    return;
  }
  const upToDate =
    current.url === url &&
    current.isEnabled === true &&
    sameList(current.events ?? [], events) &&
    JSON.stringify(current.headers ?? {}) === JSON.stringify(desired.headers);
  if (upToDate) return;

  const updated = await store.updateWebhook(current.id, { ...desired, isEnabled: true });
  if (updated) runner.update(updated);
  strapi.log.info(`Webhook ${PORTAL_WEBHOOK_NAME} updated (${url}, ${events.join(', ')}).`);
}
