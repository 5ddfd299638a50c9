// The HTTP application, built from its dependencies (resolved by compose.ts) and never listening itself: index.ts
// listens, tests start it on a free loopback port with a real temp database. Order: access log, security headers, the JSON API under
// /api (ending in a JSON 404), the built web app with its SPA fallback, and last the one error handler.
import express from 'express';
import helmet from 'helmet';
import { trustedOrigins } from './auth/auth';
import { authRouter } from './auth/router';
import { loadSession } from './auth/session';
import { composeDeps } from './compose';
import type { ApiRouterFactory, AppInput } from './deps';
import { apiNotFound, errorHandler } from './errors';
import { roomModelRouter } from './ai/room/modelRoute';
import { stagingAssetRouter } from './staging/assetRoute';
import { httpLogger } from './logger';
import { originCheck } from './middleware/originCheck';
import { aiCapabilitiesRouter } from './routes/aiCapabilities';
import { analyzeImageRouter } from './routes/analyzeImage';
import { creditsRouter } from './routes/credits';
import { enhanceImageRouter } from './routes/enhanceImage';
import { healthRouter } from './routes/health';
import { jobsRouter } from './routes/jobs';
import { scrapePropertyRouter } from './routes/scrapeProperty';
import { suggestionsRouter } from './routes/suggestions';
import { virtualStagingRouter } from './routes/virtualStaging';
import { staticFiles } from './staticFiles';

// Every API resource: adding one is one line here.
const API_ROUTERS: ApiRouterFactory[] = [
  healthRouter,
  aiCapabilitiesRouter,
  creditsRouter,
  enhanceImageRouter,
  analyzeImageRouter,
  suggestionsRouter,
  scrapePropertyRouter,
  virtualStagingRouter,
  jobsRouter,
];

// A Vite-built PWA needs no inline script and no outside origin. React sets inline styles, images are shown
// from data: and blob: URLs, workers may start from blob: URLs, and the client fetch()es data:/blob: URLs to
// turn results back into files. 'wasm-unsafe-eval' allows WebAssembly image codecs and models, not eval().
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'data:', 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function createApp(input: AppInput): express.Express {
  const deps = composeDeps(input);
  const app = express();
  app.disable('x-powered-by');
  // Off unless the operator says how many proxies sit in front; otherwise X-Forwarded-For could be forged.
  app.set('trust proxy', deps.env.TRUST_PROXY > 0 ? deps.env.TRUST_PROXY : false);

  app.use(httpLogger(deps.logger));
  // No upgrade-insecure-requests: the app is also reached over plain http on a LAN, where it would break loads.
  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      // The same as frame-ancestors 'none', for browsers that only read X-Frame-Options.
      xFrameOptions: { action: 'deny' },
      // With COOP same-origin (helmet's default), this makes the page cross-origin isolated, so its image
      // workers may share one photo's pixels (SharedArrayBuffer). The CSP above already keeps every load
      // same-origin, data: or blob:, none of which require-corp blocks.
      crossOriginEmbedderPolicy: { policy: 'require-corp' },
    }),
  );

  const api = express.Router();
  api.use((_req, res, next) => {
    // Answers depend on the user and the moment (credits): no browser or service-worker cache may keep them.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // CSRF guard for every state-changing call, then the lazy session lookup behind getUserId(req).
  api.use(originCheck(trustedOrigins(deps.env)));
  api.use(loadSession(deps.auth));
  // better-auth parses its own (small) bodies; every other route that takes one reads it itself, after its rate
  // limit, with its own limit (middleware/jsonBody.ts): an unknown path or a refused caller has nothing parsed.
  api.use(authRouter(deps));
  for (const factory of API_ROUTERS) api.use(factory(deps));
  for (const router of deps.routers) api.use(router);
  api.use(apiNotFound);
  app.use('/api', api);

  // The room detector's model and wasm files, from the npm packages (see server/ai/room/modelRoute.ts).
  app.use(roomModelRouter());
  // The staging's segmenter, onnxruntime-web's wasm and the 3D furniture (see server/staging/assetRoute.ts).
  app.use(stagingAssetRouter());
  app.use(staticFiles(deps.env.STATIC_DIR));
  app.use(errorHandler);
  return app;
}
