import { refusalAnchor } from '~/bff/contracts/form-flash.ts';

interface Props {
  /** The form's id: the summary is its refusal's anchor (`<form>-errors`). */
  form: string;
  className: string;
  message: string;
  /** Each refused field: its input's id, its label and what to change there. */
  fields: readonly { id: string; label: string; text: string }[];
}

/**
 * The island twin of site/components/FormErrorSummary.astro (docs/architecture.md "Forms without JavaScript"): the
 * top of a refused form, focusable, so the refusal's anchor focuses it; each refused field named with a link to it.
 */
export function ErrorSummary({ form, className, message, fields }: Props) {
  return (
    <div className={className} id={refusalAnchor(form)} role="alert" tabIndex={-1}>
      <p>{message}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map((field) => (
            <li key={field.id}>
              <a href={`#${field.id}`}>
                {field.label}: {field.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
