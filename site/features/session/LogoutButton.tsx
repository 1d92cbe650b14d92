import { useState } from 'react';
import { LogoLoader } from '../../components/LogoLoader.tsx';
import { translatorFor, type IslandMessages } from '../../i18n/island.ts';
import { logout } from '../../lib/api/logout.ts';
import { clearPersistedState } from '../../stores/persisted.ts';
import './LogoutButton.css';

export const logoutMessageKeys = ['logout.button', 'logout.busy', 'logout.failed'] as const;

interface Props {
  messages: IslandMessages<(typeof logoutMessageKeys)[number]>;
}

/** Ends the session at the BFF, forgets the persisted caches, then leaves for the provider's end-session URL. */
export default function LogoutButton({ messages }: Props) {
  const t = translatorFor(messages);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  async function signOut() {
    if (state === 'busy') return;
    setState('busy');
    try {
      const { redirectTo } = await logout();
      clearPersistedState();
      window.location.assign(redirectTo);
    } catch {
      // The client has logged the failure; the customer stays signed in and may try again.
      setState('failed');
    }
  }

  const busy = state === 'busy';
  return (
    <div className="logout">
      {/* aria-disabled instead of disabled: the button keeps focus while the request runs */}
      <button type="button" className="logout__button" onClick={signOut} aria-disabled={busy || undefined}>
        {busy ? <LogoLoader label={t('logout.busy')} /> : t('logout.button')}
      </button>
      {state === 'failed' && (
        <p role="alert" className="logout__error">
          {t('logout.failed')}
        </p>
      )}
    </div>
  );
}
