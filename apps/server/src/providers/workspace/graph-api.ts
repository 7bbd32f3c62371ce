import { z } from 'zod';
import { type JsonFailure, requestJson } from '../http-json';
import { ProviderError } from '../provider-errors';
import { bearerOf, type WorkspaceAccount } from './account';

export const GRAPH = 'Microsoft Graph';

export interface GraphOptions {
  /** `https://graph.microsoft.com/v1.0` */
  baseUrl: string;
  timeoutMs: number;
}

export interface GraphCall {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Preferences besides immutable ids: `outlook.timezone="UTC"`, `outlook.body-content-type="text"`. */
  prefer?: string[];
}

/**
 * Ids that stay the same when Outlook moves an item (a draft into Sent Items, an event to another
 * calendar), so what search returned still names the message after it is sent.
 */
const IMMUTABLE_IDS = 'IdType="ImmutableId"';

/**
 * The Graph calls the Outlook, calendar and contacts adapters share: the bearer, the Prefer
 * header, the error mapping of http-json.ts, zod on every answer and bounded paging.
 */
export class GraphApi {
  private readonly origin: string;
  private readonly base: string;

  constructor(private readonly options: GraphOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.base).origin;
  }

  /**
   * A URL under the base. Query values are percent-encoded (a space as %20, a plus as %2B: Graph
   * reads `+` as a space); the `$` of OData's option names stays as Graph documents them.
   */
  url(path: string, query: Record<string, string | number> = {}): URL {
    const url = new URL(`${this.base}${path}`);
    url.search = Object.entries(query)
      .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
      .join('&');
    return url;
  }

  /** One call whose answer must have `schema`'s shape; anything else is a protocol failure. */
  async json<S extends z.ZodType>(
    account: WorkspaceAccount,
    url: URL,
    schema: S,
    call: GraphCall = {},
  ): Promise<z.infer<S>> {
    const raw = await this.call(account, url, call);
    const parsed = schema.safeParse(raw);
    if (!parsed.success)
      throw new ProviderError(
        'protocol',
        `${GRAPH} answered ${call.method ?? 'GET'} ${url.pathname} in an unknown shape`,
        {
          cause: parsed.error,
        },
      );
    return parsed.data;
  }

  /** One call whose answer does not matter (202 and 204 carry none). */
  async call(account: WorkspaceAccount, url: URL, call: GraphCall = {}): Promise<unknown> {
    return requestJson(
      url,
      {
        method: call.method ?? 'GET',
        headers: {
          authorization: `Bearer ${bearerOf(account)}`,
          prefer: [IMMUTABLE_IDS, ...(call.prefer ?? [])].join(', '),
        },
        body: call.body,
        timeoutMs: this.options.timeoutMs,
        service: GRAPH,
      },
      graphFailure,
    );
  }

  /**
   * A collection's items, following @odata.nextLink until `maxItems` kept items or `maxPages`
   * pages, whichever comes first, so no account can keep us paging.
   */
  async collect<S extends z.ZodType>(
    account: WorkspaceAccount,
    first: URL,
    item: S,
    limits: { maxItems: number; maxPages: number; keep?: (item: z.infer<S>) => boolean },
    call: GraphCall = {},
  ): Promise<z.infer<S>[]> {
    const page = pageOf(item);
    const items: z.infer<S>[] = [];
    let url = first;
    for (let count = 1; ; count += 1) {
      const answer: z.infer<typeof page> = await this.json(account, url, page, call);
      for (const entry of answer.value as z.infer<S>[])
        if (!limits.keep || limits.keep(entry)) items.push(entry);
      const next: string | undefined = answer['@odata.nextLink'];
      if (!next || items.length >= limits.maxItems || count >= limits.maxPages) break;
      url = this.nextPage(next);
    }
    return items.slice(0, limits.maxItems);
  }

  /** A next link carries our bearer token when followed, so it may only lead back to the same API. */
  nextPage(link: string): URL {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new ProviderError('protocol', `${GRAPH} sent a next link that is not a URL`);
    }
    if (url.origin !== this.origin)
      throw new ProviderError('protocol', `${GRAPH} sent a next link elsewhere`);
    return url;
  }
}

function pageOf<S extends z.ZodType>(item: S) {
  return z.object({ value: z.array(item), '@odata.nextLink': z.string().optional() });
}

/**
 * Graph's own wording of a failure where the status alone misleads: an id Graph cannot parse is
 * a 400, but for us it names nothing there (an id the assistant mistyped, one from another mailbox).
 */
function graphFailure(failure: JsonFailure): ProviderError | null {
  const code = (failure.body as { error?: { code?: unknown } } | null)?.error?.code;
  if (failure.status === 400 && (code === 'ErrorInvalidIdMalformed' || code === 'ErrorInvalidId'))
    return new ProviderError('not_found', `${GRAPH} does not know that id`, { status: 400 });
  return null;
}
