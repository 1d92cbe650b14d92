import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import './TextField.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'size'> {
  label: string;
  /** Shown in red under the input; marks the input invalid and is announced politely. */
  error?: string | null | undefined;
  /** Shown in green under the input when there is no error. */
  success?: string | null | undefined;
  /** An extra hint under the input, e.g. the expected format. */
  hint?: string | undefined;
  /** For `type="password"`: names of the show/hide button. */
  passwordToggleLabels?: { show: string; hide: string } | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Text field of the shared UI: floating label, valid/invalid styling, an optional success or error
 * message under the input (linked by aria-describedby; errors also set aria-invalid), and for password fields a
 * show/hide toggle.
 */
export function TextField({
  label,
  error,
  success,
  hint,
  passwordToggleLabels,
  id,
  type = 'text',
  className,
  ref,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const messageId = `${inputId}-message`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const state = error ? 'invalid' : success ? 'valid' : 'neutral';
  const message = error || success || '';
  const describedBy = [hint ? hintId : '', messageId, inputProps['aria-describedby'] ?? ''].filter(Boolean).join(' ');

  return (
    <div className={['text-field', `text-field--${state}`, className ?? ''].filter(Boolean).join(' ')}>
      <div className="text-field__control">
        <input
          {...inputProps}
          ref={ref}
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          className="text-field__input"
          // A blank placeholder lets CSS float the label once something was typed (:placeholder-shown).
          placeholder=" "
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <label className="text-field__label" htmlFor={inputId}>
          {label}
        </label>
        {isPassword && passwordToggleLabels && (
          <button
            type="button"
            className="text-field__toggle"
            aria-pressed={revealed}
            aria-controls={inputId}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? passwordToggleLabels.hide : passwordToggleLabels.show}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-field__hint">
          {hint}
        </p>
      )}
      {/* Always in the page, so that a message appearing in it is announced. */}
      <p id={messageId} className="text-field__message" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
