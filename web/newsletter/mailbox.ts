/**
 * One mailbox, one spelling. The limit, the proof and the export key on the address this
 * returns, and the mailer hands exactly it to SMTP, so an address must name one mailbox and
 * have one form: otherwise `x1<box@example.org>`, `(x2)box@example.org` and
 * `box@bücher.example` / `box@xn--bcher-kva.example` each get their own three mails.
 *
 * Runs in the browser (the form writes the canonical address, and the rules admit only that)
 * and on the server (which checks the inbox again), so it uses the WHATWG URL parser for IDN:
 * the same UTS #46 mapping as Node's `url.domainToASCII` and every browser.
 */

/**
 * White space, control, format (zero-width, bidirectional) or separator characters (Unicode
 * Cc, Cf, Zl, Zp, Zs), pasted with an address: refused anywhere, also in the domain, where the
 * IDN mapping would silently drop some of them. firestore.rules checks the same.
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Z}]/u;

/**
 * A plain local part: no RFC 5322 specials, so no display name, comment, group, quoted string
 * or route (`< > ( ) [ ] : ; @ \ , "`). firestore.rules checks the same.
 */
const LOCAL = /^[^()<>[\]:;@\\,"]+$/;

/**
 * The ASCII form of a domain: LDH labels of at most 63 characters, at least two, the last
 * starting with a letter (so never an IP address). firestore.rules checks the same.
 */
const ASCII_DOMAIN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * ASCII other than letters, digits, dot and hyphen: the URL parser would read `/`, `?`, `#`,
 * `:`, `@`, `\`, `%` … as something else than part of a host name and silently cut the
 * domain there, so such a domain is refused before parsing. Letters beyond ASCII go on to the
 * IDN mapping.
 */
const NOT_HOST_ASCII = /[^a-z0-9.\u0080-\u{10FFFF}-]/u;

/** The domain in its one ASCII form (IDN to A-labels, lower case), or null if it is none. */
export function canonicalDomain(domain: string): string | null {
  if (!domain || NOT_HOST_ASCII.test(domain.toLowerCase())) return null;
  let host: string;
  try {
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
  return ASCII_DOMAIN.test(host) ? host : null;
}

/**
 * The canonical mailbox of a plain `local@domain`: local part lower-cased, domain in its ASCII
 * form. Null for anything else (a display name, comment, group, list, quoted string, route, or
 * a domain that is no host name), so callers refuse it rather than guess which mailbox it means.
 */
export function canonicalMailbox(address: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || INVISIBLE.test(address)) return null;
  const local = address.slice(0, at).toLowerCase();
  const domain = canonicalDomain(address.slice(at + 1));
  return domain && LOCAL.test(local) ? `${local}@${domain}` : null;
}
