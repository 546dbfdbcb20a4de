/**
 * What a page address over MAX_URL_BYTES gets instead of the app: the app cannot load from such an
 * address, so the person is told why and given a way back rather than the API's JSON. Self-contained
 * (no script, no asset), since nothing of the app can be served for that address.
 */
export const TOO_LONG_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Address too long · Dakiya</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f6f7f6; color: #1d2320;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 30rem; margin: 1.5rem; padding: 1.75rem; background: #fff; border: 1px solid #dde2df; border-radius: 12px; }
  h1 { font-size: 1.375rem; margin: 0 0 0.5rem; }
  p { margin: 0 0 1rem; color: #434b47; }
  a { display: inline-block; padding: 0.5rem 1rem; border-radius: 6px; background: #0f6b52; color: #fff; font-weight: 600; text-decoration: none; }
  a:focus-visible { outline: 3px solid #1d2320; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>This address is too long</h1>
<p>The page's address (often a very long search in it) is longer than Dakiya accepts, so the page cannot open from it.</p>
<p><a href="/dashboard">Go to the dashboard</a></p>
</main>
</body>
</html>
`;
