import { useId, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { LogoLoader } from '../../components/LogoLoader.tsx';
import { translatorFor, type IslandMessages } from '../../i18n/island.ts';
import { selectSessionProject } from './api.ts';
import './ProjectSwitcher.css';

export const projectSwitcherMessageKeys = [
  'projectSwitcher.label',
  'projectSwitcher.hint',
  'projectSwitcher.busy',
  'projectSwitcher.failed',
] as const;

interface Props {
  /** The customer's projects, labelled on the server ("Projekt 100234 – Musterstraße 12, München"). */
  options: { id: number; label: string }[];
  currentId: number;
  messages: IslandMessages<(typeof projectSwitcherMessageKeys)[number]>;
}

const noSubscription = () => () => {};

/**
 * Chooses the project the session shows (POST /api/v1/internal/util/auth-session-project-id), then loads the page
 * again. The hint under the select says so before anything changes (WCAG 3.2.2, technique G13).
 */
export default function ProjectSwitcher({ options, currentId, messages }: Props) {
  const t = translatorFor(messages);
  const [selected, setSelected] = useState(currentId);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  // Disabled in the server's HTML: before hydration a choice would do nothing.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const id = useId();

  async function choose(event: ChangeEvent<HTMLSelectElement>) {
    if (state === 'busy') return;
    const projectId = Number(event.target.value);
    setSelected(projectId);
    setState('busy');
    try {
      await selectSessionProject(projectId);
      window.location.reload();
    } catch {
      // The client has logged the failure; the session still shows the previous project.
      setSelected(currentId);
      setState('failed');
    }
  }

  const busy = state === 'busy';
  return (
    <div className="project-switcher">
      <label className="project-switcher__label" htmlFor={`${id}-select`}>
        {t('projectSwitcher.label')}
      </label>
      <div className="project-switcher__control">
        <select
          id={`${id}-select`}
          className="project-switcher__select"
          value={selected}
          // Not disabled while busy: that would drop the keyboard focus to <body>.
          disabled={!hydrated}
          aria-busy={busy || undefined}
          aria-describedby={`${id}-hint`}
          onChange={choose}
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        {busy && <LogoLoader label={t('projectSwitcher.busy')} />}
      </div>
      <p id={`${id}-hint`} className="project-switcher__hint">
        {t('projectSwitcher.hint')}
      </p>
      {state === 'failed' && (
        <p role="alert" className="project-switcher__error">
          {t('projectSwitcher.failed')}
        </p>
      )}
    </div>
  );
}
