/**
 * The demo team's single sign-on identity provider: a standards-conformant OpenID Connect provider
 * (`oidc-provider`) with a sign-in page for the demo users of sso.example.com. The local hosted UI
 * (hosted-ui.ts) is its only client, as Cognito is a customer's IdP's client on AWS. Local only: the
 * users and their password are public, and nothing it holds survives a restart (nothing needs to).
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Adapter, AdapterPayload, KoaContextWithOIDC } from 'oidc-provider';

export interface SsoUser {
  email: string;
  givenName: string;
  familyName: string;
}

/** The demo identity provider's users (all with DEMO_SSO_PASSWORD): people of sso.example.com. */
export const DEMO_SSO_USERS: SsoUser[] = [
  { email: 'ada@sso.example.com', givenName: 'Ada', familyName: 'Lovelace' },
  { email: 'grace@sso.example.com', givenName: 'Grace', familyName: 'Hopper' },
  { email: 'alan@sso.example.com', givenName: 'Alan', familyName: 'Turing' },
];
/** Shown on the sign-in page: a local demo's password, not a secret. */
export const DEMO_SSO_PASSWORD = 'Sso-Demo-Passw0rd!';

export interface DemoIdpOptions {
  port: number;
  /** The one client: the local hosted UI (its redirect URI is its /oauth2/idpresponse). */
  client: { clientId: string; clientSecret: string; redirectUri: string };
  users?: SsoUser[];
}

export interface DemoIdp {
  issuer: string;
  server: Server;
}

/** A stable opaque subject per address, as a directory's object id would be. */
export const ssoSubject = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);

/** In-memory storage for the provider's sessions, interactions, codes and grants. */
function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt < Date.now()) store.delete(key);
    return entry && entry.expiresAt >= Date.now() ? entry.payload : undefined;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly name: string) {}
    private key = (id: string) => `${this.name}:${id}`;
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUserCode(userCode: string) {
      return [...store.keys()].map(live).find((p) => p?.userCode === userCode);
    }
    async findByUid(uid: string) {
      return [...store.keys()]
        .filter((k) => k.startsWith(`${this.name}:`))
        .map(live)
        .find((p) => p?.uid === uid);
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signInPage(options: { uid: string; users: SsoUser[]; email?: string; error?: string }) {
  const rows = options.users
    .map(
      (u) =>
        `<tr><td>${escapeHtml(`${u.givenName} ${u.familyName}`)}</td><td><code>${escapeHtml(u.email)}</code></td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Example Corp sign-in</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f2f4f8;color:#1b1f24}
header{background:#0b3d91;color:#fff;padding:14px 24px;font-weight:600;letter-spacing:.3px}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:10px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:28px 32px}
h1{font-size:20px;margin:0 0 4px}p.sub{margin:0 0 20px;color:#5b6470;font-size:14px}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
input{width:100%;box-sizing:border-box;padding:9px 10px;border:1px solid #c4cad3;border-radius:6px;font-size:15px}
.actions{display:flex;gap:10px;margin-top:20px}
button{flex:1;padding:10px;border-radius:6px;border:1px solid #0b3d91;font-size:15px;cursor:pointer}
button.primary{background:#0b3d91;color:#fff}button.secondary{background:#fff;color:#0b3d91}
.error{background:#fdecec;color:#a61b1b;border-radius:6px;padding:8px 10px;font-size:14px;margin-bottom:8px}
.demo{margin-top:26px;border-top:1px solid #e3e7ee;padding-top:14px;font-size:13px;color:#5b6470}
table{width:100%;border-collapse:collapse}td{padding:3px 0}code{font-size:12.5px}
</style></head>
<body><header>Example Corp &middot; Single sign-on</header>
<main>
<h1>Sign in with your Example Corp account</h1>
<p class="sub">Questionnaire Workspace asks you to sign in. This is the local demo identity provider of the
<code>sso.example.com</code> domain.</p>
${options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : ''}
<form method="post" action="/interaction/${escapeHtml(options.uid)}/login">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions">
<button class="secondary" type="submit" formaction="/interaction/${escapeHtml(options.uid)}/abort" formnovalidate>Cancel</button>
<button class="primary" type="submit">Sign in</button>
</div>
</form>
<div class="demo"><strong>Demo accounts</strong> (password <code>${escapeHtml(DEMO_SSO_PASSWORD)}</code>):
<table>${rows}</table></div>
</main></body></html>`;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 16 * 1024) chunks.push(chunk);
    });
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

/**
 * oidc-provider 9 warns on import that it wants Node 22; it runs on Node 20 (this project's minimum),
 * so that one line is left out of the start banner.
 */
async function loadProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING: Unsupported runtime')) warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

export async function startDemoIdp(options: DemoIdpOptions): Promise<DemoIdp> {
  const Provider = await loadProvider();
  const users = options.users ?? DEMO_SSO_USERS;
  const issuer = `http://127.0.0.1:${options.port}`;
  const bySubject = new Map(users.map((u) => [ssoSubject(u.email), u]));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'demo-idp', use: 'sig', alg: 'RS256' };

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: [options.client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Cognito reads the user's attributes from the ID token: put the scopes' claims in it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 3600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The hosted UI is a first-party client: no consent screen, the requested scopes are granted.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const user = bySubject.get(id);
      if (!user) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: user.email,
            email_verified: true,
            given_name: user.givenName,
            family_name: user.familyName,
            name: `${user.givenName} ${user.familyName}`,
          };
        },
      };
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${escapeHtml(
        String(out.error_description ?? out.error),
      )}</p>`;
    },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action?: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'GET' && !action) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(signInPage({ uid, users, email: String(details.params.login_hint ?? '') }));
      return;
    }
    if (req.method === 'POST' && action === 'abort') {
      await provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'Single sign-on was cancelled.',
      });
      return;
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const user = users.find((u) => u.email === email);
      if (!user || form.get('password') !== DEMO_SSO_PASSWORD) {
        res.writeHead(401, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(signInPage({ uid, users, email, error: 'Incorrect e-mail or password.' }));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: ssoSubject(user.email) } });
      return;
    }
    res.writeHead(405).end();
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(path);
    if (!match) return void callback(req, res);
    interaction(req, res, match[1], match[2]).catch(() => {
      if (res.headersSent) return void res.end();
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><title>Sign-in error</title><p>This sign-in has expired. Start again from the app.</p>',
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return { issuer, server };
}
