import { loadConfig } from '../../../server/dist/config.js';
import { createHttpServer } from '../../../server/dist/platform/http/create-server.js';
import { registerSecurity } from '../../../server/dist/platform/http/security.js';
import { registerSpa } from '../../../server/dist/platform/http/spa.js';

/**
 * The bare React page's server (floor.ts starts it in a process of its own, as the site has its own): the
 * production server's own HTTP code with no feature on it, so its pages and files go out as the site's do, the
 * same headers, brotli files written by the build, cache headers and HTML answers. Its folder is the first
 * argument; HOST, PORT and PUBLIC_URL come from the environment, as the server's do.
 */
const [distDir] = process.argv.slice(2);
if (!distDir) throw new Error('usage: floor-server.ts <built folder>');
const config = loadConfig(process.env, { persistSecret: false });
const { app } = createHttpServer(config, { startsLater: false });
await registerSecurity(app, config.publicUrl);
await registerSpa(app, distDir);
await app.listen({ host: config.host, port: config.port });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
