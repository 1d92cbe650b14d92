import { describe, expect, it } from 'vitest';
import { createCodeHasher, generateLinkCode, maskEmail } from './link-code.ts';
import { buildLinkMail, REDACTED_CODE } from './link-mail.ts';
import { managedProject } from '../../../tests/support/managed-project.ts';

describe('link codes', () => {
  it('are six digits, leading zeros kept', () => {
    const codes = Array.from({ length: 2000 }, generateLinkCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('are stored as a keyed hash bound to customer and project', () => {
    const hasher = createCodeHasher('test-secret-of-sufficient-length-123');
    const stored = hasher.hash('kp|anna', 100234, '042917');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain('042917');
    expect(hasher.matches(stored, 'kp|anna', 100234, '042917')).toBe(true);
    expect(hasher.matches(stored, 'kp|anna', 100234, '042918')).toBe(false);
    expect(hasher.matches(stored, 'kp|jonas', 100234, '042917')).toBe(false);
    expect(hasher.matches(stored, 'kp|anna', 100235, '042917')).toBe(false);
    expect(createCodeHasher('another-secret-of-sufficient-length').hash('kp|anna', 100234, '042917')).not.toBe(stored);
  });
});

describe('masked e-mail addresses', () => {
  it.each([
    ['jonas.weber@example.de', 'j***@example.de'],
    ['a@b.de', 'a***@b.de'],
    ['kein-at-zeichen', '***'],
  ])('%s -> %s', (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
  });
});

describe('the linking mail', () => {
  const project = (id: number) =>
    managedProject({
      id,
      customerNumber: '700200',
      address: { street: 'Sendlinger Straße', houseNumber: '12', zip: '80331', city: 'München' },
      contact: { name: 'Familie Huber', emails: ['familie.huber@example.de'] },
      step: 'OFFER_CONFIRMATION',
    });

  it('lists every project with its code and a prefilled link to the dashboard', () => {
    const mail = buildLinkMail('http://localhost:4321', 'Familie Huber', [
      { project: project(100235), code: '111111' },
      { project: project(100236), code: '222222' },
    ]);
    expect(mail.subject).toBe('Deine Bestätigungscodes für das Kundenportal');
    expect(mail.text).toContain('Hallo Familie Huber');
    expect(mail.text).toMatch(/Projekt 100235[^\n]*\nBestätigungscode: 111111/);
    expect(mail.text).toContain('http://localhost:4321/home/dashboard?linkProject=100236&linkCode=222222');
    expect(mail.html).toContain('href="http://localhost:4321/home/dashboard?linkProject=100235&amp;linkCode=111111"');
  });

  it('escapes names in the HTML part', () => {
    const mail = buildLinkMail('http://localhost:4321', '<b>Eve</b>', [{ project: project(1), code: '123456' }]);
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });

  it('can be rendered with the code masked for the mail log', () => {
    const mail = buildLinkMail('http://localhost:4321', 'X', [{ project: project(1), code: REDACTED_CODE }]);
    expect(mail.text).toContain(`Bestätigungscode: ${REDACTED_CODE}`);
    expect(mail.text).not.toMatch(/Bestätigungscode: \d{6}/);
  });
});
