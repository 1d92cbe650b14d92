import { describe, expect, it } from 'vitest';
import { fieldOfError, filesProblem, textProblem } from './validation.ts';

describe('the composer’s checks', () => {
  it('wants text, at most 5000 characters, of letters, numbers, punctuation, separators and newlines', () => {
    expect(textProblem('  \n ')).toBe('required');
    expect(textProblem('a'.repeat(5001))).toBe('tooLong');
    expect(textProblem('Hallo 👋')).toBe('invalidCharacters');
    expect(textProblem('Hallo\u0007')).toBe('invalidCharacters');
    expect(textProblem('Grüße, Jürgen – 100 % sicher? (ja!) 3 + 4 = 7 €')).toBeNull();
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
    expect(fieldOfError('MESSAGES.TEXT_TOO_LONG')).toBe('text');
    expect(fieldOfError('MESSAGES.FILE_TYPE')).toBe('files');
    expect(fieldOfError('MESSAGES.TOO_MANY_FILES')).toBe('files');
    expect(fieldOfError('UPSTREAM.UNAVAILABLE')).toBe('form');
  });
});
