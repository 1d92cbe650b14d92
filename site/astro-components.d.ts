// Plain `tsc` (the first half of `npm run typecheck`) does not read .astro files; `astro check` does, with each
// component's real props, and wins over this declaration. A feature's index.ts re-exports its components for other
// features (docs/architecture.md "Folders"), so tsc needs to know that such a module has a component as its default.
declare module '*.astro' {
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
  const Component: AstroComponentFactory;
  export default Component;
}
