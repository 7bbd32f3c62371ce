import type { SmsChannel } from './address';

/** The SMS port: one text message to one E.164 number. */
export interface SmsMessage {
  /** The bare E.164 number, whatever the channel. */
  to: string;
  body: string;
  /**
   * 'whatsapp' sends through Twilio's WhatsApp channel (the assistant answers on the channel a
   * message came in on); default 'sms'.
   */
  channel?: SmsChannel;
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
    readonly detail: {
      status?: number;
      providerCode?: string | number;
      /** No answer came in time: the provider may have accepted the text (the SMS outbox never resends it). */
      outcomeUnknown?: boolean;
    } = {},
  ) {
    super(message);
  }
}
