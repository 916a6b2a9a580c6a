/**
 * What Lambda bundles use in place of `jsonschema` (an esbuild alias in lib/bundling.ts). ElectroDB's
 * only use of it is to check each entity's model against its model schema when the entity is built,
 * and to throw if the model is malformed. Our models are constants, built and so checked by every
 * unbundled run (unit and integration tests, the local runner), so inside a bundle the check can only
 * pass: this validator reports no errors, which is the same outcome without 29 kB of validator and
 * the work of validating every entity at each cold start.
 */
export class Validator {
  customFormats: Record<string, (input: unknown) => boolean> = {};

  addSchema(_schema: unknown, _uri?: string): void {}

  validate(_instance: unknown, _schema: unknown): { errors: unknown[]; valid: boolean } {
    return { errors: [], valid: true };
  }
}
// ElectroDB registers its custom formats on the prototype before it makes a validator.
(Validator.prototype as unknown as { customFormats: Record<string, unknown> }).customFormats = {};

export default { Validator };
