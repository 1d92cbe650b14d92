import { describe, expect, it, vi } from 'vitest';
import { CONTENT_UNAVAILABLE, FaqSchema } from '../../../bff/contracts/help.ts';
import { loadContent, loadMyProductLines, markUnavailable, recordFaqOpened } from './content.server.ts';

const failure = (code: string) => Object.assign(new Error(code), { code });
const faq = FaqSchema.parse({ slug: 'wie-verknuepfe-ich-mein-projekt', question: 'Wie verknüpfe ich mein Projekt?', answer: [], sortOrder: 1 });

describe('loading help content for a page', () => {
  it('hands the content on', async () => {
    await expect(loadContent(async () => ['faq'])).resolves.toEqual({ available: true, value: ['faq'] });
  });

  it('answers "not available" when the CMS is down and nothing is cached', async () => {
    await expect(loadContent(() => Promise.reject(failure(CONTENT_UNAVAILABLE)))).resolves.toEqual({ available: false });
  });

  it('lets any other failure through to the 500 page', async () => {
    await expect(loadContent(() => Promise.reject(new Error('bug')))).rejects.toThrow('bug');
    await expect(loadContent(() => Promise.reject(failure('UPSTREAM.UNAVAILABLE')))).rejects.toThrow();
  });

  it('marks the page 503 with a Retry-After', () => {
    const response = { status: 200, statusText: 'OK', headers: new Headers() };
    markUnavailable(response);
    expect(response).toMatchObject({ status: 503, statusText: 'Service Unavailable' });
    expect(response.headers.get('Retry-After')).toBe('120');
  });
});

describe('logging an opened question', () => {
  it('passes slug and question on', async () => {
    const faqOpened = vi.fn(async () => {});
    await recordFaqOpened({ faqOpened }, faq);
    expect(faqOpened).toHaveBeenCalledWith({ slug: 'wie-verknuepfe-ich-mein-projekt', question: 'Wie verknüpfe ich mein Projekt?' });
  });

  it('never breaks the page when logging fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(recordFaqOpened({ faqOpened: () => Promise.reject(new Error('db down')) }, faq)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('the customer’s product lines', () => {
  it('are null when they cannot be loaded, logged only when it is not a known outage', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(loadMyProductLines({ myProductLines: async () => ['SOLAR'] })).resolves.toEqual(['SOLAR']);
    await expect(loadMyProductLines({ myProductLines: () => Promise.reject(failure('UPSTREAM.UNAVAILABLE')) })).resolves.toBeNull();
    expect(log).not.toHaveBeenCalled();
    await expect(loadMyProductLines({ myProductLines: () => Promise.reject(new Error('bug')) })).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
