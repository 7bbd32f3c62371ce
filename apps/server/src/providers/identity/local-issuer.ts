import { createHash, generateKeyPairSync, type JsonWebKey, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OAUTH_SLUGS } from '@app/contract/common';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration } from 'oidc-provider';
import { answerLoopbackOnly } from '../../lib/dev-only';
import { hmac } from '../../lib/secrets';
import { PROVIDER_SCOPES, type SignInProvider } from './identity';
import { interactionPage } from './local-issuer-page';

export const LOCAL_CLIENT_ID = 'relay-local';
/** What sign-in itself needs: always granted; only the services are the person's to untick. */
const SIGN_IN_SCOPES = new Set(['openid', 'email', 'profile', 'offline_access', 'public_profile']);

export interface LocalIssuer {
  provider: SignInProvider;
  issuer: string;
  clientSecret: string;
}

interface Account {
  email: string;
  name: string;
  /** Every grant the person gave the app, so "remove access" can withdraw them all. */
  grantIds: Set<string>;
}

let cachedKey: JsonWebKey | undefined;
function signingKey(): JsonWebKey & { use: string; alg: string } {
  cachedKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  return { ...cachedKey, use: 'sig', alg: 'RS256' };
}

/** The same email signs in as the same account (one stable `sub`), as at the real provider. */
function accountIdFor(provider: SignInProvider, email: string): string {
  return createHash('sha256').update(`${provider}:${email.trim().toLowerCase()}`).digest('hex').slice(0, 24);
}

/**
 * A real OpenID Provider (oidc-provider) per stand-in provider, mounted at
 * `/dev/idp/<provider>`, with a plain sign-in page (any email and name) where the person can
 * untick scopes. The app's OAuth client talks to it exactly as to Google or Microsoft.
 */
async function createLocalIssuer(
  publicUrl: string,
  provider: SignInProvider,
  {
    issuer,
    clientSecret,
    accounts,
  }: { issuer: string; clientSecret: string; accounts: Map<string, Account> },
): Promise<Provider> {
  // Loaded on the stand-in's first request, not at start: oidc-provider is a large module tree
  // that a server signing in through the real providers never needs.
  const { default: Provider } = await import('oidc-provider');
  const configuration: Configuration = {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${publicUrl}/v1/${OAUTH_SLUGS[provider]}/callback`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    scopes: [...PROVIDER_SCOPES[provider].requested],
    claims: {
      openid: provider === 'microsoft' ? ['sub', 'tid', 'oid'] : ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    pkce: { required: () => true },
    // Like Google and Microsoft: email and name are in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // One signing key per process: the stand-in's tokens need not outlive it, and an RSA key
    // costs a fifth of a second to make.
    jwks: { keys: [signingKey()] },
    // Like Google with access_type=offline: a refresh token whenever the client may refresh.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx, interaction) => `/dev/idp/${provider}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: account.name,
          // Microsoft keys people by tenant and object id; the local tenant is one fixed id.
          ...(provider === 'microsoft' ? { tid: '9188040d-6c67-4c5b-b112-36a304b66dad', oid: sub } : {}),
        }),
      };
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      // Long enough that a connection made today still refreshes next week, as at the real providers.
      Grant: 30 * 24 * 3600,
      RefreshToken: 30 * 24 * 3600,
    },
  };
  const oidc = new Provider(issuer, configuration);
  oidc.proxy = true;
  return oidc;
}

