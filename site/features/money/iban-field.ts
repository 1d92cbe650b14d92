import { CSRF_HEADER, CSRF_HEADER_VALUE, INTERNAL_API_BASE } from '~/bff/contracts/http.ts';
import { MONEY_PATHS, type IbanCheck, type IbanProblem } from '~/bff/contracts/money.ts';

/** The texts the page gives the script (German or English), `{bank}` and `{length}` filled in here. */
interface Messages {
  checking: string;
  ok: string;
  okNoBank: string;
  later: string;
  problems: Record<IbanProblem, string>;
}

const CHECK_URL = `${INTERNAL_API_BASE}/${MONEY_PATHS.ibanValidation}`;
const normalized = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/**
 * The IBAN field's small enhancement (docs/money.md): checks the IBAN at the portal (local check and the IBAN validator)
 * after typing pauses and on leaving the field, names the reason at the field, fills BIC and bank from the answer,
 * and keeps the form from being sent with a wrong IBAN, so nothing typed is lost. A failed check never blocks: the
 * form then goes to the BFF, which checks again. No IBAN is stored in the browser.
 */
export function enhanceIbanFields(root: ParentNode) {
  for (const field of root.querySelectorAll<HTMLElement>('[data-iban-field]')) enhance(field);
}

function enhance(field: HTMLElement) {
  const form = field.closest('form');
  const found = field.querySelector<HTMLInputElement>('input[name="iban"]');
  const foundError = found && field.querySelector<HTMLElement>(`#${CSS.escape(found.id)}-error`);
  const foundStatus = field.querySelector<HTMLElement>('[data-iban-status]');
  if (!form || !found || !foundError || !foundStatus) return;
  const input: HTMLInputElement = found;
  const error: HTMLElement = foundError;
  const status: HTMLElement = foundStatus;
  const bic = form.querySelector<HTMLInputElement>('input[name="bic"]');
  const bank = form.querySelector<HTMLInputElement>('input[name="bankName"]');
  const messages = JSON.parse(field.dataset.messages ?? '{}') as Messages;
  let last: { value: string; result: IbanCheck | null } | null = null;
  let running: { value: string; answer: Promise<IbanCheck | null> } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setError = (text: string) => {
    error.textContent = text;
    error.hidden = text === '';
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  function show(result: IbanCheck | null) {
    status.textContent = '';
    if (!result) return setError('');
    if (!result.valid) {
      const text = messages.problems[result.problem ?? 'FORMAT'] ?? messages.problems.FORMAT;
      return setError(text.replace('{length}', String(result.expectedLength ?? '')));
    }
    setError('');
    if (result.bic && bic) bic.value = result.bic;
    if (result.bankName && bank) bank.value = result.bankName;
    if (result.remote === 'UNAVAILABLE') status.textContent = messages.later;
    else status.textContent = result.bankName ? messages.ok.replace('{bank}', `${result.bankName}${result.bic ? ` (${result.bic})` : ''}`) : messages.okNoBank;
  }

  async function check(): Promise<IbanCheck | null> {
    const value = normalized(input.value);
    if (value === '') {
      show(null);
      return null;
    }
    if (last?.value === value) return last.result;
    // Leaving the field and pressing "send" check the same IBAN: one request for both.
    if (running?.value === value) return running.answer;
    const answer = ask(value);
    running = { value, answer };
    return answer.finally(() => {
      if (running?.answer === answer) running = null;
    });
  }

  async function ask(value: string): Promise<IbanCheck | null> {
    status.textContent = messages.checking;
    let result: IbanCheck | null = null;
    try {
      // POST with the IBAN in the body: in a URL it would land in every access log on the way (docs/money.md).
      const response = await fetch(CHECK_URL, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
        body: JSON.stringify({ iban: value }),
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (response.ok) result = (await response.json()) as IbanCheck;
    } catch {
      result = null;
    }
    // The customer may have typed on meanwhile: only the answer for what is in the field counts.
    if (normalized(input.value) !== value) return null;
    last = { value, result };
    show(result);
    return result;
  }

  input.addEventListener('input', () => {
    delete form.dataset.ibanChecked;
    clearTimeout(timer);
    if (!error.hidden) setError('');
    if (normalized(input.value).length >= 15) timer = setTimeout(() => void check(), 700);
  });
  input.addEventListener('blur', () => {
    clearTimeout(timer);
    void check();
  });
  form.addEventListener('submit', (event) => {
    const value = normalized(input.value);
    if (form.dataset.ibanChecked === 'yes' || value === '') return;
    // Known already (the field was left or typing paused): a wrong IBAN stays here, a right one goes at once.
    if (last?.value === value) {
      if (last.result && !last.result.valid) {
        event.preventDefault();
        show(last.result);
        input.focus();
      }
      return;
    }
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
    void check().then((result) => {
      if (result && !result.valid) {
        input.focus();
        return;
      }
      form.dataset.ibanChecked = 'yes';
      // Not inside this submit event's dispatch: a form that is firing its submission events ignores requestSubmit.
      setTimeout(() => form.requestSubmit(submitter), 0);
    });
  });
}
