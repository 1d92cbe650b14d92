import { describe, expect, it } from 'vitest';
import { message } from '~/bff/contracts/message-text.ts';
import { wordMessage } from './message-text.ts';

describe('wordMessage (a text the BFF names, worded by the site)', () => {
  it('words the key in the page language with plain values, not HTML-escaped', () => {
    const text = message('messages.noticeUnreadText', { subject: 'Dach & Speicher' });
    expect(wordMessage('de', text)).toBe('Zu „Dach & Speicher“');
    expect(wordMessage('en', text)).toBe('About “Dach & Speicher”');
    expect(wordMessage('de', message('surveys.noticeText', { projectId: 100240, project: 'Musterweg 1, Köln' }))).toBe(
      'Deine Meinung zu Projekt 100240 (Musterweg 1, Köln): ein paar kurze Fragen, etwa zwei Minuten.',
    );
  });

  it('formats amounts like the site does, what is owed without its sign', () => {
    const owed = message('money.noticeAmountDueText', { amount: { amount: '-1289.90', absolute: true } });
    expect(wordMessage('de', owed)).toBe('Bitte überweise 1.289,90 €; alle Angaben findest Du hier.');
    expect(wordMessage('en', owed)).toBe('Please transfer €1,289.90; all details are here.');
    expect(wordMessage('de', message('money.noticeRefundText', { amount: { amount: '312.46' } }))).toBe('Wir erstatten Dir 312,46 €. Sag uns, auf welches Konto.');
  });

  it('words a nested message (a step inside a sentence) in the same language', () => {
    const text = message('journey.noticeAnswerRequestStepText', { step: message('journey.noticeStepDc') });
    expect(wordMessage('de', text)).toBe('Für den Schritt „DC-Montage“ brauchen wir etwas von Dir.');
    expect(wordMessage('en', text)).toBe('For the step “DC installation” we need something from you.');
  });

  it('formats dates, instants and energies like the site does (the monitoring\'s alerts)', () => {
    const short = message('yield.noticeShortText', { date: { date: '2026-06-18' }, actual: { kwh: 31.2 }, target: { kwh: 62.4 } });
    expect(wordMessage('de', short)).toBe('Am 18. Juni 2026 hat Deine Anlage 31,2\u00a0kWh erzeugt, nach dem Wetter waren etwa 62,4\u00a0kWh zu erwarten. Wir haben einen Servicefall eröffnet.');
    expect(wordMessage('en', short)).toContain('On 18 June 2026 your installation produced 31.2\u00a0kWh');
    expect(wordMessage('de', message('yield.noticeStaleText', { since: { dateTime: '2026-11-27T05:15:00.000Z' } }))).toContain('Seit 27.11.2026, 06:15\u00a0Uhr kommen keine Daten');
  });

  it("quotes the installer's own request", () => {
    const text = message('journey.noticeRequestText', { request: 'Bitte schick uns ein Foto vom Dachboden.' });
    expect(wordMessage('de', text)).toBe('„Bitte schick uns ein Foto vom Dachboden.“');
    expect(wordMessage('en', text)).toBe('Our request (in German): “Bitte schick uns ein Foto vom Dachboden.”');
  });

  it('leaves placeholders in a value alone (a subject the customer typed)', () => {
    expect(wordMessage('de', message('messages.noticeUnreadText', { subject: '{{email}} $t(nav.dashboard)' }))).toBe('Zu „{{email}} $t(nav.dashboard)“');
  });
});
