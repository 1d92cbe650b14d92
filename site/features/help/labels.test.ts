import { describe, expect, it } from 'vitest';
import { getT } from '~/site/i18n/index.ts';
import { articleTopicLabel, calendarDate, fileTypeLabel, formatDate, formatSizeKb } from './labels.ts';

const t = getT('de');

describe('labels of help content', () => {
  it('names article topics in German, "Allgemein" for general ones', () => {
    expect(articleTopicLabel(t, 'SOLAR')).toBe('Photovoltaik');
    expect(articleTopicLabel(t, 'GENERAL')).toBe('Allgemein');
  });

  it('names file types: PDF, Video, else the extension', () => {
    expect(fileTypeLabel(t, { mime: 'application/pdf', name: 'a.pdf' })).toBe('PDF');
    expect(fileTypeLabel(t, { mime: 'video/mp4', name: 'a.mp4' })).toBe('Video');
    expect(fileTypeLabel(t, { mime: 'application/zip', name: 'a.zip' })).toBe('ZIP');
    expect(fileTypeLabel(t, { mime: 'application/octet-stream', name: 'ohne-endung' })).toBe('Datei');
  });

  it('gives sizes in whole KB with German digit grouping', () => {
    expect(formatSizeKb(1234.56, 'de')).toBe('1.235 KB');
    expect(formatSizeKb(0.2, 'de')).toBe('1 KB');
    expect(formatSizeKb(1234.56, 'en')).toBe('1,235 KB');
  });

  it('reads CMS dates and timestamps as Berlin calendar days, and formats them in German', () => {
    const date = calendarDate('2025-05-01');
    expect(date && formatDate(date, 'de')).toBe('1. Mai 2025');
    const midnightInBerlin = calendarDate('2025-04-30T22:00:00.000Z');
    expect(midnightInBerlin && formatDate(midnightInBerlin, 'de')).toBe('1. Mai 2025');
    expect(calendarDate(null)).toBeNull();
    expect(calendarDate('2025-02-30')).toBeNull();
    expect(calendarDate('irgendwann')).toBeNull();
  });
});
