/** The SMS port: one text message to one E.164 number. */
export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  readonly name: 'twilio' | 'local';
  send(message: SmsMessage): Promise<{ id: string }>;
}

/** The provider refused or could not be reached; the caller decides what the user sees. */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
  constructor(
    message: string,
    readonly detail: { status?: number; providerCode?: string | number } = {},
  ) {
    super(message);
  }
}
