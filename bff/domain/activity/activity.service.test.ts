import { describe, expect, it } from 'vitest';
import { LOGGED_PAGE_PATHS } from '../../contracts/enums.ts';
import { isLoggedPagePath } from './activity.service.ts';

describe('which page visits are logged (spec section 2)', () => {
  it('logs exactly the fifteen listed paths', () => {
    expect(LOGGED_PAGE_PATHS).toHaveLength(15);
    for (const path of LOGGED_PAGE_PATHS) expect(isLoggedPagePath(path)).toBe(true);
  });

  it('treats a trailing slash as the same page', () => {
    expect(isLoggedPagePath('/home/app/profile/')).toBe(true);
  });

  it.each(['/home/dashboard', '/home/app/settings', '/home/app/messages/42', '/home/app/files/knowledgebase', '/home/app/help'])(
    'does not log %s',
    (path) => {
      expect(isLoggedPagePath(path)).toBe(false);
    },
  );
});
