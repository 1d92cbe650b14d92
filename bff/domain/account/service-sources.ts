import type { IdentityAdmin } from '../../ports/identity-admin.ts';
import type { ManagementService } from '../../ports/management-service.ts';
import type { MarketingService } from '../../ports/marketing-service.ts';
import type { SessionRevocation } from '../auth/sessions.ts';
import type { AccountDataSource } from './account-data.ts';

/**
 * Account-data sources of the external services the portal itself changes for the customer (declared in
 * bff/composition/capabilities/): the project links at the management service, the newsletter contact at the marketing
 * service, and the sign-in account at the identity provider. What the installer keeps about its projects stays with
 * the management service; only the link to the portal account goes.
 */
export function projectLinksData(management: ManagementService): AccountDataSource {
  return {
    name: 'projects',
    async export(subject) {
      const projects = await Promise.all(subject.projectIds.map((id) => management.getProject(id)));
      return projects.flatMap((project) =>
        project ? [{ projectId: project.id, customerNumber: project.customerNumber, address: project.address, productLines: project.productLines, phase: project.phase, step: project.step }] : [],
      );
    },
    async erase(subject) {
      for (const projectId of subject.projectIds) await management.disconnectUser(projectId, subject.userId);
      return { unlinked: subject.projectIds.length };
    },
  };
}

export function newsletterData(marketing: MarketingService): AccountDataSource {
  return {
    name: 'newsletter',
    async export(subject) {
      const contacts = await Promise.all(subject.emails.map((email) => marketing.contact(email)));
      return contacts.flatMap((contact) => (contact ? [contact] : []));
    },
    async erase(subject) {
      for (const email of subject.emails) await marketing.deleteContact(email);
      return { contacts: subject.emails.length };
    },
  };
}

/**
 * The sign-in account: deleted last but for the sessions, so a failure before it leaves the customer able to retry.
 * Its provider sessions end first (the admin API's logout tells every client by back-channel logout), so no browser
 * keeps a provider session of an account that no longer exists (docs/account.md).
 */
export function identityAccountData(identityAdmin: IdentityAdmin): AccountDataSource {
  return {
    name: 'signIn',
    async export(subject) {
      const account = await identityAdmin.account(subject.userId);
      return account ? { id: account.id, email: account.email, emailVerified: account.emailVerified, firstName: account.firstName, lastName: account.lastName, phone: account.phone, customerNumber: account.customerNumber } : null;
    },
    async erase(subject) {
      await identityAdmin.signOutEverywhere(subject.userId);
      await identityAdmin.deleteAccount(subject.userId);
      return { account: 1 };
    },
  };
}

/** Sessions (docs/security.md: account deletion ends all sessions, ASVS 7.4.2), for good: see ../auth/sessions.ts. */
export function sessionsAccountData(sessions: SessionRevocation): AccountDataSource {
  return {
    name: 'sessions',
    async erase(subject) {
      return { session: await sessions.endAll(subject.userId) };
    },
  };
}
