import { escapeHtml } from '../platform/http/escape-html.js';

/** The page's look: a card like the site's, from a stylesheet of its own (the CSP forbids inline styles). */
export const DEV_SIGN_IN_CSS = `
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f5f5f7; color: #111;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { box-sizing: border-box; width: min(440px, 92vw); padding: 32px; border-radius: 10px; background: #fff;
  box-shadow: 0 8px 30px rgb(0 0 0 / 12%); }
h1 { margin: 0 0 12px; font-size: 1.5rem; }
p { margin: 0 0 16px; color: #444; }
code { font-size: 0.85em; }
[role="alert"] { color: #b91c1c; }
form { display: grid; gap: 8px; }
label { font-weight: 600; }
input { padding: 10px 12px; border: 1px solid #bbb; border-radius: 10px; font: inherit; }
input:focus { outline: 3px solid #8b5cf6; outline-offset: 1px; }
button { margin-top: 8px; padding: 10px 16px; border: 0; border-radius: 10px; background: #000; color: #fff;
  font: inherit; font-weight: 600; cursor: pointer; }
button:hover { background: #222; }
`;

/**
 * The development sign-in page: the stand-in for GitHub's consent screen. Plain HTML with no script or inline
 * style, so it works under the site's Content-Security-Policy.
 */
export function devSignInPage(params: {
  state: string;
  codeChallenge: string;
  login?: string;
  error?: string;
}): string {
  const error = params.error ? `<p role="alert"><strong>${escapeHtml(params.error)}</strong></p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in - OpenLFG</title>
<link rel="stylesheet" href="/api/account/dev/sign-in.css">
</head>
<body>
<main>
<h1>Development sign-in</h1>
<p>This OpenLFG server has no GitHub OAuth app configured, so development sign-in is on: choose any GitHub-style
username to sign in as. Set <code>GITHUB_CLIENT_ID</code> and <code>GITHUB_CLIENT_SECRET</code> to sign in with GitHub.</p>
${error}
<form method="get" action="/api/account/dev/authorize">
<input type="hidden" name="state" value="${escapeHtml(params.state)}">
<input type="hidden" name="code_challenge" value="${escapeHtml(params.codeChallenge)}">
<label for="login">Username</label>
<input id="login" name="login" required autofocus maxlength="39" autocomplete="username" value="${escapeHtml(params.login ?? '')}">
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
}
