/** The mail port: one plain-text message. */
export interface MailMessage {
  to: string;
  from: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  /** Lets the receiving side (and a retry) recognise the same mail. */
  messageId?: string;
}

export interface MailSender {
  readonly name: 'smtp' | 'local';
  send(message: MailMessage): Promise<void>;
  close?(): void;
}
