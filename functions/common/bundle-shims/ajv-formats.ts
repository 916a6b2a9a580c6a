/** What Lambda bundles use in place of `ajv-formats`: see ./ajv.ts. */
export { addFormats as default } from './ajv';
