/// <reference types="astro/client" />
import type { PortalLocals } from '../bff/contracts/page-services.ts';

// The BFF passes PortalLocals as `locals` to Astro's middleware handler (docs/architecture.md, "The data path of a page").
// Note: with skipLibCheck, mistakes in a .d.ts file are not reported, they just make the declaration vanish.
declare global {
  namespace App {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Locals extends PortalLocals {}
  }
}

// `client:interaction` (site/lib/client-interaction.ts): the value, if any, is a localStorage key whose entry makes the
// island load when the browser is idle.
declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:interaction'?: boolean | string;
    }
  }
}
