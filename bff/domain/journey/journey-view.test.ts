import { describe, expect, it } from 'vitest';
import { JOURNEY_STEPS as STEPS, type ProjectSummary } from '../../contracts/projects.ts';
import { deadlinesOf } from './deadlines.ts';
import { toProjectJourney } from './journey-view.ts';
import { managedJourney as journey } from './test-builders.ts';

const project: ProjectSummary = {
  id: 7,
  address: { contact: { street: 'Teststraße', houseNumber: '1', zip: '04109', city: 'Leipzig' } },
  productLines: ['SOLAR'],
  phase: 'PLANNING',
  step: 'POWER_OF_ATTORNEY',
};
const now = new Date('2026-11-24T10:00:00Z');

describe('the journey as the portal shows it', () => {
  it('marks done, current (with whom it waits for) and upcoming steps, and asks the customer to sign the grid-operator power of attorney', () => {
    const view = toProjectJourney(project, journey(1), [], now);
    expect(view.steps.map((s) => s.state)).toEqual(['DONE', 'CURRENT', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING']);
    expect(view.current).toMatchObject({ step: 'POWER_OF_ATTORNEY', waitingFor: 'CUSTOMER', href: '/home/app/my-project/planning-phase/power-of-attorney' });
    expect(view.steps[0]?.expectedOn).toBeNull();
    expect(view.actions).toEqual([
      expect.objectContaining({ kind: 'SIGN', signingType: 'NETWORK_OPERATOR_POWER_OF_ATTORNEY', optional: false, dueOn: '2026-12-15' }),
    ]);
  });

  it('asks nothing of the customer while the grid operator or the installer is working', () => {
    expect(toProjectJourney(project, journey(3, {}, 'GRID_OPERATOR'), [], now).actions).toEqual([]);
    expect(toProjectJourney(project, journey(5, {}, 'INSTALLER'), [], now).actions).toEqual([]);
  });

  it('offers a representative power of attorney for a DC appointment still to come, until one is signed', () => {
    const withAppointment = journey(5, {
      appointments: [{ kind: 'DC', start: '2026-11-30T07:30:00.000Z', end: '2026-11-30T15:00:00.000Z', status: 'CONFIRMED', representative: null }],
    }, 'INSTALLER');
    const offered = toProjectJourney(project, withAppointment, [], now);
    expect(offered.actions).toEqual([expect.objectContaining({ kind: 'SIGN', signingType: 'DC_REPRESENTATIVE_POA', optional: true, dueOn: '2026-11-30' })]);
    expect(offered.nextAppointment?.kind).toBe('DC');
    const signed = toProjectJourney(project, withAppointment, [{ envelopeId: 'e', type: 'DC_REPRESENTATIVE_POA', signedAt: now.toISOString(), href: '/x' }], now);
    expect(signed.actions).toEqual([]);
    const past = toProjectJourney(project, withAppointment, [], new Date('2026-12-01T10:00:00Z'));
    expect(past.actions).toEqual([]);
  });

  it('asks for the MaStR transfer when the installer needs it, and for the numbers when the customer registers alone after commissioning', () => {
    const move = toProjectJourney(project, journey(7, { mastr: { ...journey(0).mastr, moveNeeded: true } }, 'METER_OPERATOR'), [], now);
    expect(move.actions.map((a) => a.kind)).toEqual(['MOVE_MASTR']);
    const own = toProjectJourney(project, journey(7, { mastr: { ...journey(0).mastr, authorization: 'SKIPPED' }, commissionedAt: '2026-11-16T14:30:00.000Z' }, 'METER_OPERATOR'), [], now);
    expect(own.actions).toEqual([expect.objectContaining({ kind: 'REGISTER_MASTR', dueOn: '2026-12-16' })]);
  });

  it('says what is needed for every step that waits on the customer, with or without the installer’s request', () => {
    for (const [index, step] of STEPS.entries()) {
      for (const request of [null, { text: 'Bitte schick uns ein Foto vom Zählerschrank.', at: '2026-11-20T09:00:00.000Z' }]) {
        const vendor = journey(index);
        vendor.steps = vendor.steps.map((s, i) => (i === index ? { ...s, customerRequest: request } : s));
        const view = toProjectJourney(project, vendor, [], now);
        const demanded = view.actions.filter((a) => !a.optional && a.step === step);
        expect(demanded, `${step} ${request ? 'with' : 'without'} a request`).toHaveLength(1);
        expect(demanded[0]?.request).toBe(request?.text ?? null);
        expect(view.current?.customerRequest).toEqual(request);
      }
    }
  });

  it('asks for the representative power of attorney when the installer waits on the customer at DC or AC, otherwise for an answer to the request', () => {
    const appointment = { kind: 'DC' as const, start: '2026-11-30T07:30:00.000Z', end: '2026-11-30T15:00:00.000Z', status: 'CONFIRMED' as const, representative: null };
    const waiting = journey(5, { appointments: [appointment] });
    expect(toProjectJourney(project, waiting, [], now).actions).toEqual([
      expect.objectContaining({ kind: 'SIGN', signingType: 'DC_REPRESENTATIVE_POA', step: 'DC', optional: false, href: '/home/app/my-project/assembly-phase/dc' }),
    ]);
    const signed = [{ envelopeId: 'e', type: 'DC_REPRESENTATIVE_POA' as const, signedAt: now.toISOString(), href: '/x' }];
    waiting.steps = waiting.steps.map((s) => (s.step === 'DC' ? { ...s, customerRequest: { text: 'Bitte räum den Dachboden frei.', at: '2026-11-20T09:00:00.000Z' } } : s));
    expect(toProjectJourney(project, waiting, signed, now).actions).toEqual([
      expect.objectContaining({ kind: 'ANSWER_REQUEST', step: 'DC', request: 'Bitte räum den Dachboden frei.', optional: false }),
    ]);
    // The installer's request is shown only while the step waits on the customer.
    const installer = journey(5, {}, 'INSTALLER');
    installer.steps = installer.steps.map((s) => (s.step === 'DC' ? { ...s, customerRequest: { text: 'alt', at: '2026-11-20T09:00:00.000Z' } } : s));
    const view = toProjectJourney(project, installer, [], now);
    expect(view.current?.customerRequest).toBeNull();
    expect(view.actions).toEqual([]);
  });

  it('shows no meter change still to come once the meter is set, and counts the appointments of finished steps as held', () => {
    const finished = journey(8, {
      gridOperator: { ...journey(0).gridOperator, status: 'METER_SET', meterSetAt: '2026-11-20T10:00:00.000Z', since: '2026-11-20T10:00:00.000Z' },
      appointments: [
        { kind: 'AC', start: '2026-11-01T07:00:00.000Z', end: '2026-11-01T14:00:00.000Z', status: 'CONFIRMED', representative: null },
        { kind: 'METER', start: '2026-12-04T07:00:00.000Z', end: '2026-12-04T11:00:00.000Z', status: 'CONFIRMED', representative: null },
      ],
    });
    const view = toProjectJourney({ ...project, phase: 'COMPLETED', step: 'IN_OPERATION' }, finished, [], now);
    expect(view.appointments).toEqual([expect.objectContaining({ kind: 'AC', status: 'DONE' })]);
    expect(view.nextAppointment).toBeNull();
  });

  it('reads an unknown grid state of the vendor as not started instead of failing', () => {
    const view = toProjectJourney(project, journey(1, { gridOperator: { ...journey(0).gridOperator, status: 'SOMETHING_NEW' } }), [], now);
    expect(view.gridOperator.status).toBe('NOT_STARTED');
  });
});

describe('legal deadlines', () => {
  const grid = journey(0).gridOperator;

  it('gives the grid operator one month for plants up to 30 kWp and eight weeks for the check once the documents are complete', () => {
    const sent = journey(3, { gridOperator: { ...grid, status: 'REQUEST_SENT', since: '2026-10-31T10:00:00.000Z', documentsCompleteAt: '2026-10-31T10:00:00.000Z' } });
    expect(deadlinesOf(sent, '2026-11-24')).toEqual([
      { kind: 'GRID_ONE_MONTH', startedOn: '2026-10-31', dueOn: '2026-11-30', source: 'EEG 2023 § 8 Abs. 5 (Solarpaket I)', responsible: 'GRID_OPERATOR', overdue: false },
      { kind: 'GRID_CHECK', startedOn: '2026-10-31', dueOn: '2026-12-26', source: 'EEG 2023 § 8 Abs. 6', responsible: 'GRID_OPERATOR', overdue: false },
    ]);
    expect(deadlinesOf({ ...sent, peakPowerKw: 45 }, '2026-11-24').map((d) => d.kind)).toEqual(['GRID_CHECK']);
    expect(deadlinesOf(sent, '2026-12-01').find((d) => d.kind === 'GRID_ONE_MONTH')?.overdue).toBe(true);
  });

  it('stops the grid-check clock while documents are requested', () => {
    const asked = journey(3, { gridOperator: { ...grid, status: 'INFORMATION_REQUESTED', since: '2026-11-10T10:00:00.000Z' } });
    expect(deadlinesOf(asked, '2026-11-24')).toEqual([]);
  });

  it('gives the meter operator one month from the order, the customer a right after six weeks, and the MaStR one month from commissioning', () => {
    const reported = journey(7, {
      gridOperator: { ...grid, status: 'METER_APPOINTMENT', meterOrderedAt: '2026-01-31T09:00:00.000Z' },
      commissionedAt: '2026-01-31T09:00:00.000Z',
    });
    expect(deadlinesOf(reported, '2026-03-20')).toEqual([
      { kind: 'METER_SWAP', startedOn: '2026-01-31', dueOn: '2026-02-28', source: 'MsbG § 3 Abs. 3a', responsible: 'METER_OPERATOR', overdue: true },
      { kind: 'MASTR_REGISTRATION', startedOn: '2026-01-31', dueOn: '2026-02-28', source: 'MaStRV § 5 Abs. 1', responsible: 'CUSTOMER', overdue: true },
      { kind: 'METER_THIRD_PARTY', startedOn: '2026-01-31', dueOn: '2026-03-14', source: 'MsbG § 3 Abs. 3a', responsible: 'CUSTOMER', overdue: false },
    ]);
    const registered = { ...reported, mastr: { ...reported.mastr, status: 'REGISTERED' as const }, gridOperator: { ...reported.gridOperator, status: 'METER_SET' } };
    expect(deadlinesOf(registered, '2026-03-20')).toEqual([]);
  });
});
