/**
 * Where a source's read content is kept in the uploads bucket: each sheet's cells and the
 * document's nodes, written by the processing job and read by configuring, new versions and
 * exports.
 */
import type { SourceItem } from './entities';

export const sheetContentKey = (source: SourceItem, sheetId: string) =>
  `${source.contentPrefix}/${sheetId}.json`;
export const documentContentKey = (source: SourceItem) => `${source.contentPrefix}/document.json`;
