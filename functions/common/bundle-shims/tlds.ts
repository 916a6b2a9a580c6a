/**
 * What Lambda bundles use in place of `tlds` (an esbuild alias in lib/bundling.ts): mailparser hands
 * the list of top-level domains to its linkifier, which the bundles replace (linkify-it.cjs) and never
 * run, so the list is empty (14 kB minified otherwise).
 */
const tlds: string[] = [];
export default tlds;
