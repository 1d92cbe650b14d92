import { describe, expect, it } from 'vitest';
import { BrowserLikeClient, readForm } from '../../tests/support/browser-like-client.ts';
import { mailsTo, waitForMail, type SandboxMail } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const { portal, data } = usePortal();

const linkIn = (mail: SandboxMail) => {
  const link = /https?:\/\/\S+\/api\/auth\/invitation\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invitation link in "${mail.subject}"`);
  return link;
};

/** Opens the link in a fresh browser and fills the identity provider's account creation form. */
async function register(link: string, person: { givenName: string; familyName: string; email: string; password: string; privacy?: string }) {
  const client = new BrowserLikeClient({ 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1` });
  const screen = await client.follow(link);
  const html = await screen.response.text();
  const result = await client.follow(new URL(readForm(html).action, screen.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ privacy: 'yes', ...person }).toString(),
  });
  return { client, screen: { html, url: screen.url }, result };
}

async function invite() {
  const project = await data.project();
  const email = project.contact.emails[0] as string;
  const since = new Date();
  await portal.services.invitations.sendDue();
  return { project, email, mail: await waitForMail(portal.sandboxUrl, email, since) };
}

const connected = async (projectId: number) =>
  ((await (await fetch(`${portal.managementApiUrl}/projects/${projectId}`, { headers: { authorization: `Bearer ${portal.config.MANAGEMENT_API_TOKEN}` } })).json()) as { portalUserIds: string[] }).portalUserIds;

describe('invitations to projects without a portal account', () => {
  it('mails one personal invitation per project and address, with its activity and mail log', async () => {
    const { project, email, mail } = await invite();
    expect(mail.subject).toBe(`Dein Kundenportal für Projekt ${project.id} ist bereit / Your customer portal is ready`);
    expect(mail.text).toContain('Hallo Erika Test,');
    expect(linkIn(mail)).toContain(`${portal.url}/api/auth/invitation?token=`);
    await portal.services.invitations.sendDue();
    expect(await mailsTo(portal.sandboxUrl, email)).toHaveLength(1);
    const activity = await portal.knex('activity_log').where({ projectId: project.id, type: 'SUCCESS_ID_INVITATION_EMAIL' });
    expect(activity).toHaveLength(1);
    const logged = await portal.knex('mail_log').where({ activityLogId: activity[0].id });
    expect(logged).toMatchObject([{ receiver: email, subject: mail.subject }]);
    // The token is kept only as a hash.
    const token = new URL(linkIn(mail)).searchParams.get('token') as string;
    expect(JSON.stringify(await portal.knex('project_invitation').where({ projectId: project.id }))).not.toContain(token);
  });

  it('leads from the link to account creation and connects the project after the first sign-in', async () => {
    const { project, email, mail } = await invite();
    const { screen, result, client } = await register(linkIn(mail), { givenName: 'Erika', familyName: 'Test', email: `neu-${project.id}@example.de`, password: 'ein langes Passwort' });
    expect(screen.html).toContain('<h1>Konto erstellen</h1>');
    expect(screen.html).toContain(`value="${email}"`);
    // A new account first confirms its address (onboarding), then lands where the invitation led: the project confirmed.
    expect(result.visited).toContain(`${portal.url}/home/dashboard?linked=${project.id}`);
    expect(result.url).toBe(`${portal.url}/onboarding/two-factor?${new URLSearchParams({ returnTo: `/home/dashboard?linked=${project.id}` })}`);
    const me = (await (await client.request(`${portal.url}/api/auth/me`)).json()) as { id: string; email: string };
    expect(me.email).toBe(`neu-${project.id}@example.de`);
    expect(await connected(project.id)).toEqual([me.id]);
    expect(await portal.knex('activity_log').where({ projectId: project.id, type: 'INVITATION_LINK_CLICKED' })).toHaveLength(1);
    const projects = (await (await client.request(`${portal.url}/api/v1/internal/user/project`)).json()) as { currentProjectId: number };
    expect(projects.currentProjectId).toBe(project.id);

    // The link is spent: someone else who opens it is told so and gets nothing.
    const again = await new BrowserLikeClient().follow(linkIn(mail));
    expect(again.url).toBe(`${portal.url}/?invitation=used`);
  });

  it('lets an existing account sign in from the creation screen, and connects a signed-in customer at once', async () => {
    const first = await invite();
    const customer = await data.customer();
    const client = new BrowserLikeClient();
    const screen = await client.follow(linkIn(first.mail));
    const loginView = await client.follow(new URL(/href="([^"]+\?view=login)"/.exec(await screen.response.text())?.[1] as string, screen.url).href);
    const signedIn = await client.follow(new URL(readForm(await loginView.response.text()).action, loginView.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: customer.email, password: customer.password }).toString(),
    });
    expect(signedIn.url).toBe(`${portal.url}/home/dashboard?linked=${first.project.id}`);
    expect(await connected(first.project.id)).toEqual([customer.sub]);

    const second = await invite();
    const signedInClientOfCustomer = await signedInClient(portal.url, customer);
    const direct = await signedInClientOfCustomer.follow(linkIn(second.mail));
    expect(direct.url).toBe(`${portal.url}/home/dashboard?linked=${second.project.id}`);
    expect(await connected(second.project.id)).toEqual([customer.sub]);
  });

  it('refuses wrong and expired links with the reason, and checks the account creation form', async () => {
    expect((await new BrowserLikeClient().follow(`${portal.url}/api/auth/invitation?token=abc`)).url).toBe(`${portal.url}/?invitation=invalid`);
    expect((await new BrowserLikeClient().follow(`${portal.url}/api/auth/invitation?token=${'A'.repeat(43)}`)).url).toBe(`${portal.url}/?invitation=invalid`);

    const { project, mail } = await invite();
    const weak = await register(linkIn(mail), { givenName: '', familyName: 'Test', email: 'kein-at-zeichen', password: 'kurz', privacy: '' });
    expect(weak.result.response.status).toBe(422);
    const page = await weak.result.response.text();
    for (const message of ['Bitte gib Deinen Vornamen ein.', 'Das sieht nicht wie eine E-Mail-Adresse aus', 'Dein Passwort braucht mindestens 10 Zeichen.', 'Bitte bestätige, dass Du die Datenschutzerklärung gelesen hast.']) {
      expect(page).toContain(message);
    }
    expect(page).toContain('value="Test"');
    const taken = await register(linkIn(mail), { givenName: 'Anna', familyName: 'Schmidt', email: 'anna.schmidt@example.de', password: 'ein langes Passwort' });
    expect(await taken.result.response.text()).toContain('Zu dieser E-Mail-Adresse gibt es schon ein Konto.');
    expect(await connected(project.id)).toEqual([]);

    await portal.knex('project_invitation').where({ projectId: project.id }).update({ sentAt: new Date(Date.now() - 61 * 86_400_000) });
    expect((await new BrowserLikeClient().follow(linkIn(mail))).url).toBe(`${portal.url}/?invitation=expired`);
  });
});
