import { ZSendVerificationCodeRequest } from '@app/contract/auth/send-verification-code';
import { COUNTRIES } from '@app/contract/countries';
import { toE164 } from '@app/contract/phone';
import { examplePhone } from '@app/contract/phone-example';
import type { FastifyInstance } from 'fastify';
import { createSession, hashToken } from '../../src/modules/auth/sessions';
import { bearer, signIn } from './auth';
import type { EmptyDav } from './empty-dav';
import { authorize } from './oauth-flow';

interface Person {
  phone: string;
  userId: string;
  token: string;
  sessionId: string;
  /** Another live session of the same person, for the routes that revoke one. */
  otherSessionId: string;
}

/** Text the generators may produce that stands for a value known only while the run goes on. */
const MARKERS = [
  '«phone»',
  '«userId»',
  '«sessionId»',
  '«otherSessionId»',
  '«google»',
  '«microsoft»',
  '«apple»',
];

/**
 * The system a fuzz run talks to: one real person signed in by phone, with Google and Microsoft
 * connected through the local issuer and Apple on an empty DAV server. Requests may end the
 * session or delete the person; `ready` brings them back before the next request, so later
 * requests still reach the handlers behind authentication.
 */
export class FuzzWorld {
  private person: Person | null = null;
  private people = 0;
  private connections: Record<string, string> = {};
  /** Whether the last request may have ended the session or the person (checked before the next). */
  private shaken = true;

  constructor(
    private readonly app: FastifyInstance,
    private readonly base: string,
    private readonly dav: EmptyDav,
    readonly serviceKey: string,
  ) {}

  /**
   * What the generators offer for a field, by its name: the markers of the live rows it may
   * name and numbers that parse; any other field gets all of them, as a client could send.
   */
  static hints(): (field: string) => readonly string[] {
    const numbers = COUNTRIES.slice(0, 8).flatMap((country) => {
      const e164 = toE164(country, examplePhone(country).replace(/\D/g, ''));
      return e164 ? [e164] : [];
    });
    const providers = ['google', 'azure', 'microsoft', 'apple', 'facebook'];
    const byName: [RegExp, string[]][] = [
      [/user/i, ['«userId»']],
      [/session/i, ['«sessionId»', '«otherSessionId»']],
      // The signed-in number half the time: the others parse but name nobody.
      [/phone|e164/i, [...numbers.map(() => '«phone»'), ...numbers]],
      [/account|connection/i, ['«google»', '«microsoft»', '«apple»', ...providers]],
      [/provider/i, providers],
    ];
    const all = [...MARKERS, ...numbers, ...providers];
    return (field) => byName.find(([pattern]) => pattern.test(field))?.[1] ?? all;
  }

  get token(): string {
    return this.person!.token;
  }

  /**
   * Notes what a request did: only a change that succeeded (a logout, a revocation, a deletion)
   * or a refusal of the session can have ended it, so only then is it looked up again.
   */
  answered(method: string, status: number, asUser: boolean): void {
    if ((method !== 'GET' && status < 300) || (asUser && status === 401)) this.shaken = true;
  }

  /** A live session for a person who exists, made anew when the last request ended either. */
  async ready(): Promise<void> {
    if (!this.shaken) return;
    this.shaken = false;
    const now = new Date().toISOString();
    if (this.person && (await this.app.authRepo.findLiveSession(hashToken(this.person.token), now))) return;
    const user = this.person && (await this.app.usersRepo.findById(this.person.userId));
    if (this.person && user) {
      this.person.token = await this.session(this.person.userId);
      this.person.sessionId = await this.sessionId(this.person.token);
    } else {
      await this.newPerson();
    }
  }

  /** A new session for the same person: when a per-session limit was reached. */
  async renewSession(): Promise<void> {
    if (!this.person) return this.ready();
    this.person.token = await this.session(this.person.userId);
    this.person.sessionId = await this.sessionId(this.person.token);
  }

  /** Google, Microsoft and Apple connected again where a request took them away. */
  async connectAll(): Promise<void> {
    this.shaken = true;
    await this.ready();
    const person = this.person!;
    for (const [slug, provider] of [
      ['google', 'google'],
      ['azure', 'microsoft'],
    ] as const) {
      const row = await this.app.connectionsRepo.findForUser(person.userId, provider);
      if (row?.status === 'connected') continue;
      if (row) await this.app.connectionsRepo.delete(row.id);
      const email = `fuzz-${this.people}-${slug}-${Date.now()}@example.com`;
      await authorize(this.base, slug, { email }, { token: person.token });
    }
    const apple = await this.app.connectionsRepo.findForUser(person.userId, 'apple');
    if (apple?.status !== 'connected') {
      if (apple) await this.app.connectionsRepo.delete(apple.id);
      await this.dav.connect(this.app, person.userId);
    }
    for (const provider of ['google', 'microsoft', 'apple'] as const) {
      this.connections[provider] = (await this.app.connectionsRepo.findForUser(person.userId, provider))!.id;
    }
  }

  /** The text with every marker replaced by what it stands for now. */
  fill(text: string): string {
    if (!text.includes('«')) return text;
    const person = this.person!;
    const values: Record<string, string> = {
      '«phone»': person.phone,
      '«userId»': person.userId,
      '«sessionId»': person.sessionId,
      '«otherSessionId»': person.otherSessionId,
      '«google»': this.connections.google ?? '',
      '«microsoft»': this.connections.microsoft ?? '',
      '«apple»': this.connections.apple ?? '',
    };
    return text.replace(/«[a-zA-Z]+»/g, (marker) => values[marker] ?? marker);
  }

  private async newPerson(): Promise<void> {
    this.people += 1;
    const phone = `+61413${String(this.people).padStart(6, '0')}`;
    ZSendVerificationCodeRequest.parse({ phoneNumber: phone });
    const token = await signIn(this.app, phone);
    const me = await this.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) });
    const userId = me.json().user.id as string;
    const other = await this.session(userId);
    this.person = {
      phone,
      userId,
      token,
      sessionId: await this.sessionId(token),
      otherSessionId: await this.sessionId(other),
    };
    this.connections = {};
  }

  private async session(userId: string): Promise<string> {
    const user = (await this.app.usersRepo.findById(userId))!;
    return createSession({ auth: this.app.authRepo, events: this.app.securityEvents }, user, {
      provider: 'phone',
      origin: { userAgent: 'fuzz', network: null },
      now: new Date(),
    });
  }

  private async sessionId(token: string): Promise<string> {
    const row = await this.app.authRepo.findLiveSession(hashToken(token), new Date().toISOString());
    return row?.id ?? '';
  }
}
