import { describe, expect, it } from 'vitest';
import { followUpTargets, mailLinkTarget, wantsLinkDialog } from './LinkProject.tsx';

describe('the link in the linking mail', () => {
  it('opens the code dialog for the project, prefilled with the code', () => {
    expect(mailLinkTarget('?linkProject=100234&linkCode=123456')).toEqual({ projectId: 100234, code: '123456' });
  });

  it('ignores a malformed code and a malformed project id', () => {
    expect(mailLinkTarget('?linkProject=100234&linkCode=12ab')).toEqual({ projectId: 100234, code: undefined });
    expect(mailLinkTarget('?linkProject=abc&linkCode=123456')).toBeNull();
    expect(mailLinkTarget('?linkProject=0')).toBeNull();
    expect(mailLinkTarget('')).toBeNull();
  });
});

describe('the project-link check’s way to the link dialog', () => {
  it('opens the link dialog for ?linkProject=new only, and no code dialog', () => {
    expect(wantsLinkDialog('?linkProject=new')).toBe(true);
    expect(wantsLinkDialog('?linkProject=open')).toBe(true);
    expect(mailLinkTarget('?linkProject=new')).toBeNull();
    expect(wantsLinkDialog('?linkProject=100234')).toBe(false);
    expect(wantsLinkDialog('')).toBe(false);
  });
});

describe('the follow-up code dialogs', () => {
  const result = {
    uniqueEmails: ['j***@example.de'],
    numberOfProjects: 2,
    projects: [
      { projectId: 100234, emailAddress: 'j***@example.de' },
      { projectId: 100235, emailAddress: 'j***@example.de' },
    ],
  };

  it('in projectId mode: one dialog for the first project', () => {
    expect(followUpTargets({ result, mode: 'projectId', zip: null })).toEqual([
      { projectId: 100234, emailAddress: 'j***@example.de' },
    ]);
  });

  it('in CustomerData mode: one zip-linking dialog per project', () => {
    expect(followUpTargets({ result, mode: 'CustomerData', zip: '80331' })).toEqual([
      { projectId: 100234, emailAddress: 'j***@example.de', place: '80331' },
      { projectId: 100235, emailAddress: 'j***@example.de', place: '80331' },
    ]);
  });

  it('for a code the customer already holds: one dialog for that project', () => {
    expect(followUpTargets({ haveCodeFor: 100237 })).toEqual([{ projectId: 100237 }]);
  });
});
