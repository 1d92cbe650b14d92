/**
 * The services of every capability by name. Each capability's module (bff/composition/capabilities/) adds its own
 * names by interface merging (`declare module '../capability-services.ts'`), so this type is never edited by hand.
 * A leaf module: routers see the services through it without importing the composition.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CapabilityServices {}
