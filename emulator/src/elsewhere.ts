// The second origin a redirect fault points to (faults.ts, "redirect"): another host that answers
// anything it is sent, as if it were the platform, and logs it like the three services
// ("elsewhere METHOD path status ms"), so a test can see whether a request (the import POST's
// body, a bearer token) ever reached it.

import Fastify, { type FastifyInstance } from "fastify";

/** What the other host answers: a job id for a POST, a list with another host's project otherwise. */
const ANOTHER_JOB = { JobId: "e15e0e15e0e15e0e15e0e15e" };
const ANOTHER_LIST = [
  {
    id: "0e15e0e1-5e0e-45e0-8e15-e0e15e0e15e0",
    name: "Another host's project",
    isPersonal: false,
    folders: [],
    models: [],
    unionModels: [],
    catalogPrioritiesSchemes: [],
  },
];

export function createElsewhere(log: (line: string) => void, bodyLimitBytes: number): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: bodyLimitBytes });
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.all("/*", async (request, reply) => {
    const started = process.hrtime.bigint();
    const path = request.url.split("?")[0] ?? "";
    const answer = request.method === "POST" ? ANOTHER_JOB : ANOTHER_LIST;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    log(`elsewhere ${request.method} ${path} 200 ${ms.toFixed(1)}ms`);
    return reply.code(200).send(answer);
  });
  return app;
}
