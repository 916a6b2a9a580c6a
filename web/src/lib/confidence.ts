/**
 * An autofill draft's confidence as the percentage shown: a proposal from the library is never
 * certain, so it reads 99% at most even when the engine rounds to 1.
 */
export const confidencePercent = (confidence: number) => Math.min(99, Math.round(confidence * 100));
