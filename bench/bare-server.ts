/** The baseline: a bare Fastify route answering the same JSON as getUserData. */
import Fastify from 'fastify';

const body = JSON.parse(process.env.BARE_BODY ?? '{}') as object;
const app = Fastify({ logger: false });
app.get('/user', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
