/**
 * Redemption codes (spec 002 §2.7, §5, §9): a 4-character code a partner hands to the teams it
 * refers. Redeeming one records, once and for good, which partner referred the team; nothing else
 * (no plan, no discount) hangs on it today. Codes are compared case-insensitively and stored
 * upper-cased. The list is kept in code: adding a partner is a reviewed change.
 */
export const REDEMPTION_CODES: Readonly<Record<string, string>> = {
  DEMO: 'Demo partner programme',
  MSP4: 'Managed service provider partner programme',
  AUDT: 'Audit firm referral programme',
  VCAP: 'Startup accelerator programme',
};

/** The code as stored and the partner it names, or null when no partner issued it. */
export function redeem(code: string): { redemptionCode: string; redemptionPartner: string } | null {
  const redemptionCode = code.trim().toUpperCase();
  const redemptionPartner = Object.hasOwn(REDEMPTION_CODES, redemptionCode)
    ? REDEMPTION_CODES[redemptionCode]
    : undefined;
  return redemptionPartner ? { redemptionCode, redemptionPartner } : null;
}
