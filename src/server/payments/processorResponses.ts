/**
 * Braintree's processor responses (authorization responses 2000–2099 as published, and 3000):
 * code, text and whether the decline is soft (a retry may succeed) or hard. Generated once from
 * the team's shared data file braintree-processor-responses.tsv (its SOURCES.md names where the
 * rows come from); the customer-facing wording lives in the copy, not here.
 */

export type DeclineType = 'soft' | 'hard';

export interface ProcessorResponse {
  code: string;
  text: string;
  declineType: DeclineType;
}

const ROWS: readonly (readonly [number, string, DeclineType])[] = [
  [2000, 'Do Not Honor', 'soft'],
  [2001, 'Insufficient Funds', 'soft'],
  [2002, 'Limit Exceeded', 'soft'],
  [2003, "Cardholder's Activity Limit Exceeded", 'soft'],
  [2004, 'Expired Card', 'hard'],
  [2005, 'Invalid Credit Card Number', 'hard'],
  [2006, 'Invalid Expiration Date', 'hard'],
  [2007, 'No Account', 'hard'],
  [2008, 'Card Account Length Error', 'hard'],
  [2009, 'No Such Issuer', 'hard'],
  [2010, 'Card Issuer Declined CVV', 'hard'],
  [2011, 'Voice Authorization Required', 'hard'],
  [2012, 'Processor Declined - Possible Lost Card', 'hard'],
  [2013, 'Processor Declined - Possible Stolen Card', 'hard'],
  [2014, 'Processor Declined - Fraud Suspected', 'hard'],
  [2015, 'Transaction Not Allowed', 'hard'],
  [2016, 'Duplicate Transaction', 'soft'],
  [2017, 'Cardholder Stopped Billing', 'hard'],
  [2018, 'Cardholder Stopped All Billing', 'hard'],
  [2019, 'Invalid Transaction', 'hard'],
  [2020, 'Violation', 'hard'],
  [2021, 'Security Violation', 'hard'],
  [2022, 'Declined - Updated Cardholder Available', 'hard'],
  [2023, 'Processor Does Not Support This Feature', 'hard'],
  [2024, 'Card Type Not Enabled', 'hard'],
  [2025, 'Set Up Error - Merchant', 'soft'],
  [2026, 'Invalid Merchant ID', 'soft'],
  [2027, 'Set Up Error - Amount', 'hard'],
  [2028, 'Set Up Error - Hierarchy', 'hard'],
  [2029, 'Set Up Error - Card', 'hard'],
  [2030, 'Set Up Error - Terminal', 'hard'],
  [2031, 'Encryption Error', 'hard'],
  [2032, 'Surcharge Not Permitted', 'hard'],
  [2033, 'Inconsistent Data', 'hard'],
  [2034, 'No Action Taken', 'soft'],
  [2035, 'Partial Approval For Amount In Group III Version', 'soft'],
  [2036, 'Authorization could not be found', 'hard'],
  [2037, 'Already Reversed', 'hard'],
  [2038, 'Processor Declined', 'soft'],
  [2039, 'Invalid Authorization Code', 'hard'],
  [2040, 'Invalid Store', 'soft'],
  [2041, 'Declined - Call For Approval', 'hard'],
  [2042, 'Invalid Client ID', 'soft'],
  [2043, 'Error - Do Not Retry, Call Issuer', 'hard'],
  [2044, 'Declined - Call Issuer', 'hard'],
  [2045, 'Invalid Merchant Number', 'hard'],
  [2046, 'Declined', 'soft'],
  [2047, 'Call Issuer. Pick Up Card', 'hard'],
  [2048, 'Invalid Amount', 'soft'],
  [2049, 'Invalid SKU Number', 'hard'],
  [2050, 'Invalid Credit Plan', 'hard'],
  [2051, 'Credit Card Number does not match method of payment', 'hard'],
  [2053, 'Card reported as lost or stolen', 'hard'],
  [2054, 'Reversal amount does not match authorization amount', 'hard'],
  [2055, 'Invalid Transaction Division Number', 'hard'],
  [2056, 'Transaction amount exceeds the transaction division limit', 'hard'],
  [2057, 'Issuer or Cardholder has put a restriction on the card', 'soft'],
  [2058, 'Merchant not Mastercard SecureCode enabled', 'hard'],
  [2059, 'Address Verification Failed', 'hard'],
  [2060, 'Address Verification and Card Security Code Failed', 'hard'],
  [2061, 'Invalid Transaction Data', 'hard'],
  [2062, 'Invalid Tax Amount', 'soft'],
  [2063, 'PayPal Business Account preference resulted in the transaction failing', 'hard'],
  [2064, 'Invalid Currency Code', 'hard'],
  [2065, 'Refund Time Limit Exceeded', 'hard'],
  [2066, 'PayPal Business Account Restricted', 'hard'],
  [2067, 'Authorization Expired', 'hard'],
  [2068, 'PayPal Business Account Locked or Closed', 'hard'],
  [2069, 'PayPal Blocking Duplicate Order IDs', 'hard'],
  [2070, 'PayPal Buyer Revoked Pre-Approved Payment Authorization', 'hard'],
  [2071, 'PayPal Payee Account Invalid Or Does Not Have a Confirmed Email', 'hard'],
  [2072, 'PayPal Payee Email Incorrectly Formatted', 'hard'],
  [2073, 'PayPal Validation Error', 'hard'],
  [2074, "Funding Instrument In The PayPal Account Was Declined By The Processor Or Bank, Or It Can't Be Used For This Payment", 'soft'],
  [2075, 'Payer Account Is Locked Or Closed', 'hard'],
  [2076, 'Payer Cannot Pay For This Transaction With PayPal', 'hard'],
  [2077, 'Transaction Refused Due To PayPal Risk Model', 'hard'],
  [2079, 'PayPal Merchant Account Configuration Error', 'hard'],
  [2081, 'PayPal pending payments are not supported', 'hard'],
  [2082, 'PayPal Domestic Transaction Required', 'hard'],
  [2083, 'PayPal Phone Number Required', 'hard'],
  [2084, 'PayPal Tax Info Required', 'hard'],
  [2085, 'PayPal Payee Blocked Transaction', 'hard'],
  [2086, 'PayPal Transaction Limit Exceeded', 'hard'],
  [2087, 'PayPal reference transactions not enabled for your account', 'hard'],
  [2088, 'Currency not enabled for your PayPal seller account', 'hard'],
  [2089, 'PayPal payee email permission denied for this request', 'hard'],
  [2090, 'PayPal account not configured to refund more than settled amount', 'hard'],
  [2091, 'Currency of this transaction must match currency of your PayPal account', 'hard'],
  [2092, 'No Data Found - Try Another Verification Method', 'soft'],
  [2093, 'PayPal payment method is invalid', 'hard'],
  [2094, 'PayPal payment has already been completed', 'hard'],
  [2095, 'PayPal refund is not allowed after partial refund', 'hard'],
  [2096, "PayPal buyer account can't be the same as the seller account", 'hard'],
  [2097, 'PayPal authorization amount limit exceeded', 'hard'],
  [2098, 'PayPal authorization count limit exceeded', 'hard'],
  [2099, 'Cardholder Authentication Required', 'soft'],
  [3000, 'Processor Network Unavailable - Try Again', 'soft'],
];

export const PROCESSOR_RESPONSES: ReadonlyMap<string, ProcessorResponse> = new Map(
  ROWS.map(([code, text, declineType]) => [String(code), { code: String(code), text, declineType }]),
);

/** The text Braintree gives for a processor response code; a code missing from the table reads as a generic decline. */
export function processorResponseText(code: string): string {
  return PROCESSOR_RESPONSES.get(code)?.text ?? 'Processor Declined';
}
