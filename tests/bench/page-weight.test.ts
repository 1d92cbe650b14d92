import { describe, expect, it } from 'vitest';
import { scriptEntries } from './page-weight.ts';

describe('which scripts a page loads before any interaction', () => {
  it('counts module scripts and islands that hydrate at once, and leaves waiting islands on demand', () => {
    const html = [
      '<script type="module" src="/_astro/page.js"></script>',
      '<astro-island uid="a" component-url="/_astro/Chart.js" renderer-url="/_astro/client.js" ssr client="visible"></astro-island>',
      '<astro-island uid="b" component-url="/_astro/Composer.js" renderer-url="/_astro/client.js" client="interaction"></astro-island>',
      '<astro-island uid="c" component-url="/_astro/Banner.js" renderer-url="/_astro/client.js" client="idle"></astro-island>',
    ].join('\n');
    const { entries, deferred } = scriptEntries(html);
    expect([...entries].sort()).toEqual(['/_astro/Banner.js', '/_astro/client.js', '/_astro/page.js']);
    expect([...deferred].sort()).toEqual(['/_astro/Chart.js', '/_astro/Composer.js']);
  });

  it('puts React on demand when every island waits', () => {
    const { entries, deferred } = scriptEntries('<astro-island component-url="/_astro/Dialog.js" renderer-url="/_astro/client.js" client="interaction"></astro-island>');
    expect([...entries]).toEqual([]);
    expect([...deferred].sort()).toEqual(['/_astro/Dialog.js', '/_astro/client.js']);
  });
});
