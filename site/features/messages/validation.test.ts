import { describe, expect, it } from 'vitest';
import { CommonErrors } from '~/bff/contracts/errors.ts';
import { MessagesErrors } from '~/bff/contracts/messages.ts';
import { fieldOfError, filesProblem, refusedIn, subjectProblem, textProblem } from './validation.ts';

describe('the composer’s checks', () => {
  it('wants text, at most 5000 characters; ordinary Unicode text with symbols and emoji is taken as typed', () => {
    expect(textProblem('  \n ')).toBe('required');
    expect(textProblem('a'.repeat(5001))).toBe('tooLong');
    for (const text of ['Zähler → Keller ✓', '3 × 4 = 12', 'Hallo 👋', 'Danke 👍🏽', 'Grüße, Jürgen – 100 % sicher? (ja!) 3 + 4 = 7 €', 'Łukasz, Дмитрий, Γιώργος', 'Zeile 1\nZeile 2\tEnde']) {
      expect(textProblem(text), text).toBeNull();
    }
  });

  it('refuses only characters that are never text, and names them', () => {
    expect(textProblem('Hallo\u0007')).toBe('invalidCharacters');
    expect(refusedIn('Hallo\u0007', 'text')).toBe('U+0007');
    expect(textProblem('abc\u202Eexe.pdf')).toBe('invalidCharacters');
    expect(refusedIn('abc\u202Eexe.pdf', 'text')).toBe('U+202E');
  });

  it('takes emoji and symbols in the one-line subject, and names a refused character there', () => {
    expect(subjectProblem('Zähler ✓ 👍')).toBeNull();
    expect(subjectProblem('Zeile\u0000')).toBe('invalidCharacters');
    expect(refusedIn('Zeile\u0000', 'subject')).toBe('U+0000');
    expect(subjectProblem('x'.repeat(121))).toBe('tooLong');
  });

  it('takes up to five images or PDFs of 10 MB', () => {
    const ok = { name: 'a.jpg', size: 1000, type: 'image/jpeg' };
    expect(filesProblem([ok])).toBeNull();
    expect(filesProblem(Array.from({ length: 6 }, () => ok))).toEqual({ problem: 'tooMany' });
    expect(filesProblem([{ ...ok, size: 10 * 1024 * 1024 + 1 }])).toEqual({ problem: 'tooLarge', file: 'a.jpg' });
    expect(filesProblem([{ name: 'x.exe', size: 10, type: 'application/x-msdownload' }])).toEqual({ problem: 'type', file: 'x.exe' });
    expect(filesProblem([{ name: 'scan.PDF', size: 10, type: '' }])).toBeNull();
  });

  it('puts each BFF error at its field', () => {
    expect(fieldOfError(MessagesErrors.TEXT_TOO_LONG.code)).toBe('text');
    expect(fieldOfError(MessagesErrors.SUBJECT_INVALID_CHARACTERS.code)).toBe('subject');
    expect(fieldOfError(MessagesErrors.FILE_TYPE.code)).toBe('files');
    expect(fieldOfError(MessagesErrors.TOO_MANY_FILES.code)).toBe('files');
    expect(fieldOfError(CommonErrors.UPSTREAM_UNAVAILABLE.code)).toBe('form');
  });
});
