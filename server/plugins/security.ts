/**
 * Security headers and rate limiting. The content security policy allows only our own origin plus what Google's
 * sign-in script needs (its script, its iframe, its styles, and account pictures).
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const GSI = 'https://accounts.google.com/gsi/';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", `${GSI}client`],
  frameSrc: [GSI],
  connectSrc: ["'self'", GSI],
  // Chakra UI (Emotion) injects style elements at run time, each with the page's nonce (helmet adds 'nonce-…' per
  // response; static.ts writes it into index.html). Style attributes are set by script through the CSSOM, which the
  // policy does not restrict, so no 'unsafe-inline'.
  styleSrc: ["'self'", `${GSI}style`],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
  fontSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * What the page may use of the device (Permissions-Policy): the camera (badge scans, pick-up adults' photos) and
 * full screen (a station) for the app itself only; Google's sign-in through the browser's FedCM for the app itself;
 * everything else that reaches the person or the hardware for nobody, so an injected frame or script cannot ask
 * (only features Chromium knows: an unknown one is a console warning on every page).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'fullscreen=(self)',
  'identity-credentials-get=(self)',
  ...[
    'microphone',
    'geolocation',
    'display-capture',
    'payment',
    'usb',
    'serial',
    'hid',
    'midi',
    'accelerometer',
    'gyroscope',
    'magnetometer',
    'screen-wake-lock',
    'xr-spatial-tracking',
    'publickey-credentials-get',
    'browsing-topics',
  ].map((feature) => `${feature}=()`),
].join(', ');

export default fp(async function security(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    enableCSPNonces: true,
    // Google's sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // Only over TLS, its own (TLS_CERT) or a proxy's (BEHIND_TLS): over plain HTTP the header would be ignored, and a
    // school testing on its network must not pin a name to HTTPS by accident.
    strictTransportSecurity:
      app.config.BEHIND_TLS || app.config.TLS_CERT ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // API answers hold records about children: no browser or proxy cache keeps them (errors and 404s included). A
  // route with a reason of its own (a photo's content, revalidated by its ETag) sets its header after this.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  // In memory, per server instance: only the burst guard in front of the sign-in routes (LOGIN_RATE_LIMIT a minute
  // per address and account), which spares the password hashing a flood. The limits that hold across instances are
  // the counters in the database (auth/login-limits.ts). preHandler: the key may use the parsed body (the account).
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
});
