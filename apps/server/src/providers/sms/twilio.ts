import { formatAddress } from './address';
import { SmsDeliveryError, type SmsMessage, type SmsSender } from './sms';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A sender number (+E.164) or a Messaging Service SID (MG...). */
  from: string;
  /** https://api.twilio.com; tests aim it at a loopback server. */
  baseUrl: string;
}

/** Twilio's Messages REST API: POST a form to /2010-04-01/Accounts/{sid}/Messages.json with basic auth. */
export class TwilioSms implements SmsSender {
  readonly name = 'twilio' as const;

  constructor(
    private readonly settings: TwilioSettings,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: SmsMessage): Promise<{ id: string }> {
    const { accountSid, authToken, from, baseUrl } = this.settings;
    const channel = message.channel ?? 'sms';
    const form = new URLSearchParams({ To: formatAddress(channel, message.to), Body: message.body });
    // A Messaging Service picks its own sender for the channel the To names (its WhatsApp sender
    // for whatsapp:...); a number must be named on the same channel as the recipient.
    if (from.startsWith('MG')) form.set('MessagingServiceSid', from);
    else form.set('From', formatAddress(channel, from));
    let response: Response;
    try {
      response = await fetch(
        `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(this.timeoutMs),
        },
      );
    } catch (error) {
      // A timeout may have come after Twilio took the message; a refused connection cannot have.
      const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
      throw new SmsDeliveryError(
        `Twilio unreachable: ${(error as Error).message}`,
        timedOut ? { outcomeUnknown: true } : {},
      );
    }
    const payload = (await response.json().catch(() => ({}))) as {
      sid?: string;
      code?: number;
      message?: string;
    };
    if (!response.ok || !payload.sid) {
      throw new SmsDeliveryError(`Twilio refused the message: ${payload.message ?? response.statusText}`, {
        status: response.status,
        ...(payload.code !== undefined ? { providerCode: payload.code } : {}),
      });
    }
    return { id: payload.sid };
  }
}
