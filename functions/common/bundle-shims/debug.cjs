/**
 * What Lambda bundles use in place of `debug` (an esbuild alias in lib/bundling.ts). In the bundles
 * only file-type's zip reader (@tokenizer/inflate) makes a logger with it, and debug's loggers print
 * only for namespaces named in the `DEBUG` environment variable, which no function is given
 * (lib/constructs/backend.ts sets each function's environment): every logger is disabled, as these
 * are, without debug's formatting, colour detection and namespace matching (10 kB minified).
 */
'use strict';

/** debug's module is the factory itself (`require('debug')('ns')` as well as the default import), hence CommonJS. */
function createDebug(namespace) {
  const debug = () => {};
  debug.namespace = namespace;
  debug.enabled = false;
  debug.extend = (suffix, delimiter = ':') => createDebug(`${namespace}${delimiter}${suffix}`);
  return debug;
}
createDebug.enabled = () => false;
createDebug.enable = () => {};
createDebug.disable = () => '';

module.exports = createDebug;
