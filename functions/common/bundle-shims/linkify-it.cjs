/**
 * What Lambda bundles use in place of `linkify-it` (an esbuild alias in lib/bundling.ts). mailparser,
 * its only user in the bundles, configures a linkifier when it loads (the top-level domain list from
 * `tlds`, extra schemas, a mention rule) and runs it only for `textAsHtml`, to turn the links of a
 * text body into anchors; the one caller never asks for it (it parses with `skipTextToHtml`,
 * reply-mail.ts). So configuring succeeds, as mailparser's load needs, and this linkifier finds no
 * links: should a bundle ever build `textAsHtml`, its links stay plain text (9 kB minified, and
 * 14 kB of domain list, tlds.ts).
 */
'use strict';

/** linkify-it's module is the factory itself (`require('linkify-it')()`), hence CommonJS. */
module.exports = function linkifyIt() {
  const linkifier = {
    tlds: () => linkifier,
    add: () => linkifier,
    set: () => linkifier,
    test: () => false,
    pretest: () => false,
    match: () => null,
  };
  return linkifier;
};
