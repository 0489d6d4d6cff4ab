import { domainToASCII } from 'node:url';
import { analyzeEmail } from '@hapi/address';

const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * Why mail could not be delivered to `address`, or null when it could: the mailbox syntax of RFC 5321 (what an
 * SMTP server takes in RCPT TO), checked by @hapi/address: dot-atoms in the local part, no empty segment, 64
 * bytes before the @, host-name labels after it. The local part must be ASCII (many mail servers refuse
 * others); an international domain is checked in its ASCII form, the one the mail is sent to.
 */
export function undeliverableReason(address: string): string | null {
  const at = address.lastIndexOf('@');
  const domain = at < 0 ? '' : address.slice(at + 1);
  const ascii =
    at >= 0 && NON_ASCII.test(domain)
      ? `${address.slice(0, at)}@${domainToASCII(domain) || domain}`
      : address;
  const problem = analyzeEmail(ascii, { allowUnicode: false });
  if (!problem) return null;
  // The package's messages start "Address ..."; the field's name starts ours.
  return problem.error.replace(/^Address /, '').replace(/^./, (c) => c.toLowerCase());
}
