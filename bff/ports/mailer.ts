export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Sends mail (SMTP in every environment). Adapter: adapters/smtp-mailer.ts. */
export interface Mailer {
  /** The sender address mails go out with (for the mail log). */
  readonly from: string;
  /** Resolves once the SMTP server accepted the mail; rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}
