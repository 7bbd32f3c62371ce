import type { z } from 'zod';
import { type JsonFailure, requestJson } from './http-json';
import { ProviderError } from './provider-errors';
import { bearerOf, type WorkspaceAccount } from './workspace/account';

/**
 * Google words a refusal that no scope would fix as 403 too: writing to a calendar shared
 * read-only, changing an event someone else organises, a delegated mailbox that says no. Asking
 * the person to grant a permission again would not help, so these are `rejected`; every other
 * 403 (insufficientPermissions, ACCESS_TOKEN_SCOPE_INSUFFICIENT) stays scope_missing.
 */
const NOT_A_SCOPE = new Set([
  'forbidden',
  'requiredAccessLevel',
  'forbiddenForNonOrganizer',
  'cannotChangeOrganizer',
]);

export interface GoogleCall {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path segments are the caller's to encode. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** One client of one Google REST API (Calendar v3, Gmail v1, People v1), in the workspace's vocabulary. */
export class GoogleApi {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(
    options: { baseUrl: string; timeoutMs: number },
    /** Names the API in error messages. */
    readonly service: string,
    /** A failure this API words its own way (Gmail's 400 for an id it cannot read). */
    private readonly classifyMore?: (failure: JsonFailure) => ProviderError | null,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs;
  }

  call(account: WorkspaceAccount, call: GoogleCall): Promise<unknown> {
    const url = new URL(`${this.baseUrl}${call.path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
    return requestJson(
      url,
      {
        method: call.method ?? 'GET',
        headers: { authorization: `Bearer ${bearerOf(account)}` },
        body: call.body,
        timeoutMs: this.timeoutMs,
        service: this.service,
      },
      (failure) => this.classifyMore?.(failure) ?? this.notAScope(failure),
    );
  }

  /** `call`, its answer read with `schema`; an answer of another shape is a protocol failure. */
  async read<S extends z.ZodType>(
    account: WorkspaceAccount,
    call: GoogleCall,
    schema: S,
  ): Promise<z.output<S>> {
    const raw = await this.call(account, call);
    const parsed = schema.safeParse(raw);
    if (!parsed.success)
      throw new ProviderError('protocol', `${this.service} answered an unexpected shape`, {
        cause: parsed.error,
      });
    return parsed.data;
  }

  private notAScope(failure: JsonFailure): ProviderError | null {
    if (failure.status !== 403) return null;
    const reasons = reasonsOf(failure.body);
    if (reasons.length > 0 && reasons.every((reason) => NOT_A_SCOPE.has(reason)))
      return new ProviderError('rejected', `${this.service} refused: ${reasons.join(', ')}`, { status: 403 });
    return null;
  }
}

/** The `reason` of each entry in Google's `error.errors` list. */
function reasonsOf(body: unknown): string[] {
  const errors = (body as { error?: { errors?: unknown } } | null)?.error?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .map((entry) => (entry as { reason?: unknown } | null)?.reason)
    .filter((reason): reason is string => typeof reason === 'string');
}

/** A path segment: an id from outside never becomes a `/` or a `?` in our URL. */
export const segment = encodeURIComponent;
