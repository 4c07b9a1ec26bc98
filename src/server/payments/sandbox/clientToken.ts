/**
 * The sandbox's client token: base64 of a small JSON object. The browser's sandbox adapter needs
 * nothing from it; it only shows, to a person or a check, that the server runs the sandbox
 * gateway (`"gateway":"sandbox"`, which Braintree's own tokens never carry).
 *
 *   {"gateway":"sandbox","version":1,"customerId":"sbx_cus_…"|null,"issuedAt":"2025-01-01T00:00:00.000Z"}
 */

export interface SandboxClientToken {
  gateway: 'sandbox';
  version: 1;
  customerId: string | null;
  issuedAt: string;
}

export function encodeSandboxClientToken(o: { customerId: string | null; issuedAt: Date }): string {
  const token: SandboxClientToken = { gateway: 'sandbox', version: 1, customerId: o.customerId, issuedAt: o.issuedAt.toISOString() };
  return Buffer.from(JSON.stringify(token)).toString('base64');
}

/** The token's content, or null when it is not a sandbox client token. */
export function decodeSandboxClientToken(token: string): SandboxClientToken | null {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<SandboxClientToken> | null;
    return value && value.gateway === 'sandbox' && value.version === 1 ? (value as SandboxClientToken) : null;
  } catch {
    return null;
  }
}
