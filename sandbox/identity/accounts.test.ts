import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountDirectory, DEMO_PASSWORD_HINT } from './accounts.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the identity provider keeps its accounts across a restart', () => {
  it('keeps registered accounts and changed or deleted demo accounts; a reset brings the demo accounts back', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'identity-accounts-'));
    const first = await AccountDirectory.open(dir, () => {});
    const registered = await first.register({ email: 'Greta.Neu@example.de', password: 'Sonnige Grüße aus Leipzig', givenName: 'Greta', familyName: 'Neu' });
    await first.setPassword('kp|anna-schmidt', 'ein ganz neues Passwort');
    first.delete('kp|mehmet-yilmaz');
    await first.flush();

    const second = await AccountDirectory.open(dir, () => {});
    expect(second.bySub(registered?.sub ?? '')).toMatchObject({ email: 'greta.neu@example.de', onboarded: false, emailVerified: false });
    expect(await second.authenticate('greta.neu@example.de', 'Sonnige Grüße aus Leipzig')).toBeDefined();
    expect(await second.authenticate('anna.schmidt@example.de', DEMO_PASSWORD_HINT)).toBeUndefined();
    expect(await second.authenticate('anna.schmidt@example.de', 'ein ganz neues Passwort')).toBeDefined();
    expect(second.bySub('kp|mehmet-yilmaz')).toBeUndefined();
    expect(second.bySub('kp|jonas-weber')).toBeDefined();

    second.reset();
    await second.flush();
    const third = await AccountDirectory.open(dir, () => {});
    expect(await third.authenticate('anna.schmidt@example.de', DEMO_PASSWORD_HINT)).toBeDefined();
    expect(third.bySub('kp|mehmet-yilmaz')).toBeDefined();
    expect(third.bySub(registered?.sub ?? '')).toBeDefined();
  });
});
