/** What the invitations feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as InvitationNotice } from './InvitationNotice.astro';