/** Mounts one local issuer and its sign-in page on the app. */
export async function mountLocalIssuer(app: FastifyInstance, provider: SignInProvider): Promise<LocalIssuer> {
  const prefix = `/dev/idp/${provider}`;
  const issuer = `${app.config.publicUrl}${prefix}`;
  // Derived, not drawn: an instance refreshes a token at the issuer of the instance at PUBLIC_URL,
  // so every instance sharing the master key must present the same secret (decision 593).
  const clientSecret = hmac(app.secrets.localIssuer, `client-secret:${provider}`);
  const accounts = new Map<string, Account>();
  // The OpenID Provider and its signing key are made on the first request that needs them.
  let created: Promise<{ oidc: Provider; handle: ReturnType<Provider['callback']> }> | undefined;
  const ready = () =>
    (created ??= createLocalIssuer(app.config.publicUrl, provider, { issuer, clientSecret, accounts }).then(
      (oidc) => ({ oidc, handle: oidc.callback() }),
    ));

  await app.register(
    async (scope) => {
      answerLoopbackOnly(scope);
      // oidc-provider reads its own request bodies: leave the stream untouched.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

      scope.get('/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
        const { oidc } = await ready();
        const details = await oidc.interactionDetails(request.raw, reply.raw);
        const requested = String(details.params.scope ?? '')
          .split(' ')
          .filter(Boolean);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            interactionPage({
              provider,
              uid: details.uid,
              scopes: requested,
              language: languageOf(request.headers['accept-language']),
            }),
          );
      });

      scope.post('/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
        const { oidc } = await ready();
        const form = new URLSearchParams(await readBody(request.raw));
        const details = await oidc.interactionDetails(request.raw, reply.raw);
        if (form.get('action') === 'deny') {
          await oidc.interactionFinished(
            request.raw,
            reply.raw,
            { error: 'access_denied', error_description: 'The person declined.' },
            { mergeWithLastSubmission: false },
          );
          return reply.hijack();
        }
        const email = (form.get('email') ?? '').trim().slice(0, 200) || `ada@${provider}.local`;
        const name = (form.get('name') ?? '').trim().slice(0, 100) || 'Ada Lovelace';
        const accountId = accountIdFor(provider, email);
        const account = accounts.get(accountId) ?? { email, name, grantIds: new Set<string>() };
        accounts.set(accountId, { ...account, email, name });
        const requested = String(details.params.scope ?? '').split(' ');
        const ticked = new Set(form.getAll('scope'));
        // openid, email and profile are what sign-in needs; the services are the person's choice.
        const granted = requested.filter((scope) => SIGN_IN_SCOPES.has(scope) || ticked.has(scope));
        const grant = new oidc.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(granted.join(' '));
        // Unticked scopes are refused, not pending: the provider must not ask again.
        const refused = requested.filter((scope) => scope && !granted.includes(scope));
        if (refused.length > 0) grant.rejectOIDCScope(refused.join(' '));
        const grantId = await grant.save();
        accounts.get(accountId)?.grantIds.add(grantId);
        await oidc.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return reply.hijack();
      });

      // Facebook's stand-in profile API (its Graph `/me`): the account behind an access token.
      scope.get('/graph/me', { schema: { hide: true } }, async (request, reply) => {
        const { oidc } = await ready();
        const token = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
        const found = token ? await oidc.AccessToken.find(token) : undefined;
        const account = found?.accountId ? accounts.get(found.accountId) : undefined;
        if (!found || !account)
          return reply.code(401).send({ error: { message: 'Invalid OAuth access token.' } });
        return { id: found.accountId, name: account.name, email: account.email };
      });

      // The provider's "remove access" page (Google's myaccount.google.com/permissions), for
      // trying what happens when a person withdraws the app's access: every grant of the account
      // goes, so its refresh tokens answer invalid_grant and its access tokens stop working.
      scope.post('/revoke', { schema: { hide: true } }, async (request, reply) => {
        const { oidc } = await ready();
        const form = new URLSearchParams(await readBody(request.raw));
        const accountId = accountIdFor(provider, form.get('email') ?? '');
        const account = accounts.get(accountId);
        let revoked = 0;
        for (const grantId of account?.grantIds ?? []) {
          const grant = await oidc.Grant.find(grantId);
          if (grant) {
            await grant.destroy();
            revoked += 1;
          }
        }
        account?.grantIds.clear();
        return reply.send({ revoked });
      });

      // Facebook's "remove the app": every permission withdrawn, the grant and its tokens gone.
      scope.delete('/graph/me/permissions', { schema: { hide: true } }, async (request, reply) => {
        const { oidc } = await ready();
        const token = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
        const found = token ? await oidc.AccessToken.find(token) : undefined;
        if (!found) return reply.code(401).send({ error: { message: 'Invalid OAuth access token.' } });
        const grant = found.grantId ? await oidc.Grant.find(found.grantId) : undefined;
        await grant?.destroy();
        await found.destroy();
        return { success: true };
      });

      scope.all('/*', { schema: { hide: true } }, async (request, reply) => {
        const { handle } = await ready();
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '/').slice(prefix.length) || '/';
        handle(raw, reply.raw as ServerResponse);
      });
    },
    { prefix },
  );
  return { provider, issuer, clientSecret };
}

function languageOf(header: string | undefined): 'en' | 'zh' {
  return String(header ?? '')
    .trim()
    .toLowerCase()
    .startsWith('zh')
    ? 'zh'
    : 'en';
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 16_384) request.destroy(new Error('form too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}
