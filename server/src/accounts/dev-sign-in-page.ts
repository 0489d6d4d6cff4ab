const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

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
