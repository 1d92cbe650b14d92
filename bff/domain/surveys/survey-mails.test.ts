import { describe, expect, it } from 'vitest';
import { buildInvitationMail } from './survey-mails.ts';

const ctx = { publicUrl: 'https://portal.example', installerName: 'Beispiel Solar GmbH', projectId: 100240, surveyPath: '/home/app/surveys/1' };

describe('survey invitation mail', () => {
  it('reads as correct German for both survey types, first mail and reminder', () => {
    expect(buildInvitationMail({ ...ctx, surveyType: 'DC', reminder: false }).text).toContain(
      'für Dein Projekt 100240 hat unser Montageteam die Solarmodule auf Deinem Dach montiert (DC-Montage). Wie zufrieden warst Du?',
    );
    expect(buildInvitationMail({ ...ctx, surveyType: 'AC', reminder: false }).text).toContain(
      'für Dein Projekt 100240 hat unsere Elektrikerin oder unser Elektriker Deine Anlage angeschlossen und in Betrieb genommen (AC-Montage).',
    );
    const reminder = buildInvitationMail({ ...ctx, surveyType: 'DC', reminder: true });
    expect(reminder.subject).toBe('Erinnerung: Wie war die Montage auf Deinem Dach? (Projekt 100240)');
    expect(reminder.text).toContain('vor einer Woche haben wir Dich gefragt: für Dein Projekt 100240 hat unser Montageteam');
  });
});
