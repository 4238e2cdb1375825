// The built site on the API's own origin (the release's layout, docs/backend.md "Deploying"): PocketBase serves
// pb_public/ (beside pb_hooks/, or SITE_DIR) with the static host's rules of lib/site.js, gzipped. Without a
// built site there, PocketBase keeps its own default for /{path...}. Like PocketBase's own static route, served
// files are not written to the request log (errors still are).

if (require(`${__hooks}/lib/site.js`).diretorio()) {
  routerAdd(
    'GET',
    '/{path...}',
    (e) => require(`${__hooks}/lib/site.js`).servir(e),
    $apis.skipSuccessActivityLog(),
    $apis.gzip(),
  );
}
