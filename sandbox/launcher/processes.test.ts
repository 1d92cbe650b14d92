import { describe, expect, it } from 'vitest';
import { readableLine } from './processes.ts';

describe('the launcher’s output', () => {
  it('shows the portal’s JSON log lines as text: time, level, message, then the fields', () => {
    const line = readableLine(
      '{"level":"info","time":"2026-05-04T10:15:30.123Z","pid":4711,"hostname":"host","requestId":"f3a9c1d2","method":"GET","route":"/home/dashboard","status":200,"durationMs":12.5,"msg":"request"}',
    );
    expect(line).toMatch(/^\[\d\d:\d\d:30\.123\] INFO: request \{"requestId":"f3a9c1d2","method":"GET","route":"\/home\/dashboard","status":200,"durationMs":12.5\}$/);
    expect(line).not.toContain('4711');
  });

  it('shows an error’s stack on the lines below, and leaves other processes’ lines as they are', () => {
    const line = readableLine('{"level":"error","time":"2026-05-04T10:15:30.123Z","msg":"request failed","error":{"name":"Error","message":"boom","stack":"Error: boom\\n    at handler (bff/x.ts:1:1)"}}');
    expect(line).toContain('ERROR: request failed');
    expect(line).toContain('\n');
    expect(line).toContain('at handler (bff/x.ts:1:1)');
    expect(readableLine('[2026-05-04 10:15:30.123] info: Strapi started')).toBe('[2026-05-04 10:15:30.123] info: Strapi started');
  });
});
