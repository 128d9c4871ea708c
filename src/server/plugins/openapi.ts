import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** The API reference's own address: public, and the same for every caller. */
export const OPENAPI_PATH = "/api/openapi.json";

/**
 * The API reference (OpenAPI 3.1), generated from the routes' zod schemas, so whoever integrates
 * with Collect reads the contract the server enforces (docs/product.md#api). Register before any
 * route: @fastify/swagger collects routes as they are added. The document is built at its first
 * request, not at start-up, and kept.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Collect API",
        version: "1",
        description:
          "Ask anyone for money by text message. Calls send the session cookie; every non-2xx answer is JSON `{ message }`.",
      },
      servers: [{ url: publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  let document: string | undefined;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type("application/json").header("cache-control", "public, max-age=3600").send(document);
  });
}
