import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { OpenIdIdentity } from '../src/providers/identity/openid';

/**
 * Microsoft's multi-tenant issuer (`.../common/v2.0`) publishes the issuer
 * `https://login.microsoftonline.com/{tenantid}/v2.0`: each ID token must carry the issuer of its
 * own tenant (`tid`). The provider's HTTPS endpoints are answered here, in process, because that
 * rule hangs on Microsoft's exact origin.
 */
const CLIENT_ID = 'relay-client-id';
const TENANT_A = randomUUID();
const TENANT_B = randomUUID();

async function microsoftAt(idTokenClaims: (nonce: string) => Record<string, unknown>) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let nonce = '';
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const fetch = async (url: string, init: { body?: unknown }) => {
    const { pathname } = new URL(url);
    if (pathname === '/common/v2.0/.well-known/openid-configuration') {
      return json({
        issuer: 'https://login.microsoftonline.com/{tenantid}/v2.0',
        authorization_endpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
        token_endpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
        jwks_uri: 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
        response_types_supported: ['code'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (pathname === '/common/discovery/v2.0/keys') return json({ keys: [jwk] });
    if (pathname === '/common/oauth2/v2.0/token') {
      expect(new URLSearchParams(String(init.body)).get('code_verifier')).toBe('v'.repeat(43));
      const idToken = await new SignJWT({ ...idTokenClaims(nonce), aud: CLIENT_ID })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      return json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken });
    }
    return new Response('not found', { status: 404 });
  };
  const identity = new OpenIdIdentity(
    {
      microsoft: {
        issuer: 'https://login.microsoftonline.com/common/v2.0',
        clientId: CLIENT_ID,
        clientSecret: 'secret-secret',
      },
    },
    { fetch: fetch as never },
  );
  const signIn = async () => {
    nonce = randomUUID();
    const url = await identity.authorizationUrl('microsoft', {
      redirectUri: 'https://relay.test/v1/azure/callback',
      state: 'state-1',
      nonce,
      codeChallenge: 'c'.repeat(43),
    });
    expect(url.origin).toBe('https://login.microsoftonline.com');
    return identity.exchangeCode('microsoft', {
      callbackUrl: new URL('https://relay.test/v1/azure/callback?code=the-code&state=state-1'),
      redirectUri: 'https://relay.test/v1/azure/callback',
      state: 'state-1',
      nonce,
      codeVerifier: 'v'.repeat(43),
    });
  };
  return { signIn };
}

describe('Microsoft multi-tenant sign-in', () => {
  it("accepts an ID token issued by the user's own tenant, keyed by tenant and object id", async () => {
    const oid = randomUUID();
    const { signIn } = await microsoftAt((nonce) => ({
      iss: `https://login.microsoftonline.com/${TENANT_A}/v2.0`,
      tid: TENANT_A,
      oid,
      sub: 'pairwise-sub',
      nonce,
      email: 'ms@example.com',
      name: 'Ms User',
    }));
    const identity = await signIn();
    expect(identity.accountId).toBe(`${TENANT_A}:${oid}`);
    expect(identity.email).toBe('ms@example.com');
  });

  it('refuses a token whose issuer is another tenant than its tid', async () => {
    const { signIn } = await microsoftAt((nonce) => ({
      iss: `https://login.microsoftonline.com/${TENANT_B}/v2.0`,
      tid: TENANT_A,
      oid: randomUUID(),
      sub: 'pairwise-sub',
      nonce,
    }));
    const error = await signIn().then(
      () => null,
      (reason: Error & { cause?: { code?: string; cause?: { claim?: string } } }) => reason,
    );
    expect(error?.message).toBe('unexpected JWT claim value encountered');
    expect(error?.cause?.code).toBe('OAUTH_JWT_CLAIM_COMPARISON_FAILED');
  });
});
