/**
 * Security headers for every response. The Content-Security-Policy allows only
 * what the site uses: itself, and Google's hosts for consent-gated analytics (Firebase /
 * GA4) and App Check (reCAPTCHA Enterprise) plus the Firestore write of the newsletter.
 *
 * script-src keeps 'unsafe-inline': Next streams each statically rendered page's data as
 * inline scripts, which differ per page, and a nonce would make every page dynamic.
 * Everything a script could be injected through (dictionary copy, JSON-LD) is escaped
 * by React or serializeJsonLd, and the hostile-copy tests prove it.
 */

const GOOGLE_ANALYTICS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];
const FIREBASE_APIS = [
  'https://firebase.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
  'https://firestore.googleapis.com',
  'https://content-firebaseappcheck.googleapis.com',
];
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

export interface HeaderOptions {
  readonly development?: boolean;
  /**
   * The one origin besides the site's own that may show the page in a frame: the Studio,
   * for draft-mode responses only (its Presentation tool frames the site). Absent, no one
   * may frame the site.
   */
  readonly framedBy?: string | undefined;
}

export function contentSecurityPolicy({
  development = false,
  framedBy,
}: HeaderOptions = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Next's development server evaluates modules; production does not.
    'script-src': [
      "'self'",
      "'unsafe-inline'",
      ...(development ? ["'unsafe-eval'"] : []),
      'https://www.googletagmanager.com',
      ...RECAPTCHA,
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...GOOGLE_ANALYTICS],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...FIREBASE_APIS,
      ...GOOGLE_ANALYTICS,
      'https://www.google.com/recaptcha/',
    ],
    'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': framedBy ? ["'self'", framedBy] : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Features the site never uses are switched off for it and anything it embeds. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export function securityHeaders(options: HeaderOptions = {}): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
    // X-Frame-Options cannot name an origin; frame-ancestors says it for framed previews.
    ...(options.framedBy ? [] : [{ key: 'X-Frame-Options', value: 'DENY' }]),
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
}
