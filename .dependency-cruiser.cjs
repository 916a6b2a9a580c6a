/**
 * The architecture's boundaries, checked by `npm run lint` (dependency-cruiser reads real imports,
 * including the web app's `@/` alias). test/unit/boundaries.test.ts proves each rule bites.
 */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

module.exports = {
  forbidden: [
    forbid(
      'web-feature-imports-another-feature',
      'Features never import each other: share through web/src/lib, web/src/components or the app layer.',
      { path: '^web/src/features/([^/]+)/' },
      { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    ),
    forbid(
      'web-imports-server-code',
      'The SPA is built from web/ and shared/ only.',
      { path: '^web/' },
      { path: '^(functions|lib|scripts|test)/' },
    ),
    forbid(
      'route-group-imports-another-group',
      'A route group uses only its own folder, functions/common and what another group publishes for other groups in its published.ts (read-only); effects on other groups go through the stream.',
      { path: '^functions/([^/]+)/', pathNot: '^functions/(common|reactions)/' },
      { path: '^functions/([^/]+)/', pathNot: '^functions/($1|common)/|^functions/[^/]+/published\\.ts$' },
    ),
    forbid(
      'reactions-import-group-internals',
      'The reactions function composes the reactions each group exports, nothing else of theirs.',
      { path: '^functions/reactions/' },
      {
        path: '^functions/([^/]+)/',
        pathNot: '^functions/(reactions|common)/|^functions/[^/]+/reactions\\.ts$',
      },
    ),
    forbid(
      'common-imports-a-group',
      'functions/common holds only what several groups use; it never depends on one of them.',
      { path: '^functions/common/' },
      { path: '^functions/', pathNot: '^functions/common/' },
    ),
    forbid(
      'server-imports-outside',
      'Handlers are bundled from functions/ and shared/ only.',
      { path: '^(functions|shared)/' },
      { path: '^(lib|scripts|test|web|bin)/' },
    ),
    forbid(
      'shared-imports-server',
      'shared/ is read by the browser and the server alike.',
      { path: '^shared/' },
      { path: '^functions/' },
    ),
    forbid(
      'scripts-import-group-internals',
      'The local runner and the bench use only entry points (handlers, seeds) and the shared mechanisms of functions/common.',
      { path: '^scripts/' },
      {
        path: '^functions/',
        // inbound-mail.ts, processor.ts, the library review job and the webhook retry job: background functions' entries (shared/background-functions.ts);
        // the suggestion engine and its quality measure, which the bench measures in memory; the
        // sources' configure.ts, whose sheetQuestions the bench runs on the questionnaire families, and
        // the new versions' matcher, which it runs on the families' version pair; the gap list's
        // computation and view (pure), which the bench runs at a large team's size; library health's
        // duplicate detection, which it runs on labelled pairs and a 20,000-answer library.
        pathNot:
          '^functions/[^/]+/(handler|seed|inbound-mail|processor)\\.ts$|^functions/library/review/due-job\\.ts$|^functions/integrations/retry-job\\.ts$|^functions/common/|^functions/library/search/(engine|quality)\\.ts$|^functions/sources/configure\\.ts$|^functions/sources/versions/match\\.ts$|^functions/library/gaps/(find-gaps|view)\\.ts$|^functions/library/health/detect\\.ts$',
      },
    ),
    forbid(
      'scripts-import-tests',
      'Scripts never depend on the test suite.',
      { path: '^scripts/' },
      { path: '^test/' },
    ),
    forbid(
      'cdk-imports-runtime-code',
      'The CDK app names handler entry files; it never imports them.',
      { path: '^(lib|bin)/' },
      { path: '^(functions|scripts|test|web)/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|cdk\\.out|\\.local)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
