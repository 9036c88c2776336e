/**
 * The import rules `npm test` holds the code to (`npm run check:deps`):
 * - no circles anywhere;
 * - the workspaces in ARCHITECTURE.md's direction (shared imports nothing of ours; nothing
 *   imports site, server or admin-desktop);
 * - the server's domains in layers, lowest first: a file imports only its own layer and the
 *   ones below. A lower domain that must set off work in a higher one exposes a hook
 *   (server/src/domain-events) that the higher one subscribes to in server/src/plugins.
 * README "Server domains" explains each layer.
 */
const SERVER_LAYERS = [
  ['config.ts', 'logger.ts'],
  ['db'],
  ['http', 'jobs', 'domain-events'],
  ['settings', 'auth', 'sandbox'],
  ['email'],
  ['events', 'interests', 'video-leads', 'revive'],
  ['workshops'],
  ['registrations'],
  ['promo-codes', 'waitlist'],
  ['payments'],
  ['reminders', 'recovery'],
  ['bookings', 'messages', 'organiser', 'invoices', 'join', 'attendance', 'after-workshop'],
  ['attention', 'dashboard', 'funnel', 'activity', 'metrics', 'site', 'housekeeping', 'privacy'],
  ['app.ts', 'routes.ts', 'server.ts', 'index.ts', 'plugins', 'cli', 'demo'],
];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A file or folder directly under server/src. */
const place = (names) => `^server/src/(${names.map((n) => (n.endsWith('.ts') ? escape(n) + '$' : escape(n) + '/')).join('|')})`;

const layerRules = SERVER_LAYERS.slice(0, -1).map((layer, i) => ({
  name: `server-layer-${i}-imports-upward`,
  comment: `${layer.join(', ')} must not import a higher layer (${SERVER_LAYERS.slice(i + 1).flat().join(', ')}): expose a hook instead`,
  severity: 'error',
  from: { path: place(layer) },
  to: { path: place(SERVER_LAYERS.slice(i + 1).flat()) },
}));

/** Every file under server/src must belong to a layer, so a new domain folder is placed on purpose: neither it nor its importers pass. */
const placed = place(SERVER_LAYERS.flat());
const comment = 'a server/src file or folder that is not in SERVER_LAYERS (.dependency-cruiser.cjs): give it a layer';
const unplaced = [
  { name: 'server-file-in-no-layer', comment, severity: 'error', from: { path: '^server/src/', pathNot: placed }, to: {} },
  { name: 'server-file-in-no-layer', comment, severity: 'error', from: {}, to: { path: '^server/src/', pathNot: placed } },
];

module.exports = {

  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'files that import each other in a loop', from: {}, to: { circular: true } },
    { name: 'shared-imports-nothing-of-ours', severity: 'error', from: { path: '^packages/shared/src' }, to: { path: '^(packages/(api-client|admin-ui)|server|site|admin-desktop)/' } },
    { name: 'api-client-over-shared-only', severity: 'error', from: { path: '^packages/api-client/src' }, to: { path: '^(packages/admin-ui|server|site|admin-desktop)/' } },
    { name: 'admin-ui-below-the-apps', severity: 'error', from: { path: '^packages/admin-ui/src' }, to: { path: '^(server|site|admin-desktop)/' } },
    { name: 'server-imports-shared-only', severity: 'error', from: { path: '^server/src' }, to: { path: '^(packages/(api-client|admin-ui)|site|admin-desktop)/' } },
    { name: 'apps-never-import-the-server', severity: 'error', from: { path: '^(site|admin-desktop)/src' }, to: { path: '^server/' } },
    ...unplaced,
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|test)/' },
    // Type-only imports count: a type is a dependency too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.check.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
