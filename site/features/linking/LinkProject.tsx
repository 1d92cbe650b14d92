import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { LINK_CODE_LENGTH, LINK_MAIL_PARAMS, type LinkResult as ConfirmResult } from '~/bff/contracts/linking.ts';
import { translatorFor, type IslandMessages } from '~/site/i18n/island.ts';
import { invalidateUserProjects, selectSessionProject } from '../projects/index.ts';
import { LinkCodeDialog, linkCodeDialogMessageKeys, type CodeTarget } from './LinkCodeDialog.tsx';
import { LinkProjectDialog, linkProjectDialogMessageKeys, type HaveCodeOutcome, type LinkDialogOutcome } from './LinkProjectDialog.tsx';

export const linkProjectMessageKeys = [...linkProjectDialogMessageKeys, ...linkCodeDialogMessageKeys, 'linking.linkProjectNeededForPage'] as const;

/** Query parameter of the page after a connection: the dashboard shows a success notice for these projects. */
export const LINKED_PARAM = 'linked';

interface Props {
  messages: IslandMessages<(typeof linkProjectMessageKeys)[number]>;
}

/**
 * Set by the page's own link button (boot.ts) to open the link dialog; the island resets it. A click made while this
 * code was still loading is kept here, so it opens the dialog as soon as the island is mounted.
 */
export const linkDialogRequested = atom(false);

/** The code dialog the link in the mail asks for: `?linkProject=<id>&linkCode=<code>` (LINK_MAIL_PARAMS). */
export function mailLinkTarget(search: string): CodeTarget | null {
  const params = new URLSearchParams(search);
  const id = params.get(LINK_MAIL_PARAMS.projectId)?.trim() ?? '';
  if (!/^\d{1,15}$/.test(id) || Number(id) <= 0) return null;
  const code = params.get(LINK_MAIL_PARAMS.code)?.trim() ?? '';
  return {
    projectId: Number(id),
    code: new RegExp(`^\\d{${LINK_CODE_LENGTH}}$`).test(code) ? code : undefined,
  };
}

/**
 * `?linkProject=new`: the project-link check sent the customer here from a project page (bff/contracts/routes.ts,
 * LINK_DIALOG_PATH), so the link dialog opens at once. `?linkProject=open`: the button was pressed before its script
 * had run (LinkProjectButton.astro), so the dialog opens at once without a reason.
 */
export function wantsLinkDialog(search: string): boolean {
  const value = new URLSearchParams(search).get(LINK_MAIL_PARAMS.projectId);
  return value === 'new' || value === 'open';
}

const sentByProjectCheck = (search: string) => new URLSearchParams(search).get(LINK_MAIL_PARAMS.projectId) === 'new';

/**
 * The follow-up code dialogs: the first project in projectId mode, every project by zip; the one
 * project the customer already holds a code for.
 */
export function followUpTargets(outcome: LinkDialogOutcome | HaveCodeOutcome): CodeTarget[] {
  if ('haveCodeFor' in outcome) return [{ projectId: outcome.haveCodeFor }];
  const { result, mode, zip } = outcome;
  if (mode === 'projectId') {
    const first = result.projects[0];
    return first ? [{ projectId: first.projectId, emailAddress: first.emailAddress }] : [];
  }
  return result.projects.map((project) => ({
    projectId: project.projectId,
    emailAddress: project.emailAddress,
    place: zip ?? undefined,
  }));
}

/**
 * The dashboard's project-linking island: the link dialog and the code dialogs that follow it (or that the link in
 * the mail opens). The button that opens it is plain HTML (LinkProjectButton.astro); this code loads on the first
 * interaction with it (boot.ts, mount.tsx). It reads the address bar on its first render.
 */
export default function LinkProject({ messages }: Props) {
  const t = translatorFor(messages);
  const [linkOpen, setLinkOpen] = useState(() => wantsLinkDialog(window.location.search));

  useEffect(
    () =>
      linkDialogRequested.subscribe((requested) => {
        if (!requested) return;
        setLinkOpen(true);
        linkDialogRequested.set(false);
      }),
    [],
  );
  /** Why the dialog opened by itself (the project-link check); gone once it closes. */
  const [reason, setReason] = useState(() => (sentByProjectCheck(window.location.search) ? t('linking.linkProjectNeededForPage') : null));
  const [queue, setQueue] = useState<{ targets: CodeTarget[]; total: number }>(() => {
    const fromMail = mailLinkTarget(window.location.search);
    return { targets: fromMail ? [fromMail] : [], total: fromMail ? 1 : 0 };
  });
  const [connected, setConnected] = useState<number[]>([]);

  // Read once: a reload must not open the dialog again, nor repeat the success notice.
  useEffect(() => {
    const url = new URL(window.location.href);
    const names = [LINK_MAIL_PARAMS.projectId, LINK_MAIL_PARAMS.code, LINKED_PARAM];
    if (!names.some((name) => url.searchParams.has(name))) return;
    for (const name of names) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);

  function closeLinkDialog(outcome: LinkDialogOutcome | HaveCodeOutcome | null) {
    setLinkOpen(false);
    setReason(null);
    if (!outcome) return;
    const targets = followUpTargets(outcome);
    setQueue({ targets, total: targets.length });
  }

  async function closeCodeDialog(target: CodeTarget, result: ConfirmResult | null) {
    const rest = queue.targets.slice(1);
    const nowConnected = result === 'PROJECT_CONNECTED' ? [...connected, target.projectId] : connected;
    setQueue({ targets: rest, total: rest.length === 0 ? 0 : queue.total });
    setConnected(rest.length === 0 ? [] : nowConnected);
    if (rest.length > 0 || nowConnected.length === 0) return;
    // The project area is rendered on the server: load the page again, and let it confirm the connection there.
    invalidateUserProjects();
    const last = nowConnected.at(-1);
    if (last !== undefined) {
      // The new project becomes the one the dashboard shows; if that fails, the page still lists it.
      await selectSessionProject(last).catch(() => undefined);
    }
    const url = new URL(window.location.href);
    for (const id of nowConnected) url.searchParams.append(LINKED_PARAM, String(id));
    window.location.assign(`${url.pathname}${url.search}`);
  }

  const current = queue.targets[0];
  return (
    <>
      <LinkProjectDialog open={linkOpen} onClose={closeLinkDialog} t={t} reason={reason} />
      {current && (
        <LinkCodeDialog
          key={`${current.projectId}-${queue.total - queue.targets.length}`}
          target={current}
          progress={{ index: queue.total - queue.targets.length + 1, count: queue.total }}
          onClose={(result) => void closeCodeDialog(current, result)}
          t={t}
        />
      )}
    </>
  );
}
