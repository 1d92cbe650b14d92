import type { StoredMail } from '~/sandbox/mail/store.ts';

/** Reads the sandbox mailbox's JSON API the way a tester reads http://localhost:4010/mailbox: the mails as it stores them. */
export type SandboxMail = StoredMail;

export async function mailsTo(sandboxUrl: string, address: string): Promise<SandboxMail[]> {
  const response = await fetch(`${sandboxUrl}/mailbox/api/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return ((await response.json()) as { messages: SandboxMail[] }).messages;
}

/** Waits for a mail to the address received after `since` and returns it. */
export async function waitForMail(sandboxUrl: string, address: string, since: Date, timeoutMs = 10_000): Promise<SandboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(sandboxUrl, address)).find((m) => new Date(m.receivedAt) >= since);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
}

/** The confirmation code of a project in a linking mail (text part: "Projekt <id> … Bestätigungscode: <code>"). */
export function linkCodeFor(mail: SandboxMail, projectId: number): string {
  const block = mail.text.split(/\n\s*\n/).find((part) => part.includes(`Projekt ${projectId}`));
  const code = block && /Bestätigungscode: (\d{6})/.exec(block)?.[1];
  if (!code) throw new Error(`no code for project ${projectId} in mail "${mail.subject}"`);
  return code;
}
