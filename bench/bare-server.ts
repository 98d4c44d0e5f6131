/** The baseline: a bare Fastify route answering the same JSON as getUserData. */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// A large body (the applicant list) comes in a file: an environment variable holds ~128 KB at most.
const body = JSON.parse(process.env.BARE_BODY_FILE ? readFileSync(process.env.BARE_BODY_FILE, 'utf8') : (process.env.BARE_BODY ?? '{}')) as object;
const app = Fastify({ logger: false });
app.get('/user', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
